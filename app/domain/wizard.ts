/**
 * The quote wizard's rules (SPEC sections 4 and 5): its steps, what each step asks and accepts, what
 * is sent on as segments, and what is saved. Pure TypeScript: the browser and the server validate
 * with the same schemas.
 */
import { z } from "./zod.ts";

import {
  getIndustry,
  INDUSTRY_IDS,
  isIndustryId,
  MAX_SEGMENTS,
  type Industry,
  type IndustryId,
} from "./industries.ts";
import {
  checkbox,
  EMAIL_MAX_LENGTH,
  emailAddress,
  formList,
  optionalAddress,
  optionalText,
  PHONE_MAX_LENGTH,
  requiredText,
  usPhoneNumber,
} from "./fields.ts";
import { messages } from "./messages.ts";
import { OWNERSHIP_STRUCTURES } from "./ownership.ts";
import { US_STATES } from "./states.ts";

/** The wizard's screens in order, with their paths. */
export const WIZARD_STEPS = [
  { id: "start", path: "/business-wizard" },
  { id: "segments", path: "/business-wizard/segments" },
  { id: "email", path: "/business-wizard/email" },
  { id: "questionnaire-1", path: "/business-wizard/questionnaire-1" },
  { id: "questionnaire-2", path: "/business-wizard/questionnaire-2" },
  { id: "questionnaire-3", path: "/business-wizard/questionnaire-3" },
] as const;

export type WizardStepId = (typeof WIZARD_STEPS)[number]["id"];

/** The progress bar's five labelled steps (SPEC section 2). */
export const PROGRESS_STEPS = ["Start", "Coverage", "Application", "Quote", "Purchase"] as const;
export type ProgressStep = (typeof PROGRESS_STEPS)[number];

/** The wizard's screens with a progress bar: the steps, and the Quote step after them. */
export type WizardScreen = WizardStepId | "quote";

/** Which progress step each screen marks active; the ones before it are complete. */
export const ACTIVE_PROGRESS_STEP: Record<WizardScreen, ProgressStep> = {
  start: "Start",
  segments: "Start",
  email: "Start",
  "questionnaire-1": "Coverage",
  "questionnaire-2": "Application",
  "questionnaire-3": "Application",
  quote: "Quote",
};

/** The path of a step. */
export function stepPath(step: WizardStepId): string {
  const found = WIZARD_STEPS.find((candidate) => candidate.id === step);
  if (!found) throw new Error(`Unknown wizard step ${step}`);
  return found.path;
}

/** The step before this one (start has none). */
export function previousStep(step: WizardStepId): WizardStepId | undefined {
  const index = WIZARD_STEPS.findIndex((candidate) => candidate.id === step);
  return WIZARD_STEPS[index - 1]?.id;
}

export const TEXT_LIMITS = {
  segmentText: 100,
  email: EMAIL_MAX_LENGTH,
  businessName: 200,
  personName: 100,
  phone: PHONE_MAX_LENGTH,
  streetAddress: 200,
  unit: 50,
  mailingAddress: 300,
} as const;

/** Step 1: an industry and a state. */
export const industryStateSchema = z.object({
  industry: z.enum(INDUSTRY_IDS, { error: messages.industryRequired }),
  state: z.enum(US_STATES, { error: messages.stateRequired }),
});

/** The segments step's heading for each industry (the spec leaves the words to us). */
export const SEGMENTS_HEADINGS: Record<IndustryId, string> = {
  construction: "What type of construction work does your business do?",
  food: "What type of food and beverage business do you run?",
  retail: "What type of store or online shop do you run?",
  offices: "What type of professional services do you offer?",
  cleaning: "What type of cleaning services do you offer?",
  other: "Tell us what your business does",
};

/** What the segments step keeps: the segments sent on, and the text typed in the search box. */
export interface SegmentsChoice {
  segments: string[];
  searchQuery: string;
}

/**
 * What is sent on as segments (SPEC section 4): for offices, the typed text if any, otherwise the
 * selected item; for other, the typed text as the single segment; otherwise the selected list.
 */
export function segmentsToSend(
  industry: Industry,
  choice: { selected: string[]; searchQuery: string },
): string[] {
  const typed = choice.searchQuery.trim();
  switch (industry.selection) {
    case "single-with-search":
      return typed ? [typed] : choice.selected.slice(0, 1);
    case "free-text":
      return typed ? [typed] : [];
    default:
      return choice.selected;
  }
}

