/**
 * The quote wizard's forms (docs/product.md, "How the wizard moves" and "Validation rules"): what each step asks and accepts, and the draft
 * that keeps the answers between steps. The steps themselves are declared in wizard-steps.ts, the
 * segments rule in segment-choice.ts, the saved record in application-record.ts. Pure TypeScript: the
 * browser and the server validate with the same schemas.
 */
import { z } from "#app/domain/zod.ts";

import {
  getIndustry,
  INDUSTRY_IDS,
  isIndustryId,
  MAX_SEGMENTS,
  type Industry,
} from "#app/domain/industries.ts";
import {
  checkbox,
  EMAIL_MAX_LENGTH,
  emailAddress,
  optionalAddress,
  optionalText,
  PHONE_MAX_LENGTH,
  requiredText,
  usPhoneNumber,
} from "#app/domain/fields.ts";
import { messages } from "#app/domain/messages.ts";
import { OWNERSHIP_STRUCTURES } from "#app/domain/ownership-structures.ts";
import { SEGMENT_TEXT_MAX } from "#app/domain/segment-choice.ts";
import { site } from "#app/domain/site.ts";
import { US_STATES } from "#app/domain/states.ts";

/** The longest a stored draft's text may be: above every field's own limit, and bounded. */
const STORED_TEXT_MAX = 2000;

export const TEXT_LIMITS = {
  segmentText: SEGMENT_TEXT_MAX,
  email: EMAIL_MAX_LENGTH,
  businessName: 200,
  personName: 100,
  phone: PHONE_MAX_LENGTH,
  streetAddress: 200,
  unit: 50,
  mailingAddress: 300,
} as const;

/** Questionnaire 2's text fields and how long each may be. */
export const ABOUT_YOU_TEXT_LIMITS = {
  firstName: TEXT_LIMITS.personName,
  lastName: TEXT_LIMITS.personName,
  phoneNumber: TEXT_LIMITS.phone,
  legalBusinessName: TEXT_LIMITS.businessName,
  streetAddress: TEXT_LIMITS.streetAddress,
  unit: TEXT_LIMITS.unit,
  mailingAddress: TEXT_LIMITS.mailingAddress,
} as const;

/** Step 1: an industry and a state. */
export const industryStateSchema = z.object({
  industry: z.enum(INDUSTRY_IDS, { error: messages.industryRequired }),
  state: z.enum(US_STATES, { error: messages.stateRequired }),
});

/** The email step: stored trimmed and lowercased. */
export const emailSchema = z.object({ email: emailAddress() });

/** Questionnaire 1: the business name, 1 to 200 characters after trimming. */
export const businessNameSchema = z.object({
  businessName: requiredText(messages.businessNameRequired, TEXT_LIMITS.businessName),
});

/** Questionnaire 2: about you and the business. */
export const aboutYouSchema = z.pipe(
  z
    .object({
      firstName: requiredText(messages.firstNameRequired, TEXT_LIMITS.personName),
      lastName: requiredText(messages.lastNameRequired, TEXT_LIMITS.personName),
      phoneNumber: usPhoneNumber(),
      consentToTexts: checkbox(),
      legalBusinessName: requiredText(messages.legalBusinessNameRequired, TEXT_LIMITS.businessName),
      streetAddress: requiredText(messages.streetAddressRequired, TEXT_LIMITS.streetAddress),
      unit: optionalText(TEXT_LIMITS.unit),
      sameAddress: z.enum(["Yes", "No"], { error: messages.sameAddressRequired }),
      mailingAddress: optionalAddress(TEXT_LIMITS.mailingAddress),
    })
    .check(
      // Checked even while other fields are wrong, so that every message shows at once.
      z.refine(
        (value) =>
          value.sameAddress !== "No" ||
          (typeof value.mailingAddress === "string" && value.mailingAddress.trim() !== ""),
        {
          path: ["mailingAddress"],
          message: messages.mailingAddressRequired,
          when: (payload) => typeof payload.value === "object" && payload.value !== null,
        },
      ),
    ),
  z.transform((value) => ({
    ...value,
    unit: value.unit || undefined,
    // The mailing address is asked only when it differs from the primary location.
    mailingAddress: value.sameAddress === "No" ? value.mailingAddress : undefined,
  })),
);

