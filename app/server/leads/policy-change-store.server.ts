/**
 * What happens to a bound policy after binding (issue 56, decision 068): the changes and notices
 * the desk records on it, and the changes the customer asks for from "Your policy". A change is
 * kept as recorded, with the operator and the time, and never changed; each enters the lead's
 * timeline in its transaction (the audit trail). A change request waits in Needs action until an
 * operator marks it done, or records the change that answers it.
 */
import { sql } from "kysely";

import {
  changeRequestKindLabel,
  changeRequestReference,
  CHANGE_REQUEST_KINDS,
  OPEN_CHANGE_REQUESTS_PER_POLICY,
  policyChangeSummary,
  storedPolicyChangeSchema,
  type ChangeRequest,
  type ChangeRequestForm,
  type ChangeRequestKind,
  type PolicyChange,
  type PolicyChangeDetails,
} from "#app/domain/quote/policy-changes.ts";
import type { LeadSource } from "#app/domain/leads/lead-record.ts";
import { isUuid } from "#app/domain/values/ids.ts";

import type { Db } from "#app/server/db/database.server.ts";
import { inTransaction } from "#app/server/db/transactions.server.ts";
import { addActivity } from "#app/server/leads/desk-work.server.ts";

/** The most changes, or change requests, a page lists (newest first). */
export const POLICY_CHANGES_LISTED = 200;

/** The application's latest bound policy, locked: the one changes are recorded on. */
async function lockLatestPolicy(trx: Db, submissionId: string) {
  return trx
    .selectFrom("bind_requests as b")
    .innerJoin("quote_requests as r", "r.id", "b.quote_request_id")
    .select(["b.id", "r.reference", "b.policy_number"])
    .where("b.submission_id", "=", submissionId)
    .where("b.status", "=", "bound")
    .orderBy("b.bound_at", "desc")
    .limit(1)
    .forUpdate("b")
    .executeTakeFirst();
}

/** What recording a change did. */
export type ChangeRecording =
  | { outcome: "recorded"; id: string; policyNumber: string; answered: string | null }
  | { outcome: "not-bound" | "no-such-request" };

/**
 * Records a change or notice on the application's latest bound policy, by `operatorId`, with
 * whether the customer sees it; `answers`, a waiting change request of the same application that
 * it answers, is marked done with it. One transaction with its timeline entries.
 */
