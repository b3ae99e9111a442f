import { describeLifetime, SITE_COOKIES } from "#app/domain/site/site-cookies.ts";
import { site } from "#app/domain/site/site.ts";
import { QUOTE_PATH } from "#app/domain/site/site-pages.ts";
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

/** Every cookie the site sets, from the one list the server's cookies come from (decision 014). */
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
        <h2>The cookies we set</h2>
        <p>
          When you <a href={QUOTE_PATH}>start a quote</a>, we set cookies that are strictly
          necessary for the application to work. Here is every cookie this site sets:
        </p>
        <ul className="list-none! space-y-4 pl-0!">
          {Object.values(SITE_COOKIES).map((cookie) => (
            <li key={cookie.name} className="rounded-2xl border border-line bg-white p-5">
              <h3 className="text-lg font-semibold text-ink">
                <code>{cookie.name}</code>
              </h3>
              <dl className="mt-3 grid gap-x-6 gap-y-1 sm:grid-cols-[11rem_1fr] sm:gap-y-3">
                <dt className="font-medium text-ink">What it is for</dt>
                <dd className="max-sm:mb-2">{cookie.purpose}</dd>
                <dt className="font-medium text-ink">Who gets it</dt>
                <dd className="max-sm:mb-2">{cookie.setFor}</dd>
                <dt className="font-medium text-ink">How long it lasts</dt>
                <dd>{describeLifetime(cookie.maxAgeSeconds)}</dd>
              </dl>
            </li>
          ))}
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
