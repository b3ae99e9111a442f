import { createHmac } from "node:crypto";

import { sql, type RawBuilder } from "kysely";

import { isUuid } from "#app/domain/values/ids.ts";
import {
  submissionValuesSchema,
  type SubmissionValues,
} from "#app/domain/application/application-fields.ts";
import {
  buildHistory,
  type RevisionRecord,
  type SubmissionVersion,
} from "#app/domain/application/record-versions.ts";
import { z } from "#app/domain/values/zod.ts";
import type { WizardDraft } from "#app/domain/wizard/wizard-draft.ts";

import type { Db } from "#app/server/db/database.server.ts";
import type { SubmissionRow } from "#app/server/leads/leads.server.ts";

/**
 * Who saves a submission, recorded with the revision of that write (decision 013): the wizard
 * session (its draft id), a keyed hash of the client address, and the submission whose email that
 * session has proven by using an emailed link, if any.
 */
export interface SubmissionWriter {
  draft: string | null;
  client: string | null;
  proven: string | null;
  /** The lead desk's operator, for an operator's write (decision 030). */
  operator?: string;
}

/** A writer the server knows nothing of (scripts, tests). */
export const UNKNOWN_WRITER: SubmissionWriter = { draft: null, client: null, proven: null };

/**
 * A keyed hash of a client address: writes from one address share it, and without the site's
 * secret it cannot be turned back into the address (IPv4 has few enough addresses to try them all
 * against a plain hash).
 */
export function clientHash(secret: string, address: string): string {
  return createHmac("sha256", secret)
    .update(`submission-writer\0${address}`)
    .digest("hex")
    .slice(0, 16);
}

/** An operator of the lead desk, writing from the desk (decision 030). */
export function operatorWriter(operatorId: string): SubmissionWriter {
  return { draft: null, client: null, proven: null, operator: operatorId };
}

/** The writer of a wizard save: the visitor's session, their address, what they have proven. */
export function wizardWriter(
  secret: string,
  clientAddress: string,
  draftId: string,
  draft: WizardDraft,
): SubmissionWriter {
  return {
    draft: isUuid(draftId) ? draftId : null,
    client: clientHash(secret, clientAddress),
    proven: draft.submission?.emailProven ? draft.submission.id : null,
  };
}

/**
 * The value a save writes to updated_at (now()), computed while naming the writer in the
 * transaction-local setting the revision trigger reads. A scalar subquery among the statement's
 * values runs before the row is written, so the one statement both names its writer and writes:
 * no extra round trip, and no other statement can see or change the setting.
 */
export function stampedBy(writer: SubmissionWriter): RawBuilder<Date> {
  return sql<Date>`(SELECT now() FROM (SELECT set_config('coverpilot.writer', ${JSON.stringify(writer)}, true)) AS writer)`;
}

/** The record's values as a version: from the row now, or a revision's JSON copy of it. */
export function submissionValues(row: SubmissionRow | unknown): SubmissionValues {
  return z.parse(submissionValuesSchema, row);
}

/** The most versions the lead desk shows of one submission (the newest). */
export const HISTORY_LIMIT = 50;

/** A submission's versions for the lead desk, newest first, and how many there are in all. */
export async function getSubmissionHistory(
  db: Db,
  row: SubmissionRow,
): Promise<{ versions: SubmissionVersion[]; total: number }> {
  const [revisions, count] = await Promise.all([
    db
      .selectFrom("business_wizard_submission_revisions")
      .select(["revised_at", "draft_id", "client_hash", "email_proven", "old_values"])
      .where("submission_id", "=", row.id)
      .orderBy("id", "desc")
      .limit(HISTORY_LIMIT)
      .execute(),
    db
      .selectFrom("business_wizard_submission_revisions")
      .select((eb) => eb.fn.countAll<string>().as("total"))
      .where("submission_id", "=", row.id)
      .executeTakeFirstOrThrow(),
  ]);
  const total = Number(count.total);
  const records: RevisionRecord[] = revisions.reverse().map((revision) => ({
    revisedAt: revision.revised_at.toISOString(),
    draftId: revision.draft_id,
    clientHash: revision.client_hash,
    emailProven: revision.email_proven,
    oldValues: revision.old_values === null ? null : submissionValues(revision.old_values),
  }));
  return {
    versions: buildHistory(records, submissionValues(row), total - records.length + 1),
    total,
  };
}
