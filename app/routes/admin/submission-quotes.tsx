import { data, redirect } from "react-router";

import {
  AdminPageHeading,
  adminMeta,
  buttonClasses,
  DateTime,
  SavedNotice,
  FormProblem,
} from "#app/components/admin/admin-ui.tsx";
import { possessive } from "#app/domain/site/possessive.ts";
import { BindSection } from "#app/components/admin/bind-section.tsx";
import { CertificateRequests } from "#app/components/admin/certificate-requests.tsx";
import { DeskTable } from "#app/components/admin/desk-table.tsx";
import {
  InsurerPdfForm,
  QuoteForm,
  quoteColumns,
} from "#app/components/admin/insurer-quote-forms.tsx";
import { Questions, VisitorDocuments } from "#app/components/admin/request-exchanges.tsx";
import { leadNameOf } from "#app/domain/application/application-fields.ts";
import type { DeskFormReply } from "#app/domain/leads/desk-forms.ts";
import { isOpenQuoteStatus, quoteStatusLabel } from "#app/domain/leads/lead-desk.ts";
import { dayText, quoteFormMessages } from "#app/domain/quote/insurer-quotes.ts";
import { trackedSubjectivities } from "#app/domain/quote/quote-proposal.ts";
import { Subjectivities } from "#app/components/admin/subjectivities.tsx";
import { NOT_SENT_REASONS } from "#app/domain/leads/desk-emails.ts";
import { lineName } from "#app/domain/quote/quote-request.ts";
import { dayIn } from "#app/domain/values/time-zones.ts";
import { getOperator } from "#app/server/admin/admin-auth.server.ts";
import { getAgency } from "#app/server/http/agency-settings.server.ts";
import { getSubmission } from "#app/server/leads/leads.server.ts";
import { quoteDeskRecords, workOnQuoteRequest } from "#app/server/leads/quote-desk.server.ts";
import { getServices } from "#app/server/services.server.ts";
import {
  getSubmissionRequest,
  latestQuoteRequest,
} from "#app/server/wizard/quote-requests.server.ts";

import { ContractRequirementsSection } from "#app/components/admin/visitor-contract.tsx";
import { BASE_LOCALE, isLocale } from "#app/domain/site/locales.ts";

import { RenewalChoices } from "#app/components/admin/renewal-choices.tsx";
import type { Route } from "./+types/submission-quotes";

export const meta: Route.MetaFunction = () => adminMeta("Quotes");

/**
 * The lead's request the address names (`?request=<id>`, one of this lead's), else its newest:
 * 404 when the lead or that request is not there.
 */
async function requestOf(context: Route.LoaderArgs["context"], submissionId: string, url: URL) {
  const { db } = getServices(context).database;
  const submission = await getSubmission(db, submissionId);
  const named = url.searchParams.get("request");
  const request = !submission
    ? undefined
    : named === null
      ? await latestQuoteRequest(db, submission.id)
      : await getSubmissionRequest(db, submission.id, named);
  if (!submission || !request) throw data(null, { status: 404 });
  return { submission, request, named: named !== null };
}

/**
 * A quote request's quotes at the desk (issue 29): the quotes entered so far with where each
 * stands, a form to add one or change one (`?edit=<id>`), and Publish, which shows the drafts to
 * the visitor and emails them. The newest quote entry of the lead's timeline confirms a save.
 */
export async function loader({ context, params, url }: Route.LoaderArgs) {
  const services = getServices(context);
  const { db } = services.database;
  const { submission, request } = await requestOf(context, params.id, url);
  const { quotes, timeline, documents, questions, bind, certificates, contract, renews } =
    await quoteDeskRecords(db, submission.id, request);
  const editing = quotes.find(
    (quote) => quote.id === url.searchParams.get("edit") && quote.status !== "withdrawn",
  );
  const saved = url.searchParams.has("saved")
    ? timeline.find((entry) =>
        ["quote", "document", "question", "bind", "certificate"].includes(entry.kind),
      )
    : undefined;
  return {
    submissionId: submission.id,
    leadName: leadNameOf(submission) ?? submission.email,
    reference: request.reference,
    status: request.status,
    open: isOpenQuoteStatus(request.status),
    lines: request.lines.map((slug) => ({ slug, name: lineName(slug) })),
    today: dayIn(new Date(), services.env.AGENCY_TIME_ZONE),
    // What the insurers still need, the chosen quote's once one is chosen (decision 062).
    subjectivities: trackedSubjectivities(
      quotes,
      bind?.insurerQuoteId,
      dayIn(new Date(), services.env.AGENCY_TIME_ZONE),
    ),
    quotes,
    editing,
    editingPdf: documents.find((document) => document.insurerQuoteId === editing?.id),
    visitorDocuments: documents.filter((document) => document.purpose === "visitor"),
    questions,
    bind,
    policyDocuments: documents.filter((document) => document.purpose === "policy"),
    certificates,
    contract,
    // A renewal request names the policy it renews (decision 047).
    renews: renews
      ? { number: renews.number, end: dayText(renews.end), insurer: renews.insurer }
      : null,
    saved,
    // Why the customer's email just held was not sent (decision 054).
    notSent: notSentOf(url.searchParams.get("notsent")),
    emailNotProven: submission.email_not_proven,
  };
}

