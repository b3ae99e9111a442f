/**
 * A record's history (decisions 013 and 030): every version of a submission or a quote request, who
 * wrote it and what each write changed. Pure: the data layer reads the revisions, the lead desk
 * shows what this builds.
 */
import {
  storedInstant,
  storedText,
  SUBMISSION_FIELD_LABELS,
  type FieldValue,
  type SubmissionValues,
} from "#app/domain/application/application-fields.ts";
import { z } from "#app/domain/values/zod.ts";

/** A quote request's values as one version holds them (decision 030); start_date is YYYY-MM-DD. */
export type QuoteRequestValues = z.output<typeof quoteRequestValuesSchema>;

/** A quote request's fields in the lead desk's order, with the labels it shows them under. */
export const QUOTE_REQUEST_FIELD_LABELS: Record<keyof QuoteRequestValues, string> = {
  status: "Status",
  lines: "Lines",
  start_date: "Preferred start date",
  contact_channel: "Contact by",
  note: "Note",
  consent_given_at: "Agreed at",
  consent_text: "Words agreed to",
};

/** A quote request's version as the database keeps it (the row, or a revision's JSON copy). */
export const quoteRequestValuesSchema = z.object({
  status: z.string(),
  lines: z.array(z.string()),
  start_date: z.string(),
  contact_channel: z.string(),
  note: storedText,
  consent_text: z.string(),
  consent_given_at: storedInstant,
});

/** Who made one write. Sessions are numbered per record, in the order they first wrote. */
export interface Writer {
  /** 1 for the first session that wrote this record, 2 for the next; null when unknown. */
  visitor: number | null;
  /** A keyed hash of the client address: the same for writes from one address. */
  clientHash: string | null;
  /** The session had used an emailed link to this application: it reads that email. */
  emailProven: boolean;
  /** The lead desk's operator who wrote (their email), if an operator did. */
  operator: string | null;
}

/** One field a write changed: its values before and after. */
export interface FieldChange<Field extends string = string> {
  field: Field;
  before: FieldValue;
  after: FieldValue;
}

/** One version of a record: when it was written, by whom, and what it changed. */
export interface RecordVersion<Field extends string = string> {
  /** 1 for the oldest version kept. */
  number: number;
  savedAt: string;
  writer: Writer;
  /** This write made the record (nothing came before it). */
  created: boolean;
  changes: FieldChange<Field>[];
}

/** A submission's version. */
export type SubmissionVersion = RecordVersion<keyof SubmissionValues>;

/** A revision as history needs it: one write, oldest first. */
export interface RevisionRecord<Values = SubmissionValues> {
  revisedAt: string;
  draftId: string | null;
  clientHash: string | null;
  emailProven: boolean;
  /** The operator's email, for a write from the lead desk. */
  operator?: string | null;
  /** The record before this write; null when the write made it. */
  oldValues: Values | null;
}

function sameValue(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** The fields whose values differ between two versions, in the order of `labels`. */
export function changedFields<Values extends { [K in keyof Values]: FieldValue }>(
  labels: Record<keyof Values & string, string>,
  before: Values | null,
  after: Values,
): FieldChange<keyof Values & string>[] {
  const fields = Object.keys(labels) as (keyof Values & string)[];
  return fields.flatMap((field) => {
    const old = before ? before[field] : null;
    const now = after[field];
    const empty = (value: unknown) => value === null || value === "" || sameValue(value, []);
    if (before ? sameValue(old, now) : empty(now)) return [];
    return [{ field, before: old, after: now }];
  });
}

/**
 * Every version of a record, newest first, from its revisions (oldest first) and the record as it
 * is now, compared field by field in the order of `labels`. Each write's version is what the next
 * write found, or the record now for the last. `firstNumber` numbers the oldest given (when older
 * ones are left out).
 */
export function buildVersions<Values extends { [K in keyof Values]: FieldValue }>(
  labels: Record<keyof Values & string, string>,
  revisions: readonly RevisionRecord<Values>[],
  current: Values,
  firstNumber = 1,
): RecordVersion<keyof Values & string>[] {
  const visitors = new Map<string, number>();
  const versions = revisions.map((revision, index): RecordVersion<keyof Values & string> => {
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
        operator: revision.operator ?? null,
      },
      created: revision.oldValues === null,
      changes: changedFields(labels, revision.oldValues, after),
    };
  });
  return versions.reverse();
}

/** Every version of a submission, newest first (buildVersions with the submission's fields). */
export function buildHistory(
  revisions: readonly RevisionRecord[],
  current: SubmissionValues,
  firstNumber = 1,
): SubmissionVersion[] {
  return buildVersions(SUBMISSION_FIELD_LABELS, revisions, current, firstNumber);
}
