/**
 * The agency's quotes on a quote request (issue 29, decision 042): what an operator enters for each
 * insurer's quote, how the visitor compares them, and the email that says they are ready. A price
 * here is only ever the insurer's, typed by an operator from the insurer's quote: the site computes
 * none. Pure TypeScript: the desk's form checks with the same schema in the browser and the action.
 */
import { lineName } from "#app/domain/quote/quote-request.ts";
import { QUOTES_PATH } from "#app/domain/wizard/wizard-screens.ts";
import { agencyLines, type Agency } from "#app/domain/site/agency.ts";
import { greeting, renderEmail, type RenderedEmail } from "#app/domain/site/email-content.ts";
import { checkbox, optionalText, requiredText } from "#app/domain/values/fields.ts";
import { addDays, isDay } from "#app/domain/values/days.ts";
import { z } from "#app/domain/values/zod.ts";
import { BASE_LOCALE, type Locale } from "#app/domain/site/locales.ts";
import { m } from "#app/paraglide/messages.js";
import type { ProducerOfRecord } from "#app/domain/leads/producer-licenses.ts";
import { stateOfCode } from "#app/domain/reference/states.ts";
import { stateName } from "#app/domain/reference/state-names.ts";

export { QUOTES_PATH };

/** What a quote is: the insurer's offer as it stands, or an indication that may change. */
export const QUOTE_KINDS = [
  { id: "bindable", label: "Bindable", words: m.quotes_kind_bindable },
  { id: "estimate", label: "Estimate", words: m.quotes_kind_estimate },
] as const;
export type QuoteKind = (typeof QUOTE_KINDS)[number]["id"];

/**
 * A kind in words, for the visitor, in `locale` (never a bare label: "estimate" alone undersells
 * the risk).
 */
export function quoteKindWords(kind: QuoteKind, locale: Locale = BASE_LOCALE): string {
  return QUOTE_KINDS.find((entry) => entry.id === kind)?.words({}, { locale }) ?? kind;
}

/** Where a quote stands at the desk. */
export const INSURER_QUOTE_STATUSES = [
  { id: "draft", label: "Not yet published" },
  { id: "published", label: "Published" },
  { id: "withdrawn", label: "Withdrawn" },
] as const;
export type InsurerQuoteStatus = (typeof INSURER_QUOTE_STATUSES)[number]["id"];

export function insurerQuoteStatusLabel(status: InsurerQuoteStatus): string {
  return INSURER_QUOTE_STATUSES.find((entry) => entry.id === status)?.label ?? status;
}

export const INSURER_MAX_LENGTH = 120;
export const QUOTE_NOTES_MAX_LENGTH = 2000;
/** A line's own limit in words ("Statutory; employer's liability $1M / $1M / $1M"). */
export const LINE_LIMIT_TEXT_MAX_LENGTH = 160;
/** The largest amount a quote takes: $100 million, in cents (the database's check too). */
export const MAX_CENTS = 10_000_000_000;
/** How long a term may run: some insurers write 18 months or more; none three years. */
export const MAX_TERM_DAYS = 3 * 365;

export const quoteFormMessages = {
  chosen:
    "The visitor has asked to bind one of these quotes, so they can no longer change. Call them to start again.",
  insurerRequired: "Please enter the insurer's name",
  kindRequired: "Please say whether the quote is bindable or an estimate",
  premiumRequired: "Please enter the premium for the term",
  moneyInvalid: "Please enter an amount in dollars, such as 1,250 or 1250.50",
  paymentRequired: "Please choose at least one way to pay",
  monthlyFeeRequired: "Please enter the fee for paying monthly (0 if none)",
  dateRequired: "Please enter a date",
  dateInvalid: "Please enter a date as YYYY-MM-DD",
  termEndBeforeStart: "Please choose an end after the start",
  termTooLong: "Please choose a term of at most three years",
  validUntilPast: "Please choose today or a later date",
  linesRequired: "Please include at least one line",
  lineLimitRequired: "Please enter at least one limit for this line",
  published: (count: number) =>
    `${count === 1 ? "One quote" : `${count} quotes`} published, and the visitor emailed.`,
  nothingToPublish: "There is no quote waiting to be published.",
  notOpen: "This request is closed: its quotes can no longer change.",
  notFound: "That quote is no longer there.",
} as const;

