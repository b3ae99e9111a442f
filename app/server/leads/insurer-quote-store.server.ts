import { possessive } from "#app/domain/site/possessive.ts";
/**
 * The agency's quotes on a quote request (issue 29, decision 042): entered, edited and withdrawn by
 * operators, then published together, which moves the request to Quoted and emails the visitor a
 * link that signs them in to compare them. Every change enters the lead's timeline in the same
 * transaction, with the operator. A request that is closed (bound or lost) takes no change.
 */

import { sql } from "kysely";
import { BASE_LOCALE, type Locale } from "#app/domain/site/locales.ts";

import {
  formatCents,
  quotesReadyEmail,
  storedLinesSchema,
  storedSubjectivitiesSchema,
  type InsurerQuote,
  declineReasonLabel,
  NO_REASON_GIVEN,
  type DeclineReason,
  type InsurerQuoteInput,
  type InsurerQuoteStatus,
  type QuoteKind,
} from "#app/domain/quote/insurer-quotes.ts";
import { QUOTE_MARKET_IDS, type Subjectivity } from "#app/domain/quote/quote-proposal.ts";
import { renewAsIsQuote } from "#app/domain/quote/renewals.ts";
import { isOpenQuoteStatus, quoteStatusLabel } from "#app/domain/leads/lead-desk.ts";
import type { Agency } from "#app/domain/site/agency.ts";
import type { RenderedEmail } from "#app/domain/site/email-content.ts";
import { isUuid } from "#app/domain/values/ids.ts";
import { RESUME_LINK_DAYS, resumePathIn } from "#app/domain/wizard/resume-links.ts";

import type { Db } from "#app/server/db/database.server.ts";
import { inTransaction } from "#app/server/db/transactions.server.ts";
import { AGENCY_MAIL_LIMITS, type AgencyMailLimits } from "#app/domain/site/mailbox.ts";
import { queueAgencyEmail, type AgencyEmailOutcome } from "#app/server/mail/outbox.server.ts";
import { addActivity } from "#app/server/leads/desk-work.server.ts";
import { recordProducerOfRecord } from "#app/server/admin/producers.server.ts";
import type { ProducerOfRecord } from "#app/domain/leads/producer-licenses.ts";
import { hashOfToken, newSecretToken } from "#app/server/http/secret-tokens.server.ts";
import type { LinkOpens } from "#app/domain/wizard/resume-links.ts";
import { setQuoteRequestStatus } from "#app/server/wizard/quote-requests.server.ts";
import { stampedBy, type SubmissionWriter } from "#app/server/wizard/submission-history.server.ts";

/** The request a quote belongs to, as these functions need it. */
export interface QuotedRequest {
  id: string;
  submissionId: string;
  reference: string;
}

type QuoteRow = {
  id: string;
  insurer: string;
  kind: string;
  market: string | null;
  premium_cents: string | number;
  surplus_lines_tax_cents: Cents;
  stamping_fee_cents: Cents;
  policy_fee_cents: Cents;
  inspection_fee_cents: Cents;
  broker_fee_cents: Cents;
  minimum_earned_cents: Cents;
  pay_in_full: boolean;
  monthly_fee_cents: Cents;
  down_payment_cents: Cents;
  instalment_count: number | null;
  instalment_cents: Cents;
  term_start: string;
  term_end: string;
  valid_until: string;
  terrorism_offered: boolean | null;
  terrorism_premium_cents: Cents;
  rating: string | null;
  rating_source: string | null;
  rating_as_of: string | null;
  subjectivities: unknown;
  notes: string | null;
  lines: unknown;
  status: string;
  published_at: Date | string | null;
  updated_at: Date | string;
};

/** A bigint of cents as a driver returns it: text from pg, a number from PGlite. */
type Cents = string | number | null;

function cents(value: Cents): number | null {
  return value === null ? null : Number(value);
}

