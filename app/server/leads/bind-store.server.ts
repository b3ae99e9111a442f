/**
 * The visitor's request to bind a quote, and the policy the agency binds from it (issue 29,
 * decision 044). A request to bind is made once per quote request (a replay finds the first and
 * changes nothing) and keeps its evidence exactly: the quote as shown, the choices, the statements'
 * words, the typed name, the time, the address and browser. Binding records the policy number and
 * dates and closes the request as Bound. Each enters the lead's timeline in its transaction.
 */
import { sql } from "kysely";

import {
  bindReference,
  bindRequestedEmail,
  policyBoundEmail,
  type BindRequest,
  type BindStatementId,
  type PaymentChoice,
  type QuoteSeen,
} from "#app/domain/quote/bind-requests.ts";
import { possessive } from "#app/domain/site/possessive.ts";
import { formatCents, isExpired, storedLinesSchema } from "#app/domain/quote/insurer-quotes.ts";
import { quoteStatusLabel } from "#app/domain/leads/lead-desk.ts";
import type { Agency } from "#app/domain/site/agency.ts";
import type { Locale } from "#app/domain/site/locales.ts";
import { isUuid } from "#app/domain/values/ids.ts";
import { documentTypeOf, PDF_CONTENT_TYPES } from "#app/domain/quote/request-documents.ts";

import type { Db } from "#app/server/db/database.server.ts";
import { inTransaction } from "#app/server/db/transactions.server.ts";
import { addActivity } from "#app/server/leads/desk-work.server.ts";
import {
  getInsurerQuote,
  lockOpenRequest,
  queueVisitorLinkEmail,
  type QuotedRequest,
  emailResult,
  type DeskSending,
  type EmailResult,
} from "#app/server/leads/insurer-quote-store.server.ts";
import type { ReceivedFile } from "#app/server/http/multipart-upload.server.ts";
import { insertPolicyDocument } from "#app/server/leads/document-store.server.ts";
import { queueAgencyEmail } from "#app/server/mail/outbox.server.ts";
import type { AgencyMailLimits } from "#app/domain/site/mailbox.ts";
import { setQuoteRequestStatus } from "#app/server/wizard/quote-requests.server.ts";

/** The request to bind on a quote request, if the visitor made one. */
export async function getBindRequest(db: Db, requestId: string): Promise<BindRequest | undefined> {
  const row = await db
    .selectFrom("bind_requests as b")
    .leftJoin("operators as o", "o.id", "b.bound_by")
    .select([
      "b.id",
      "b.reference",
      "b.insurer_quote_id",
      "b.quote_seen",
      "b.payment",
      sql<string>`b.start_date::text`.as("start_date"),
      "b.statements",
      "b.signature_name",
      "b.signed_at",
      "b.client_address",
      "b.user_agent",
      "b.status",
      "b.policy_number",
      sql<string | null>`b.policy_start::text`.as("policy_start"),
      sql<string | null>`b.policy_end::text`.as("policy_end"),
      "b.bound_at",
      "o.email",
    ])
    .where("b.quote_request_id", "=", requestId)
    .executeTakeFirst();
  if (!row) return undefined;
  // Written by this module from the types above; read back as written.
  const seen = row.quote_seen as Omit<QuoteSeen, "lines"> & { lines: unknown };
  return {
    id: row.id,
    reference: row.reference,
    insurerQuoteId: row.insurer_quote_id,
    quoteSeen: { ...seen, lines: storedLinesSchema.parse(seen.lines) },
    payment: row.payment === "monthly" ? "monthly" : "in-full",
    startDate: row.start_date,
    statements: row.statements as { id: string; text: string }[],
    signatureName: row.signature_name,
    signedAt: new Date(row.signed_at),
    clientAddress: row.client_address,
    userAgent: row.user_agent,
    status: row.status === "bound" ? "bound" : "requested",
    policy:
      row.status === "bound" &&
      row.policy_number !== null &&
      row.policy_start !== null &&
      row.policy_end !== null &&
      row.bound_at !== null
        ? {
            number: row.policy_number,
            start: row.policy_start,
            end: row.policy_end,
            boundAt: new Date(row.bound_at),
            boundBy: row.email ?? "",
          }
        : null,
  };
}

