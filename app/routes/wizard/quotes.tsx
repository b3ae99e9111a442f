import { useState } from "react";
import { data, redirect } from "react-router";

import { ProvenOnlyNotice } from "#app/components/wizard/proven-only.tsx";
import * as ui from "#app/components/wizard/step-screen.ts";
import {
  comparisonRows,
  declineFormSchema,
  declineMessages,
  declineReasonLabel,
  DECLINE_REASONS,
  QUOTES_PATH,
  isExpired,
  quoteKindWords,
  formatCents,
  dayText,
  type ComparisonRow,
} from "#app/domain/quote/insurer-quotes.ts";
import {
  acceptOf,
  documentMessages,
  DOCUMENT_MAX_BYTES,
  formatBytes,
  VISITOR_CONTENT_TYPES,
  VISITOR_DOCUMENT_KINDS,
  VISITOR_DOCUMENTS_PER_APPLICATION,
  visitorDocumentFormSchema,
  visitorDocumentKindLabel,
  visitorDocumentPath,
  type RequestDocument,
} from "#app/domain/quote/request-documents.ts";
import { bindPath, POLICY_PATH } from "#app/domain/quote/bind-requests.ts";
import {
  ANSWER_MAX_LENGTH,
  answerFormSchema,
  questionMessages,
} from "#app/domain/quote/request-questions.ts";
import { isOpenQuoteStatus } from "#app/domain/leads/lead-desk.ts";
import { SUMMARY_PATH } from "#app/domain/wizard/wizard-screens.ts";
import { dayIn } from "#app/domain/values/time-zones.ts";
import { getAgency } from "#app/server/agency-settings.server.ts";
import { parseForm } from "#app/domain/values/form-submission.ts";
import {
  declineInsurerQuotes,
  listInsurerQuotes,
} from "#app/server/leads/insurer-quote-store.server.ts";
import {
  fileVisitorDocument,
  listRequestDocuments,
} from "#app/server/leads/document-store.server.ts";
import { answerQuestion, listQuestions } from "#app/server/leads/question-store.server.ts";
import { getBindRequest } from "#app/server/leads/bind-store.server.ts";
import { isMultipart, receiveUpload } from "#app/server/http/multipart-upload.server.ts";
import { queueLeadEvent } from "#app/server/leads/webhooks.server.ts";
import { writerOf } from "#app/server/wizard/step-engine.server.ts";
import { getServices } from "#app/server/services.server.ts";
import { provenApplication } from "#app/server/wizard/proven-visitor.server.ts";

import type { Route } from "./+types/quotes";

export const meta: Route.MetaFunction = () => ui.wizardMeta("Your quotes");

/**
 * The agency's published quotes for this browser's application, side by side (issue 29). Shown
 * only to a browser that proved the application's email by opening a link sent to it (decision
 * 030): "Your quotes are ready" carries one. Anyone else is told how to get that link.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const services = getServices(context);
  const agency = getAgency(context);
  const proven = await provenApplication(services, request);
  if (!proven) return { state: "not-proven" as const, phone: agency.phone };
  const { db } = services.database;
  const { quoteRequest } = proven;
  if (!quoteRequest) return { state: "not-asked" as const, phone: agency.phone };
  const timeZone = services.env.AGENCY_TIME_ZONE;
  const [quotes, documents, questions, bind] = await Promise.all([
    listInsurerQuotes(db, quoteRequest.id, "published"),
    listRequestDocuments(db, quoteRequest.id),
    listQuestions(db, quoteRequest.id),
    getBindRequest(db, quoteRequest.id),
  ]);
  const open = isOpenQuoteStatus(quoteRequest.status);
  const search = new URL(request.url).searchParams;
  const sent = search.has("sent");
  const dayOf = (date: Date) => dayText(dayIn(date, timeZone));
  const documentsPart = {
    open,
    sent,
    answered: search.has("answered"),
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
        about: `${visitorDocumentKindLabel(document.kind)}, ${formatBytes(document.byteSize)}, sent ${dayText(dayIn(document.createdAt, timeZone))}`,
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
    return document ? insurerPdf(document) : undefined;
  };
  return {
    state: "quotes" as const,
    phone: agency.phone,
    reference: quoteRequest.reference,
    declined:
      quoteRequest.status === "lost" && quoteRequest.lostReason !== null
        ? { reason: declineReasonLabel(quoteRequest.lostReason) }
        : undefined,
    chosen: bind
      ? {
          insurer: bind.quoteSeen.insurer,
          reference: bind.reference,
          on: dayOf(bind.signedAt),
          bound: bind.policy !== null,
        }
      : null,
    headings: quotes.map((quote) => ({
      id: quote.id,
      insurer: quote.insurer,
      estimate: quote.kind === "estimate",
      kindWords: quoteKindWords(quote.kind),
      premium: formatCents(quote.premiumCents),
      expired: isExpired(quote, today),
      pdf: pdfOf(quote.id),
      // A bindable quote, not expired, while nothing is chosen yet: "Choose this quote".
      choose:
        open && !bind && quote.kind === "bindable" && !isExpired(quote, today)
          ? bindPath(quote.id)
          : undefined,
    })),
    rows: comparisonRows(quotes, quoteRequest.lines, today),
    ...documentsPart,
  };
}

/** The insurer's quote document, as a link's address and words. */
function insurerPdf(document: RequestDocument) {
  return {
    href: visitorDocumentPath(document.id),
    size: formatBytes(document.byteSize),
  };
}

