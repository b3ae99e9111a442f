import { data, redirect } from "react-router";

import { possessive } from "#app/domain/site/possessive.ts";
import { refusedFields, type FormRefusal } from "#app/components/wizard/refused-form.tsx";
import { POLICY_PATH } from "#app/domain/quote/bind-requests.ts";
import {
  CHANGE_REQUEST_DETAILS_MAX_LENGTH,
  CHANGE_REQUEST_KINDS,
  changeRequestFormSchema,
  changeRequestKindLabel,
  changeRequestKindText,
  changeRequestMessages,
  customerChangeText,
} from "#app/domain/quote/policy-changes.ts";
import { anyForm, parseForm } from "#app/domain/values/form-submission.ts";
import { confirmedPath } from "#app/domain/wizard/wizard-screens.ts";
import { AskAgentForm, BindAnswerNotice } from "#app/components/wizard/customer-exchanges.tsx";
import { ProvenOnlyNotice } from "#app/components/wizard/proven-only.tsx";
import { slot, withSlots } from "#app/components/ui/message-slots.tsx";
import * as ui from "#app/components/wizard/step-screen.ts";
import { CERTIFICATE_REQUEST_PATH, endorsementsText } from "#app/domain/quote/certificates.ts";
import { formatCents, dayText, QUOTES_PATH } from "#app/domain/quote/insurer-quotes.ts";
import { isOpenQuoteStatus } from "#app/domain/leads/lead-desk.ts";
import {
  daysUntil,
  RENEWAL_OFFERED_DAYS,
  RENEWAL_REQUEST_PATH,
} from "#app/domain/quote/renewals.ts";
import { formatBytes, visitorDocumentPath } from "#app/domain/quote/request-documents.ts";
import { dayIn } from "#app/domain/values/time-zones.ts";
import { linkPath } from "#app/domain/site/site-pages.ts";
import { useLocale } from "#app/hooks/use-locale.ts";
import { m } from "#app/paraglide/messages.js";
import { getAgency } from "#app/server/http/agency-settings.server.ts";
import { requestLocale } from "#app/server/http/site-languages.server.ts";
import { getBindRequest, latestBoundPolicy } from "#app/server/leads/bind-store.server.ts";
import { listCertificateRequests } from "#app/server/leads/certificate-store.server.ts";
import { listRequestDocuments } from "#app/server/leads/document-store.server.ts";
import { getSubmission } from "#app/server/leads/leads.server.ts";
import { notifyChangeRequest } from "#app/server/leads/lead-notifications.server.ts";
import {
  listChangeRequests,
  listPolicyChanges,
  requestPolicyChange,
} from "#app/server/leads/policy-change-store.server.ts";
import { queueLeadEvent } from "#app/server/leads/webhooks.server.ts";
import { getServices } from "#app/server/services.server.ts";
import { provenApplication } from "#app/server/wizard/proven-visitor.server.ts";
import {
  customerQuestion,
  type VisitorFormReply,
} from "#app/server/wizard/visitor-quotes.server.ts";

import type { Route } from "./+types/policy";

export const meta: Route.MetaFunction = (args) => ui.localizedWizardMeta(args, m.policy_title);

/**
 * "Your policy" (issue 29): the policy the agency bound from the visitor's request to bind, with
 * its documents, in a browser that proved the application's email. Before that, where the request
 * stands.
 */