/** The earliest start year the wizard accepts. */
export const FIRST_START_YEAR = 1800;

/** Questionnaire 3: ownership structure and start year (a year from 1800 to this year). */
export function ownershipSchema(thisYear: number) {
  return z.object({
    ownershipStructure: z.enum(OWNERSHIP_STRUCTURES, {
      error: messages.ownershipRequired,
    }),
    startYear: z.string({ error: messages.startYearRequired }).check(
      z.trim(),
      z.minLength(1, { error: messages.startYearRequired, abort: true }),
      z.regex(/^\d{4}$/, { error: messages.startYearInvalid(thisYear), abort: true }),
      z.refine((year) => Number(year) >= FIRST_START_YEAR && Number(year) <= thisYear, {
        error: messages.startYearInvalid(thisYear),
      }),
    ),
  });
}

/** The years questionnaire 3 suggests, newest first. */
export function startYearSuggestions(thisYear: number): string[] {
  return Array.from({ length: thisYear - FIRST_START_YEAR + 1 }, (_, i) => String(thisYear - i));
}

export type AboutYou = z.output<typeof aboutYouSchema>;

/** Questionnaire 2's fields, as the draft keeps them. */
const ABOUT_YOU_FIELDS = [
  "firstName",
  "lastName",
  "phoneNumber",
  "consentToTexts",
  "legalBusinessName",
  "streetAddress",
  "unit",
  "sameAddress",
  "mailingAddress",
] as const satisfies readonly (keyof AboutYou)[];
export type Ownership = z.output<ReturnType<typeof ownershipSchema>>;

const storedText = z.string().check(z.maxLength(STORED_TEXT_MAX));

/**
 * What the server keeps between steps for one visitor (decision 003), checked on every read:
 * a stored draft that does not fit is treated as empty. Values are as last entered: a step left
 * with Back may hold values that do not pass its schema yet, so each part is only bounded here.
 */
export const wizardDraftSchema = z.object({
  industry: z.optional(storedText),
  state: z.optional(storedText),
  /** The segments sent on; the screen's choice is read back from them (segment-choice.ts). */
  segments: z.optional(z.array(storedText).check(z.maxLength(MAX_SEGMENTS))),
  email: z.optional(storedText),
  /**
   * The submission the email step wrote, and for which email; known only to the server.
   * `emailProven`: this session came from an emailed link to that submission (decision 013).
   */
  submission: z.optional(
    z.object({ id: z.uuid(), email: storedText, emailProven: z.optional(z.boolean()) }),
  ),
  /**
   * For "other": the 2022 NAICS code the visitor picked from the suggestions for what they typed,
   * or "none" (kept their own words, or nothing matched). Undefined until asked.
   */
  naicsCode: z.optional(storedText),
  businessName: z.optional(storedText),
  aboutYou: z.optional(
    z.partialRecord(z.enum(ABOUT_YOU_FIELDS), z.union([storedText, z.boolean()])),
  ),
  /** When the visitor agreed to texts, and the exact words they agreed to. */
  textsConsent: z.optional(z.object({ givenAt: storedText, text: storedText })),
  ownership: z.optional(
    z.object({ ownershipStructure: z.optional(storedText), startYear: z.optional(storedText) }),
  ),
});

export type WizardDraft = z.output<typeof wizardDraftSchema>;

/** A stored draft, checked: what does not fit the draft's shape reads as undefined. */
export function parseDraft(stored: unknown): WizardDraft | undefined {
  const parsed = wizardDraftSchema.safeParse(stored);
  return parsed.success ? parsed.data : undefined;
}

/** The industry of a draft, when it names a valid one. */
export function draftIndustry(draft: WizardDraft): Industry | undefined {
  return draft.industry && isIndustryId(draft.industry) ? getIndustry(draft.industry) : undefined;
}

/**
 * The consent to texts, word for word as questionnaire 2 shows it; when a visitor agrees, these words
 * are stored beside the record as evidence. They name who would send the texts: the licensed
 * agency (`agencyName`, the AGENCY_NAME setting's Agency.name), as well as the brand (issue 26).
 */
export function textsConsentText(agencyName: string): string {
  return `I agree to receive texts, including automated texts, from ${agencyName} (${site.brand}) about its products and services at the phone number above. Consent is not required to purchase. Message and data rates may apply. Reply STOP to opt out.`;
}
