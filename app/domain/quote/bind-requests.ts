/**
 * The visitor's request to bind a quote (issue 29, decision 044): which quote, how they will pay,
 * when cover should start, and the statements they confirm, signed by typing their full name. The
 * exact words they saw are kept with the request as evidence. Nothing here binds cover: the agency
 * asks the insurer, and cover starts only when the agency confirms it in writing. Pure TypeScript.
 */
import {
  dayText,
  formatCents,
  producerLine,
  type InsurerQuote,
  type QuoteLine,
} from "#app/domain/quote/insurer-quotes.ts";
import type { ProducerOfRecord } from "#app/domain/leads/producer-licenses.ts";
import { possessive } from "#app/domain/site/possessive.ts";
import { BIND_PATH_PATTERN, POLICY_PATH } from "#app/domain/wizard/wizard-screens.ts";
import { agencyLines, type Agency } from "#app/domain/site/agency.ts";
import { greeting, renderEmail, type RenderedEmail } from "#app/domain/site/email-content.ts";
import { addDays, isDay } from "#app/domain/values/days.ts";
import { checkbox, requiredText } from "#app/domain/values/fields.ts";
import { z } from "#app/domain/values/zod.ts";
import { BASE_LOCALE, type Locale } from "#app/domain/site/locales.ts";
import { m } from "#app/paraglide/messages.js";

export { POLICY_PATH };

/** Where the visitor asks to bind one quote. */
export function bindPath(quoteId: string): string {
  return BIND_PATH_PATTERN.replace(":quoteId", quoteId);
}

/** How the visitor will pay the insurer: one of the ways the quote offers. */
export const PAYMENT_CHOICES = [
  { id: "in-full", label: "In full" },
  { id: "monthly", label: "Monthly" },
] as const;
export type PaymentChoice = (typeof PAYMENT_CHOICES)[number]["id"];

/** The ways of paying a quote offers, in words, in `locale` ("Monthly, with a fee of $9"). */
export function paymentChoicesOf(
  quote: Pick<InsurerQuote, "payInFull" | "monthlyFeeCents">,
  locale: Locale = BASE_LOCALE,
): { id: PaymentChoice; label: string }[] {
  const words = { locale };
  const choices: { id: PaymentChoice; label: string }[] = [];
  if (quote.payInFull) choices.push({ id: "in-full", label: m.quotes_pay_in_full({}, words) });
  if (quote.monthlyFeeCents !== null) {
    choices.push({
      id: "monthly",
      label:
        quote.monthlyFeeCents === 0
          ? m.bind_payment_monthly_no_fee({}, words)
          : m.quotes_pay_monthly_fee({ fee: formatCents(quote.monthlyFeeCents) }, words),
    });
  }
  return choices;
}

/** The longest signature (a full name) kept. */
export const SIGNATURE_MAX_LENGTH = 200;

/** How far ahead cover may be asked to start, as for a quote request. */
export const BIND_START_MAX_DAYS = 365;

/** The statements the visitor confirms, each its own checkbox (named by its id). */
export const BIND_STATEMENT_IDS = ["answers-true", "ask-insurer", "not-covered-yet"] as const;
export type BindStatementId = (typeof BIND_STATEMENT_IDS)[number];

const STATEMENT_TERMS = {
  "answers-true": m.bind_statement_answers_true,
  "ask-insurer": m.bind_statement_ask_insurer,
  "not-covered-yet": m.bind_statement_not_covered,
} satisfies Record<BindStatementId, unknown>;

/**
 * The statements' words, naming the agency and the insurer, in `locale`: the words kept as
 * evidence are the words the visitor saw, in the language they saw them.
 */
export function bindStatements(
  agencyName: string,
  insurer: string,
  locale: Locale = BASE_LOCALE,
): { id: BindStatementId; text: string }[] {
  return BIND_STATEMENT_IDS.map((id) => ({
    id,
    text: STATEMENT_TERMS[id]({ agency: agencyName, insurer }, { locale }),
  }));
}

/** The request to bind's messages, in `locale`. */
export function bindMessages(locale: Locale = BASE_LOCALE) {
  const words = { locale };
  return {
    statement: m.bind_error_statement({}, words),
    consent: m.bind_error_consent({}, words),
    documents: m.bind_error_documents({}, words),
    tria: m.bind_error_tria({}, words),
    signature: m.bind_error_signature({}, words),
    payment: m.bind_error_payment({}, words),
    start: m.bind_error_start({}, words),
    expired: m.bind_expired({}, words),
    estimate: m.bind_estimate({}, words),
    notFound: m.bind_not_found({}, words),
    closed: m.bind_closed({}, words),
    already: m.bind_already({}, words),
  };
}

