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
import {
  centsAsText,
  centsFromText,
  formatCents,
  formatDollars,
  MAX_CENTS,
} from "#app/domain/values/money.ts";
import {
  CHARGE_PARTS,
  LINE_BASES,
  marketWords,
  MAX_INSTALMENTS,
  MAX_SUBJECTIVITIES,
  paymentWords,
  QUOTE_MARKET_IDS,
  RATING_MAX_LENGTH,
  RATING_SOURCE_MAX_LENGTH,
  SUBJECTIVITY_MAX_LENGTH,
  SUBJECTIVITY_TIMINGS,
  terrorismWords,
  totalCents,
  type ChargeKey,
  type Instalments,
  type LineBasis,
  type QuoteCharges,
  type QuoteMarket,
  type StrengthRating,
  type Subjectivity,
  type SubjectivityTiming,
  type TerrorismOffer,
} from "#app/domain/quote/quote-proposal.ts";
import { BASE_LOCALE, type Locale } from "#app/domain/site/locales.ts";
import { m } from "#app/paraglide/messages.js";
import type { ProducerOfRecord } from "#app/domain/leads/producer-licenses.ts";
import { stateOfCode } from "#app/domain/reference/states.ts";
import { stateName } from "#app/domain/reference/state-names.ts";

export { QUOTES_PATH };
// Money lives in values/money.ts; these names stay importable from here, where quotes use them.
export { centsAsText, centsFromText, formatCents, formatDollars, MAX_CENTS };

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
  marketRequired: "Please say whether the insurer is admitted or non-admitted (surplus lines)",
  surplusOnly: "Only a non-admitted (surplus lines) quote has this tax or fee",
  downPaymentRequired: "Please enter the down payment (0 if none)",
  instalmentCountInvalid: `Please enter how many instalments follow the down payment, 1 to ${MAX_INSTALMENTS}`,
  instalmentAmountRequired: "Please enter the amount of each instalment",
  triaRequired: "Please say whether the insurer offers terrorism (TRIA) cover",
  triaPremiumRequired: "Please enter the terrorism cover's premium (0 if included at no charge)",
  ratingPartRequired: "Please give the rating, its source and the day you read it, or none of them",
  ratingDateFuture: "Please choose today or an earlier date",
  basisRequired: "Please choose occurrence or claims-made",
  retroDateRequired: "Please enter the retroactive date of this claims-made line",
  retroDateAfterStart: "Please choose a retroactive date on or before the term's start",
  timingRequired: "Please say whether the insurer needs this before or after binding",
  subjectivityText: "Please say what the insurer needs",
  published: (count: number) =>
    `${count === 1 ? "One quote" : `${count} quotes`} published, and the visitor emailed.`,
  nothingToPublish: "There is no quote waiting to be published.",
  notOpen: "This request is closed: its quotes can no longer change.",
  notFound: "That quote is no longer there.",
} as const;

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
  basis: z.optional(
    z.enum(
      LINE_BASES.map((basis) => basis.id) as [LineBasis, ...LineBasis[]],
      quoteFormMessages.basisRequired,
    ),
  ),
  retroDate: z.optional(day(quoteFormMessages.dateRequired)),
  audit: checkbox(),
});

/** One subjectivity as the form sends it (names `subjectivity<n>.text`, `.timing`, `.due`). */
const subjectivityFormSchema = z.object({
  text: optionalText(SUBJECTIVITY_MAX_LENGTH),
  timing: z.optional(
    z.enum(
      SUBJECTIVITY_TIMINGS.map((timing) => timing.id) as [
        SubjectivityTiming,
        ...SubjectivityTiming[],
      ],
      quoteFormMessages.timingRequired,
    ),
  ),
  due: z.optional(day(quoteFormMessages.dateRequired)),
});

/** The form's names of the subjectivities' rows: `subjectivity1` to `subjectivity<MAX>`. */
export const SUBJECTIVITY_FIELDS = Array.from(
  { length: MAX_SUBJECTIVITIES },
  (_, index) => `subjectivity${index + 1}`,
);