/**
 * The segments step's schema for one industry. Its form fields: `segments` (checkboxes), `segment`
 * (one choice) and `searchQuery` (typed text), as the industry asks; its output, the choice kept.
 */
export function segmentsSchema(industry: Industry) {
  const fromList = z.enum(industry.segments as [string, ...string[]], {
    error: messages.segmentUnknown,
  });
  const typedText = optionalText(TEXT_LIMITS.segmentText);
  switch (industry.selection) {
    case "multiple":
      return z.pipe(
        z.object({
          segments: formList(
            z.array(z.string().check(z.maxLength(TEXT_LIMITS.segmentText))).check(
              z.minLength(1, messages.segmentRequired),
              z.maxLength(MAX_SEGMENTS, messages.maxSegments),
              z.refine(
                (chosen) => chosen.every((segment) => z.safeParse(fromList, segment).success),
                { error: messages.segmentUnknown },
              ),
              z.refine((chosen) => new Set(chosen).size === chosen.length, {
                error: messages.segmentUnknown,
              }),
            ),
          ),
        }),
        z.transform(({ segments }): SegmentsChoice => ({ segments, searchQuery: "" })),
      );
    case "single":
      return z.pipe(
        z.object({
          segment: z.enum(industry.segments as [string, ...string[]], {
            error: messages.segmentSingleRequired,
          }),
        }),
        z.transform(({ segment }): SegmentsChoice => ({ segments: [segment], searchQuery: "" })),
      );
    case "single-with-search":
      return z.pipe(
        z.object({ segment: z.optional(fromList), searchQuery: typedText }).check(
          z.refine((value) => Boolean(value.segment || value.searchQuery), {
            error: messages.officesRequired,
            path: ["searchQuery"],
          }),
        ),
        z.transform(({ segment, searchQuery = "" }): SegmentsChoice => ({
          segments: segmentsToSend(industry, {
            selected: segment ? [segment] : [],
            searchQuery,
          }),
          searchQuery,
        })),
      );
    case "free-text":
      return z.pipe(
        z.object({
          searchQuery: requiredText(messages.professionRequired, TEXT_LIMITS.segmentText),
        }),
        z.transform(({ searchQuery }): SegmentsChoice => ({
          segments: [searchQuery],
          searchQuery,
        })),
      );
  }
}

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
export type Ownership = z.output<ReturnType<typeof ownershipSchema>>;

/**
 * What the server keeps between steps for one visitor (DESIGN decision 3). Values are as last
 * entered: a step left with Back may hold values that do not pass its schema yet.
 */
export interface WizardDraft {
  industry?: string;
  state?: string;
  segments?: string[];
  searchQuery?: string;
  email?: string;
  /**
   * The submission the email step wrote, and for which email; known only to the server.
   * `emailProven`: this session came from an emailed link to that submission (decision 013).
   */
  submission?: { id: string; email: string; emailProven?: boolean };
  businessName?: string;
  aboutYou?: Partial<Record<keyof AboutYou, string | boolean>>;
  /** When the visitor agreed to texts, and the exact words they agreed to. */
  textsConsent?: { givenAt: string; text: string };
  ownership?: Partial<Record<keyof Ownership, string>>;
}

/** The industry of a draft, when it names a valid one. */
export function draftIndustry(draft: WizardDraft): Industry | undefined {
  return draft.industry && isIndustryId(draft.industry) ? getIndustry(draft.industry) : undefined;
}

/** Whether the draft's segments are a valid choice for its industry. */
function segmentsAreValid(draft: WizardDraft): boolean {
  const industry = draftIndustry(draft);
  const segments = draft.segments ?? [];
  const [first] = segments;
  if (!industry || first === undefined) return false;
  const fromList = (segment: string) => industry.segments.includes(segment);
  const typedOk = (segment: string) =>
    segment.trim().length > 0 && segment.length <= TEXT_LIMITS.segmentText;
  switch (industry.selection) {
    case "multiple":
      return segments.length <= MAX_SEGMENTS && segments.every(fromList);
    case "single":
      return segments.length === 1 && fromList(first);
    case "single-with-search":
      return segments.length === 1 && (fromList(first) || typedOk(first));
    case "free-text":
      return segments.length === 1 && typedOk(first);
  }
}

