import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { data, Form, redirect } from "react-router";

import { HoneypotField } from "#app/components/honeypot-field.tsx";
import { NoBoundPolicy, ProvenOnlyNotice } from "#app/components/wizard/proven-only.tsx";
import {
  PlanAnswerFields,
  QuoteRequestFields,
  RequestQuotesButton,
} from "#app/components/wizard/quote-fields.tsx";
import * as ui from "#app/components/wizard/step-screen.ts";
import { POLICY_PATH } from "#app/domain/quote/bind-requests.ts";
import { coveragePlan, recommendationLabel } from "#app/domain/quote/coverage-plan.ts";
import { dayText } from "#app/domain/quote/insurer-quotes.ts";
import {
  EMAILED_PARAM,
  latestStartDate,
  linesOffered,
  QUOTABLE_LINES,
  QUOTE_REQUESTED_PATH,
  quoteConsentText,
  usToday,
} from "#app/domain/quote/quote-request.ts";
import {
  renewalOptionalAnswers,
  renewalRequestSchema,
  renewalStartDate,
} from "#app/domain/quote/renewals.ts";
import { isOpenQuoteStatus } from "#app/domain/leads/lead-desk.ts";
import { linkPath } from "#app/domain/site/site-pages.ts";
import type { Toast } from "#app/domain/site/toast.ts";
import { parseForm } from "#app/domain/values/form-submission.ts";
import { useLocale } from "#app/hooks/use-locale.ts";
import { m } from "#app/paraglide/messages.js";
import { getAgency } from "#app/server/http/agency-settings.server.ts";
import { requestLocale } from "#app/server/http/site-languages.server.ts";
import { latestBoundPolicy } from "#app/server/leads/bind-store.server.ts";
import { logger } from "#app/server/logger.server.ts";
import { getServices } from "#app/server/services.server.ts";
import { provenApplication } from "#app/server/wizard/proven-visitor.server.ts";
import {
  requestQuotes,
  requireCompletedApplication,
  saveQuoteStepAnswers,
} from "#app/server/wizard/quote-step.server.ts";
import { writerOf } from "#app/server/wizard/step-engine.server.ts";

import type { RouteHandle } from "#app/root.tsx";

import type { Route } from "./+types/renewal";

/**
 * Its form is checked by the server when sent, with conform's setup rendering its answer: the page
 * ships no React (decision 078).
 */
export const handle: RouteHandle = { hydrate: false };

export const meta: Route.MetaFunction = (args) =>
  ui.localizedWizardMeta(args, m.renewal_meta_title);

/**
 * The bound policy of this browser's proven application, with the application, or why there is
 * none to renew (decision 047): only the browser that proved the email sees the policy.
 */
async function policyToRenew(context: Route.LoaderArgs["context"], request: Request) {
  const services = getServices(context);
  const proven = await provenApplication(services, request);
  if (!proven) return { state: "not-proven" as const };
  const open =
    proven.quoteRequest && isOpenQuoteStatus(proven.quoteRequest.status)
      ? proven.quoteRequest
      : undefined;
  // An open renewal request is for the policy it renews (decision 073), whichever is newest.
  const bound = await latestBoundPolicy(
    services.database.db,
    proven.submission.id,
    open?.renewsBindRequestId ?? undefined,
  );
  if (!bound) return { state: "not-bound" as const };
  const application = await requireCompletedApplication(services, request);
  return {
    state: "bound" as const,
    services,
    application,
    bound,
    open,
    latest: proven.quoteRequest,
  };
}