export async function recordPolicyChange(
  db: Db,
  submissionId: string,
  change: { details: PolicyChangeDetails; showCustomer: boolean; answers?: string },
  operatorId: string,
): Promise<ChangeRecording> {
  if (change.answers !== undefined && !isUuid(change.answers)) {
    return { outcome: "no-such-request" };
  }
  return inTransaction(db, async (trx): Promise<ChangeRecording> => {
    const policy = await lockLatestPolicy(trx, submissionId);
    if (!policy?.policy_number) return { outcome: "not-bound" };
    const waiting = change.answers
      ? await trx
          .selectFrom("policy_change_requests")
          .select(["id", "reference"])
          .where("id", "=", change.answers)
          .where("submission_id", "=", submissionId)
          .where("done_at", "is", null)
          .forUpdate()
          .executeTakeFirst()
      : undefined;
    if (change.answers && !waiting) return { outcome: "no-such-request" };
    const { id } = await trx
      .insertInto("policy_changes")
      .values({
        submission_id: submissionId,
        bind_request_id: policy.id,
        kind: change.details.kind,
        details: JSON.stringify(change.details),
        show_customer: change.showCustomer,
        recorded_by: operatorId,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await addActivity(trx, {
      submissionId,
      operatorId,
      kind: "policy-change",
      body: `Policy ${policy.policy_number}: ${policyChangeSummary(change.details)}${change.showCustomer ? " (shown to the customer)" : " (not shown to the customer)"}`,
    });
    if (waiting) await markDone(trx, submissionId, waiting, operatorId, id);
    return {
      outcome: "recorded",
      id,
      policyNumber: policy.policy_number,
      answered: waiting?.reference ?? null,
    };
  });
}

async function markDone(
  trx: Db,
  submissionId: string,
  request: { id: string; reference: string },
  operatorId: string,
  changeId: string | null,
): Promise<void> {
  await trx
    .updateTable("policy_change_requests")
    .set({ done_at: sql`now()`, done_by: operatorId, answered_by_change_id: changeId })
    .where("id", "=", request.id)
    .execute();
  await addActivity(trx, {
    submissionId,
    operatorId,
    kind: "policy-change",
    body: `${request.reference}: change request marked done${changeId ? " by the change recorded" : ""}`,
  });
}

/**
 * The changes recorded on an application's policies, newest first; `shownOnly`: only those the
 * customer sees.
 */
export async function listPolicyChanges(
  db: Db,
  submissionId: string,
  options: { shownOnly?: boolean } = {},
): Promise<PolicyChange[]> {
  let query = db
    .selectFrom("policy_changes as c")
    .innerJoin("operators as o", "o.id", "c.recorded_by")
    .leftJoin("policy_change_requests as q", "q.answered_by_change_id", "c.id")
    .select([
      "c.id",
      "c.details",
      "c.show_customer",
      "c.recorded_at",
      "o.email",
      "q.reference as answers",
    ])
    .where("c.submission_id", "=", submissionId)
    .orderBy("c.recorded_at", "desc")
    .orderBy("c.id", "desc")
    .limit(POLICY_CHANGES_LISTED);
  if (options.shownOnly) query = query.where("c.show_customer", "=", true);
  const rows = await query.execute();
  return rows.map((row) => ({
    id: row.id,
    details: storedPolicyChangeSchema.parse(row.details),
    showCustomer: row.show_customer,
    recordedAt: new Date(row.recorded_at),
    recordedBy: row.email,
    answers: row.answers,
  }));
}

function isChangeRequestKind(kind: string): kind is ChangeRequestKind {
  return (CHANGE_REQUEST_KINDS as readonly string[]).includes(kind);
}

/** An application's change requests, newest first. */
export async function listChangeRequests(db: Db, submissionId: string): Promise<ChangeRequest[]> {
  const rows = await db
    .selectFrom("policy_change_requests as q")
    .leftJoin("operators as o", "o.id", "q.done_by")
    .select([
      "q.id",
      "q.reference",
      "q.kind",
      "q.details",
      "q.requested_at",
      "q.done_at",
      "q.answered_by_change_id",
      "o.email",
    ])
    .where("q.submission_id", "=", submissionId)
    .orderBy("q.requested_at", "desc")
    .orderBy("q.reference", "desc")
    .limit(POLICY_CHANGES_LISTED)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    reference: row.reference,
    kind: isChangeRequestKind(row.kind) ? row.kind : "other",
    details: row.details,
    requestedAt: new Date(row.requested_at),
    done:
      row.done_at === null
        ? null
        : { at: new Date(row.done_at), by: row.email ?? "", change: row.answered_by_change_id },
  }));
}

/** What asking for a change did. */
export type ChangeAsking =
  | { outcome: "requested"; reference: string; policyNumber: string; repeated: boolean }
  | { outcome: "not-bound" | "too-many" };

/**
 * The customer's request for a change to their application's latest bound policy, kept as sent and
 * numbered on the policy's request; at most OPEN_CHANGE_REQUESTS_PER_POLICY wait at once, and the
 * same request again while it waits (a reload, a double click) is the first, unchanged. The
 * timeline says so (no operator: the customer's act).
 */
export async function requestPolicyChange(
  db: Db,
  submissionId: string,
  form: ChangeRequestForm,
): Promise<ChangeAsking> {
  return inTransaction(db, async (trx): Promise<ChangeAsking> => {
    const policy = await lockLatestPolicy(trx, submissionId);
    if (!policy?.policy_number) return { outcome: "not-bound" };
    const policyNumber = policy.policy_number;
    const same = await trx
      .selectFrom("policy_change_requests")
      .select("reference")
      .where("bind_request_id", "=", policy.id)
      .where("done_at", "is", null)
      .where("kind", "=", form.kind)
      .where("details", "=", form.details)
      .executeTakeFirst();
    if (same)
      return { outcome: "requested", reference: same.reference, policyNumber, repeated: true };
    const counts = await trx
      .selectFrom("policy_change_requests")
      .select([
        sql<number>`count(*)::int`.as("all"),
        sql<number>`count(*) FILTER (WHERE done_at IS NULL)::int`.as("open"),
      ])
      .where("bind_request_id", "=", policy.id)
      .executeTakeFirstOrThrow();
    if (counts.open >= OPEN_CHANGE_REQUESTS_PER_POLICY) return { outcome: "too-many" };
    const reference = changeRequestReference(policy.reference, counts.all + 1);
    await trx
      .insertInto("policy_change_requests")
      .values({
        submission_id: submissionId,
        bind_request_id: policy.id,
        reference,
        kind: form.kind,
        details: form.details,
      })
      .execute();
    await addActivity(trx, {
      submissionId,
      operatorId: null,
      kind: "policy-change",
      body: `${reference}: the customer asked for a change to policy ${policyNumber} (${changeRequestKindLabel(form.kind)})`,
    });
    return { outcome: "requested", reference, policyNumber, repeated: false };
  });
}

