import {
  declineFormSchema,
  declineMessages,
  QUOTES_PATH,
} from "#app/domain/quote/insurer-quotes.ts";
import {
  documentMessages,
  DOCUMENT_MAX_BYTES,
  unreadUploadRefusal,
  visitorDocumentFormSchema,
  visitorDocumentKindLabel,
} from "#app/domain/quote/request-documents.ts";
import {
  ANSWER_MAX_LENGTH,
  answerFormSchema,
  CUSTOMER_QUESTION_MAX_LENGTH,
  customerQuestionFormSchema,
  questionMessages,
} from "#app/domain/quote/request-questions.ts";
import { leadNameOf } from "#app/domain/application/application-fields.ts";
import { declineReasonLabel } from "#app/domain/quote/insurer-quotes.ts";
import type { Locale } from "#app/domain/site/locales.ts";
import { linkPath } from "#app/domain/site/site-pages.ts";
import { confirmedPath } from "#app/domain/wizard/wizard-screens.ts";
import { parseForm } from "#app/domain/values/form-submission.ts";
import { requestLocale } from "#app/server/http/site-languages.server.ts";
import {
  isMultipart,
  receiveUpload,
  type Upload,
} from "#app/server/http/multipart-upload.server.ts";
import { fileVisitorDocument } from "#app/server/leads/document-store.server.ts";
import {
  declineInsurerQuotes,
  type QuotedRequest,
} from "#app/server/leads/insurer-quote-store.server.ts";
import { answerQuestion } from "#app/server/leads/question-store.server.ts";
import { askTheAgent } from "#app/server/leads/customer-messages.server.ts";
import { getSubmission } from "#app/server/leads/leads.server.ts";
import {
  notifyCustomerAct,
  type CustomerAct,
} from "#app/server/leads/lead-notifications.server.ts";
import { queueLeadEvent } from "#app/server/leads/webhooks.server.ts";
import type { AppServices } from "#app/server/services.server.ts";
import type { SubmissionWriter } from "#app/server/wizard/submission-history.server.ts";

/**
 * The visitor's forms on their quotes page (routes/wizard/quotes.tsx, decisions 042 and 043), for a
 * browser that proved the application's email: a document sent to the agent (read as it streams,
 * checked by its content, filed), an answer to the agency's question, and "None of these suit me",
 * which declines every quote (the request becomes Lost, the agency is told).
 */

/** A refused form, as the page shows it again: which form, why, and what was typed. */
export interface VisitorFormReply {
  form: "decline" | "document" | "answer" | "customer-question";
  problem: string;
  question?: string;
  typed?: string;
}

/** What the page does next: another address, the form refused, or an error page. */
export type VisitorQuotesAnswer =
  | { outcome: "done"; to: string }
  | { outcome: "refused"; reply: VisitorFormReply; status: number }
  | { outcome: "not-found" | "bad-request" };

function refused(
  form: VisitorFormReply["form"],
  problem: string,
  status: number,
  extra: { question?: string; typed?: string } = {},
): VisitorQuotesAnswer {
  return { outcome: "refused", reply: { form, problem, ...extra }, status };
}

/** Works the form `post` sends on the quote request `request`, saving through `writer`. */
export async function workOnVisitorQuotes(
  services: AppServices,
  request: QuotedRequest,
  writer: SubmissionWriter,
  post: Request,
): Promise<VisitorQuotesAnswer> {
  // The page's language: its messages, and the page each form goes back to.
  const locale = requestLocale(post);
  if (isMultipart(post)) {
    return receiveUpload(
      services.uploads,
      post,
      { fileField: "file", maxFileBytes: DOCUMENT_MAX_BYTES, maxFields: 2 },
      (upload) => fileDocument(services, request, upload, locale),
    );
  }
  const form = await post.formData();
  switch (form.get("intent")) {
    case "answer":
      return answer(services, request, form, locale);
    case "decline":
      return decline(services, request, writer, form, locale);
    case "customer-question":
      return customerQuestion(services, request, form, locale, QUOTES_PATH);
    default:
      return { outcome: "bad-request" };
  }
}

/** A document for the agent. */
async function fileDocument(
  services: AppServices,
  request: QuotedRequest,
  upload: Upload,
  locale: Locale,
): Promise<VisitorQuotesAnswer> {
  const messages = documentMessages(locale);
  if (upload.outcome !== "received") {
    const { problem, status } = unreadUploadRefusal(upload.outcome, locale);
    return refused("document", problem, status);
  }
  const parsed = parseForm(upload.form, visitorDocumentFormSchema(locale));
  if (parsed.status !== "success") {
    return refused("document", parsed.error?.kind?.[0] ?? messages.unreadable, 400);
  }
  if (!upload.file) return refused("document", messages.noFile, 400);
  const { db } = services.database;
  const filing = await fileVisitorDocument(db, request, upload.file, parsed.value.kind);
  switch (filing.outcome) {
    case "filed":
      await tellTheAgency(services, request, {
        act: "uploaded",
        detail: `${upload.file.claimedName} (${visitorDocumentKindLabel(parsed.value.kind)})`,
      });
      await queueLeadEvent(services, "document.uploaded", request.submissionId, {
        document: { kind: parsed.value.kind },
      });
      return { outcome: "done", to: linkPath(confirmedPath(`${QUOTES_PATH}?sent`), locale) };
    case "wrong-type":
      return refused("document", messages.notVisitorType, 415);
    case "too-many":
      return refused("document", messages.tooMany, 409);
    case "closed":
      return refused("document", messages.closed, 409);
    case "not-found":
      return { outcome: "not-found" };
  }
}

