import { MAX_SUBJECTIVITIES } from "#app/domain/quote/quote-proposal.ts";
import type { DeskFormReply } from "#app/domain/leads/desk-forms.ts";
import {
  bindDeclineFormSchema,
  binderFormSchema,
  bindPolicyFormSchema,
  policyMessages,
} from "#app/domain/quote/bind-requests.ts";
import type { Locale } from "#app/domain/site/locales.ts";
import { certificateDeskMessages, certificateFormId } from "#app/domain/quote/certificates.ts";
import {
  insurerQuoteFormSchema,
  QUOTE_NOTES_MAX_LENGTH,
  quoteFormMessages,
} from "#app/domain/quote/insurer-quotes.ts";
import {
  documentMessages,
  documentTypeOf,
  DOCUMENT_MAX_BYTES,
  PDF_CONTENT_TYPES,
  unreadUploadRefusal,
} from "#app/domain/quote/request-documents.ts";
import { askQuestionFormSchema } from "#app/domain/quote/request-questions.ts";
import type { Agency } from "#app/domain/site/agency.ts";
import {
  producerDeskMessages,
  producerOfRecord,
  producerRefusal,
  type ProducerOfRecord,
} from "#app/domain/leads/producer-licenses.ts";
import { isUsState } from "#app/domain/reference/states.ts";
import { anyForm, parseForm } from "#app/domain/values/form-submission.ts";
import { dayIn } from "#app/domain/values/time-zones.ts";
import {
  isMultipart,
  receiveUpload,
  type ReceivedFile,
  type Upload,
} from "#app/server/http/multipart-upload.server.ts";
import type { Db } from "#app/server/db/database.server.ts";
import {
  addPolicy,
  declineBindRequest,
  getBindRequest,
  markBound,
  renewedPolicy,
} from "#app/server/leads/bind-store.server.ts";
import {
  issueCertificate,
  listCertificateRequests,
} from "#app/server/leads/certificate-store.server.ts";
import { getTimeline } from "#app/server/leads/desk-work.server.ts";
import {
  attachInsurerQuoteDocument,
  attachPolicyDocument,
  listRequestDocuments,
} from "#app/server/leads/document-store.server.ts";
import {
  addInsurerQuote,
  listInsurerQuotes,
  renewAsIs,
  markSubjectivity,
  publishInsurerQuotes,
  type DeskSending,
  updateInsurerQuote,
  withdrawInsurerQuote,
  type QuoteChange,
  type QuotedRequest,
} from "#app/server/leads/insurer-quote-store.server.ts";
import { renewalDeskMessages } from "#app/domain/quote/renewals.ts";
import { askQuestion, listQuestions } from "#app/server/leads/question-store.server.ts";
import { getProducer } from "#app/server/admin/producers.server.ts";
import { currentContractRequirements } from "#app/server/wizard/contract-store.server.ts";
import { queueLeadEvent } from "#app/server/leads/webhooks.server.ts";
import type { AppServices } from "#app/server/services.server.ts";
import { agencyMailLimits } from "#app/server/env.server.ts";

/**
 * The lead desk's work on a quote request (routes/admin/submission-quotes.tsx, decisions 042 to
 * 044): adding, changing, withdrawing and publishing the insurers' quotes, asking the visitor a
 * question, attaching the insurer's PDF, marking the request bound and adding policy documents.
 * Each form is checked here with the schema its page shows the messages of; each change enters
 * the lead's timeline in its store's transaction.
 */

/**
 * Everything a lead's quotes page shows of its latest quote request (`request`), read at once: the
 * insurers' quotes, the lead's timeline, the documents, the questions, the request to bind, the
 * certificates, the contract's requirements and, for a renewal, the policy it renews.
 */
export async function quoteDeskRecords(
  db: Db,
  submissionId: string,
  request: { id: string; renewsBindRequestId: string | null },
) {
  const [quotes, timeline, documents, questions, bind, certificates, contract, renews] =
    await Promise.all([
      listInsurerQuotes(db, request.id),
      getTimeline(db, submissionId),
      listRequestDocuments(db, request.id),
      listQuestions(db, request.id),
      getBindRequest(db, request.id),
      listCertificateRequests(db, submissionId),
      currentContractRequirements(db, submissionId),
      request.renewsBindRequestId ? renewedPolicy(db, request.renewsBindRequestId) : undefined,
    ]);
  return { quotes, timeline, documents, questions, bind, certificates, contract, renews };
}

