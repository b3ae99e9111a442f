import { data, redirect } from "react-router";

import {
  AdminPageHeading,
  adminControlClasses,
  adminMeta,
  buttonClasses,
  DateTime,
  FieldMessage,
  FormProblem,
  SavedNotice,
} from "#app/components/admin/admin-ui.tsx";
import { leadNameOf } from "#app/domain/application/application-fields.ts";
import {
  AUDIT_RESULTS,
  CANCELLED_BY,
  changeDetails,
  changeRequestKindLabel,
  POLICY_CHANGE_EVENTS,
  POLICY_CHANGE_KINDS,
  POLICY_CHANGE_TEXT_MAX_LENGTH,
  policyChangeFormSchema,
  policyChangeKindLabel,
  policyChangeSummary,
  RENEWAL_NOTICES,
  type PolicyChangeKind,
} from "#app/domain/quote/policy-changes.ts";
import { anyForm, parseForm } from "#app/domain/values/form-submission.ts";
import { getOperator } from "#app/server/admin/admin-auth.server.ts";
import { latestBoundPolicy } from "#app/server/leads/bind-store.server.ts";
import { getSubmission } from "#app/server/leads/leads.server.ts";
import {
  listChangeRequests,
  listPolicyChanges,
  markChangeRequestDone,
  recordPolicyChange,
} from "#app/server/leads/policy-change-store.server.ts";
import { queueLeadEvent } from "#app/server/leads/webhooks.server.ts";
import { getServices } from "#app/server/services.server.ts";

import type { Route } from "./+types/submission-policy";

export const meta: Route.MetaFunction = () => adminMeta("Policy changes");

/** The desk's page of a lead's policy after binding (issue 56): 404 without a lead. */
export async function loader({ context, params, url }: Route.LoaderArgs) {
  const { db } = getServices(context).database;
  const submission = await getSubmission(db, params.id);
  if (!submission) throw data(null, { status: 404 });
  const [bound, changes, requests] = await Promise.all([
    latestBoundPolicy(db, submission.id),
    listPolicyChanges(db, submission.id),
    listChangeRequests(db, submission.id),
  ]);
  return {
    submissionId: submission.id,
    leadName: leadNameOf(submission) ?? submission.email,
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
    saved: url.searchParams.get("saved"),
  };
}

/** What a refused post says: the form it was, each field's messages, what was typed. */
interface Refusal {
  form: string;
  fields: Record<string, readonly string[] | null | undefined>;
  typed: Record<string, unknown>;
  problem?: string;
}

/**
 * Records a change or notice on the policy (its kind's form), or marks a customer's change request
 * done: each kept with the operator and the time, entered in the timeline, told by its webhook
 * event.
 */
export async function action({ context, params, request }: Route.ActionArgs) {
  const operator = getOperator(context);
  const services = getServices(context);
  const { db } = services.database;
  const submission = await getSubmission(db, params.id);
  if (!submission) throw data(null, { status: 404 });
  const form = await request.formData();
  const typed = parseForm(form, anyForm).payload;
  const page = `/admin/submissions/${submission.id}/policy`;
  if (form.get("intent") === "done") {
    const done = await markChangeRequestDone(
      db,
      String(form.get("id") ?? "").slice(0, 64),
      operator.id,
    );
    if (!done || done.submissionId !== submission.id) {
      return data<Refusal>(
        { form: "done", fields: {}, typed, problem: "That request was done already." },
        { status: 409 },
      );
    }
    await queueLeadEvent(services, "change_request.done", submission.id, {
      changeRequest: { reference: done.reference },
    });
    return redirect(`${page}?saved=done`);
  }
  const kind = String(form.get("kind") ?? "").slice(0, 40);
  const parsed = parseForm(form, policyChangeFormSchema);
  if (parsed.status !== "success") {
    return data<Refusal>({ form: kind, fields: parsed.error ?? {}, typed }, { status: 400 });
  }
  const answers = String(form.get("answers") ?? "");
  const details = changeDetails(parsed.value);
  const recorded = await recordPolicyChange(
    db,
    submission.id,
    { details, showCustomer: parsed.value.showCustomer, answers: answers || undefined },
    operator.id,
  );
  if (recorded.outcome !== "recorded") {
    const problem =
      recorded.outcome === "not-bound"
        ? "This lead has no bound policy to record it on."
        : "That change request was done already.";
    return data<Refusal>({ form: kind, fields: {}, typed, problem }, { status: 409 });
  }
  await queueLeadEvent(services, POLICY_CHANGE_EVENTS[details.kind], submission.id, {
    policyChange: {
      id: recorded.id,
      policyNumber: recorded.policyNumber,
      shownToCustomer: parsed.value.showCustomer,
      change: details,
    },
  });
  if (recorded.answered) {
    await queueLeadEvent(services, "change_request.done", submission.id, {
      changeRequest: { reference: recorded.answered, policyChangeId: recorded.id },
    });
  }
  return redirect(`${page}?saved=${details.kind}`);
}

