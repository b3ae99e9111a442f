import { sql, type RawBuilder } from "kysely";

import type { EmailStepRecord } from "#app/domain/application/application-record.ts";

import { logger } from "#app/server/logger.server.ts";
import type { AppServices } from "#app/server/services.server.ts";
import {
  resumeLinkOutcome,
  resumeLinkWrite,
  type ResumeLinkWrite,
} from "#app/server/wizard/resume-tokens.server.ts";
import { emailStepWrite, savedBesideHolder } from "#app/server/wizard/submission-saves.server.ts";
import {
  draftWriteNaming,
  lockedStoredDraft,
  StaleDraft,
  storedDraftIs,
  storedDraftOf,
  type SaveWithDraft,
} from "#app/server/wizard/wizard-drafts.server.ts";

/** What the email step saves, and the draft it keeps. */
export type EmailStepSave = SaveWithDraft<EmailStepRecord>;

/** What the statement answers. */
export interface SavedRow {
  id: string | null;
  kept: string | null;
  recent: boolean;
  queued: boolean;
  data: unknown;
  version: string | null;
}

/**
 * The email step's save as one statement (decision 028): the submission (emailStepWrite), a link
 * back to it by email (resumeLinkWrite, with its caps: a reminder that waits, decision 032), unless
 * `withLink` is false, and the draft naming it (draftWriteNaming), all or nothing, in one round trip
 * to the database. It writes only if the stored draft is still the version the save started from
 * (decision 029). `link` is what the statement's answer tells of the link (resumeLinkOutcome).
 * Exported for the bench, which runs the same statement without HTTP.
 */
export function emailStepStatement(
  services: AppServices,
  save: EmailStepSave,
  withLink: boolean,
): { statement: RawBuilder<SavedRow>; link: ResumeLinkWrite | undefined } {
  const { keptId, version } = save.draft;
  const submissionId = sql<string>`(SELECT id FROM submission)`;
  // The draft's row, locked: the save goes ahead only if it is still the version read.
  const stored = lockedStoredDraft(keptId);
  const submission = emailStepWrite(
    save.record,
    save.writer,
    save.draft.named,
    storedDraftIs(version),
  );
  const kept = draftWriteNaming(keptId, submissionId, save.draft.named, save.keptFor);
  const answer = sql`${submissionId} AS id, (SELECT version FROM kept) AS kept,
    stored.data, stored.version`;
  if (!withLink) {
    const statement = sql<SavedRow>`
      WITH stored AS (${stored}), ${submission}, kept AS (${kept})
      SELECT ${answer}, false AS recent, false AS queued
      FROM (SELECT 1) AS one LEFT JOIN stored ON true
    `;
    return { statement, link: undefined };
  }
  // The reminder in the language of the page the email was saved from.
  const link = resumeLinkWrite(
    services,
    save.record.email,
    save.writer.draft,
    "reminder",
    save.record.language,
  );
  const statement = sql<SavedRow>`
    WITH stored AS (${stored}), ${submission}, ${link.ctes(submissionId, savedBesideHolder(submissionId))},
      kept AS (${kept})
    SELECT ${answer}, EXISTS (SELECT 1 FROM recent) AS recent,
      EXISTS (SELECT 1 FROM queued) AS queued
    FROM (SELECT 1) AS one LEFT JOIN stored ON true
  `;
  return { statement, link };
}

/**
 * The email step's save (emailStepStatement). Nothing is written if the stored draft is no longer
 * the version the save started from: StaleDraft carries the draft as stored now. Returns the
 * submission's id and the draft's new version.
 *
 * A link that cannot be stored must not fail the save (decision 023): if the statement fails, the
 * save runs once more without the link, and the failure is logged as the link's. If that fails
 * too, nothing was written, and the error is the caller's.
 */
export async function saveEmailStepWithDraft(
  services: AppServices,
  save: EmailStepSave,
): Promise<{ id: string; version: string }> {
  const db = services.database.db;
  let row: SavedRow | undefined;
  try {
    const { statement, link } = emailStepStatement(services, save, true);
    ({
      rows: [row],
    } = await statement.execute(db));
    if (row?.id && link) resumeLinkOutcome(services, link, row.id, row);
  } catch (linkError) {
    ({
      rows: [row],
    } = await emailStepStatement(services, save, false).statement.execute(db));
    if (row?.id) logger.error({ err: linkError, submissionId: row.id }, "resume link not sent");
  }
  if (!row?.id || !row.kept) throw new StaleDraft(storedDraftOf(save.draft.keptId, row));
  return { id: row.id, version: row.kept };
}
