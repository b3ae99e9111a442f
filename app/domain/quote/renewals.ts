/**
 * Renewals (issue 30, decisions 046, 047 and 073): a bound policy's end date drives its renewal so
 * that the agency never misses one. At the agency's first renewal window (120 days before the end
 * by default) the site opens a renewal request, a quote request of its own tied to the policy with
 * last term's lines, and emails the insured a link to the renewal form, prefilled from the
 * application, where they confirm or change what has changed; at each window (120, 90 and 60 days)
 * the agency is reminded on the desk and by alert until the renewal is bound. Each step goes once,
 * whatever the number of servers and restarts: the database keeps which went. Pure TypeScript.
 */
import { RENEWAL_REQUEST_PATH } from "#app/domain/wizard/wizard-screens.ts";
import {
  dayText,
  type InsurerQuote,
  type InsurerQuoteInput,
} from "#app/domain/quote/insurer-quotes.ts";
import { addDays } from "#app/domain/values/days.ts";
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

/**
 * How many days before a policy's end its renewal starts, and the agency is reminded again
 * (decision 073): the agency's setting RENEWAL_WINDOWS_DAYS, 120, 90 and 60 by default, because
 * 60 days is late to remarket workers' compensation or general liability with audits. The first
 * window opens the renewal request; each window reminds the agency once.
 */
export const DEFAULT_RENEWAL_WINDOWS: readonly number[] = [120, 90, 60];

/** The most windows the setting takes, and the farthest one (a policy's term is about a year). */
export const RENEWAL_WINDOWS_MOST = 6;
export const RENEWAL_WINDOW_MAX_DAYS = 300;

/**
 * The setting's text ("120,90,60") as windows, farthest first: whole days from 1 to
 * RENEWAL_WINDOW_MAX_DAYS, each once, at most RENEWAL_WINDOWS_MOST of them, in any order.
 */
export const renewalWindowsSchema = z.pipe(
  z.string().check(z.maxLength(60)),
  z.transform((text, ctx): number[] => {
    const days = text
      .split(",")
      .map((part) => part.trim())
      .map((part) => (/^[0-9]{1,3}$/.test(part) ? Number(part) : Number.NaN));
    const valid = days.every((day) => day >= 1 && day <= RENEWAL_WINDOW_MAX_DAYS);
    if (valid && days.length <= RENEWAL_WINDOWS_MOST && new Set(days).size === days.length) {
      return [...days].sort((a, b) => b - a);
    }
    ctx.issues.push({
      code: "custom",
      message: `must be up to ${RENEWAL_WINDOWS_MOST} different whole numbers of days from 1 to ${RENEWAL_WINDOW_MAX_DAYS}, comma-separated, e.g. 120,90,60`,
      input: text,
    });
    return [];
  }),
);

/** One of the agency's reminders: the window it belongs to and the days left in which it is due. */
export interface AgencyRenewalReminder {
  kind: `agency-${number}`;
  /** Due while at most `fromDays` and at least `toDays` days are left. */
  fromDays: number;
  toDays: number;
}

/**
 * The agency's reminders for these windows (farthest first): each window's is due from its days
 * until the next window's, the last one's until the day before the end.
 */
export function agencyRenewalReminders(windows: readonly number[]): AgencyRenewalReminder[] {
  return windows.map((days, index) => ({
    kind: `agency-${days}`,
    fromDays: days,
    toDays: (windows[index + 1] ?? 0) + 1,
  }));
}

/** The first window: when the site opens the renewal request and tells the insured. */
export function renewalOpensDays(windows: readonly number[]): number {
  return windows[0] ?? DEFAULT_RENEWAL_WINDOWS[0] ?? 120;
}

/** The record of the insured's email when the renewal opened, `visitor-<days>`. */
export function insuredReminderKind(windows: readonly number[]): `visitor-${number}` {
  return `visitor-${renewalOpensDays(windows)}`;
}

/** How often a server checks which reminders are due, unless REMINDER_CHECK_INTERVAL_MS says. */
export const REMINDER_CHECK_INTERVAL_MS = 60 * 60 * 1000;

/** The most reminders of one kind one check sends (the next check sends the rest). */
export const REMINDERS_PER_CHECK = 200;

/** Whole days from `today` to `day` (both YYYY-MM-DD): negative once it has passed. */
export function daysUntil(today: string, day: string): number {
  const ms = Date.parse(`${day}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`);
  return Math.round(ms / 86_400_000);
}

/**
 * The label of a reminder's kind ("90 days before", "Renewal opened and insured emailed, 120 days
 * before"), or the kind itself if unknown. Kinds written under other windows read the same way.
 */
