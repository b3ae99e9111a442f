import { site } from "#app/domain/site.ts";
import { pageMeta, siteUrlFromMatches } from "#app/components/site/page-meta.ts";
import { PageIntro, Prose } from "#app/components/site/page-intro.tsx";

import type { Route } from "./+types/privacy";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    siteUrl: siteUrlFromMatches(matches),
    path: "/privacy",
    title: "Privacy Policy",
    description: `What ${site.brand} collects when you use this site, why, and the choices you have.`,
  });

export default function Privacy() {
  return (
    <>
      <PageIntro title="Privacy Policy">
        <p>
          What we collect when you use this site, why we collect it, and what you can ask of us.
        </p>
      </PageIntro>
      <Prose>
        <h2>What we collect</h2>
        <p>We only collect what you type into our forms:</p>
        <ul>
          <li>
            <strong>Your quote application:</strong> your industry, state and type of business, your
            email address, your business&apos;s name and address, your name and phone number, your
            ownership structure, the year your business started, and whether you agreed to receive
            text messages.
          </li>
          <li>
            <strong>Call-back requests:</strong> your name, phone number, the best time to call and
            the page you asked from.
          </li>
          <li>
            <strong>Contact messages:</strong> your name, email address and message.
          </li>
        </ul>
        <p>
          Our servers also record each request they answer (the page, the time and how it went) to
          keep the site running. Those records do not include your name, email address, phone number
          or address.
        </p>
        <h2>How we use it</h2>
        <ul>
          <li>
            To save your quote application so you can continue it and so we can prepare your quote.
          </li>
          <li>
            To call you back, answer your message, or contact you about the quote you asked for.
          </li>
          <li>
            To send you text messages about our products and services, only if you agreed to receive
            them. Agreeing is never required to buy.
          </li>
        </ul>
        <p>
          When you ask for a quote, we share the details needed for it with the insurance companies
          that can quote it. We do not sell your personal information, and we do not use it for
          advertising.
        </p>
        <h2>No tracking</h2>
        <p>
          This site has no analytics, advertising or social media trackers, and loads no scripts
          from other companies. See our <a href="/cookies">Cookie Policy</a> for the few cookies the
          quote application uses.
        </p>
        <h2>How long we keep it</h2>
        <p>
          An unfinished quote application is deleted when it expires. We keep submitted
          applications, messages and call-back requests only as long as we need them to serve you
          and to meet our legal obligations.
        </p>
        <h2>Your choices</h2>
        <p>
          You can ask us what we hold about you, ask us to correct it, or ask us to delete it. Call
          support on <a href={`tel:${site.supportPhone.tel}`}>{site.supportPhone.label}</a> or{" "}
          <a href="/contact">send us a message</a>.
        </p>
        <h2>Children</h2>
        <p>This site is for business owners and is not meant for children under 13.</p>
        <h2>Changes</h2>
        <p>If we change how we handle your information, we will update this page.</p>
      </Prose>
    </>
  );
}
