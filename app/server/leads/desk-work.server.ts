/**
 * The desk's work on leads (issue 28): each lead's timeline, its owner and next action, and the
 * queue's views. Every change an operator makes here adds a timeline entry in the same transaction,
 * so the timeline is the audit trail of the desk's work.
 */
import { sql, type RawBuilder } from "kysely";

import { LEAD_NAME_COLUMN } from "#app/domain/application/application-fields.ts";
import {
  OPEN_QUOTE_STATUSES,
  quoteStatusLabel,
  type QuoteStatus,
} from "#app/domain/leads/lead-desk.ts";
import {
  REACHING_KINDS,
  TIMELINE_LIMIT,
  type ActivityKind,
  type QueueView,
} from "#app/domain/leads/lead-work.ts";
import { isUuid } from "#app/domain/values/ids.ts";

import type { Db } from "#app/server/db/database.server.ts";
import { inTransaction } from "#app/server/db/transactions.server.ts";
import { HAS_RELATED_LEAD } from "#app/server/leads/leads.server.ts";
import { setQuoteRequestStatus } from "#app/server/wizard/quote-requests.server.ts";

/** One entry of a lead's timeline, as the desk shows it. */
export interface TimelineEntry {
  id: string;
  kind: ActivityKind | "request";
  body: string;
  /** The operator's email; null for the visitor's own act (a quote request). */
  by: string | null;
  at: Date;
  /**
   * An email the agency meant to send and did not ("Not sent", decision 054) that may be sent
   * again: its outbox id, while it is still held or given up on.
   */
  resend?: string;
}

/** Where a lead stands at the desk now. */
export interface LeadWork {
  ownerId: string | null;
  ownerEmail: string | null;
  nextAction: string | null;
  /** YYYY-MM-DD, a day at the agency. */
  nextActionDue: string | null;
}

const NO_WORK: LeadWork = {
  ownerId: null,
  ownerEmail: null,
  nextAction: null,
  nextActionDue: null,
};

/** Adds an entry to a lead's timeline: an operator's, or the visitor's own act (no operator). */
export async function addActivity(
  db: Db,
  entry: { submissionId: string; operatorId: string | null; kind: ActivityKind; body: string },
): Promise<void> {
  await db
    .insertInto("lead_activities")
    .values({
      submission_id: entry.submissionId,
      operator_id: entry.operatorId,
      kind: entry.kind,
      body: entry.body,
    })
    .execute();
}

/**
 * Sets the status of a lead's quote request and enters the change on its timeline ("New →
 * Contacted"), together. False when the request is gone; a status that is already set changes
 * nothing and adds nothing. Throws when it would open a second request (the database's rule).
 */
export async function setLeadStatus(
  db: Db,
  request: { id: string; submissionId: string; reference: string },
  status: QuoteStatus,
  operatorId: string,
): Promise<boolean> {
  return inTransaction(db, async (trx) => {
    const current = await trx
      .selectFrom("quote_requests")
      .select("status")
      .where("id", "=", request.id)
      .forUpdate()
      .executeTakeFirst();
    if (!current) return false;
    if (current.status === status) return true;
    await setQuoteRequestStatus(trx, request.id, status, operatorId);
    await addActivity(trx, {
      submissionId: request.submissionId,
      operatorId,
      kind: "status",
      body: `${request.reference}: ${quoteStatusLabel(current.status)} → ${quoteStatusLabel(status)}`,
    });
    return true;
  });
}

/**
 * A touch that reaches the visitor (a call, a voicemail left, an email sent: REACHING_KINDS) moves
 * the lead's newest quote request on from New to Contacted, entered on the timeline as the
 * operator's status change (issue 56, decision 066). Assigning an owner or setting a next action
 * does not: it is work on the lead, not contact with the visitor, and the response time promised
 * (AGENCY_RESPONSE_HOURS) still runs. Run it in the touch's transaction.
 */
