import { data } from "react-router";

import {
  AdminPageHeading,
  adminMeta,
  DateTime,
  EmailLink,
  formatDateTime,
  StatusBadge,
  tableClasses,
} from "#app/components/admin/admin-ui.tsx";
import { industryLabel } from "#app/domain/lead-desk.ts";
import { formatUsPhone } from "#app/domain/phone.ts";
import {
  SUBMISSION_FIELD_LABELS as LABELS,
  type FieldChange,
  type SubmissionVersion,
  type Writer,
} from "#app/domain/submission-history.ts";
import { getOperator } from "#app/server/admin-auth.server.ts";
import { getSubmission, submissionStatus } from "#app/server/leads.server.ts";
import { getServices } from "#app/server/services.server.ts";
import { getSubmissionHistory } from "#app/server/submission-history.server.ts";

import type { Route } from "./+types/submission";

export const meta: Route.MetaFunction = () => adminMeta("Submission");

/**
 * One submission, every field, the evidence of consent to texts, and its history: every earlier
 * version, when and by whom it was saved, and what each save changed (decision 013).
 */
export async function loader({ context, params }: Route.LoaderArgs) {
  getOperator(context);
  const db = getServices(context).database.db;
  const row = await getSubmission(db, params.id);
  if (!row) throw data(null, { status: 404 });
  const history = await getSubmissionHistory(db, row);
  return { submission: row, complete: submissionStatus(row) === "complete", history };
}

function NotGiven() {
  return <span className="text-muted">Not given</span>;
}

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="grid gap-1 px-4 py-3 sm:grid-cols-3 sm:gap-4">
      <dt className="font-medium text-muted">{label}</dt>
      <dd className="break-words text-ink sm:col-span-2">{children}</dd>
    </div>
  );
}

function text(value: string | null) {
  return value === null || value === "" ? <NotGiven /> : value;
}

function Section({
  id,
  title,
  children,
}: {
  id: string;
  title: string;
  children: React.ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="mt-8">
      <h2 id={id} className="text-lg font-semibold text-ink">
        {title}
      </h2>
      <dl className="mt-3 divide-y divide-line rounded-xl border border-line bg-white">
        {children}
      </dl>
    </section>
  );
}

/** A value of one version as the history shows it. */
function HistoryValue({ change, side }: { change: FieldChange; side: "before" | "after" }) {
  const value = change[side];
  if (value === null || value === "" || (Array.isArray(value) && value.length === 0)) {
    return <NotGiven />;
  }
  if (typeof value === "boolean") return value ? "Yes" : "No";
  if (Array.isArray(value)) return value.join("; ");
  switch (change.field) {
    case "industry":
      return industryLabel(value);
    case "phone_number":
      return formatUsPhone(value);
    case "consent_given_at":
      return formatDateTime(value);
    default:
      return <span className="whitespace-pre-line">{value}</span>;
  }
}

/** Who saved a version, as an operator can tell visitors apart without their addresses. */
function writerText(writer: Writer): string {
  if (writer.visitor === null && writer.clientHash === null) {
    return "a writer not recorded (saved before history was kept, or outside the wizard)";
  }
  const parts = [writer.visitor === null ? "an unknown session" : `visitor ${writer.visitor}`];
  if (writer.clientHash) parts.push(`from address #${writer.clientHash}`);
  parts.push(
    writer.emailProven
      ? "who had opened an emailed link to this application"
      : "who had not proven the email",
  );
  return parts.join(", ");
}

