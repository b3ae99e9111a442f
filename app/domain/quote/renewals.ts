/**
 * Renewals (issue 30, decisions 046 and 047): a bound policy's end date drives reminders so that
 * the agency never misses one. The agency is told 90 and 60 days before (on the desk and by
 * alert), and the visitor 60 days before, by an email whose link opens a renewal request: a quote
 * request of its own, tied to the policy, prefilled from the application, where the visitor
 * confirms or changes what has changed. Each reminder is sent once, whatever the number of servers
 * and restarts: the database keeps which went. Pure TypeScript.
 */
import { RENEWAL_REQUEST_PATH } from "#app/domain/wizard/wizard-screens.ts";
import { dayText } from "#app/domain/quote/insurer-quotes.ts";
import {
  latestStartDate,
  optionalAnswersSchema,
  quoteRequestSchema,
  toOptionalAnswers,
  type OptionalAnswers,
} from "#app/domain/quote/quote-request.ts";
import { agencyLines, type Agency } from "#app/domain/site/agency.ts";
import { greeting, renderEmail, type RenderedEmail } from "#app/domain/site/email-content.ts";
import { RESUME_LINK_DAYS } from "#app/domain/wizard/resume-links.ts";
import { z } from "#app/domain/values/zod.ts";
import { BASE_LOCALE, type Locale } from "#app/domain/site/locales.ts";
import { m } from "#app/paraglide/messages.js";

/** Where the desk lists bound policies by their end. */
export const RENEWALS_PATH = "/admin/renewals";

export { RENEWAL_REQUEST_PATH };

/** Each reminder: who it is for, and the days before the end in which it is due. */
export const RENEWAL_REMINDERS = [
  { kind: "agency-90", who: "agency", fromDays: 90, toDays: 61, label: "90 days before" },
  { kind: "agency-60", who: "agency", fromDays: 60, toDays: 1, label: "60 days before" },
  {
    kind: "visitor-60",
    who: "visitor",
    fromDays: 60,
    toDays: 1,
    label: "Insured emailed, 60 days before",
  },
] as const;
export type RenewalReminderKind = (typeof RENEWAL_REMINDERS)[number]["kind"];

/** How often a server checks which reminders are due, unless REMINDER_CHECK_INTERVAL_MS says. */
export const REMINDER_CHECK_INTERVAL_MS = 60 * 60 * 1000;

/** The most reminders of one kind one check sends (the next check sends the rest). */
export const REMINDERS_PER_CHECK = 200;

/** Whole days from `today` to `day` (both YYYY-MM-DD): negative once it has passed. */
export function daysUntil(today: string, day: string): number {
  const ms = Date.parse(`${day}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`);
  return Math.round(ms / 86_400_000);
}

/** The label of a reminder's kind ("60 days before"), or the kind itself if unknown. */
export function renewalReminderLabel(kind: string): string {
  return RENEWAL_REMINDERS.find((reminder) => reminder.kind === kind)?.label ?? kind;
}

/** Where a policy's renewal stands on the desk. */
export function renewalStanding(daysLeft: number, hasRequest: boolean): string {
  if (hasRequest) return "Renewal requested";
  if (daysLeft < 0) return "Ended with no renewal request";
  if (daysLeft <= 60) return "No renewal request: act now";
  if (daysLeft <= 90) return "No renewal request yet";
  return "Not due yet";
}

/** What the agency is told of a policy coming up for renewal. */
export interface RenewalAlert {
  reference: string;
  businessName: string | null;
  insurer: string;
  policyNumber: string;
  policyEnd: string;
  daysLeft: number;
}

/** The alert's subject and its facts, one per line (the server adds the desk's link). */
export function renewalAlertLines(alert: RenewalAlert): {
  subject: string;
  facts: [string, string][];
} {
  return {
    subject: `Renewal in ${alert.daysLeft} days: ${alert.policyNumber} (${alert.businessName ?? alert.reference})`,
    facts: [
      ["Business", alert.businessName ?? "(not given)"],
      ["Insurer", alert.insurer],
      ["Policy", alert.policyNumber],
      ["Ends", `${dayText(alert.policyEnd)} (in ${alert.daysLeft} days)`],
      ["Request", alert.reference],
    ],
  };
}

/** How many days before its end "Your policy" offers the renewal (the agency's first reminder). */
export const RENEWAL_OFFERED_DAYS = 90;

/**
 * The renewal request's form for a day `today` (YYYY-MM-DD), in `locale`: what may have changed
 * since the policy was bought (the plan page's optional answers, but whether the business is
 * insured now, which the policy answers), and the quote request's own fields, with the same
 * messages.
 */
export function renewalRequestSchema(today: string, locale: Locale = BASE_LOCALE) {
  return z.extend(
    z.omit(optionalAnswersSchema(locale), { currentlyInsured: true }),
    quoteRequestSchema(today, locale).shape,
  );
}

export type RenewalRequestInput = z.output<ReturnType<typeof renewalRequestSchema>>;

/**
 * The renewal form's optional answers as the application keeps them: whether the business is
 * insured now is not asked, and keeps the answer saved before.
 */
export function renewalOptionalAnswers(
  value: RenewalRequestInput,
  saved: OptionalAnswers,
): OptionalAnswers {
  return {
    ...toOptionalAnswers({ ...value, currentlyInsured: undefined }),
    currentlyInsured: saved.currentlyInsured,
  };
}

/**
 * The start date a renewal is asked for at first: the day the policy ends, or today if past, or
 * the latest day the form takes (a year ahead) if the policy ends later still, so that the form
 * never starts with a day it refuses.
 */
export function renewalStartDate(policyEnd: string, today: string): string {
  const latest = latestStartDate(today);
  if (policyEnd > latest) return latest;
  return policyEnd >= today ? policyEnd : today;
}

/**
 * The visitor's reminder, 60 days before the end: which policy ends when, and a one-time link to
 * the renewal request, with the agency's phone and identity.
 */
export function renewalReminderEmail(options: {
  firstName: string | null;
  insurer: string;
  policyNumber: string;
  policyEnd: string;
  link: string;
  agency: Agency;
  /** The application's language: the visitor reads the email in it (issue 31). */
  locale?: Locale;
}): RenderedEmail {
  const { insurer, policyNumber: number, agency, locale = BASE_LOCALE } = options;
  const day = dayText(options.policyEnd, locale);
  return renderEmail({
    subject: m.renewal_email_subject({ number, day }, { locale }),
    paragraphs: [
      [greeting(options.firstName, locale)],
      [m.renewal_email_body({ insurer, number, day }, { locale })],
      [{ link: options.link }],
      [m.renewal_email_once({ days: RESUME_LINK_DAYS, phone: agency.phone }, { locale })],
    ],
    footer: agencyLines(agency, locale),
  });
}