export async function markContacted(
  trx: Db,
  submissionId: string,
  operatorId: string,
): Promise<void> {
  const request = await trx
    .selectFrom("quote_requests")
    .select(["id", "reference", "status"])
    .where("submission_id", "=", submissionId)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(1)
    .forUpdate()
    .executeTakeFirst();
  if (request?.status !== "new") return;
  await setQuoteRequestStatus(trx, request.id, "contacted", operatorId);
  await addActivity(trx, {
    submissionId,
    operatorId,
    kind: "status",
    body: `${request.reference}: ${quoteStatusLabel("new")} → ${quoteStatusLabel("contacted")}`,
  });
}

/**
 * Logs an operator's touch on the lead's timeline (a call, a voicemail, a note); one that reaches
 * the visitor moves a New request on to Contacted in the same transaction.
 */
export async function logTouch(
  db: Db,
  entry: { submissionId: string; operatorId: string; kind: ActivityKind; body: string },
): Promise<void> {
  await inTransaction(db, async (trx) => {
    await addActivity(trx, entry);
    if (REACHING_KINDS.includes(entry.kind)) {
      await markContacted(trx, entry.submissionId, entry.operatorId);
    }
  });
}

/** The desk's operators, for choosing an owner: by email. */
export async function listOperators(db: Db): Promise<{ id: string; email: string }[]> {
  return db
    .selectFrom("operators")
    .select(["id", "email"])
    .where("disabled_at", "is", null)
    .orderBy("email")
    .execute();
}

/** Where a lead stands at the desk (nothing set yet: no owner, no next action). */
export async function getLeadWork(db: Db, submissionId: string): Promise<LeadWork> {
  const row = await db
    .selectFrom("lead_work as w")
    .leftJoin("operators as o", "o.id", "w.owner_id")
    .select([
      "w.owner_id",
      "o.email",
      "w.next_action",
      sql<string | null>`w.next_action_due::text`.as("next_action_due"),
    ])
    .where("w.submission_id", "=", submissionId)
    .executeTakeFirst();
  if (!row) return NO_WORK;
  return {
    ownerId: row.owner_id,
    ownerEmail: row.email,
    nextAction: row.next_action,
    nextActionDue: row.next_action_due,
  };
}

/**
 * Gives a lead an owner (an operator's id) or none, and enters it on the timeline. False when the
 * owner named is no operator, or one disabled; setting the owner it has changes nothing.
 */
export async function setLeadOwner(
  db: Db,
  submissionId: string,
  ownerId: string | null,
  operatorId: string,
): Promise<boolean> {
  return inTransaction(db, async (trx) => {
    const before = await getLeadWork(trx, submissionId);
    // Saving the owner a lead has changes nothing (also one disabled since).
    if (before.ownerId === ownerId) return true;
    let ownerEmail: string | null = null;
    if (ownerId !== null) {
      if (!isUuid(ownerId)) return false;
      const owner = await trx
        .selectFrom("operators")
        .select("email")
        .where("id", "=", ownerId)
        .where("disabled_at", "is", null)
        .executeTakeFirst();
      if (!owner) return false;
      ownerEmail = owner.email;
    }
    await trx
      .insertInto("lead_work")
      .values({ submission_id: submissionId, owner_id: ownerId })
      .onConflict((conflict) =>
        conflict.column("submission_id").doUpdateSet({ owner_id: ownerId, updated_at: sql`now()` }),
      )
      .execute();
    await addActivity(trx, {
      submissionId,
      operatorId,
      kind: "owner",
      body: ownerEmail ? `Assigned to ${ownerEmail}` : "Unassigned",
    });
    return true;
  });
}

/** Sets a lead's next action and the day it is due (or clears both), and enters it on the timeline. */
export async function setNextAction(
  db: Db,
  submissionId: string,
  next: { action: string; due: string } | null,
  operatorId: string,
): Promise<void> {
  await inTransaction(db, async (trx) => {
    const values = { next_action: next?.action ?? null, next_action_due: next?.due ?? null };
    await trx
      .insertInto("lead_work")
      .values({ submission_id: submissionId, ...values })
      .onConflict((conflict) =>
        conflict.column("submission_id").doUpdateSet({ ...values, updated_at: sql`now()` }),
      )
      .execute();
    await addActivity(trx, {
      submissionId,
      operatorId,
      kind: "next-action",
      body: next ? `${next.action} (due ${next.due})` : "Next action cleared",
    });
  });
}

