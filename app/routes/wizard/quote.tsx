import { getFormProps, useForm } from "@conform-to/react";
import { data, Form, redirect } from "react-router";

import * as ui from "#app/components/wizard/step-screen.ts";
import { AgencyIdentity } from "#app/components/site/agency-identity.tsx";
import { HoneypotField } from "#app/components/honeypot-field.tsx";
import { ContractRequirementsFields } from "#app/components/wizard/contract-requirements-fields.tsx";
import { PlanLineCard } from "#app/components/wizard/plan-line-card.tsx";
import {
  IntentButton,
  PlanAnswerFields,
  QuoteRequestFields,
  RequestQuotesButton,
} from "#app/components/wizard/quote-fields.tsx";
import { linesToStartTicked } from "#app/domain/quote/contract-requirements.ts";
import { linesOffered, quoteConsentText } from "#app/domain/quote/quote-request.ts";
import { useLocale } from "#app/hooks/use-locale.ts";
import { m } from "#app/paraglide/messages.js";
import { SUMMARY_PATH } from "#app/domain/wizard/wizard-screens.ts";
import { getAgency } from "#app/server/http/agency-settings.server.ts";
import { requestLocale } from "#app/server/http/site-languages.server.ts";
import { flashToast } from "#app/server/http/flash.server.ts";
import { requireCompletedApplication } from "#app/server/wizard/quote-step.server.ts";
import { QUOTES_PATH } from "#app/domain/quote/insurer-quotes.ts";
import { linkPath } from "#app/domain/site/site-pages.ts";
import { getServices } from "#app/server/services.server.ts";
import { planPageRecords } from "#app/server/wizard/plan-page.server.ts";
import { workOnPlanPage, type PlanFormReply } from "#app/server/wizard/plan-page-forms.server.ts";
import { writerOf } from "#app/server/wizard/step-engine.server.ts";

import type { RouteHandle } from "#app/root.tsx";

import type { Route } from "./+types/quote";

/**
 * Its forms are checked by the server when sent, with conform's setup rendering its answer: the
 * page ships no React (decision 078).
 */
export const handle: RouteHandle = { hydrate: false };

export const meta: Route.MetaFunction = (args) => ui.localizedWizardMeta(args, m.plan_title);

/** The plan for this browser's completed application (app/server/wizard/plan-page.server.ts). */
export async function loader({ request, context }: Route.LoaderArgs) {
  return planPageRecords(getServices(context), getAgency(context), request);
}

/** The three forms (app/server/wizard/plan-page-forms.server.ts), each ending at a page. */
export async function action({ request, context }: Route.ActionArgs) {
  const services = getServices(context);
  const application = await requireCompletedApplication(services, request);
  const locale = requestLocale(request);
  const answer = await workOnPlanPage(
    { services, application, writer: writerOf(context, application.handle), locale },
    await request.formData(),
    // The words the page showed, in its language: kept with the request as the visitor read them.
    quoteConsentText(getAgency(context), locale),
  );
  if (answer.outcome === "refused") {
    return data<PlanFormReply>(answer.reply, { status: answer.status });
  }
  if (!answer.toast) return redirect(answer.to);
  return redirect(answer.to, {
    headers: { "Set-Cookie": await flashToast(services.env, request, answer.toast) },
  });
}

/**
 * What one of the screen's forms shares with the others: its id, and the server's answer to it (not
 * to another): what was typed and each field's message, shown beside the field.
 */
function answeredByTheServer(id: PlanFormReply["form"], actionData: PlanFormReply | undefined) {
  return { id, lastResult: actionData?.form === id ? actionData.result : undefined };
}

