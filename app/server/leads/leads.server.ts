import { sql, type ExpressionBuilder, type RawBuilder, type Selectable } from "kysely";

import { LEAD_NAME_COLUMN } from "#app/domain/application/application-fields.ts";
import { isUuid } from "#app/domain/values/ids.ts";
import { dayEndIn, dayStartIn } from "#app/domain/values/time-zones.ts";
import {
  leadSearch,
  PAGE_SIZE,
  type ListKey,
  type ListPosition,
  type SubmissionFilter,
  type SubmissionStatus,
} from "#app/domain/leads/lead-desk.ts";
import { SAME_LEAD_SIGNS, type SameLeadSign } from "#app/domain/leads/lead-work.ts";

import type { Db } from "#app/server/db/database.server.ts";
import type {
  BusinessWizardSubmissionsTable,
  CallbackRequestsTable,
  ContactMessagesTable,
  DatabaseSchema,
} from "#app/server/db/database-schema.server.ts";

/** A submission as the lead desk reads it. */
export type SubmissionRow = Selectable<BusinessWizardSubmissionsTable>;

/**
 * One page of a newest-first list, and where the pages next to it start (absent: there is none).
 * No total: counting every matching row would cost as much as reading them all.
 */
export interface Page<T> {
  rows: T[];
  newer?: ListPosition;
  older?: ListPosition;
}

/** What a keyset page asks of its query: the rows past the cursor, in order, up to a limit. */
interface Keyset {
  /** Only rows past the cursor (always true on the newest page). */
  past: RawBuilder<boolean>;
  order: "asc" | "desc";
  limit: number;
}

/** A row with its place in the list, as `cursorMicros` selects it. */
type Keyed = { id: string; cursor_micros: string };

/**
 * The creation instant in whole microseconds since 1970, as text: exact (the epoch is numeric from
 * PostgreSQL 14 on) and independent of the session's time zone.
 */
const cursorMicros = sql<string>`(extract(epoch from created_at) * 1000000)::bigint::text`.as(
  "cursor_micros",
);

/**
 * The rows after (`<`) or before (`>`) a key, compared as the pair (created_at, id) so that an
 * index on those columns, after any equality columns, finds the start without reading past rows.
 */
function pastKey(key: ListKey, comparison: "<" | ">"): RawBuilder<boolean> {
  const instant = sql`timestamptz 'epoch' + ${key.createdAtMicros}::bigint * interval '1 microsecond'`;
  return sql<boolean>`(created_at, id) ${sql.raw(comparison)} (${instant}, ${key.id}::uuid)`;
}

function keyOf(row: Keyed): ListKey {
  return { createdAtMicros: row.cursor_micros, id: row.id };
}

function withoutCursor<Row extends Keyed>(rows: Row[]): Omit<Row, "cursor_micros">[] {
  return rows.map(({ cursor_micros: _cursor, ...row }) => row);
}

/**
 * A page of a newest-first list by keyset: one indexed read of at most PAGE_SIZE + 1 rows, however
 * deep the page (no OFFSET, no count). Going newer reads upwards from the cursor; when that reaches
 * the newest row, the newest page is shown instead, so that it is always a full page.
 */
