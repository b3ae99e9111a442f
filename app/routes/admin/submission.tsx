import { data, redirect } from "react-router";

import {
  adminControlClasses,
  AdminPageHeading,
  adminMeta,
  buttonClasses,
  DateTime,
  EmailLink,
  EmailNotProvenBadge,
  NotGiven,
  formatDateTime,
  StatusBadge,
  tableClasses,
} from "#app/components/admin/admin-ui.tsx";
import { coveragePlan } from "#app/domain/coverage-plan.ts";
import { parseForm } from "#app/domain/form-submission.ts";
import { QUOTE_STATUSES, quoteStatusLabel, quoteStatusSchema } from "#app/domain/lead-desk.ts";
import { contactChannelLabel, lineName, planAnswersOf } from "#app/domain/quote-request.ts";
import {
  APPLICATION_FIELDS,
  DESK_FIELD_ORDER,
  deskDisplay,
  deskText,
  FIELD_SECTIONS,
  SUBMISSION_FIELD_LABELS,
  submissionValuesSchema,
  type FieldColumn,
  type FieldSection,
  type RecordValues,
} from "#app/domain/application-fields.ts";
import { QUOTE_REQUEST_FIELD_LABELS } from "#app/domain/record-versions.ts";
import { RecordHistory } from "#app/components/admin/record-history.tsx";
import { getOperator } from "#app/server/admin/admin-auth.server.ts";
import {
  applicationsWithEmail,
  getSubmission,
  submissionStatus,
} from "#app/server/leads/leads.server.ts";
import { getServices } from "#app/server/services.server.ts";
import { logger } from "#app/server/logger.server.ts";
import {
  getQuoteRequestHistory,
  latestQuoteRequest,
  optionalAnswersOf,
  setQuoteRequestStatus,
} from "#app/server/wizard/quote-requests.server.ts";
import { getSubmissionHistory } from "#app/server/wizard/submission-history.server.ts";
import {
  listWebhookDeliveries,
  resendWebhookDelivery,
  type WebhookDelivery,
} from "#app/server/leads/webhooks.server.ts";

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
  const [history, request, deliveries, sameEmail] = await Promise.all([
    getSubmissionHistory(db, row),
    latestQuoteRequest(db, row.id),
    listWebhookDeliveries(db, { submissionId: row.id, limit: 20 }),
    applicationsWithEmail(db, row.email, row.id),
  ]);
  const requestHistory = request ? await getQuoteRequestHistory(db, request) : undefined;
  const optional = optionalAnswersOf(row);
  // The plan as the visitor's page works it out, from the record as it is now.
  const answers = planAnswersOf(
    {
      industry: row.industry,
      segments: row.segments,
      state: row.state,
      ownershipStructure: row.ownership_structure ?? "",
    },
    optional,
  );
  return {
    submission: row,
    complete: submissionStatus(row) === "complete",
    history,
    requestHistory,
    sameEmail,
    values: submissionValuesSchema.parse(row),
    deliveries,
    plan: answers
      ? coveragePlan(answers).lines.map((line) => ({
          name: line.name,
          recommendation: line.recommendation,
          reason: line.reason,
        }))
      : undefined,
    request: request
      ? {
          ...request,
          lines: request.lines.map(lineName),
          contactChannel: contactChannelLabel(request.contactChannel),
        }
      : undefined,
  };
}

/**
 * Sets the status of the submission's newest quote request (an operator's post: the desk's
 * middleware has checked the origin), then shows the page again.
 */
