import { sql, type ExpressionBuilder, type Selectable } from "kysely";

import {
  addDays,
  PAGE_SIZE,
  type SubmissionFilter,
  type SubmissionStatus,
} from "#app/domain/lead-desk.ts";

import type { Db } from "../db/database.server.ts";
import type {
  BusinessWizardSubmissionsTable,
  CallbackRequestsTable,
  ContactMessagesTable,
  DatabaseSchema,
} from "../db/database-schema.server.ts";

/** A submission as the lead desk reads it. */
export type SubmissionRow = Selectable<BusinessWizardSubmissionsTable>;

/** One page of a list, and what it takes to page through it. */
export interface Page<T> {
  rows: T[];
  total: number;
  page: number;
  pageCount: number;
}

/** How far a submission got: the final step sets completed_at, the email step never does. */
export function submissionStatus(row: Pick<SubmissionRow, "completed_at">): SubmissionStatus {
  return row.completed_at === null ? "email-step" : "complete";
}

/** `text` for a LIKE pattern, matched anywhere: its own %, _ and \ match themselves. */
function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

type SubmissionsWhere = ExpressionBuilder<DatabaseSchema, "business_wizard_submissions">;

/**
 * The filter as a condition: search in the email and the business names, industry, state, status,
 * the newest quote request's status (or none), and creation days from `from` to `to` (UTC, both included).
 */
function matches(filter: Omit<SubmissionFilter, "page">) {
  return (eb: SubmissionsWhere) => {
    const conditions = [];
    if (filter.q) {
      const pattern = containsPattern(filter.q);
      conditions.push(
        eb.or([
          eb("email", "ilike", pattern),
          eb("business_name", "ilike", pattern),
          eb("legal_business_name", "ilike", pattern),
        ]),
      );
    }
    if (filter.industry) conditions.push(eb("industry", "=", filter.industry));
    if (filter.state) conditions.push(eb("state", "=", filter.state));
    if (filter.status === "complete") conditions.push(eb("completed_at", "is not", null));
    if (filter.status === "email-step") conditions.push(eb("completed_at", "is", null));
    if (filter.quote === "none") {
      conditions.push(
        sql<boolean>`NOT EXISTS (SELECT 1 FROM quote_requests AS q WHERE q.submission_id = business_wizard_submissions.id)`,
      );
    } else if (filter.quote) {
      // The newest request's status: an operator's view of where the lead stands now.
      conditions.push(
        sql<boolean>`(SELECT q.status FROM quote_requests AS q WHERE q.submission_id = business_wizard_submissions.id ORDER BY q.created_at DESC LIMIT 1) = ${filter.quote}`,
      );
    }
    if (filter.from) {
      conditions.push(eb("created_at", ">=", new Date(`${filter.from}T00:00:00Z`)));
    }
    if (filter.to) {
      conditions.push(eb("created_at", "<", new Date(`${addDays(filter.to, 1)}T00:00:00Z`)));
    }
    return eb.and(conditions);
  };
}

function pageOf<T>(rows: T[], total: number, page: number): Page<T> {
  return { rows, total, page, pageCount: Math.max(1, Math.ceil(total / PAGE_SIZE)) };
}

/** A page of the submissions that match the filter, newest first. */
export async function listSubmissions(
  db: Db,
  filter: SubmissionFilter,
): Promise<Page<SubmissionRow>> {
  const where = matches(filter);
  const [rows, count] = await Promise.all([
    db
      .selectFrom("business_wizard_submissions")
      .selectAll()
      .where(where)
      .orderBy("created_at", "desc")
      .orderBy("id", "desc")
      .limit(PAGE_SIZE)
      .offset((filter.page - 1) * PAGE_SIZE)
      .execute(),
    db
      .selectFrom("business_wizard_submissions")
      .select((eb) => eb.fn.countAll<string>().as("total"))
      .where(where)
      .executeTakeFirstOrThrow(),
  ]);
  return pageOf(rows, Number(count.total), filter.page);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** One submission by id, or undefined (also for an id that is no uuid). */
export async function getSubmission(db: Db, id: string): Promise<SubmissionRow | undefined> {
  if (!UUID.test(id)) return undefined;
  return db
    .selectFrom("business_wizard_submissions")
    .selectAll()
    .where("id", "=", id)
    .executeTakeFirst();
}

/** Which submissions an export takes: a filter, and optionally those changed since an instant. */
export interface ExportSelection {
  filter?: Omit<SubmissionFilter, "page">;
  /** Only submissions created or changed at or after this instant. */
  changedSince?: Date;
}

/** Rows per round trip when exporting. */
const EXPORT_BATCH = 500;

/**
 * Every submission a selection takes, newest first, a batch at a time: memory stays flat however
 * many there are. Batches continue from the last row's (created_at, id), compared in the database
 * at full precision (a JavaScript Date would round microseconds away and repeat or skip rows).
 */
export async function* exportSubmissions(
  db: Db,
  selection: ExportSelection = {},
): AsyncGenerator<SubmissionRow[]> {
  let after: { createdAt: string; id: string } | undefined;
  for (;;) {
    let query = db
      .selectFrom("business_wizard_submissions")
      .selectAll()
      .select(sql<string>`created_at::text`.as("cursor_created_at"))
      .orderBy("created_at", "desc")
      .orderBy("id", "desc")
      .limit(EXPORT_BATCH);
    if (selection.filter) query = query.where(matches(selection.filter));
    if (selection.changedSince) query = query.where("updated_at", ">=", selection.changedSince);
    if (after) {
      const { createdAt, id } = after;
      query = query.where(
        sql<boolean>`(created_at, id) < (${createdAt}::timestamptz, ${id}::uuid)`,
      );
    }
    const batch = await query.execute();
    const last = batch.at(-1);
    if (!last) return;
    after = { createdAt: last.cursor_created_at, id: last.id };
    yield batch.map(({ cursor_created_at: _cursor, ...row }) => row);
    if (batch.length < EXPORT_BATCH) return;
  }
}

/** A call-back request as the lead desk lists it. */
export type CallbackRequestRow = Selectable<CallbackRequestsTable>;

/** A page of call-back requests, newest first. */
export async function listCallbackRequests(
  db: Db,
  page: number,
): Promise<Page<CallbackRequestRow>> {
  const [rows, count] = await Promise.all([
    db
      .selectFrom("callback_requests")
      .selectAll()
      .orderBy("created_at", "desc")
      .orderBy("id", "desc")
      .limit(PAGE_SIZE)
      .offset((page - 1) * PAGE_SIZE)
      .execute(),
    db
      .selectFrom("callback_requests")
      .select((eb) => eb.fn.countAll<string>().as("total"))
      .executeTakeFirstOrThrow(),
  ]);
  return pageOf(rows, Number(count.total), page);
}

/** A contact message as the lead desk lists it. */
export type ContactMessageRow = Selectable<ContactMessagesTable>;

/** A page of contact messages, newest first. */
export async function listContactMessages(db: Db, page: number): Promise<Page<ContactMessageRow>> {
  const [rows, count] = await Promise.all([
    db
      .selectFrom("contact_messages")
      .selectAll()
      .orderBy("created_at", "desc")
      .orderBy("id", "desc")
      .limit(PAGE_SIZE)
      .offset((page - 1) * PAGE_SIZE)
      .execute(),
    db
      .selectFrom("contact_messages")
      .select((eb) => eb.fn.countAll<string>().as("total"))
      .executeTakeFirstOrThrow(),
  ]);
  return pageOf(rows, Number(count.total), page);
}