const input = adminControlClasses;

export default function SubmissionPolicy({ loaderData, actionData }: Route.ComponentProps) {
  const { policy, changes, requests } = loaderData;
  const waiting = requests.filter((asked) => !asked.done);
  return (
    <>
      <AdminPageHeading title={`Policy changes: ${loaderData.leadName}`}>
        {policy
          ? `${policy.insurer}, policy ${policy.number}, ${policy.start} to ${policy.end}`
          : "No bound policy yet."}
      </AdminPageHeading>
      <p className="mt-2">
        <a
          href={`/admin/submissions/${loaderData.submissionId}/quotes`}
          className="font-semibold text-brand-700 underline"
        >
          Back to the quotes
        </a>
      </p>
      {loaderData.saved ? (
        <SavedNotice>{loaderData.saved === "done" ? "Marked done." : "Recorded."}</SavedNotice>
      ) : null}
      <FormProblem
        problem={actionData?.form === "done" ? actionData.problem : undefined}
        className="mt-4"
      />

      <section aria-labelledby="requests-heading" className="mt-8">
        <h2 id="requests-heading" className="text-lg font-semibold text-ink">
          The customer&apos;s change requests
        </h2>
        {requests.length === 0 ? (
          <p className="mt-2 text-ink">None.</p>
        ) : (
          <ul className="mt-2 space-y-4">
            {requests.map((asked) => (
              <li key={asked.id} className="text-ink">
                <p>
                  <span className="font-semibold">{asked.reference}</span>: {asked.kind}, asked{" "}
                  <DateTime value={asked.requestedAt} />
                  {asked.done ? (
                    <>
                      , done <DateTime value={asked.done.at} /> by {asked.done.by}
                    </>
                  ) : null}
                </p>
                <p className="mt-1 whitespace-pre-line">{asked.details}</p>
                {asked.done ? null : (
                  <form method="post" className="mt-2">
                    <input type="hidden" name="intent" value="done" />
                    <input type="hidden" name="id" value={asked.id} />
                    <button type="submit" className={buttonClasses("secondary", "sm")}>
                      Mark done<span className="sr-only">: {asked.reference}</span>
                    </button>
                  </form>
                )}
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="changes-heading" className="mt-8">
        <h2 id="changes-heading" className="text-lg font-semibold text-ink">
          Changes and notices recorded
        </h2>
        {changes.length === 0 ? (
          <p className="mt-2 text-ink">None yet.</p>
        ) : (
          <ul className="mt-2 space-y-3">
            {changes.map((change) => (
              <li key={change.id} className="text-ink">
                <p>{change.summary}</p>
                <p className="text-sm text-muted">
                  {change.shown ? "Shown to the customer" : "Not shown to the customer"}; recorded{" "}
                  <DateTime value={change.recordedAt} /> by {change.recordedBy}
                  {change.answers ? `; answers ${change.answers}` : ""}
                </p>
              </li>
            ))}
          </ul>
        )}
      </section>

      {policy ? (
        <section aria-labelledby="record-heading" className="mt-8">
          <h2 id="record-heading" className="text-lg font-semibold text-ink">
            Record a change or notice
          </h2>
          {POLICY_CHANGE_KINDS.map((kind) => (
            <ChangeForm
              key={kind.id}
              kind={kind.id}
              label={kind.label}
              refusal={actionData?.form === kind.id ? actionData : undefined}
              waiting={waiting}
            />
          ))}
        </section>
      ) : null}
    </>
  );
}

/** One kind's form, folded until opened (open again when refused). */
function ChangeForm({
  kind,
  label,
  refusal,
  waiting,
}: {
  kind: PolicyChangeKind;
  label: string;
  refusal: Refusal | undefined;
  waiting: { id: string; reference: string; kind: string }[];
}) {
  const id = (name: string) => `${kind}-${name}`;
  const typed = (name: string) => {
    const value = refusal?.typed[name];
    return typeof value === "string" ? value : "";
  };
  const field = (name: string, text: string, type: "text" | "date" | "textarea", hint?: string) => (
    <div>
      <label htmlFor={id(name)} className="block font-semibold text-ink">
        {text}
      </label>
      {hint ? (
        <p id={id(`${name}-hint`)} className="text-sm text-muted">
          {hint}
        </p>
      ) : null}
      {type === "textarea" ? (
        <textarea
          id={id(name)}
          name={name}
          rows={3}
          maxLength={POLICY_CHANGE_TEXT_MAX_LENGTH}
          defaultValue={typed(name)}
          aria-invalid={refusal?.fields[name] ? true : undefined}
          aria-describedby={
            [refusal?.fields[name] ? id(`${name}-error`) : "", hint ? id(`${name}-hint`) : ""]
              .filter(Boolean)
              .join(" ") || undefined
          }
          className={input}
        />
      ) : (
        <input
          id={id(name)}
          name={name}
          type={type}
          maxLength={type === "text" ? 20 : undefined}
          defaultValue={typed(name)}
          aria-invalid={refusal?.fields[name] ? true : undefined}
          aria-describedby={
            [refusal?.fields[name] ? id(`${name}-error`) : "", hint ? id(`${name}-hint`) : ""]
              .filter(Boolean)
              .join(" ") || undefined
          }
          className={input}
        />
      )}
      <FieldMessage id={id(`${name}-error`)} messages={refusal?.fields[name]} />
    </div>
  );
  const choice = (name: string, text: string, options: readonly (readonly [string, string])[]) => (
    <div>
      <label htmlFor={id(name)} className="block font-semibold text-ink">
        {text}
      </label>
      <select
        id={id(name)}
        name={name}
        defaultValue={typed(name)}
        aria-invalid={refusal?.fields[name] ? true : undefined}
        aria-describedby={refusal?.fields[name] ? id(`${name}-error`) : undefined}
        className={input}
      >
        <option value="">Choose…</option>
        {options.map(([value, optionLabel]) => (
          <option key={value} value={value}>
            {optionLabel}
          </option>
        ))}
      </select>
      <FieldMessage id={id(`${name}-error`)} messages={refusal?.fields[name]} />
    </div>
  );
  return (
    <details open={refusal !== undefined} className="mt-4 rounded-xl border border-slate-300 p-4">
      <summary className="cursor-pointer font-semibold text-ink">{label}</summary>
      <form method="post" className="mt-4 grid gap-4" noValidate>
        <input type="hidden" name="kind" value={kind} />
        {kind === "endorsement" ? (
          <>
            {field("description", "What changed", "textarea")}
            {field("effectiveOn", "Effective from", "date")}
            {field(
              "premiumChange",
              "Premium change, in dollars",
              "text",
              "As the insurer states it: +120 for more, -45.50 for less, 0 for none.",
            )}
          </>
        ) : kind === "cancellation" ? (
          <>
            {choice(
              "requestedBy",
              "Who asked",
              CANCELLED_BY.map((who) => [who, `The ${who}`]),
            )}
            {field("reason", "Reason", "textarea")}
            {field("effectiveOn", "Effective day", "date")}
            {field(
              "returnPremium",
              "Return premium, in dollars (optional)",
              "text",
              "As the insurer states it; empty when not known.",
            )}
          </>
        ) : kind === "renewal-notice" ? (
          <>
            {choice("notice", "Notice", [
              [RENEWAL_NOTICES[0], "Non-renewal"],
              [RENEWAL_NOTICES[1], "Conditional renewal"],
            ])}
            {field("receivedOn", "Received on", "date")}
            {field("effectiveOn", "Effective day", "date")}
            {field("reason", "The insurer's reason or conditions", "textarea")}
          </>
        ) : kind === "premium-audit" ? (
          <>
            {field("dueOn", "Due day", "date")}
            {choice(
              "result",
              "Result",
              AUDIT_RESULTS.map((result) => [
                result,
                {
                  pending: "Not known yet",
                  additional: "Additional premium",
                  return: "Return premium",
                  none: "No change",
                }[result],
              ]),
            )}
            {field(
              "amount",
              "Amount, in dollars",
              "text",
              "For an additional or a return premium, as the insurer states it.",
            )}
          </>
        ) : (
          <>
            {field("noticeOn", "Notice day", "date")}
            {field("amountDue", "Amount due, in dollars", "text")}
            {field(
              "cancelOn",
              "Cancellation for non-payment on (optional)",
              "date",
              "The day the insurer's notice gives, if it gives one.",
            )}
          </>
        )}
        {waiting.length > 0 ? (
          <div>
            <label htmlFor={id("answers")} className="block font-semibold text-ink">
              Answers the customer&apos;s request (optional)
            </label>
            <select
              id={id("answers")}
              name="answers"
              defaultValue={typed("answers")}
              className={input}
            >
              <option value="">None</option>
              {waiting.map((asked) => (
                <option key={asked.id} value={asked.id}>
                  {asked.reference}: {asked.kind}
                </option>
              ))}
            </select>
          </div>
        ) : null}
        <label className="flex items-center gap-3 text-ink">
          <input
            type="checkbox"
            name="showCustomer"
            defaultChecked={refusal ? refusal.typed.showCustomer === "on" : false}
            className="size-5"
          />
          Show to the customer on &ldquo;Your policy&rdquo;
        </label>
        <FormProblem problem={refusal?.problem} />
        <div>
          <button type="submit" className={buttonClasses("primary")}>
            Record {label.toLowerCase()}
          </button>
        </div>
      </form>
    </details>
  );
}