/** The reason a confirmation carries for an email not sent, if it is one. */
function notSentOf(text: string | null): "limit" | "unproven" | undefined {
  return text === "limit" || text === "unproven" ? text : undefined;
}

/**
 * Adds, changes or withdraws a quote, publishes the drafts, asks a question, attaches a PDF or
 * marks the request bound (app/server/leads/quote-desk.server.ts); each enters the lead's timeline.
 */
export async function action({ context, params, request }: Route.ActionArgs) {
  const {
    submission,
    request: quoteRequest,
    named,
  } = await requestOf(context, params.id, new URL(request.url));
  const answer = await workOnQuoteRequest(
    {
      services: getServices(context),
      operatorId: getOperator(context).id,
      agency: getAgency(context),
      request: {
        id: quoteRequest.id,
        submissionId: submission.id,
        reference: quoteRequest.reference,
        lines: quoteRequest.lines,
        // The producer of record must be licensed for the business's state (decision 063).
        state: submission.state,
        renewsBindRequestId: quoteRequest.renewsBindRequestId,
      },
      visitor: {
        email: submission.email,
        firstName: submission.first_name,
        // Never the visitor's email: a certificate's holder is told the business's name only.
        businessName: submission.business_name ?? "our client",
        // The application's language: the visitor's emails are written in it (issue 31).
        language: isLocale(submission.language) ? submission.language : BASE_LOCALE,
      },
    },
    request,
  );
  switch (answer.outcome) {
    case "saved": {
      // Back to the same request, where the address named one.
      const which = named ? `request=${quoteRequest.id}&` : "";
      const edit = answer.edit ? `edit=${encodeURIComponent(answer.edit)}&` : "";
      const emailed = answer.emailed ? "" : `&notsent=${answer.held ?? "limit"}`;
      const anchor = answer.anchor ? `#${answer.anchor}` : "";
      return redirect(
        `/admin/submissions/${submission.id}/quotes?${which}${edit}saved${emailed}${anchor}`,
      );
    }
    case "refused":
      return data<DeskFormReply>(answer.reply, { status: answer.status });
    case "not-found":
      throw data(null, { status: 404 });
    case "bad-request":
      throw data(null, { status: 400 });
  }
}