export async function loader({ request, context, url }: Route.LoaderArgs) {
  const services = getServices(context);
  const agency = getAgency(context);
  const locale = requestLocale(request);
  const words = { locale };
  const day = (value: string) => dayText(value, locale);
  const proven = await provenApplication(services, request);
  if (!proven) return { state: "not-proven" as const, phone: agency.phone };
  const { db } = services.database;
  const { quoteRequest } = proven;
  const bound = await latestBoundPolicy(db, proven.submission.id);
  const askedNow = url.searchParams.has("asked");
  if (!bound) {
    const asked = quoteRequest ? await getBindRequest(db, quoteRequest.id) : undefined;
    // Bound under the insurer's binder, the policy still to come (issue 55).
    if (asked?.binder && asked.status === "bound") {
      const seen = asked.quoteSeen;
      return {
        state: "binder" as const,
        phone: agency.phone,
        askedNow,
        insurer: seen.insurer,
        binder: m.policy_binder_value(
          {
            number: asked.binder.number,
            effective: day(asked.binder.effective),
            expires: day(asked.binder.expires),
          },
          words,
        ),
        premium: formatCents(seen.premiumCents),
        signed: m.policy_request_signed(
          {
            reference: asked.reference,
            name: asked.signatureName,
            day: day(dayIn(asked.signedAt, services.env.AGENCY_TIME_ZONE)),
          },
          words,
        ),
      };
    }
    return {
      state: "not-yet" as const,
      phone: agency.phone,
      askedNow,
      canAsk: quoteRequest !== undefined,
      requested:
        asked && asked.status === "requested"
          ? { reference: asked.reference, insurer: asked.quoteSeen.insurer }
          : null,
      answer: asked?.declined
        ? {
            kind: asked.declined.kind,
            insurer: asked.quoteSeen.insurer,
            reference: asked.reference,
            reason: asked.declined.reason,
          }
        : null,
    };
  }
  const { bind } = bound;
  const [documents, certificates, changes, changeRequests] = await Promise.all([
    listRequestDocuments(db, bound.requestId),
    listCertificateRequests(db, proven.submission.id),
    listPolicyChanges(db, proven.submission.id, { shownOnly: true }),
    listChangeRequests(db, proven.submission.id),
  ]);
  const timeZone = services.env.AGENCY_TIME_ZONE;
  const seen = bind.quoteSeen;
  // The renewal, from 90 days before the end (decision 047): asked for once a request renews it.
  const renewing =
    quoteRequest?.renewsBindRequestId === bind.id && isOpenQuoteStatus(quoteRequest.status)
      ? quoteRequest.reference
      : null;
  const daysLeft = daysUntil(dayIn(new Date(), timeZone), bind.policy.end);
  return {
    state: "bound" as const,
    phone: agency.phone,
    askedNow,
    insurer: seen.insurer,
    number: bind.policy.number,
    term: m.quotes_term({ start: day(bind.policy.start), end: day(bind.policy.end) }, words),
    premium: formatCents(seen.premiumCents),
    payment:
      bind.payment === "monthly"
        ? seen.monthlyFeeCents
          ? m.quotes_pay_monthly_fee({ fee: formatCents(seen.monthlyFeeCents) }, words)
          : m.policy_paying_monthly({}, words)
        : m.quotes_pay_in_full({}, words),
    reference: bind.reference,
    renewal: renewing
      ? { state: "requested" as const, reference: renewing }
      : daysLeft <= RENEWAL_OFFERED_DAYS
        ? { state: "offered" as const, ends: day(bind.policy.end) }
        : null,
    signed: m.policy_request_signed(
      {
        reference: bind.reference,
        name: bind.signatureName,
        day: day(dayIn(bind.signedAt, timeZone)),
      },
      words,
    ),
    certificates: certificates.map((certificate) => ({
      id: certificate.id,
      reference: certificate.reference,
      holder: certificate.holder.name,
      neededBy: day(certificate.neededBy),
      asks: endorsementsText(certificate.endorsements, locale),
      download: certificate.issued
        ? {
            href: visitorDocumentPath(certificate.issued.documentId),
            fileName: certificate.issued.fileName,
          }
        : null,
    })),
    // The certificate request just sent, to confirm it: only one of this visitor's own (a link
    // cannot make the page say something else).
    certificateRequested:
      certificates.find(
        (certificate) => certificate.reference === url.searchParams.get("certificate-requested"),
      )?.reference ?? null,
    // Only the changes the desk chose to show, each in plain words for the customer.
    changes: changes.map((change) => ({
      id: change.id,
      ...customerChangeText(change.details, day, locale),
    })),
    changeRequests: changeRequests.map((asked) => ({
      id: asked.id,
      text: (asked.done ? m.policy_change_request_done : m.policy_change_request_waiting)(
        {
          reference: asked.reference,
          kind: changeRequestKindText(asked.kind, locale),
          day: day(dayIn(asked.requestedAt, timeZone)),
        },
        words,
      ),
    })),
    // The change request just sent, to confirm it: only one of this visitor's own.
    changeRequested:
      changeRequests.find((asked) => asked.reference === url.searchParams.get("change-requested"))
        ?.reference ?? null,
    documents: documents
      .filter((document) => document.purpose === "policy")
      .map((document) => ({
        id: document.id,
        href: visitorDocumentPath(document.id),
        fileName: document.fileName,
        size: formatBytes(document.byteSize, locale),
      })),
  };
}

