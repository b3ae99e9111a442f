/**
 * The desk's emails to a visitor (issue 28): templates the agency edits, with placeholders the desk
 * fills from the lead, and the email an operator sends after reading (and, if need be, changing)
 * the filled text. Pure TypeScript: the routes, the data layer and the tests share it.
 */
import { agencyLines, type Agency } from "#app/domain/site/agency.ts";
import {
  renderEmail,
  type EmailParagraph,
  type RenderedEmail,
} from "#app/domain/site/email-content.ts";
import {
  BASE_LOCALE,
  LANGUAGE_NAMES_IN_ENGLISH,
  LOCALES,
  type Locale,
} from "#app/domain/site/locales.ts";
import { z } from "#app/domain/values/zod.ts";

/** The longest template name, subject and body. */
export const TEMPLATE_LIMITS = { name: 80, subject: 150, body: 3000 } as const;

/** What a template may say in braces, each filled from the lead (or said plainly without it). */
export const PLACEHOLDERS = [
  {
    id: "first_name",
    means: "the contact's first name",
    otherwise: { en: "there", es: "estimado cliente" },
  },
  {
    id: "business_name",
    means: "the business's name",
    otherwise: { en: "your business", es: "su negocio" },
  },
  {
    id: "reference",
    means: "the newest quote request's reference",
    otherwise: { en: "your request", es: "su solicitud" },
  },
  { id: "agency_name", means: "the agency's name", otherwise: { en: "", es: "" } },
  { id: "agency_phone", means: "the agency's phone number", otherwise: { en: "", es: "" } },
] as const satisfies readonly { id: string; means: string; otherwise: Record<Locale, string> }[];

export type PlaceholderId = (typeof PLACEHOLDERS)[number]["id"];

const PLACEHOLDER = /\{([a-z_]+)\}/g;

/** The names in braces that are no placeholder (a template with one is refused). */
export function unknownPlaceholders(text: string): string[] {
  const known = new Set<string>(PLACEHOLDERS.map((placeholder) => placeholder.id));
  return [...text.matchAll(PLACEHOLDER)]
    .map((match) => match[1] ?? "")
    .filter((name) => !known.has(name));
}

/** What the placeholders stand for on one lead. */
export type PlaceholderValues = Partial<Record<PlaceholderId, string | null>>;

/** The placeholders' values for a lead and the agency. */
export function placeholderValues(
  lead: { firstName: string | null; businessName: string | null; reference: string | null },
  agency: Pick<Agency, "name" | "phone">,
): PlaceholderValues {
  return {
    first_name: lead.firstName,
    business_name: lead.businessName,
    reference: lead.reference,
    agency_name: agency.name,
    agency_phone: agency.phone,
  };
}

/**
 * `text` with each placeholder filled: its value, or its plain words (in the template's language)
 * when the lead has none.
 */
export function fillPlaceholders(
  text: string,
  values: PlaceholderValues,
  locale: Locale = BASE_LOCALE,
): string {
  return text.replace(PLACEHOLDER, (whole, name: string) => {
    const placeholder = PLACEHOLDERS.find((candidate) => candidate.id === name);
    if (!placeholder) return whole;
    const value = values[placeholder.id]?.trim();
    return value || placeholder.otherwise[locale];
  });
}

const templateText = (max: number, missing: string) =>
  z.string({ error: missing }).check(
    z.trim(),
    z.minLength(1, missing),
    z.maxLength(max, `Keep it to ${max} characters or fewer`),
    z.refine((text) => unknownPlaceholders(text).length === 0, {
      error: `Use only these placeholders: ${PLACEHOLDERS.map((p) => `{${p.id}}`).join(", ")}`,
    }),
  );

/** The languages a template is written in: the site's (decision 071). */
export const TEMPLATE_LANGUAGES = LOCALES.map((id) => ({
  id,
  label: LANGUAGE_NAMES_IN_ENGLISH[id],
}));