/**
 * The consent to do business and sign electronically, and the choice of how documents come
 * (decision 065): UETA section 5 (electronic means only between parties who agreed to use them)
 * and section 7 (an electronic signature satisfies a law that asks for a signature); E-SIGN, 15
 * U.S.C. 7001(c)(1), for the statement a consumer reads before consenting to electronic records:
 * the right to paper, to withdraw and how, what the consent covers, how to get a paper copy and
 * its fee, and what is needed to open the records. Sources: docs/decisions/065-a-binder-before-the-policy.md.
 */
export const DOCUMENTS_BY = ["electronic", "paper"] as const;
export type DocumentsBy = (typeof DOCUMENTS_BY)[number];

/** The consent's words as the visitor reads them, in `locale`: these are kept with the signature. */
export function esignConsentWords(
  agency: Pick<Agency, "name" | "phone">,
  locale: Locale = BASE_LOCALE,
): { disclosure: string; agreement: string; documents: Record<DocumentsBy, string> } {
  const words = { locale };
  return {
    disclosure: m.bind_esign_disclosure({ agency: agency.name, phone: agency.phone }, words),
    agreement: m.bind_esign_agreement({ agency: agency.name }, words),
    documents: {
      electronic: m.bind_documents_electronic({}, words),
      paper: m.bind_documents_paper({}, words),
    },
  };
}

/** The consent as kept with a request to bind: the words read, agreed to and chosen. */
export interface EsignConsent {
  disclosure: string;
  agreement: string;
  documents: string;
}

/** The consent kept for the visitor's choice of documents. */
export function keptConsent(
  words: ReturnType<typeof esignConsentWords>,
  documentsBy: DocumentsBy,
): EsignConsent {
  return {
    disclosure: words.disclosure,
    agreement: words.agreement,
    documents: words.documents[documentsBy],
  };
}

/**
 * The insurer's terrorism (TRIA) offer on a quote, where it made one: the Terrorism Risk Insurance
 * Act, section 103(c), has the insurer make terrorism cover available, and 103(b) and 31 CFR part
 * 50 subpart B its premium disclosed; the insured accepts or rejects it. The desk enters the offer
 * with the quote (`terrorism`); a quote saved before issue 55, or one with no offer, has none.
 */
export interface TriaOffer {
  premiumCents: number;
}

export function triaOfferOf(quote: Pick<InsurerQuote, "terrorism">): TriaOffer | null {
  const offer = quote.terrorism;
  if (!offer?.offered || offer.premiumCents === null) return null;
  return { premiumCents: offer.premiumCents };
}

export const TRIA_CHOICES = ["accepted", "rejected"] as const;
export type TriaChoice = (typeof TRIA_CHOICES)[number];

/** The TRIA choice's words, in `locale`. */
export function triaChoiceLabels(offer: TriaOffer, locale: Locale = BASE_LOCALE) {
  const premium = formatCents(offer.premiumCents);
  return {
    accepted: m.bind_tria_accept({ premium }, { locale }),
    rejected: m.bind_tria_reject({}, { locale }),
  } satisfies Record<TriaChoice, string>;
}

/** The request-to-bind form, checked the same in the browser and on the server, in `locale`. */
export function bindFormSchema(
  quote: Pick<InsurerQuote, "payInFull" | "monthlyFeeCents" | "terrorism">,
  today: string,
  locale: Locale = BASE_LOCALE,
) {
  const messages = bindMessages(locale);
  const confirmed = () => checkbox().check(z.refine((ticked) => ticked, messages.statement));
  const offered = paymentChoicesOf(quote).map((choice) => choice.id);
  // Without an offer any answer is ignored: the store keeps a choice only for a quote with one.
  const tria = triaOfferOf(quote)
    ? z.enum(TRIA_CHOICES, { error: messages.tria })
    : z.optional(z.enum(TRIA_CHOICES));
  return z.object({
    "esign-consent": checkbox().check(z.refine((ticked) => ticked, messages.consent)),
    documents: z.enum(DOCUMENTS_BY, { error: messages.documents }),
    tria,
    payment: z
      .string({ error: messages.payment })
      .check(z.refine((value) => offered.some((id) => id === value), messages.payment)),
    start: z
      .string({ error: messages.start })
      .check(
        z.refine(
          (value) => isDay(value) && value >= today && value <= addDays(today, BIND_START_MAX_DAYS),
          messages.start,
        ),
      ),
    "answers-true": confirmed(),
    "ask-insurer": confirmed(),
    "not-covered-yet": confirmed(),
    signature: requiredText(messages.signature, SIGNATURE_MAX_LENGTH, locale),
  });
}

/** The bind request's reference: the request's, with "-B". */
export function bindReference(requestReference: string): string {
  return `${requestReference}-B`;
}

