import type { DeskFormReply } from "#app/domain/leads/desk-forms.ts";
import {
  changeDetails,
  changeRequestKindLabel,
  POLICY_CHANGE_EVENTS,
  policyChangeFormSchema,
  policyChangeKindLabel,
  policyChangeSummary,
} from "#app/domain/quote/policy-changes.ts";
import { anyForm, parseForm } from "#app/domain/values/form-submission.ts";
import type { Db } from "#app/server/db/database.server.ts";
import { latestBoundPolicy } from "#app/server/leads/bind-store.server.ts";
import {
  listChangeRequests,
  listPolicyChanges,
  markChangeRequestDone,
  recordPolicyChange,
} from "#app/server/leads/policy-change-store.server.ts";
import { queueLeadEvent } from "#app/server/leads/webhooks.server.ts";
import type { AppServices } from "#app/server/services.server.ts";

/**
 * The desk's page of a lead's policy after binding (routes/admin/submission-policy.tsx, issue 56,
 * decision 068): what it reads, and its forms checked and carried out. Each change enters the
 * lead's timeline in its store's transaction and is told by its webhook event.
 */

/** The bound policy, the changes and notices recorded on it, and the customer's change requests. */
export async function policyDeskRecords(db: Db, submissionId: string) {
  const [bound, changes, requests] = await Promise.all([
    latestBoundPolicy(db, submissionId),
    listPolicyChanges(db, submissionId),
    listChangeRequests(db, submissionId),
  ]);
  return {
    policy: bound
      ? {
          number: bound.bind.policy.number,
          insurer: bound.bind.quoteSeen.insurer,
          start: bound.bind.policy.start,
          end: bound.bind.policy.end,
        }
      : null,
    changes: changes.map((change) => ({
      id: change.id,
      kind: policyChangeKindLabel(change.details.kind),
      summary: policyChangeSummary(change.details),
      shown: change.showCustomer,
      recordedAt: change.recordedAt,
      recordedBy: change.recordedBy,
      answers: change.answers,
    })),
    requests: requests.map((asked) => ({
      id: asked.id,
      reference: asked.reference,
      kind: changeRequestKindLabel(asked.kind),
      details: asked.details,
      requestedAt: asked.requestedAt,
      done: asked.done,
    })),
  };
}

/**
 * What the page does next: back to it saying what was saved ("done", or the change's kind), or
 * the form refused.
 */
export type PolicyDeskAnswer =
  | { outcome: "saved"; saved: string }
  | { outcome: "refused"; reply: DeskFormReply; status: number };

/**
 * Records a change or notice on the policy (its kind's form), or marks a customer's change request
 * done (`intent=done`): each kept with the operator and the time, entered in the timeline, told by
 * its webhook event.
 */
export async function workOnPolicy(
  desk: { services: AppServices; operatorId: string; submissionId: string },
  form: FormData,
): Promise<PolicyDeskAnswer> {
  const { services, operatorId, submissionId } = desk;
  const { db } = services.database;
  const typed = parseForm(form, anyForm).payload;
  if (form.get("intent") === "done") {
    const done = await markChangeRequestDone(
      db,
      String(form.get("id") ?? "").slice(0, 64),
      operatorId,
    );
    if (!done || done.submissionId !== submissionId) {
      const problem = "That request was done already.";
      return {
        outcome: "refused",
        reply: { formId: "done", typed, fields: {}, problem },
        status: 409,
      };
    }
    await queueLeadEvent(services, "change_request.done", submissionId, {
      changeRequest: { reference: done.reference },
    });
    return { outcome: "saved", saved: "done" };
  }
  const formId = String(form.get("kind") ?? "").slice(0, 40);
  const parsed = parseForm(form, policyChangeFormSchema);
  if (parsed.status !== "success") {
    const fields = parsed.error ?? {};
    return {
      outcome: "refused",
      reply: { formId, typed, fields, problem: undefined },
      status: 400,
    };
  }
  const answers = String(form.get("answers") ?? "");
  const details = changeDetails(parsed.value);
  const recorded = await recordPolicyChange(
    db,
    submissionId,
    { details, showCustomer: parsed.value.showCustomer, answers: answers || undefined },
    operatorId,
  );
  if (recorded.outcome !== "recorded") {
    const problem =
      recorded.outcome === "not-bound"
        ? "This lead has no bound policy to record it on."
        : "That change request was done already.";
    return { outcome: "refused", reply: { formId, typed, fields: {}, problem }, status: 409 };
  }
  await queueLeadEvent(services, POLICY_CHANGE_EVENTS[details.kind], submissionId, {
    policyChange: {
      id: recorded.id,
      policyNumber: recorded.policyNumber,
      shownToCustomer: parsed.value.showCustomer,
      change: details,
    },
  });
  if (recorded.answered) {
    await queueLeadEvent(services, "change_request.done", submissionId, {
      changeRequest: { reference: recorded.answered, policyChangeId: recorded.id },
    });
  }
  return { outcome: "saved", saved: details.kind };
}
