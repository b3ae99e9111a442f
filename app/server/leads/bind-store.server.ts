/**
 * The visitor's request to bind a quote, and the policy the agency binds from it (issue 29,
 * decision 044). A request to bind is made once per quote request (a replay finds the first and
 * changes nothing) and keeps its evidence exactly: the quote as shown, the choices, the statements'
 * words, the typed name, the time, the address and browser. Binding records the policy number and
 * dates and closes the request as Bound. Each enters the lead's timeline in its transaction.
 */
import { sql } from "kysely";

import {
  bindDeclinedEmail,
  binderEmail,
  bindReference,
  bindRequestedEmail,
  DOCUMENTS_BY,
  policyBoundEmail,
  TRIA_CHOICES,
  triaOfferOf,
  type BindRequest,
  type BindStatementId,
  type DeclineKind,
  type DocumentsBy,
  type EsignConsent,
  type PaymentChoice,
  type QuoteSeen,
  type TriaChoice,
} from "#app/domain/quote/bind-requests.ts";
import { possessive } from "#app/domain/site/possessive.ts";
import { lineName } from "#app/domain/quote/quote-request.ts";
import { formatCents, isExpired, storedLinesSchema } from "#app/domain/quote/insurer-quotes.ts";
import { quoteStatusLabel } from "#app/domain/leads/lead-desk.ts";
import type { LeadRecord } from "#app/domain/leads/lead-record.ts";
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
import { getProducerOfRecord, recordProducerOfRecord } from "#app/server/admin/producers.server.ts";
import type { ProducerOfRecord } from "#app/domain/leads/producer-licenses.ts";
import { queueAgencyEmail } from "#app/server/mail/outbox.server.ts";
import type { AgencyMailLimits } from "#app/domain/site/mailbox.ts";
import { setQuoteRequestStatus } from "#app/server/wizard/quote-requests.server.ts";