export async function action({ context, params, request }: Route.ActionArgs) {
  const operator = getOperator(context);
  const db = getServices(context).database.db;
  const row = await getSubmission(db, params.id);
  if (!row) throw data(null, { status: 404 });
  const form = await request.formData();
  if (form.get("intent") === "resend-webhook") {
    // Only a delivery of this submission: the id comes from the page, the submission from the URL.
    const resent = await resendWebhookDelivery(db, String(form.get("deliveryId")), row.id);
    if (!resent)
      return data({ error: "That delivery is not one of this submission's." }, { status: 404 });
    return redirect(`/admin/submissions/${row.id}#webhooks-title`);
  }
  const parsed = parseForm(form, quoteStatusSchema);
  const latest = await latestQuoteRequest(db, row.id);
  if (parsed.status !== "success" || !latest) {
    return data({ error: "Choose one of the statuses." }, { status: 400 });
  }
  try {
    await setQuoteRequestStatus(db, latest.id, parsed.value.status, operator.id);
  } catch (error) {
    // Reopening an old request while a newer one is open: one open request per submission.
    logger.warn({ err: error, quoteRequestId: latest.id }, "quote status not set");
    return data(
      { error: "That would make two open requests for this submission." },
      { status: 409 },
    );
  }
  return redirect(`/admin/submissions/${row.id}#quote-title`);
}

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="grid gap-1 px-4 py-3 sm:grid-cols-3 sm:gap-4 print:grid-cols-3 print:gap-2 print:py-0.5">
      <dt className="font-medium text-muted">{label}</dt>
      <dd className="break-words text-ink sm:col-span-2">{children}</dd>
    </div>
  );
}

/** A field's value as the desk shows it (its registry entry says how). */
function FieldValueView({ column, values }: { column: FieldColumn; values: RecordValues }) {
  const value = values[column] ?? null;
  const display = deskDisplay(column);
  if (display === "list" && Array.isArray(value) && value.length > 0) {
    return (
      <ul className="list-inside list-disc">
        {value.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
    );
  }
  if (typeof value === "string" && value !== "") {
    if (display === "email") return <EmailLink address={value} />;
    if (display === "instant") return <DateTime value={value} />;
    if (display === "phone") {
      return (
        <a href={`tel:${value}`} className="text-brand-700 underline">
          {deskText(column, values)}
        </a>
      );
    }
    if (display === "quote") {
      return (
        <blockquote className="border-l-4 border-line pl-3 whitespace-pre-line">{value}</blockquote>
      );
    }
  }
  return deskText(column, values) ?? <NotGiven />;
}

/** One section of the application: its fields in the registry's order (application-fields.ts). */
function ApplicationSection({ section, values }: { section: FieldSection; values: RecordValues }) {
  const title = FIELD_SECTIONS.find((candidate) => candidate.id === section)?.title ?? section;
  const columns = DESK_FIELD_ORDER.filter(
    (column) => APPLICATION_FIELDS[column].section === section && deskDisplay(column) !== "none",
  );
  return (
    <Section id={`${section}-title`} title={title}>
      {columns.map((column) => (
        <Field key={column} label={SUBMISSION_FIELD_LABELS[column]}>
          <FieldValueView column={column} values={values} />
        </Field>
      ))}
    </Section>
  );
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
    <section aria-labelledby={id} className="mt-8 break-inside-avoid print:mt-3">
      <h2 id={id} className="text-lg font-semibold text-ink print:text-sm">
        {title}
      </h2>
      <dl className="mt-3 divide-y divide-line rounded-xl border border-line bg-white print:mt-1 print:text-xs">
        {children}
      </dl>
    </section>
  );
}

