/**
 * Certificates of insurance (issue 30, decision 045): once a policy is bound, the visitor asks the
 * agency for a certificate that names a holder (a general contractor, a landlord) with what the
 * holder's contract asks for, by a day. The agency issues it from the insurer's system and uploads
 * it; the site emails it to the visitor and, if the visitor gave the holder's address, to the
 * holder. A certificate proves cover; it changes none. The endorsements a holder asks for (being an
 * additional insured, a waiver of subrogation, primary and non-contributory wording) change the
 * policy, so the insurer must agree to each. Pure TypeScript.
 */
import { CERTIFICATE_REQUEST_PATH } from "#app/domain/wizard/wizard-screens.ts";
import { agencyLines, type Agency } from "#app/domain/site/agency.ts";
import { greeting, renderEmail, type RenderedEmail } from "#app/domain/site/email-content.ts";
import { addDays, isDay } from "#app/domain/values/days.ts";
import {
  checkbox,
  emailAddress,
  optionalLines,
  requiredLines,
  requiredText,
} from "#app/domain/values/fields.ts";
import { z } from "#app/domain/values/zod.ts";
import { BASE_LOCALE, type Locale } from "#app/domain/site/locales.ts";
import { m } from "#app/paraglide/messages.js";

export { CERTIFICATE_REQUEST_PATH };

/** Where a holder downloads the certificate emailed to them: a secret link of their own. */
export function holderCertificatePath(token: string): string {
  return `/certificates/${token}`;
}

/** How long the holder's link works. */
export const HOLDER_LINK_DAYS = 90;

export const HOLDER_NAME_MAX_LENGTH = 200;
export const HOLDER_ADDRESS_MAX_LENGTH = 300;
export const CERTIFICATE_JOB_MAX_LENGTH = 500;
/** Issue 56: the operations the certificate should describe, and the limits the contract requires. */
export const CERTIFICATE_OPERATIONS_MAX_LENGTH = 1000;
export const CERTIFICATE_LIMITS_MAX_LENGTH = 500;

/**
 * For an additional insured, which operations the contract asks the cover for: the work under way,
 * the work finished, or both; each with its words on the form.
 */
export const ADDITIONAL_INSURED_OPERATIONS = [
  { id: "ongoing", term: m.certificate_ai_ongoing },
  { id: "completed", term: m.certificate_ai_completed },
  { id: "both", term: m.certificate_ai_both },
] as const;
export type AdditionalInsuredOperations = (typeof ADDITIONAL_INSURED_OPERATIONS)[number]["id"];

/** The operations' words in English, for the desk. */
export function additionalInsuredOperationsText(value: AdditionalInsuredOperations): string {
  const entry = ADDITIONAL_INSURED_OPERATIONS.find((candidate) => candidate.id === value);
  return entry ? entry.term({}, { locale: BASE_LOCALE }) : value;
}

/** A stored value as one of the operations, or null. */
export function toAdditionalInsuredOperations(
  value: string | null,
): AdditionalInsuredOperations | null {
  return ADDITIONAL_INSURED_OPERATIONS.find((entry) => entry.id === value)?.id ?? null;
}

/** How far ahead a certificate may be asked for. */
export const CERTIFICATE_NEEDED_MAX_DAYS = 365;

/** The most open certificate requests one policy may have at once. */
export const OPEN_CERTIFICATE_REQUESTS_PER_POLICY = 20;

/**
 * What a holder's contract may ask for besides being named, each its own checkbox: its label on a
 * form (`term`, in the page's language; `label` its English) and its short English name (the desk's).
 */
export const CERTIFICATE_ENDORSEMENTS = (
  [
    {
      id: "additionalInsured",
      term: m.endorsement_additional_insured,
      shortTerm: m.endorsement_short_additional_insured,
    },
    {
      id: "waiverOfSubrogation",
      term: m.endorsement_waiver_of_subrogation,
      shortTerm: m.endorsement_short_waiver_of_subrogation,
    },
    {
      id: "primaryNonContributory",
      term: m.endorsement_primary_non_contributory,
      shortTerm: m.endorsement_short_primary_non_contributory,
    },
  ] as const
).map((endorsement) => ({
  ...endorsement,
  label: endorsement.term({}, { locale: BASE_LOCALE }),
  short: endorsement.shortTerm({}, { locale: BASE_LOCALE }),
}));
export type CertificateEndorsement = (typeof CERTIFICATE_ENDORSEMENTS)[number]["id"];

/** What the form says once, beside the endorsements: they are the insurer's to grant. */
export const ENDORSEMENTS_NOTE = m.endorsements_note({}, { locale: BASE_LOCALE });

/** The certificate request's messages, in `locale` (the desk's, `notFound` and `pdf`, in English). */
export function certificateMessages(locale: Locale = BASE_LOCALE) {
  const words = { locale };
  return {
    holderName: m.certificate_error_holder_name({}, words),
    holderAddress: m.certificate_error_holder_address({}, words),
    holderEmail: {
      required: m.certificate_error_holder_email_required({}, words),
      invalid: m.certificate_error_holder_email_invalid({}, words),
    },
    job: m.certificate_error_job({}, words),
    additionalInsuredOperations: m.certificate_error_ai_operations({}, words),
    neededBy: m.certificate_error_needed_by({}, words),
    notBound: m.certificate_not_bound({}, words),
    tooMany: m.certificate_too_many({ count: OPEN_CERTIFICATE_REQUESTS_PER_POLICY }, words),
  };
}

/** What the desk's certificate upload says when refused (the desk is in English). */
export const certificateDeskMessages = {
  notFound: "That certificate request is not one of this lead's, or it has been issued already.",
  pdf: "Please attach the certificate, a PDF",
} as const;