export default function Quote({ loaderData, actionData }: Route.ComponentProps) {
  const { lines, optional, request, changes, raised, contract, contractFlags } = loaderData;
  const locale = useLocale();
  const [answersForm, answers] = useForm({
    ...answeredByTheServer("answers", actionData),
    defaultValue: {
      fullTimeEmployees: optional.fullTimeEmployees?.toString() ?? "",
      partTimeEmployees: optional.partTimeEmployees?.toString() ?? "",
      annualRevenue: optional.annualRevenue?.toString() ?? "",
      revenueBand: optional.revenueBand ?? "",
      claimsInLast3Years:
        optional.claimsInLast3Years === null ? "" : optional.claimsInLast3Years ? "yes" : "no",
      currentlyInsured:
        optional.currentlyInsured === null ? "" : optional.currentlyInsured ? "yes" : "no",
      workingOwners: optional.workingOwners?.toString() ?? "",
      vehicles: optional.vehicles ?? "",
      retirementPlan:
        optional.retirementPlan === null ? "" : optional.retirementPlan ? "yes" : "no",
    },
  });
  const [contractForm, contractFields] = useForm({
    ...answeredByTheServer("contract", actionData),
    defaultValue: contract ?? {},
  });
  const [requestForm, fields] = useForm({
    ...answeredByTheServer("request", actionData),
    defaultValue: {
      // An open request's lines, and any line an update just raised to Recommended or Required.
      // With no request yet, the plan's ticked lines and those a contract asks for.
      lines: request
        ? [...new Set([...request.lines, ...raised])]
        : linesToStartTicked(lines, loaderData.contractLines),
      startDate: request?.startDate ?? "",
      contactChannel: request?.contactChannel ?? "email",
      note: request?.note ?? "",
    },
  });
  const words = { locale };
  return (
    <ui.StepFrame
      step="quote"
      title={m.plan_title({}, words)}
      toasts={[actionData?.toast]}
      confirmation={loaderData.confirmation ?? undefined}
      intro={
        <p>
          {loaderData.leadName
            ? m.plan_intro_for({ business: loaderData.leadName }, words)
            : m.plan_intro({}, words)}
        </p>
      }
    >
      {loaderData.quotesReady ? (
        <section
          aria-labelledby="quotes-ready"
          className="mb-8 rounded-lg border border-brand-200 bg-brand-50 p-4"
        >
          <h2 id="quotes-ready" className="text-xl font-bold text-ink">
            {m.quotes_ready_heading({}, words)}
          </h2>
          <p className="mt-1 text-ink">{m.quotes_ready_intro({}, words)}</p>
          <a
            href={linkPath(QUOTES_PATH, locale)}
            className="mt-2 inline-block font-semibold text-brand-700 underline"
          >
            {m.quotes_ready_see({}, words)}
          </a>
        </section>
      ) : null}
      <section aria-labelledby="your-plan">
        <h2 id="your-plan" className="text-xl font-bold text-ink">
          {m.plan_needs_heading({}, words)}
        </h2>
        <p className="mt-1 flex flex-wrap gap-x-6 gap-y-1 text-sm">
          <a href="#request-quotes" className="font-semibold text-brand-700 underline">
            {m.plan_go_to_request({}, words)}
          </a>
          {/* A customer an emailed link brought here reads or corrects their answers there. */}
          <a
            href={linkPath(SUMMARY_PATH, locale)}
            className="font-semibold text-brand-700 underline"
          >
            {m.quotes_your_application({}, words)}
          </a>
        </p>
        <ol className="mt-4 space-y-4">
          {lines.map((line) => (
            <PlanLineCard key={line.slug} line={line} contractFlag={contractFlags[line.slug]} />
          ))}
        </ol>
        {/* The agency's disclosure follows the plan it stands behind (issue 26). */}
        <AgencyIdentity className="mt-6 text-sm" />
      </section>

      <section aria-labelledby="sharpen" className="mt-10 border-t border-slate-200 pt-8">
        <h2 id="sharpen" className="text-xl font-bold text-ink">
          {m.plan_sharpen_heading({}, words)}
        </h2>
        <p className="mt-1 text-muted">{m.plan_sharpen_intro({}, words)}</p>
        {changes.length > 0 ? (
          <div role="status" className="mt-3 rounded-lg border border-brand-200 bg-brand-50 p-3">
            <p className="font-semibold text-ink">{m.plan_changed({}, words)}</p>
            <ul className="mt-1 list-inside list-disc text-ink">
              {changes.map((change) => (
                <li key={change.slug}>
                  {change.recommendation
                    ? m.plan_changed_now(
                        { line: change.name, recommendation: change.recommendation },
                        words,
                      )
                    : m.plan_changed_gone({ line: change.name }, words)}
                </li>
              ))}
            </ul>
            <p className="mt-1 text-sm">
              <a href="#your-plan" className="font-semibold text-brand-700 underline">
                {m.plan_see_plan({}, words)}
              </a>
              {raised.length > 0 ? ` ${m.plan_raised_ticked({}, words)}` : ""}
            </p>
          </div>
        ) : null}
        <Form method="post" {...getFormProps(answersForm)} className="relative">
          <HoneypotField />
          <PlanAnswerFields fields={answers} asksInsuredNow />
          <IntentButton intent="answers">{m.plan_update_button({}, words)}</IntentButton>
        </Form>
      </section>

      <section
        aria-labelledby="contract-requirements"
        className="mt-10 border-t border-slate-200 pt-8"
      >
        <h2 id="contract-requirements" className="text-xl font-bold text-ink">
          {m.plan_contract_heading({}, words)}
        </h2>
        <p className="mt-1 text-muted">{m.plan_contract_intro({}, words)}</p>
        <Form method="post" {...getFormProps(contractForm)} className="relative">
          <HoneypotField />
          <ContractRequirementsFields
            fields={contractFields}
            lines={linesOffered(lines, loaderData.contractLines, locale)}
            today={loaderData.today}
            latest={loaderData.contractLatest}
          />
          <IntentButton intent="contract">
            {(contract ? m.plan_contract_save : m.plan_contract_add)({}, words)}
          </IntentButton>
        </Form>
        {contract ? (
          <Form method="post" className="mt-3">
            <HoneypotField />
            <IntentButton intent="contract-remove" look="link">
              {m.plan_contract_remove({}, words)}
            </IntentButton>
          </Form>
        ) : null}
      </section>

      <section aria-labelledby="request-quotes" className="mt-10 border-t border-slate-200 pt-8">
        <h2 id="request-quotes" className="text-xl font-bold text-ink">
          {m.plan_request_heading({}, words)}
        </h2>
        {request ? (
          <p className="mt-1 text-ink">
            {m.plan_request_again({ reference: request.reference }, words)}
          </p>
        ) : (
          <p className="mt-1 text-muted">{m.plan_request_intro({}, words)}</p>
        )}
        <Form method="post" {...getFormProps(requestForm)} className="relative">
          <HoneypotField />
          <QuoteRequestFields
            fields={fields}
            lines={linesOffered(lines, request?.lines ?? [], locale)}
            raised={raised}
            today={loaderData.today}
            latest={loaderData.latest}
          />
          <RequestQuotesButton consentText={loaderData.consentText} intent="request" />
        </Form>
      </section>
    </ui.StepFrame>
  );
}