/** The visitor's answer to one of the agency's questions; the agency's webhook hears it. */
async function answer(
  services: AppServices,
  request: QuotedRequest,
  form: FormData,
  locale: Locale,
): Promise<VisitorQuotesAnswer> {
  const parsed = parseForm(form, answerFormSchema(locale));
  const question = String(form.get("question") ?? "").slice(0, 64);
  const typed = String(form.get("answer") ?? "").slice(0, ANSWER_MAX_LENGTH);
  if (parsed.status !== "success") {
    const problem = parsed.error?.answer?.[0] ?? parsed.error?.question?.[0] ?? "";
    return refused("answer", problem, 400, { question, typed });
  }
  const { db } = services.database;
  const outcome = await answerQuestion(db, request, parsed.value.question, parsed.value.answer);
  if (outcome !== "answered") {
    const messages = questionMessages(locale);
    const problem = outcome === "closed" ? messages.notOpen : messages.notFound;
    return refused("answer", problem, outcome === "closed" ? 409 : 404, { question, typed });
  }
  await queueLeadEvent(services, "question.answered", request.submissionId, {
    question: { id: parsed.value.question, answer: parsed.value.answer },
  });
  await tellTheAgency(services, request, { act: "answered", detail: parsed.value.answer });
  return { outcome: "done", to: linkPath(confirmedPath(`${QUOTES_PATH}?answered`), locale) };
}

/** "None of these suit me": every quote declined, with the reason if one was given. */
async function decline(
  services: AppServices,
  request: QuotedRequest,
  writer: SubmissionWriter,
  form: FormData,
  locale: Locale,
): Promise<VisitorQuotesAnswer> {
  const { notOpen } = declineMessages(locale);
  const parsed = parseForm(form, declineFormSchema(locale));
  if (parsed.status !== "success") {
    return refused("decline", parsed.error?.reason?.[0] ?? notOpen, 400);
  }
  const { db } = services.database;
  const outcome = await declineInsurerQuotes(db, request, parsed.value.reason ?? null, writer);
  if (outcome !== "declined") return refused("decline", notOpen, 409);
  await queueLeadEvent(services, "quote_request.lost", request.submissionId);
  await tellTheAgency(services, request, {
    act: "declined",
    detail: declineReasonLabel(parsed.value.reason ?? null),
  });
  return { outcome: "done", to: linkPath(confirmedPath(`${QUOTES_PATH}?declined`), locale) };
}

/** Emails the agency (LEAD_NOTIFY_TO) what its customer just did, naming the business. */
async function tellTheAgency(
  services: AppServices,
  request: QuotedRequest,
  act: Pick<CustomerAct, "act" | "detail">,
): Promise<void> {
  const lead = await getSubmission(services.database.db, request.submissionId);
  await notifyCustomerAct(services, {
    ...act,
    submissionId: request.submissionId,
    requestId: request.id,
    reference: request.reference,
    businessName: lead ? (leadNameOf(lead) ?? null) : null,
  });
}

/**
 * The customer's own question to their agent (issue 55), from the quotes page or "Your policy"
 * (`page`, where it goes back to): kept, on the timeline, in Needs action; the agency is emailed
 * and its webhook told.
 */
export async function customerQuestion(
  services: AppServices,
  request: QuotedRequest,
  form: FormData,
  locale: Locale,
  page: string,
): Promise<VisitorQuotesAnswer> {
  const parsed = parseForm(form, customerQuestionFormSchema(locale));
  const typed = String(form.get("question") ?? "").slice(0, CUSTOMER_QUESTION_MAX_LENGTH);
  if (parsed.status !== "success") {
    return refused("customer-question", parsed.error?.question?.[0] ?? "", 400, { typed });
  }
  const { question } = parsed.value;
  const id = await askTheAgent(services.database.db, request, question);
  if (!id) return { outcome: "not-found" };
  await tellTheAgency(services, request, { act: "asked", detail: question });
  await queueLeadEvent(services, "customer_question.asked", request.submissionId, {
    question: { id, question },
  });
  return { outcome: "done", to: linkPath(confirmedPath(`${page}?asked`), locale) };
}