/** An amount typed in dollars ("$1,250", "1250.50") as cents. */
export function centsFromText(text: string): number | undefined {
  const plain = text.replace(/[\s,$]/g, "");
  if (!/^\d{1,9}(\.\d{1,2})?$/.test(plain)) return undefined;
  const [dollars = "0", cents = ""] = plain.split(".");
  const value = Number(dollars) * 100 + Number(cents.padEnd(2, "0"));
  return value <= MAX_CENTS ? value : undefined;
}

/** An amount as the visitor reads it: "$1,250" or "$1,250.50". */
export function formatCents(cents: number): string {
  return new Intl.NumberFormat("en-US", {
    style: "currency",
    currency: "USD",
    minimumFractionDigits: cents % 100 === 0 ? 0 : 2,
  }).format(cents / 100);
}

/** Whole dollars as money: "$1,000,000". */
export function formatDollars(dollars: number): string {
  return formatCents(dollars * 100);
}

/** An amount as a form field shows it again: "1250" or "1250.50". */
export function centsAsText(cents: number | null): string {
  if (cents === null) return "";
  return cents % 100 === 0 ? String(cents / 100) : (cents / 100).toFixed(2);
}

function money(required: string | undefined) {
  const amount = z.pipe(
    z.string().check(
      z.trim(),
      z.refine((text) => centsFromText(text) !== undefined, {
        error: quoteFormMessages.moneyInvalid,
      }),
    ),
    z.transform((text: string) => centsFromText(text) ?? 0),
  );
  return required === undefined
    ? z.optional(amount)
    : z.pipe(z.string({ error: required }), amount);
}

function day(required: string) {
  return z.string({ error: required }).check(
    z.trim(),
    z.refine((text) => isDay(text), { error: quoteFormMessages.dateInvalid }),
  );
}

/** One line of a quote as the form sends it (names `<line>.included`, `<line>.occurrence`, ...). */
const lineFormSchema = z.object({
  included: checkbox(),
  occurrence: money(undefined),
  aggregate: money(undefined),
  limit: optionalText(LINE_LIMIT_TEXT_MAX_LENGTH),
  deductible: money(undefined),
});

/** One line of a quote as kept (`insurer_quotes.lines`): amounts in cents, null when not given. */
export interface QuoteLine {
  line: string;
  occurrenceCents: number | null;
  aggregateCents: number | null;
  /** The line's own limit in words, where per occurrence and aggregate do not fit. */
  limitText: string | null;
  deductibleCents: number | null;
}

const storedCents = z.nullable(z.number().check(z.int(), z.minimum(0), z.maximum(MAX_CENTS)));
/** A quote's lines as the database holds them, checked on the way out. */
export const storedLinesSchema = z.array(
  z.object({
    line: z.string(),
    occurrenceCents: storedCents,
    aggregateCents: storedCents,
    limitText: z.nullable(z.string().check(z.maxLength(LINE_LIMIT_TEXT_MAX_LENGTH))),
    deductibleCents: storedCents,
  }),
);

/** What an operator enters for one insurer's quote. */
export interface InsurerQuoteInput {
  insurer: string;
  kind: QuoteKind;
  premiumCents: number;
  payInFull: boolean;
  /** Null: no monthly payments. */
  monthlyFeeCents: number | null;
  termStart: string;
  termEnd: string;
  validUntil: string;
  notes: string | null;
  lines: QuoteLine[];
}