/** The newest request to bind on a quote request, if the visitor made one. */
export async function getBindRequest(db: Db, requestId: string): Promise<BindRequest | undefined> {
  const row = await db
    .selectFrom("bind_requests as b")
    .leftJoin("operators as o", "o.id", "b.bound_by")
    .leftJoin("operators as d", "d.id", "b.declined_by")
    .select([
      "b.id",
      "b.reference",
      "b.insurer_quote_id",
      "b.quote_seen",
      "b.payment",
      sql<string>`b.start_date::text`.as("start_date"),
      "b.statements",
      "b.consent",
      "b.documents_by",
      "b.tria",
      "b.signature_name",
      "b.signed_at",
      "b.client_address",
      "b.user_agent",
      "b.status",
      "b.binder_number",
      sql<string | null>`b.binder_effective::text`.as("binder_effective"),
      sql<string | null>`b.binder_expires::text`.as("binder_expires"),
      "b.policy_number",
      sql<string | null>`b.policy_start::text`.as("policy_start"),
      sql<string | null>`b.policy_end::text`.as("policy_end"),
      "b.bound_at",
      "o.email",
      "b.declined_at",
      "b.decline_kind",
      "b.decline_reason",
      "d.email as declined_by_email",
    ])
    .where("b.quote_request_id", "=", requestId)
    .orderBy("b.signed_at", "desc")
    .orderBy("b.id", "desc")
    .limit(1)
    .executeTakeFirst();
  if (!row) return undefined;
  // Written by this module from the types above; read back as written.
  const seen = row.quote_seen as Omit<QuoteSeen, "lines"> & { lines: unknown };
  const bound = row.status === "bound" && row.bound_at !== null;
  return {
    id: row.id,
    reference: row.reference,
    insurerQuoteId: row.insurer_quote_id,
    quoteSeen: { ...seen, lines: storedLinesSchema.parse(seen.lines) },
    payment: row.payment === "monthly" ? "monthly" : "in-full",
    startDate: row.start_date,
    statements: row.statements as { id: string; text: string }[],
    // Written by requestToBind from EsignConsent; null for a request made before it.
    consent: (row.consent as EsignConsent | null) ?? null,
    documentsBy: DOCUMENTS_BY.find((by) => by === row.documents_by) ?? null,
    tria: TRIA_CHOICES.find((choice) => choice === row.tria) ?? null,
    signatureName: row.signature_name,
    signedAt: new Date(row.signed_at),
    clientAddress: row.client_address,
    userAgent: row.user_agent,
    status: bound ? "bound" : row.status === "declined" ? "declined" : "requested",
    bound: bound && row.bound_at ? { at: new Date(row.bound_at), by: row.email ?? "" } : null,
    binder:
      row.binder_number !== null && row.binder_effective !== null && row.binder_expires !== null
        ? {
            number: row.binder_number,
            effective: row.binder_effective,
            expires: row.binder_expires,
          }
        : null,
    policy:
      bound &&
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
    declined:
      row.status === "declined" && row.declined_at !== null && row.decline_reason !== null
        ? {
            kind: row.decline_kind === "changed-terms" ? "changed-terms" : "declined",
            reason: row.decline_reason,
            at: new Date(row.declined_at),
            by: row.declined_by_email ?? "",
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
  /** Only this policy (its request to bind's id): the one a renewal request renews. */
  bindRequestId?: string,
): Promise<
  | {
      requestId: string;
      requestReference: string;
      bind: BindRequest & { policy: NonNullable<BindRequest["policy"]> };
    }
  | undefined
> {
  const row = await db
    .selectFrom("bind_requests as b")
    .innerJoin("quote_requests as r", "r.id", "b.quote_request_id")
    .select(["b.quote_request_id", "r.reference"])
    .where("b.submission_id", "=", submissionId)
    .where("b.status", "=", "bound")
    .where("b.policy_number", "is not", null)
    .$if(bindRequestId !== undefined, (query) => query.where("b.id", "=", bindRequestId ?? ""))
    .orderBy("b.bound_at", "desc")
    .limit(1)
    .executeTakeFirst();
  const bind = row ? await getBindRequest(db, row.quote_request_id) : undefined;
  // The newest on its request is the bound one: a request bound is never followed by another.
  return row && bind?.policy
    ? {
        requestId: row.quote_request_id,
        requestReference: row.reference,
        bind: { ...bind, policy: bind.policy },
      }
    : undefined;
}

/** One of the customer's bound policies (or binders), with its request's lines. */
export interface CustomerPolicy {
  requestId: string;
  requestReference: string;
  lines: string[];
  bind: BindRequest;
}

/**
 * Every request of the customer the agency bound (issue 56: lines quoted by different insurers,
 * bound separately), oldest first: each under its binder or its policy.
 */
export async function listCustomerPolicies(
  db: Db,
  submissionId: string,
): Promise<CustomerPolicy[]> {
  const rows = await db
    .selectFrom("bind_requests as b")
    .innerJoin("quote_requests as r", "r.id", "b.quote_request_id")
    .select(["b.quote_request_id", "r.reference", "r.lines"])
    .where("b.submission_id", "=", submissionId)
    .where("b.status", "=", "bound")
    .orderBy("b.bound_at")
    .orderBy("b.id")
    .execute();
  const binds = await Promise.all(rows.map((row) => getBindRequest(db, row.quote_request_id)));
  return rows.flatMap((row, index) => {
    const bind = binds[index];
    return bind?.status === "bound"
      ? [
          {
            requestId: row.quote_request_id,
            requestReference: row.reference,
            lines: row.lines,
            bind,
          },
        ]
      : [];
  });
}

/** The policy a renewal request renews (its request to bind's id): number, term, insurer, quote. */
export async function renewedPolicy(
  db: Db,
  bindRequestId: string,
): Promise<
  { number: string; start: string; end: string; insurer: string; quoteId: string } | undefined
> {
  const row = await db
    .selectFrom("bind_requests as b")
    .innerJoin("insurer_quotes as q", "q.id", "b.insurer_quote_id")
    .select([
      "b.policy_number",
      sql<string | null>`b.policy_start::text`.as("policy_start"),
      sql<string | null>`b.policy_end::text`.as("policy_end"),
      "q.insurer",
      "q.id as quote_id",
    ])
    .where("b.id", "=", bindRequestId)
    .where("b.status", "=", "bound")
    .executeTakeFirst();
  return row?.policy_number && row.policy_start && row.policy_end
    ? {
        number: row.policy_number,
        start: row.policy_start,
        end: row.policy_end,
        insurer: row.insurer,
        quoteId: row.quote_id,
      }
    : undefined;
}

/** What asking to bind did. */
export type BindAsking =
  | { outcome: "requested"; reference: string }
  | { outcome: "already"; reference: string }
  | { outcome: "expired" | "estimate" | "not-found" | "closed" | "tria" };

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
    /** The consent to sign electronically, in the words the page showed. */
    consent: EsignConsent;
    documentsBy: DocumentsBy;
    /** The answer to the quote's TRIA offer: kept only where the quote makes one. */
    tria: TriaChoice | undefined;
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
    const earlier = await trx
      .selectFrom("bind_requests")
      .select(["reference", "status"])
      .where("quote_request_id", "=", request.id)
      .execute();
    const standing = earlier.find((bind) => bind.status !== "declined");
    if (standing) return { outcome: "already", reference: standing.reference };
    const quote = await getInsurerQuote(trx, request.id, choice.quoteId);
    if (!quote || quote.status !== "published") return { outcome: "not-found" };
    if (isExpired(quote, evidence.today)) return { outcome: "expired" };
    if (quote.kind !== "bindable") return { outcome: "estimate" };
    const offer = triaOfferOf(quote);
    if (offer && choice.tria === undefined) return { outcome: "tria" };
    // After a request the insurer declined, the next is "-B2", "-B3"...
    const reference = `${bindReference(request.reference)}${earlier.length > 0 ? earlier.length + 1 : ""}`;
    const seen: QuoteSeen = {
      tria: offer,
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
        consent: JSON.stringify(choice.consent),
        documents_by: choice.documentsBy,
        tria: offer ? (choice.tria ?? null) : null,
        signature_name: choice.signatureName,
        client_address: evidence.clientAddress.slice(0, 100),
        user_agent: evidence.userAgent?.slice(0, 500) ?? null,
      })
      .execute();
    await addActivity(trx, {
      submissionId: request.submissionId,
      operatorId: null,
      kind: "bind",
      body: `${reference}: the visitor asked to bind ${possessive(quote.insurer)} quote (${formatCents(quote.premiumCents)}, paying ${choice.payment === "monthly" ? "monthly" : "in full"}, from ${choice.startDate}${offer ? `, terrorism cover ${choice.tria ?? ""}` : ""}, documents ${choice.documentsBy === "paper" ? "on paper by mail" : "by email"}), signed "${choice.signatureName}"`,
    });
    const email = bindRequestedEmail({
      firstName: visitor.firstName,
      reference,
      insurer: quote.insurer,
      agency: visitor.agency,
      locale: visitor.language,
      producer: await getProducerOfRecord(trx, request.id),
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
  ({ outcome: "bound" } & EmailResult) | { outcome: "no-request" | "already-bound" | "closed" };

/** The request's standing request to bind (not declined), locked, with its insurer. */
async function lockStandingBind(trx: Db, requestId: string) {
  return trx
    .selectFrom("bind_requests as b")
    .innerJoin("insurer_quotes as q", "q.id", "b.insurer_quote_id")
    .select(["b.id", "b.status", "b.reference", "b.policy_number", "q.insurer", "q.id as quote_id"])
    .where("b.quote_request_id", "=", requestId)
    .where("b.status", "<>", "declined")
    .forUpdate()
    .executeTakeFirst();
}

/**
 * Marks the request to bind Bound with the insurer's binder (its number, the day it starts and
 * the day it expires): the quote request becomes Bound (kept in its history as the operator's
 * write), the timeline says so, and the visitor is emailed a one-time link that opens their
 * policy's page, where the binder shows until the policy comes (an agency email, decision 054).
 * The operator who binds becomes the producer of record (`producer`, their licence for the
 * business's state, decision 063), whom the email names. The policy follows with addPolicy. One
 * transaction.
 */
export async function markBound(
  db: Db,
  request: QuotedRequest,
  binder: { number: string; effective: string; expires: string },
  visitor: { email: string; firstName: string | null; language: Locale },
  options: DeskSending,
  producer?: ProducerOfRecord,
): Promise<Binding> {
  return inTransaction(db, async (trx): Promise<Binding> => {
    const state = await lockOpenRequest(trx, request);
    if (state === undefined) return { outcome: "no-request" };
    const bindRequest = await lockStandingBind(trx, request.id);
    if (!bindRequest) return { outcome: "no-request" };
    if (bindRequest.status === "bound") return { outcome: "already-bound" };
    if (state !== "open") return { outcome: "closed" };
    await trx
      .updateTable("bind_requests")
      .set({
        status: "bound",
        binder_number: binder.number,
        binder_effective: binder.effective,
        binder_expires: binder.expires,
        bound_at: sql`now()`,
        bound_by: options.operatorId,
      })
      .where("id", "=", bindRequest.id)
      .execute();
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
      body: `${bindRequest.reference}: bound by ${bindRequest.insurer} under binder ${binder.number}, from ${binder.effective}, expires ${binder.expires}`,
    });
    if (producer && options.operatorId) {
      await recordProducerOfRecord(trx, request.id, options.operatorId, producer);
    }
    const namedProducer = await getProducerOfRecord(trx, request.id);
    const sent = await queueVisitorLinkEmail(trx, request.submissionId, visitor.email, {
      siteUrl: options.siteUrl,
      operatorId: options.operatorId,
      limits: options.limits,
      opens: "policy",
      locale: visitor.language,
      render: (link) =>
        binderEmail({
          firstName: visitor.firstName,
          insurer: bindRequest.insurer,
          binder,
          link,
          agency: options.agency,
          locale: visitor.language,
          producer: namedProducer,
        }),
    });
    return { outcome: "bound", ...emailResult(sent) };
  });
}

/** What adding the policy did. */
export type PolicyAdding =
  | ({ outcome: "added" } & EmailResult)
  | { outcome: "no-request" | "not-bound" | "has-policy" | "wrong-type" };

/**
 * The policy the insurer issued on a bound request: its number, dates and PDF. The binder stays as
 * it was; the timeline says so and the visitor is emailed a one-time link to "Your policy". One
 * transaction: the policy, its document and its email go together, or nothing does.
 */
export async function addPolicy(
  db: Db,
  request: QuotedRequest,
  policy: { number: string; start: string; end: string },
  file: ReceivedFile,
  visitor: { email: string; firstName: string | null; language: Locale },
  options: DeskSending,
): Promise<PolicyAdding> {
  if (!documentTypeOf(file.head, PDF_CONTENT_TYPES)) return { outcome: "wrong-type" };
  return inTransaction(db, async (trx): Promise<PolicyAdding> => {
    const state = await lockOpenRequest(trx, request);
    if (state === undefined) return { outcome: "no-request" };
    const bindRequest = await lockStandingBind(trx, request.id);
    if (!bindRequest) return { outcome: "no-request" };
    if (bindRequest.status !== "bound") return { outcome: "not-bound" };
    if (bindRequest.policy_number !== null) return { outcome: "has-policy" };
    await trx
      .updateTable("bind_requests")
      .set({
        policy_number: policy.number,
        policy_start: policy.start,
        policy_end: policy.end,
        policy_added_at: sql`now()`,
        policy_added_by: options.operatorId,
      })
      .where("id", "=", bindRequest.id)
      .execute();
    // Filed first, so that the timeline's newest entry is the policy itself.
    await insertPolicyDocument(trx, request, file, options.operatorId);
    await addActivity(trx, {
      submissionId: request.submissionId,
      operatorId: options.operatorId,
      kind: "bind",
      body: `${bindRequest.reference}: ${bindRequest.insurer} issued policy ${policy.number}, ${policy.start} to ${policy.end}`,
    });
    const namedProducer = await getProducerOfRecord(trx, request.id);
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
          producer: namedProducer,
        }),
    });
    return { outcome: "added", ...emailResult(sent) };
  });
}