/** Whether a step's part of the draft is complete and valid. */
export function isStepComplete(step: WizardStepId, draft: WizardDraft, thisYear: number): boolean {
  switch (step) {
    case "start":
      return industryStateSchema.safeParse(draft).success;
    case "segments":
      return segmentsAreValid(draft);
    case "email": {
      // Complete while the email on file is the one last saved (Back may have changed it since).
      const parsed = emailSchema.safeParse(draft);
      return parsed.success && draft.submission?.email === parsed.data.email;
    }
    case "questionnaire-1":
      return businessNameSchema.safeParse(draft).success;
    case "questionnaire-2":
      return aboutYouSchema.safeParse(draft.aboutYou ?? {}).success;
    case "questionnaire-3":
      return ownershipSchema(thisYear).safeParse(draft.ownership ?? {}).success;
  }
}

/**
 * The first step before `step` whose part of the draft is missing: where a visitor who opens `step`
 * directly is sent. Undefined when every earlier step is complete.
 */
export function firstMissingStepBefore(
  step: WizardStepId,
  draft: WizardDraft,
  thisYear: number,
): WizardStepId | undefined {
  for (const candidate of WIZARD_STEPS) {
    if (candidate.id === step) return undefined;
    if (!isStepComplete(candidate.id, draft, thisYear)) return candidate.id;
  }
  return undefined;
}

/** The first step whose part of the draft is missing; undefined when the application is complete. */
export function firstIncompleteStep(
  draft: WizardDraft,
  thisYear: number,
): WizardStepId | undefined {
  return WIZARD_STEPS.find((step) => !isStepComplete(step.id, draft, thisYear))?.id;
}

/** The columns the email step writes (SPEC section 4): these four, and nothing else. */
export interface EmailStepRecord {
  industry: IndustryId;
  state: string;
  segments: string[];
  email: string;
}

/** The full record the final step writes (SPEC section 3), plus the consent evidence. */
export interface CompleteRecord extends EmailStepRecord {
  business_name: string;
  first_name: string;
  last_name: string;
  phone_number: string;
  consent_to_texts: boolean;
  consent_text: string | null;
  consent_given_at: string | null;
  legal_business_name: string;
  primary_location: string;
  same_address: "Yes" | "No";
  mailing_address: string | null;
  ownership_structure: string;
  start_year: string;
}

/**
 * The draft's submission after an email-step save wrote `id` for `email`: a session that had
 * proven the email of that same submission keeps that (the save went to the row of the same
 * email, case aside); any other loses it.
 */
export function savedSubmission(
  draft: WizardDraft,
  id: string,
  email: string,
): NonNullable<WizardDraft["submission"]> {
  return draft.submission?.emailProven && draft.submission.id === id
    ? { id, email, emailProven: true }
    : { id, email };
}

/** The email step's record from a draft whose first two steps are complete. */
export function toEmailStepRecord(draft: WizardDraft, email: string): EmailStepRecord {
  const { industry, state } = industryStateSchema.parse(draft);
  return { industry, state, segments: draft.segments ?? [], email };
}

/** The primary location as one line: street address, then unit or suite. */
export function primaryLocation(streetAddress: string, unit: string | undefined): string {
  return unit ? `${streetAddress}, ${unit}` : streetAddress;
}

/** The final step's record from a complete draft and the ownership answers. */
export function toCompleteRecord(draft: WizardDraft, ownership: Ownership): CompleteRecord {
  const { businessName } = businessNameSchema.parse(draft);
  const about = aboutYouSchema.parse(draft.aboutYou ?? {});
  const consent = about.consentToTexts ? draft.textsConsent : undefined;
  return {
    ...toEmailStepRecord(draft, emailSchema.parse(draft).email),
    business_name: businessName,
    first_name: about.firstName,
    last_name: about.lastName,
    phone_number: about.phoneNumber,
    consent_to_texts: about.consentToTexts,
    consent_text: consent?.text ?? null,
    consent_given_at: consent?.givenAt ?? null,
    legal_business_name: about.legalBusinessName,
    primary_location: primaryLocation(about.streetAddress, about.unit),
    same_address: about.sameAddress,
    mailing_address: about.mailingAddress ?? null,
    ownership_structure: ownership.ownershipStructure,
    start_year: ownership.startYear,
  };
}

/**
 * The consent to texts, word for word as questionnaire 2 shows it; when a visitor agrees, these words
 * are stored beside the record as evidence.
 */
export const TEXTS_CONSENT_TEXT =
  "I agree to receive texts, including automated texts, from CoverPilot about its products and services at the phone number above. Consent is not required to purchase. Message and data rates may apply. Reply STOP to opt out.";
