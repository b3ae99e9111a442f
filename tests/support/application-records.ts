import type { CompleteRecord } from "#app/domain/application/application-record.ts";
import {
  ASKED_COLUMNS,
  FIELD_COLUMNS,
  type AskedColumn,
  submissionValuesSchema,
  type FieldColumn,
  type FieldRow,
  type FieldValue,
  type SubmissionValues,
} from "#app/domain/application/application-fields.ts";
import { z } from "#app/domain/values/zod.ts";

/**
 * A complete application as the final step saves it (every column of APPLICATION_FIELDS), with
 * `changes` over it: each test names only the values it is about, and a new field is added here
 * once rather than to every test's copy.
 */
export function completeRecord(changes: Partial<CompleteRecord> = {}): CompleteRecord {
  return {
    // A question added to the registry since starts unanswered.
    ...noneAsked(),
    industry: "retail",
    state: "Oregon",
    segments: ["Bookstore", "Florist"],
    email: "rae@chapterone.example",
    business_name: "Chapter One",
    first_name: "Rae",
    last_name: "Ng",
    phone_number: "+15035550188",
    consent_to_texts: true,
    consent_text: "I agree to receive texts.",
    consent_given_at: "2026-03-01T10:00:00.000Z",
    legal_business_name: "Chapter One LLC",
    primary_location: "5 Pine St, Suite 2",
    unit: "Suite 2",
    street_address: null,
    city: null,
    zip_code: null,
    zip_confirmed: null,
    same_address: "No",
    mailing_address: "PO Box 5, Portland OR",
    ownership_structure: "Corporation",
    start_year: "2019",
    naics_code: "451211",
    naics_title: "Book Stores",
    ...changes,
  };
}

/** Every field the wizard asks, not answered. */
function noneAsked(): Record<AskedColumn, null> {
  // One entry per asked column of the registry.
  return Object.fromEntries(ASKED_COLUMNS.map((column) => [column, null])) as Record<
    AskedColumn,
    null
  >;
}

/** Every field of the registry not given: null (a field added later is null here too). */
function noneGiven(): Record<FieldColumn, null> {
  // One entry per column of the registry.
  return Object.fromEntries(FIELD_COLUMNS.map((column) => [column, null])) as Record<
    FieldColumn,
    null
  >;
}

/**
 * A version as the database keeps it, read by the registry's own schema: `given`, and every other
 * field not given (the language the table's default).
 */
export function storedValues(
  given: Partial<Record<FieldColumn, FieldValue | Date>>,
): SubmissionValues {
  const { language, ...rest } = noneGiven();
  void language; // Left out, so that the table's default (the registry's) is read.
  return z.parse(submissionValuesSchema, { ...rest, ...given });
}

/** The columns the table never leaves null. */
type RequiredColumn = "industry" | "state" | "segments" | "email" | "language";

/** A row of the table's application columns: `given`, and every other field null. */
export function fieldRow(
  given: Pick<FieldRow, RequiredColumn> & Partial<Omit<FieldRow, RequiredColumn>>,
): FieldRow {
  return { ...noneGiven(), ...given };
}