const templateLanguage = z.enum(LOCALES, { error: "Choose the language it is written in" });

/**
 * The templates as the lead's page offers them: those in the customer's language first (a
 * customer who applied in Spanish is emailed in Spanish unless the operator picks otherwise), then
 * the rest, each in the order given.
 */
export function templatesForLanguage<Template extends { language: Locale }>(
  templates: readonly Template[],
  language: Locale,
): Template[] {
  return [
    ...templates.filter((template) => template.language === language),
    ...templates.filter((template) => template.language !== language),
  ];
}

/** The form that adds or changes a template. */
export const templateFormSchema = z.object({
  name: z
    .string({ error: "Name the template" })
    .check(
      z.trim(),
      z.minLength(1, "Name the template"),
      z.maxLength(TEMPLATE_LIMITS.name, `Keep it to ${TEMPLATE_LIMITS.name} characters or fewer`),
    ),
  subject: templateText(TEMPLATE_LIMITS.subject, "Write the subject"),
  body: templateText(TEMPLATE_LIMITS.body, "Write the email"),
  language: templateLanguage,
});

/** The form that sends an email from a lead's page: the filled subject and text, as read. */
export const deskEmailFormSchema = z.object({
  subject: z
    .string({ error: "Write the subject" })
    .check(
      z.trim(),
      z.minLength(1, "Write the subject"),
      z.maxLength(
        TEMPLATE_LIMITS.subject,
        `Keep it to ${TEMPLATE_LIMITS.subject} characters or fewer`,
      ),
    ),
  body: z
    .string({ error: "Write the email" })
    .check(
      z.trim(),
      z.minLength(1, "Write the email"),
      z.maxLength(TEMPLATE_LIMITS.body, `Keep it to ${TEMPLATE_LIMITS.body} characters or fewer`),
    ),
  /** The language the email is written in: its agency footer follows it. */
  language: z.optional(templateLanguage),
});

/**
 * The email as the visitor gets it (decision 032): the operator's words, a paragraph per block of
 * lines, then the agency's identity at the foot, as text and as HTML with the same words.
 */
export function deskEmail(
  subject: string,
  body: string,
  agency: Agency,
  locale: Locale = BASE_LOCALE,
): RenderedEmail {
  const paragraphs: EmailParagraph[] = body
    .replace(/\r\n?/g, "\n")
    .split(/\n\s*\n/)
    .map((block) => block.split("\n").map((line) => line.trimEnd()))
    .filter((lines) => lines.some((line) => line.trim() !== ""));
  return renderEmail({ subject, paragraphs, footer: agencyLines(agency, locale) });
}

/** The timeline's record of an email sent: its subject, then its words. */
export function sentEmailRecord(subject: string, body: string): string {
  return `${subject}\n\n${body}`;
}

/**
 * Why an email the agency meant to send a customer was not sent (decision 054): held by the desk's
 * hourly limits, held because the application's email is not proven, or refused by the mail
 * server until the outbox gave up.
 */
export type NotSentReason = "limit" | "unproven" | "failed";

/** What each reason says, on the timeline and on the page that sent it. */
export const NOT_SENT_REASONS: Record<NotSentReason, string> = {
  limit:
    "the desk's hourly email limit was reached (MAIL_PER_OPERATOR_PER_HOUR for one operator, MAIL_AGENCY_PER_HOUR for the whole site). Send it again once the hour has passed, or call",
  unproven:
    "this application's email is not proven: whoever typed it never opened a link sent to it, so the site emails it nothing (no quotes, questions, policy or certificates). Call the applicant; the application that holds this email is linked on the lead's page",
  failed:
    "the mail server refused it at every attempt. Check the address with the customer, then send it again, or call",
};

/** The timeline's entry for an email not sent: its subject and why. */
export function notSentRecord(subject: string, reason: NotSentReason): string {
  return `"${subject}": ${NOT_SENT_REASONS[reason]}.`;
}