/** The request a desk form works on, who works it, and the visitor its emails go to. */
export interface QuoteDesk {
  services: AppServices;
  operatorId: string;
  agency: Agency;
  /** The request, its lines and the business's state (the application's, as the wizard keeps it). */
  request: QuotedRequest & {
    lines: readonly string[];
    state?: string | null;
    /** The policy a renewal request renews (decision 047), for "Renew as is". */
    renewsBindRequestId?: string | null;
  };
  /** The visitor, and the business's name as a certificate's holder is told it. */
  visitor: { email: string; firstName: string | null; businessName: string; language: Locale };
}

/** What the page does next: back to the request's page (saying so), or the form refused. */
export type DeskAnswer =
  | {
      outcome: "saved";
      /** The quote whose form to show again (after attaching its PDF). */
      edit?: string;
      /** False when the customer's email was not sent (decision 054); `held` says why. */
      emailed: boolean;
      held?: "limit" | "unproven";
      anchor?: "questions" | "certificates" | "subjectivities";
    }
  | { outcome: "refused"; reply: DeskFormReply; status: number }
  | { outcome: "not-found" | "bad-request" };

const saved = (
  more: {
    edit?: string;
    emailed?: boolean;
    held?: "limit" | "unproven";
    anchor?: "questions" | "certificates" | "subjectivities";
  } = {},
) => ({ outcome: "saved", emailed: true, ...more }) as const;

function refused(formId: string, typed: DeskFormReply["typed"], problem: string, status = 409) {
  return { outcome: "refused", reply: { formId, typed, fields: {}, problem }, status } as const;
}

function invalid(formId: string, typed: DeskFormReply["typed"], fields: DeskFormReply["fields"]) {
  return {
    outcome: "refused",
    reply: { formId, typed, fields, problem: undefined },
    status: 400,
  } as const;
}

/**
 * The most fields the quote form sends besides its lines' (intent, insurer, kind, market, the
 * price's parts, the instalments, the term, TRIA, the rating, notes... and each subjectivity's
 * three; decision 062).
 */
const QUOTE_FORM_FIELDS = 31 + 3 * MAX_SUBJECTIVITIES;
/** The most fields of one line on the quote form (included, limits, deductible, basis, retro, audit). */
const QUOTE_LINE_FIELDS = 8;

/** Works the form `post` sends: an upload (multipart) or one of the page's other forms. */
export async function workOnQuoteRequest(desk: QuoteDesk, post: Request): Promise<DeskAnswer> {
  if (isMultipart(post)) {
    return receiveUpload(
      desk.services.uploads,
      post,
      {
        fileField: "file",
        maxFileBytes: DOCUMENT_MAX_BYTES,
        // The new quote's form comes with its PDF (issue 56): its fields, one set per line, and
        // its notes, which may be longer than a kilobyte.
        maxFields: QUOTE_FORM_FIELDS + QUOTE_LINE_FIELDS * desk.request.lines.length,
        maxFieldBytes: 4 * QUOTE_NOTES_MAX_LENGTH,
      },
      (upload) => fileUpload(desk, upload),
    );
  }
  return workOnForm(desk, await post.formData());
}

/** Whom and what the desk's emails go with (publishing, asking, binding). */
function sendingFor(desk: QuoteDesk): DeskSending {
  const { env } = desk.services;
  return {
    operatorId: desk.operatorId,
    siteUrl: env.SITE_URL,
    agency: desk.agency,
    perHour: env.MAIL_PER_RECIPIENT_PER_HOUR,
    limits: agencyMailLimits(env),
  };
}

/** The page after a change to a quote: confirmed, or why not. */
function afterChange(change: QuoteChange, formId: string, typed: DeskFormReply["typed"]) {
  if (change.outcome === "not-found") {
    return refused("list", {}, quoteFormMessages.notFound, 404);
  }
  if (change.outcome === "closed") return refused(formId, typed, quoteFormMessages.notOpen);
  if (change.outcome === "chosen") return refused(formId, typed, quoteFormMessages.chosen);
  return saved();
}

