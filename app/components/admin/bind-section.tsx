import { Fragment, type ReactNode } from "react";

import {
  adminControlClasses,
  buttonClasses,
  DateTime,
  FieldMessage,
  FormProblem,
} from "#app/components/admin/admin-ui.tsx";
import { FileFormButton, UploadForm } from "#app/components/admin/pdf-upload-form.tsx";
import type { DeskFormReply } from "#app/domain/leads/desk-forms.ts";
import {
  BINDER_NUMBER_MAX_LENGTH,
  binderStanding,
  DECLINE_KIND_LABELS,
  DECLINE_KINDS,
  DECLINE_REASON_MAX_LENGTH,
  POLICY_NUMBER_MAX_LENGTH,
  type BindRequest,
} from "#app/domain/quote/bind-requests.ts";
import { formatCents } from "#app/domain/quote/insurer-quotes.ts";
import {
  acceptOf,
  deskDocumentPath,
  DOCUMENT_MAX_BYTES,
  formatBytes,
  PDF_CONTENT_TYPES,
  type RequestDocument,
} from "#app/domain/quote/request-documents.ts";

/** One text or date field of a desk form, with what was typed and its message after a refusal. */
function DeskField({
  form,
  name,
  label,
  type,
  maxLength,
  fallback = "",
  reply,
}: {
  form: string;
  name: string;
  label: string;
  type: "text" | "date";
  maxLength?: number;
  fallback?: string;
  reply: DeskFormReply | undefined;
}) {
  const mine = reply?.formId === form ? reply : undefined;
  const messages = mine?.fields[name];
  const invalid = messages !== undefined && messages !== null && messages.length > 0;
  const typed = mine?.typed[name];
  const id = `${form}-${name}`;
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-ink">
        {label}
      </label>
      <input
        id={id}
        name={name}
        type={type}
        maxLength={maxLength}
        defaultValue={typeof typed === "string" ? typed : fallback}
        aria-invalid={invalid ? true : undefined}
        aria-describedby={invalid ? `${id}-error` : undefined}
        className={adminControlClasses}
      />
      <FieldMessage id={`${id}-error`} messages={messages} />
    </div>
  );
}

/** Where the request stands, in a sentence, with the binder's expiry warned of until the policy. */
function Standing({ bind, today }: { bind: BindRequest; today: string }) {
  if (bind.declined) {
    return (
      <p className="mt-1 text-ink">
        Declined: {DECLINE_KIND_LABELS[bind.declined.kind]} ("{bind.declined.reason}"). Recorded{" "}
        <DateTime value={bind.declined.at} /> by {bind.declined.by}; the visitor was told what
        happens next, and the quote was withdrawn.
      </p>
    );
  }
  if (bind.status !== "bound" || !bind.bound) {
    return (
      <p className="mt-1 text-ink">
        Waiting: ask the insurer to bind it, then mark it bound with the insurer&apos;s binder
        below, or record that the insurer declined or changed the terms.
      </p>
    );
  }
  const standing = bind.binder && !bind.policy ? binderStanding(bind.binder.expires, today) : null;
  return (
    <>
      <p className="mt-1 text-ink">
        Bound
        {bind.binder
          ? `: binder ${bind.binder.number}, from ${bind.binder.effective}, expires ${bind.binder.expires}`
          : ""}
        {bind.policy
          ? `${bind.binder ? "; " : ": "}policy ${bind.policy.number}, ${bind.policy.start} to ${bind.policy.end}`
          : ""}
        . Marked <DateTime value={bind.bound.at} /> by {bind.bound.by}.
      </p>
      {standing && standing !== "fine" ? (
        <p
          role="alert"
          className="mt-2 rounded-xl border border-amber-200 bg-amber-50 p-3 text-amber-900"
        >
          <strong>
            {standing === "expired" ? "The binder has expired" : "The binder expires soon"}
          </strong>{" "}
          ({bind.binder?.expires}) and the insurer&apos;s policy has not been added: ask the insurer
          for the policy, or for the binder to be extended.
        </p>
      ) : null}
    </>
  );
}

/**
 * The visitor's request to bind, with its evidence (the statements, the consent to sign
 * electronically in the words read, the documents' way, the TRIA answer); the forms that mark it
 * bound with the insurer's binder or record the insurer's declining; then the policy's form; then
 * the policy's documents.
 */
