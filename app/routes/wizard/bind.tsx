import { data, redirect } from "react-router";

import { possessive } from "#app/domain/site/possessive.ts";
import { ProvenOnlyNotice } from "#app/components/wizard/proven-only.tsx";
import {
  RefusableField,
  RefusableFormEnd,
  refusedFields,
  type FormRefusal,
} from "#app/components/wizard/refused-form.tsx";
import * as ui from "#app/components/wizard/step-screen.ts";
import { EsignConsentFields, TriaFields } from "#app/components/wizard/bind-consent.tsx";
import {
  BIND_START_MAX_DAYS,
  bindFormSchema,
  bindMessages,
  bindStatements,
  esignConsentWords,
  keptConsent,
  paymentChoicesOf,
  SIGNATURE_MAX_LENGTH,
  triaChoiceLabels,
  triaOfferOf,
} from "#app/domain/quote/bind-requests.ts";
import { comparisonRows, isExpired, QUOTES_PATH } from "#app/domain/quote/insurer-quotes.ts";
import { isOpenQuoteStatus } from "#app/domain/leads/lead-desk.ts";
import { addDays } from "#app/domain/values/days.ts";
import { anyForm, parseForm } from "#app/domain/values/form-submission.ts";
import { dayIn } from "#app/domain/values/time-zones.ts";
import { getAgency } from "#app/server/http/agency-settings.server.ts";
import { agencyMailLimits } from "#app/server/env.server.ts";
import { clientAddressContext } from "#app/server/http/guards.server.ts";
import { getBindRequest, requestToBind } from "#app/server/leads/bind-store.server.ts";
import { getInsurerQuote } from "#app/server/leads/insurer-quote-store.server.ts";
import { getSubmission } from "#app/server/leads/leads.server.ts";
import { notifyBindRequest } from "#app/server/leads/lead-notifications.server.ts";
import { queueLeadEvent } from "#app/server/leads/webhooks.server.ts";
import { getServices } from "#app/server/services.server.ts";
import { provenApplication } from "#app/server/wizard/proven-visitor.server.ts";
import { BASE_LOCALE, isLocale } from "#app/domain/site/locales.ts";
import { m } from "#app/paraglide/messages.js";
import { linkPath } from "#app/domain/site/site-pages.ts";
import { confirmedPath } from "#app/domain/wizard/wizard-screens.ts";
import { useLocale } from "#app/hooks/use-locale.ts";
import { requestLocale } from "#app/server/http/site-languages.server.ts";

import type { Route } from "./+types/bind";

export const meta: Route.MetaFunction = (args) => ui.localizedWizardMeta(args, m.bind_meta_title);

/**
 * The quote the visitor chose, on their own application, with what stands in its way: not proven,
 * not theirs, the request closed, a request to bind already made, expired, or an estimate.
 */
