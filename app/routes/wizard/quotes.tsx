import { data, redirect } from "react-router";

import { possessive } from "#app/domain/site/possessive.ts";
import { AskAgentForm, BindAnswerNotice } from "#app/components/wizard/customer-exchanges.tsx";
import { ProvenOnlyNotice } from "#app/components/wizard/proven-only.tsx";
import { QuoteComparison } from "#app/components/wizard/quote-comparison.tsx";
import {
  DeclineForm,
  DocumentsSection,
  QuestionsSection,
} from "#app/components/wizard/quotes-page-sections.tsx";
import * as ui from "#app/components/wizard/step-screen.ts";
import { SurplusLinesNotices } from "#app/components/wizard/quote-proposal-parts.tsx";
import { declineMessages } from "#app/domain/quote/insurer-quotes.ts";
import { POLICY_PATH } from "#app/domain/quote/bind-requests.ts";
import { questionMessages } from "#app/domain/quote/request-questions.ts";
import { SUMMARY_PATH } from "#app/domain/wizard/wizard-screens.ts";
import { BASE_LOCALE, type Locale } from "#app/domain/site/locales.ts";
import { linkPath } from "#app/domain/site/site-pages.ts";
import { useLocale } from "#app/hooks/use-locale.ts";
import { m } from "#app/paraglide/messages.js";
import { getAgency } from "#app/server/http/agency-settings.server.ts";
import { writerOf } from "#app/server/wizard/step-engine.server.ts";
import { getServices } from "#app/server/services.server.ts";
import { provenApplication } from "#app/server/wizard/proven-visitor.server.ts";
import { visitorQuotesPage } from "#app/server/wizard/quotes-page.server.ts";
import {
  workOnVisitorQuotes,
  type VisitorFormReply,
} from "#app/server/wizard/visitor-quotes.server.ts";

import type { Route } from "./+types/quotes";

export const meta: Route.MetaFunction = (args) => ui.localizedWizardMeta(args, m.quotes_title);

/**
 * The agency's published quotes for this browser's application, side by side (issue 29), only to
 * a browser that proved the application's email (app/server/wizard/quotes-page.server.ts).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  return visitorQuotesPage(getServices(context), getAgency(context), request);
}

/**
 * The visitor's forms (app/server/wizard/visitor-quotes.server.ts), only in a browser that proved
 * the email: a document for the agent, an answer to a question, or "None of these suit me".
 */
