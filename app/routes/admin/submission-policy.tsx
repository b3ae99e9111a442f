import { data, redirect } from "react-router";

import {
  AdminPageHeading,
  adminMeta,
  FormProblem,
  SavedNotice,
} from "#app/components/admin/admin-ui.tsx";
import {
  ChangeForm,
  ChangeRequestsSection,
  RecordedChangesSection,
} from "#app/components/admin/policy-desk-sections.tsx";
import { leadNameOf } from "#app/domain/application/application-fields.ts";
import type { DeskFormReply } from "#app/domain/leads/desk-forms.ts";
import { POLICY_CHANGE_KINDS } from "#app/domain/quote/policy-changes.ts";
import { getOperator } from "#app/server/admin/admin-auth.server.ts";
import { getSubmission } from "#app/server/leads/leads.server.ts";
import { policyDeskRecords, workOnPolicy } from "#app/server/leads/policy-desk.server.ts";
import { getServices } from "#app/server/services.server.ts";

import type { Route } from "./+types/submission-policy";

export const meta: Route.MetaFunction = () => adminMeta("Policy changes");

/** The desk's page of a lead's policy after binding (issue 56): 404 without a lead. */
export async function loader({ context, params, url }: Route.LoaderArgs) {
  const { db } = getServices(context).database;
  const submission = await getSubmission(db, params.id);
  if (!submission) throw data(null, { status: 404 });
  return {
    submissionId: submission.id,
    leadName: leadNameOf(submission) ?? submission.email,
    ...(await policyDeskRecords(db, submission.id)),
    saved: url.searchParams.get("saved"),
  };
}

/**
 * Records a change or notice on the policy (its kind's form), or marks a customer's change request
 * done (app/server/leads/policy-desk.server.ts): back to the page saying so, or the form refused.
 */
export async function action({ context, params, request }: Route.ActionArgs) {
  const operator = getOperator(context);
  const services = getServices(context);
  const submission = await getSubmission(services.database.db, params.id);
  if (!submission) throw data(null, { status: 404 });
  const answer = await workOnPolicy(
    { services, operatorId: operator.id, submissionId: submission.id },
    await request.formData(),
  );
  if (answer.outcome === "refused") {
    return data<DeskFormReply>(answer.reply, { status: answer.status });
  }
  return redirect(`/admin/submissions/${submission.id}/policy?saved=${answer.saved}`);
}

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
        problem={actionData?.formId === "done" ? actionData.problem : undefined}
        className="mt-4"
      />

      <ChangeRequestsSection requests={requests} />

      <RecordedChangesSection changes={changes} />

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
              refusal={actionData?.formId === kind.id ? actionData : undefined}
              waiting={waiting}
            />
          ))}
        </section>
      ) : null}
    </>
  );
}
