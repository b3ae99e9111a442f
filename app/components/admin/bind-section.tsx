import { Fragment, type ReactNode } from "react";

import {
  adminControlClasses,
  buttonClasses,
  DateTime,
  FieldMessage,
  FormProblem,
} from "#app/components/admin/admin-ui.tsx";
import { UploadForm } from "#app/components/admin/pdf-upload-form.tsx";
import type { DeskFormReply } from "#app/domain/leads/desk-forms.ts";
import { POLICY_NUMBER_MAX_LENGTH, type BindRequest } from "#app/domain/quote/bind-requests.ts";
import { formatCents } from "#app/domain/quote/insurer-quotes.ts";
import {
  acceptOf,
  deskDocumentPath,
  DOCUMENT_MAX_BYTES,
  formatBytes,
  PDF_CONTENT_TYPES,
  type RequestDocument,
} from "#app/domain/quote/request-documents.ts";

/** The visitor's request to bind, with its evidence; the form that marks it bound, or the policy. */
export function BindSection({
  bind,
  policyDocuments,
  action,
}: {
  bind: BindRequest;
  policyDocuments: RequestDocument[];
  action: DeskFormReply | undefined;
}) {
  const seen = bind.quoteSeen;
  const mine = action?.formId === "bind" ? action : undefined;
  const field = (name: string, words: string, type: "text" | "date") => {
    const messages = mine?.fields[name];
    const invalid = messages !== undefined && messages !== null && messages.length > 0;
    const typed = mine?.typed[name];
    return (
      <div>
        <label htmlFor={`bind-${name}`} className="block text-sm font-medium text-ink">
          {words}
        </label>
        <input
          id={`bind-${name}`}
          name={name}
          type={type}
          maxLength={type === "text" ? POLICY_NUMBER_MAX_LENGTH : undefined}
          defaultValue={
            typeof typed === "string"
              ? typed
              : type === "date" && name === "policyStart"
                ? bind.startDate
                : ""
          }
          aria-invalid={invalid ? true : undefined}
          aria-describedby={invalid ? `bind-${name}-error` : undefined}
          className={adminControlClasses}
        />
        <FieldMessage id={`bind-${name}-error`} messages={messages} />
      </div>
    );
  };
  const evidence: [string, ReactNode][] = [
    ["Quote chosen", `${seen.insurer}, ${formatCents(seen.premiumCents)} for the term`],
    [
      "Paying",
      bind.payment === "monthly"
        ? `Monthly${seen.monthlyFeeCents ? `, fee ${formatCents(seen.monthlyFeeCents)}` : ""}`
        : "In full",
    ],
    ["Cover to start", bind.startDate],
    [
      "Signed",
      <>
        {`"${bind.signatureName}", `}
        <DateTime value={bind.signedAt} />
      </>,
    ],
    ["From", `${bind.clientAddress}${bind.userAgent ? `, ${bind.userAgent}` : ""}`],
  ];
  return (
    <section aria-labelledby="bind-heading">
      <h2 id="bind-heading" className="mt-8 text-lg font-semibold text-ink">
        Request to bind {bind.reference}
      </h2>
      <p className="mt-1 text-ink">
        {bind.policy ? (
          <>
            Bound: policy {bind.policy.number}, {bind.policy.start} to {bind.policy.end}. Marked{" "}
            <DateTime value={bind.policy.boundAt} /> by {bind.policy.boundBy}.
          </>
        ) : (
          "Waiting: ask the insurer to bind it, then mark it bound below."
        )}
      </p>
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
      ) : (
        <form method="post" encType="multipart/form-data" className="mt-4 grid gap-3" noValidate>
          <input type="hidden" name="intent" value="bind" />
          <div className="grid gap-3 sm:grid-cols-3">
            {field("policyNumber", "Policy number", "text")}
            {field("policyStart", "Cover starts", "date")}
            {field("policyEnd", "Cover ends", "date")}
          </div>
          <div>
            <label htmlFor="bind-file" className="block text-sm font-medium text-ink">
              The policy document (PDF, at most {formatBytes(DOCUMENT_MAX_BYTES)})
            </label>
            <input
              id="bind-file"
              type="file"
              name="file"
              accept={acceptOf(PDF_CONTENT_TYPES)}
              aria-describedby={mine?.problem ? "bind-problem" : undefined}
              className="block w-full text-ink"
            />
          </div>
          <FormProblem problem={mine?.problem} id="bind-problem" />
          <div>
            <button type="submit" className={buttonClasses("primary", "sm")}>
              Mark bound and email the visitor
            </button>
          </div>
        </form>
      )}
    </section>
  );
}