/** One line of a quote as kept (`insurer_quotes.lines`): amounts in cents, null when not given. */
export interface QuoteLine {
  line: string;
  occurrenceCents: number | null;
  aggregateCents: number | null;
  /** The line's own limit in words, where per occurrence and aggregate do not fit. */
  limitText: string | null;
  deductibleCents: number | null;
  /** Occurrence or claims-made; null on a quote saved before issue 55. */
  basis: LineBasis | null;
  /** A claims-made line's retroactive date (YYYY-MM-DD); null otherwise. */
  retroDate: string | null;
  /** Whether the line's premium is subject to audit (false on a quote saved before issue 55). */
  auditable: boolean;
}

const storedCents = z.nullable(z.number().check(z.int(), z.minimum(0), z.maximum(MAX_CENTS)));
const storedDay = z.string().check(z.refine(isDay));
/**
 * A quote's lines as the database holds them, checked on the way out. Lines saved before issue 55
 * have no basis, retroactive date or audit: read as not recorded.
 */
export const storedLinesSchema = z.array(
  z.pipe(
    z.object({
      line: z.string(),
      occurrenceCents: storedCents,
      aggregateCents: storedCents,
      limitText: z.nullable(z.string().check(z.maxLength(LINE_LIMIT_TEXT_MAX_LENGTH))),
      deductibleCents: storedCents,
      basis: z.optional(z.nullable(z.enum(["occurrence", "claims-made"]))),
      retroDate: z.optional(z.nullable(storedDay)),
      auditable: z.optional(z.boolean()),
    }),
    z.transform((line): QuoteLine => ({
      ...line,
      basis: line.basis ?? null,
      retroDate: line.retroDate ?? null,
      auditable: line.auditable ?? false,
    })),
  ),
);

/** A quote's subjectivities as the database holds them (`insurer_quotes.subjectivities`). */
export const storedSubjectivitiesSchema = z.array(
  z.object({
    text: z.string().check(z.minLength(1), z.maxLength(SUBJECTIVITY_MAX_LENGTH)),
    timing: z.enum(["before-binding", "after-binding"]),
    due: storedDay,
    receivedOn: z.nullable(storedDay),
  }),
);

/** What an operator enters for one insurer's quote. */
export interface InsurerQuoteInput {
  insurer: string;
  kind: QuoteKind;
  /** Admitted or surplus lines; null on a quote saved before issue 55 (not recorded). */
  market: QuoteMarket | null;
  /** The insurer's premium for the term, before taxes and fees. */
  premiumCents: number;
  /** Taxes and fees, as the insurer's quote lists them, and the agency's broker fee. */
  charges: QuoteCharges;
  /** A minimum earned premium, if the insurer keeps one on cancellation. */
  minimumEarnedCents: number | null;
  payInFull: boolean;
  /** The fee for each instalment; null: no instalments (the column's old name says monthly). */
  monthlyFeeCents: number | null;
  /** The instalments' plan; null without instalments, or on a quote saved before issue 55. */
  instalments: Instalments | null;
  termStart: string;
  termEnd: string;
  validUntil: string;
  /** The terrorism (TRIA) offer; null on a quote saved before issue 55. */
  terrorism: TerrorismOffer | null;
  rating: StrengthRating | null;
  subjectivities: Subjectivity[];
  notes: string | null;
  lines: QuoteLine[];
}

/**
 * The desk's quote form for a request asking for `lines` (slugs), on `today` (YYYY-MM-DD, the
 * agency's day): every line of the request has its fieldset; at least one is included, each with a
 * limit, its basis and, if claims-made, its retroactive date (on or before the term's start). The
 * term's end follows its start, within MAX_TERM_DAYS; the quote is valid until today at the
 * earliest. A surplus lines tax or stamping fee only on a surplus lines quote; instalments with
 * their down payment, number, amount and fee per instalment; the terrorism offer with its premium;
 * a rating with its source and day; each subjectivity with its timing and due day.
 */
