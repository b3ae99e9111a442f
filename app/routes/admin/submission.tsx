import { DeskTable, type DeskColumn } from "#app/components/admin/desk-table.tsx";
import { data, redirect } from "react-router";

import {
  AdminPageHeading,
  adminMeta,
  buttonClasses,
  DateTime,
  EmailNotProvenBadge,
  NotGiven,
  StatusBadge,
  FormProblem,
} from "#app/components/admin/admin-ui.tsx";
import { coveragePlan } from "#app/domain/quote/coverage-plan.ts";
import { declineReasonLabel } from "#app/domain/quote/insurer-quotes.ts";
import { parseForm } from "#app/domain/values/form-submission.ts";
import { quoteStatusLabel, quoteStatusSchema } from "#app/domain/leads/lead-desk.ts";
import {
  ACTIVITY_KINDS,
  activityFormSchema,
  nextActionFormSchema,
  ownerFormSchema,
  TIMELINE_LIMIT,
  type ActivityKind,
} from "#app/domain/leads/lead-work.ts";
import { formatUsPhone } from "#app/domain/values/phone.ts";
import { isEmailAddress } from "#app/domain/values/fields.ts";
import {
  deskEmailFormSchema,
  fillPlaceholders,
  NOT_SENT_REASONS,
  placeholderValues,
  TEMPLATE_LIMITS,
} from "#app/domain/leads/desk-emails.ts";
import { getAgency } from "#app/server/agency-settings.server.ts";
import { listTemplates, sendDeskEmail } from "#app/server/leads/lead-emails.server.ts";
import { dayIn } from "#app/domain/values/time-zones.ts";
import {
  ActionPanel,
  Timeline,
  type LeadFormErrors,
  type LeadIntent,
} from "#app/components/admin/lead-panel.tsx";
import {
  addActivity,
  getLeadWork,
  getTimeline,
  listOperators,
  setLeadOwner,
  setLeadStatus,
  setNextAction,
} from "#app/server/leads/desk-work.server.ts";
import {
  contactChannelLabel,
  lineName,
  optionalAnswersOf,
  planAnswersOf,
} from "#app/domain/quote/quote-request.ts";
import {
  leadNameOf,
  SUBMISSION_FIELD_LABELS,
  submissionValuesSchema,
} from "#app/domain/application/application-fields.ts";
import { QUOTE_REQUEST_FIELD_LABELS } from "#app/domain/application/record-versions.ts";
import { RecordHistory } from "#app/components/admin/record-history.tsx";
import {
  ApplicationSection,
  Field,
  RelatedLeads,
  Section,
  WebhookDeliveries,
} from "#app/components/admin/submission-sections.tsx";
import { getOperator } from "#app/server/admin/admin-auth.server.ts";
import { relatedLeads, getSubmission, submissionStatus } from "#app/server/leads/leads.server.ts";
import { getServices } from "#app/server/services.server.ts";
import { agencyMailLimits } from "#app/server/env.server.ts";
import { releaseHeldEmail } from "#app/server/mail/outbox.server.ts";
import { logger } from "#app/server/logger.server.ts";
import {
  getQuoteRequestHistory,
  latestQuoteRequest,
} from "#app/server/wizard/quote-requests.server.ts";
import { getSubmissionHistory } from "#app/server/wizard/submission-history.server.ts";
import { listWebhookDeliveries, resendWebhookDelivery } from "#app/server/leads/webhooks.server.ts";

import type { Route } from "./+types/submission";

export const meta: Route.MetaFunction = () => adminMeta("Submission");

/**
 * One submission, every field, the evidence of consent to texts, and its history: every earlier
 * version, when and by whom it was saved, and what each save changed (decision 013).
 */
export async function loader({ context, params, url }: Route.LoaderArgs) {
  const operator = getOperator(context);
  const { database, env } = getServices(context);
  const { db } = database;
  const row = await getSubmission(db, params.id);
  if (!row) throw data(null, { status: 404 });
  const [history, request, deliveries, related, work, timeline, operators, templates] =
    await Promise.all([
      getSubmissionHistory(db, row),
      latestQuoteRequest(db, row.id),
      listWebhookDeliveries(db, { submissionId: row.id, limit: 20 }),
      relatedLeads(db, row.id),
      getLeadWork(db, row.id),
      getTimeline(db, row.id),
      listOperators(db),
      listTemplates(db),
    ]);
  // A template chosen to email the visitor, filled from the lead, for the operator to read.
  const template = templates.find((candidate) => candidate.id === url.searchParams.get("template"));
  const fill = placeholderValues(
    {
      firstName: row.first_name,
      businessName: leadNameOf(row),
      reference: request?.reference ?? null,
    },
    getAgency(context),
  );
  // After a change, the page confirms it with the timeline's newest entry of that kind.
  const savedKind = savedKindOf(url.searchParams.get("saved"));
  const saved = savedKind ? timeline.find((entry) => entry.kind === savedKind) : undefined;
  const requestHistory = request ? await getQuoteRequestHistory(db, request) : undefined;
  const optional = optionalAnswersOf(row);
  // The plan as the visitor's page works it out, from the record as it is now.
  const answers = planAnswersOf(
    {
      industry: row.industry,
      segments: row.segments,
      state: row.state,
      ownershipStructure: row.ownership_structure ?? "",
      naicsCode: row.naics_code,
    },
    optional,
  );
  return {
    me: operator.id,
    emailing: {
      proven: isEmailable(row),
      templates: templates.map(({ id, name }) => ({ id, name })),
      chosen: template && {
        id: template.id,
        subject: fillPlaceholders(template.subject, fill),
        body: fillPlaceholders(template.body, fill),
      },
    },
    today: dayIn(new Date(), env.AGENCY_TIME_ZONE),
    work,
    timeline,
    operators,
    saved,
    phone: row.phone_number
      ? { e164: row.phone_number, text: formatUsPhone(row.phone_number) }
      : null,
    submission: row,
    complete: submissionStatus(row) === "complete",
    history,
    requestHistory,
    related,
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
          lines: request.lines.map((slug) => lineName(slug)),
          contactChannel: contactChannelLabel(request.contactChannel),
        }
      : undefined,
  };
}

