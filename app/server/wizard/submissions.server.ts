import { sql, type RawBuilder } from "kysely";

import type { CompleteRecord, EmailStepRecord } from "#app/domain/application-record.ts";

import type { Db } from "../db/database.server.ts";
import { stampedBy, UNKNOWN_WRITER, type SubmissionWriter } from "./submission-history.server.ts";

/**
 * The email step's save (SPEC section 4): look the submission up by email and update it, or insert
 * one; as one INSERT … ON CONFLICT on the lower(email) index, so two saves at once cannot make two
 * rows. Writes industry, state, segments and email, and nothing else, and returns the submission's
 * id. The same statement keeps the version it overwrites, with `writer` (decision 013). As a query,
 * for a statement of its own (saveEmailStep) or the first part of the step's save (decision 028).
 */
export function emailStepUpsert(
  db: Db,
  record: EmailStepRecord,
  writer: SubmissionWriter = UNKNOWN_WRITER,
  /** Writes only if this holds (a statement's check that the draft is the one read). */
  when: RawBuilder<boolean> = sql<boolean>`true`,
) {
  return db
    .insertInto("business_wizard_submissions")
    .columns(["industry", "state", "segments", "email", "updated_at"])
    .expression(
      db
        .selectNoFrom([
          sql<string>`${record.industry}::text`.as("industry"),
          sql<string>`${record.state}::text`.as("state"),
          sql<string[]>`${record.segments}::text[]`.as("segments"),
          sql<string>`${record.email}::text`.as("email"),
          stampedBy(writer).as("updated_at"),
        ])
        .where(when),
    )
    .onConflict((conflict) =>
      conflict.expression(sql`lower(email)`).doUpdateSet((eb) => ({
        industry: eb.ref("excluded.industry"),
        state: eb.ref("excluded.state"),
        segments: eb.ref("excluded.segments"),
        email: eb.ref("excluded.email"),
        updated_at: eb.ref("excluded.updated_at"),
      })),
    )
    .returning("id");
}

/** The email step's upsert (emailStepUpsert) on its own; returns the submission's id. */
export async function saveEmailStep(
  db: Db,
  record: EmailStepRecord,
  writer: SubmissionWriter = UNKNOWN_WRITER,
): Promise<string> {
  const row = await emailStepUpsert(db, record, writer).executeTakeFirstOrThrow();
  return row.id;
}

/**
 * The final step's save (SPEC section 4): update the submission the email step wrote, by its id; if
 * there is none (or it is gone), insert the full record, or update the one with the same email.
 * Returns the submission's id. The same statement keeps the version it overwrites, with `writer`,
 * and marks the application complete (completed_at, decision 018).
 */
export async function saveCompleteSubmission(
  db: Db,
  submissionId: string | undefined,
  record: CompleteRecord,
  writer: SubmissionWriter = UNKNOWN_WRITER,
): Promise<string> {
  if (submissionId) {
    const updated = await db
      .updateTable("business_wizard_submissions")
      .set({ ...record, completed_at: sql`now()`, updated_at: stampedBy(writer) })
      .where("id", "=", submissionId)
      .returning("id")
      .executeTakeFirst();
    if (updated) return updated.id;
  }
  const inserted = await db
    .insertInto("business_wizard_submissions")
    .values({ ...record, completed_at: sql`now()`, updated_at: stampedBy(writer) })
    .onConflict((conflict) =>
      conflict.expression(sql`lower(email)`).doUpdateSet((eb) => ({
        ...record,
        completed_at: eb.ref("excluded.completed_at"),
        updated_at: eb.ref("excluded.updated_at"),
      })),
    )
    .returning("id")
    .executeTakeFirstOrThrow();
  return inserted.id;
}

/**
 * Whether the application the final step is about to save was completed before (by its id, or the
 * one with its email): what tells a webhook "application.updated" from "application.completed".
 */
export async function wasCompletedBefore(
  db: Db,
  submissionId: string | undefined,
  email: string,
): Promise<boolean> {
  const row = await db
    .selectFrom("business_wizard_submissions")
    .select("completed_at")
    .where((eb) =>
      eb.or([
        ...(submissionId && /^[0-9a-f-]{36}$/i.test(submissionId)
          ? [eb("id", "=", submissionId)]
          : []),
        eb(sql<string>`lower(email)`, "=", email.toLowerCase()),
      ]),
    )
    .where("completed_at", "is not", null)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}
