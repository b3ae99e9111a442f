/**
 * Questions the agency asks the visitor on a quote request, and their answers (issue 29): an
 * underwriter's "Do you subcontract roofing work?" asked at the desk, answered on the site. An
 * answer, once sent, is kept as sent: it is what the insurer relied on. Pure TypeScript.
 */
import { agencyLines, type Agency } from "#app/domain/site/agency.ts";
import { greeting, renderEmail, type RenderedEmail } from "#app/domain/site/email-content.ts";
import { requiredText } from "#app/domain/values/fields.ts";
import { z } from "#app/domain/values/zod.ts";
import { BASE_LOCALE, type Locale } from "#app/domain/site/locales.ts";
import { m } from "#app/paraglide/messages.js";

export const QUESTION_MAX_LENGTH = 1000;
export const ANSWER_MAX_LENGTH = 2000;

/** The desk's "Ask the visitor" form. */
export const askQuestionFormSchema = z.object({
  question: requiredText("Please type the question", QUESTION_MAX_LENGTH),
});

/** The visitor's answer to one question (which one: `question`, its id). */
export function answerFormSchema(locale: Locale = BASE_LOCALE) {
  return z.object({
    question: requiredText(m.question_error_which({}, { locale }), 64, locale),
    answer: requiredText(m.question_error_answer({}, { locale }), ANSWER_MAX_LENGTH, locale),
  });
}

/** The longest question the customer may ask the agent from their quotes or policy page. */
export const CUSTOMER_QUESTION_MAX_LENGTH = 1000;

/** The customer's own question to their agent (issue 55), in `locale`. */
export function customerQuestionFormSchema(locale: Locale = BASE_LOCALE) {
  return z.object({
    question: requiredText(
      m.customer_question_error({}, { locale }),
      CUSTOMER_QUESTION_MAX_LENGTH,
      locale,
    ),
  });
}

/** What answering says, in `locale`. */
export function questionMessages(locale: Locale = BASE_LOCALE) {
  return {
    notFound: m.question_not_found({}, { locale }),
    notOpen: m.question_closed({}, { locale }),
    answered: m.question_answered({}, { locale }),
  };
}

/**
 * The email that tells the visitor their agent has a question: the reference and a one-time link
 * that signs them in where they answer it. The question itself stays on the site, behind the
 * link, with everything else about the application.
 */
export function questionAskedEmail(options: {
  firstName: string | null;
  reference: string;
  link: string;
  linkDays: number;
  agency: Agency;
  /** The application's language: the visitor reads the email in it (issue 31). */
  locale?: Locale;
}): RenderedEmail {
  const { reference, agency, locale = BASE_LOCALE } = options;
  return renderEmail({
    subject: m.question_email_subject({ reference }, { locale }),
    paragraphs: [
      [greeting(options.firstName, locale)],
      [m.question_email_body({ reference }, { locale })],
      [{ link: options.link }],
      [m.email_link_once_for_days({ days: options.linkDays, phone: agency.phone }, { locale })],
    ],
    footer: agencyLines(agency, locale),
  });
}

/** A question and, once given, its answer. */
export interface RequestQuestion {
  id: string;
  question: string;
  /** The operator's email. */
  askedBy: string;
  askedAt: Date;
  answer: string | null;
  answeredAt: Date | null;
}