/**
 * The renewal request, prefilled from the application: what may have changed (its optional
 * answers as saved), the lines the policy covers, the day it ends, and the contact channel chosen
 * before; or, if a request is open, that request as it stands.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const agency = getAgency(context);
  const found = await policyToRenew(context, request);
  if (found.state === "not-proven") return { state: "not-proven" as const, phone: agency.phone };
  if (found.state === "not-bound") return { state: "not-bound" as const, phone: agency.phone };
  const { application, bound, open } = found;
  const { bind } = bound;
  const locale = requestLocale(request);
  const today = usToday();
  const policyLines = bind.quoteSeen.lines
    .map((line) => line.line)
    .filter((slug) => QUOTABLE_LINES.includes(slug));
  const optional = application.submission.optional;
  const count = (value: number | null) => value?.toString() ?? "";
  const yesNo = (value: boolean | null) => (value === null ? "" : value ? "yes" : "no");
  return {
    state: "bound" as const,
    phone: agency.phone,
    insurer: bind.quoteSeen.insurer,
    policyNumber: bind.policy.number,
    policyEnd: dayText(bind.policy.end, locale),
    openReference: open?.reference ?? null,
    openIsRenewal: open?.renewsBindRequestId === bind.id,
    lines: linesOffered(
      coveragePlan(application.answers, locale).lines.map((line) => ({
        ...line,
        recommendationLabel: recommendationLabel(line.recommendation, locale),
      })),
      [...policyLines, ...(open?.lines ?? [])],
      locale,
    ),
    start: {
      fullTimeEmployees: count(optional.fullTimeEmployees),
      partTimeEmployees: count(optional.partTimeEmployees),
      workingOwners: count(optional.workingOwners),
      annualRevenue: count(optional.annualRevenue),
      revenueBand: optional.revenueBand ?? "",
      claimsInLast3Years: yesNo(optional.claimsInLast3Years),
      vehicles: optional.vehicles ?? "",
      retirementPlan: yesNo(optional.retirementPlan),
      lines: open?.lines ?? policyLines,
      startDate: open?.startDate ?? renewalStartDate(bind.policy.end, today),
      contactChannel: open?.contactChannel ?? found.latest?.contactChannel ?? "email",
      note: open?.note ?? "",
    },
    today,
    latest: latestStartDate(today),
    consentText: quoteConsentText(agency, locale),
  };
}

type RenewalActionData = { result: SubmissionResult<string[]>; toast?: Toast };

/**
 * Saves what has changed to the application (its history records the writer), then the renewal
 * request: a quote request tied to the policy, confirmed by email, the agency told. Back to a page
 * either way, so it works the same without JavaScript.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const found = await policyToRenew(context, request);
  if (found.state === "not-proven") throw data(null, { status: 403 });
  if (found.state === "not-bound") throw redirect(POLICY_PATH);
  const { services, application, bound } = found;
  const locale = requestLocale(request);
  const formData = await request.formData();
  const parsed = parseForm(formData, renewalRequestSchema(usToday(), locale));
  if (parsed.status !== "success") {
    return data<RenewalActionData>({ result: parsed.reply() }, { status: 400 });
  }
  const writer = writerOf(context, application.handle);
  let emailed: boolean;
  try {
    const optional = renewalOptionalAnswers(parsed.value, application.submission.optional);
    await saveQuoteStepAnswers(services, application.submission.id, optional, writer);
    const { lines, startDate, contactChannel, note } = parsed.value;
    ({ emailed } = await requestQuotes(
      services,
      application,
      { lines, startDate, contactChannel, note, renewsBindRequestId: bound.bind.id },
      // The words the page showed, in its language: kept with the request as the visitor read them.
      quoteConsentText(getAgency(context), locale),
      writer,
    ));
  } catch (error) {
    logger.error({ err: error, step: "renewal" }, "renewal request save failed");
    return data<RenewalActionData>(
      {
        result: parsed.reply(),
        toast: { kind: "error", message: m.error_save_failed({}, { locale }) },
      },
      { status: 503 },
    );
  }
  return redirect(
    linkPath(emailed ? `${QUOTE_REQUESTED_PATH}?${EMAILED_PARAM}=1` : QUOTE_REQUESTED_PATH, locale),
  );
}

export default function Renewal({ loaderData, actionData }: Route.ComponentProps) {
  const locale = useLocale();
  const words = { locale };
  const title = m.renewal_meta_title({}, words);
  if (loaderData.state === "not-proven") {
    return (
      <ProvenOnlyNotice
        step="policy"
        title={title}
        held={m.proven_only_renewal({}, words)}
        phone={loaderData.phone}
      />
    );
  }
  if (loaderData.state === "not-bound") {
    return (
      <NoBoundPolicy
        title={title}
        message={m.renewal_not_bound({}, words)}
        phone={loaderData.phone}
      />
    );
  }
  return <RenewalForm loaderData={loaderData} actionData={actionData} />;
}

function RenewalForm({
  loaderData,
  actionData,
}: {
  loaderData: Extract<Route.ComponentProps["loaderData"], { state: "bound" }>;
  actionData: RenewalActionData | undefined;
}) {
  const locale = useLocale();
  const words = { locale };
  const [form, fields] = useForm({
    id: "renewal",
    // The server's answer: what was typed and each field's message, shown beside the field.
    lastResult: actionData?.result,
    defaultValue: loaderData.start,
  });
  return (
    <ui.StepFrame
      step="policy"
      title={m.renewal_title({ number: loaderData.policyNumber }, words)}
      toasts={[actionData?.toast]}
      intro={
        <p>
          {m.renewal_intro(
            {
              insurer: loaderData.insurer,
              number: loaderData.policyNumber,
              day: loaderData.policyEnd,
            },
            words,
          )}
        </p>
      }
    >
      <Form method="post" {...getFormProps(form)} className="relative">
        <HoneypotField />
        <section aria-labelledby="changed">
          <h2 id="changed" className="text-xl font-bold text-ink">
            {m.renewal_changed_heading({}, words)}
          </h2>
          <p className="mt-1 text-muted">{m.renewal_changed_intro({}, words)}</p>
          <PlanAnswerFields fields={fields} asksInsuredNow={false} />
        </section>

        <section aria-labelledby="renewal-quotes" className="mt-10 border-t border-slate-200 pt-8">
          <h2 id="renewal-quotes" className="text-xl font-bold text-ink">
            {m.renewal_quotes_heading({}, words)}
          </h2>
          {loaderData.openReference ? (
            <p className="mt-1 text-ink">
              {(loaderData.openIsRenewal ? m.renewal_open_renewal : m.renewal_open_request)(
                { reference: loaderData.openReference },
                words,
              )}
            </p>
          ) : (
            <p className="mt-1 text-muted">{m.renewal_lines_intro({}, words)}</p>
          )}
          <QuoteRequestFields
            fields={fields}
            lines={loaderData.lines}
            today={loaderData.today}
            latest={loaderData.latest}
            startLabel={m.renewal_field_start({}, words)}
          />
        </section>

        <RequestQuotesButton consentText={loaderData.consentText} />
      </Form>
      <a
        href={linkPath(POLICY_PATH, locale)}
        className="mt-6 inline-block font-semibold text-brand-700 underline"
      >
        {m.back_to_policy({}, words)}
      </a>
    </ui.StepFrame>
  );
}
