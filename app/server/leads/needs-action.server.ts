/**
 * The desk's "Needs action" (issue 29): what visitors have done that waits for an operator, oldest
 * first: answers to the agency's questions, documents, the customer's own questions and their
 * declining every quote, each until marked dealt with; requests to bind not yet bound; and binders
 * still waiting for the insurer's policy, with the day each expires (issue 55); customers' change
 * requests on their policy not yet done (issue 56). Marking an item
 * dealt with records who and when, and enters the lead's timeline.
 */
import { sql } from "kysely";

import { LEAD_NAME_COLUMN } from "#app/domain/application/application-fields.ts";
import { isUuid } from "#app/domain/values/ids.ts";

import type { Db } from "#app/server/db/database.server.ts";
import { inTransaction } from "#app/server/db/transactions.server.ts";
import { addActivity } from "#app/server/leads/desk-work.server.ts";
import { markChangeRequestDone } from "#app/server/leads/policy-change-store.server.ts";

/** The most items the view lists at once (the oldest). */
export const NEEDS_ACTION_LIMIT = 200;

/** One thing waiting for the desk. */
export const HANDLED_KINDS = ["answer", "document", "question", "declined", "change"] as const;
export type HandledKind = (typeof HANDLED_KINDS)[number];

export interface WaitingItem {
  kind: HandledKind | "bind" | "binder";
  id: string;
  submissionId: string;
  /** The request it is about: the desk's link opens that request's page (decision 070). */
  requestId: string;
  reference: string;
  lead: string | null;
  /** What it is about: the question answered, the file's name, the insurer chosen, the change. */
  about: string;
  since: Date;
  /** A binder's: the day it expires (the policy is due before). */
  expires?: string;
}

/**
 * What waits for the desk, oldest first, at most NEEDS_ACTION_LIMIT items. The oldest are picked
 * from the three waiting lists first (each read by its own partial index), and only those are
 * joined to their request and lead by key: joined before the limit, the planner hashed every
 * quote request and every lead (some 120 ms at 100,000 leads).
 */
export async function listWaiting(db: Db): Promise<WaitingItem[]> {
  const { rows } = await sql<{
    kind: string;
    id: string;
    submission_id: string;
    request_id: string;
    reference: string;
    lead: string | null;
    about: string;
    since: Date | string;
    expires: string | null;
  }>`
    SELECT w.kind, w.id, w.submission_id, w.quote_request_id AS request_id,
      coalesce(w.reference, r.reference) AS reference,
      s.${sql.ref(LEAD_NAME_COLUMN)} AS lead, w.about, w.since, w.expires
    FROM (
      SELECT 'answer' AS kind, q.id, q.submission_id, q.quote_request_id,
        NULL::text AS reference, q.question AS about, q.answered_at AS since,
        NULL::text AS expires
      FROM request_questions q
      WHERE q.answered_at IS NOT NULL AND q.handled_at IS NULL
      UNION ALL
      SELECT 'document', d.id, d.submission_id, d.quote_request_id, NULL, d.file_name,
        d.created_at, NULL
      FROM request_documents d
      WHERE d.purpose = 'visitor' AND d.handled_at IS NULL
      UNION ALL
      SELECT 'bind', b.id, b.submission_id, b.quote_request_id, b.reference,
        b.quote_seen->>'insurer', b.signed_at, NULL
      FROM bind_requests b
      WHERE b.status = 'requested'
      UNION ALL
      SELECT 'change', c.id, c.submission_id, p.quote_request_id, c.reference,
        c.kind || ': ' || left(c.details, 200), c.requested_at, NULL
      FROM policy_change_requests c
      JOIN bind_requests p ON p.id = c.bind_request_id
      WHERE c.done_at IS NULL
      UNION ALL
      SELECT 'binder', b.id, b.submission_id, b.quote_request_id, b.reference,
        b.quote_seen->>'insurer', b.bound_at, b.binder_expires::text
      FROM bind_requests b
      WHERE b.status = 'bound' AND b.policy_number IS NULL
      UNION ALL
      SELECT c.kind, c.id, c.submission_id, c.quote_request_id, NULL, c.body, c.created_at, NULL
      FROM customer_messages c
      WHERE c.handled_at IS NULL
      ORDER BY since, id
      LIMIT ${NEEDS_ACTION_LIMIT}
    ) w
    JOIN quote_requests r ON r.id = w.quote_request_id
    JOIN business_wizard_submissions s ON s.id = w.submission_id
    ORDER BY w.since, w.id`.execute(db);
  return rows.map((row) => ({
    kind:
      HANDLED_KINDS.find((kind) => kind === row.kind) ??
      (row.kind === "binder" ? "binder" : "bind"),
    ...(row.expires ? { expires: row.expires } : {}),
    id: row.id,
    submissionId: row.submission_id,
    requestId: row.request_id,
    reference: row.reference,
    lead: row.lead,
    about: row.about,
    since: new Date(row.since),
  }));
}

const HANDLED_WORDS = {
  answer: "answer",
  document: "document",
  question: "customer's question",
  declined: "quotes declined",
  change: "change request",
} as const satisfies Record<HandledKind, string>;

/**
 * Marks an answer or a visitor's document dealt with, or a change request done, by `operatorId`,
 * once: false when there is no such item waiting (handled already, or not an id).
 */
export async function markHandled(
  db: Db,
  item: { kind: HandledKind; id: string },
  operatorId: string,
): Promise<boolean> {
  if (!isUuid(item.id)) return false;
  if (item.kind === "change") {
    return (await markChangeRequestDone(db, item.id, operatorId)) !== undefined;
  }
  const kind = item.kind;
  return inTransaction(db, async (trx) => {
    const row =
      kind === "answer"
        ? await trx
            .updateTable("request_questions")
            .set({ handled_at: sql`now()`, handled_by: operatorId })
            .where("id", "=", item.id)
            .where("answered_at", "is not", null)
            .where("handled_at", "is", null)
            .returning(["submission_id", "quote_request_id", "question as about"])
            .executeTakeFirst()
        : kind === "document"
          ? await trx
              .updateTable("request_documents")
              .set({ handled_at: sql`now()`, handled_by: operatorId })
              .where("id", "=", item.id)
              .where("purpose", "=", "visitor")
              .where("handled_at", "is", null)
              .returning(["submission_id", "quote_request_id", "file_name as about"])
              .executeTakeFirst()
          : await trx
              .updateTable("customer_messages")
              .set({ handled_at: sql`now()`, handled_by: operatorId })
              .where("id", "=", item.id)
              .where("kind", "=", kind)
              .where("handled_at", "is", null)
              .returning(["submission_id", "quote_request_id", "body as about"])
              .executeTakeFirst();
    if (!row) return false;
    const { reference } = await trx
      .selectFrom("quote_requests")
      .select("reference")
      .where("id", "=", row.quote_request_id)
      .executeTakeFirstOrThrow();
    const about = row.about.length <= 80 ? row.about : `${row.about.slice(0, 79)}…`;
    await addActivity(trx, {
      submissionId: row.submission_id,
      operatorId,
      kind: kind === "document" ? "document" : kind === "declined" ? "status" : "question",
      body: `${reference}: ${HANDLED_WORDS[kind]} marked dealt with ("${about}")`,
    });
    return true;
  });
}