export function insurerQuoteFormSchema(lines: readonly string[], today: string) {
  const lineShape: Record<string, z.ZodMiniOptional<typeof lineFormSchema>> = {};
  for (const line of lines) lineShape[line] = z.optional(lineFormSchema);
  const subjectivityShape: Record<string, z.ZodMiniOptional<typeof subjectivityFormSchema>> = {};
  for (const name of SUBJECTIVITY_FIELDS)
    subjectivityShape[name] = z.optional(subjectivityFormSchema);
  const chargeShape = Object.fromEntries(
    CHARGE_PARTS.map((part) => [part.field, money(undefined)]),
  ) as Record<(typeof CHARGE_PARTS)[number]["field"], ReturnType<typeof money>>;
  return z.pipe(
    z.object({
      insurer: requiredText(quoteFormMessages.insurerRequired, INSURER_MAX_LENGTH),
      kind: z.enum(["bindable", "estimate"], { error: quoteFormMessages.kindRequired }),
      market: z.enum(QUOTE_MARKET_IDS, { error: quoteFormMessages.marketRequired }),
      premium: money(quoteFormMessages.premiumRequired),
      ...chargeShape,
      minimumEarned: money(undefined),
      payInFull: checkbox(),
      monthly: checkbox(),
      monthlyFee: money(undefined),
      downPayment: money(undefined),
      instalmentCount: z.optional(
        z.string().check(
          z.trim(),
          z.refine(
            (text) =>
              /^\d{1,2}$/.test(text) && Number(text) >= 1 && Number(text) <= MAX_INSTALMENTS,
            {
              error: quoteFormMessages.instalmentCountInvalid,
            },
          ),
        ),
      ),
      instalmentAmount: money(undefined),
      termStart: day(quoteFormMessages.dateRequired),
      termEnd: day(quoteFormMessages.dateRequired),
      validUntil: day(quoteFormMessages.dateRequired).check(
        z.refine((text) => !isDay(text) || text >= today, {
          error: quoteFormMessages.validUntilPast,
        }),
      ),
      tria: z.enum(["offered", "not-offered"], { error: quoteFormMessages.triaRequired }),
      triaPremium: money(undefined),
      rating: optionalText(RATING_MAX_LENGTH),
      ratingSource: optionalText(RATING_SOURCE_MAX_LENGTH),
      ratingDate: z.optional(
        day(quoteFormMessages.dateRequired).check(
          z.refine((text) => !isDay(text) || text <= today, {
            error: quoteFormMessages.ratingDateFuture,
          }),
        ),
      ),
      notes: optionalText(QUOTE_NOTES_MAX_LENGTH),
      ...subjectivityShape,
      ...lineShape,
    }),
    z.transform((form, context): InsurerQuoteInput => {
      const issue = (path: string[], message: string) =>
        context.issues.push({ code: "custom", input: form, path, message });
      if (form.premium === undefined || form.premium < 1) {
        issue(["premium"], quoteFormMessages.premiumRequired);
      }
      const charges = {} as QuoteCharges;
      for (const part of CHARGE_PARTS) {
        const amount = form[part.field];
        if (part.surplusOnly && amount !== undefined && form.market !== "non-admitted") {
          issue([part.field], quoteFormMessages.surplusOnly);
        }
        charges[part.key satisfies ChargeKey] = amount ?? null;
      }
      if (!form.payInFull && !form.monthly) issue(["payInFull"], quoteFormMessages.paymentRequired);
      let instalments: Instalments | null = null;
      if (form.monthly) {
        if (form.monthlyFee === undefined) {
          issue(["monthlyFee"], quoteFormMessages.monthlyFeeRequired);
        }
        if (form.downPayment === undefined) {
          issue(["downPayment"], quoteFormMessages.downPaymentRequired);
        }
        if (form.instalmentCount === undefined) {
          issue(["instalmentCount"], quoteFormMessages.instalmentCountInvalid);
        }
        if (form.instalmentAmount === undefined || form.instalmentAmount < 1) {
          issue(["instalmentAmount"], quoteFormMessages.instalmentAmountRequired);
        }
        instalments = {
          downPaymentCents: form.downPayment ?? 0,
          count: Number(form.instalmentCount ?? 0),
          amountCents: form.instalmentAmount ?? 0,
        };
      }
      if (form.termEnd <= form.termStart) issue(["termEnd"], quoteFormMessages.termEndBeforeStart);
      else if (form.termEnd > addDays(form.termStart, MAX_TERM_DAYS)) {
        issue(["termEnd"], quoteFormMessages.termTooLong);
      }
      if (form.tria === "offered" && form.triaPremium === undefined) {
        issue(["triaPremium"], quoteFormMessages.triaPremiumRequired);
      }
      const rated = [form.rating, form.ratingSource, form.ratingDate].filter(Boolean).length;
      if (rated > 0 && rated < 3) {
        if (!form.rating) issue(["rating"], quoteFormMessages.ratingPartRequired);
        if (!form.ratingSource) issue(["ratingSource"], quoteFormMessages.ratingPartRequired);
        if (!form.ratingDate) issue(["ratingDate"], quoteFormMessages.ratingPartRequired);
      }
      // The lines' and subjectivities' keys are made with the schema: Zod types the object by its
      // fixed fields, and each such entry is read back as the shape given above.
      const fields = form as unknown as Record<string, unknown>;
      const subjectivities: Subjectivity[] = [];
      for (const name of SUBJECTIVITY_FIELDS) {
        const entry = fields[name] as z.output<typeof subjectivityFormSchema> | undefined;
        if (!entry?.text) {
          if (entry?.due !== undefined) issue([name, "text"], quoteFormMessages.subjectivityText);
          continue;
        }
        if (entry.timing === undefined) issue([name, "timing"], quoteFormMessages.timingRequired);
        if (entry.due === undefined) issue([name, "due"], quoteFormMessages.dateRequired);
        subjectivities.push({
          text: entry.text,
          timing: entry.timing ?? "before-binding",
          due: entry.due ?? "",
          receivedOn: null,
        });
      }
      const included: QuoteLine[] = [];
      for (const line of lines) {
        const entry = fields[line] as z.output<typeof lineFormSchema> | undefined;
        if (!entry?.included) continue;
        if (
          entry.occurrence === undefined &&
          entry.aggregate === undefined &&
          entry.limit === undefined
        ) {
          issue([line, "occurrence"], quoteFormMessages.lineLimitRequired);
        }
        if (entry.basis === undefined) issue([line, "basis"], quoteFormMessages.basisRequired);
        const claimsMade = entry.basis === "claims-made";
        if (claimsMade && entry.retroDate === undefined) {
          issue([line, "retroDate"], quoteFormMessages.retroDateRequired);
        } else if (
          claimsMade &&
          entry.retroDate !== undefined &&
          entry.retroDate > form.termStart
        ) {
          issue([line, "retroDate"], quoteFormMessages.retroDateAfterStart);
        }
        included.push({
          line,
          occurrenceCents: entry.occurrence ?? null,
          aggregateCents: entry.aggregate ?? null,
          limitText: entry.limit || null,
          deductibleCents: entry.deductible ?? null,
          basis: entry.basis ?? null,
          // A retroactive date belongs to a claims-made line only.
          retroDate: claimsMade ? (entry.retroDate ?? null) : null,
          auditable: entry.audit,
        });
      }
      if (included.length === 0) issue(["lines"], quoteFormMessages.linesRequired);
      return {
        insurer: form.insurer,
        kind: form.kind,
        market: form.market,
        premiumCents: form.premium ?? 0,
        charges,
        minimumEarnedCents: form.minimumEarned ?? null,
        payInFull: form.payInFull,
        monthlyFeeCents: form.monthly ? (form.monthlyFee ?? 0) : null,
        instalments,
        termStart: form.termStart,
        termEnd: form.termEnd,
        validUntil: form.validUntil,
        terrorism:
          form.tria === "offered"
            ? { offered: true, premiumCents: form.triaPremium ?? 0 }
            : { offered: false, premiumCents: null },
        rating:
          form.rating && form.ratingSource && form.ratingDate
            ? { rating: form.rating, source: form.ratingSource, asOf: form.ratingDate }
            : null,
        subjectivities,
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

/** The ways to pay a quote, in words: the fee per instalment and what instalments come to. */
export function paymentOptionsText(
  quote: Pick<InsurerQuote, "payInFull" | "monthlyFeeCents" | "instalments">,
  locale: Locale = BASE_LOCALE,
): string[] {
  return paymentWords(quote, locale);
}

/**
 * A line's basis, limits, deductible and audit in words, or "Not included", in `locale`. A
 * claims-made line's limits are per claim, with its retroactive date.
 */
export function lineCoverText(
  quote: Pick<InsurerQuote, "lines">,
  line: string,
  locale: Locale = BASE_LOCALE,
): string {
  const words = { locale };
  const entry = quote.lines.find((candidate) => candidate.line === line);
  if (!entry) return m.quotes_cover_not_included({}, words);
  const claimsMade = entry.basis === "claims-made";
  const parts: string[] = [];
  if (entry.basis !== null) {
    parts.push(
      claimsMade && entry.retroDate
        ? m.quotes_cover_claims_made_retro({ day: dayText(entry.retroDate, locale) }, words)
        : (LINE_BASES.find((basis) => basis.id === entry.basis)?.words({}, words) ?? entry.basis),
    );
  }
  if (entry.occurrenceCents !== null) {
    const amount = formatCents(entry.occurrenceCents);
    parts.push(
      claimsMade
        ? m.quotes_cover_per_claim({ amount }, words)
        : m.quotes_cover_occurrence({ amount }, words),
    );
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
  if (entry.auditable) parts.push(m.quotes_cover_audit({}, words));
  return parts.join("; ");
}

/** The rating as the agent typed it, with its source and day, or that none was given. */
export function ratingText(rating: StrengthRating | null, locale: Locale = BASE_LOCALE): string {
  const words = { locale };
  if (rating === null) return m.quotes_rating_none({}, words);
  // The rating agency's own words, as the agent typed them.
  return m.quotes_rating(
    { rating: rating.rating, source: rating.source, day: dayText(rating.asOf, locale) },
    words,
  );
}

/** The subjectivities in words: each with when the insurer needs it and its due day. */
export function subjectivitiesText(
  subjectivities: readonly Subjectivity[],
  locale: Locale = BASE_LOCALE,
): string {
  const words = { locale };
  if (subjectivities.length === 0) return m.quotes_subjectivities_none({}, words);
  return subjectivities
    .map((entry) =>
      m.quotes_subjectivity(
        {
          // The insurer's words, as the agent typed them.
          text: entry.text,
          timing:
            SUBJECTIVITY_TIMINGS.find((timing) => timing.id === entry.timing)?.words({}, words) ??
            entry.timing,
          day: dayText(entry.due, locale),
        },
        words,
      ),
    )
    .join("; ");
}

/** One row of the comparison: what it compares, each quote's value, and whether they differ. */
export interface ComparisonRow {
  /** Stable across languages: the table's and the cards' keys, and a test's handle. */
  id: string;
  label: string;
  values: string[];
  /** More than one quote, and not all the same: the row is marked, in words as well as looks. */
  differs: boolean;
  /** The total the insured pays: set apart from the other rows. */
  total?: boolean;
}

/**
 * The published quotes side by side, row by row (the same rows for the table on a wide screen and
 * the cards on a phone): the kind in words, the market, the premium and each part of the price any
 * quote has, the total, the ways to pay, the term, the validity, the terrorism offer, the rating,
 * each line any quote covers (in the request's order), the subjectivities and the notes.
 */
export function comparisonRows(
  quotes: readonly InsurerQuote[],
  requestLines: readonly string[],
  today: string,
  locale: Locale = BASE_LOCALE,
): ComparisonRow[] {
  const words = { locale };
  const day = (value: string) => dayText(value, locale);
  const row = (
    id: string,
    label: string,
    value: (quote: InsurerQuote) => string,
    more: { total?: boolean } = {},
  ): ComparisonRow => {
    const values = quotes.map(value);
    return { id, label, values, differs: values.length > 1 && new Set(values).size > 1, ...more };
  };
  const covered = requestLines.filter((line) =>
    quotes.some((quote) => quote.lines.some((entry) => entry.line === line)),
  );
  const none = m.quotes_part_none({}, words);
  const parts = CHARGE_PARTS.filter((part) =>
    quotes.some((quote) => quote.charges[part.key] !== null),
  ).map((part) =>
    row(part.field, part.words({}, words), (quote) => {
      const amount = quote.charges[part.key];
      return amount === null ? none : formatCents(amount);
    }),
  );
  const earned = quotes.some((quote) => quote.minimumEarnedCents !== null)
    ? [
        row("minimumEarned", m.quotes_row_minimum_earned({}, words), (quote) =>
          quote.minimumEarnedCents === null ? none : formatCents(quote.minimumEarnedCents),
        ),
      ]
    : [];
  return [
    row("kind", m.quotes_row_kind({}, words), (quote) => quoteKindWords(quote.kind, locale)),
    row("market", m.quotes_row_market({}, words), (quote) => marketWords(quote.market, locale)),
    row("premium", m.quotes_row_premium({}, words), (quote) => formatCents(quote.premiumCents)),
    ...parts,
    row("total", m.quotes_row_total({}, words), (quote) => formatCents(totalCents(quote)), {
      total: true,
    }),
    ...earned,
    row("payment", m.quotes_row_payment({}, words), (quote) =>
      paymentOptionsText(quote, locale).join("; "),
    ),
    row("term", m.quotes_row_term({}, words), (quote) =>
      m.quotes_term({ start: day(quote.termStart), end: day(quote.termEnd) }, words),
    ),
    row("valid", m.quotes_row_valid({}, words), (quote) =>
      isExpired(quote, today)
        ? m.quotes_expired_on({ day: day(quote.validUntil) }, words)
        : day(quote.validUntil),
    ),
    row("terrorism", m.quotes_row_tria({}, words), (quote) =>
      terrorismWords(quote.terrorism, locale),
    ),
    row("rating", m.quotes_row_rating({}, words), (quote) => ratingText(quote.rating, locale)),
    ...covered.map((line) =>
      row(`line-${line}`, lineName(line, locale), (quote) => lineCoverText(quote, line, locale)),
    ),
    row("subjectivities", m.quotes_row_subjectivities({}, words), (quote) =>
      subjectivitiesText(quote.subjectivities, locale),
    ),
    // The agent's words from the insurer's quote, as typed.
    row(
      "notes",
      m.quotes_row_notes({}, words),
      (quote) => quote.notes ?? m.quotes_notes_none({}, words),
    ),
  ];
}

/**
 * The surplus lines notice a non-admitted quote carries on the visitor's page (docs/proposal-rules.md):
 * the general notice every state's rule shares (the insurer is not licensed in the state, the state
 * does not regulate it as it does a licensed insurer, and the state's guaranty fund does not pay its
 * claims), and that the state's own notice, in its set words, comes from the agent. Undefined for an
 * admitted quote. The site writes no state's statutory words it has not confirmed.
 */
export function surplusLinesNotice(
  quote: Pick<InsurerQuote, "insurer" | "market">,
  locale: Locale = BASE_LOCALE,
): string | undefined {
  if (quote.market !== "non-admitted") return undefined;
  return m.quotes_surplus_notice({ insurer: quote.insurer }, { locale });
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