function toQuote(row: QuoteRow): InsurerQuote {
  return {
    id: row.id,
    insurer: row.insurer,
    kind: row.kind === "estimate" ? "estimate" : "bindable",
    market: QUOTE_MARKET_IDS.find((market) => market === row.market) ?? null,
    premiumCents: Number(row.premium_cents),
    charges: {
      surplusLinesTaxCents: cents(row.surplus_lines_tax_cents),
      stampingFeeCents: cents(row.stamping_fee_cents),
      policyFeeCents: cents(row.policy_fee_cents),
      inspectionFeeCents: cents(row.inspection_fee_cents),
      brokerFeeCents: cents(row.broker_fee_cents),
    },
    minimumEarnedCents: cents(row.minimum_earned_cents),
    payInFull: row.pay_in_full,
    monthlyFeeCents: cents(row.monthly_fee_cents),
    instalments:
      row.instalment_count === null
        ? null
        : {
            downPaymentCents: cents(row.down_payment_cents) ?? 0,
            count: row.instalment_count,
            amountCents: cents(row.instalment_cents) ?? 0,
          },
    termStart: row.term_start,
    termEnd: row.term_end,
    validUntil: row.valid_until,
    terrorism:
      row.terrorism_offered === null
        ? null
        : {
            offered: row.terrorism_offered,
            premiumCents: cents(row.terrorism_premium_cents),
          },
    rating:
      row.rating !== null && row.rating_source !== null && row.rating_as_of !== null
        ? { rating: row.rating, source: row.rating_source, asOf: row.rating_as_of }
        : null,
    // Written by this module from the domain's schemas; read back through them all the same.
    subjectivities: storedSubjectivitiesSchema.parse(row.subjectivities),
    notes: row.notes,
    lines: storedLinesSchema.parse(row.lines),
    status:
      (["draft", "published", "withdrawn"] as const).find((status) => status === row.status) ??
      "withdrawn",
    publishedAt: row.published_at === null ? null : new Date(row.published_at),
    updatedAt: new Date(row.updated_at),
  };
}

function selectQuotes(db: Db) {
  return db
    .selectFrom("insurer_quotes")
    .select([
      "id",
      "insurer",
      "kind",
      "market",
      "premium_cents",
      "surplus_lines_tax_cents",
      "stamping_fee_cents",
      "policy_fee_cents",
      "inspection_fee_cents",
      "broker_fee_cents",
      "minimum_earned_cents",
      "pay_in_full",
      "monthly_fee_cents",
      "down_payment_cents",
      "instalment_count",
      "instalment_cents",
      sql<string>`term_start::text`.as("term_start"),
      sql<string>`term_end::text`.as("term_end"),
      sql<string>`valid_until::text`.as("valid_until"),
      "terrorism_offered",
      "terrorism_premium_cents",
      "rating",
      "rating_source",
      sql<string | null>`rating_as_of::text`.as("rating_as_of"),
      "subjectivities",
      "notes",
      "lines",
      "status",
      "published_at",
      "updated_at",
    ]);
}

/** A request's quotes in the order they were entered; the visitor's view asks for published only. */
export async function listInsurerQuotes(
  db: Db,
  requestId: string,
  only?: InsurerQuoteStatus,
): Promise<InsurerQuote[]> {
  let query = selectQuotes(db).where("quote_request_id", "=", requestId);
  if (only) query = query.where("status", "=", only);
  const rows = await query.orderBy("created_at").orderBy("id").execute();
  return rows.map(toQuote);
}

/** The quotes of several requests (the lead records' batches), each request's in entered order. */
export async function quotesOfRequests(
  db: Db,
  requestIds: readonly string[],
): Promise<Map<string, InsurerQuote[]>> {
  const byRequest = new Map<string, InsurerQuote[]>();
  if (requestIds.length === 0) return byRequest;
  const rows = await selectQuotes(db)
    .select("quote_request_id")
    .where("quote_request_id", "in", requestIds)
    .orderBy("created_at")
    .orderBy("id")
    .execute();
  for (const row of rows) {
    const list = byRequest.get(row.quote_request_id) ?? [];
    list.push(toQuote(row));
    byRequest.set(row.quote_request_id, list);
  }
  return byRequest;
}

/**
 * Whether the application's newest request has quotes published to the visitor: then a link back
 * to the complete application opens them (the quotes page points to the application).
 */