/**
 * The desk's quote form for a request asking for `lines` (slugs), on `today` (YYYY-MM-DD, the
 * agency's day): every line of the request has its fieldset; at least one is included, each with a
 * limit. The term's end follows its start, within MAX_TERM_DAYS; the quote is valid until today at
 * the earliest.
 */
export function insurerQuoteFormSchema(lines: readonly string[], today: string) {
  const lineShape: Record<string, z.ZodMiniOptional<typeof lineFormSchema>> = {};
  for (const line of lines) lineShape[line] = z.optional(lineFormSchema);
  return z.pipe(
    z.object({
      insurer: requiredText(quoteFormMessages.insurerRequired, INSURER_MAX_LENGTH),
      kind: z.enum(["bindable", "estimate"], { error: quoteFormMessages.kindRequired }),
      premium: money(quoteFormMessages.premiumRequired),
      payInFull: checkbox(),
      monthly: checkbox(),
      monthlyFee: money(undefined),
      termStart: day(quoteFormMessages.dateRequired),
      termEnd: day(quoteFormMessages.dateRequired),
      validUntil: day(quoteFormMessages.dateRequired).check(
        z.refine((text) => !isDay(text) || text >= today, {
          error: quoteFormMessages.validUntilPast,
        }),
      ),
      notes: optionalText(QUOTE_NOTES_MAX_LENGTH),
      ...lineShape,
    }),
    z.transform((form, context): InsurerQuoteInput => {
      const issue = (path: string[], message: string) =>
        context.issues.push({ code: "custom", input: form, path, message });
      if (form.premium === undefined || form.premium < 1) {
        issue(["premium"], quoteFormMessages.premiumRequired);
      }
      if (!form.payInFull && !form.monthly) issue(["payInFull"], quoteFormMessages.paymentRequired);
      if (form.monthly && form.monthlyFee === undefined) {
        issue(["monthlyFee"], quoteFormMessages.monthlyFeeRequired);
      }
      if (form.termEnd <= form.termStart) issue(["termEnd"], quoteFormMessages.termEndBeforeStart);
      else if (form.termEnd > addDays(form.termStart, MAX_TERM_DAYS)) {
        issue(["termEnd"], quoteFormMessages.termTooLong);
      }
      // The lines' keys are the request's, known only when the schema is made: Zod types the
      // object by its fixed fields, and each line's entry is read back as the shape given above.
      const fields = form as unknown as Record<string, z.output<typeof lineFormSchema> | undefined>;
      const included: QuoteLine[] = [];
      for (const line of lines) {
        const entry = fields[line];
        if (!entry?.included) continue;
        if (
          entry.occurrence === undefined &&
          entry.aggregate === undefined &&
          entry.limit === undefined
        ) {
          issue([line, "occurrence"], quoteFormMessages.lineLimitRequired);
        }
        included.push({
          line,
          occurrenceCents: entry.occurrence ?? null,
          aggregateCents: entry.aggregate ?? null,
          limitText: entry.limit || null,
          deductibleCents: entry.deductible ?? null,
        });
      }
      if (included.length === 0) issue(["lines"], quoteFormMessages.linesRequired);
      return {
        insurer: form.insurer,
        kind: form.kind,
        premiumCents: form.premium ?? 0,
        payInFull: form.payInFull,
        monthlyFeeCents: form.monthly ? (form.monthlyFee ?? 0) : null,
        termStart: form.termStart,
        termEnd: form.termEnd,
        validUntil: form.validUntil,
        notes: form.notes || null,
        lines: included,
      };
    }),
  );
}

/** A quote as the visitor and the desk read it. */
export interface InsurerQuote extends InsurerQuoteInput {
  id: string;
  status: InsurerQuoteStatus;
  publishedAt: Date | null;
  updatedAt: Date;
}

/** Whether a quote's validity has run out on `today` (the agency's day): valid through its day. */
export function isExpired(quote: Pick<InsurerQuote, "validUntil">, today: string): boolean {
  return quote.validUntil < today;
}

