import { agencyLines, type Agency } from "#app/domain/site/agency.ts";
import { greeting, renderEmail, type RenderedEmail } from "#app/domain/site/email-content.ts";
import { emailAddress } from "#app/domain/values/fields.ts";
import { site } from "#app/domain/site/site.ts";
import { z } from "#app/domain/values/zod.ts";
import { BASE_LOCALE, localizedPath, type Locale } from "#app/domain/site/locales.ts";
import { m } from "#app/paraglide/messages.js";
import type { ApplicationStage } from "#app/domain/wizard/wizard-screens.ts";

/** How long an emailed link to an application works (issue 8). */
export const RESUME_LINK_DAYS = 7;

/** Where an application link leads; the token follows. Never written to a log (log-paths.ts). */
export const RESUME_PATH_PREFIX = "/resume/";

/** The path of an application link. */
export function resumePath(token: string): string {
  return `${RESUME_PATH_PREFIX}${token}`;
}

/** The /login form: the address the application was saved under, with its messages in `locale`. */
export function loginSchema(locale: Locale) {
  return z.object({ email: emailAddress(undefined, locale) });
}

/**
 * /login's own bound (decision 055): how many links one inbox may be asked for in an hour by one
 * client address, and by everyone together. Counted for every address typed, whether or not an
 * application holds it, so that the page can say when the next link can be asked for without
 * telling who has applied; a link asked for within the bound is sent (the per-inbox cap of the
 * other emails, which only a known address fills, does not hold it back).
 */
export const LOGIN_LINKS_PER_CLIENT_PER_HOUR = 3;
export const LOGIN_LINKS_PER_HOUR = 10;

const HOUR_MS = 60 * 60 * 1000;

/**
 * When /login may take another request for an inbox, given the last hour's requests for it (their
 * times and who asked) and the client asking now: undefined when it may now. Each bound lifts an
 * hour after the oldest request that fills it.
 */
export function nextLoginLinkAt(
  asked: readonly { at: Date; by: string }[],
  client: string,
  now: Date,
): Date | undefined {
  const recent = asked
    .filter((request) => request.at.getTime() > now.getTime() - HOUR_MS)
    .sort((a, b) => a.at.getTime() - b.at.getTime());
  const mine = recent.filter((request) => request.by === client);
  const frees = [
    mine.length >= LOGIN_LINKS_PER_CLIENT_PER_HOUR
      ? mine[mine.length - LOGIN_LINKS_PER_CLIENT_PER_HOUR]
      : undefined,
    recent.length >= LOGIN_LINKS_PER_HOUR
      ? recent[recent.length - LOGIN_LINKS_PER_HOUR]
      : undefined,
  ].flatMap((request) => (request ? [request.at.getTime() + HOUR_MS] : []));
  return frees.length === 0 ? undefined : new Date(Math.max(...frees));
}

/** Whole minutes from `now` to `at`, rounded up (at least one): what /login tells a visitor to wait. */
export function minutesUntil(at: Date, now: Date): number {
  return Math.max(1, Math.ceil((at.getTime() - now.getTime()) / 60_000));
}

/**
 * What an emailed link to an application opens, by how far the application has gone (issue 53):
 * the application still being filled in, its coverage plan once complete, its quotes once asked
 * for (being gathered, published or chosen), its policy once bound.
 */
export type ResumeSubject = "application" | "plan" | "quotes" | "policy";

export function resumeSubjectOf(stage: ApplicationStage): ResumeSubject {
  switch (stage) {
    case "application":
      return "application";
    case "plan":
      return "plan";
    case "requested":
    case "quoted":
    case "bind-requested":
      return "quotes";
    case "bound":
      return "policy";
  }
}

/** Each subject's email: its subject line and the sentence before the link. */
const RESUME_EMAILS = {
  application: { subject: m.resume_email_subject, lead: m.resume_email_pick_up },
  plan: { subject: m.resume_email_subject_plan, lead: m.resume_email_open_plan },
  quotes: { subject: m.resume_email_subject_quotes, lead: m.resume_email_open_quotes },
  policy: { subject: m.resume_email_subject_policy, lead: m.resume_email_open_policy },
} satisfies Record<
  ResumeSubject,
  Record<"subject" | "lead", (inputs: { brand: string }, options: { locale: Locale }) => string>
>;

/**
 * How long after the email step the "finish your application" email waits (decision 032): it goes
 * only to someone who has not finished by then, and the final step's save cancels it. The server's
 * setting RESUME_REMINDER_DELAY_MS defaults to this.
 */
export const RESUME_REMINDER_DELAY_MS = 30 * 60 * 1000;

/** The path of an application link for a visitor who reads `locale`: its page in that language. */
export function resumePathIn(token: string, locale: Locale): string {
  return localizedPath(resumePath(token), locale);
}

/**
 * The email that carries the link (the email step's reminder, or a link asked for at /login), as
 * text and HTML in the visitor's language, with the agency's phone and identity: "Finish your
 * application" while it is not complete, else what the link opens (`subject`).
 */
export function resumeEmail(
  link: string,
  agency: Agency,
  locale: Locale = BASE_LOCALE,
  subject: ResumeSubject = "application",
): RenderedEmail {
  const brand = site.brand;
  const words = RESUME_EMAILS[subject];
  return renderEmail({
    subject: words.subject({ brand }, { locale }),
    paragraphs: [
      [greeting(null, locale)],
      [words.lead({ brand }, { locale })],
      [{ link }],
      [m.resume_email_once({ days: RESUME_LINK_DAYS }, { locale })],
      [m.resume_email_ignore({ brand }, { locale })],
      [m.email_questions_call({ phone: agency.phone }, { locale })],
    ],
    footer: agencyLines(agency, locale),
  });
}

/**
 * What a link opens once used: the application (the resume links), the agency's quotes (with its
 * questions and documents), the policy bound from them (issue 29), or its renewal request (the
 * renewal reminder, issue 30).
 */
export type LinkOpens = "application" | "quotes" | "policy" | "renewal";
