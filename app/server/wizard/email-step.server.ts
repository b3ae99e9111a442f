import { sql } from "kysely";

import type { EmailStepRecord } from "#app/domain/application-record.ts";
import type { WizardDraft } from "#app/domain/wizard.ts";

import { logger } from "../logger.server.ts";
import type { AppServices } from "../services.server.ts";
import { resumeLinkOutcome, resumeLinkWrite } from "./resume.server.ts";
import type { SubmissionWriter } from "./submission-history.server.ts";
import { emailStepUpsert } from "./submissions.server.ts";
import { draftWriteNaming } from "./wizard-drafts.server.ts";

/** What the email step saves, and the draft it keeps. */
export interface EmailStepSave {
  record: EmailStepRecord;
  writer: SubmissionWriter;
  /** The draft's id, and the submission it names now (if any). */
  draft: { keptId: string; named: string | undefined };
  /** The draft to keep once submission `id` is saved. */
  keptFor(id: string): WizardDraft;
}

/**
 * The email step's save as one statement (decision 028): the submission (emailStepUpsert), a link
 * back to it by email (resumeLinkWrite, with its caps) and the draft naming it (draftWriteNaming),
 * all or nothing, in one round trip to the database. Returns the submission's id.
 *
 * A link that cannot be stored must not fail the save (decision 023): if the statement fails, the
 * save runs once more without the link, and the failure is logged as the link's. If that fails
 * too, nothing was written, and the error is the caller's.
 */
export async function saveEmailStepWithDraft(
  services: AppServices,
  save: EmailStepSave,
): Promise<string> {
  const db = services.database.db;
  const submissionId = sql<string>`(SELECT id FROM submission)`;
  const submission = emailStepUpsert(db, save.record, save.writer);
  const kept = draftWriteNaming(save.draft.keptId, submissionId, save.draft.named, save.keptFor);
  const link = resumeLinkWrite(services, save.record.email, save.writer.draft);
  try {
    const { rows } = await sql<{ id: string; recent: boolean; queued: boolean }>`
      WITH submission AS (${submission}), ${link.ctes(submissionId)}, kept AS (${kept})
      SELECT ${submissionId} AS id, EXISTS (SELECT 1 FROM recent) AS recent,
        EXISTS (SELECT 1 FROM queued) AS queued
    `.execute(db);
    const id = savedId(rows[0]);
    resumeLinkOutcome(services, id, rows[0]);
    return id;
  } catch (linkError) {
    const { rows } = await sql<{ id: string }>`
      WITH submission AS (${submission}), kept AS (${kept}) SELECT ${submissionId} AS id
    `.execute(db);
    const id = savedId(rows[0]);
    logger.error({ err: linkError, submissionId: id }, "resume link not sent");
    return id;
  }
}

function savedId(row: { id: string | null } | undefined): string {
  if (!row?.id) throw new Error("The email step's statement saved no submission");
  return row.id;
}
