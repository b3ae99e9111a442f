import { data, redirect } from "react-router";

import { ProvenOnlyNotice } from "#app/components/wizard/proven-only.tsx";
import {
  ChooseLink,
  DeclineForm,
  DiffersMark,
  DocumentsSection,
  InsurerPdfLink,
  QuestionsSection,
} from "#app/components/wizard/quotes-page-sections.tsx";
import * as ui from "#app/components/wizard/step-screen.ts";
import {
  comparisonRows,
  declineMessages,
  declineReasonLabel,
  isExpired,
  quoteKindWords,
  formatCents,
  dayText,
} from "#app/domain/quote/insurer-quotes.ts";
import {
  formatBytes,
  visitorDocumentKindLabel,
  visitorDocumentPath,
  type RequestDocument,
} from "#app/domain/quote/request-documents.ts";
import { bindPath, POLICY_PATH } from "#app/domain/quote/bind-requests.ts";
import { questionMessages } from "#app/domain/quote/request-questions.ts";
import { isOpenQuoteStatus } from "#app/domain/leads/lead-desk.ts";
import { SUMMARY_PATH } from "#app/domain/wizard/wizard-screens.ts";
import { dayIn } from "#app/domain/values/time-zones.ts";
import { BASE_LOCALE, type Locale } from "#app/domain/site/locales.ts";
import { linkPath } from "#app/domain/site/site-pages.ts";
import { useLocale } from "#app/hooks/use-locale.ts";
import { m } from "#app/paraglide/messages.js";
import { getAgency } from "#app/server/agency-settings.server.ts";
import { requestLocale } from "#app/server/http/site-languages.server.ts";
import { listInsurerQuotes } from "#app/server/leads/insurer-quote-store.server.ts";
import { listRequestDocuments } from "#app/server/leads/document-store.server.ts";
import { listQuestions } from "#app/server/leads/question-store.server.ts";
import { getBindRequest } from "#app/server/leads/bind-store.server.ts";
import { writerOf } from "#app/server/wizard/step-engine.server.ts";
import { getServices } from "#app/server/services.server.ts";
import { ownQuotesReady, provenApplication } from "#app/server/wizard/proven-visitor.server.ts";
import { getDraft } from "#app/server/wizard/wizard-drafts.server.ts";
import { applicationStage } from "#app/server/wizard/application-stage.server.ts";
import {
  workOnVisitorQuotes,
  type VisitorFormReply,
} from "#app/server/wizard/visitor-quotes.server.ts";

import type { Route } from "./+types/quotes";

export const meta: Route.MetaFunction = (args) => ui.localizedWizardMeta(args, m.quotes_title);