async function chosenQuote(
  context: Route.LoaderArgs["context"],
  request: Request,
  quoteId: string,
) {
  const services = getServices(context);
  const proven = await provenApplication(services, request);
  if (!proven) return { state: "not-proven" as const };
  const { submission, quoteRequest } = proven;
  const { db } = services.database;
  const quote = quoteRequest ? await getInsurerQuote(db, quoteRequest.id, quoteId) : undefined;
  if (!quoteRequest || !quote || quote.status !== "published") {
    throw data(null, { status: 404 });
  }
  const today = dayIn(new Date(), services.env.AGENCY_TIME_ZONE);
  const newest = await getBindRequest(db, quoteRequest.id);
  // One the insurer declined leaves the visitor free to choose again.
  const existing = newest?.status === "declined" ? undefined : newest;
  const standing = existing
    ? ("already" as const)
    : !isOpenQuoteStatus(quoteRequest.status)
      ? ("closed" as const)
      : isExpired(quote, today)
        ? ("expired" as const)
        : quote.kind !== "bindable"
          ? ("estimate" as const)
          : ("open" as const);
  return {
    state: "found" as const,
    services,
    submission,
    quoteRequest,
    quote,
    today,
    standing,
    existingReference: existing?.reference,
  };
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const agency = getAgency(context);
  const locale = requestLocale(request);
  const found = await chosenQuote(context, request, params.quoteId);
  if (found.state === "not-proven") return { state: "not-proven" as const, phone: agency.phone };
  const { quote, quoteRequest, today, standing } = found;
  const start = quote.termStart >= today ? quote.termStart : today;
  return {
    state: "found" as const,
    phone: agency.phone,
    standing,
    existingReference: found.existingReference,
    reference: quoteRequest.reference,
    insurer: quote.insurer,
    rows: comparisonRows([quote], quoteRequest.lines, today, locale).map((row) => ({
      label: row.label,
      value: row.values[0] ?? "",
    })),
    payments: paymentChoicesOf(quote, locale),
    statements: bindStatements(agency.name, quote.insurer, locale),
    consent: esignConsentWords(agency, locale),
    paperNote: m.bind_paper_note(
      { phone: agency.phone, reference: quoteRequest.reference },
      { locale },
    ),
    tria: (() => {
      const offer = triaOfferOf(quote);
      return offer ? triaChoiceLabels(offer, locale) : null;
    })(),
    today,
    lastStart: addDays(today, BIND_START_MAX_DAYS),
    start: start <= addDays(today, BIND_START_MAX_DAYS) ? start : today,
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const found = await chosenQuote(context, request, params.quoteId);
  if (found.state === "not-proven") throw data(null, { status: 403 });
  const { services, submission, quoteRequest, quote, today } = found;
  const agency = getAgency(context);
  const locale = requestLocale(request);
  const messages = bindMessages(locale);
  const { db } = services.database;
  const lead = await getSubmission(db, submission.id);
  if (!lead) throw data(null, { status: 404 });
  const form = await request.formData();
  const typed = parseForm(form, anyForm).payload;
  const parsed = parseForm(form, bindFormSchema(quote, today, locale));
  if (parsed.status !== "success") {
    return data<FormRefusal>({ fields: parsed.error ?? {}, typed }, { status: 400 });
  }
  const asked = await requestToBind(
    db,
    { id: quoteRequest.id, submissionId: submission.id, reference: quoteRequest.reference },
    {
      quoteId: quote.id,
      payment: parsed.value.payment === "monthly" ? "monthly" : "in-full",
      startDate: parsed.value.start,
      // The words the page showed, in its language: kept as the evidence of the request.
      statements: bindStatements(agency.name, quote.insurer, locale),
      // The consent as the page showed it, in its language, with the documents' way chosen.
      consent: keptConsent(esignConsentWords(agency, locale), parsed.value.documents),
      documentsBy: parsed.value.documents,
      tria: parsed.value.tria,
      signatureName: parsed.value.signature,
    },
    {
      clientAddress: context.get(clientAddressContext),
      userAgent: request.headers.get("User-Agent"),
      today,
    },
    {
      email: lead.email,
      firstName: lead.first_name,
      language: isLocale(lead.language) ? lead.language : BASE_LOCALE,
      agency,
      limits: agencyMailLimits(services.env),
    },
  );
  switch (asked.outcome) {
    case "requested":
      await notifyBindRequest(services, {
        submissionId: submission.id,
        requestId: quoteRequest.id,
        reference: asked.reference,
        insurer: quote.insurer,
        businessName: lead.business_name,
      });
      await queueLeadEvent(services, "bind_request.created", submission.id, {
        bindRequest: { reference: asked.reference, insurer: quote.insurer, quoteId: quote.id },
      });
      // The quotes page opens at its confirmation of the request (decision 055).
      return redirect(linkPath(confirmedPath(`${QUOTES_PATH}?bind-requested`), locale));
    case "already":
      return data<FormRefusal>({ fields: {}, typed, problem: messages.already }, { status: 409 });
    case "not-found":
      throw data(null, { status: 404 });
    default:
      return data<FormRefusal>(
        { fields: {}, typed, problem: messages[asked.outcome] },
        { status: 409 },
      );
  }
}

export default function Bind({ loaderData, actionData }: Route.ComponentProps) {
  const locale = useLocale();
  const words = { locale };
  if (loaderData.state === "not-proven") {
    return (
      <ProvenOnlyNotice
        step="bind"
        title={m.bind_meta_title({}, words)}
        held={m.proven_only_quotes({}, words)}
        phone={loaderData.phone}
      />
    );
  }
  const messages = bindMessages(locale);
  const { insurer } = loaderData;
  const back = (
    <a
      href={linkPath(QUOTES_PATH, locale)}
      className="mt-6 inline-block font-semibold text-brand-700 underline"
    >
      {m.bind_back({}, words)}
    </a>
  );
  if (loaderData.standing !== "open") {
    const why =
      loaderData.standing === "already"
        ? m.bind_already_reference(
            { already: messages.already, reference: loaderData.existingReference ?? "" },
            words,
          )
        : messages[loaderData.standing];
    return (
      <ui.StepFrame
        step="bind"
        title={m.bind_quote_title({ ofInsurer: possessive(insurer, locale) }, words)}
      >
        <p className="text-ink">{why}</p>
        <p className="mt-4 text-ink">
          {m.email_questions_call({ phone: loaderData.phone }, words)}
        </p>
        {back}
      </ui.StepFrame>
    );
  }
  const refusal = actionData;
  const refused = refusedFields(refusal);
  const { typed, invalid, describedBy, message } = refused;
  return (
    <ui.StepFrame
      step="bind"
      title={m.bind_title({ ofInsurer: possessive(insurer, locale) }, words)}
      intro={<p>{m.bind_intro({ reference: loaderData.reference, insurer }, words)}</p>}
    >
      <h2 className="text-lg font-semibold text-ink">{m.bind_chosen_heading({}, words)}</h2>
      <dl className="mt-2 divide-y divide-slate-200">
        {loaderData.rows.map((row) => (
          <div key={row.label} className="grid gap-1 py-2 sm:grid-cols-3">
            <dt className="font-semibold text-ink">{row.label}</dt>
            <dd className="text-ink sm:col-span-2">{row.value}</dd>
          </div>
        ))}
      </dl>
      <form method="post" className="mt-8 grid gap-6" noValidate>
        <fieldset aria-describedby={describedBy("payment")}>
          <legend className="font-semibold text-ink">
            {m.bind_payment_legend({ insurer }, words)}
          </legend>
          {loaderData.payments.map((choice, index) => (
            <label key={choice.id} className="mt-2 flex items-center gap-2 text-ink">
              <input
                type="radio"
                name="payment"
                value={choice.id}
                required
                defaultChecked={
                  typed("payment") === undefined ? index === 0 : typed("payment") === choice.id
                }
                className="size-5"
              />
              {choice.label}
            </label>
          ))}
          {message("payment")}
        </fieldset>
        <RefusableField
          refused={refused}
          name="start"
          label={m.bind_start_label({}, words)}
          type="date"
          required
          min={loaderData.today}
          max={loaderData.lastStart}
          defaultValue={refused.typedText("start", loaderData.start)}
        />
        <fieldset>
          <legend className="font-semibold text-ink">{m.bind_confirm_legend({}, words)}</legend>
          {loaderData.statements.map((statement) => (
            <div key={statement.id} className="mt-3">
              <label className="flex items-start gap-3 text-ink">
                <input
                  type="checkbox"
                  name={statement.id}
                  required
                  defaultChecked={typed(statement.id) === "on"}
                  aria-invalid={invalid(statement.id) ? true : undefined}
                  aria-describedby={describedBy(statement.id)}
                  className="mt-1 size-5 shrink-0"
                />
                <span>{statement.text}</span>
              </label>
              {message(statement.id)}
            </div>
          ))}
        </fieldset>
        {loaderData.tria ? (
          <TriaFields insurer={insurer} labels={loaderData.tria} refused={refused} />
        ) : null}
        <EsignConsentFields
          words={loaderData.consent}
          paperNote={loaderData.paperNote}
          refused={refused}
        />
        <RefusableField
          refused={refused}
          name="signature"
          label={m.bind_signature_label({}, words)}
          hint={m.bind_record_note({}, words)}
          type="text"
          required
          autoComplete="name"
          maxLength={SIGNATURE_MAX_LENGTH}
          defaultValue={refused.typedText("signature")}
        />
        <RefusableFormEnd refusal={refusal} submit={m.bind_submit({}, words)} />
      </form>
      {back}
    </ui.StepFrame>
  );
}