/** The page again, with why the form was refused: `form` names which form. */
function refused(
  form: "decline" | "document" | "answer",
  problem: string,
  status: number,
  extra: { question?: string; typed?: string } = {},
) {
  return data({ form, problem, ...extra }, { status });
}

/**
 * The visitor's forms (issue 29), only in a browser that proved the email: "None of these suit
 * me" declines every quote, with an optional reason (the request becomes Lost, the agency is
 * told); a document for the agent is read as it streams and filed (decision 043).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const services = getServices(context);
  const proven = await provenApplication(services, request);
  if (!proven) throw data(null, { status: 403 });
  const { handle, submission, quoteRequest } = proven;
  const { db } = services.database;
  if (!quoteRequest) throw data(null, { status: 404 });
  const target = {
    id: quoteRequest.id,
    submissionId: submission.id,
    reference: quoteRequest.reference,
  };
  if (isMultipart(request)) {
    return receiveUpload(
      request,
      { fileField: "file", maxFileBytes: DOCUMENT_MAX_BYTES, maxFields: 2 },
      async (upload) => {
        if (upload.outcome !== "received") {
          return upload.outcome === "too-large"
            ? refused("document", documentMessages.tooLarge, 413)
            : refused("document", documentMessages.unreadable, 400);
        }
        const parsed = parseForm(upload.form, visitorDocumentFormSchema);
        if (parsed.status !== "success") {
          const problem = parsed.error?.kind?.[0] ?? documentMessages.unreadable;
          return refused("document", problem, 400);
        }
        if (!upload.file) return refused("document", documentMessages.noFile, 400);
        const filing = await fileVisitorDocument(db, target, upload.file, parsed.value.kind);
        switch (filing.outcome) {
          case "filed":
            return redirect(`${QUOTES_PATH}?sent#documents`);
          case "wrong-type":
            return refused("document", documentMessages.notVisitorType, 415);
          case "too-many":
            return refused("document", documentMessages.tooMany, 409);
          case "closed":
            return refused("document", documentMessages.closed, 409);
          case "not-found":
            throw data(null, { status: 404 });
        }
      },
    );
  }
  const formData = await request.formData();
  if (formData.get("intent") === "answer") {
    const parsed = parseForm(formData, answerFormSchema);
    const question = String(formData.get("question") ?? "").slice(0, 64);
    const typed = String(formData.get("answer") ?? "").slice(0, ANSWER_MAX_LENGTH);
    if (parsed.status !== "success") {
      const problem = parsed.error?.answer?.[0] ?? parsed.error?.question?.[0] ?? "";
      return refused("answer", problem, 400, { question, typed });
    }
    const outcome = await answerQuestion(db, target, parsed.value.question, parsed.value.answer);
    if (outcome !== "answered") {
      const problem = outcome === "closed" ? questionMessages.notOpen : questionMessages.notFound;
      return refused("answer", problem, outcome === "closed" ? 409 : 404, { question, typed });
    }
    await queueLeadEvent(services, "question.answered", submission.id, {
      question: { id: parsed.value.question, answer: parsed.value.answer },
    });
    return redirect(`${QUOTES_PATH}?answered#questions`);
  }
  if (formData.get("intent") !== "decline") throw data(null, { status: 400 });
  const parsed = parseForm(formData, declineFormSchema);
  if (parsed.status !== "success") {
    return refused("decline", parsed.error?.reason?.[0] ?? declineMessages.notOpen, 400);
  }
  const outcome = await declineInsurerQuotes(
    db,
    target,
    parsed.value.reason ?? null,
    writerOf(context, handle),
  );
  if (outcome !== "declined") return refused("decline", declineMessages.notOpen, 409);
  await queueLeadEvent(services, "quote_request.lost", submission.id);
  return redirect(QUOTES_PATH);
}

function DiffersMark({ row }: { row: ComparisonRow }) {
  if (!row.differs) return null;
  return (
    <span className="ml-2 inline-block rounded bg-amber-100 px-1.5 py-0.5 text-xs font-semibold text-amber-900">
      Differs
    </span>
  );
}

function DeclineForm({ problem }: { problem: string | undefined }) {
  return (
    <details className="mt-8 rounded-xl border border-slate-200 p-4" open={problem !== undefined}>
      <summary className="cursor-pointer font-semibold text-ink">None of these suit me</summary>
      <form method="post" className="mt-3">
        <fieldset>
          <legend className="text-ink">
            Tell us why, if you like (optional). Your agent will not quote this request again.
          </legend>
          {DECLINE_REASONS.map((reason) => (
            <label key={reason.id} className="mt-2 flex items-center gap-2 text-ink">
              <input type="radio" name="reason" value={reason.id} className="size-5" />
              {reason.label}
            </label>
          ))}
        </fieldset>
        {problem ? (
          <p role="alert" className="mt-2 text-sm font-medium text-red-800">
            {problem}
          </p>
        ) : null}
        <button
          type="submit"
          name="intent"
          value="decline"
          className="mt-4 rounded-lg border border-slate-400 px-5 py-3 font-semibold text-ink hover:bg-slate-50"
        >
          Decline all quotes
        </button>
      </form>
    </details>
  );
}

/** The insurer's own quote document, when the agency attached it. */
function InsurerPdfLink({
  heading,
}: {
  heading: { insurer: string; pdf: { href: string; size: string } | undefined };
}) {
  if (!heading.pdf) return null;
  return (
    <a
      href={heading.pdf.href}
      download
      className="mt-1 block text-sm font-semibold text-brand-700 underline"
    >
      {heading.insurer}&apos;s quote document (PDF, {heading.pdf.size})
    </a>
  );
}