/**
 * The agency's published quotes for this browser's application, side by side (issue 29). Shown
 * only to a browser that proved the application's email by opening a link sent to it (decision
 * 030): "Your quotes are ready" carries one. Anyone else is told how to get that link.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const services = getServices(context);
  const agency = getAgency(context);
  const locale = requestLocale(request);
  const proven = await provenApplication(services, request);
  if (!proven) {
    // The browser that made the application is told its quotes are ready (decision 054).
    const { draft } = await getDraft(services, request);
    return {
      state: "not-proven" as const,
      phone: agency.phone,
      ready: await ownQuotesReady(services.database.db, draft),
    };
  }
  const { db } = services.database;
  const { quoteRequest } = proven;
  if (!quoteRequest) return { state: "not-asked" as const, phone: agency.phone };
  const timeZone = services.env.AGENCY_TIME_ZONE;
  const [quotes, documents, questions, bind, stage] = await Promise.all([
    listInsurerQuotes(db, quoteRequest.id, "published"),
    listRequestDocuments(db, quoteRequest.id),
    listQuestions(db, quoteRequest.id),
    getBindRequest(db, quoteRequest.id),
    // Where the customer is: a quote chosen is Purchase on the progress bar, a policy bound is past it.
    applicationStage(db, proven.submission.id, true),
  ]);
  const open = isOpenQuoteStatus(quoteRequest.status);
  const search = new URL(request.url).searchParams;
  const sent = search.has("sent");
  const dayOf = (date: Date) => dayText(dayIn(date, timeZone), locale);
  const documentsPart = {
    stage,
    open,
    sent,
    answered: search.has("answered"),
    // Said at the top of the page after the decline's post (decision 055).
    declinedNow: search.has("declined"),
    questions: questions.map((question) => ({
      id: question.id,
      question: question.question,
      asked: dayOf(question.askedAt),
      answer: question.answer,
      answeredOn: question.answeredAt ? dayOf(question.answeredAt) : null,
    })),
    documents: documents
      .filter((document) => document.purpose === "visitor")
      .map((document) => ({
        id: document.id,
        href: visitorDocumentPath(document.id),
        fileName: document.fileName,
        about: m.documents_about(
          {
            kind: visitorDocumentKindLabel(document.kind, locale),
            size: formatBytes(document.byteSize, locale),
            day: dayOf(document.createdAt),
          },
          { locale },
        ),
      })),
  };
  if (quotes.length === 0) {
    return {
      state: "none-yet" as const,
      phone: agency.phone,
      reference: quoteRequest.reference,
      ...documentsPart,
    };
  }
  const today = dayIn(new Date(), timeZone);
  const pdfOf = (quoteId: string) => {
    const document = documents.find((candidate) => candidate.insurerQuoteId === quoteId);
    return document ? insurerPdf(document, locale) : undefined;
  };
  return {
    state: "quotes" as const,
    phone: agency.phone,
    reference: quoteRequest.reference,
    declined:
      quoteRequest.status === "lost" && quoteRequest.lostReason !== null
        ? { reason: declineReasonLabel(quoteRequest.lostReason, locale) }
        : undefined,
    chosen: bind
      ? {
          insurer: bind.quoteSeen.insurer,
          reference: bind.reference,
          on: dayOf(bind.signedAt),
          bound: bind.policy !== null,
          // Just asked for: confirmed at the top of the page (decision 055).
          now: search.has("bind-requested") && bind.policy === null,
        }
      : null,
    headings: quotes.map((quote) => ({
      id: quote.id,
      insurer: quote.insurer,
      estimate: quote.kind === "estimate",
      kindWords: quoteKindWords(quote.kind, locale),
      premium: formatCents(quote.premiumCents),
      expired: isExpired(quote, today),
      pdf: pdfOf(quote.id),
      // A bindable quote, not expired, while nothing is chosen yet: "Choose this quote".
      choose:
        open && !bind && quote.kind === "bindable" && !isExpired(quote, today)
          ? linkPath(bindPath(quote.id), locale)
          : undefined,
    })),
    rows: comparisonRows(quotes, quoteRequest.lines, today, locale),
    ...documentsPart,
  };
}

/** The insurer's quote document, as a link's address and words. */
function insurerPdf(document: RequestDocument, locale: Locale) {
  return {
    href: visitorDocumentPath(document.id),
    size: formatBytes(document.byteSize, locale),
  };
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
  loaderData: { sent: boolean; answered: boolean; declinedNow: boolean },
  chosen: { insurer: string; reference: string; on: string; now: boolean } | null | undefined,
  declined: string | undefined,
  locale: Locale,
): string | undefined {
  const words = { locale };
  if (chosen?.now) {
    return m.quotes_chosen(
      { day: chosen.on, insurer: chosen.insurer, reference: chosen.reference },
      words,
    );
  }
  if (loaderData.sent) return m.documents_sent({}, words);
  if (loaderData.answered) return questionMessages(locale).answered;
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
      {/* Wide screens: one table, a column per quote. */}
      <div className="hidden overflow-x-auto md:block">
        <table className="w-full border-collapse text-left text-sm">
          <caption className="sr-only">{m.quotes_caption({}, words)}</caption>
          <thead>
            <tr>
              <td className="border-b border-slate-200 p-3" />
              {headings.map((heading) => (
                <th
                  key={heading.id}
                  scope="col"
                  className="border-b border-slate-200 p-3 align-bottom text-base text-ink"
                >
                  {heading.insurer}
                  <span className="block text-xl font-bold">{heading.premium}</span>
                  {heading.estimate ? (
                    <span className="mt-1 block text-xs font-semibold text-amber-900">
                      {m.quotes_estimate({}, words)}
                    </span>
                  ) : null}
                  {heading.expired ? (
                    <span className="mt-1 block text-xs font-semibold text-red-800">
                      {m.quotes_expired({}, words)}
                    </span>
                  ) : null}
                  <InsurerPdfLink heading={heading} />
                  <ChooseLink heading={heading} />
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.label} className={row.differs ? "bg-amber-50" : undefined}>
                <th scope="row" className="border-b border-slate-200 p-3 font-semibold text-ink">
                  {row.label}
                  <DiffersMark row={row} />
                </th>
                {row.values.map((value, index) => (
                  <td key={headings[index]?.id} className="border-b border-slate-200 p-3 text-ink">
                    {value}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {/* Phones: a card per quote, the same rows. */}
      <ol className="space-y-4 md:hidden">
        {headings.map((heading, index) => (
          <li key={heading.id} className="rounded-xl border border-slate-200 p-4">
            <h2 className="text-lg font-semibold text-ink">
              {heading.insurer}: {heading.premium}
            </h2>
            {heading.expired ? (
              <p className="mt-1 text-sm font-semibold text-red-800">
                {m.quotes_expired({}, words)}
              </p>
            ) : null}
            <InsurerPdfLink heading={heading} />
            <ChooseLink heading={heading} />
            <dl className="mt-2 divide-y divide-slate-200">
              {rows.map((row) => (
                <div key={row.label} className="py-2">
                  <dt className="text-sm font-semibold text-ink">
                    {row.label}
                    <DiffersMark row={row} />
                  </dt>
                  <dd className="text-ink">{row.values[index]}</dd>
                </div>
              ))}
            </dl>
          </li>
        ))}
      </ol>
      {loaderData.chosen?.now ? null : loaderData.chosen ? (
        <p
          role="status"
          className="mt-6 rounded-xl border border-emerald-300 bg-emerald-50 p-4 text-ink"
        >
          {loaderData.chosen.bound ? (
            <>
              {m.quotes_bound({ insurer: loaderData.chosen.insurer }, words)}{" "}
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
      {loaderData.open && !loaderData.chosen ? (
        <p className="mt-6 text-ink">
          {m.quotes_go_ahead({ phone: loaderData.phone, reference: loaderData.reference }, words)}
        </p>
      ) : null}
      <DocumentsSection {...loaderData} problem={documentProblem} />
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
