import { data, redirect } from "react-router";
import { Subjectivities } from "#app/components/admin/subjectivities.tsx";

import {
  AdminPageHeading,
  adminMeta,
  buttonClasses,
  DateTime,
  EmailNotProvenBadge,
  StatusBadge,
  FormProblem,
} from "#app/components/admin/admin-ui.tsx";
import { ActionPanel, Timeline } from "#app/components/admin/lead-panel.tsx";
import {
  CoveragePlanSection,
  QuoteRequestSection,
} from "#app/components/admin/quote-request-section.tsx";
import { CustomerRequests } from "#app/components/admin/customer-requests.tsx";
import { RecordHistory } from "#app/components/admin/record-history.tsx";
import {
  ApplicationSection,
  Field,
  RelatedLeads,
  Section,
  WebhookDeliveries,
} from "#app/components/admin/submission-sections.tsx";
import { leadNameOf, SUBMISSION_FIELD_LABELS } from "#app/domain/application/application-fields.ts";
import { QUOTE_REQUEST_FIELD_LABELS } from "#app/domain/application/record-versions.ts";
import { TIMELINE_LIMIT } from "#app/domain/leads/lead-work.ts";
import { getAgency } from "#app/server/http/agency-settings.server.ts";
import { getOperator } from "#app/server/admin/admin-auth.server.ts";
import { leadPageRecords, workOnLead } from "#app/server/leads/lead-page.server.ts";
import { getSubmission } from "#app/server/leads/leads.server.ts";
import { getServices } from "#app/server/services.server.ts";

import type { Route } from "./+types/submission";

export const meta: Route.MetaFunction = () => adminMeta("Submission");

/** The lead of the page's address: 404 when there is none. */
async function leadOf(context: Route.LoaderArgs["context"], id: string) {
  const row = await getSubmission(getServices(context).database.db, id);
  if (!row) throw data(null, { status: 404 });
  return row;
}

/**
 * One submission, every field, the evidence of consent to texts, and its history: every earlier
 * version, when and by whom it was saved, and what each save changed (decision 013); the work on
 * the lead and its timeline (app/server/leads/lead-page.server.ts).
 */
export async function loader({ context, params, url }: Route.LoaderArgs) {
  const operator = getOperator(context);
  const row = await leadOf(context, params.id);
  const page = await leadPageRecords(getServices(context), getAgency(context), row, {
    // A template chosen to email the visitor, filled from the lead, for the operator to read.
    template: url.searchParams.get("template"),
    // After a change, the page confirms it with the timeline's newest entry of that kind.
    saved: url.searchParams.get("saved"),
  });
  return { me: operator.id, ...page };
}

/**
 * An operator's change to the lead (the desk's middleware has checked the origin): its status,
 * owner or next action, a touch logged, an email, or a webhook sent again, carried out by
 * app/server/leads/lead-page.server.ts. Each change enters the timeline and the page confirms it.
 */
export async function action({ context, params, request }: Route.ActionArgs) {
  const operator = getOperator(context);
  const row = await leadOf(context, params.id);
  const answer = await workOnLead(
    {
      services: getServices(context),
      operatorId: operator.id,
      agency: getAgency(context),
      lead: row,
    },
    await request.formData(),
  );
  switch (answer.outcome) {
    case "saved":
      return redirect(`/admin/submissions/${row.id}?saved=${answer.kind}#actions-title`);
    case "webhook-resent":
      return redirect(`/admin/submissions/${row.id}#webhooks-title`);
    case "refused":
      return data({ errors: answer.errors }, { status: answer.status });
    case "not-this-lead":
      return data({ error: answer.error }, { status: 404 });
  }
}

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

      <CustomerRequests
        requests={loaderData.requests}
        today={today}
        errors={errors?.intent === "open-request" ? errors : undefined}
      />

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
      <Subjectivities
        items={loaderData.subjectivities}
        markable={false}
        quotesHref={`/admin/submissions/${row.id}/quotes#subjectivities`}
      />
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

      {plan ? <CoveragePlanSection plan={plan} /> : null}

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
