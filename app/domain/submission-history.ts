/**
 * A submission's history (decision 013): every version of the record, who wrote it and what each
 * write changed. Pure: the data layer reads the revisions, the lead desk shows what this builds.
 */
import { z } from "./zod.ts";

/** The record's values as one version holds them (SPEC section 3, with the consent evidence). */
export interface SubmissionValues {
  industry: string;
  state: string;
  segments: string[];
  email: string;
  business_name: string | null;
  first_name: string | null;
  last_name: string | null;
  phone_number: string | null;
  consent_to_texts: boolean | null;
  consent_text: string | null;
  /** ISO 8601 (an instant compares as text only in one spelling). */
  consent_given_at: string | null;
  legal_business_name: string | null;
  primary_location: string | null;
  /** The unit or suite on its own; null in versions saved before it had a column. */
  unit: string | null;
  same_address: string | null;
  mailing_address: string | null;
  ownership_structure: string | null;
  start_year: string | null;
  naics_code: string | null;
  naics_title: string | null;
}

/** The record's fields in the lead desk's order, with the labels it shows them under. */
export const SUBMISSION_FIELD_LABELS: Record<keyof SubmissionValues, string> = {
  industry: "Industry",
  state: "State",
  segments: "Segments",
  business_name: "Business name",
  legal_business_name: "Legal business name",
  primary_location: "Primary location",
  unit: "Unit or suite",
  same_address: "Mailing address same as primary location",
  mailing_address: "Mailing address",
  ownership_structure: "Ownership structure",
  start_year: "Year started",
  naics_code: "NAICS code",
  naics_title: "NAICS title",
  email: "Email",
  first_name: "First name",
  last_name: "Last name",
  phone_number: "Phone number",
  consent_to_texts: "Agreed to texts",
  consent_given_at: "Agreed at",
  consent_text: "Words agreed to",
};

const SUBMISSION_FIELDS = Object.keys(SUBMISSION_FIELD_LABELS) as (keyof SubmissionValues)[];

const text = z._default(z.nullable(z.string()), null);
const instant = z.pipe(
  z._default(z.nullable(z.union([z.string(), z.date()])), null),
  z.transform((value) => (value === null ? null : new Date(value).toISOString())),
);

/**
 * A version as the database keeps it (the row, or a revision's JSON copy of it): unknown keys are
 * dropped, an instant (a Date in the row, text in JSON) is spelled as ISO 8601.
 */
export const submissionValuesSchema = z.object({
  industry: z.string(),
  state: z.string(),
  segments: z.array(z.string()),
  email: z.string(),
  business_name: text,
  first_name: text,
  last_name: text,
  phone_number: text,
  consent_to_texts: z._default(z.nullable(z.boolean()), null),
  consent_text: text,
  consent_given_at: instant,
  legal_business_name: text,
  primary_location: text,
  unit: text,
  same_address: text,
  mailing_address: text,
  ownership_structure: text,
  start_year: text,
  naics_code: text,
  naics_title: text,
});

/** Who made one write. Sessions are numbered per submission, in the order they first wrote. */
export interface Writer {
  /** 1 for the first session that wrote this submission, 2 for the next; null when unknown. */
  visitor: number | null;
  /** A keyed hash of the client address: the same for writes from one address. */
  clientHash: string | null;
  /** The session had used an emailed link to this application: it reads that email. */
  emailProven: boolean;
}

/** One field a write changed: its values before and after. */
export interface FieldChange {
  field: keyof SubmissionValues;
  before: SubmissionValues[keyof SubmissionValues];
  after: SubmissionValues[keyof SubmissionValues];
}

/** One version of a submission: when it was written, by whom, and what it changed. */
export interface SubmissionVersion {
  /** 1 for the oldest version kept. */
  number: number;
  savedAt: string;
  writer: Writer;
  /** This write made the record (nothing came before it). */
  created: boolean;
  changes: FieldChange[];
}

/** A revision as history needs it: one write, oldest first. */
export interface RevisionRecord {
  revisedAt: string;
  draftId: string | null;
  clientHash: string | null;
  emailProven: boolean;
  /** The record before this write; null when the write made it. */
  oldValues: SubmissionValues | null;
}

function sameValue(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** The fields whose values differ between two versions, in the lead desk's order. */
export function changedFields(
  before: SubmissionValues | null,
  after: SubmissionValues,
): FieldChange[] {
  return SUBMISSION_FIELDS.flatMap((field) => {
    const old = before ? before[field] : null;
    const now = after[field];
    const empty = (value: unknown) => value === null || value === "" || sameValue(value, []);
    if (before ? sameValue(old, now) : empty(now)) return [];
    return [{ field, before: old, after: now }];
  });
}

/**
 * Every version of a submission, newest first, from its revisions (oldest first) and the record as
 * it is now. Each write's version is what the next write found, or the record now for the last.
 * `firstNumber` numbers the oldest given (when older ones are left out).
 */
export function buildHistory(
  revisions: readonly RevisionRecord[],
  current: SubmissionValues,
  firstNumber = 1,
): SubmissionVersion[] {
  const visitors = new Map<string, number>();
  const versions = revisions.map((revision, index): SubmissionVersion => {
    let visitor: number | null = null;
    if (revision.draftId) {
      visitor = visitors.get(revision.draftId) ?? visitors.size + 1;
      visitors.set(revision.draftId, visitor);
    }
    const after = revisions[index + 1]?.oldValues ?? current;
    return {
      number: firstNumber + index,
      savedAt: revision.revisedAt,
      writer: {
        visitor,
        clientHash: revision.clientHash,
        emailProven: revision.emailProven,
      },
      created: revision.oldValues === null,
      changes: changedFields(revision.oldValues, after),
    };
  });
  return versions.reverse();
}