export async function action({ request, context }: Route.ActionArgs) {
  const services = getServices(context);
  const proven = await provenApplication(services, request);
  if (!proven) throw data(null, { status: 403 });
  const { handle, submission, quoteRequest } = proven;
  if (!quoteRequest) throw data(null, { status: 404 });
  const answer = await workOnVisitorQuotes(
    services,
    { id: quoteRequest.id, submissionId: submission.id, reference: quoteRequest.reference },
    writerOf(context, handle),
    request,
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

/**
 * What the post just made confirms, shown first on the page and focused (decision 055): a
 * document sent, an answer sent, the quotes declined, a quote chosen. The section it belongs to
 * then leaves its own notice out.
 */
function confirmationOf(
  loaderData: { sent: boolean; answered: boolean; declinedNow: boolean; askedNow: boolean },
  chosen: { insurer: string; reference: string; on: string; now: boolean } | null | undefined,
  declined: string | undefined,
  locale: Locale,
): string | undefined {
  const words = { locale };
  if (chosen?.now) {
    return m.quotes_chosen(
      {
        day: chosen.on,
        insurer: chosen.insurer,
        ofInsurer: possessive(chosen.insurer, locale),
        reference: chosen.reference,
      },
      words,
    );
  }
  if (loaderData.sent) return m.documents_sent({}, words);
  if (loaderData.answered) return questionMessages(locale).answered;
  if (loaderData.askedNow) return m.customer_question_sent({}, words);
  if (loaderData.declinedNow) return declined ?? declineMessages(locale).declined;
  return undefined;
}

export default function Quotes({ loaderData, actionData }: Route.ComponentProps) {
  const locale = useLocale();
  const words = { locale };
  const documentProblem = actionData?.form === "document" ? actionData.problem : undefined;
  const answerRefusal = actionData?.form === "answer" ? actionData : undefined;
  if (loaderData.state === "not-proven") {
    return (
      <ProvenOnlyNotice
        step="quotes"
        title={m.quotes_title({}, words)}
        held={
          loaderData.ready
            ? `${m.quotes_ready_intro({}, words)} ${m.proven_only_quotes({}, words)}`
            : m.proven_only_quotes({}, words)
        }
        phone={loaderData.phone}
      />
    );
  }
  if (loaderData.state === "not-asked") {
    return (
      <ui.StepFrame step="quotes" title={m.quotes_title({}, words)}>
        <p className="text-ink">{m.quotes_not_asked({ phone: loaderData.phone }, words)}</p>
      </ui.StepFrame>
    );
  }
  if (loaderData.state === "none-yet") {
    return (
      <ui.StepFrame
        step="quotes"
        stage={loaderData.stage}
        title={m.quotes_title({}, words)}
        confirmation={confirmationOf(loaderData, undefined, undefined, locale)}
      >
        <p className="text-ink">
          {m.quotes_gathering({ reference: loaderData.reference, phone: loaderData.phone }, words)}
        </p>
        <QuestionsSection {...loaderData} refusal={answerRefusal} />
        <DocumentsSection {...loaderData} problem={documentProblem} />
        <AskAgentForm refusal={actionData?.form === "customer-question" ? actionData : undefined} />
      </ui.StepFrame>
    );
  }
  const { headings, rows } = loaderData;
  const declinedText = loaderData.declined
    ? m.quotes_declined_reason(
        { declined: declineMessages(locale).declined, reason: loaderData.declined.reason },
        words,
      )
    : undefined;
  const confirmation = confirmationOf(loaderData, loaderData.chosen, declinedText, locale);
  return (
    <ui.StepFrame
      step="quotes"
      stage={loaderData.stage}
      confirmation={confirmation}
      width="wide"
      title={m.quotes_side_by_side({}, words)}
      intro={
        <>
          <p>{m.quotes_intro({ reference: loaderData.reference }, words)}</p>
          {/* Said once, where it matters (issue 31): the insurers write in English. */}
          {locale === BASE_LOCALE ? null : (
            <p className="mt-2">{m.quotes_documents_english({}, words)}</p>
          )}
        </>
      }
    >
      <QuestionsSection {...loaderData} refusal={answerRefusal} />
      <QuoteComparison headings={headings} rows={rows} />
      <SurplusLinesNotices notices={loaderData.notices} />
      {loaderData.chosen?.now ? null : loaderData.chosen ? (
        <p
          role="status"
          className="mt-6 rounded-xl border border-emerald-300 bg-emerald-50 p-4 text-ink"
        >
          {loaderData.chosen.bound || loaderData.chosen.binder ? (
            <>
              {loaderData.chosen.binder
                ? m.quotes_binder(
                    {
                      insurer: loaderData.chosen.insurer,
                      number: loaderData.chosen.binder.number,
                      effective: loaderData.chosen.binder.effective,
                    },
                    words,
                  )
                : m.quotes_bound({ insurer: loaderData.chosen.insurer }, words)}{" "}
              <a
                href={linkPath(POLICY_PATH, locale)}
                className="font-semibold text-brand-700 underline"
              >
                {m.quotes_your_policy({}, words)}
              </a>
            </>
          ) : (
            m.quotes_chosen(
              {
                day: loaderData.chosen.on,
                insurer: loaderData.chosen.insurer,
                ofInsurer: possessive(loaderData.chosen.insurer, locale),
                reference: loaderData.chosen.reference,
              },
              words,
            )
          )}
        </p>
      ) : declinedText ? (
        loaderData.declinedNow ? null : (
          <p
            role="status"
            className="mt-6 rounded-xl border border-slate-300 bg-slate-50 p-4 text-ink"
          >
            {declinedText}
          </p>
        )
      ) : loaderData.open ? (
        <DeclineForm problem={actionData?.form === "decline" ? actionData.problem : undefined} />
      ) : null}
      {loaderData.bindAnswer && !loaderData.chosen ? (
        <BindAnswerNotice answer={loaderData.bindAnswer} phone={loaderData.phone} />
      ) : null}
      {loaderData.open && !loaderData.chosen ? (
        <p className="mt-6 text-ink">
          {m.quotes_go_ahead({ phone: loaderData.phone, reference: loaderData.reference }, words)}
        </p>
      ) : null}
      <DocumentsSection {...loaderData} problem={documentProblem} />
      {loaderData.producer ? <p className="mt-6 text-ink">{loaderData.producer}</p> : null}
      <AskAgentForm refusal={actionData?.form === "customer-question" ? actionData : undefined} />
      <p className="mt-6 text-sm text-muted">
        {m.quotes_prices_note({ phone: loaderData.phone }, words)}
      </p>
      <a
        href={linkPath(SUMMARY_PATH, locale)}
        className="mt-4 inline-block font-semibold text-brand-700 underline"
      >
        {m.quotes_your_application({}, words)}
      </a>
    </ui.StepFrame>
  );
}
