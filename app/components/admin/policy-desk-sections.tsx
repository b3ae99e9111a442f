import {
  adminControlClasses,
  buttonClasses,
  DateTime,
  FieldMessage,
  FormProblem,
} from "#app/components/admin/admin-ui.tsx";
import type { DeskFormReply } from "#app/domain/leads/desk-forms.ts";
import {
  AUDIT_RESULTS,
  CANCELLED_BY,
  POLICY_CHANGE_TEXT_MAX_LENGTH,
  RENEWAL_NOTICES,
  type PolicyChangeKind,
} from "#app/domain/quote/policy-changes.ts";

/**
 * The parts of the desk's page of a lead's policy after binding
 * (routes/admin/submission-policy.tsx): the customer's change requests, the changes and notices
 * recorded, and each kind's form.
 */

/** A customer's change request as the page lists it. */
export interface ListedChangeRequest {
  id: string;
  reference: string;
  kind: string;
  details: string;
  requestedAt: Date | string;
  done: { at: Date | string; by: string } | null;
}

/** The customer's change requests, each not yet done with its Mark done button. */
export function ChangeRequestsSection({ requests }: { requests: readonly ListedChangeRequest[] }) {
  return (
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
  );
}

/** A change or notice recorded, as the page lists it. */
export interface ListedPolicyChange {
  id: string;
  summary: string;
  shown: boolean;
  recordedAt: Date | string;
  recordedBy: string;
  answers: string | null;
}

/** The changes and notices recorded on the policy, newest first. */
export function RecordedChangesSection({ changes }: { changes: readonly ListedPolicyChange[] }) {
  return (
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
  );
}

const input = adminControlClasses;

/** One kind's form of a change or notice, folded until opened (open again when refused). */
export function ChangeForm({
  kind,
  label,
  refusal,
  waiting,
}: {
  kind: PolicyChangeKind;
  label: string;
  refusal: DeskFormReply | undefined;
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
