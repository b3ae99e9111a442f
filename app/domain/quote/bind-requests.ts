/**
 * The visitor's request to bind a quote (issue 29, decision 044): which quote, how they will pay,
 * when cover should start, and the statements they confirm, signed by typing their full name. The
 * exact words they saw are kept with the request as evidence. Nothing here binds cover: the agency
 * asks the insurer, and cover starts only when the agency confirms it in writing. Pure TypeScript.
 */
import {
  dayText,
  formatCents,
  type InsurerQuote,
  type QuoteLine,
} from "#app/domain/quote/insurer-quotes.ts";
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

/** The request-to-bind form, checked the same in the browser and on the server, in `locale`. */
export function bindFormSchema(
  quote: Pick<InsurerQuote, "payInFull" | "monthlyFeeCents">,
  today: string,
  locale: Locale = BASE_LOCALE,
) {
  const messages = bindMessages(locale);
  const confirmed = () => checkbox().check(z.refine((ticked) => ticked, messages.statement));
  const offered = paymentChoicesOf(quote).map((choice) => choice.id);
  return z.object({
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
      [m.email_questions_call({ phone: agency.phone }, { locale })],
    ],
    footer: agencyLines(agency, locale),
  });
}

export const POLICY_NUMBER_MAX_LENGTH = 60;

export const policyMessages = {
  number: "Please enter the policy number the insurer gave",
  start: "Please enter the day cover starts",
  end: "Please enter a day after the start",
  pdf: "Please attach the policy document, a PDF",
  noRequest: "The visitor has not asked to bind a quote on this request.",
  alreadyBound: "This request to bind is already bound.",
} as const;

/** The desk's "Mark bound" form: the policy's number and dates (the PDF comes with it). */
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
      [m.policy_email_once({ phone: agency.phone }, { locale })],
    ],
    footer: agencyLines(agency, locale),
  });
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
}

/** A request to bind, with its evidence and, once bound, the policy. */
export interface BindRequest {
  id: string;
  reference: string;
  insurerQuoteId: string;
  quoteSeen: QuoteSeen;
  payment: PaymentChoice;
  startDate: string;
  statements: { id: string; text: string }[];
  signatureName: string;
  signedAt: Date;
  clientAddress: string;
  userAgent: string | null;
  status: "requested" | "bound";
  policy: { number: string; start: string; end: string; boundAt: Date; boundBy: string } | null;
}
