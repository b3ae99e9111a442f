import { sql, type RawBuilder } from "kysely";

import { isUuid } from "#app/domain/values/ids.ts";
import type {
  CompleteRecord,
  EmailStepRecord,
} from "#app/domain/application/application-record.ts";

import type { Db } from "#app/server/db/database.server.ts";
import { resumeRemindersCancelled } from "#app/server/wizard/resume-tokens.server.ts";
import {
  stampedBy,
  UNKNOWN_WRITER,
  type SubmissionWriter,
} from "#app/server/wizard/submission-history.server.ts";

/** A draft's submission id as a statement's parameter: null when there is none (or it is not one). */
function ownId(own: string | undefined): string | null {
  return own !== undefined && isUuid(own) ? own : null;
}

/**
 * Where a save of `record` goes (decision 030), as the CTEs of one statement, ending with
 * `submission AS (SELECT id …)`:
 * - the session's own application (`own`, the submission its draft names: one it wrote, or one
 *   whose email it proved by a link), if it still has this email: updated;
 * - else, if no application holds this email yet, a new one, which then holds it;
 * - else a new application beside the one that holds it, marked email_not_proven: a session that
 *   only knows an email never reads or writes the application of whoever saved it first.
 * The unique index on lower(email) among the unmarked rows settles two first saves at once: the
 * loser's insert does nothing and the next CTE makes its row beside. The record's values reach the
 * database as one JSON parameter, typed by the table itself (jsonb_populate_record). `stamped`
 * are further columns with their SQL values (updated_at names the writer, decision 013). Writes
 * only if `when` holds.
 */
function savedUnderEmail(options: {
  record: EmailStepRecord;
  own: string | undefined;
  stamped: Record<string, RawBuilder<unknown>>;
  when: RawBuilder<boolean>;
}): RawBuilder<unknown> {
  const { record, stamped, when } = options;
  const names = [...Object.keys(record), ...Object.keys(stamped)].map((name) => sql.ref(name));
  const columns = sql.join(names);
  const values = sql.join([
    ...Object.keys(record).map((name) => sql.ref(`given.${name}`)),
    ...Object.values(stamped),
  ]);
  const given = sql`jsonb_populate_record(NULL::business_wizard_submissions,
    ${JSON.stringify(record)}::jsonb) AS given`;
  return sql`own AS (
      SELECT id FROM business_wizard_submissions
      WHERE id = ${ownId(options.own)}::uuid AND lower(email) = lower(${record.email}::text)
    ), own_updated AS (
      UPDATE business_wizard_submissions SET (${columns}) = (SELECT ${values} FROM ${given})
      WHERE id IN (SELECT id FROM own) AND ${when}
      RETURNING id
    ), first_of_email AS (
      INSERT INTO business_wizard_submissions (${columns})
      SELECT ${values} FROM ${given} WHERE NOT EXISTS (SELECT 1 FROM own) AND ${when}
      ON CONFLICT (lower(email)) WHERE email_not_proven = false DO NOTHING
      RETURNING id
    ), beside AS (
      INSERT INTO business_wizard_submissions (${columns}, email_not_proven)
      SELECT ${values}, true FROM ${given}
      WHERE NOT EXISTS (SELECT 1 FROM own) AND NOT EXISTS (SELECT 1 FROM first_of_email)
        AND ${when}
      RETURNING id
    ), submission AS (
      SELECT id FROM own_updated UNION ALL SELECT id FROM first_of_email
      UNION ALL SELECT id FROM beside
    )`;
}

/**
 * Whether the statement's save (savedUnderEmail's CTEs) went to an application beside the
 * address's holder: one it made now (`beside`, which the statement's other reads do not see), or
 * the session's own, already marked email_not_proven.
 */
export function savedBesideHolder(submissionId: RawBuilder<string>): RawBuilder<boolean> {
  return sql<boolean>`(EXISTS (SELECT 1 FROM beside) OR EXISTS (
    SELECT 1 FROM business_wizard_submissions WHERE id = ${submissionId}::uuid AND email_not_proven))`;
}