export function BindSection({
  bind,
  today,
  policyDocuments,
  action,
}: {
  bind: BindRequest;
  today: string;
  policyDocuments: RequestDocument[];
  action: DeskFormReply | undefined;
}) {
  const seen = bind.quoteSeen;
  const evidence: [string, ReactNode][] = [
    ["Quote chosen", `${seen.insurer}, ${formatCents(seen.premiumCents)} for the term`],
    [
      "Paying",
      bind.payment === "monthly"
        ? `Monthly${seen.monthlyFeeCents ? `, fee ${formatCents(seen.monthlyFeeCents)}` : ""}`
        : "In full",
    ],
    ["Cover to start", bind.startDate],
    ...(seen.tria
      ? ([
          [
            "Terrorism (TRIA)",
            `${bind.tria === "accepted" ? "Accepted" : "Rejected"}; offered for ${formatCents(seen.tria.premiumCents)}`,
          ],
        ] as [string, ReactNode][])
      : []),
    [
      "Documents",
      bind.documentsBy === "paper" ? (
        <strong>On paper, by mail: the visitor asked for paper</strong>
      ) : bind.documentsBy === "electronic" ? (
        "By email and on the site"
      ) : (
        "Not asked (a request made before the choice existed)"
      ),
    ],
    [
      "Signed",
      <>
        {`"${bind.signatureName}", `}
        <DateTime value={bind.signedAt} />
      </>,
    ],
    ["From", `${bind.clientAddress}${bind.userAgent ? `, ${bind.userAgent}` : ""}`],
  ];
  const waiting = bind.status === "requested";
  const bound = bind.status === "bound";
  return (
    <section aria-labelledby="bind-heading">
      <h2 id="bind-heading" className="mt-8 text-lg font-semibold text-ink">
        Request to bind {bind.reference}
      </h2>
      <Standing bind={bind} today={today} />
      <dl className="mt-3 grid gap-x-4 gap-y-1 sm:grid-cols-[12rem_1fr]">
        {evidence.map(([label, value]) => (
          <Fragment key={label}>
            <dt className="font-medium text-ink">{label}</dt>
            <dd className="text-ink">{value}</dd>
          </Fragment>
        ))}
      </dl>
      <h3 className="mt-4 font-semibold text-ink">The statements the visitor confirmed</h3>
      <ol className="mt-1 list-decimal space-y-1 pl-6 text-ink">
        {bind.statements.map((statement) => (
          <li key={statement.id}>{statement.text}</li>
        ))}
      </ol>
      {bind.consent ? (
        <>
          <h3 className="mt-4 font-semibold text-ink">
            The consent to sign electronically, as the visitor read it
          </h3>
          <ol className="mt-1 list-decimal space-y-1 pl-6 text-ink">
            <li>{bind.consent.disclosure}</li>
            <li>{bind.consent.agreement}</li>
            <li>{bind.consent.documents}</li>
          </ol>
        </>
      ) : null}
      {waiting ? (
        <>
          <form method="post" className="mt-4 grid gap-3" noValidate>
            <h3 className="font-semibold text-ink">Mark bound with the insurer&apos;s binder</h3>
            <input type="hidden" name="intent" value="bind" />
            <div className="grid gap-3 sm:grid-cols-3">
              <DeskField
                form="bind"
                name="binderNumber"
                label="Binder number"
                type="text"
                maxLength={BINDER_NUMBER_MAX_LENGTH}
                reply={action}
              />
              <DeskField
                form="bind"
                name="binderEffective"
                label="Cover starts"
                type="date"
                fallback={bind.startDate}
                reply={action}
              />
              <DeskField
                form="bind"
                name="binderExpires"
                label="Binder expires"
                type="date"
                reply={action}
              />
            </div>
            <FormProblem problem={action?.formId === "bind" ? action.problem : undefined} />
            <div>
              <button type="submit" className={buttonClasses("primary", "sm")}>
                Mark bound and email the visitor
              </button>
            </div>
          </form>
          <DeclineForm action={action} />
        </>
      ) : null}
      {bound && !bind.policy ? <PolicyForm action={action} start={bind.startDate} /> : null}
      {bind.policy ? (
        <>
          <h3 className="mt-6 font-semibold text-ink">Policy documents</h3>
          <ul className="mt-1 space-y-1">
            {policyDocuments.map((document) => (
              <li key={document.id}>
                <a
                  href={deskDocumentPath(document.id)}
                  className="font-semibold text-brand-700 underline"
                >
                  {document.fileName}
                </a>{" "}
                ({formatBytes(document.byteSize)})
              </li>
            ))}
          </ul>
          <UploadForm
            intent="policy-document"
            label="Add a policy document (PDF)"
            button="Add the document"
            problem={action?.formId === "policy-document" ? action.problem : undefined}
          />
        </>
      ) : null}
    </section>
  );
}