export async function hasPublishedQuotes(db: Db, submissionId: string): Promise<boolean> {
  const row = await db
    .selectFrom("insurer_quotes as q")
    .select("q.id")
    .where("q.status", "=", "published")
    .where("q.quote_request_id", "=", (eb) =>
      eb
        .selectFrom("quote_requests")
        .select("id")
        .where("submission_id", "=", submissionId)
        .orderBy("created_at", "desc")
        .limit(1),
    )
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** One quote of this request, or undefined (another request's quote is not found either). */
export async function getInsurerQuote(
  db: Db,
  requestId: string,
  quoteId: string,
): Promise<InsurerQuote | undefined> {
  if (!isUuid(quoteId)) return undefined;
  const row = await selectQuotes(db)
    .where("quote_request_id", "=", requestId)
    .where("id", "=", quoteId)
    .executeTakeFirst();
  return row ? toQuote(row) : undefined;
}

function columnsOf(input: InsurerQuoteInput) {
  return {
    insurer: input.insurer,
    kind: input.kind,
    market: input.market,
    premium_cents: input.premiumCents,
    surplus_lines_tax_cents: input.charges.surplusLinesTaxCents,
    stamping_fee_cents: input.charges.stampingFeeCents,
    policy_fee_cents: input.charges.policyFeeCents,
    inspection_fee_cents: input.charges.inspectionFeeCents,
    broker_fee_cents: input.charges.brokerFeeCents,
    minimum_earned_cents: input.minimumEarnedCents,
    pay_in_full: input.payInFull,
    monthly_fee_cents: input.monthlyFeeCents,
    down_payment_cents: input.instalments?.downPaymentCents ?? null,
    instalment_count: input.instalments?.count ?? null,
    instalment_cents: input.instalments?.amountCents ?? null,
    term_start: input.termStart,
    term_end: input.termEnd,
    valid_until: input.validUntil,
    terrorism_offered: input.terrorism?.offered ?? null,
    terrorism_premium_cents: input.terrorism?.offered ? input.terrorism.premiumCents : null,
    rating: input.rating?.rating ?? null,
    rating_source: input.rating?.source ?? null,
    rating_as_of: input.rating?.asOf ?? null,
    subjectivities: JSON.stringify(input.subjectivities),
    notes: input.notes,
    lines: JSON.stringify(input.lines),
  };
}

function summaryOf(input: { insurer: string; kind: QuoteKind; premiumCents: number }): string {
  return `${input.insurer}, ${input.kind === "estimate" ? "an estimate" : "bindable"}, ${formatCents(input.premiumCents)}`;
}

/** What a change to a request's quotes did. */
export type QuoteChange =
  { outcome: "saved"; quoteId: string } | { outcome: "closed" | "chosen" | "not-found" };

/** Locks the request while its quotes change: its status, or undefined when it is gone. */
async function lockRequest(db: Db, request: QuotedRequest): Promise<string | undefined> {
  const row = await db
    .selectFrom("quote_requests")
    .select("status")
    .where("id", "=", request.id)
    .where("submission_id", "=", request.submissionId)
    .forUpdate()
    .executeTakeFirst();
  return row?.status;
}

/** Locks the request: undefined when it is gone, "closed" when closed (bound or lost). */
export async function lockOpenRequest(db: Db, request: QuotedRequest) {
  const status = await lockRequest(db, request);
  if (status === undefined) return undefined;
  return isOpenQuoteStatus(status) ? ("open" as const) : ("closed" as const);
}

/**
 * Whether the visitor has asked to bind one of the request's quotes (decision 044): its quotes then
 * stay as they were chosen, and none is added, published or declined.
 */
async function isChosen(db: Db, requestId: string): Promise<boolean> {
  const row = await db
    .selectFrom("bind_requests")
    .select("id")
    .where("quote_request_id", "=", requestId)
    // One the insurer declined no longer holds them (issue 55): the visitor may choose again.
    .where("status", "<>", "declined")
    .executeTakeFirst();
  return row !== undefined;
}

/** Adds a quote to an open request, as a draft, and enters it on the lead's timeline. */
export async function addInsurerQuote(
  db: Db,
  request: QuotedRequest,
  input: InsurerQuoteInput,
  operatorId: string,
): Promise<QuoteChange> {
  return inTransaction(db, async (trx) => {
    const state = await lockOpenRequest(trx, request);
    if (state !== "open") return { outcome: state ?? "not-found" };
    if (await isChosen(trx, request.id)) return { outcome: "chosen" };
    const quoteId = await insertDraft(
      trx,
      request,
      input,
      operatorId,
      `${request.reference}: quote added (${summaryOf(input)})`,
    );
    return { outcome: "saved", quoteId };
  });
}

/** A draft quote of `request`, written by the operator, and `timeline` on the lead's timeline. */
async function insertDraft(
  trx: Db,
  request: QuotedRequest,
  input: InsurerQuoteInput,
  operatorId: string,
  timeline: string,
): Promise<string> {
  const row = await trx
    .insertInto("insurer_quotes")
    .values({ quote_request_id: request.id, created_by: operatorId, ...columnsOf(input) })
    .returning("id")
    .executeTakeFirstOrThrow();
  await addActivity(trx, {
    submissionId: request.submissionId,
    operatorId,
    kind: "quote",
    body: timeline,
  });
  return row.id;
}

/** An id no row has: what a request renewing nothing looks for. */
const NO_ID = "00000000-0000-0000-0000-000000000000";

/** What "Renew as is" did: the draft saved, or why not. */
export type RenewingAsIs = QuoteChange | { outcome: "not-renewal" | "already" };

/**
 * "Renew as is" (decision 073): the renewed policy's bound quote copied as a draft onto its open
 * renewal request, for the new term (renewAsIsQuote), and entered on the timeline. Not twice: a
 * quote from the same insurer for the same term, not withdrawn, is already there.
 */
export async function renewAsIs(
  db: Db,
  request: QuotedRequest & { renewsBindRequestId: string | null },
  operatorId: string,
  today: string,
): Promise<RenewingAsIs> {
  return inTransaction(db, async (trx) => {
    const state = await lockOpenRequest(trx, request);
    if (state !== "open") return { outcome: state ?? "not-found" };
    if (await isChosen(trx, request.id)) return { outcome: "chosen" };
    const policy = await trx
      .selectFrom("bind_requests")
      .select([
        "insurer_quote_id",
        "policy_number",
        sql<string | null>`policy_start::text`.as("start"),
        sql<string | null>`policy_end::text`.as("end"),
      ])
      .where("id", "=", request.renewsBindRequestId ?? NO_ID)
      .where("status", "=", "bound")
      .executeTakeFirst();
    const bound = policy
      ? await selectQuotes(trx).where("id", "=", policy.insurer_quote_id).executeTakeFirst()
      : undefined;
    if (!policy?.policy_number || !policy.start || !policy.end || !bound) {
      return { outcome: "not-renewal" };
    }
    const input = renewAsIsQuote(toQuote(bound), { start: policy.start, end: policy.end }, today);
    const copied = await trx
      .selectFrom("insurer_quotes")
      .select("id")
      .where("quote_request_id", "=", request.id)
      .where("insurer", "=", input.insurer)
      .where("term_start", "=", input.termStart)
      .where("status", "<>", "withdrawn")
      .executeTakeFirst();
    if (copied) return { outcome: "already" };
    const quoteId = await insertDraft(
      trx,
      request,
      input,
      operatorId,
      `${request.reference}: renew as is, last term's quote on policy ${policy.policy_number} copied as a draft for ${input.termStart} to ${input.termEnd} (${summaryOf(input)}); to change to the insurer's renewal offer before publishing`,
    );
    return { outcome: "saved", quoteId };
  });
}

/**
 * Changes a quote of an open request that is not withdrawn (`set`), and enters `what` happened to
 * it on the timeline with the quote as it now is: the one place both changes below go through.
 */
async function changeOpenQuote(
  db: Db,
  request: QuotedRequest,
  quoteId: string,
  operatorId: string,
  change: {
    set: Partial<ReturnType<typeof columnsOf>> & { status?: "withdrawn" };
    what: string;
    /** The subjectivities to keep, given those the quote has now (to keep what was received). */
    subjectivities?: (current: Subjectivity[]) => Subjectivity[];
  },
): Promise<QuoteChange> {
  if (!isUuid(quoteId)) return { outcome: "not-found" };
  return inTransaction(db, async (trx) => {
    const state = await lockOpenRequest(trx, request);
    if (state !== "open") return { outcome: state ?? "not-found" };
    if (await isChosen(trx, request.id)) return { outcome: "chosen" };
    const set = { ...change.set };
    if (change.subjectivities) {
      const current = await getInsurerQuote(trx, request.id, quoteId);
      set.subjectivities = JSON.stringify(change.subjectivities(current?.subjectivities ?? []));
    }
    const row = await trx
      .updateTable("insurer_quotes")
      .set({ ...set, updated_at: sql`now()` })
      .where("id", "=", quoteId)
      .where("quote_request_id", "=", request.id)
      .where("status", "<>", "withdrawn")
      .returning(["insurer", "kind", "premium_cents"])
      .executeTakeFirst();
    if (!row) return { outcome: "not-found" };
    const summary = summaryOf({
      insurer: row.insurer,
      kind: row.kind === "estimate" ? "estimate" : "bindable",
      premiumCents: Number(row.premium_cents),
    });
    await addActivity(trx, {
      submissionId: request.submissionId,
      operatorId,
      kind: "quote",
      body: `${request.reference}: quote ${change.what} (${summary})`,
    });
    return { outcome: "saved", quoteId };
  });
}

/**
 * Changes a quote that is not withdrawn, on an open request; a published quote stays published
 * (the visitor sees the change). Entered on the timeline.
 */
export function updateInsurerQuote(
  db: Db,
  request: QuotedRequest,
  quoteId: string,
  input: InsurerQuoteInput,
  operatorId: string,
): Promise<QuoteChange> {
  return changeOpenQuote(db, request, quoteId, operatorId, {
    set: columnsOf(input),
    what: "changed",
    subjectivities: (current) => keepReceipts(input.subjectivities, current),
  });
}

/**
 * The subjectivities a changed quote keeps: as the form gave them, each still marked received
 * where the quote had the same one (same words, same timing) received.
 */
export function keepReceipts(given: Subjectivity[], current: Subjectivity[]): Subjectivity[] {
  return given.map((entry) => {
    const before = current.find(
      (candidate) => candidate.text === entry.text && candidate.timing === entry.timing,
    );
    return { ...entry, receivedOn: before?.receivedOn ?? null };
  });
}

/** What marking a subjectivity did. */
export type SubjectivityMark = "marked" | "not-found";

/**
 * Marks one subjectivity of a quote (its place in the quote's list) received on `day` (the
 * agency's day), or outstanding again (`day` null), whatever the request's status: the insurer's
 * needs go on after binding. Entered on the lead's timeline with the operator.
 */
export async function markSubjectivity(
  db: Db,
  request: QuotedRequest,
  mark: { quoteId: string; index: number; day: string | null },
  operatorId: string,
): Promise<SubjectivityMark> {
  if (!isUuid(mark.quoteId)) return "not-found";
  return inTransaction(db, async (trx) => {
    const row = await trx
      .selectFrom("insurer_quotes")
      .select(["subjectivities", "insurer"])
      .where("id", "=", mark.quoteId)
      .where("quote_request_id", "=", request.id)
      .where("status", "<>", "withdrawn")
      .forUpdate()
      .executeTakeFirst();
    if (!row) return "not-found";
    const list = storedSubjectivitiesSchema.parse(row.subjectivities);
    const entry = list[mark.index];
    if (!entry) return "not-found";
    list[mark.index] = { ...entry, receivedOn: mark.day };
    await trx
      .updateTable("insurer_quotes")
      .set({ subjectivities: JSON.stringify(list), updated_at: sql`now()` })
      .where("id", "=", mark.quoteId)
      .execute();
    await addActivity(trx, {
      submissionId: request.submissionId,
      operatorId,
      kind: "quote",
      body: `${request.reference}: ${possessive(row.insurer)} subjectivity "${entry.text}" ${mark.day ? `received on ${mark.day}` : "marked outstanding again"}`,
    });
    return "marked";
  });
}

/** Withdraws a quote of an open request: kept, no longer shown to the visitor. */
export function withdrawInsurerQuote(
  db: Db,
  request: QuotedRequest,
  quoteId: string,
  operatorId: string,
): Promise<QuoteChange> {
  return changeOpenQuote(db, request, quoteId, operatorId, {
    set: { status: "withdrawn" },
    what: "withdrawn",
  });
}

/** What publishing did. */
export type Publication =
  | ({ outcome: "published"; count: number } & EmailResult)
  | { outcome: "nothing-to-publish" | "closed" | "chosen" | "not-found" };

/** How the desk sends its emails (decision 054): who, from which site, within which limits. */
export interface DeskSending {
  operatorId: string;
  siteUrl: string;
  agency: Agency;
  /** The visitor's hourly cap, for what goes to others than the customer (a certificate's holder). */
  perHour: number;
  /** The desk's hourly limits (MAIL_PER_OPERATOR_PER_HOUR, MAIL_AGENCY_PER_HOUR); their defaults if unset. */
  limits?: AgencyMailLimits;
  /**
   * The operator as the request's producer of record (decision 063), when they hold a licence
   * for its state: publishing records them on the request, and the email names them.
   */
  producer?: ProducerOfRecord | undefined;
}

/** Whether the customer's email went, and if not, why (the timeline says it too). */
export interface EmailResult {
  emailed: boolean;
  held?: "limit" | "unproven";
}

/** An agency email's outcome as a store's answer tells it. */
export function emailResult(outcome: AgencyEmailOutcome): EmailResult {
  return outcome === "queued" ? { emailed: true } : { emailed: false, held: outcome };
}

/**
 * Publishes the request's draft quotes together: they become visible to the visitor, the request
 * moves to Quoted (kept in its history as the operator's write), the timeline says so, and the
 * visitor is emailed "Your quotes are ready" with a one-time link that opens the quotes (a resume
 * link whose `opens` is "quotes"), under their hourly cap. One transaction: published quotes and
 * their email go together, or nothing does.
 */
export async function publishInsurerQuotes(
  db: Db,
  request: QuotedRequest,
  visitor: { email: string; firstName: string | null; language?: Locale },
  options: DeskSending,
): Promise<Publication> {
  const result = await inTransaction(db, async (trx): Promise<Publication> => {
    const status = await lockRequest(trx, request);
    if (status === undefined) return { outcome: "not-found" };
    if (!isOpenQuoteStatus(status)) return { outcome: "closed" };
    if (await isChosen(trx, request.id)) return { outcome: "chosen" };
    const published = await trx
      .updateTable("insurer_quotes")
      .set({ status: "published", published_at: sql`now()`, updated_at: sql`now()` })
      .where("quote_request_id", "=", request.id)
      .where("status", "=", "draft")
      .returning("id")
      .execute();
    if (published.length === 0) return { outcome: "nothing-to-publish" };
    if (options.producer) {
      await recordProducerOfRecord(trx, request.id, options.operatorId, options.producer);
    }
    const total = await trx
      .selectFrom("insurer_quotes")
      .select((eb) => eb.fn.countAll<string | number>().as("count"))
      .where("quote_request_id", "=", request.id)
      .where("status", "=", "published")
      .executeTakeFirstOrThrow();
    if (status !== "quoted") {
      await setQuoteRequestStatus(trx, request.id, "quoted", options.operatorId);
      await addActivity(trx, {
        submissionId: request.submissionId,
        operatorId: options.operatorId,
        kind: "status",
        body: `${request.reference}: ${quoteStatusLabel(status)} → ${quoteStatusLabel("quoted")}`,
      });
    }
    await addActivity(trx, {
      submissionId: request.submissionId,
      operatorId: options.operatorId,
      kind: "quote",
      body: `${request.reference}: ${published.length === 1 ? "1 quote" : `${published.length} quotes`} published to the visitor`,
    });
    const sent = await queueVisitorLinkEmail(trx, request.submissionId, visitor.email, {
      siteUrl: options.siteUrl,
      operatorId: options.operatorId,
      limits: options.limits,
      locale: visitor.language,
      render: (link) =>
        quotesReadyEmail({
          firstName: visitor.firstName,
          reference: request.reference,
          count: Number(total.count),
          link,
          linkDays: RESUME_LINK_DAYS,
          agency: options.agency,
          producer: options.producer,
          locale: visitor.language,
        }),
    });
    return { outcome: "published", count: published.length, ...emailResult(sent) };
  });
  return result;
}

/**
 * Queues, in the caller's transaction, an email from the agency to the customer that carries a new
 * one-time link to their application's pages after the request (a resume link that opens their
 * quotes, unless `opens` says otherwise), as an agency email (queueAgencyEmail, decision 054): not
 * under the per-inbox cap, under the desk's hourly limits, and never to an application whose email
 * is not proven. One held is kept, and the lead's timeline says it was not sent.
 */
export async function queueVisitorLinkEmail(
  trx: Db,
  submissionId: string,
  to: string,
  options: {
    siteUrl: string;
    /** Who sends it; null for what the site sends by itself (a renewal reminder). */
    operatorId: string | null;
    limits?: AgencyMailLimits;
    render: (link: string) => RenderedEmail;
    /** What the link opens: the quotes page, the policy once bound, or its renewal request. */
    opens?: Exclude<LinkOpens, "application">;
    /** The visitor's language: the link's page is in it, as the email is. */
    locale?: Locale;
  },
): Promise<AgencyEmailOutcome> {
  const token = newSecretToken();
  const email = options.render(
    `${options.siteUrl}${resumePathIn(token, options.locale ?? BASE_LOCALE)}`,
  );
  const expiresAt = new Date(Date.now() + RESUME_LINK_DAYS * 24 * 60 * 60 * 1000);
  await sql`
    INSERT INTO resume_tokens (token_hash, submission_id, expires_at, draft_id, revision_id, opens)
    SELECT ${hashOfToken(token)}, ${submissionId}::uuid, ${expiresAt.toISOString()}::timestamptz,
      NULL, (SELECT max(id) FROM business_wizard_submission_revisions
        WHERE submission_id = ${submissionId}::uuid), ${options.opens ?? "quotes"}`.execute(trx);
  return queueAgencyEmail(
    trx,
    {
      submissionId,
      to,
      operatorId: options.operatorId,
      subject: email.subject,
      text: email.text,
      html: email.html,
    },
    options.limits ?? AGENCY_MAIL_LIMITS,
  );
}

/** What declining did. */
export type Declining = "declined" | "closed" | "no-quotes" | "not-found";

/**
 * The visitor declines every quote of their open request (issue 29): it becomes Lost with the
 * reason given (or none), kept in the request's history as the visitor's write, and the lead's
 * timeline says so with no operator (the visitor did it). Only a request with published quotes
 * can be declined, and only once: a closed request changes no more.
 */
export async function declineInsurerQuotes(
  db: Db,
  request: QuotedRequest,
  reason: DeclineReason | null,
  writer: SubmissionWriter,
): Promise<Declining> {
  return inTransaction(db, async (trx) => {
    const status = await lockRequest(trx, request);
    if (status === undefined) return "not-found";
    if (!isOpenQuoteStatus(status) || (await isChosen(trx, request.id))) return "closed";
    const published = await trx
      .selectFrom("insurer_quotes")
      .select("id")
      .where("quote_request_id", "=", request.id)
      .where("status", "=", "published")
      .limit(1)
      .executeTakeFirst();
    if (!published) return "no-quotes";
    await trx
      .updateTable("quote_requests")
      .set({
        status: "lost",
        lost_reason: reason ?? NO_REASON_GIVEN,
        status_changed_at: stampedBy(writer),
      })
      .where("id", "=", request.id)
      .execute();
    await trx
      .insertInto("lead_activities")
      .values({
        submission_id: request.submissionId,
        operator_id: null,
        kind: "status",
        body: `${request.reference}: ${quoteStatusLabel(status)} → ${quoteStatusLabel("lost")} (the visitor declined every quote: ${declineReasonLabel(reason)})`,
      })
      .execute();
    // It waits in the desk's Needs action until an operator marks it dealt with (issue 55).
    await trx
      .insertInto("customer_messages")
      .values({
        submission_id: request.submissionId,
        quote_request_id: request.id,
        kind: "declined",
        body: declineReasonLabel(reason),
        language: sql<string>`(SELECT language FROM business_wizard_submissions
          WHERE id = ${request.submissionId}::uuid)`,
      })
      .execute();
    return "declined";
  });
}