/**
 * A lead's timeline, newest first: the desk's entries and the visitor's quote requests, with who
 * and when; at most TIMELINE_LIMIT of them.
 */
export async function getTimeline(db: Db, submissionId: string): Promise<TimelineEntry[]> {
  const [activities, requests] = await Promise.all([
    db
      .selectFrom("lead_activities as a")
      // An entry without an operator is the visitor's own act (issue 29).
      .leftJoin("operators as o", "o.id", "a.operator_id")
      .leftJoin("outbox as m", (join) =>
        join
          .onRef("m.id", "=", "a.outbox_id")
          .on("m.sent_at", "is", null)
          .on("m.cancelled_at", "is", null)
          .on((eb) => eb.or([eb("m.held", "is not", null), eb("m.failed_at", "is not", null)])),
      )
      .select(["a.id", "a.kind", "a.body", "o.email", "a.created_at", "m.id as resend"])
      .where("a.submission_id", "=", submissionId)
      .orderBy("a.created_at", "desc")
      .orderBy("a.id", "desc")
      .limit(TIMELINE_LIMIT)
      .execute(),
    db
      .selectFrom("quote_requests")
      .select(["id", "reference", "lines", "created_at"])
      .where("submission_id", "=", submissionId)
      .orderBy("created_at", "desc")
      .limit(TIMELINE_LIMIT)
      .execute(),
  ]);
  const entries: TimelineEntry[] = [
    ...activities.map((row) => ({
      id: `a${row.id}`,
      // The database's check holds the kinds to ActivityKind's.
      kind: row.kind as ActivityKind,
      body: row.body,
      by: row.email,
      at: new Date(row.created_at),
      ...(row.resend === null ? {} : { resend: String(row.resend) }),
    })),
    ...requests.map((row) => ({
      id: `r${row.id}`,
      kind: "request" as const,
      body: `${row.reference}, ${row.lines.length} ${row.lines.length === 1 ? "line" : "lines"}`,
      by: null,
      at: new Date(row.created_at),
    })),
  ];
  return entries.sort((a, b) => b.at.getTime() - a.at.getTime()).slice(0, TIMELINE_LIMIT);
}

/** A lead in the work queue. */
export interface QueueRow {
  submissionId: string;
  name: string | null;
  contact: string | null;
  email: string;
  phone: string | null;
  receivedAt: Date;
  request: {
    reference: string;
    status: string;
    lines: string[];
    contactChannel: string;
    createdAt: Date;
  } | null;
  ownerEmail: string | null;
  nextAction: string | null;
  nextActionDue: string | null;
  /** The last call, voicemail or email to the visitor, if any. */
  reachedAt: Date | null;
  /** Another lead shares its email, phone number or business name. */
  possibleDuplicate: boolean;
}

interface QueueSqlRow {
  submission_id: string;
  name: string | null;
  first_name: string | null;
  last_name: string | null;
  email: string;
  phone_number: string | null;
  received_at: Date | string;
  reference: string | null;
  status: string | null;
  lines: string[] | null;
  contact_channel: string | null;
  requested_at: Date | string | null;
  owner_email: string | null;
  next_action: string | null;
  next_action_due: string | null;
  reached_at: Date | string | null;
  has_related: boolean;
}

function queueRow(row: QueueSqlRow): QueueRow {
  const contact = [row.first_name, row.last_name].filter(Boolean).join(" ");
  return {
    submissionId: row.submission_id,
    name: row.name,
    contact: contact || null,
    email: row.email,
    phone: row.phone_number,
    receivedAt: new Date(row.received_at),
    request:
      row.reference !== null && row.requested_at !== null
        ? {
            reference: row.reference,
            status: row.status ?? "new",
            lines: row.lines ?? [],
            contactChannel: row.contact_channel ?? "",
            createdAt: new Date(row.requested_at),
          }
        : null,
    ownerEmail: row.owner_email,
    nextAction: row.next_action,
    nextActionDue: row.next_action_due,
    reachedAt: row.reached_at === null ? null : new Date(row.reached_at),
    possibleDuplicate: row.has_related,
  };
}

const OPEN = sql.join(OPEN_QUOTE_STATUSES.map((status) => sql.lit(status)));
const REACHING = sql.join(REACHING_KINDS.map((kind) => sql.lit(kind)));

