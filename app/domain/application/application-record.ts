/**
 * The saved application (docs/product.md, "The saved application") and the wizard draft, mapped both ways in one place
 * (decision 018): `toRecord` for the final save, `fromRecord` for a resume link that brings a saved
 * version back into the wizard. For every complete draft, fromRecord(toRecord(draft)) is the draft
 * (a property test checks it).
 */
import { getIndustry, isIndustryId, type IndustryId } from "#app/domain/reference/industries.ts";
import { naicsForSegments } from "#app/domain/reference/naics.ts";
import { NO_NAICS_CODE } from "#app/domain/wizard/segment-choice.ts";
import {
  answerName,
  ASKED_COLUMNS,
  type Answers,
  type AskedColumn,
  type FieldWrite,
  type SubmissionValues,
} from "#app/domain/application/application-fields.ts";
import { splitAddress } from "#app/domain/leads/lead-record.ts";
import { isUsState, uspsCode } from "#app/domain/reference/states.ts";
import { emailSchema, industryStateSchema } from "#app/domain/wizard/wizard.ts";
import type { WizardDraft } from "#app/domain/wizard/wizard-draft.ts";
import type { Locale } from "#app/domain/site/locales.ts";
import { checkedAnswers } from "#app/domain/wizard/wizard-steps.ts";

/**
 * The columns the email step writes (docs/product.md, "How the wizard moves"): these four, and
 * nothing else but the language of the page it was saved from (left as it is when not given).
 */
export type EmailStepRecord = {
  industry: IndustryId;
  state: string;
  segments: string[];
  email: string;
  language?: Locale;
};

/**
 * The full record the final step writes (docs/product.md, "The saved application"): every field the
 * wizard asks (application-fields.ts), the primary location on one line, the consent evidence and
 * the industry code.
 */
export type CompleteRecord = EmailStepRecord & { [Column in AskedColumn]: FieldWrite[Column] } & {
  consent_text: string | null;
  consent_given_at: string | null;
  primary_location: string;
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
  const { industry, state } = industryStateSchema().parse(draft);
  return { industry, state, segments: draft.segments ?? [], email };
}

/** The primary location as one line: street, unit or suite, city, state (USPS code) and ZIP. */
function primaryLocation(parts: {
  street: string;
  unit: string | null;
  city: string;
  state: string;
  zip: string;
}): string {
  const state = isUsState(parts.state) ? uspsCode(parts.state) : parts.state;
  return [parts.street, parts.unit, parts.city, `${state} ${parts.zip}`]
    .filter((part) => part)
    .join(", ");
}

/** A checked answer as its column holds it: empty text is no answer. */
function columnValue(value: string | boolean | undefined): string | boolean | null {
  return value === undefined || value === "" ? null : value;
}

/**
 * The final step's record from a complete draft. Throws when a step's part is not valid: the step
 * engine saves only after every step is complete.
 */
export function toRecord(draft: WizardDraft, thisYear: number): CompleteRecord {
  const answers = checkedAnswers(draft, thisYear);
  const { industry, state } = industryStateSchema().parse(draft);
  const picked = draft.naicsCode === NO_NAICS_CODE ? undefined : draft.naicsCode;
  const naics = naicsForSegments(industry, draft.segments ?? [], picked);
  const asked = Object.fromEntries(
    ASKED_COLUMNS.map((column) => [column, columnValue(answers[answerName(column)])]),
    // Each column's value is its rule's output (application-fields.ts): text or a ticked box.
  ) as { [Column in AskedColumn]: FieldWrite[Column] };
  const text = (value: string | boolean | null) => (typeof value === "string" ? value : "");
  const consent = asked.consent_to_texts ? draft.textsConsent : undefined;
  return {
    ...toEmailStepRecord(draft, emailSchema().parse(draft).email),
    ...asked,
    consent_text: consent?.text ?? null,
    consent_given_at: consent?.givenAt ?? null,
    primary_location: primaryLocation({
      street: text(asked.street_address),
      unit: asked.unit,
      city: text(asked.city),
      state,
      zip: text(asked.zip_code),
    }),
    naics_code: naics?.code ?? null,
    naics_title: naics?.title ?? null,
  };
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
  const answers: Answers = {};
  for (const column of ASKED_COLUMNS) {
    const value = record[column];
    if (typeof value === "string" || typeof value === "boolean") {
      answers[answerName(column)] = value;
    }
  }
  // A record saved before the address had its parts (issue 27) holds it on one line, less its
  // unit: read as the lead record reads it. Where it ends "City, ST 12345", those are the city and
  // ZIP code; otherwise the whole line is the street, and the wizard asks for the rest.
  if (record.street_address === null && record.primary_location !== null) {
    const { street, city, postalCode } = splitAddress(
      record.primary_location,
      record.unit,
      record.state,
    );
    answers.streetAddress = street;
    if (city !== null && postalCode !== null) {
      answers.city = city;
      answers.zipCode = postalCode;
    }
  }
  if (Object.keys(answers).length > 0) draft.answers = answers;
  if (record.consent_to_texts && record.consent_text && record.consent_given_at) {
    draft.textsConsent = { text: record.consent_text, givenAt: record.consent_given_at };
  }
  // Other's code choice, made once the whole application was sent (none kept: own words).
  if (
    isCompleteRecord(record) &&
    isIndustryId(record.industry) &&
    getIndustry(record.industry).selection === "free-text"
  ) {
    draft.naicsCode = record.naics_code ?? NO_NAICS_CODE;
  }
  return draft;
}

/** Whether a saved version is a whole application (the final step saved it), not the email step's. */
export function isCompleteRecord(record: Pick<SubmissionValues, "ownership_structure">): boolean {
  return record.ownership_structure !== null;
}
