/**
 * The saved application (docs/product.md, "The saved application") and the wizard draft, mapped both ways in one place
 * (decision 018): `toRecord` for the final save, `fromRecord` for a resume link that brings a saved
 * version back into the wizard. For every complete draft, fromRecord(toRecord(draft)) is the draft
 * (a property test checks it).
 */
import { getIndustry, isIndustryId, type IndustryId } from "#app/domain/industries.ts";
import { naicsForSegments } from "#app/domain/naics.ts";
import { NO_NAICS_CODE } from "#app/domain/segment-choice.ts";
import type { SubmissionValues } from "#app/domain/application-fields.ts";
import {
  aboutYouSchema,
  businessNameSchema,
  emailSchema,
  industryStateSchema,
  ownershipSchema,
  type WizardDraft,
} from "#app/domain/wizard.ts";

/** The columns the email step writes (docs/product.md, "How the wizard moves"): these four, and nothing else. */
export type EmailStepRecord = {
  industry: IndustryId;
  state: string;
  segments: string[];
  email: string;
};

/**
 * The full record the final step writes (docs/product.md, "The saved application"), plus the consent evidence and the unit
 * on its own (the spec's primary location holds it too, after the street).
 */
export type CompleteRecord = EmailStepRecord & {
  business_name: string;
  first_name: string;
  last_name: string;
  phone_number: string;
  consent_to_texts: boolean;
  consent_text: string | null;
  consent_given_at: string | null;
  legal_business_name: string;
  primary_location: string;
  unit: string | null;
  same_address: "Yes" | "No";
  mailing_address: string | null;
  ownership_structure: string;
  start_year: string;
  /** The 2022 NAICS code the business is filed under, and its title (issue 17); null: none. */
  naics_code: string | null;
  naics_title: string | null;
};

/**
 * The draft's submission after a save wrote `id` for `email`: a session that had proven the email
 * of that same submission keeps that (the save went to the row of the same email, case aside); any
 * other loses it.
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

/**
 * The final step's record from a complete draft. Throws when a step's part is not valid: the step
 * engine saves only after every step is complete.
 */
export function toRecord(draft: WizardDraft, thisYear: number): CompleteRecord {
  const { businessName } = businessNameSchema.parse(draft);
  const about = aboutYouSchema.parse(draft.aboutYou ?? {});
  const ownership = ownershipSchema(thisYear).parse(draft.ownership ?? {});
  const consent = about.consentToTexts ? draft.textsConsent : undefined;
  const { industry } = industryStateSchema.parse(draft);
  const picked = draft.naicsCode === NO_NAICS_CODE ? undefined : draft.naicsCode;
  const naics = naicsForSegments(industry, draft.segments ?? [], picked);
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
    unit: about.unit ?? null,
    same_address: about.sameAddress,
    mailing_address: about.mailingAddress ?? null,
    ownership_structure: ownership.ownershipStructure,
    start_year: ownership.startYear,
    naics_code: naics?.code ?? null,
    naics_title: naics?.title ?? null,
  };
}

/**
 * The street address of a primary location saved with `unit` apart: the location less its
 * ", unit" ending. A record saved before the unit had a column of its own keeps it in the street.
 */
function streetOf(location: string, unit: string | null): string {
  const ending = unit ? `, ${unit}` : "";
  return ending && location.endsWith(ending) ? location.slice(0, -ending.length) : location;
}

/**
 * A saved version of the application (the email step's four fields, or the whole record) as the
 * draft of the session that wrote it, for submission `submissionId`.
 */
export function fromRecord(record: SubmissionValues, submissionId: string): WizardDraft {
  const draft: WizardDraft = {
    industry: record.industry,
    state: record.state,
    segments: record.segments,
    email: record.email,
    submission: { id: submissionId, email: record.email },
  };
  if (record.business_name !== null) draft.businessName = record.business_name;
  if (record.first_name !== null) {
    const unit = record.unit ?? null;
    draft.aboutYou = {
      firstName: record.first_name,
      lastName: record.last_name ?? "",
      phoneNumber: record.phone_number ?? "",
      consentToTexts: record.consent_to_texts === true,
      legalBusinessName: record.legal_business_name ?? "",
      streetAddress: streetOf(record.primary_location ?? "", unit),
      unit: unit ?? undefined,
      sameAddress: record.same_address ?? "Yes",
      mailingAddress: record.mailing_address ?? undefined,
    };
    if (record.consent_to_texts && record.consent_text && record.consent_given_at) {
      draft.textsConsent = { text: record.consent_text, givenAt: record.consent_given_at };
    }
  }
  // Other's code choice, made once the whole application was sent (none kept: own words).
  if (
    record.ownership_structure !== null &&
    getIndustryOrUndefined(record.industry)?.selection === "free-text"
  ) {
    draft.naicsCode = record.naics_code ?? NO_NAICS_CODE;
  }
  if (record.ownership_structure !== null) {
    draft.ownership = {
      ownershipStructure: record.ownership_structure,
      startYear: record.start_year ?? "",
    };
  }
  return draft;
}

/** Whether a saved version is a whole application (the final step saved it), not the email step's. */
export function isCompleteRecord(record: Pick<SubmissionValues, "ownership_structure">): boolean {
  return record.ownership_structure !== null;
}

function getIndustryOrUndefined(id: string) {
  return isIndustryId(id) ? getIndustry(id) : undefined;
}