type QuestionView = {
  id: string;
  question: string;
  asked: string;
  answer: string | null;
  answeredOn: string | null;
};

/** The agency's questions, each with its answer or a form to answer it (issue 29). */
function QuestionsSection({
  questions,
  open,
  answered,
  refusal,
}: {
  questions: QuestionView[];
  open: boolean;
  answered: boolean;
  refusal: { question?: string; typed?: string; problem: string } | undefined;
}) {
  if (questions.length === 0) return null;
  return (
    <section id="questions" aria-labelledby="questions-heading" className="mt-10">
      <h2 id="questions-heading" className="text-xl font-semibold text-ink">
        Questions from your agent
      </h2>
      {answered ? (
        <p
          role="status"
          className="mt-4 rounded-xl border border-emerald-300 bg-emerald-50 p-4 text-ink"
        >
          {questionMessages.answered}
        </p>
      ) : null}
      <ol className="mt-4 space-y-4">
        {questions.map((question) => {
          const mine = refusal?.question === question.id ? refusal : undefined;
          return (
            <li key={question.id} className="rounded-xl border border-slate-200 p-4">
              <p className="text-sm text-muted">Asked on {question.asked}</p>
              <p className="mt-1 font-semibold whitespace-pre-line text-ink">{question.question}</p>
              {question.answer !== null ? (
                <div className="mt-3">
                  <p className="text-sm text-muted">Your answer, sent on {question.answeredOn}</p>
                  <p className="mt-1 whitespace-pre-line text-ink">{question.answer}</p>
                </div>
              ) : open ? (
                <form method="post" className="mt-3">
                  <input type="hidden" name="question" value={question.id} />
                  <label
                    htmlFor={`answer-${question.id}`}
                    className="block text-sm font-semibold text-ink"
                  >
                    Your answer
                  </label>
                  <textarea
                    id={`answer-${question.id}`}
                    name="answer"
                    rows={3}
                    required
                    maxLength={ANSWER_MAX_LENGTH}
                    defaultValue={mine?.typed ?? ""}
                    aria-invalid={mine ? true : undefined}
                    aria-describedby={mine ? `answer-${question.id}-problem` : undefined}
                    className="mt-1 block w-full rounded-lg border border-slate-400 p-3 text-ink"
                  />
                  {mine ? (
                    <p
                      id={`answer-${question.id}-problem`}
                      role="alert"
                      className="mt-2 text-sm font-medium text-red-800"
                    >
                      {mine.problem}
                    </p>
                  ) : null}
                  <button
                    type="submit"
                    name="intent"
                    value="answer"
                    className="mt-3 rounded-lg bg-brand-700 px-5 py-3 font-semibold text-white hover:bg-brand-800"
                  >
                    Send my answer
                  </button>
                </form>
              ) : (
                <p className="mt-3 text-ink">Not answered.</p>
              )}
            </li>
          );
        })}
      </ol>
    </section>
  );
}

