import { site } from "#app/domain/site.ts";
import { QUOTE_PATH } from "#app/domain/site-pages.ts";
import { pageMeta, siteUrlFromMatches } from "#app/components/site/page-meta.ts";
import { PageIntro, Prose } from "#app/components/site/page-intro.tsx";

import type { Route } from "./+types/cookies";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    siteUrl: siteUrlFromMatches(matches),
    path: "/cookies",
    title: "Cookie Policy",
    description: `The few cookies ${site.brand} uses, and why: only what the quote application needs to work.`,
  });

export default function Cookies() {
  return (
    <>
      <PageIntro title="Cookie Policy">
        <p>We use as few cookies as we can: only the ones our quote application needs to work.</p>
      </PageIntro>
      <Prose>
        <h2>Pages like this one</h2>
        <p>
          Our information pages, including the home page and the product pages, set no cookies at
          all.
        </p>
        <h2>The quote application</h2>
        <p>
          When you <a href={QUOTE_PATH}>start a quote</a>, we set cookies that are strictly
          necessary for the application to work:
        </p>
        <ul>
          <li>
            One keeps your place in the application, so that your answers are still there when you
            go back a step, reload the page or continue in another tab. It holds only a reference to
            your unfinished application, not your answers.
          </li>
          <li>A short-lived one carries a status message from one step to the next.</li>
        </ul>
        <p>
          They are first-party cookies: they are sent only to this site, scripts on the page cannot
          read them, and they are signed so they cannot be altered. They expire on their own.
        </p>
        <h2>No tracking cookies</h2>
        <p>
          We do not use analytics, advertising or social media cookies, and no other company sets
          cookies through this site.
        </p>
        <h2>Your choices</h2>
        <p>
          You can block or delete cookies in your browser&apos;s settings. The information pages
          work without them; the quote application needs them to keep your answers between steps.
        </p>
      </Prose>
    </>
  );
}
