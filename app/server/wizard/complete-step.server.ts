import { sql, type RawBuilder } from "kysely";

import type { CompleteRecord } from "#app/domain/application/application-record.ts";

import { bestEffort, onCommit } from "#app/server/db/transactions.server.ts";
import {
  completedApplicationAlert,
  notificationNotQueued,
} from "#app/server/leads/lead-notifications.server.ts";
import { notifyOutboxWorkers } from "#app/server/mail/outbox.server.ts";
import type { AppServices } from "#app/server/services.server.ts";
import { completeApplicationWrite } from "#app/server/wizard/submission-saves.server.ts";
import {
  draftWriteNaming,
  lockedStoredDraft,
  StaleDraft,
  storedDraftIs,
  storedDraftOf,
  type SaveWithDraft,
} from "#app/server/wizard/wizard-drafts.server.ts";

/** What the final step saves, and the draft it keeps. */
export type CompleteStepSave = SaveWithDraft<CompleteRecord>;

/** What the statement answers. */
interface SavedRow {
  id: string | null;
  kept: string | null;
  /** The application it updated was complete before (completeApplicationWrite). */
  updated: boolean;
  /** The agency's new-lead email was queued. */
  alerted: boolean;
  data: unknown;
  version: string | null;
}

/**
 * The final step's save as one statement (decision 052): the application, complete
 * (completeApplicationWrite, which also cancels its waiting reminder), the draft naming it
 * (draftWriteNaming) and, when `withAlert`, the agency's new-lead email (LEAD_NOTIFY_TO), all or
 * nothing, in one round trip to the database. It writes only if the stored draft is still the
 * version the save started from (decision 029).
 */
function completeStepStatement(
  services: AppServices,
  save: CompleteStepSave,
  withAlert: boolean,
): RawBuilder<SavedRow> {
  const { keptId, version, named } = save.draft;
  const submissionId = sql<string>`(SELECT id FROM submission)`;
  // The draft's row is locked (`stored`): the save goes ahead only if it is still the version read.
  const write = completeApplicationWrite(save.record, save.writer, named, storedDraftIs(version));
  const kept = draftWriteNaming(keptId, submissionId, named, save.keptFor);
  const alert = withAlert
    ? completedApplicationAlert(services, save.record, sql`submission`)
    : undefined;
  return sql<SavedRow>`
    WITH stored AS (${lockedStoredDraft(keptId)}), ${write}, kept AS (${kept})
      ${alert ? sql`, alerted AS (${alert})` : sql``}
    SELECT ${submissionId} AS id, (SELECT version FROM kept) AS kept,
      EXISTS (SELECT 1 FROM completed_before) AS updated,
      ${alert ? sql`EXISTS (SELECT 1 FROM alerted)` : sql`false`} AS alerted,
      stored.data, stored.version
    FROM (SELECT 1) AS one LEFT JOIN stored ON true
  `;
}

/**
 * The final step's save (completeStepStatement). Nothing is written if the stored draft is no
 * longer the version the save started from: StaleDraft carries the draft as stored now. Returns
 * the submission's id, the draft's new version and whether the application was complete before.
 *
 * The agency's email must not fail the save (decision 023): if the statement with it fails, the
 * save runs once more without it (inside a transaction, the first try is in a savepoint), and the
 * failure is logged as the email's. If that fails too, nothing was written, and the error is the
 * caller's.
 */
export async function saveCompleteStepWithDraft(
  services: AppServices,
  save: CompleteStepSave,
): Promise<{ id: string; version: string; updated: boolean }> {
  const db = services.database.db;
  let row: SavedRow | undefined;
  let saved = false;
  if (services.env.LEAD_NOTIFY_TO.length > 0) {
    try {
      ({
        rows: [row],
      } = await bestEffort(db, (db) => completeStepStatement(services, save, true).execute(db)));
      saved = true;
      if (row?.alerted) onCommit(db, notifyOutboxWorkers);
    } catch (error) {
      notificationNotQueued(error);
    }
  }
  if (!saved) {
    ({
      rows: [row],
    } = await completeStepStatement(services, save, false).execute(db));
  }
  if (!row?.id || !row.kept) throw new StaleDraft(storedDraftOf(save.draft.keptId, row));
  return { id: row.id, version: row.kept, updated: row.updated };
}