/** An uploaded PDF: the insurer's quote document, the bound policy, or another policy document. */
async function fileUpload(desk: QuoteDesk, upload: Upload): Promise<DeskAnswer> {
  const intent = upload.form.get("intent");
  const id = String(upload.form.get("id") ?? "").slice(0, 64);
  if (upload.outcome !== "received") {
    const { problem, status } = unreadUploadRefusal(upload.outcome);
    const formId =
      intent === "policy"
        ? "policy"
        : intent === "certificate"
          ? certificateFormId(id)
          : intent === "add"
            ? "new"
            : "document";
    return refused(formId, parseForm(upload.form, anyForm).payload, problem, status);
  }
  const { db } = desk.services.database;
  if (intent === "add") return addWithDocument(desk, upload.form, upload.file);
  if (intent === "certificate") return issue(desk, id, upload.file);
  if (intent === "policy") {
    const typed = parseForm(upload.form, anyForm).payload;
    const parsed = parseForm(upload.form, bindPolicyFormSchema);
    if (parsed.status !== "success") return invalid("policy", typed, parsed.error ?? {});
    if (!upload.file) return refused("policy", typed, policyMessages.pdf, 400);
    const policy = {
      number: parsed.value.policyNumber,
      start: parsed.value.policyStart,
      end: parsed.value.policyEnd,
    };
    const added = await addPolicy(
      db,
      desk.request,
      policy,
      upload.file,
      desk.visitor,
      sendingFor(desk),
    );
    switch (added.outcome) {
      case "added":
        await queueLeadEvent(desk.services, "policy.issued", desk.request.submissionId, { policy });
        return saved({ emailed: added.emailed, held: added.held });
      case "wrong-type":
        return refused("policy", typed, documentMessages().notPdf, 415);
      case "no-request":
        return refused("policy", typed, policyMessages.noRequest);
      case "not-bound":
        return refused("policy", typed, policyMessages.notBound);
      case "has-policy":
        return refused("policy", typed, policyMessages.hasPolicy);
    }
  }
  if (intent === "policy-document") {
    if (!upload.file) return refused("policy-document", {}, documentMessages().noFile, 400);
    const filing = await attachPolicyDocument(db, desk.request, upload.file, desk.operatorId);
    if (filing.outcome === "filed") return saved();
    return filing.outcome === "wrong-type"
      ? refused("policy-document", {}, documentMessages().notPdf, 415)
      : refused("policy-document", {}, policyMessages.noRequest);
  }
  if (!upload.file) return refused("document", {}, documentMessages().noFile, 400);
  const filing = await attachInsurerQuoteDocument(
    db,
    desk.request,
    id,
    upload.file,
    desk.operatorId,
  );
  switch (filing.outcome) {
    case "filed":
      return saved({ edit: id });
    case "wrong-type":
      return refused("document", {}, documentMessages().notPdf, 415);
    case "closed":
      return refused("document", {}, quoteFormMessages.notOpen);
    case "too-many":
    case "not-found":
      return refused("list", {}, quoteFormMessages.notFound, 404);
  }
}

/**
 * A new quote from the desk's first form, with the insurer's PDF if one was chosen (issue 56): a
 * file that is no PDF refuses the whole form before anything is saved; the quote's page then shows
 * the quote with its document.
 */
async function addWithDocument(
  desk: QuoteDesk,
  form: FormData,
  file: ReceivedFile | undefined,
): Promise<DeskAnswer> {
  const { db } = desk.services.database;
  const typed = parseForm(form, anyForm).payload;
  const today = dayIn(new Date(), desk.services.env.AGENCY_TIME_ZONE);
  const parsed = parseForm(form, insurerQuoteFormSchema(desk.request.lines, today));
  if (parsed.status !== "success") return invalid("new", typed, parsed.error ?? {});
  if (file && !documentTypeOf(file.head, PDF_CONTENT_TYPES)) {
    return refused("new", typed, documentMessages().notPdf, 415);
  }
  const change = await addInsurerQuote(db, desk.request, parsed.value, desk.operatorId);
  if (change.outcome !== "saved" || !file) return afterChange(change, "new", typed);
  const filing = await attachInsurerQuoteDocument(
    db,
    desk.request,
    change.quoteId,
    file,
    desk.operatorId,
  );
  // The quote is saved; had the request closed in between, its form says so beside the PDF form.
  if (filing.outcome !== "filed") return refused("document", {}, quoteFormMessages.notOpen);
  return saved();
}

/**
 * A certificate of insurance issued with its PDF (issue 30): emailed to the visitor and, if they
 * gave the holder's address, to the holder; the page comes back at its certificates.
 */