/** "The insurer declined or changed the terms": the kind and the reason the visitor reads. */
function DeclineForm({ action }: { action: DeskFormReply | undefined }) {
  const mine = action?.formId === "decline-bind" ? action : undefined;
  const kindMessages = mine?.fields.kind;
  const reasonMessages = mine?.fields.reason;
  const typedReason = mine?.typed.reason;
  return (
    <form method="post" className="mt-6 grid gap-3" noValidate>
      <h3 className="font-semibold text-ink">The insurer declined or changed the terms</h3>
      <input type="hidden" name="intent" value="decline-bind" />
      <fieldset aria-describedby={kindMessages?.length ? "decline-bind-kind-error" : undefined}>
        <legend className="text-sm font-medium text-ink">The insurer&apos;s answer</legend>
        {DECLINE_KINDS.map((kind) => (
          <label key={kind} className="mt-1 flex items-center gap-2 text-ink">
            <input
              type="radio"
              name="kind"
              value={kind}
              defaultChecked={mine?.typed.kind === kind}
              className="size-4"
            />
            {DECLINE_KIND_LABELS[kind]}
          </label>
        ))}
        <FieldMessage id="decline-bind-kind-error" messages={kindMessages} />
      </fieldset>
      <div>
        <label htmlFor="decline-bind-reason" className="block text-sm font-medium text-ink">
          The insurer&apos;s reason, as the visitor will read it
        </label>
        <textarea
          id="decline-bind-reason"
          name="reason"
          rows={3}
          maxLength={DECLINE_REASON_MAX_LENGTH}
          defaultValue={typeof typedReason === "string" ? typedReason : ""}
          aria-invalid={reasonMessages?.length ? true : undefined}
          aria-describedby={reasonMessages?.length ? "decline-bind-reason-error" : undefined}
          className={adminControlClasses}
        />
        <FieldMessage id="decline-bind-reason-error" messages={reasonMessages} />
      </div>
      <FormProblem problem={mine?.problem} />
      <div>
        <button type="submit" className={buttonClasses("secondary", "sm")}>
          Record it and email the visitor
        </button>
      </div>
    </form>
  );
}

/** "Add the policy": the policy the insurer issued, its number, dates and PDF. */
function PolicyForm({ action, start }: { action: DeskFormReply | undefined; start: string }) {
  const mine = action?.formId === "policy" ? action : undefined;
  return (
    <form method="post" encType="multipart/form-data" className="mt-4 grid gap-3" noValidate>
      <h3 className="font-semibold text-ink">Add the policy the insurer issued</h3>
      <input type="hidden" name="intent" value="policy" />
      <div className="grid gap-3 sm:grid-cols-3">
        <DeskField
          form="policy"
          name="policyNumber"
          label="Policy number"
          type="text"
          maxLength={POLICY_NUMBER_MAX_LENGTH}
          reply={action}
        />
        <DeskField
          form="policy"
          name="policyStart"
          label="Cover starts"
          type="date"
          fallback={start}
          reply={action}
        />
        <DeskField form="policy" name="policyEnd" label="Cover ends" type="date" reply={action} />
      </div>
      <div>
        <label htmlFor="policy-file" className="block text-sm font-medium text-ink">
          The policy document (PDF, at most {formatBytes(DOCUMENT_MAX_BYTES)})
        </label>
        <input
          id="policy-file"
          type="file"
          name="file"
          accept={acceptOf(PDF_CONTENT_TYPES)}
          aria-describedby={mine?.problem ? "policy-problem" : undefined}
          className="block w-full text-ink"
        />
      </div>
      <FormProblem problem={mine?.problem} id="policy-problem" />
      <FileFormButton kind="primary">Add the policy and email the visitor</FileFormButton>
    </form>
  );
}
