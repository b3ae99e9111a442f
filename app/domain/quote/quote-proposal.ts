/**
 * What a quote tells the insured they are buying (issue 55, decision 062; the rules and their
 * sources in docs/proposal-rules.md): the insurer's market (admitted or surplus lines) and the
 * notice a surplus lines quote carries, the premium's parts and the total they add up to, the
 * instalments, each line's basis (occurrence or claims-made, with its retroactive date) and audit,
 * the terrorism (TRIA) offer, the insurer's financial-strength rating as the agent typed it, and
 * the subjectivities the insurer still needs. Every figure is the insurer's, typed by an agent: the
 * only arithmetic is adding the parts the agent entered. Pure TypeScript.
 */
import { formatCents, sumCents } from "#app/domain/values/money.ts";
import { BASE_LOCALE, type Locale } from "#app/domain/site/locales.ts";
import { m } from "#app/paraglide/messages.js";

/** Where the insurer stands in the insured's state: licensed there, or a surplus lines insurer. */
export const QUOTE_MARKETS = [
  { id: "admitted", label: "Admitted (licensed in the state)", words: m.quotes_market_admitted },
  {
    id: "non-admitted",
    label: "Non-admitted (surplus lines)",
    words: m.quotes_market_non_admitted,
  },
] as const;
export type QuoteMarket = (typeof QUOTE_MARKETS)[number]["id"];
export const QUOTE_MARKET_IDS = QUOTE_MARKETS.map((market) => market.id) as [
  QuoteMarket,
  ...QuoteMarket[],
];

/** The market in words for the visitor; a quote saved before issue 55 has none recorded. */
export function marketWords(market: QuoteMarket | null, locale: Locale = BASE_LOCALE): string {
  const entry = QUOTE_MARKETS.find((candidate) => candidate.id === market);
  return (entry?.words ?? m.quotes_market_unknown)({}, { locale });
}

/**
 * The parts of what the insured pays besides the premium, as the insurer's quote lists them. The
 * surplus lines tax and the stamping fee are only a surplus lines quote's (`surplusOnly`).
 */
export const CHARGE_PARTS = [
  {
    key: "surplusLinesTaxCents",
    field: "surplusLinesTax",
    label: "Surplus lines tax",
    words: m.quotes_part_surplus_tax,
    surplusOnly: true,
  },
  {
    key: "stampingFeeCents",
    field: "stampingFee",
    label: "Stamping fee",
    words: m.quotes_part_stamping_fee,
    surplusOnly: true,
  },
  {
    key: "policyFeeCents",
    field: "policyFee",
    label: "Policy fee",
    words: m.quotes_part_policy_fee,
    surplusOnly: false,
  },
  {
    key: "inspectionFeeCents",
    field: "inspectionFee",
    label: "Inspection fee",
    words: m.quotes_part_inspection_fee,
    surplusOnly: false,
  },
  {
    key: "brokerFeeCents",
    field: "brokerFee",
    label: "The agency's broker fee",
    words: m.quotes_part_broker_fee,
    surplusOnly: false,
  },
] as const;
export type ChargeKey = (typeof CHARGE_PARTS)[number]["key"];

/** The premium's parts besides the premium, in cents; null where the quote has none. */
export type QuoteCharges = Record<ChargeKey, number | null>;

/** Paying in instalments: the down payment, then `count` instalments of `amountCents` each. */
export interface Instalments {
  downPaymentCents: number;
  count: number;
  amountCents: number;
}
/** The most instalments a plan takes (monthly over an 18-month term, with room). */
export const MAX_INSTALMENTS = 36;

/** The terrorism cover (TRIA) the insurer offers: its premium, or that it offers none. */
export interface TerrorismOffer {
  offered: boolean;
  /** The premium for the terrorism cover; null when not offered. */
  premiumCents: number | null;
}

/** The insurer's financial-strength rating as the agent typed it, with its source and day. */
export interface StrengthRating {
  /** As the rating agency writes it, e.g. "A- (Excellent)". */
  rating: string;
  /** Who rated the insurer, e.g. "AM Best". */
  source: string;
  /** The day the agent read the rating (YYYY-MM-DD). */
  asOf: string;
}
export const RATING_MAX_LENGTH = 40;
export const RATING_SOURCE_MAX_LENGTH = 80;

/** When the insurer needs a subjectivity: before it binds, or after (by its due day). */
export const SUBJECTIVITY_TIMINGS = [
  { id: "before-binding", label: "Before binding", words: m.quotes_subjectivity_before },
  { id: "after-binding", label: "After binding", words: m.quotes_subjectivity_after },
] as const;
export type SubjectivityTiming = (typeof SUBJECTIVITY_TIMINGS)[number]["id"];

/** Something the insurer still needs, with its due day, and the day the agency received it. */
export interface Subjectivity {
  text: string;
  timing: SubjectivityTiming;
  /** YYYY-MM-DD. */
  due: string;
  /** The agency's day it was received; null while outstanding. */
  receivedOn: string | null;
}
export const SUBJECTIVITY_MAX_LENGTH = 300;
/** How many subjectivities the desk's form takes for one quote. */
export const MAX_SUBJECTIVITIES = 4;