function QuoteRequestSection({
  request,
  error,
}: {
  request: NonNullable<Route.ComponentProps["loaderData"]["request"]>;
  error: string | undefined;
}) {
  return (
    <section aria-labelledby="quote-title" className="mt-8 break-inside-avoid print:mt-3">
      <h2 id="quote-title" className="text-lg font-semibold text-ink print:text-sm">
        Quote request
      </h2>
      <dl className="mt-3 divide-y divide-line rounded-xl border border-line bg-white print:mt-1 print:text-xs">
        <Field label="Reference">
          <span className="font-mono">{request.reference}</span>
        </Field>
        <Field label="Status">{quoteStatusLabel(request.status)}</Field>
        <Field label="Lines">
          <ul className="list-inside list-disc">
            {request.lines.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </Field>
        <Field label="Preferred start date">{request.startDate}</Field>
        <Field label="Contact by">{request.contactChannel}</Field>
        <Field label="Note">
          {request.note ? (
            <span className="whitespace-pre-line">{request.note}</span>
          ) : (
            <NotGiven />
          )}
        </Field>
        <Field label="Requested">
          <DateTime value={request.createdAt} />
        </Field>
        <Field label="Last changed by the visitor">
          <DateTime value={request.updatedAt} />
        </Field>
        <Field label="What the visitor agreed to">
          <blockquote className="border-l-4 border-line pl-3">{request.consentText}</blockquote>
          <p className="mt-1 text-sm text-muted">
            Agreed <DateTime value={request.consentGivenAt} />
          </p>
        </Field>
      </dl>
      <form method="post" className="mt-4 flex flex-wrap items-end gap-3 print:hidden">
        <div>
          <label htmlFor="quote-status" className="block text-sm font-medium text-ink">
            Set the status
          </label>
          <select
            id="quote-status"
            name="status"
            defaultValue={request.status}
            className={adminControlClasses}
          >
            {QUOTE_STATUSES.map((status) => (
              <option key={status.id} value={status.id}>
                {status.label}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className={buttonClasses("primary", "sm")}>
          Save status
        </button>
      </form>
      {error ? (
        <p role="alert" className="mt-2 text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </section>
  );
}

export default function Submission({ loaderData, actionData }: Route.ComponentProps) {
  const {
    submission: row,
    complete,
    history,
    requestHistory,
    sameEmail,
    values,
    plan,
    request,
    deliveries,
  } = loaderData;
  return (
    <>
      <p className="print:hidden">
        <a href="/admin" className="text-sm font-semibold text-brand-700 underline">
          Back to submissions
        </a>
      </p>
      <div className="mt-4">
        <AdminPageHeading title={row.business_name ?? row.email}>
          <StatusBadge complete={complete} />
          {row.email_not_proven ? <EmailNotProvenBadge /> : null}
        </AdminPageHeading>
      </div>
      <SameEmail emailNotProven={row.email_not_proven} applications={sameEmail} />
      <p className="mt-4 flex flex-wrap gap-3 print:hidden">
        <a
          href={`/admin/submissions/${row.id}/lead.json`}
          download
          className={buttonClasses("secondary", "sm")}
        >
          Download JSON
        </a>
        <span className="self-center text-sm text-muted">
          To print this application, use your browser&apos;s Print: the page prints as a summary
          without the history.
        </span>
      </p>

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

      <ApplicationSection section="business" values={values} />
      <ApplicationSection section="contact" values={values} />
      <ApplicationSection section="consent" values={values} />

      {request ? <QuoteRequestSection request={request} error={actionData?.error} /> : null}
      {requestHistory ? (
        <div className="print:hidden">
          <RecordHistory
            id="quote-history-title"
            title="Quote request history"
            intro="Every save of this quote request, newest first, by the visitor or by an operator (a status change), with what it changed."
            versions={requestHistory.versions}
            total={requestHistory.total}
            labels={QUOTE_REQUEST_FIELD_LABELS}
            record="application"
          />
        </div>
      ) : null}
      {request ? null : <p className="mt-8 text-muted">No quote request yet.</p>}

      <ApplicationSection section="answers" values={values} />

      {plan ? (
        <section aria-labelledby="plan-title" className="mt-8 print:mt-3 print:text-xs">
          <h2 id="plan-title" className="text-lg font-semibold text-ink print:text-sm">
            Coverage plan
          </h2>
          <p className="mt-1 text-sm text-muted print:hidden">
            As the visitor&apos;s plan page works it out from this record and the optional answers.
          </p>
          <div className={tableClasses.wrapper}>
            <table className={tableClasses.table}>
              <caption className="sr-only">
                The coverage plan, strongest recommendation first
              </caption>
              <thead className={tableClasses.head}>
                <tr>
                  <th scope="col" className={tableClasses.th}>
                    Line
                  </th>
                  <th scope="col" className={tableClasses.th}>
                    Recommendation
                  </th>
                  <th scope="col" className={`${tableClasses.th} print:hidden`}>
                    Why
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-line">
                {plan.map((line) => (
                  <tr key={line.name}>
                    <th scope="row" className={`${tableClasses.td} font-medium`}>
                      {line.name}
                    </th>
                    <td className={tableClasses.td}>{line.recommendation}</td>
                    <td className={`${tableClasses.td} print:hidden`}>{line.reason}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </section>
      ) : null}

      <WebhookDeliveries deliveries={deliveries} />
      <div className="print:hidden">
        <RecordHistory
          id="history-title"
          title="History"
          intro="Every save of this application, newest first, with what it changed: by the visitor who started it, or by a visitor who opened an emailed link to it. A visitor who only types this email gets an application of their own, marked Email not proven. Visitors are numbered in the order they first saved; an address shows as a code, never itself."
          versions={history.versions}
          total={history.total}
          labels={SUBMISSION_FIELD_LABELS}
          record="application"
        />
      </div>
    </>
  );
}

/**
 * The other applications saved under this email (decision 030): the one that held it first, and
 * those of visitors who typed it without proving it, each its own application.
 */
function SameEmail({
  emailNotProven,
  applications,
}: {
  emailNotProven: boolean;
  applications: Awaited<ReturnType<typeof applicationsWithEmail>>;
}) {
  if (!emailNotProven && applications.length === 0) return null;
  return (
    <section
      aria-labelledby="same-email-title"
      className="mt-4 rounded-xl border border-amber-200 bg-amber-50 p-4 text-sm text-ink print:hidden"
    >
      <h2 id="same-email-title" className="font-semibold">
        {emailNotProven ? "Email not proven" : "Other applications with this email"}
      </h2>
      {emailNotProven ? (
        <p className="mt-1">
          This application was saved by a visitor who had not proven this email (by opening a link
          sent to it) while another application already held it. It is kept apart: confirm who they
          are before you act on it.
        </p>
      ) : null}
      {applications.length > 0 ? (
        <ul className="mt-2 list-inside list-disc">
          {applications.map((application) => (
            <li key={application.id}>
              <a href={`/admin/submissions/${application.id}`} className="text-brand-700 underline">
                {application.businessName ?? "Not named yet"}
              </a>{" "}
              (received <DateTime value={application.createdAt} />
              {application.emailNotProven ? ", email not proven" : ""})
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}

/** The webhook posts of this lead (issue 17): each event to each receiver, and "Send again". */
function WebhookDeliveries({ deliveries }: { deliveries: WebhookDelivery[] }) {
  if (deliveries.length === 0) return null;
  return (
    <section aria-labelledby="webhooks-title" className="mt-8 print:hidden">
      <h2 id="webhooks-title" className="text-lg font-semibold text-ink">
        Sent to your systems
      </h2>
      <div className={tableClasses.wrapper}>
        <table className={tableClasses.table}>
          <caption className="sr-only">Webhook deliveries of this lead, newest first</caption>
          <thead className={tableClasses.head}>
            <tr>
              <th scope="col" className={tableClasses.th}>
                Event
              </th>
              <th scope="col" className={tableClasses.th}>
                Receiver
              </th>
              <th scope="col" className={tableClasses.th}>
                Status
              </th>
              <th scope="col" className={tableClasses.th}>
                <span className="sr-only">Action</span>
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-line">
            {deliveries.map((delivery) => (
              <tr key={delivery.id}>
                <td className={tableClasses.td}>
                  {delivery.event}
                  <div className="text-xs text-muted">
                    <DateTime value={delivery.createdAt} />
                  </div>
                </td>
                <td className={`${tableClasses.td} break-all`}>{delivery.url}</td>
                <td className={tableClasses.td}>{deliveryStatus(delivery)}</td>
                <td className={tableClasses.td}>
                  <form method="post">
                    <input type="hidden" name="intent" value="resend-webhook" />
                    <input type="hidden" name="deliveryId" value={delivery.id} />
                    <button type="submit" className={buttonClasses("secondary", "sm")}>
                      Send again
                    </button>
                  </form>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

/** A delivery's state in words: delivered, given up, or waiting for its next attempt. */
function deliveryStatus(delivery: WebhookDelivery): string {
  const answer = delivery.lastError ?? (delivery.lastStatus ? `HTTP ${delivery.lastStatus}` : "");
  if (delivery.deliveredAt) return `Delivered (${formatDateTime(delivery.deliveredAt)})`;
  if (delivery.failedAt) return `Given up after ${delivery.attempts} attempts (${answer})`;
  if (delivery.attempts === 0) return "Waiting to be sent";
  return `Retrying: ${delivery.attempts} attempts so far (${answer}), next at ${formatDateTime(delivery.nextAttemptAt)}`;
}