/** What recording the insurer's declining did. */
export type BindDeclining =
  | ({ outcome: "declined"; reference: string; insurer: string } & EmailResult)
  | { outcome: "no-request" | "not-waiting" | "closed" };

/**
 * The insurer declined the request to bind, or will bind only on changed terms: the request is
 * Declined with the kind and the reason, the quote chosen is withdrawn (its terms no longer stand:
 * changed terms come as a new quote), the quote request stays open so the visitor may choose
 * another, the timeline says so and the visitor is emailed what happens next with a link to their
 * quotes. One transaction.
 */
export async function declineBindRequest(
  db: Db,
  request: QuotedRequest,
  answer: { kind: DeclineKind; reason: string },
  visitor: { email: string; firstName: string | null; language: Locale },
  options: DeskSending,
): Promise<BindDeclining> {
  return inTransaction(db, async (trx): Promise<BindDeclining> => {
    const state = await lockOpenRequest(trx, request);
    if (state === undefined) return { outcome: "no-request" };
    const bindRequest = await lockStandingBind(trx, request.id);
    if (!bindRequest) return { outcome: "no-request" };
    if (bindRequest.status !== "requested") return { outcome: "not-waiting" };
    if (state !== "open") return { outcome: "closed" };
    await trx
      .updateTable("bind_requests")
      .set({
        status: "declined",
        declined_at: sql`now()`,
        declined_by: options.operatorId,
        decline_kind: answer.kind,
        decline_reason: answer.reason,
      })
      .where("id", "=", bindRequest.id)
      .execute();
    await trx
      .updateTable("insurer_quotes")
      .set({ status: "withdrawn", updated_at: sql`now()` })
      .where("id", "=", bindRequest.quote_id)
      .execute();
    await addActivity(trx, {
      submissionId: request.submissionId,
      operatorId: options.operatorId,
      kind: "bind",
      body: `${bindRequest.reference}: ${bindRequest.insurer} ${answer.kind === "declined" ? "declined to bind it" : "will bind only on changed terms"} ("${answer.reason.length <= 80 ? answer.reason : `${answer.reason.slice(0, 79)}…`}"); its quote withdrawn`,
    });
    const sent = await queueVisitorLinkEmail(trx, request.submissionId, visitor.email, {
      siteUrl: options.siteUrl,
      operatorId: options.operatorId,
      limits: options.limits,
      locale: visitor.language,
      render: (link) =>
        bindDeclinedEmail({
          firstName: visitor.firstName,
          insurer: bindRequest.insurer,
          reference: bindRequest.reference,
          kind: answer.kind,
          reason: answer.reason,
          link,
          agency: options.agency,
          locale: visitor.language,
        }),
    });
    return {
      outcome: "declined",
      reference: bindRequest.reference,
      insurer: bindRequest.insurer,
      ...emailResult(sent),
    };
  });
}