async function keysetPage<Row extends Keyed>(
  position: ListPosition | undefined,
  read: (keyset: Keyset) => Promise<Row[]>,
): Promise<Page<Omit<Row, "cursor_micros">>> {
  if (position?.direction === "newer") {
    const rows = await read({
      past: pastKey(position.key, ">"),
      order: "asc",
      limit: PAGE_SIZE + 1,
    });
    if (rows.length > PAGE_SIZE) {
      const shown = rows.slice(0, PAGE_SIZE).reverse();
      const [newest, oldest] = [shown[0], shown.at(-1)];
      return {
        rows: withoutCursor(shown),
        newer: newest && { direction: "newer", key: keyOf(newest) },
        older: oldest && { direction: "older", key: keyOf(oldest) },
      };
    }
    return keysetPage(undefined, read);
  }
  const rows = await read({
    past: position ? pastKey(position.key, "<") : sql<boolean>`true`,
    order: "desc",
    limit: PAGE_SIZE + 1,
  });
  const shown = rows.slice(0, PAGE_SIZE);
  const [newest, oldest] = [shown[0], shown.at(-1)];
  return {
    rows: withoutCursor(shown),
    newer: position && newest && { direction: "newer", key: keyOf(newest) },
    older:
      rows.length > PAGE_SIZE && oldest ? { direction: "older", key: keyOf(oldest) } : undefined,
  };
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
 * A search once the database has said whether it names leads exactly: the leads a reference or a
 * phone number names, by their ids; or text to look for in the email and the names (leadSearch).
 */
export type ResolvedSearch = { ids: string[] } | { text: string };

/** The most leads one reference or phone number is taken to name (a phone shared by more: text). */
const NAMED_LEADS_LIMIT = 500;

/** The leads whose email, business names or contact's name hold the text, ignoring case. */
function containing(eb: SubmissionsWhere, text: string) {
  const pattern = containsPattern(text);
  return eb.or([
    eb("email", "ilike", pattern),
    eb(LEAD_NAME_COLUMN, "ilike", pattern),
    eb("legal_business_name", "ilike", pattern),
    eb(sql<string>`first_name || ' ' || last_name`, "ilike", pattern),
  ]);
}

/**
 * What the search box's text looks for (issue 28): when it reads as a reference or a phone number
 * (leadSearch) that leads have, those leads, found by the reference's and the phone's indexes;
 * otherwise the text in the email and the names. "PARKER" reads as a reference too, and finds the
 * Parkers when no request has it.
 */
export async function resolveSearch(
  db: Db,
  q: string | undefined,
): Promise<ResolvedSearch | undefined> {
  if (!q) return undefined;
  const search = leadSearch(q);
  const named = new Set<string>();
  if (search.reference) {
    const requested = await db
      .selectFrom("quote_requests")
      .select("submission_id")
      .where("reference", "=", search.reference)
      .execute();
    for (const row of requested) named.add(row.submission_id);
  }
  if (search.phone) {
    const phoned = await db
      .selectFrom("business_wizard_submissions")
      .select("id")
      .where("phone_number", "=", search.phone)
      .limit(NAMED_LEADS_LIMIT)
      .execute();
    if (phoned.length === NAMED_LEADS_LIMIT) return { text: search.text };
    for (const row of phoned) named.add(row.id);
  }
  return named.size > 0 ? { ids: [...named] } : { text: search.text };
}

/**
 * The filter as a condition: the search (resolved: resolveSearch), industry, state, status, the
 * newest quote request's status (or none), and creation days from `from` to `to` (both included)
 * in the agency's time zone.
 */
function matches(filter: SubmissionFilter, timeZone: string, search: ResolvedSearch | undefined) {
  return (eb: SubmissionsWhere) => {
    const conditions = [];
    if (search) {
      conditions.push("ids" in search ? eb("id", "in", search.ids) : containing(eb, search.text));
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
      conditions.push(eb("created_at", ">=", dayStartIn(filter.from, timeZone)));
    }
    if (filter.to) {
      conditions.push(eb("created_at", "<", dayEndIn(filter.to, timeZone)));
    }
    return eb.and(conditions);
  };
}

/**
 * A page of the submissions that match the filter (its days in `timeZone`), newest first, from a
 * position (or the newest).
 */
export async function listSubmissions(
  db: Db,
  filter: SubmissionFilter,
  timeZone: string,
  position?: ListPosition,
): Promise<Page<SubmissionRow>> {
  const search = await resolveSearch(db, filter.q);
  return keysetPage(position, ({ past, order, limit }) =>
    db
      .selectFrom("business_wizard_submissions")
      .selectAll()
      .select(cursorMicros)
      .where(matches(filter, timeZone, search))
      .where(past)
      .orderBy("created_at", order)
      .orderBy("id", order)
      .limit(limit)
      .execute(),
  );
}

/** How many other leads that may be the same the lead desk lists (newest first). */
const RELATED_LIMIT = 20;

/** Another lead that shares something with this one, and what it shares. */
export interface RelatedLead {
  id: string;
  name: string | null;
  createdAt: Date;
  emailNotProven: boolean;
  shares: SameLeadSign[];
}

/**
 * What two leads are compared by, for the lead a query names `alias`: the email as every email
 * lookup compares it, the phone number as stored, and the business name ignoring case and outer
 * spaces (the indexes of migration 0024 hold exactly these). One rule for the lead's page
 * (relatedLeads) and the queue's flag (HAS_RELATED_LEAD).
 */
function sameLeadKeys(alias: string): Record<SameLeadSign, RawBuilder<unknown>> {
  return {
    email: sql`lower(${sql.ref(`${alias}.email`)})`,
    phone: sql`${sql.ref(`${alias}.phone_number`)}`,
    "business name": sql`lower(btrim(${sql.ref(`${alias}.${LEAD_NAME_COLUMN}`)}))`,
  };
}

const OTHER = sameLeadKeys("other");
const LEAD = sameLeadKeys("s");

/** Whether `other` shares this sign with `s`; false, not null, when either value is missing. */
function shares(sign: SameLeadSign): RawBuilder<boolean> {
  return sql<boolean>`coalesce(${OTHER[sign]} = ${LEAD[sign]}, false)`;
}

/** Whether `other` shares any sign with `s`. */
const SHARES_ANY = sql<boolean>`(${sql.join(
  SAME_LEAD_SIGNS.map((sign) => sql`${OTHER[sign]} = ${LEAD[sign]}`),
  sql` OR `,
)})`;

/**
 * The other leads that share this one's email (decision 030: a visitor who has not proven an email
 * gets an application of its own beside the one that holds it), phone number or business name,
 * newest first (issue 28): possibly the same business, for an operator to check.
 */
export async function relatedLeads(db: Db, leadId: string): Promise<RelatedLead[]> {
  if (!isUuid(leadId)) return [];
  const { rows } = await sql<{
    id: string;
    name: string | null;
    created_at: Date;
    email_not_proven: boolean;
    same: Record<SameLeadSign, boolean>;
  }>`
    SELECT other.id, other.${sql.ref(LEAD_NAME_COLUMN)} AS name, other.created_at,
      other.email_not_proven,
      json_build_object(${sql.join(SAME_LEAD_SIGNS.map((sign) => sql`${sign}::text, ${shares(sign)}`))}) AS same
    FROM business_wizard_submissions AS s
    JOIN business_wizard_submissions AS other ON other.id <> s.id AND ${SHARES_ANY}
    WHERE s.id = ${leadId}
    ORDER BY other.created_at DESC
    LIMIT ${RELATED_LIMIT}`.execute(db);
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    createdAt: new Date(row.created_at),
    emailNotProven: row.email_not_proven,
    shares: SAME_LEAD_SIGNS.filter((sign) => row.same[sign]),
  }));
}