/**
 * The customer asks for a change to their policy (issue 56): kept, the agency alerted (its email
 * and the webhook event), and waiting in the desk's Needs action until done.
 * Or the customer's question to their agent (issue 55), on the request of their policy (or,
 * before one, their newest request): kept, and the agency told; the page confirms it.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const services = getServices(context);
  const proven = await provenApplication(services, request);
  if (!proven) throw data(null, { status: 403 });
  const form = await request.formData();
  if (form.get("intent") === "customer-question") {
    const bound = await latestBoundPolicy(services.database.db, proven.submission.id);
    const quoteRequest = bound
      ? { id: bound.requestId, reference: bound.requestReference }
      : proven.quoteRequest;
    if (!quoteRequest) throw data(null, { status: 404 });
    const answer = await customerQuestion(
      services,
      {
        id: quoteRequest.id,
        submissionId: proven.submission.id,
        reference: quoteRequest.reference,
      },
      form,
      requestLocale(request),
      POLICY_PATH,
    );
    switch (answer.outcome) {
      case "done":
        return redirect(answer.to);
      case "refused":
        return data<VisitorFormReply>(answer.reply, { status: answer.status });
      case "not-found":
        throw data(null, { status: 404 });
      case "bad-request":
        throw data(null, { status: 400 });
    }
  }
  const locale = requestLocale(request);
  const messages = changeRequestMessages(locale);
  const typed = parseForm(form, anyForm).payload;
  const parsed = parseForm(form, changeRequestFormSchema(locale));
  if (parsed.status !== "success") {
    return data<FormRefusal>({ fields: parsed.error ?? {}, typed }, { status: 400 });
  }
  const { db } = services.database;
  const submissionId = proven.submission.id;
  const asked = await requestPolicyChange(db, submissionId, parsed.value);
  if (asked.outcome !== "requested") {
    const problem = asked.outcome === "too-many" ? messages.tooMany : messages.notBound;
    return data<FormRefusal>({ fields: {}, typed, problem }, { status: 409 });
  }
  const done = linkPath(
    confirmedPath(`${POLICY_PATH}?change-requested=${encodeURIComponent(asked.reference)}`),
    locale,
  );
  // Sent again unchanged (a double click): the agency was told the first time.
  if (asked.repeated) return redirect(done);
  const lead = await getSubmission(db, submissionId);
  await notifyChangeRequest(services, {
    submissionId,
    businessName: lead?.business_name ?? null,
    reference: asked.reference,
    policyNumber: asked.policyNumber,
    kind: changeRequestKindLabel(parsed.value.kind),
    details: parsed.value.details,
  });
  await queueLeadEvent(services, "change_request.created", submissionId, {
    changeRequest: {
      reference: asked.reference,
      policyNumber: asked.policyNumber,
      kind: parsed.value.kind,
      details: parsed.value.details,
    },
  });
  return redirect(done);
}

export default function Policy({ loaderData, actionData }: Route.ComponentProps) {
  const locale = useLocale();
  const words = { locale };
  const title = m.policy_title({}, words);
  if (loaderData.state === "not-proven") {
    return (
      <ProvenOnlyNotice
        step="quotes"
        title={title}
        held={m.proven_only_policy({}, words)}
        phone={loaderData.phone}
      />
    );
  }
  const asked = loaderData.askedNow ? m.customer_question_sent({}, words) : undefined;
  // The question's refusal, or the change request's (issue 56): each form shows its own.
  const refusal =
    actionData && "form" in actionData && actionData.form === "customer-question"
      ? actionData
      : undefined;
  const changeRefusal = actionData && !("form" in actionData) ? actionData : undefined;
  if (loaderData.state === "binder") {
    const rows = [
      [m.policy_row_insurer({}, words), loaderData.insurer],
      [m.policy_row_binder({}, words), loaderData.binder],
      [m.quotes_row_premium({}, words), loaderData.premium],
      [m.policy_row_request({}, words), loaderData.signed],
    ] as const;
    return (
      <ui.StepFrame
        step="policy"
        title={title}
        intro={<p>{m.policy_binder_intro({ insurer: loaderData.insurer }, words)}</p>}
        confirmation={asked}
      >
        <dl className="divide-y divide-slate-200">
          {rows.map(([label, value]) => (
            <div key={label} className="grid gap-1 py-2 sm:grid-cols-3">
              <dt className="font-semibold text-ink">{label}</dt>
              <dd className="text-ink sm:col-span-2">{value}</dd>
            </div>
          ))}
        </dl>
        <p className="mt-4 text-ink">{m.policy_binder_documents({}, words)}</p>
        <AskAgentForm refusal={refusal} />
        <p className="mt-6 text-ink">{m.policy_questions({ phone: loaderData.phone }, words)}</p>
        <a
          href={linkPath(QUOTES_PATH, locale)}
          className="mt-4 inline-block font-semibold text-brand-700 underline"
        >
          {m.policy_quotes_compared({}, words)}
        </a>
      </ui.StepFrame>
    );
  }
  if (loaderData.state === "not-yet") {
    const { requested } = loaderData;
    return (
      <ui.StepFrame step={requested ? "bind" : "quotes"} title={title} confirmation={asked}>
        {loaderData.answer ? (
          <BindAnswerNotice answer={loaderData.answer} phone={loaderData.phone} />
        ) : null}
        <p className="text-ink">
          {requested
            ? m.policy_requested(
                {
                  insurer: requested.insurer,
                  ofInsurer: possessive(requested.insurer, locale),
                  reference: requested.reference,
                },
                words,
              )
            : m.policy_none_yet({}, words)}{" "}
          {m.email_questions_call({ phone: loaderData.phone }, words)}
        </p>
        <a
          href={linkPath(QUOTES_PATH, locale)}
          className="mt-6 inline-block font-semibold text-brand-700 underline"
        >
          {m.policy_your_quotes({}, words)}
        </a>
        {loaderData.canAsk ? <AskAgentForm refusal={refusal} /> : null}
      </ui.StepFrame>
    );
  }
  const rows = [
    [m.policy_row_insurer({}, words), loaderData.insurer],
    [m.policy_row_number({}, words), loaderData.number],
    [m.policy_row_cover({}, words), loaderData.term],
    [m.quotes_row_premium({}, words), loaderData.premium],
    [m.policy_row_paying({}, words), loaderData.payment],
    [m.policy_row_request({}, words), loaderData.signed],
  ] as const;
  return (
    <ui.StepFrame
      step="policy"
      title={title}
      intro={<p>{m.policy_intro({ insurer: loaderData.insurer }, words)}</p>}
      // The certificate request just sent, first on the page and focused (decision 055).
      confirmation={
        loaderData.certificateRequested
          ? m.policy_certificate_requested({ reference: loaderData.certificateRequested }, words)
          : loaderData.changeRequested
            ? m.policy_change_requested({ reference: loaderData.changeRequested }, words)
            : asked
      }
    >
      <dl className="divide-y divide-slate-200">
        {rows.map(([label, value]) => (
          <div key={label} className="grid gap-1 py-2 sm:grid-cols-3">
            <dt className="font-semibold text-ink">{label}</dt>
            <dd className="text-ink sm:col-span-2">{value}</dd>
          </div>
        ))}
      </dl>
      {loaderData.changes.length > 0 ? (
        <section aria-labelledby="changes-heading" className="mt-8">
          <h2 id="changes-heading" className="text-lg font-semibold text-ink">
            {m.policy_changes_heading({}, words)}
          </h2>
          <ul className="mt-2 space-y-4">
            {loaderData.changes.map((change) => (
              <li key={change.id} className="text-ink">
                <h3 className="font-semibold">{change.heading}</h3>
                <p className="mt-1">{change.text}</p>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <h2 className="mt-8 text-lg font-semibold text-ink">
        {m.policy_documents_heading({}, words)}
      </h2>
      {loaderData.documents.length === 0 ? (
        <p className="mt-2 text-ink">{m.policy_documents_none({}, words)}</p>
      ) : (
        <ul className="mt-2 space-y-2">
          {loaderData.documents.map((document) => (
            <li key={document.id} className="text-ink">
              <a href={document.href} download className="font-semibold text-brand-700 underline">
                {document.fileName}
              </a>{" "}
              <span className="text-muted">
                {m.policy_document_size({ size: document.size }, words)}
              </span>
            </li>
          ))}
        </ul>
      )}
      {loaderData.renewal ? (
        <section aria-labelledby="renewal-heading" className="mt-8">
          <h2 id="renewal-heading" className="text-lg font-semibold text-ink">
            {m.policy_renewal_heading({}, words)}
          </h2>
          {loaderData.renewal.state === "requested" ? (
            <p className="mt-2 text-ink">
              {m.policy_renewal_requested({ reference: loaderData.renewal.reference }, words)}
            </p>
          ) : (
            <>
              <p className="mt-2 text-ink">
                {m.policy_renewal_offered({ day: loaderData.renewal.ends }, words)}
              </p>
              <a
                href={linkPath(RENEWAL_REQUEST_PATH, locale)}
                className="mt-3 inline-block font-semibold text-brand-700 underline"
              >
                {m.policy_renewal_link({}, words)}
              </a>
            </>
          )}
        </section>
      ) : null}
      <section aria-labelledby="certificates-heading" className="mt-8">
        <h2 id="certificates-heading" className="text-lg font-semibold text-ink">
          {m.policy_certificates_heading({}, words)}
        </h2>
        <p className="mt-2 text-ink">{m.policy_certificates_intro({}, words)}</p>
        {loaderData.certificates.length > 0 ? (
          <ul className="mt-3 space-y-2">
            {loaderData.certificates.map((certificate) => (
              <li key={certificate.id} className="text-ink">
                {withSlots(
                  m.policy_certificate_for(
                    {
                      reference: slot("reference"),
                      holder: certificate.holder,
                      asks: certificate.asks,
                    },
                    words,
                  ),
                  {
                    reference: <span className="font-semibold">{certificate.reference}</span>,
                  },
                )}{" "}
                {certificate.download ? (
                  <a
                    href={certificate.download.href}
                    download
                    className="font-semibold text-brand-700 underline"
                  >
                    {certificate.download.fileName}
                  </a>
                ) : (
                  m.policy_certificate_preparing({ day: certificate.neededBy }, words)
                )}
              </li>
            ))}
          </ul>
        ) : null}
        <a
          href={linkPath(CERTIFICATE_REQUEST_PATH, locale)}
          className="mt-4 inline-block font-semibold text-brand-700 underline"
        >
          {m.policy_certificate_link({}, words)}
        </a>
      </section>
      <ChangeRequestForm
        requests={loaderData.changeRequests}
        refusal={changeRefusal}
        locale={locale}
      />
      <AskAgentForm refusal={refusal} />
      <p className="mt-6 text-ink">{m.policy_questions({ phone: loaderData.phone }, words)}</p>
      <a
        href={linkPath(QUOTES_PATH, locale)}
        className="mt-4 inline-block font-semibold text-brand-700 underline"
      >
        {m.policy_quotes_compared({}, words)}
      </a>
    </ui.StepFrame>
  );
}

/** "Ask for a change": the customer's requests so far, and the form (a plain post). */
function ChangeRequestForm({
  requests,
  refusal,
  locale,
}: {
  requests: { id: string; text: string }[];
  refusal: FormRefusal | undefined;
  locale: ReturnType<typeof useLocale>;
}) {
  const words = { locale };
  const { typedText, invalid, describedBy, message } = refusedFields(refusal);
  const input = "mt-1 block w-full rounded-lg border border-slate-400 p-3 text-ink";
  return (
    <section aria-labelledby="change-request-heading" className="mt-8">
      <h2 id="change-request-heading" className="text-lg font-semibold text-ink">
        {m.policy_change_request_heading({}, words)}
      </h2>
      <p className="mt-2 text-ink">{m.policy_change_request_intro({}, words)}</p>
      {requests.length > 0 ? (
        <>
          <h3 className="mt-4 font-semibold text-ink">
            {m.policy_change_requests_heading({}, words)}
          </h3>
          <ul className="mt-2 space-y-1">
            {requests.map((asked) => (
              <li key={asked.id} className="text-ink">
                {asked.text}
              </li>
            ))}
          </ul>
        </>
      ) : null}
      <form method="post" className="mt-4 grid gap-6" noValidate>
        <fieldset aria-describedby={describedBy("kind")}>
          <legend className="font-semibold text-ink">
            {m.change_request_field_kind({}, words)}
          </legend>
          {CHANGE_REQUEST_KINDS.map((kind) => (
            <label key={kind} className="mt-2 flex items-center gap-3 text-ink">
              <input
                type="radio"
                name="kind"
                value={kind}
                defaultChecked={typedText("kind") === kind}
                className="size-5 shrink-0"
              />
              <span>{changeRequestKindText(kind, locale)}</span>
            </label>
          ))}
          {message("kind")}
        </fieldset>
        <div>
          <label htmlFor="change-details" className="block font-semibold text-ink">
            {m.change_request_field_details({}, words)}
          </label>
          <p id="change-details-hint" className="mt-1 text-sm text-muted">
            {m.change_request_details_hint({}, words)}
          </p>
          <textarea
            id="change-details"
            name="details"
            required
            rows={4}
            maxLength={CHANGE_REQUEST_DETAILS_MAX_LENGTH}
            defaultValue={typedText("details")}
            aria-invalid={invalid("details") ? true : undefined}
            aria-describedby={describedBy("details", "change-details-hint")}
            className={input}
          />
          {message("details")}
        </div>
        {refusal?.problem ? (
          <p role="alert" className="text-sm font-medium text-red-800">
            {refusal.problem}
          </p>
        ) : null}
        <div>
          <button
            type="submit"
            className="rounded-lg bg-brand-700 px-6 py-3 font-semibold text-white hover:bg-brand-800"
          >
            {m.change_request_submit({}, words)}
          </button>
        </div>
      </form>
    </section>
  );
}