/**
 * The application's newest bound policy and the quote request it was bound on: "Your policy" and
 * its certificates find it so, whatever request (a renewal's) came after.
 */
export async function latestBoundPolicy(
  db: Db,
  submissionId: string,
): Promise<
  | { requestId: string; bind: BindRequest & { policy: NonNullable<BindRequest["policy"]> } }
  | undefined
> {
  const row = await db
    .selectFrom("bind_requests")
    .select("quote_request_id")
    .where("submission_id", "=", submissionId)
    .where("status", "=", "bound")
    .orderBy("bound_at", "desc")
    .limit(1)
    .executeTakeFirst();
  const bind = row ? await getBindRequest(db, row.quote_request_id) : undefined;
  return row && bind?.policy
    ? { requestId: row.quote_request_id, bind: { ...bind, policy: bind.policy } }
    : undefined;
}

/** The policy a renewal request renews (its request to bind's id): its number and end. */
export async function renewedPolicy(
  db: Db,
  bindRequestId: string,
): Promise<{ number: string; end: string } | undefined> {
  const row = await db
    .selectFrom("bind_requests")
    .select(["policy_number", sql<string | null>`policy_end::text`.as("policy_end")])
    .where("id", "=", bindRequestId)
    .where("status", "=", "bound")
    .executeTakeFirst();
  return row?.policy_number && row.policy_end
    ? { number: row.policy_number, end: row.policy_end }
    : undefined;
}

/** What asking to bind did. */
export type BindAsking =
  | { outcome: "requested"; reference: string }
  | { outcome: "already"; reference: string }
  | { outcome: "expired" | "estimate" | "not-found" | "closed" };

/**
 * The visitor's request to bind one of their published quotes: a bindable one, not expired, on
 * their open request, and only the first (a replay, or a second quote chosen, finds it and changes
 * nothing). Kept with its evidence; the timeline says so (no operator: the visitor's act); the
 * visitor is emailed that it is with the agency (under their hourly cap) and the agency's address
 * is alerted by the caller.
 */
export async function requestToBind(
  db: Db,
  request: QuotedRequest,
  choice: {
    quoteId: string;
    payment: PaymentChoice;
    startDate: string;
    statements: { id: BindStatementId; text: string }[];
    signatureName: string;
  },
  evidence: { clientAddress: string; userAgent: string | null; today: string },
  visitor: {
    email: string;
    firstName: string | null;
    /** The application's language: the email is written in it. */
    language: Locale;
    agency: Agency;
    /**
     * The desk's hourly limits: the confirmation goes to a customer whose email is proven (only
     * such a browser sees the quotes), as the agency's emails do, so no stranger's count holds it;
     * held, the timeline says "Not sent" with Send again (decision 054).
     */
    limits: AgencyMailLimits;
  },
): Promise<BindAsking> {
  if (!isUuid(choice.quoteId)) return { outcome: "not-found" };
  return inTransaction(db, async (trx): Promise<BindAsking> => {
    const state = await lockOpenRequest(trx, request);
    if (state !== "open") return { outcome: state ?? "not-found" };
    const existing = await trx
      .selectFrom("bind_requests")
      .select("reference")
      .where("quote_request_id", "=", request.id)
      .executeTakeFirst();
    if (existing) return { outcome: "already", reference: existing.reference };
    const quote = await getInsurerQuote(trx, request.id, choice.quoteId);
    if (!quote || quote.status !== "published") return { outcome: "not-found" };
    if (isExpired(quote, evidence.today)) return { outcome: "expired" };
    if (quote.kind !== "bindable") return { outcome: "estimate" };
    const reference = bindReference(request.reference);
    const seen: QuoteSeen = {
      insurer: quote.insurer,
      premiumCents: quote.premiumCents,
      monthlyFeeCents: quote.monthlyFeeCents,
      termStart: quote.termStart,
      termEnd: quote.termEnd,
      validUntil: quote.validUntil,
      lines: quote.lines,
    };
    await trx
      .insertInto("bind_requests")
      .values({
        submission_id: request.submissionId,
        quote_request_id: request.id,
        insurer_quote_id: quote.id,
        reference,
        quote_seen: JSON.stringify(seen),
        payment: choice.payment,
        start_date: choice.startDate,
        statements: JSON.stringify(choice.statements),
        signature_name: choice.signatureName,
        client_address: evidence.clientAddress.slice(0, 100),
        user_agent: evidence.userAgent?.slice(0, 500) ?? null,
      })
      .execute();
    await addActivity(trx, {
      submissionId: request.submissionId,
      operatorId: null,
      kind: "bind",
      body: `${reference}: the visitor asked to bind ${possessive(quote.insurer)} quote (${formatCents(quote.premiumCents)}, paying ${choice.payment === "monthly" ? "monthly" : "in full"}, from ${choice.startDate}), signed "${choice.signatureName}"`,
    });
    const email = bindRequestedEmail({
      firstName: visitor.firstName,
      reference,
      insurer: quote.insurer,
      agency: visitor.agency,
      locale: visitor.language,
    });
    await queueAgencyEmail(
      trx,
      { submissionId: request.submissionId, to: visitor.email, operatorId: null, ...email },
      visitor.limits,
    );
    return { outcome: "requested", reference };
  });
}