/** What every view reads of a lead: `s` the submission, `q` a request (or nulls), `w` its work. */
function queueSelect(): RawBuilder<unknown> {
  return sql`
    s.id AS submission_id, s.${sql.ref(LEAD_NAME_COLUMN)} AS name, s.first_name, s.last_name,
    s.email, s.phone_number, s.created_at AS received_at,
    q.reference, q.status, q.lines, q.contact_channel, q.created_at AS requested_at,
    o.email AS owner_email, w.next_action, w.next_action_due::text AS next_action_due,
    (SELECT max(a.created_at) FROM lead_activities AS a
      WHERE a.submission_id = s.id AND a.kind IN (${REACHING})) AS reached_at,
    ${HAS_RELATED_LEAD} AS has_related`;
}

/** A lead's newest quote request, beside a view that starts from the lead's work. */
const NEWEST_REQUEST = sql`LEFT JOIN LATERAL (
    SELECT r.reference, r.status, r.lines, r.contact_channel, r.created_at FROM quote_requests AS r
    WHERE r.submission_id = s.id ORDER BY r.created_at DESC LIMIT 1) AS q ON true`;

/**
 * The leads of one view of the queue, at most `limit`: `today` is the agency's day (for Due today
 * and Overdue), `operatorId` whose leads "My leads" are.
 */
export async function listQueue(
  db: Db,
  view: QueueView,
  { operatorId, today, limit }: { operatorId: string; today: string; limit: number },
): Promise<QueueRow[]> {
  const select = queueSelect();
  let query: RawBuilder<QueueSqlRow>;
  switch (view) {
    case "new-requests":
    case "unassigned":
      // As below, the page's requests are picked first and only they are read in full: filtering
      // on the lead's work made the planner join and sort every new request with its possible
      // duplicates and last touch before the limit (178 ms at 100,000 leads, bench/report.md).
      query = sql<QueueSqlRow>`
        WITH picked AS MATERIALIZED (
          SELECT q.id
          FROM quote_requests AS q
          LEFT JOIN lead_work AS w ON w.submission_id = q.submission_id
          WHERE ${
            view === "new-requests"
              ? sql`q.status = 'new' AND w.owner_id IS NULL AND w.next_action IS NULL`
              : sql`q.status IN (${OPEN}) AND w.owner_id IS NULL`
          }
          ORDER BY q.created_at, q.id
          LIMIT ${limit})
        SELECT ${select}
        FROM picked
        JOIN quote_requests AS q ON q.id = picked.id
        JOIN business_wizard_submissions AS s ON s.id = q.submission_id
        LEFT JOIN lead_work AS w ON w.submission_id = s.id
        LEFT JOIN operators AS o ON o.id = w.owner_id
        ORDER BY q.created_at, q.id`;
      break;
    case "mine":
    case "due-today":
    case "overdue": {
      const where =
        view === "mine"
          ? sql`w.owner_id = ${operatorId}`
          : view === "due-today"
            ? sql`w.next_action_due = ${today}::date`
            : sql`w.next_action_due < ${today}::date`;
      const order =
        view === "mine"
          ? sql`w.next_action_due NULLS LAST, s.created_at, s.id`
          : sql`w.next_action_due, s.created_at, s.id`;
      // The page's leads are picked first, and only they are read in full: a day's hundreds of
      // leads due are sorted by two columns, not each joined to its newest request and its
      // possible duplicates before the sort (bench/desk.ts, "due today").
      query = sql<QueueSqlRow>`
        WITH picked AS MATERIALIZED (
          SELECT w.submission_id
          FROM lead_work AS w
          JOIN business_wizard_submissions AS s ON s.id = w.submission_id
          WHERE ${where}
          ORDER BY ${order}
          LIMIT ${limit})
        SELECT ${select}
        FROM picked
        JOIN lead_work AS w ON w.submission_id = picked.submission_id
        JOIN business_wizard_submissions AS s ON s.id = w.submission_id
        LEFT JOIN operators AS o ON o.id = w.owner_id
        ${NEWEST_REQUEST}
        ORDER BY ${order}`;
      break;
    }
  }
  const { rows } = await query.execute(db);
  return rows.map(queueRow);
}