/** The email that tells the visitor their request to bind is with the agency: not cover. */
export function bindRequestedEmail(options: {
  firstName: string | null;
  reference: string;
  insurer: string;
  agency: Agency;
  /** The application's language: the visitor reads the email in it (issue 31). */
  locale?: Locale;
  /** The request's licensed producer of record, named with their licence (decision 063). */
  producer?: ProducerOfRecord | undefined;
}): RenderedEmail {
  const { reference, insurer, agency, locale = BASE_LOCALE } = options;
  return renderEmail({
    subject: m.bind_email_subject({ reference }, { locale }),
    paragraphs: [
      [greeting(options.firstName, locale)],
      [
        m.bind_email_thanks(
          { insurer, ofInsurer: possessive(insurer, locale), reference },
          { locale },
        ),
      ],
      [m.bind_email_not_covered({ insurer }, { locale })],
      ...producerParagraph(options.producer, locale),
      [m.email_questions_call({ phone: agency.phone }, { locale })],
    ],
    footer: agencyLines(agency, locale),
  });
}

export const POLICY_NUMBER_MAX_LENGTH = 60;
export const BINDER_NUMBER_MAX_LENGTH = 60;
export const DECLINE_REASON_MAX_LENGTH = 1000;
/** How many days before a binder expires the desk warns that the policy has not come. */
export const BINDER_WARNING_DAYS = 7;

export const policyMessages = {
  number: "Please enter the policy number the insurer gave",
  start: "Please enter the day cover starts",
  end: "Please enter a day after the start",
  pdf: "Please attach the policy document, a PDF",
  binderNumber: "Please enter the binder's number the insurer gave",
  binderEffective: "Please enter the day the binder's cover starts",
  binderExpires: "Please enter the day the binder expires, on or after the day it starts",
  declineKind: "Please say whether the insurer declined or changed the terms",
  declineReason: "Please give the insurer's reason, as the visitor will read it",
  noRequest: "The visitor has not asked to bind a quote on this request.",
  alreadyBound: "This request to bind is already bound.",
  notBound: "Mark the request bound with the insurer's binder first.",
  hasPolicy: "This policy has been added already.",
  notWaiting: "Only a request to bind still waiting for the insurer can be declined.",
} as const;

/** The desk's "Mark bound" form: the insurer's binder (its number, when it starts and expires). */
export const binderFormSchema = z
  .object({
    binderNumber: requiredText(policyMessages.binderNumber, BINDER_NUMBER_MAX_LENGTH),
    binderEffective: z
      .string({ error: policyMessages.binderEffective })
      .check(z.refine(isDay, policyMessages.binderEffective)),
    binderExpires: z
      .string({ error: policyMessages.binderExpires })
      .check(z.refine(isDay, policyMessages.binderExpires)),
  })
  .check(
    z.refine((binder) => binder.binderExpires >= binder.binderEffective, {
      message: policyMessages.binderExpires,
      path: ["binderExpires"],
    }),
  );

/** The desk's "Add the policy" form, once the insurer issues it: its number and dates (and PDF). */
export const bindPolicyFormSchema = z
  .object({
    policyNumber: requiredText(policyMessages.number, POLICY_NUMBER_MAX_LENGTH),
    policyStart: z
      .string({ error: policyMessages.start })
      .check(z.refine(isDay, policyMessages.start)),
    policyEnd: z.string({ error: policyMessages.end }).check(z.refine(isDay, policyMessages.end)),
  })
  .check(
    z.refine((policy) => policy.policyEnd > policy.policyStart, {
      message: policyMessages.end,
      path: ["policyEnd"],
    }),
  );

/** How the insurer answered a request to bind other than by binding it. */
export const DECLINE_KINDS = ["declined", "changed-terms"] as const;
export type DeclineKind = (typeof DECLINE_KINDS)[number];
export const DECLINE_KIND_LABELS = {
  declined: "The insurer declined to bind it",
  "changed-terms": "The insurer will bind only on changed terms",
} as const satisfies Record<DeclineKind, string>;

/** The desk's "The insurer declined or changed the terms" form. */
export const bindDeclineFormSchema = z.object({
  kind: z.enum(DECLINE_KINDS, { error: policyMessages.declineKind }),
  reason: requiredText(policyMessages.declineReason, DECLINE_REASON_MAX_LENGTH),
});

/** Where a binder stands against its expiry, on `today`: fine, expiring within the warning, or past. */
export function binderStanding(expires: string, today: string): "fine" | "expiring" | "expired" {
  if (expires < today) return "expired";
  return expires <= addDays(today, BINDER_WARNING_DAYS) ? "expiring" : "fine";
}