/**
 * Marks a waiting change request done, by `operatorId`, once: the reference, or undefined when
 * there is no such request waiting (done already, or not an id).
 */
export async function markChangeRequestDone(
  db: Db,
  requestId: string,
  operatorId: string,
): Promise<{ submissionId: string; reference: string } | undefined> {
  if (!isUuid(requestId)) return undefined;
  return inTransaction(db, async (trx) => {
    const waiting = await trx
      .selectFrom("policy_change_requests")
      .select(["id", "reference", "submission_id"])
      .where("id", "=", requestId)
      .where("done_at", "is", null)
      .forUpdate()
      .executeTakeFirst();
    if (!waiting) return undefined;
    await markDone(trx, waiting.submission_id, waiting, operatorId, null);
    return { submissionId: waiting.submission_id, reference: waiting.reference };
  });
}

/** What the lead record carries of the policies' changes (LeadSource's `policy`). */
export type PolicyHistory = NonNullable<LeadSource["policy"]>;

/**
 * The changes recorded and the change requests made on the policies of each submission, newest
 * first, at most POLICY_CHANGES_LISTED of each: what the lead record carries.
 */
export async function policyHistories(
  db: Db,
  submissionIds: readonly string[],
): Promise<Map<string, PolicyHistory>> {
  const histories = new Map<string, PolicyHistory>();
  if (submissionIds.length === 0) return histories;
  const [changes, requests] = await Promise.all([
    db
      .selectFrom("policy_changes as c")
      .innerJoin("bind_requests as b", "b.id", "c.bind_request_id")
      .select([
        "c.id",
        "c.submission_id",
        "c.details",
        "c.show_customer",
        "c.recorded_at",
        "b.policy_number",
      ])
      .where("c.submission_id", "in", submissionIds)
      .orderBy("c.recorded_at", "desc")
      .orderBy("c.id", "desc")
      .execute(),
    db
      .selectFrom("policy_change_requests as q")
      .innerJoin("bind_requests as b", "b.id", "q.bind_request_id")
      .select([
        "q.submission_id",
        "q.reference",
        "q.kind",
        "q.details",
        "q.requested_at",
        "q.done_at",
        "b.policy_number",
      ])
      .where("q.submission_id", "in", submissionIds)
      .orderBy("q.requested_at", "desc")
      .orderBy("q.reference", "desc")
      .execute(),
  ]);
  const of = (id: string): PolicyHistory => {
    let history = histories.get(id);
    if (!history) {
      history = { changes: [], requests: [] };
      histories.set(id, history);
    }
    return history;
  };
  for (const row of changes) {
    const history = of(row.submission_id);
    if (history.changes.length >= POLICY_CHANGES_LISTED) continue;
    history.changes.push({
      id: row.id,
      policyNumber: row.policy_number ?? "",
      recordedAt: new Date(row.recorded_at),
      showCustomer: row.show_customer,
      details: storedPolicyChangeSchema.parse(row.details),
    });
  }
  for (const row of requests) {
    const history = of(row.submission_id);
    if (history.requests.length >= POLICY_CHANGES_LISTED) continue;
    history.requests.push({
      reference: row.reference,
      policyNumber: row.policy_number ?? "",
      kind: isChangeRequestKind(row.kind) ? row.kind : "other",
      details: row.details,
      requestedAt: new Date(row.requested_at),
      doneAt: row.done_at === null ? null : new Date(row.done_at),
    });
  }
  return histories;
}
