import { data, redirect } from "react-router";

import { possessive } from "#app/domain/site/possessive.ts";
import { AskAgentForm, BindAnswerNotice } from "#app/components/wizard/customer-exchanges.tsx";
import {
  ChangeRequestForm,
  CustomerPolicies,
  PolicyCertificates,
  PolicyChanges,
  PolicyDocuments,
  PolicyRenewal,
  PolicyRows,
} from "#app/components/wizard/policy-page-sections.tsx";
import { ProvenOnlyNotice } from "#app/components/wizard/proven-only.tsx";
import * as ui from "#app/components/wizard/step-screen.ts";
import { QUOTES_PATH } from "#app/domain/quote/insurer-quotes.ts";
import { linkPath } from "#app/domain/site/site-pages.ts";
import { useLocale } from "#app/hooks/use-locale.ts";
import { m } from "#app/paraglide/messages.js";
import { getAgency } from "#app/server/http/agency-settings.server.ts";
import { getServices } from "#app/server/services.server.ts";
import { visitorPolicyPage, workOnPolicyPage } from "#app/server/wizard/policy-page.server.ts";

import type { Route } from "./+types/policy";

export const meta: Route.MetaFunction = (args) => ui.localizedWizardMeta(args, m.policy_title);

/**
 * "Your policy" (issue 29): the policy the agency bound from the visitor's request to bind, with
 * its documents, in a browser that proved the application's email. Before that, where the request
 * stands (app/server/wizard/policy-page.server.ts).
 */
export async function loader({ request, context, url }: Route.LoaderArgs) {
  return visitorPolicyPage(getServices(context), getAgency(context), request, url);
}

/**
 * The customer asks for a change to their policy (issue 56), or asks their agent a question
 * (issue 55): kept, the agency told, and the page confirms it
 * (app/server/wizard/policy-page.server.ts).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const answer = await workOnPolicyPage(getServices(context), request);
  switch (answer.outcome) {
    case "done":
      return redirect(answer.to);
    case "refused":
      return data(answer.reply, { status: answer.status });
    case "not-proven":
      throw data(null, { status: 403 });
    case "not-found":
      throw data(null, { status: 404 });
    case "bad-request":
      throw data(null, { status: 400 });
  }
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
        <CustomerPolicies policies={loaderData.policies} />
        <PolicyRows rows={rows} />
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
      <CustomerPolicies policies={loaderData.policies} />
      <PolicyRows rows={rows} />
      <PolicyChanges changes={loaderData.changes} />
      <PolicyDocuments documents={loaderData.documents} />
      {loaderData.renewal ? <PolicyRenewal renewal={loaderData.renewal} /> : null}
      <PolicyCertificates certificates={loaderData.certificates} />
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