export function renewalReminderLabel(kind: string): string {
  const match = /^(agency|visitor)-([0-9]{1,3})$/.exec(kind);
  if (!match) return kind;
  return match[1] === "agency"
    ? `${match[2]} days before`
    : `Renewal opened and insured emailed, ${match[2]} days before`;
}

/**
 * What "Your policy" says of a policy's renewal (decision 073): the renewal request open for it, by
 * its reference; else, from the agency's first window on, the renewal offered; else nothing yet.
 */
export function policyRenewalOffer(
  daysLeft: number,
  openRenewalReference: string | null,
  windows: readonly number[],
): { state: "requested"; reference: string } | { state: "offered" } | null {
  if (openRenewalReference) return { state: "requested", reference: openRenewalReference };
  return daysLeft <= renewalOpensDays(windows) ? { state: "offered" } : null;
}

/** Where a policy's renewal stands on the desk, for the agency's windows (farthest first). */
export function renewalStanding(
  daysLeft: number,
  renewal: { open: boolean; bound: boolean; cancelled: boolean },
  windows: readonly number[],
): string {
  if (renewal.cancelled) return "Cancelled: no renewal";
  if (renewal.bound) return "Renewal bound";
  if (renewal.open) return "Renewal request open";
  if (daysLeft < 0) return "Ended with no renewal";
  const last = windows[windows.length - 1] ?? 0;
  if (daysLeft <= last) return "No renewal request: act now";
  if (daysLeft <= renewalOpensDays(windows)) return "No renewal request yet";
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
  /** Where its renewal request stands, in words. */
  renewal: string;
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
      ["Bound on request", alert.reference],
      ["Renewal", alert.renewal],
    ],
  };
}

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
 * The insured's email when their renewal opens: which policy ends when, the renewal request's
 * reference, and a one-time link to tell what has changed, with the agency's phone and identity.
 */
export function renewalReminderEmail(options: {
  firstName: string | null;
  insurer: string;
  policyNumber: string;
  policyEnd: string;
  /** The renewal request the site opened. */
  reference: string;
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
      [m.renewal_email_body({ insurer, number, day, reference: options.reference }, { locale })],
      [{ link: options.link }],
      [m.renewal_email_once({ days: RESUME_LINK_DAYS, phone: agency.phone }, { locale })],
    ],
    footer: agencyLines(agency, locale),
  });
}

/** The day a term as long as `term` ends when it starts on `term.end`. */
function sameTermAfter(term: { start: string; end: string }): string {
  const years = Number(term.end.slice(0, 4)) - Number(term.start.slice(0, 4));
  if (years > 0 && term.start.slice(4) === term.end.slice(4)) {
    return `${String(Number(term.end.slice(0, 4)) + years).padStart(4, "0")}${term.end.slice(4)}`;
  }
  return addDays(term.end, daysUntil(term.start, term.end));
}

/**
 * "Renew as is" (decision 073): last term's bound quote as a draft for the next term, for the agent
 * to change to the insurer's renewal offer before publishing it. The same insurer, market, lines,
 * limits, retroactive dates and figures; the term as long as last term's, from the day the policy
 * ends (a term of whole years ends on the same day of the year); valid until that day (today once it has passed); each subjectivity due as long after the
 * new term's start as it was after the old one's, none received. The site computes no price: the
 * figures are last term's until the agent types the insurer's.
 */
export function renewAsIsQuote(
  bound: InsurerQuote,
  policy: { start: string; end: string },
  today: string,
): InsurerQuoteInput {
  const termStart = policy.end;
  const shift = daysUntil(bound.termStart, termStart);
  return {
    insurer: bound.insurer,
    kind: bound.kind,
    market: bound.market,
    premiumCents: bound.premiumCents,
    charges: bound.charges,
    minimumEarnedCents: bound.minimumEarnedCents,
    payInFull: bound.payInFull,
    monthlyFeeCents: bound.monthlyFeeCents,
    instalments: bound.instalments,
    termStart,
    termEnd: sameTermAfter(policy),
    validUntil: termStart >= today ? termStart : today,
    terrorism: bound.terrorism,
    rating: bound.rating,
    subjectivities: bound.subjectivities.map((item) => ({
      ...item,
      due: addDays(item.due, shift),
      receivedOn: null,
    })),
    notes: bound.notes,
    lines: bound.lines,
  };
}

/** What the desk is told when "Renew as is" is refused. */
export const renewalDeskMessages = {
  notRenewal: "This request renews no bound policy: add the insurers' quotes below.",
  already:
    "Last term's quote is already copied onto this renewal: change that draft to the insurer's renewal offer.",
};