async function issue(
  desk: QuoteDesk,
  certificateId: string,
  file: ReceivedFile | undefined,
): Promise<DeskAnswer> {
  const formId = certificateFormId(certificateId);
  if (!file) return refused(formId, {}, certificateDeskMessages.pdf, 400);
  const issued = await issueCertificate(
    desk.services.database.db,
    desk.request.submissionId,
    certificateId,
    file,
    desk.visitor,
    sendingFor(desk),
  );
  switch (issued.outcome) {
    case "issued":
      await queueLeadEvent(desk.services, "certificate.issued", desk.request.submissionId, {
        certificate: {
          reference: issued.reference,
          holderName: issued.holderName,
          emailedToHolder: issued.holderEmailed === true,
        },
      });
      return saved({
        emailed: issued.visitorEmailed,
        held: issued.visitorHeld,
        anchor: "certificates",
      });
    case "wrong-type":
      return refused(formId, {}, documentMessages().notPdf, 415);
    case "not-found":
      return refused("list", {}, certificateDeskMessages.notFound, 404);
  }
}

/** One of the page's forms without a file: a quote added, changed or withdrawn, the drafts published, a question asked. */
async function workOnForm(desk: QuoteDesk, form: FormData): Promise<DeskAnswer> {
  const { db } = desk.services.database;
  const intent = form.get("intent");
  const id = String(form.get("id") ?? "").slice(0, 64);
  const typed = parseForm(form, anyForm).payload;
  switch (intent) {
    case "add":
    case "update": {
      const formId = intent === "add" ? "new" : id;
      const today = dayIn(new Date(), desk.services.env.AGENCY_TIME_ZONE);
      const parsed = parseForm(form, insurerQuoteFormSchema(desk.request.lines, today));
      if (parsed.status !== "success") return invalid(formId, typed, parsed.error ?? {});
      const change =
        intent === "add"
          ? await addInsurerQuote(db, desk.request, parsed.value, desk.operatorId)
          : await updateInsurerQuote(db, desk.request, id, parsed.value, desk.operatorId);
      return afterChange(change, formId, typed);
    }
    case "withdraw":
      return afterChange(
        await withdrawInsurerQuote(db, desk.request, id, desk.operatorId),
        "list",
        {},
      );
    case "ask": {
      const parsed = parseForm(form, askQuestionFormSchema);
      if (parsed.status !== "success") return invalid("ask", typed, parsed.error ?? {});
      const { question } = parsed.value;
      const asked = await askQuestion(db, desk.request, question, desk.visitor, sendingFor(desk));
      if (asked.outcome === "not-found") return { outcome: "not-found" };
      if (asked.outcome !== "asked") return refused("ask", typed, quoteFormMessages.notOpen);
      await queueLeadEvent(desk.services, "question.asked", desk.request.submissionId, {
        question: { id: asked.questionId, question },
      });
      return saved({ emailed: asked.emailed, held: asked.held, anchor: "questions" });
    }
    case "subjectivity": {
      // Which of the quote's subjectivities: its place in the list, as the page names it.
      const index = Number(String(form.get("index") ?? "").slice(0, 3));
      const received = form.get("received");
      if (!Number.isInteger(index) || (received !== "yes" && received !== "no")) {
        return { outcome: "bad-request" };
      }
      const today = dayIn(new Date(), desk.services.env.AGENCY_TIME_ZONE);
      const marked = await markSubjectivity(
        db,
        desk.request,
        { quoteId: id, index, day: received === "yes" ? today : null },
        desk.operatorId,
      );
      if (marked === "not-found")
        return refused("subjectivities", {}, quoteFormMessages.notFound, 404);
      return saved({ anchor: "subjectivities" });
    }
    case "renew-as-is":
      return renewingAsIs(desk);
    case "publish":
      return publishDrafts(desk);
    case "bind":
      return bindWithBinder(desk, form);
    case "decline-bind":
      return declineBind(desk, form);
    default:
      return { outcome: "bad-request" };
  }
}

/**
 * "Renew as is" (decision 073): last term's bound quote copied as a draft onto this renewal
 * request, whose form then opens to change it to the insurer's renewal offer.
 */
async function renewingAsIs(desk: QuoteDesk): Promise<DeskAnswer> {
  const today = dayIn(new Date(), desk.services.env.AGENCY_TIME_ZONE);
  const { request } = desk;
  const renewed = await renewAsIs(
    desk.services.database.db,
    { ...request, renewsBindRequestId: request.renewsBindRequestId ?? null },
    desk.operatorId,
    today,
  );
  switch (renewed.outcome) {
    case "saved":
      return saved({ edit: renewed.quoteId });
    case "not-renewal":
      return refused("renew", {}, renewalDeskMessages.notRenewal);
    case "already":
      return refused("renew", {}, renewalDeskMessages.already);
    default:
      return afterChange(renewed, "renew", {});
  }
}