/** "Choose this quote", on a quote that can be chosen. */
function ChooseLink({ heading }: { heading: { insurer: string; choose: string | undefined } }) {
  if (!heading.choose) return null;
  return (
    <a
      href={heading.choose}
      className="mt-3 inline-block rounded-lg bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800"
    >
      Choose this quote<span className="sr-only"> from {heading.insurer}</span>
    </a>
  );
}

/** What the visitor has sent their agent, and the form to send another (decision 043). */
function DocumentsSection({
  open,
  sent,
  documents,
  problem,
}: {
  open: boolean;
  sent: boolean;
  documents: { id: string; href: string; fileName: string; about: string }[];
  problem: string | undefined;
}) {
  const [sending, setSending] = useState(false);
  const full = documents.length >= VISITOR_DOCUMENTS_PER_APPLICATION;
  return (
    <section id="documents" aria-labelledby="documents-heading" className="mt-10">
      <h2 id="documents-heading" className="text-xl font-semibold text-ink">
        Documents for your agent
      </h2>
      <p className="mt-2 text-ink">
        Send what your agent asks for, such as a current declarations page, loss runs or a
        contract&apos;s insurance requirements: a PDF, JPEG or PNG of at most{" "}
        {formatBytes(DOCUMENT_MAX_BYTES)}, up to {VISITOR_DOCUMENTS_PER_APPLICATION} for this
        application. Only you, in a browser that opened our link, and the agency can open them.
      </p>
      {sent ? (
        <p
          role="status"
          className="mt-4 rounded-xl border border-emerald-300 bg-emerald-50 p-4 text-ink"
        >
          Thank you: your document is with your agent.
        </p>
      ) : null}
      {documents.length > 0 ? (
        <ul className="mt-4 space-y-2">
          {documents.map((document) => (
            <li key={document.id} className="text-ink">
              <a href={document.href} download className="font-semibold text-brand-700 underline">
                {document.fileName}
              </a>{" "}
              <span className="text-muted">({document.about})</span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-4 text-muted">You have sent no document yet.</p>
      )}
      {open && !full ? (
        <form
          method="post"
          encType="multipart/form-data"
          className="mt-6 rounded-xl border border-slate-200 p-4"
          onSubmit={() => setSending(true)}
        >
          <fieldset>
            <legend className="font-semibold text-ink">What is it?</legend>
            {VISITOR_DOCUMENT_KINDS.map((kind) => (
              <label key={kind.id} className="mt-2 flex items-center gap-2 text-ink">
                <input type="radio" name="kind" value={kind.id} required className="size-5" />
                {kind.label}
              </label>
            ))}
          </fieldset>
          <label htmlFor="document-file" className="mt-4 block font-semibold text-ink">
            The file (PDF, JPEG or PNG, at most {formatBytes(DOCUMENT_MAX_BYTES)})
          </label>
          <input
            id="document-file"
            type="file"
            name="file"
            required
            accept={acceptOf(VISITOR_CONTENT_TYPES)}
            aria-describedby={problem ? "document-problem" : undefined}
            className="mt-2 block w-full text-ink"
          />
          {problem ? (
            <p id="document-problem" role="alert" className="mt-2 text-sm font-medium text-red-800">
              {problem}
            </p>
          ) : null}
          <button
            type="submit"
            disabled={sending}
            className="mt-4 rounded-lg bg-brand-700 px-5 py-3 font-semibold text-white hover:bg-brand-800 disabled:opacity-70"
          >
            {sending ? "Sending…" : "Send to my agent"}
          </button>
          <p aria-live="polite" className="mt-2 text-sm text-muted">
            {sending ? "Sending your file. Large files can take a minute." : ""}
          </p>
        </form>
      ) : null}
      {open && full ? <p className="mt-4 text-ink">{documentMessages.tooMany}</p> : null}
    </section>
  );
}

export default function Quotes({ loaderData, actionData }: Route.ComponentProps) {
  const documentProblem = actionData?.form === "document" ? actionData.problem : undefined;
  const answerRefusal = actionData?.form === "answer" ? actionData : undefined;
  if (loaderData.state === "not-proven") {
    return (
      <ProvenOnlyNotice
        step="quotes"
        title="Your quotes"
        subject="Your quotes are"
        phone={loaderData.phone}
      />
    );
  }
  if (loaderData.state === "not-asked") {
    return (
      <ui.StepFrame step="quotes" title="Your quotes">
        <p className="text-ink">
          You have not asked for quotes yet. Questions? Call us on {loaderData.phone}.
        </p>
      </ui.StepFrame>
    );
  }
  if (loaderData.state === "none-yet") {
    return (
      <ui.StepFrame step="quotes" title="Your quotes">
        <p className="text-ink">
          Your agent is still gathering quotes for your request {loaderData.reference}. We email you
          as soon as they are ready. Questions? Call us on {loaderData.phone}.
        </p>
        <QuestionsSection {...loaderData} refusal={answerRefusal} />
        <DocumentsSection {...loaderData} problem={documentProblem} />
      </ui.StepFrame>
    );
  }
  const { headings, rows } = loaderData;
  return (
    <ui.StepFrame
      step="quotes"
      width="wide"
      title="Your quotes, side by side"
      intro={
        <p>
          For your request {loaderData.reference}: each insurer&apos;s price and cover, as the
          insurer quoted them. Rows where the quotes differ are marked &ldquo;Differs&rdquo;.
          Nothing is bought until you ask us to bind a quote and we confirm it in writing.
        </p>
      }
    >
      <QuestionsSection {...loaderData} refusal={answerRefusal} />
      {/* Wide screens: one table, a column per quote. */}
      <div className="hidden overflow-x-auto md:block">
        <table className="w-full border-collapse text-left text-sm">
          <caption className="sr-only">Your quotes compared, a column per quote</caption>
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
                      Estimate
                    </span>
                  ) : null}
                  {heading.expired ? (
                    <span className="mt-1 block text-xs font-semibold text-red-800">Expired</span>
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
              <p className="mt-1 text-sm font-semibold text-red-800">Expired</p>
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
      {loaderData.chosen ? (
        <p
          role="status"
          className="mt-6 rounded-xl border border-emerald-300 bg-emerald-50 p-4 text-ink"
        >
          {loaderData.chosen.bound ? (
            <>
              {loaderData.chosen.insurer} has bound your policy.{" "}
              <a href={POLICY_PATH} className="font-semibold text-brand-700 underline">
                Your policy
              </a>
            </>
          ) : (
            `You asked us on ${loaderData.chosen.on} to bind ${loaderData.chosen.insurer}'s quote (reference ${loaderData.chosen.reference}). We will write to you when ${loaderData.chosen.insurer} answers; until we confirm it in writing, your business is not covered by it.`
          )}
        </p>
      ) : loaderData.declined ? (
        <p
          role="status"
          className="mt-6 rounded-xl border border-slate-300 bg-slate-50 p-4 text-ink"
        >
          {declineMessages.declined} (Your reason: {loaderData.declined.reason}.)
        </p>
      ) : loaderData.open ? (
        <DeclineForm problem={actionData?.form === "decline" ? actionData.problem : undefined} />
      ) : null}
      {loaderData.open && !loaderData.chosen ? (
        <p className="mt-6 text-ink">
          To go ahead, choose a bindable quote: you confirm a few statements and sign, and we ask
          the insurer to bind it. An estimate needs a bindable quote first: call us on{" "}
          {loaderData.phone} with your reference, {loaderData.reference}. Cover starts only when we
          confirm it in writing.
        </p>
      ) : null}
      <DocumentsSection {...loaderData} problem={documentProblem} />
      <p className="mt-6 text-sm text-muted">
        Prices are the insurers&apos;, as they quoted them; an estimate may change after the insurer
        asks more questions. Questions? Call us on {loaderData.phone}.
      </p>
      <a href={SUMMARY_PATH} className="mt-4 inline-block font-semibold text-brand-700 underline">
        Your application
      </a>
    </ui.StepFrame>
  );
}