/** The email that tells the visitor the insurer bound their cover under a binder; the policy follows. */
export function binderEmail(options: {
  firstName: string | null;
  insurer: string;
  binder: { number: string; effective: string; expires: string };
  link: string;
  agency: Agency;
  locale?: Locale;
  /** The request's licensed producer of record, named with their licence (decision 063). */
  producer?: ProducerOfRecord | undefined;
}): RenderedEmail {
  const { insurer, binder, agency, locale = BASE_LOCALE } = options;
  return renderEmail({
    subject: m.binder_email_subject({ number: binder.number }, { locale }),
    paragraphs: [
      [greeting(options.firstName, locale)],
      [
        m.binder_email_body(
          {
            insurer,
            number: binder.number,
            effective: dayText(binder.effective, locale),
            expires: dayText(binder.expires, locale),
          },
          { locale },
        ),
      ],
      [m.binder_email_policy_follows({ insurer }, { locale })],
      [{ link: options.link }],
      ...producerParagraph(options.producer, locale),
      [m.policy_email_once({ phone: agency.phone }, { locale })],
    ],
    footer: agencyLines(agency, locale),
  });
}

/** The email that tells the visitor the insurer declined, or changed the terms of, their request. */
export function bindDeclinedEmail(options: {
  firstName: string | null;
  insurer: string;
  reference: string;
  kind: DeclineKind;
  reason: string;
  link: string;
  agency: Agency;
  locale?: Locale;
}): RenderedEmail {
  const { insurer, reference, agency, locale = BASE_LOCALE } = options;
  const words = { locale };
  return renderEmail({
    subject: m.bind_declined_email_subject({ reference }, words),
    paragraphs: [
      [greeting(options.firstName, locale)],
      [
        options.kind === "declined"
          ? m.bind_declined_said({ insurer }, words)
          : m.bind_changed_terms_said({ insurer }, words),
      ],
      [m.bind_declined_reason({ reason: options.reason }, words)],
      [m.bind_declined_not_covered({ insurer }, words)],
      [
        options.kind === "declined"
          ? m.bind_declined_next({}, words)
          : m.bind_changed_terms_next({}, words),
      ],
      [{ link: options.link }],
      [m.email_questions_call({ phone: agency.phone }, words)],
    ],
    footer: agencyLines(agency, locale),
  });
}

/** The email that tells the visitor their policy is bound, with a link to see it. */
export function policyBoundEmail(options: {
  firstName: string | null;
  insurer: string;
  policyNumber: string;
  start: string;
  end: string;
  link: string;
  agency: Agency;
  /** The application's language: the visitor reads the email in it (issue 31). */
  locale?: Locale;
  /** The request's licensed producer of record, named with their licence (decision 063). */
  producer?: ProducerOfRecord | undefined;
}): RenderedEmail {
  const { insurer, policyNumber: number, agency, locale = BASE_LOCALE } = options;
  return renderEmail({
    subject: m.policy_email_subject({ number }, { locale }),
    paragraphs: [
      [greeting(options.firstName, locale)],
      [
        m.policy_email_body(
          {
            insurer,
            number,
            start: dayText(options.start, locale),
            end: dayText(options.end, locale),
          },
          { locale },
        ),
      ],
      [{ link: options.link }],
      ...producerParagraph(options.producer, locale),
      [m.policy_email_once({ phone: agency.phone }, { locale })],
    ],
    footer: agencyLines(agency, locale),
  });
}

/** The producer's sentence as an email's paragraph, where the request names one. */
function producerParagraph(producer: ProducerOfRecord | undefined, locale: Locale) {
  return producer ? [[producerLine(producer, locale)]] : [];
}

/** The quote as the visitor saw it when they asked to bind it: kept with the request. */
export interface QuoteSeen {
  insurer: string;
  premiumCents: number;
  monthlyFeeCents: number | null;
  termStart: string;
  termEnd: string;
  validUntil: string;
  lines: QuoteLine[];
  /** The insurer's terrorism (TRIA) offer, where the quote made one. */
  tria?: TriaOffer | null;
}

/**
 * A request to bind, with its evidence; once bound, the insurer's binder and, when the insurer
 * issues it, the policy; or the insurer's declining it (or changing its terms).
 */
export interface BindRequest {
  id: string;
  reference: string;
  insurerQuoteId: string;
  quoteSeen: QuoteSeen;
  payment: PaymentChoice;
  startDate: string;
  statements: { id: string; text: string }[];
  /** The consent to sign electronically as the visitor read it; null before issue 55. */
  consent: EsignConsent | null;
  documentsBy: DocumentsBy | null;
  tria: TriaChoice | null;
  signatureName: string;
  signedAt: Date;
  clientAddress: string;
  userAgent: string | null;
  status: "requested" | "bound" | "declined";
  /** When and by whom it was marked bound. */
  bound: { at: Date; by: string } | null;
  binder: { number: string; effective: string; expires: string } | null;
  policy: { number: string; start: string; end: string; boundAt: Date; boundBy: string } | null;
  declined: { kind: DeclineKind; reason: string; at: Date; by: string } | null;
}