/**
 * The operator as the request's producer of record (decision 063), or why they may not publish or
 * bind it: they must hold a producer licence for the business's state, in force today at the
 * agency, granting the lines of authority its lines need. While the sample details are in use no
 * licence is real, and nothing is refused: the producer is named if their licence fits.
 */
async function producerFor(
  desk: QuoteDesk,
): Promise<{ producer?: ProducerOfRecord; refusal?: string }> {
  const { db } = desk.services.database;
  const today = dayIn(new Date(), desk.services.env.AGENCY_TIME_ZONE);
  const state = desk.request.state;
  const held = await getProducer(db, desk.operatorId);
  if (!state || !isUsState(state)) {
    return desk.agency.sample ? {} : { refusal: producerDeskMessages.noState };
  }
  const producer = producerOfRecord(held, state, desk.request.lines, today);
  if (producer) return { producer };
  const refusal = producerRefusal(held, state, desk.request.lines, today);
  return desk.agency.sample ? {} : { refusal };
}

/** Shows the drafts to the visitor and emails them. */
async function publishDrafts(desk: QuoteDesk): Promise<DeskAnswer> {
  const { db } = desk.services.database;
  const { producer, refusal } = await producerFor(desk);
  if (refusal) return refused("publish", {}, refusal, 403);
  const result = await publishInsurerQuotes(db, desk.request, desk.visitor, {
    ...sendingFor(desk),
    producer,
  });
  switch (result.outcome) {
    case "published":
      await queueLeadEvent(desk.services, "quote.published", desk.request.submissionId);
      return saved({ emailed: result.emailed, held: result.held });
    case "not-found":
      return { outcome: "not-found" };
    case "closed":
      return refused("publish", {}, quoteFormMessages.notOpen);
    case "chosen":
      return refused("publish", {}, quoteFormMessages.chosen);
    case "nothing-to-publish":
      return refused("publish", {}, quoteFormMessages.nothingToPublish);
  }
}

/** The request to bind marked bound with the insurer's binder; the visitor is emailed. */
async function bindWithBinder(desk: QuoteDesk, form: FormData): Promise<DeskAnswer> {
  const typed = parseForm(form, anyForm).payload;
  const parsed = parseForm(form, binderFormSchema);
  if (parsed.status !== "success") return invalid("bind", typed, parsed.error ?? {});
  const { producer, refusal } = await producerFor(desk);
  if (refusal) return refused("bind", typed, refusal, 403);
  const binder = {
    number: parsed.value.binderNumber,
    effective: parsed.value.binderEffective,
    expires: parsed.value.binderExpires,
  };
  const bound = await markBound(
    desk.services.database.db,
    desk.request,
    binder,
    desk.visitor,
    sendingFor(desk),
    producer,
  );
  switch (bound.outcome) {
    case "bound":
      await queueLeadEvent(desk.services, "policy.bound", desk.request.submissionId, { binder });
      return saved({ emailed: bound.emailed, held: bound.held });
    case "no-request":
      return refused("bind", typed, policyMessages.noRequest);
    case "already-bound":
      return refused("bind", typed, policyMessages.alreadyBound);
    case "closed":
      return refused("bind", typed, quoteFormMessages.notOpen);
  }
}

/** The insurer declined the request to bind, or changed its terms; the visitor is emailed. */
async function declineBind(desk: QuoteDesk, form: FormData): Promise<DeskAnswer> {
  const typed = parseForm(form, anyForm).payload;
  const parsed = parseForm(form, bindDeclineFormSchema);
  if (parsed.status !== "success") return invalid("decline-bind", typed, parsed.error ?? {});
  const declined = await declineBindRequest(
    desk.services.database.db,
    desk.request,
    parsed.value,
    desk.visitor,
    sendingFor(desk),
  );
  switch (declined.outcome) {
    case "declined":
      await queueLeadEvent(desk.services, "bind_request.declined", desk.request.submissionId, {
        bindRequest: {
          reference: declined.reference,
          insurer: declined.insurer,
          kind: parsed.value.kind,
          reason: parsed.value.reason,
        },
      });
      return saved({ emailed: declined.emailed, held: declined.held });
    case "no-request":
      return refused("decline-bind", typed, policyMessages.noRequest);
    case "not-waiting":
      return refused("decline-bind", typed, policyMessages.notWaiting);
    case "closed":
      return refused("decline-bind", typed, quoteFormMessages.notOpen);
  }
}