/**
 * The email step's save (docs/product.md, "How the wizard moves"): writes industry, state, segments
 * and email, and the language when given, and nothing else, to the application this session may
 * write under that email (savedUnderEmail, decision 030).
 * The same statement keeps the version it overwrites, with `writer` (decision 013). As CTEs, for a
 * statement of its own (saveEmailStep) or the first part of the step's save (decision 028); the
 * last, `submission`, answers the submission's id.
 */
export function emailStepWrite(
  record: EmailStepRecord,
  writer: SubmissionWriter = UNKNOWN_WRITER,
  /** The submission the session's draft names, if any. */
  own: string | undefined = undefined,
  /** Writes only if this holds (a statement's check that the draft is the one read). */
  when: RawBuilder<boolean> = sql<boolean>`true`,
): RawBuilder<unknown> {
  const { industry, state, segments, email, language } = record;
  return savedUnderEmail({
    record: { industry, state, segments, email, ...(language ? { language } : {}) },
    own,
    when,
    stamped: { updated_at: stampedBy(writer) },
  });
}

/** The email step's write (emailStepWrite) on its own; returns the submission's id. */
export async function saveEmailStep(
  db: Db,
  record: EmailStepRecord,
  writer: SubmissionWriter = UNKNOWN_WRITER,
  own: string | undefined = undefined,
): Promise<string> {
  const { rows } = await sql<{ id: string }>`
    WITH ${emailStepWrite(record, writer, own)} SELECT id FROM submission
  `.execute(db);
  const [row] = rows;
  if (!row) throw new Error("The email step's save wrote no submission");
  return row.id;
}

/**
 * The final step's save (docs/product.md, "How the wizard moves"): every field to the application
 * the email step wrote (`own`, the draft's), if it still has this email; if there is none (or it is
 * gone), a new one, beside any that already holds the email (savedUnderEmail, decision 030). The
 * same statement keeps the version it overwrites, with `writer`, marks the application complete
 * (completed_at, decision 018) and cancels its waiting reminder (decision 032): it is cancelled
 * exactly when the application is saved complete. Writes only if `when` holds.
 *
 * As CTEs, for a statement of its own (saveCompleteSubmission) or the first part of the step's save
 * (decision 052): `submission` answers the submission's id, and `completed_before` a row if the
 * application it updated was complete before this save (what tells a webhook
 * "application.updated" from "application.completed"; another application with the same email
 * does not count, decision 030).
 */
export function completeApplicationWrite(
  record: CompleteRecord,
  writer: SubmissionWriter = UNKNOWN_WRITER,
  own: string | undefined = undefined,
  when: RawBuilder<boolean> = sql<boolean>`true`,
): RawBuilder<unknown> {
  const write = savedUnderEmail({
    record,
    own,
    when,
    stamped: { completed_at: sql`now()`, updated_at: stampedBy(writer) },
  });
  // Finishing cancels the "finish your application" reminders still waiting (decision 032): every
  // one this session queued, whatever address it was for, and those keyed by the application the
  // email step saved (the draft's) or the one saved now, if another.
  const cancelled = resumeRemindersCancelled(
    [
      sql<string | null>`${ownId(writer.draft ?? undefined)}::uuid`,
      sql<string | null>`${ownId(own)}::uuid`,
      sql<string>`(SELECT id FROM submission)`,
    ],
    when,
  );
  // The statement's CTEs all read the rows as they were before it: this is the application as the
  // save found it.
  return sql`${write}, ${cancelled}, completed_before AS (
      SELECT 1 FROM business_wizard_submissions
      WHERE id IN (SELECT id FROM own) AND completed_at IS NOT NULL AND ${when}
    )`;
}

/** The final step's write (completeApplicationWrite) on its own; returns the submission's id. */
export async function saveCompleteSubmission(
  db: Db,
  submissionId: string | undefined,
  record: CompleteRecord,
  writer: SubmissionWriter = UNKNOWN_WRITER,
): Promise<string> {
  const { rows } = await sql<{ id: string }>`
    WITH ${completeApplicationWrite(record, writer, submissionId)} SELECT id FROM submission
  `.execute(db);
  const [row] = rows;
  if (!row) throw new Error("The final step's save wrote no submission");
  return row.id;
}
