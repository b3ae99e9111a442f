import { describeLifetime, SITE_COOKIES } from "#app/domain/site/site-cookies.ts";
import { RESUME_LINK_DAYS } from "#app/domain/wizard/resume-links.ts";
import { site } from "#app/domain/site/site.ts";
import { pageMeta, siteUrlFromMatches } from "#app/components/site/page-meta.ts";
import { PageIntro, Prose } from "#app/components/site/page-intro.tsx";

import type { Route } from "./+types/privacy";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    siteUrl: siteUrlFromMatches(matches),
    path: "/privacy",
    title: "Privacy Policy",
    description: `What ${site.brand} stores when you use this site, who receives it, how long it is kept, and the choices you have.`,
  });

/** The wizard's draft lives as long as the cookie that names it (app/server/wizard/wizard-drafts.server.ts). */
const DRAFT_LIFETIME = describeLifetime(SITE_COOKIES.wizard.maxAgeSeconds);

/** What the agency keeps until it deletes it: the code deletes none of these (issue 26). */
const KEPT_UNTIL_DELETED = "Kept until we delete it.";

/**
 * The privacy policy: everything the site stores, who receives it and how long it is kept, each
 * statement true of the code (issue 26). A change to what the site stores changes this page.
 */
export default function Privacy() {
  const cookies = Object.values(SITE_COOKIES);
  return (
    <>
      <PageIntro title="Privacy Policy">
        <p>
          Everything this site stores about you, who receives it, how long we keep it, and what you
          can ask of us. &ldquo;We&rdquo; are the insurance agency named at the foot of every page,
          which runs this site.
        </p>
      </PageIntro>
      <Prose>
        <h2>What we store</h2>
        <p>Only what you type into our forms, and the few records below that come with it:</p>
        <ul>
          <li>
            <strong>Your application, while you fill it in:</strong> each answer is kept as a draft,
            so that you can go back a step or continue in another tab. The draft expires{" "}
            {DRAFT_LIFETIME} after your last change; after that it can no longer be opened, and it
            is deleted when anyone next starts a new application on this site.
          </li>
          <li>
            <strong>Your application, once you give your email address:</strong> your industry,
            state, type of business and email address; when you finish, also your business&apos;s
            name and legal name, your first and last name, your phone number, your primary location
            (street address and unit), your mailing address, your ownership structure, the year your
            business started, whether you agreed to receive text messages, and the industry code
            (NAICS) your business is filed under. {KEPT_UNTIL_DELETED}
          </li>
          <li>
            <strong>Your coverage plan&apos;s optional answers,</strong> if you give them: how many
            full-time and part-time employees you have, your annual revenue (an amount or a range),
            whether you have had claims in the last 3 years, whether you are insured now, how many
            owners work in the business, and whether the business uses vehicles for work.{" "}
            {KEPT_UNTIL_DELETED}
          </li>
          <li>
            <strong>Your quote request,</strong> if you make one: the lines you want quoted, your
            preferred start date, how the agent should contact you (phone or email), your note, and
            the request&apos;s reference. {KEPT_UNTIL_DELETED}
          </li>
          <li>
            <strong>Proof of what you agreed to:</strong> when you agree to receive text messages,
            and when you request quotes, the exact words you agreed to and when you agreed.{" "}
            {KEPT_UNTIL_DELETED}
          </li>
          <li>
            <strong>What you exchange with us about your quotes:</strong> the documents you send
            (each file as you sent it, its name, its size and what you said it is), your answers to
            our questions with when you gave them, and the quotes, documents and policy we put on
            the site for you. {KEPT_UNTIL_DELETED}
          </li>
          <li>
            <strong>Your request to bind a quote,</strong> if you make one: the quote as it was
            shown to you, how you chose to pay and when cover should start, the exact words of the
            statements you confirmed, the full name you typed to sign, when you signed, and the
            internet address and browser description (user agent) you sent it from, as the record of
            what you asked us to do. {KEPT_UNTIL_DELETED}
          </li>
          <li>
            <strong>The history of your application and quote request:</strong> each earlier
            version, when it changed, and who changed it: which member of our staff, or which
            browser session (a random code, not your name), whether that session had used a link we
            emailed you, and a keyed hash of its internet address. The hash is a code made from the
            address with a secret key: it shows which changes came from the same address, and cannot
            be turned back into the address without the key. The history does not store the address
            itself. {KEPT_UNTIL_DELETED}
          </li>
          <li>
            <strong>The links we email you</strong> back to your application: only a fingerprint of
            each link, never the link itself. A link works once, for {RESUME_LINK_DAYS} days.{" "}
            {KEPT_UNTIL_DELETED}
          </li>
          <li>
            <strong>The emails we send:</strong> a copy of each email the site sends you or us (who
            it went to, its subject and its words). {KEPT_UNTIL_DELETED} A reminder that is
            cancelled before it is sent is deleted.
          </li>
          <li>
            <strong>What we sent to the systems we connect to the site:</strong> a copy of each
            message about your application or quote request (see below), with when it was delivered.{" "}
            {KEPT_UNTIL_DELETED}
          </li>
          <li>
            <strong>Call-back requests:</strong> your name, your phone number, the best time to call
            and the page you asked from. {KEPT_UNTIL_DELETED}
          </li>
          <li>
            <strong>Contact messages:</strong> your name, your email address and your message.{" "}
            {KEPT_UNTIL_DELETED}
          </li>
          <li>
            <strong>A request to hear when we serve your state:</strong> your email address, the
            state and when you asked. {KEPT_UNTIL_DELETED}
          </li>
          <li>
            <strong>A request for a link at Log in:</strong> the email address you typed, deleted as
            soon as the site has handled the request.
          </li>
          <li>
            <strong>How many emails we queued for your inbox:</strong> a hash of your inbox&apos;s
            address (the same for its other spellings) and the times of the emails we queued for it
            in the last hour, so that no inbox gets too many. It is deleted soon after an hour has
            passed since the last one.
          </li>
          <li>
            <strong>How many forms were sent from your internet address:</strong> the address and a
            count for the current minute, to stop floods of form posts. Old counts are deleted as
            new ones are written.
          </li>
          <li>
            <strong>How many people reach each step</strong> of the application each day: counts
            only, nothing about you.
          </li>
          <li>
            <strong>Cookies:</strong>{" "}
            {cookies.map((cookie, index) => (
              <span key={cookie.name}>
                <code>{cookie.name}</code> ({describeLifetime(cookie.maxAgeSeconds)})
                {index < cookies.length - 1 ? ", " : ""}
              </span>
            ))}
            . Our <a href="/cookies">Cookie Policy</a> says what each is for. They expire on their
            own.
          </li>
        </ul>
        <p>
          Our servers also record each request they answer (the page, the time and how it went) to
          keep the site running. Those records do not include your name, email address, phone
          number, postal address or internet address. The site keeps no copy of them; how long they
          are kept depends on the service that hosts the site.
        </p>
        <h2>Who receives it</h2>
        <ul>
          <li>
            <strong>Our staff,</strong> who see your application, plan answers, quote request and
            their history, and can download them.
          </li>
          <li>
            <strong>Our email provider,</strong> which delivers the site&apos;s emails: the ones to
            you (your email address and what each email says) and the ones telling our staff about a
            new application, quote request or call-back request, with its details.
          </li>
          <li>
            <strong>The systems we connect to the site,</strong> such as our agency management
            system, which receive your finished application, plan answers and quote request, and
            each change to them.
          </li>
          <li>
            <strong>The insurance companies our agent asks for quotes for you,</strong> which
            receive the details they need to quote.
          </li>
        </ul>
        <p>
          We do not sell your personal information, and we do not use it for advertising. No
          analytics or advertising company receives it.
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
            To email you once when we can help businesses in your state, if you asked us to. We do
            not use that address for anything else.
          </li>
          <li>
            To send you text messages about our products and services, only if you agreed to receive
            them. Agreeing is never required to buy.
          </li>
        </ul>
        <h2>No tracking</h2>
        <p>
          This site has no analytics, advertising or social media trackers, and loads no scripts
          from other companies.
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
