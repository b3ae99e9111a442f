import { privacyList } from "#app/domain/application/application-fields.ts";
import { describeLifetime, SITE_COOKIES } from "#app/domain/site/site-cookies.ts";
import type { Locale, Message } from "#app/domain/site/locales.ts";
import { RESUME_LINK_DAYS } from "#app/domain/wizard/resume-links.ts";
import { site } from "#app/domain/site/site.ts";
import { linkPath } from "#app/domain/site/site-pages.ts";
import { m } from "#app/paraglide/messages.js";
import { localizedPageMeta } from "#app/components/site/page-meta.ts";
import { PageIntro, Prose } from "#app/components/site/page-intro.tsx";
import { SupportOrMessage } from "#app/components/site/support-or-message.tsx";
import { slot, withSlots } from "#app/components/ui/message-slots.tsx";
import { useLocale } from "#app/hooks/use-locale.ts";

import type { Route } from "./+types/privacy";

export const meta: Route.MetaFunction = (args) =>
  localizedPageMeta(args, (locale) => ({
    path: "/privacy",
    title: m.privacy_title({}, { locale }),
    description: m.privacy_meta_description({ brand: site.brand }, { locale }),
  }));

/** One thing the site stores: its name in bold, what it is, and whether the agency keeps it. */
interface Stored {
  title: Message;
  text: (locale: Locale) => string;
  /** What the agency keeps until it deletes it: the code deletes none of these (issue 26). */
  kept?: boolean;
  /** Said after the keeping. */
  after?: Message;
}

/** What the site stores, in the order the page lists it. */
const STORED: readonly Stored[] = [
  {
    title: m.privacy_draft_title,
    // The draft lives as long as the cookie that names it (app/server/wizard/wizard-drafts.server.ts).
    text: (locale) =>
      m.privacy_draft_text(
        { lifetime: describeLifetime(SITE_COOKIES.wizard.maxAgeSeconds, locale) },
        { locale },
      ),
  },
  {
    title: m.privacy_application_title,
    // The fields' words are the registry's (application-fields.ts, decision 060).
    text: (locale) =>
      m.privacy_application_text(
        { first: privacyList("email-step", locale), later: privacyList("finished", locale) },
        { locale },
      ),
    kept: true,
  },
  {
    title: m.privacy_plan_title,
    text: (locale) => m.privacy_plan_text({ answers: privacyList("answers", locale) }, { locale }),
    kept: true,
  },
  { title: m.privacy_request_title, text: words(m.privacy_request_text), kept: true },
  { title: m.privacy_consent_title, text: words(m.privacy_consent_text), kept: true },
  { title: m.privacy_exchange_title, text: words(m.privacy_exchange_text), kept: true },
  { title: m.privacy_bind_title, text: words(m.privacy_bind_text), kept: true },
  { title: m.privacy_history_title, text: words(m.privacy_history_text), kept: true },
  {
    title: m.privacy_links_title,
    text: (locale) => m.privacy_links_text({ days: RESUME_LINK_DAYS }, { locale }),
    kept: true,
  },
  {
    title: m.privacy_emails_title,
    text: words(m.privacy_emails_text),
    kept: true,
    after: m.privacy_emails_cancelled,
  },
  { title: m.privacy_webhooks_title, text: words(m.privacy_webhooks_text), kept: true },
  { title: m.privacy_callbacks_title, text: words(m.privacy_callbacks_text), kept: true },
  { title: m.privacy_messages_title, text: words(m.privacy_messages_text), kept: true },
  { title: m.privacy_waitlist_title, text: words(m.privacy_waitlist_text), kept: true },
  { title: m.privacy_login_title, text: words(m.privacy_login_text) },
  { title: m.privacy_caps_title, text: words(m.privacy_caps_text) },
  { title: m.privacy_rate_title, text: words(m.privacy_rate_text) },
  { title: m.privacy_funnel_title, text: words(m.privacy_funnel_text) },
];

/** A message without inputs, as a text in a language. */
function words(message: Message): (locale: Locale) => string {
  return (locale) => message({}, { locale });
}

/**
 * The privacy policy: everything the site stores, who receives it and how long it is kept, each
 * statement true of the code (issue 26). A change to what the site stores changes this page.
 */
export default function Privacy() {
  const locale = useLocale();
  const cookies = Object.values(SITE_COOKIES);
  const say = (message: Message) => message({}, { locale });
  return (
    <>
      <PageIntro title={say(m.privacy_title)}>
        <p>{say(m.privacy_intro)}</p>
      </PageIntro>
      <Prose>
        <h2>{say(m.privacy_store_title)}</h2>
        <p>{say(m.privacy_store_text)}</p>
        <ul>
          {STORED.map((item) => (
            <li key={say(item.title)}>
              <strong>{say(item.title)}</strong> {item.text(locale)}
              {item.kept ? ` ${say(m.privacy_kept)}` : null}
              {item.after ? ` ${say(item.after)}` : null}
            </li>
          ))}
          <li>
            <strong>{say(m.privacy_cookies_title)}</strong>{" "}
            {cookies.map((cookie, index) => (
              <span key={cookie.name}>
                {withSlots(
                  m.privacy_cookie_lifetime(
                    {
                      name: slot("name"),
                      lifetime: describeLifetime(cookie.maxAgeSeconds, locale),
                    },
                    { locale },
                  ),
                  { name: <code>{cookie.name}</code> },
                )}
                {index < cookies.length - 1 ? ", " : ". "}
              </span>
            ))}
            {withSlots(m.privacy_cookies_text({ policy: slot("policy") }, { locale }), {
              policy: <a href={linkPath("/cookies", locale)}>{say(m.cookies_title)}</a>,
            })}
          </li>
        </ul>
        <p>{say(m.privacy_logs)}</p>
        <h2>{say(m.privacy_receives_title)}</h2>
        <ul>
          {(
            [
              [m.privacy_staff_title, m.privacy_staff_text],
              [m.privacy_mail_title, m.privacy_mail_text],
              [m.privacy_systems_title, m.privacy_systems_text],
              [m.privacy_insurers_title, m.privacy_insurers_text],
            ] as const
          ).map(([title, text]) => (
            <li key={say(title)}>
              <strong>{say(title)}</strong> {say(text)}
            </li>
          ))}
        </ul>
        <p>{say(m.privacy_no_sale)}</p>
        <h2>{say(m.privacy_use_title)}</h2>
        <ul>
          {[m.privacy_use_1, m.privacy_use_2, m.privacy_use_3, m.privacy_use_4].map((use) => (
            <li key={say(use)}>{say(use)}</li>
          ))}
        </ul>
        <h2>{say(m.privacy_tracking_title)}</h2>
        <p>{say(m.privacy_tracking_text)}</p>
        <h2>{say(m.privacy_choices_title)}</h2>
        <p>
          <SupportOrMessage message={m.privacy_choices_text} />
        </p>
        <h2>{say(m.privacy_children_title)}</h2>
        <p>{say(m.privacy_children_text)}</p>
        <h2>{say(m.privacy_changes_title)}</h2>
        <p>{say(m.privacy_changes_text)}</p>
      </Prose>
    </>
  );
}