/** A day (YYYY-MM-DD) in words: "December 1, 2026". */
export function dayText(day: string, locale: Locale = BASE_LOCALE): string {
  return new Date(`${day}T00:00:00Z`).toLocaleDateString(`${locale}-US`, {
    timeZone: "UTC",
    year: "numeric",
    month: "long",
    day: "numeric",
  });
}

/** The ways to pay a quote, in words. */
export function paymentOptionsText(
  quote: Pick<InsurerQuote, "payInFull" | "monthlyFeeCents">,
  locale: Locale = BASE_LOCALE,
): string[] {
  const words = { locale };
  const options: string[] = [];
  if (quote.payInFull) options.push(m.quotes_pay_in_full({}, words));
  if (quote.monthlyFeeCents !== null) {
    options.push(
      quote.monthlyFeeCents === 0
        ? m.quotes_pay_monthly_no_fee({}, words)
        : m.quotes_pay_monthly_fee({ fee: formatCents(quote.monthlyFeeCents) }, words),
    );
  }
  return options;
}

/** A line's limits and deductible in words, or "Not included", in `locale`. */
export function lineCoverText(
  quote: Pick<InsurerQuote, "lines">,
  line: string,
  locale: Locale = BASE_LOCALE,
): string {
  const words = { locale };
  const entry = quote.lines.find((candidate) => candidate.line === line);
  if (!entry) return m.quotes_cover_not_included({}, words);
  const parts: string[] = [];
  if (entry.occurrenceCents !== null) {
    parts.push(m.quotes_cover_occurrence({ amount: formatCents(entry.occurrenceCents) }, words));
  }
  if (entry.aggregateCents !== null) {
    parts.push(m.quotes_cover_aggregate({ amount: formatCents(entry.aggregateCents) }, words));
  }
  // What the agent typed from the insurer's quote, as typed.
  if (entry.limitText) parts.push(entry.limitText);
  parts.push(
    entry.deductibleCents === null || entry.deductibleCents === 0
      ? m.quotes_cover_no_deductible({}, words)
      : m.quotes_cover_deductible({ amount: formatCents(entry.deductibleCents) }, words),
  );
  return parts.join("; ");
}

/** One row of the comparison: what it compares, each quote's value, and whether they differ. */
export interface ComparisonRow {
  label: string;
  values: string[];
  /** More than one quote, and not all the same: the row is marked, in words as well as looks. */
  differs: boolean;
}

/**
 * The published quotes side by side, row by row (the same rows for the table on a wide screen and
 * the cards on a phone): the kind in words, the premium, the ways to pay, the term, the validity,
 * then each line any quote covers (in the request's order) and the notes.
 */
export function comparisonRows(
  quotes: readonly InsurerQuote[],
  requestLines: readonly string[],
  today: string,
  locale: Locale = BASE_LOCALE,
): ComparisonRow[] {
  const words = { locale };
  const day = (value: string) => dayText(value, locale);
  const row = (label: string, value: (quote: InsurerQuote) => string): ComparisonRow => {
    const values = quotes.map(value);
    return { label, values, differs: values.length > 1 && new Set(values).size > 1 };
  };
  const covered = requestLines.filter((line) =>
    quotes.some((quote) => quote.lines.some((entry) => entry.line === line)),
  );
  return [
    row(m.quotes_row_kind({}, words), (quote) => quoteKindWords(quote.kind, locale)),
    row(m.quotes_row_premium({}, words), (quote) => formatCents(quote.premiumCents)),
    row(m.quotes_row_payment({}, words), (quote) => paymentOptionsText(quote, locale).join("; ")),
    row(m.quotes_row_term({}, words), (quote) =>
      m.quotes_term({ start: day(quote.termStart), end: day(quote.termEnd) }, words),
    ),
    row(m.quotes_row_valid({}, words), (quote) =>
      isExpired(quote, today)
        ? m.quotes_expired_on({ day: day(quote.validUntil) }, words)
        : day(quote.validUntil),
    ),
    ...covered.map((line) =>
      row(lineName(line, locale), (quote) => lineCoverText(quote, line, locale)),
    ),
    // The agent's words from the insurer's quote, as typed.
    row(m.quotes_row_notes({}, words), (quote) => quote.notes ?? m.quotes_notes_none({}, words)),
  ];
}

