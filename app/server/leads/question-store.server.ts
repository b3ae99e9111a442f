/**
 * The agency's questions to the visitor on a quote request, and their answers (issue 29). Asking
 * emails the visitor a one-time link that opens their quotes, where they answer; an answer is
 * written once and kept as sent. Each enters the lead's timeline in the same transaction: the
 * question with its operator, the answer with none (the visitor's act).
 */
import { sql } from "kysely";

import { questionAskedEmail, type RequestQuestion } from "#app/domain/quote/request-questions.ts";
import type { Locale } from "#app/domain/site/locales.ts";
import { isUuid } from "#app/domain/values/ids.ts";
import { RESUME_LINK_DAYS } from "#app/domain/wizard/resume-links.ts";

import type { Db } from "#app/server/db/database.server.ts";
import { inTransaction } from "#app/server/db/transactions.server.ts";
import { addActivity } from "#app/server/leads/desk-work.server.ts";
import {
  lockOpenRequest,
  queueVisitorLinkEmail,
  type QuotedRequest,
  emailResult,
  type DeskSending,
  type EmailResult,
} from "#app/server/leads/insurer-quote-store.server.ts";

/** A request's questions, in the order they were asked. */
export async function listQuestions(db: Db, requestId: string): Promise<RequestQuestion[]> {
  const rows = await db
    .selectFrom("request_questions as q")
    .innerJoin("operators as o", "o.id", "q.asked_by")
    .select(["q.id", "q.question", "o.email", "q.asked_at", "q.answer", "q.answered_at"])
    .where("q.quote_request_id", "=", requestId)
    .orderBy("q.asked_at")
    .orderBy("q.id")
    .execute();
  return rows.map((row) => ({
    id: row.id,
    question: row.question,
    askedBy: row.email,
    askedAt: new Date(row.asked_at),
    answer: row.answer,
    answeredAt: row.answered_at === null ? null : new Date(row.answered_at),
  }));
}

/** A question's first words, for the timeline. */
function excerpt(text: string): string {
  return text.length <= 80 ? text : `${text.slice(0, 79)}…`;
}

/** What asking did. */
export type Asking =
  ({ outcome: "asked"; questionId: string } & EmailResult) | { outcome: "closed" | "not-found" };

/**
 * Asks the visitor a question on their open request: kept, entered on the timeline, and the
 * visitor is emailed a one-time link to answer it, as an agency email (decision 054: held by the
 * desk's hourly limits or an unproven email, the question is still asked, `emailed` is false and
 * the timeline says why).
 */
export async function askQuestion(
  db: Db,
  request: QuotedRequest,
  question: string,
  visitor: { email: string; firstName: string | null; language: Locale },
  options: DeskSending,
): Promise<Asking> {
  return inTransaction(db, async (trx): Promise<Asking> => {
    const state = await lockOpenRequest(trx, request);
    if (state !== "open") return { outcome: state ?? "not-found" };
    const { id } = await trx
      .insertInto("request_questions")
      .values({
        submission_id: request.submissionId,
        quote_request_id: request.id,
        question,
        asked_by: options.operatorId,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await addActivity(trx, {
      submissionId: request.submissionId,
      operatorId: options.operatorId,
      kind: "question",
      body: `${request.reference}: question asked ("${excerpt(question)}")`,
    });
    const sent = await queueVisitorLinkEmail(trx, request.submissionId, visitor.email, {
      siteUrl: options.siteUrl,
      operatorId: options.operatorId,
      limits: options.limits,
      locale: visitor.language,
      render: (link) =>
        questionAskedEmail({
          firstName: visitor.firstName,
          reference: request.reference,
          link,
          linkDays: RESUME_LINK_DAYS,
          agency: options.agency,
          locale: visitor.language,
        }),
    });
    return { outcome: "asked", questionId: id, ...emailResult(sent) };
  });
}

/** What answering did. */
export type Answering = "answered" | "closed" | "not-found";

/**
 * The visitor's answer to a question of their open request, once: a question already answered, or
 * another request's, is "not-found". Entered on the timeline with no operator.
 */
export async function answerQuestion(
  db: Db,
  request: QuotedRequest,
  questionId: string,
  answer: string,
): Promise<Answering> {
  if (!isUuid(questionId)) return "not-found";
  return inTransaction(db, async (trx): Promise<Answering> => {
    const state = await lockOpenRequest(trx, request);
    if (state !== "open") return state ?? "not-found";
    const row = await trx
      .updateTable("request_questions")
      .set({ answer, answered_at: sql`now()` })
      .where("id", "=", questionId)
      .where("quote_request_id", "=", request.id)
      .where("answer", "is", null)
      .returning("question")
      .executeTakeFirst();
    if (!row) return "not-found";
    await addActivity(trx, {
      submissionId: request.submissionId,
      operatorId: null,
      kind: "question",
      body: `${request.reference}: the visitor answered "${excerpt(row.question)}"`,
    });
    return "answered";
  });
}