/** The `saved` a confirmation carries, as the timeline kind it confirms. */
function savedKindOf(text: string | null): ActivityKind | undefined {
  return ACTIVITY_KINDS.find((kind) => kind.id === text)?.id;
}

/** Whether the desk may email this lead: one address, proven by its visitor (decision 030). */
function isEmailable(row: { email: string; email_not_proven: boolean }): boolean {
  return !row.email_not_proven && isEmailAddress(row.email);
}

/** A field as typed, to show again after a refusal (never longer than a form could send). */
function typedText(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === "string" ? value.slice(0, TEMPLATE_LIMITS.body) : "";
}

/** After a change: the page again, confirming it at the panel. */
function savedRedirect(submissionId: string, kind: ActivityKind) {
  return redirect(`/admin/submissions/${submissionId}?saved=${kind}#actions-title`);
}

function refused(intent: LeadIntent, problem: Omit<LeadFormErrors, "intent">, status = 400) {
  return data({ errors: { intent, ...problem } satisfies LeadFormErrors }, { status });
}

/**
 * An operator's change to the lead (the desk's middleware has checked the origin): its status,
 * owner or next action, a touch logged, or a webhook sent again. Each change enters the timeline
 * and the page confirms it.
 */
export async function action({ context, params, request }: Route.ActionArgs) {
  const operator = getOperator(context);
  const db = getServices(context).database.db;
  const row = await getSubmission(db, params.id);
  if (!row) throw data(null, { status: 404 });
  const form = await request.formData();
  const intent = form.get("intent");
  switch (intent) {
    case "resend-webhook": {
      // Only a delivery of this submission: the id comes from the page, the submission from the URL.
      const resent = await resendWebhookDelivery(db, String(form.get("deliveryId")), row.id);
      if (!resent) {
        return data({ error: "That delivery is not one of this submission's." }, { status: 404 });
      }
      return redirect(`/admin/submissions/${row.id}#webhooks-title`);
    }
    case "owner": {
      const parsed = parseForm(form, ownerFormSchema);
      const owner = parsed.status === "success" ? parsed.value.owner : undefined;
      if (owner === undefined || !(await setLeadOwner(db, row.id, owner || null, operator.id))) {
        return refused("owner", { fields: {}, form: "Choose one of the operators, or nobody." });
      }
      return savedRedirect(row.id, "owner");
    }
    case "next-action": {
      const parsed = parseForm(form, nextActionFormSchema);
      if (parsed.status !== "success") {
        return refused("next-action", { fields: parsed.error ?? {} });
      }
      await setNextAction(db, row.id, parsed.value, operator.id);
      return savedRedirect(row.id, "next-action");
    }
    case "email": {
      const parsed = parseForm(form, deskEmailFormSchema);
      const typed = { subject: typedText(form, "subject"), body: typedText(form, "body") };
      if (parsed.status !== "success") {
        return refused("email", { fields: parsed.error ?? {}, values: typed });
      }
      if (!isEmailable(row)) {
        return refused("email", { fields: {}, form: "The desk does not email this lead." }, 409);
      }
      const { env } = getServices(context);
      const sent = await sendDeskEmail(db, {
        submissionId: row.id,
        to: row.email,
        ...parsed.value,
        operatorId: operator.id,
        agency: getAgency(context),
        limits: agencyMailLimits(env),
      });
      if (sent !== "queued") {
        return refused(
          "email",
          {
            fields: {},
            values: typed,
            form: `Not sent: ${NOT_SENT_REASONS[sent]}. The timeline says so, with Send again.`,
          },
          429,
        );
      }
      return savedRedirect(row.id, "email");
    }
    case "resend": {
      // Only an email of this lead: the id comes from the page, the lead from the URL.
      const outboxId = String(form.get("outboxId") ?? "").slice(0, 20);
      const released = await releaseHeldEmail(
        db,
        { submissionId: row.id, outboxId, operatorId: operator.id },
        agencyMailLimits(getServices(context).env),
      );
      if (released === "queued") return savedRedirect(row.id, "email");
      if (released === "not-found") {
        return refused(
          "resend",
          { fields: {}, form: "That email is not one of this lead's waiting to be sent again." },
          404,
        );
      }
      return refused(
        "resend",
        { fields: {}, form: `Still not sent: ${NOT_SENT_REASONS[released]}.` },
        released === "limit" ? 429 : 409,
      );
    }
    case "clear-next-action":
      await setNextAction(db, row.id, null, operator.id);
      return savedRedirect(row.id, "next-action");
    case "log": {
      const parsed = parseForm(form, activityFormSchema);
      if (parsed.status !== "success") return refused("log", { fields: parsed.error ?? {} });
      await addActivity(db, {
        submissionId: row.id,
        operatorId: operator.id,
        kind: parsed.value.kind,
        body: parsed.value.body,
      });
      return savedRedirect(row.id, parsed.value.kind);
    }
    case "status": {
      const parsed = parseForm(form, quoteStatusSchema);
      const latest = await latestQuoteRequest(db, row.id);
      if (parsed.status !== "success" || !latest) {
        return refused("status", { fields: {}, form: "Choose one of the statuses." });
      }
      try {
        await setLeadStatus(db, latest, parsed.value.status, operator.id);
      } catch (error) {
        // Reopening an old request while a newer one is open: one open request per submission.
        logger.warn({ err: error, quoteRequestId: latest.id }, "quote status not set");
        return refused(
          "status",
          { fields: {}, form: "That would make two open requests for this submission." },
          409,
        );
      }
      return savedRedirect(row.id, "status");
    }
    default:
      return refused("log", { fields: {}, form: "That form is not one of this page's." });
  }
}

