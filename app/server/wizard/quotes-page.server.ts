import { isOpenQuoteStatus } from "#app/domain/leads/lead-desk.ts";
import { bindPath } from "#app/domain/quote/bind-requests.ts";
import {
  comparisonRows,
  dayText,
  declineReasonLabel,
  formatCents,
  isExpired,
  producerLine,
  quoteKindWords,
  surplusLinesNotice,
} from "#app/domain/quote/insurer-quotes.ts";
import { totalCents } from "#app/domain/quote/quote-proposal.ts";
import {
  formatBytes,
  visitorDocumentKindLabel,
  visitorDocumentPath,
  type RequestDocument,
} from "#app/domain/quote/request-documents.ts";
import type { Agency } from "#app/domain/site/agency.ts";
import type { Locale } from "#app/domain/site/locales.ts";
import { linkPath } from "#app/domain/site/site-pages.ts";
import { dayIn } from "#app/domain/values/time-zones.ts";
import { m } from "#app/paraglide/messages.js";
import { requestLocale } from "#app/server/http/site-languages.server.ts";
import { getBindRequest } from "#app/server/leads/bind-store.server.ts";
import { listRequestDocuments } from "#app/server/leads/document-store.server.ts";
import { listInsurerQuotes } from "#app/server/leads/insurer-quote-store.server.ts";
import { listQuestions } from "#app/server/leads/question-store.server.ts";
import type { AppServices } from "#app/server/services.server.ts";
import { applicationStage } from "#app/server/wizard/application-stage.server.ts";
import { ownQuotesReady, provenApplication } from "#app/server/wizard/proven-visitor.server.ts";
import { getDraft } from "#app/server/wizard/wizard-drafts.server.ts";
import { getProducerOfRecord } from "#app/server/admin/producers.server.ts";

/**
 * The agency's published quotes for this browser's application, side by side (issue 29). Shown
 * only to a browser that proved the application's email by opening a link sent to it (decision
 * 030): "Your quotes are ready" carries one. Anyone else is told how to get that link. What the
 * page shows (routes/wizard/quotes.tsx), by its `state`; its forms are visitor-quotes.server.ts's.
 */
export async function visitorQuotesPage(services: AppServices, agency: Agency, request: Request) {
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
  const [quotes, documents, questions, bind, stage, producer] = await Promise.all([
    listInsurerQuotes(db, quoteRequest.id, "published"),
    listRequestDocuments(db, quoteRequest.id),
    listQuestions(db, quoteRequest.id),
    getBindRequest(db, quoteRequest.id),
    // Where the customer is: a quote chosen is Purchase on the progress bar, a policy bound is past it.
    applicationStage(db, proven.submission.id, true),
    getProducerOfRecord(db, quoteRequest.id),
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
    // The customer's own question just sent (issue 55).
    askedNow: search.has("asked"),
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
    // The licensed producer who published the quotes, with their licence number (decision 063).
    producer: producer ? producerLine(producer, locale) : undefined,
    declined:
      quoteRequest.status === "lost" && quoteRequest.lostReason !== null
        ? { reason: declineReasonLabel(quoteRequest.lostReason, locale) }
        : undefined,
    // The insurer's declining (or changing the terms of) the newest request to bind (issue 55).
    bindAnswer: bind?.declined
      ? {
          kind: bind.declined.kind,
          insurer: bind.quoteSeen.insurer,
          reference: bind.reference,
          reason: bind.declined.reason,
        }
      : null,
    chosen:
      bind && bind.status !== "declined"
        ? {
            insurer: bind.quoteSeen.insurer,
            reference: bind.reference,
            on: dayOf(bind.signedAt),
            bound: bind.policy !== null,
            binder:
              bind.binder && !bind.policy
                ? {
                    number: bind.binder.number,
                    effective: dayText(bind.binder.effective, locale),
                  }
                : null,
            // Just asked for: confirmed at the top of the page (decision 055).
            now: search.has("bind-requested") && bind.policy === null,
          }
        : null,
    headings: quotes.map((quote) => ({
      id: quote.id,
      insurer: quote.insurer,
      estimate: quote.kind === "estimate",
      kindWords: quoteKindWords(quote.kind, locale),
      // What the insured pays in all: the parts of the price the agent entered, added up.
      total: formatCents(totalCents(quote)),
      nonAdmitted: quote.market === "non-admitted",
      expired: isExpired(quote, today),
      pdf: pdfOf(quote.id),
      // A bindable quote, not expired, while nothing is chosen yet: "Choose this quote".
      choose:
        open &&
        (!bind || bind.status === "declined") &&
        quote.kind === "bindable" &&
        !isExpired(quote, today)
          ? linkPath(bindPath(quote.id), locale)
          : undefined,
    })),
    rows: comparisonRows(quotes, quoteRequest.lines, today, locale),
    // Each surplus lines quote's notice (docs/proposal-rules.md).
    notices: quotes.flatMap((quote) => {
      const text = surplusLinesNotice(quote, locale);
      return text ? [{ id: quote.id, text }] : [];
    }),
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