/**
 * Every bound request of each submission, oldest first, as the lead record carries it (since 1.4,
 * decision 070): the request's lines, the insurer, the binder and the policy.
 */
export async function policyRecords(
  db: Db,
  submissionIds: readonly string[],
): Promise<Map<string, LeadRecord["policies"]>> {
  const records = new Map<string, LeadRecord["policies"]>();
  if (submissionIds.length === 0) return records;
  const rows = await db
    .selectFrom("bind_requests as b")
    .innerJoin("quote_requests as r", "r.id", "b.quote_request_id")
    .select([
      "b.submission_id",
      "r.reference",
      "r.lines",
      sql<string>`b.quote_seen->>'insurer'`.as("insurer"),
      "b.binder_number",
      sql<string | null>`b.binder_effective::text`.as("binder_effective"),
      sql<string | null>`b.binder_expires::text`.as("binder_expires"),
      "b.policy_number",
      sql<string | null>`b.policy_start::text`.as("policy_start"),
      sql<string | null>`b.policy_end::text`.as("policy_end"),
    ])
    .where("b.submission_id", "in", submissionIds)
    .where("b.status", "=", "bound")
    .orderBy("b.bound_at")
    .orderBy("b.id")
    .execute();
  for (const row of rows) {
    const list = records.get(row.submission_id) ?? [];
    list.push({
      requestReference: row.reference,
      lines: row.lines.map((line) => ({ line, name: lineName(line) })),
      insurer: row.insurer,
      binder: binderOf(row),
      policy: policyOf(row),
    });
    records.set(row.submission_id, list);
  }
  return records;
}