function Version({ version, current }: { version: SubmissionVersion; current: boolean }) {
  return (
    <li className="rounded-xl border border-line bg-white p-4">
      <h3 className="font-semibold text-ink">
        Version {version.number}
        {current ? " (current)" : ""}
      </h3>
      <p className="mt-1 text-sm text-muted">
        {version.created ? "Created" : "Saved"} <DateTime value={version.savedAt} /> by{" "}
        {writerText(version.writer)}.
      </p>
      {version.changes.length === 0 ? (
        <p className="mt-2 text-sm text-ink">Saved again with no field changed.</p>
      ) : (
        <div className={tableClasses.wrapper}>
          <table className={`${tableClasses.table} table-fixed`}>
            <caption className="sr-only">What version {version.number} changed</caption>
            <thead className={tableClasses.head}>
              <tr>
                <th scope="col" className={`${tableClasses.th} w-1/4`}>
                  Field
                </th>
                <th scope="col" className={`${tableClasses.th} w-3/8`}>
                  Before
                </th>
                <th scope="col" className={`${tableClasses.th} w-3/8`}>
                  After
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-line">
              {version.changes.map((change) => (
                <tr key={change.field}>
                  <th scope="row" className={`${tableClasses.td} font-medium text-muted`}>
                    {LABELS[change.field]}
                  </th>
                  <td className={`${tableClasses.td} break-words`}>
                    <HistoryValue change={change} side="before" />
                  </td>
                  <td className={`${tableClasses.td} break-words`}>
                    <HistoryValue change={change} side="after" />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </li>
  );
}

function History({ versions, total }: { versions: SubmissionVersion[]; total: number }) {
  return (
    <section aria-labelledby="history-title" className="mt-8">
      <h2 id="history-title" className="text-lg font-semibold text-ink">
        History
      </h2>
      <p className="mt-1 text-sm text-muted">
        Every save of this application, newest first, with what it changed. Anyone who types this
        email in the wizard saves over the record, so earlier versions are kept here. Visitors are
        numbered in the order they first saved; an address shows as a code, never itself.
        {versions.length < total ? ` The newest ${versions.length} of ${total} versions.` : ""}
      </p>
      <ol className="mt-3 space-y-4">
        {versions.map((version) => (
          <Version key={version.number} version={version} current={version.number === total} />
        ))}
      </ol>
    </section>
  );
}

export default function Submission({ loaderData }: Route.ComponentProps) {
  const { submission: row, complete, history } = loaderData;
  return (
    <>
      <p>
        <a href="/admin" className="text-sm font-semibold text-brand-700 underline">
          Back to submissions
        </a>
      </p>
      <div className="mt-4">
        <AdminPageHeading title={row.business_name ?? row.email}>
          <StatusBadge complete={complete} />
        </AdminPageHeading>
      </div>

      <Section id="record-title" title="Record">
        <Field label="Id">
          <code className="text-sm">{row.id}</code>
        </Field>
        <Field label="Received">
          <DateTime value={row.created_at} />
        </Field>
        <Field label="Last changed">
          <DateTime value={row.updated_at} />
        </Field>
      </Section>

      <Section id="business-title" title="Business">
        <Field label={LABELS.industry}>{industryLabel(row.industry)}</Field>
        <Field label={LABELS.state}>{row.state}</Field>
        <Field label={LABELS.segments}>
          {row.segments.length === 0 ? (
            <NotGiven />
          ) : (
            <ul className="list-inside list-disc">
              {row.segments.map((segment) => (
                <li key={segment}>{segment}</li>
              ))}
            </ul>
          )}
        </Field>
        <Field label={LABELS.business_name}>{text(row.business_name)}</Field>
        <Field label={LABELS.legal_business_name}>{text(row.legal_business_name)}</Field>
        <Field label={LABELS.primary_location}>{text(row.primary_location)}</Field>
        <Field label={LABELS.same_address}>{text(row.same_address)}</Field>
        <Field label={LABELS.mailing_address}>{text(row.mailing_address)}</Field>
        <Field label={LABELS.ownership_structure}>{text(row.ownership_structure)}</Field>
        <Field label={LABELS.start_year}>{text(row.start_year)}</Field>
      </Section>

      <Section id="contact-title" title="Contact">
        <Field label={LABELS.email}>
          <EmailLink address={row.email} />
        </Field>
        <Field label={LABELS.first_name}>{text(row.first_name)}</Field>
        <Field label={LABELS.last_name}>{text(row.last_name)}</Field>
        <Field label={LABELS.phone_number}>
          {row.phone_number ? (
            <a href={`tel:${row.phone_number}`} className="text-brand-700 underline">
              {formatUsPhone(row.phone_number)}
            </a>
          ) : (
            <NotGiven />
          )}
        </Field>
      </Section>

      <Section id="consent-title" title="Consent to texts">
        <Field label={LABELS.consent_to_texts}>
          {row.consent_to_texts === null ? <NotGiven /> : row.consent_to_texts ? "Yes" : "No"}
        </Field>
        <Field label={LABELS.consent_given_at}>
          {row.consent_given_at ? <DateTime value={row.consent_given_at} /> : <NotGiven />}
        </Field>
        <Field label={LABELS.consent_text}>
          {row.consent_text ? (
            <blockquote className="border-l-4 border-line pl-3 whitespace-pre-line">
              {row.consent_text}
            </blockquote>
          ) : (
            <NotGiven />
          )}
        </Field>
      </Section>

      <History versions={history.versions} total={history.total} />
    </>
  );
}