export default function SubmissionQuotes({ loaderData, actionData }: Route.ComponentProps) {
  const { quotes, saved } = loaderData;
  // Once the visitor has asked to bind one, the quotes stay as they were chosen.
  // (One the insurer declined leaves them open again: the visitor may choose another.)
  const open = loaderData.open && (!loaderData.bind || loaderData.bind.status === "declined");
  const editing = open ? loaderData.editing : undefined;
  const drafts = quotes.filter((quote) => quote.status === "draft").length;
  const publishProblem = actionData?.formId === "publish" ? actionData.problem : undefined;
  const listProblem = actionData?.formId === "list" ? actionData.problem : undefined;
  return (
    <>
      <AdminPageHeading title={`Quotes for ${loaderData.reference}`}>
        For{" "}
        <a
          href={`/admin/submissions/${loaderData.submissionId}`}
          className="font-semibold text-brand-700 underline"
        >
          {loaderData.leadName}
        </a>
      </AdminPageHeading>
      <p className="mt-2 text-ink">
        Request {loaderData.reference}: {quoteStatusLabel(loaderData.status)}. Lines asked for:{" "}
        {loaderData.lines.map((line) => line.name).join(", ")}.
        {loaderData.renews
          ? ` Renews policy ${loaderData.renews.number}, which ends ${loaderData.renews.end}.`
          : ""}
      </p>
      {loaderData.emailNotProven ? (
        <p className="mt-4 rounded-xl border border-amber-200 bg-amber-50 p-4 text-amber-900">
          <strong>Email not proven.</strong> Whoever made this application typed an address they
          never proved (they did not open a link sent to it), so the site emails it nothing: no
          quotes, questions, policy or certificates. You may still quote and publish; call the
          applicant to tell them, and look on{" "}
          <a
            href={`/admin/submissions/${loaderData.submissionId}`}
            className="font-semibold underline"
          >
            the lead&apos;s page
          </a>{" "}
          for the application that holds this email.
        </p>
      ) : null}
      {saved ? (
        <SavedNotice>
          Saved: {saved.body}. Recorded <DateTime value={saved.at} /> by {saved.by}.
        </SavedNotice>
      ) : null}
      {saved && loaderData.notSent ? (
        <p
          role="alert"
          className="mt-4 rounded-xl border border-amber-200 bg-amber-50 p-4 text-amber-900"
        >
          <strong>The customer was not emailed:</strong> {NOT_SENT_REASONS[loaderData.notSent]}. The{" "}
          <a
            href={`/admin/submissions/${loaderData.submissionId}#timeline-title`}
            className="font-semibold underline"
          >
            lead&apos;s timeline
          </a>{" "}
          says so, with Send again.
        </p>
      ) : null}
      <FormProblem problem={listProblem} className="mt-4" />

      {loaderData.bind ? (
        <BindSection
          bind={loaderData.bind}
          today={loaderData.today}
          policyDocuments={loaderData.policyDocuments}
          action={actionData}
        />
      ) : null}
      {loaderData.bind?.policy ? (
        <p className="mt-4">
          <a
            href={`/admin/submissions/${loaderData.submissionId}/policy`}
            className="font-semibold text-brand-700 underline"
          >
            Changes and notices on this policy
          </a>
        </p>
      ) : null}
      {loaderData.certificates.length > 0 ? (
        <CertificateRequests
          submissionId={loaderData.submissionId}
          certificates={loaderData.certificates}
          action={actionData}
        />
      ) : null}

      {loaderData.contract ? (
        <ContractRequirementsSection requirements={loaderData.contract} />
      ) : null}

      <Subjectivities
        items={loaderData.subjectivities}
        markable
        problem={actionData?.formId === "subjectivities" ? actionData.problem : undefined}
      />

      {loaderData.renews && open ? (
        <RenewalChoices
          renews={loaderData.renews}
          problem={actionData?.formId === "renew" ? actionData.problem : undefined}
        />
      ) : null}
      <h2 className="mt-8 text-lg font-semibold text-ink">The quotes</h2>
      {quotes.length === 0 ? (
        <p className="mt-2 text-ink">No quote yet.</p>
      ) : (
        <DeskTable
          caption={`Quotes for ${loaderData.reference}`}
          columns={quoteColumns(loaderData.submissionId, open)}
          rows={quotes}
          rowKey={(quote) => quote.id}
        />
      )}
      {open ? (
        <form method="post" className="mt-4">
          <button
            type="submit"
            name="intent"
            value="publish"
            className={buttonClasses("primary", "sm")}
          >
            {drafts === 1 ? "Publish 1 quote" : `Publish ${drafts} quotes`}
            {loaderData.emailNotProven ? " (no email: not proven)" : " and email the visitor"}
          </button>
          <FormProblem problem={publishProblem} className="mt-2" />
        </form>
      ) : (
        <p className="mt-4 text-ink">{quoteFormMessages.notOpen}</p>
      )}

      {open ? (
        <>
          <h2 className="mt-10 text-lg font-semibold text-ink">
            {editing ? `Change ${possessive(editing.insurer)} quote` : "Add a quote"}
          </h2>
          <p className="mt-1 text-sm text-muted">
            Type each figure from the insurer&apos;s quote. The visitor sees the quote once it is
            published; a published quote they see changed as soon as it is saved.
          </p>
          <QuoteForm
            key={editing?.id ?? "new"}
            formId={editing?.id ?? "new"}
            quote={editing}
            lines={loaderData.lines}
            today={loaderData.today}
            action={actionData}
          />
          {editing ? (
            <InsurerPdfForm
              quote={editing}
              pdf={loaderData.editingPdf}
              problem={actionData?.formId === "document" ? actionData.problem : undefined}
            />
          ) : null}
        </>
      ) : null}
      <Questions questions={loaderData.questions} open={loaderData.open} action={actionData} />
      <VisitorDocuments documents={loaderData.visitorDocuments} />
    </>
  );
}