/** A bound request's binder from its columns (read as text), or null before one is recorded. */
function binderOf(row: {
  binder_number: string | null;
  binder_effective: string | null;
  binder_expires: string | null;
}) {
  return row.binder_number && row.binder_effective && row.binder_expires
    ? { number: row.binder_number, effective: row.binder_effective, expires: row.binder_expires }
    : null;
}

/** A bound request's policy from its columns (read as text), or null before it is issued. */
function policyOf(row: {
  policy_number: string | null;
  policy_start: string | null;
  policy_end: string | null;
}) {
  return row.policy_number && row.policy_start && row.policy_end
    ? { number: row.policy_number, start: row.policy_start, end: row.policy_end }
    : null;
}

/**
 * The newest request to bind on each of `requestIds`, as the lead record and the export publish it
 * (issue 55): its status, the insurer, the binder, the policy, the insurer's declining.
 */
export async function latestBindings(
  db: Db,
  requestIds: readonly string[],
): Promise<Map<string, NonNullable<LeadRecord["bindRequest"]>>> {
  if (requestIds.length === 0) return new Map();
  const rows = await db
    .selectFrom("bind_requests")
    .distinctOn("quote_request_id")
    .select([
      "quote_request_id",
      "reference",
      "status",
      sql<string>`quote_seen->>'insurer'`.as("insurer"),
      "signed_at",
      "documents_by",
      "tria",
      "binder_number",
      sql<string | null>`binder_effective::text`.as("binder_effective"),
      sql<string | null>`binder_expires::text`.as("binder_expires"),
      "policy_number",
      sql<string | null>`policy_start::text`.as("policy_start"),
      sql<string | null>`policy_end::text`.as("policy_end"),
      "decline_kind",
      "decline_reason",
    ])
    .where("quote_request_id", "in", requestIds)
    .orderBy("quote_request_id")
    .orderBy("signed_at", "desc")
    .orderBy("id", "desc")
    .execute();
  return new Map(
    rows.map((row) => [
      row.quote_request_id,
      {
        reference: row.reference,
        status:
          row.status === "bound" ? "bound" : row.status === "declined" ? "declined" : "requested",
        insurer: row.insurer,
        signedAt: new Date(row.signed_at).toISOString(),
        documentsBy: DOCUMENTS_BY.find((by) => by === row.documents_by) ?? null,
        tria: TRIA_CHOICES.find((choice) => choice === row.tria) ?? null,
        binder: binderOf(row),
        policy: policyOf(row),
        declined:
          row.decline_reason !== null
            ? {
                kind: row.decline_kind === "changed-terms" ? "changed-terms" : "declined",
                reason: row.decline_reason,
              }
            : null,
      },
    ]),
  );
}
