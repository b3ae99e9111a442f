/**
 * What the customer tells the agency on their own (issue 55): a question they ask their agent from
 * their quotes or policy page, kept in their words with its language, entered on the lead's
 * timeline with no operator (the customer did it), and waiting in the desk's Needs action until an
 * operator marks it dealt with. (Declining every quote waits there too: insurer-quote-store.)
 */
import { sql } from "kysely";

import { isLocale } from "#app/domain/site/locales.ts";

import type { Db } from "#app/server/db/database.server.ts";
import { inTransaction } from "#app/server/db/transactions.server.ts";
import { addActivity } from "#app/server/leads/desk-work.server.ts";
import type { QuotedRequest } from "#app/server/leads/insurer-quote-store.server.ts";

/** A customer's question, as the desk lists it. */
export interface CustomerQuestion {
  id: string;
  question: string;
  language: "en" | "es";
  askedAt: Date;
  handledAt: Date | null;
}

/** Keeps the customer's question on their quote request; its id. */
export async function askTheAgent(
  db: Db,
  request: QuotedRequest,
  question: string,
): Promise<string | undefined> {
  return inTransaction(db, async (trx) => {
    const row = await trx
      .insertInto("customer_messages")
      .columns(["submission_id", "quote_request_id", "kind", "body", "language"])
      .expression((eb) =>
        eb
          .selectFrom("quote_requests as r")
          .innerJoin("business_wizard_submissions as s", "s.id", "r.submission_id")
          .select([
            "r.submission_id",
            "r.id",
            sql.lit("question").as("kind"),
            sql<string>`${question}::text`.as("body"),
            "s.language",
          ])
          .where("r.id", "=", request.id)
          .where("r.submission_id", "=", request.submissionId),
      )
      .returning("id")
      .executeTakeFirst();
    if (!row) return undefined;
    const excerpt = question.length <= 80 ? question : `${question.slice(0, 79)}…`;
    await addActivity(trx, {
      submissionId: request.submissionId,
      operatorId: null,
      kind: "question",
      body: `${request.reference}: the customer asked "${excerpt}"`,
    });
    return row.id;
  });
}

/** The customer's questions on a quote request, oldest first. */
export async function listCustomerQuestions(
  db: Db,
  requestId: string,
): Promise<CustomerQuestion[]> {
  const rows = await db
    .selectFrom("customer_messages")
    .select(["id", "body", "language", "created_at", "handled_at"])
    .where("quote_request_id", "=", requestId)
    .where("kind", "=", "question")
    .orderBy("created_at")
    .orderBy("id")
    .execute();
  return rows.map((row) => ({
    id: row.id,
    question: row.body,
    language: isLocale(row.language) ? row.language : "en",
    askedAt: new Date(row.created_at),
    handledAt: row.handled_at ? new Date(row.handled_at) : null,
  }));
}