/** Whether a subjectivity is past its due day, still not received, on `today` (the agency's day). */
export function isOverdue(subjectivity: Subjectivity, today: string): boolean {
  return subjectivity.receivedOn === null && subjectivity.due < today;
}

/** How a line's limits apply: per occurrence, or per claim made during the policy. */
export const LINE_BASES = [
  { id: "occurrence", label: "Occurrence", words: m.quotes_basis_occurrence },
  { id: "claims-made", label: "Claims-made", words: m.quotes_basis_claims_made },
] as const;
export type LineBasis = (typeof LINE_BASES)[number]["id"];

/**
 * The lines usually written claims-made (professional, management and cyber liability): the desk's
 * form starts them on claims-made. The agent picks what the insurer's quote says.
 */
export const CLAIMS_MADE_LINES: readonly string[] = [
  "errors-and-omissions",
  "professional-liability",
  "directors-and-officers",
  "employment-practices-liability",
  "cyber-insurance",
  "fiduciary-liability",
];

/** The lines whose premium is usually subject to audit: the desk's form asks it for all. */
export const USUALLY_AUDITED_LINES: readonly string[] = ["workers-comp", "general-liability"];

/** What the insured pays in all, the parts the agent entered added up (no TRIA: their choice). */
export function totalCents(quote: { premiumCents: number; charges: QuoteCharges }): number {
  return quote.premiumCents + sumCents(CHARGE_PARTS.map((part) => quote.charges[part.key]));
}

/** What instalments come to in all: the down payment, then each instalment with its fee. */
export function instalmentsTotalCents(plan: Instalments, feePerInstalmentCents: number): number {
  return plan.downPaymentCents + plan.count * (plan.amountCents + feePerInstalmentCents);
}

/**
 * The ways to pay in words, with the fee made plain: per instalment, and what it all comes to. A
 * quote saved before issue 55 has a monthly fee without its plan: it says the fee as entered and
 * that the agent can say whether it is per instalment.
 */
export function paymentWords(
  quote: { payInFull: boolean; monthlyFeeCents: number | null; instalments: Instalments | null },
  locale: Locale = BASE_LOCALE,
): string[] {
  const words = { locale };
  const options: string[] = [];
  if (quote.payInFull) options.push(m.quotes_pay_in_full({}, words));
  if (quote.monthlyFeeCents === null) return options;
  const fee = quote.monthlyFeeCents;
  const plan = quote.instalments;
  if (plan === null) {
    options.push(
      fee === 0
        ? m.quotes_pay_monthly_no_fee({}, words)
        : m.quotes_pay_monthly_fee_unclear({ fee: formatCents(fee) }, words),
    );
    return options;
  }
  const parts = {
    down: formatCents(plan.downPaymentCents),
    count: plan.count,
    amount: formatCents(plan.amountCents),
    total: formatCents(instalmentsTotalCents(plan, fee)),
  };
  options.push(
    fee === 0
      ? m.quotes_pay_instalments_no_fee(parts, words)
      : m.quotes_pay_instalments_fee({ ...parts, fee: formatCents(fee) }, words),
  );
  return options;
}

/** The terrorism offer in words: its premium (not in the total), none offered, or not recorded. */
export function terrorismWords(offer: TerrorismOffer | null, locale: Locale = BASE_LOCALE): string {
  const words = { locale };
  if (offer === null) return m.quotes_tria_unknown({}, words);
  if (!offer.offered || offer.premiumCents === null) return m.quotes_tria_none({}, words);
  return offer.premiumCents === 0
    ? m.quotes_tria_free({}, words)
    : m.quotes_tria_offered({ amount: formatCents(offer.premiumCents) }, words);
}

/** A subjectivity as the desk tracks it: whose quote, its place in the quote's list, and whether overdue. */
export interface TrackedSubjectivity extends Subjectivity {
  quoteId: string;
  insurer: string;
  /** Its place in its quote's list (the desk's form names it by this). */
  index: number;
  overdue: boolean;
}

/**
 * The subjectivities the desk tracks on `today` (the agency's day): the chosen quote's once the
 * visitor has asked to bind one, else every quote's that is not withdrawn, in the quotes' order.
 */
export function trackedSubjectivities(
  quotes: readonly {
    id: string;
    insurer: string;
    status: string;
    subjectivities: readonly Subjectivity[];
  }[],
  chosenQuoteId: string | undefined,
  today: string,
): TrackedSubjectivity[] {
  return quotes
    .filter((quote) =>
      chosenQuoteId === undefined ? quote.status !== "withdrawn" : quote.id === chosenQuoteId,
    )
    .flatMap((quote) =>
      quote.subjectivities.map((entry, index) => ({
        ...entry,
        quoteId: quote.id,
        insurer: quote.insurer,
        index,
        overdue: isOverdue(entry, today),
      })),
    );
}
