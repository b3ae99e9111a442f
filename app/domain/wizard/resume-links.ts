import { agencyLines, type Agency } from "#app/domain/site/agency.ts";
import { greeting, renderEmail, type RenderedEmail } from "#app/domain/site/email-content.ts";
import { emailAddress } from "#app/domain/values/fields.ts";
import { site } from "#app/domain/site/site.ts";
import { z } from "#app/domain/values/zod.ts";
import { BASE_LOCALE, localizedPath, type Locale } from "#app/domain/site/locales.ts";
import { m } from "#app/paraglide/messages.js";

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
 * text and HTML in the visitor's language, with the agency's phone and identity.
 */
export function resumeEmail(
  link: string,
  agency: Agency,
  locale: Locale = BASE_LOCALE,
): RenderedEmail {
  const brand = site.brand;
  return renderEmail({
    subject: m.resume_email_subject({ brand }, { locale }),
    paragraphs: [
      [greeting(null, locale)],
      [m.resume_email_pick_up({ brand }, { locale })],
      [{ link }],
      [m.resume_email_once({ days: RESUME_LINK_DAYS }, { locale })],
      [m.resume_email_ignore({ brand }, { locale })],
      [m.email_questions_call({ phone: agency.phone }, { locale })],
    ],
    footer: agencyLines(agency, locale),
  });
}