/**
 * The email that tells the visitor their quotes are ready: greeted by first name, how many quotes
 * for which request, a one-time link that signs them in to compare them (its address proves their
 * email, decision 030), and the agency's identity. No price in the email: the page shows each
 * quote with what it is, and an estimate's price never travels without that.
 */
export function quotesReadyEmail(options: {
  firstName: string | null;
  reference: string;
  count: number;
  link: string;
  linkDays: number;
  agency: Agency;
  /** The producer of record who published them, with the licence for the business's state. */
  producer?: ProducerOfRecord | undefined;
  /** The application's language: the visitor reads the email in it (issue 31). */
  locale?: Locale;
}): RenderedEmail {
  const { agency, reference, locale = BASE_LOCALE } = options;
  const quotes =
    options.count === 1
      ? m.quotes_ready_one({}, { locale })
      : m.quotes_ready_many({ count: options.count }, { locale });
  return renderEmail({
    subject: m.quotes_ready_subject({ reference }, { locale }),
    paragraphs: [
      [greeting(options.firstName, locale)],
      [m.quotes_ready_body({ quotes, reference }, { locale })],
      [{ link: options.link }],
      [m.quotes_ready_once({ days: options.linkDays }, { locale })],
      ...(options.producer ? [[producerLine(options.producer, locale)]] : []),
      [m.email_questions_call({ phone: agency.phone }, { locale })],
    ],
    footer: agencyLines(agency, locale),
  });
}

/**
 * The producer of record in a sentence, for the visitor's quotes, bind and policy emails and pages:
 * "Your licensed producer: Dana Reyes, California licence 0K12345." (decision 063).
 */
export function producerLine(
  producer: { name: string; state: string; licenseNumber: string },
  locale: Locale = BASE_LOCALE,
): string {
  const state = stateOfCode(producer.state);
  return m.producer_of_record(
    {
      name: producer.name,
      state: state ? stateName(state, locale) : producer.state,
      license: producer.licenseNumber,
    },
    { locale },
  );
}

/** Why a visitor declines every quote: optional, one of these, each with its words. */
export const DECLINE_REASONS = [
  { id: "price", term: m.quotes_reason_price },
  { id: "coverage", term: m.quotes_reason_coverage },
  { id: "bought-elsewhere", term: m.quotes_reason_elsewhere },
  { id: "other", term: m.quotes_reason_other },
] as const;
export type DeclineReason = (typeof DECLINE_REASONS)[number]["id"];

/** What a decline without a reason keeps (`quote_requests.lost_reason`): set only by a decline. */
export const NO_REASON_GIVEN = "none-given";

export function declineReasonLabel(reason: string | null, locale: Locale = BASE_LOCALE): string {
  const term = DECLINE_REASONS.find((entry) => entry.id === reason)?.term ?? m.quotes_reason_none;
  return term({}, { locale });
}

/** The visitor's "None of these suit me" form: a reason may be left out. */
export function declineFormSchema(locale: Locale = BASE_LOCALE) {
  return z.object({
    reason: z.optional(
      z.enum(DECLINE_REASONS.map((entry) => entry.id) as [DeclineReason, ...DeclineReason[]], {
        error: m.quotes_decline_reason_invalid({}, { locale }),
      }),
    ),
  });
}

/** What declining says, in `locale`. */
export function declineMessages(locale: Locale = BASE_LOCALE) {
  return {
    declined: m.quotes_declined({}, { locale }),
    notOpen: m.quotes_decline_closed({}, { locale }),
  };
}