function QuoteRequestSection({
  request,
  submissionId,
}: {
  request: NonNullable<Route.ComponentProps["loaderData"]["request"]>;
  submissionId: string;
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
        <Field label="Status">
          {quoteStatusLabel(request.status)}
          {request.lostReason
            ? ` (the visitor declined every quote: ${declineReasonLabel(request.lostReason)})`
            : ""}
        </Field>
        <Field label="The agency's quotes">
          <a
            href={`/admin/submissions/${submissionId}/quotes`}
            className="font-semibold text-brand-700 underline print:no-underline"
          >
            Quotes and documents
          </a>
        </Field>
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
    </section>
  );
}

type PlanLine = NonNullable<Route.ComponentProps["loaderData"]["plan"]>[number];

/** The coverage plan's columns, as the desk shows it (the reasons not in print). */
const PLAN_COLUMNS: DeskColumn<PlanLine>[] = [
  { label: "Line", rowHeader: true, cell: (line) => line.name },
  { label: "Recommendation", cell: (line) => line.recommendation },
  { label: "Why", className: "print:hidden", cell: (line) => line.reason },
];

export default function Submission({ loaderData, actionData }: Route.ComponentProps) {
  const {
    submission: row,
    complete,
    history,
    requestHistory,
    related,
    values,
    plan,
    request,
    deliveries,
    me,
    today,
    work,
    timeline,
    operators,
    saved,
    phone,
  } = loaderData;
  const errors = actionData && "errors" in actionData ? actionData.errors : undefined;
  const webhookError = actionData && "error" in actionData ? actionData.error : undefined;
  return (
    <>
      <p className="print:hidden">
        <a href="/admin/submissions" className="text-sm font-semibold text-brand-700 underline">
          Back to submissions
        </a>
      </p>
      <div className="mt-4">
        <AdminPageHeading title={leadNameOf(row) ?? row.email}>
          <StatusBadge complete={complete} />
          {row.email_not_proven ? <EmailNotProvenBadge /> : null}
        </AdminPageHeading>
      </div>
      <RelatedLeads emailNotProven={row.email_not_proven} leads={related} />
      <ActionPanel
        phone={phone}
        email={row.email}
        request={request}
        owner={{ id: work.ownerId, email: work.ownerEmail }}
        operators={operators}
        me={me}
        nextAction={{ action: work.nextAction, due: work.nextActionDue }}
        today={today}
        saved={saved}
        errors={errors}
        emailing={loaderData.emailing}
      />
      <Timeline
        entries={timeline}
        limit={TIMELINE_LIMIT}
        problem={errors?.intent === "resend" ? errors.form : undefined}
      />
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

      {request ? <QuoteRequestSection request={request} submissionId={row.id} /> : null}
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
          <DeskTable
            caption="The coverage plan, strongest recommendation first"
            columns={PLAN_COLUMNS}
            rows={plan}
            rowKey={(line) => line.name}
          />
        </section>
      ) : null}

      <FormProblem problem={webhookError} className="mt-8" />
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