/**
 * Whether another lead shares the email, phone number or business name of the submission `s` in a
 * query: the queue's "Possible duplicate" flag.
 */
export const HAS_RELATED_LEAD = sql<boolean>`EXISTS (
  SELECT 1 FROM business_wizard_submissions AS other WHERE other.id <> s.id AND ${SHARES_ANY})`;

/** One submission by id, or undefined (also for an id that is no uuid). */
export async function getSubmission(db: Db, id: string): Promise<SubmissionRow | undefined> {
  if (!isUuid(id)) return undefined;
  return db
    .selectFrom("business_wizard_submissions")
    .selectAll()
    .where("id", "=", id)
    .executeTakeFirst();
}

/** Which submissions an export takes: a filter, and optionally those changed since an instant. */
export interface ExportSelection {
  /** The filter, its days in the time zone (the agency's). */
  filter?: { filter: SubmissionFilter; timeZone: string };
  /** Only submissions created or changed at or after this instant. */
  changedSince?: Date;
}

/** How an export reads: rows per round trip (tests use small batches to cross many). */
export interface ExportOptions {
  batchSize?: number;
}

/** Rows per round trip when exporting. */
const EXPORT_BATCH = 500;

/**
 * Every submission a selection takes, newest first, a batch at a time: memory stays flat however
 * many there are. Each batch is a keyset read continuing from the last row's (created_at, id) at
 * the database's full precision (a JavaScript Date would round microseconds away and repeat or skip
 * rows), so a batch deep in the table costs what the first one does.
 */
export async function* exportSubmissions(
  db: Db,
  selection: ExportSelection = {},
  { batchSize = EXPORT_BATCH }: ExportOptions = {},
): AsyncGenerator<SubmissionRow[]> {
  let after: ListKey | undefined;
  const search = selection.filter && (await resolveSearch(db, selection.filter.filter.q));
  for (;;) {
    let query = db
      .selectFrom("business_wizard_submissions")
      .selectAll()
      .select(cursorMicros)
      .orderBy("created_at", "desc")
      .orderBy("id", "desc")
      .limit(batchSize);
    if (selection.filter) {
      query = query.where(matches(selection.filter.filter, selection.filter.timeZone, search));
    }
    if (selection.changedSince) query = query.where("updated_at", ">=", selection.changedSince);
    if (after) query = query.where(pastKey(after, "<"));
    const batch = await query.execute();
    const last = batch.at(-1);
    if (!last) return;
    after = keyOf(last);
    yield withoutCursor(batch);
    if (batch.length < batchSize) return;
  }
}

/** A call-back request as the lead desk lists it. */
export type CallbackRequestRow = Selectable<CallbackRequestsTable>;

/** A page of call-back requests, newest first, from a position (or the newest). */
export async function listCallbackRequests(
  db: Db,
  position?: ListPosition,
): Promise<Page<CallbackRequestRow>> {
  return keysetPage(position, ({ past, order, limit }) =>
    db
      .selectFrom("callback_requests")
      .selectAll()
      .select(cursorMicros)
      .where(past)
      .orderBy("created_at", order)
      .orderBy("id", order)
      .limit(limit)
      .execute(),
  );
}

/** A contact message as the lead desk lists it. */
export type ContactMessageRow = Selectable<ContactMessagesTable>;

/** A page of contact messages, newest first, from a position (or the newest). */
export async function listContactMessages(
  db: Db,
  position?: ListPosition,
): Promise<Page<ContactMessageRow>> {
  return keysetPage(position, ({ past, order, limit }) =>
    db
      .selectFrom("contact_messages")
      .selectAll()
      .select(cursorMicros)
      .where(past)
      .orderBy("created_at", order)
      .orderBy("id", order)
      .limit(limit)
      .execute(),
  );
}