/**
 * The visitor's certificate request form, checked the same in the browser and on the server, in
 * `locale`.
 */
export function certificateFormSchema(today: string, locale: Locale = BASE_LOCALE) {
  const messages = certificateMessages(locale);
  return z.object({
    holderName: requiredText(messages.holderName, HOLDER_NAME_MAX_LENGTH, locale),
    holderAddress: requiredLines(messages.holderAddress, HOLDER_ADDRESS_MAX_LENGTH, locale),
    holderEmail: z.optional(emailAddress(messages.holderEmail, locale)),
    additionalInsured: checkbox(),
    waiverOfSubrogation: checkbox(),
    primaryNonContributory: checkbox(),
    job: requiredLines(messages.job, CERTIFICATE_JOB_MAX_LENGTH, locale),
    operationsWanted: optionalLines(CERTIFICATE_OPERATIONS_MAX_LENGTH, locale),
    limitsRequired: optionalLines(CERTIFICATE_LIMITS_MAX_LENGTH, locale),
    additionalInsuredOperations: z.optional(
      z.enum(["ongoing", "completed", "both"], { error: messages.additionalInsuredOperations }),
    ),
    neededBy: z
      .string({ error: messages.neededBy })
      .check(
        z.refine(
          (value) =>
            isDay(value) && value >= today && value <= addDays(today, CERTIFICATE_NEEDED_MAX_DAYS),
          messages.neededBy,
        ),
      ),
  });
}
export type CertificateForm = z.output<ReturnType<typeof certificateFormSchema>>;

/** The desk's upload form for one certificate request, as the page names it. */
export function certificateFormId(id: string): string {
  return `certificate-${id}`;
}

/** The certificate request's reference: the quote request's, with "-C" and its number. */
export function certificateReference(requestReference: string, number: number): string {
  return `${requestReference}-C${number}`;
}

/** A holder as the visitor named them: offered again on their next request. */
export interface CertificateHolder {
  name: string;
  address: string;
  email: string | null;
}

/** A certificate request as the pages show it. */
export interface CertificateRequest {
  id: string;
  reference: string;
  holder: CertificateHolder;
  endorsements: Record<CertificateEndorsement, boolean>;
  job: string;
  /** What the visitor said the certificate needs (issue 56); null when not said. */
  operationsWanted: string | null;
  limitsRequired: string | null;
  additionalInsuredOperations: AdditionalInsuredOperations | null;
  neededBy: string;
  requestedAt: Date;
  status: "requested" | "issued";
  issued: { at: Date; by: string; documentId: string; fileName: string } | null;
}

/**
 * The endorsements asked for, in words, in `locale` ("Additional insured, waiver of subrogation"),
 * or "None".
 */
export function endorsementsText(
  endorsements: Record<CertificateEndorsement, boolean>,
  locale: Locale = BASE_LOCALE,
): string {
  const asked = CERTIFICATE_ENDORSEMENTS.filter((endorsement) => endorsements[endorsement.id]);
  if (asked.length === 0) return m.endorsements_none({}, { locale });
  return asked
    .map((endorsement, index) => {
      const short = endorsement.shortTerm({}, { locale });
      return index === 0 ? short : short.charAt(0).toLowerCase() + short.slice(1);
    })
    .join(", ");
}

/** The same holder, by what the visitor typed (case and spacing aside). */
export function sameHolder(a: CertificateHolder, b: CertificateHolder): boolean {
  const key = (holder: CertificateHolder) =>
    [holder.name, holder.address, holder.email ?? ""]
      .map((part) => part.toLowerCase().replace(/\s+/g, " ").trim())
      .join("\u0000");
  return key(a) === key(b);
}

/** The email that tells the visitor their certificate is ready, with a one-time link to it. */
export function certificateIssuedEmail(options: {
  firstName: string | null;
  reference: string;
  holderName: string;
  holderEmailed: boolean;
  link: string;
  agency: Agency;
  /** The application's language: the visitor reads the email in it (issue 31). */
  locale?: Locale;
}): RenderedEmail {
  const { reference, agency, locale = BASE_LOCALE } = options;
  return renderEmail({
    subject: m.certificate_email_subject({ reference }, { locale }),
    paragraphs: [
      [greeting(options.firstName, locale)],
      [m.certificate_email_body({ holder: options.holderName, reference }, { locale })],
      [{ link: options.link }],
      [
        (options.holderEmailed
          ? m.certificate_email_holder_emailed
          : m.certificate_email_send_yourself)({}, { locale }),
      ],
      [m.email_questions_call({ phone: agency.phone }, { locale })],
    ],
    footer: agencyLines(agency, locale),
  });
}

/**
 * The email that brings the holder the certificate: who it is from, and a link of their own to
 * download it. It carries nothing the visitor typed but the business's name and the holder's.
 */
export function holderCertificateEmail(options: {
  holderName: string;
  businessName: string;
  reference: string;
  link: string;
  linkDays: number;
  agency: Agency;
}): RenderedEmail {
  return renderEmail({
    subject: `Certificate of insurance for ${options.businessName} (${options.reference})`,
    paragraphs: [
      [`Hello ${options.holderName},`],
      [
        `${options.businessName} asked us, their insurance agency, to send you their certificate of insurance (${options.reference}). Download it here:`,
      ],
      [{ link: options.link }],
      [
        `The link is yours alone and works for ${options.linkDays} days. A certificate shows the insurance in force when it was issued; it does not change the policy. Questions about it? Call us on ${options.agency.phone}.`,
      ],
    ],
    footer: agencyLines(options.agency),
  });
}