/** What binding did. */
export type Binding =
  | ({ outcome: "bound" } & EmailResult)
  | { outcome: "no-request" | "already-bound" | "closed" | "wrong-type" };

/**
 * Marks the request to bind Bound with the policy's number and dates and files the policy's PDF:
 * the quote request becomes Bound (kept in its history as the operator's write), the timeline says
 * so, and the visitor is emailed a one-time link that opens their policy (an agency email, decision
 * 054).
 * One transaction: the policy, its document and its email go together, or nothing does.
 */
export async function bindPolicy(
  db: Db,
  request: QuotedRequest,
  policy: { number: string; start: string; end: string },
  file: ReceivedFile,
  visitor: { email: string; firstName: string | null; language: Locale },
  options: DeskSending,
): Promise<Binding> {
  if (!documentTypeOf(file.head, PDF_CONTENT_TYPES)) return { outcome: "wrong-type" };
  return inTransaction(db, async (trx): Promise<Binding> => {
    const state = await lockOpenRequest(trx, request);
    if (state === undefined) return { outcome: "no-request" };
    const bindRequest = await trx
      .selectFrom("bind_requests as b")
      .innerJoin("insurer_quotes as q", "q.id", "b.insurer_quote_id")
      .select(["b.id", "b.status", "b.reference", "q.insurer"])
      .where("b.quote_request_id", "=", request.id)
      .executeTakeFirst();
    if (!bindRequest) return { outcome: "no-request" };
    if (bindRequest.status === "bound") return { outcome: "already-bound" };
    if (state !== "open") return { outcome: "closed" };
    await trx
      .updateTable("bind_requests")
      .set({
        status: "bound",
        policy_number: policy.number,
        policy_start: policy.start,
        policy_end: policy.end,
        bound_at: sql`now()`,
        bound_by: options.operatorId,
      })
      .where("id", "=", bindRequest.id)
      .execute();
    // Filed first, so that the timeline's newest entry is the binding itself.
    await insertPolicyDocument(trx, request, file, options.operatorId);
    const status = await trx
      .selectFrom("quote_requests")
      .select("status")
      .where("id", "=", request.id)
      .executeTakeFirstOrThrow();
    await setQuoteRequestStatus(trx, request.id, "bound", options.operatorId);
    await addActivity(trx, {
      submissionId: request.submissionId,
      operatorId: options.operatorId,
      kind: "status",
      body: `${request.reference}: ${quoteStatusLabel(status.status)} → ${quoteStatusLabel("bound")}`,
    });
    await addActivity(trx, {
      submissionId: request.submissionId,
      operatorId: options.operatorId,
      kind: "bind",
      body: `${bindRequest.reference}: bound by ${bindRequest.insurer}, policy ${policy.number}, ${policy.start} to ${policy.end}`,
    });
    const sent = await queueVisitorLinkEmail(trx, request.submissionId, visitor.email, {
      siteUrl: options.siteUrl,
      operatorId: options.operatorId,
      limits: options.limits,
      opens: "policy",
      locale: visitor.language,
      render: (link) =>
        policyBoundEmail({
          firstName: visitor.firstName,
          insurer: bindRequest.insurer,
          policyNumber: policy.number,
          start: policy.start,
          end: policy.end,
          link,
          agency: options.agency,
          locale: visitor.language,
        }),
    });
    return { outcome: "bound", ...emailResult(sent) };
  });
}
