import { LEAD_NAME_COLUMN } from "#app/domain/application/application-fields.ts";
import { randomBytes } from "node:crypto";

import { sql } from "kysely";

import { isUuid } from "#app/domain/values/ids.ts";
import { agencyFrom } from "#app/domain/site/agency.ts";
import { isEmailAddress } from "#app/domain/values/fields.ts";
import { OPEN_QUOTE_STATUSES, type QuoteStatus } from "#app/domain/leads/lead-desk.ts";
import {
  OPTIONAL_ANSWER_COLUMN_LIST,
  optionalAnswersOf,
  optionalAnswerValues,
  quoteConfirmationEmail,
  quoteReference,
  type OptionalAnswers,
  type QuoteRequestInput,
} from "#app/domain/quote/quote-request.ts";
import { RESUME_LINK_DAYS, resumePathIn } from "#app/domain/wizard/resume-links.ts";
import { BASE_LOCALE, isLocale, type Locale } from "#app/domain/site/locales.ts";

import type { Db } from "#app/server/db/database.server.ts";
import { logger } from "#app/server/logger.server.ts";
import { notifyOutboxWorkers, takeRecipientAllowance } from "#app/server/mail/outbox.server.ts";
import { notProvenApplication } from "#app/server/wizard/resume-tokens.server.ts";
import { hashOfToken, newSecretToken } from "#app/server/http/secret-tokens.server.ts";
import type { AppServices } from "#app/server/services.server.ts";
import {
  buildVersions,
  QUOTE_REQUEST_FIELD_LABELS,
  quoteRequestValuesSchema,
  type RecordVersion,
  type RevisionRecord,
  type QuoteRequestValues,
} from "#app/domain/application/record-versions.ts";
import { z } from "#app/domain/values/zod.ts";

import {
  HISTORY_LIMIT,
  operatorWriter,
  stampedBy,
  UNKNOWN_WRITER,
  type SubmissionWriter,
} from "#app/server/wizard/submission-history.server.ts";

/** What the Quote step reads of a submission. */
export interface PlanSubmission {
  id: string;
  email: string;
  /** For the confirmation email's greeting and summary (decision 032). */
  firstName: string | null;
  /** What the lead goes by (application-fields.ts, LEAD_NAME_COLUMN). */
  name: string | null;
  /** E.164, as saved; for the agency's alert. */
  phone: string | null;
  industry: string;
  segments: string[];
  state: string;
  ownershipStructure: string | null;
  optional: OptionalAnswers;
  /** The language the application was saved in: the visitor's emails are written in it. */
  language: Locale;
}

/** The submission the plan is for, or undefined when it is gone. */
export async function getPlanSubmission(
  db: Db,
  submissionId: string,
): Promise<PlanSubmission | undefined> {
  const row = await db
    .selectFrom("business_wizard_submissions")
    .select([
      "id",
      "email",
      "first_name",
      LEAD_NAME_COLUMN,
      "phone_number",
      "industry",
      "segments",
      "state",
      "ownership_structure",
      "language",
      ...OPTIONAL_ANSWER_COLUMN_LIST,
    ])
    .where("id", "=", submissionId)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    id: row.id,
    email: row.email,
    firstName: row.first_name,
    name: row[LEAD_NAME_COLUMN],
    phone: row.phone_number,
    industry: row.industry,
    segments: row.segments,
    state: row.state,
    ownershipStructure: row.ownership_structure,
    optional: optionalAnswersOf(row),
    // The table holds only the site's languages (migration 0038's check).
    language: isLocale(row.language) ? row.language : BASE_LOCALE,
  };
}

/**
 * Saves the plan page's optional answers to the application (every one of them: an answer left
 * empty is cleared). The same statement keeps the version it overwrites, with `writer`
 * (decision 013). Returns false when the submission is gone.
 */
export async function saveOptionalAnswers(
  db: Db,
  submissionId: string,
  answers: OptionalAnswers,
  writer: SubmissionWriter = UNKNOWN_WRITER,
): Promise<boolean> {
  const updated = await db
    .updateTable("business_wizard_submissions")
    .set({
      ...optionalAnswerValues(answers),
      updated_at: stampedBy(writer),
    })
    .where("id", "=", submissionId)
    .returning("id")
    .executeTakeFirst();
  return updated !== undefined;
}

/** A quote request as the pages read it. */
export interface QuoteRequest {
  id: string;
  submissionId: string;
  reference: string;
  lines: string[];
  startDate: string;
  contactChannel: string;
  note: string | null;
  consentText: string;
  consentGivenAt: Date;
  status: string;
  statusChangedAt: Date | null;
  /** Why the visitor declined every quote, when they did (issue 29). */
  lostReason: string | null;
  /** The policy (its request to bind) this request renews (issue 30); null for any other. */
  renewsBindRequestId: string | null;
  createdAt: Date;
  updatedAt: Date;
}

/** How many references to draw before giving up: with 23^6 of them, a second is already rare. */
const REFERENCE_ATTEMPTS = 5;

/** Whether the database refused a second row with the same reference. */
function isReferenceCollision(error: unknown): boolean {
  if (typeof error !== "object" || error === null) return false;
  const { code, constraint } = error as { code?: unknown; constraint?: unknown };
  return code === "23505" && constraint === "quote_requests_reference_key";
}

function selectRequest(db: Db) {
  return db
    .selectFrom("quote_requests")
    .select([
      "id",
      "submission_id",
      "reference",
      "lines",
      sql<string>`start_date::text`.as("start_date"),
      "contact_channel",
      "note",
      "consent_text",
      "consent_given_at",
      "status",
      "status_changed_at",
      "lost_reason",
      "renews_bind_request_id",
      "created_at",
      "updated_at",
    ]);
}

type RequestRow = Awaited<ReturnType<ReturnType<typeof selectRequest>["executeTakeFirstOrThrow"]>>;

function toRequest(row: RequestRow): QuoteRequest {
  return {
    id: row.id,
    submissionId: row.submission_id,
    reference: row.reference,
    lines: row.lines,
    startDate: row.start_date,
    contactChannel: row.contact_channel,
    note: row.note,
    consentText: row.consent_text,
    consentGivenAt: new Date(row.consent_given_at),
    status: row.status,
    statusChangedAt: row.status_changed_at ? new Date(row.status_changed_at) : null,
    lostReason: row.lost_reason,
    renewsBindRequestId: row.renews_bind_request_id,
    createdAt: new Date(row.created_at),
    updatedAt: new Date(row.updated_at),
  };
}

/** A new quote request's row: what was asked, the words agreed to, the policy it renews, if any. */
function requestRow(
  submissionId: string,
  reference: string,
  input: QuoteRequestInput & { renewsBindRequestId?: string },
  consentText: string,
  stamp: ReturnType<typeof stampedBy>,
) {
  return {
    submission_id: submissionId,
    reference,
    lines: input.lines,
    start_date: input.startDate,
    contact_channel: input.contactChannel,
    note: input.note ?? null,
    consent_text: consentText,
    consent_given_at: sql<Date>`now()`,
    renews_bind_request_id: input.renewsBindRequestId ?? null,
    updated_at: stamp,
  };
}

/** What saving a quote request did: made one, changed the open one, or found it already so. */
export type QuoteRequestChange = "created" | "updated" | "unchanged";

/**
 * Saves a quote request for a submission: the open one (new, contacted, quoted) is updated, keeping
 * its reference and status; otherwise a new one is made, with a new reference (drawn again if it is
 * taken). One statement either way, so two requests at once cannot make two open ones. The same
 * statement keeps the version it overwrites, with `writer` (decision 030). A request sent again
 * with nothing changed (a double click, a reload) writes nothing: `change` says "unchanged", and
 * the caller alerts nobody. A renewal request names the policy it renews (`renewsBindRequestId`,
 * decision 047); an open request it updates becomes that renewal's, and stays so.
 */
export async function saveQuoteRequest(
  db: Db,
  submissionId: string,
  input: QuoteRequestInput & { renewsBindRequestId?: string },
  consentText: string,
  writer: SubmissionWriter = UNKNOWN_WRITER,
  newReference: () => string = () => quoteReference(randomBytes),
): Promise<{ request: QuoteRequest; change: QuoteRequestChange }> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      const stamp = stampedBy(writer);
      const saved = await db
        .insertInto("quote_requests")
        .values(requestRow(submissionId, newReference(), input, consentText, stamp))
        .onConflict((conflict) =>
          conflict
            .column("submission_id")
            .where("status", "in", OPEN_QUOTE_STATUSES)
            .doUpdateSet((eb) => ({
              lines: eb.ref("excluded.lines"),
              start_date: eb.ref("excluded.start_date"),
              contact_channel: eb.ref("excluded.contact_channel"),
              note: eb.ref("excluded.note"),
              consent_text: eb.ref("excluded.consent_text"),
              consent_given_at: eb.ref("excluded.consent_given_at"),
              // A request tied to a policy stays tied to it (decision 073): never moved to another.
              renews_bind_request_id: sql<string | null>`coalesce(
                quote_requests.renews_bind_request_id, excluded.renews_bind_request_id)`,
              updated_at: stamp,
            }))
            // Only a request that says something new is written (and so alerts anyone).
            .where(
              sql<boolean>`(quote_requests.lines, quote_requests.start_date,
                quote_requests.contact_channel, quote_requests.note, quote_requests.consent_text)
                IS DISTINCT FROM (excluded.lines, excluded.start_date, excluded.contact_channel,
                excluded.note, excluded.consent_text)
                OR (excluded.renews_bind_request_id IS NOT NULL AND
                  quote_requests.renews_bind_request_id IS NULL)`,
            ),
        )
        // xmax is 0 for a row this statement inserted, and set for one it updated.
        .returning(["id", sql<boolean>`xmax <> 0`.as("updated")])
        .executeTakeFirst();
      const ofSubmission = selectRequest(db).where("submission_id", "=", submissionId);
      const request = await (
        saved
          ? ofSubmission.where("id", "=", saved.id)
          : ofSubmission.where("status", "in", OPEN_QUOTE_STATUSES)
      ).executeTakeFirstOrThrow();
      const change: QuoteRequestChange = !saved
        ? "unchanged"
        : saved.updated
          ? "updated"
          : "created";
      return { request: toRequest(request), change };
    } catch (error) {
      if (!isReferenceCollision(error) || attempt >= REFERENCE_ATTEMPTS) throw error;
    }
  }
}

/** What opening a request at the desk did. */
export type DeskRequestOpening =
  { outcome: "opened"; request: QuoteRequest } | { outcome: "already-open"; reference: string };

/**
 * A new quote request the agent opens for a customer at the desk (issue 56: a call-in customer, a
 * line added mid-term, the auto the plan says is required), written by the operator. Never an
 * update: while the customer has an open request (new, contacted, quoted), that one is the one to
 * work, and the answer names it. `consentText` says who opened it, since the customer agreed to
 * nothing on the site for it.
 */
export async function openDeskRequest(
  db: Db,
  submissionId: string,
  input: QuoteRequestInput,
  consentText: string,
  operatorId: string,
  newReference: () => string = () => quoteReference(randomBytes),
): Promise<DeskRequestOpening> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      const saved = await db
        .insertInto("quote_requests")
        .values(
          requestRow(
            submissionId,
            newReference(),
            input,
            consentText,
            stampedBy(operatorWriter(operatorId)),
          ),
        )
        .returning("id")
        .executeTakeFirstOrThrow();
      const row = await selectRequest(db).where("id", "=", saved.id).executeTakeFirstOrThrow();
      return { outcome: "opened", request: toRequest(row) };
    } catch (error) {
      if (isOpenRequestCollision(error)) {
        const open = await selectRequest(db)
          .where("submission_id", "=", submissionId)
          .where("status", "in", OPEN_QUOTE_STATUSES)
          .executeTakeFirst();
        if (open) return { outcome: "already-open", reference: open.reference };
      }
      if (!isReferenceCollision(error) || attempt >= REFERENCE_ATTEMPTS) throw error;
    }
  }
}

/**
 * The renewal request the site opens by itself at the agency's first renewal window (decision
 * 073), in the caller's transaction: last term's lines and contact channel, tied to the policy it
 * renews, written by nobody (`consentText` says the site opened it). Undefined while the customer
 * has another request open: that one is worked first, and a later check tries again. A reference
 * drawn twice fails the caller's transaction, which the next check repeats.
 */
export async function openRenewalRequest(
  trx: Db,
  submissionId: string,
  input: QuoteRequestInput & { renewsBindRequestId: string },
  consentText: string,
): Promise<QuoteRequest | undefined> {
  const saved = await trx
    .insertInto("quote_requests")
    .values(
      requestRow(
        submissionId,
        quoteReference(randomBytes),
        input,
        consentText,
        stampedBy(UNKNOWN_WRITER),
      ),
    )
    .onConflict((conflict) =>
      conflict.column("submission_id").where("status", "in", OPEN_QUOTE_STATUSES).doNothing(),
    )
    .returning("id")
    .executeTakeFirst();
  if (!saved) return undefined;
  return toRequest(await selectRequest(trx).where("id", "=", saved.id).executeTakeFirstOrThrow());
}

/** Whether the database refused a second open request for one submission. */
function isOpenRequestCollision(error: unknown): boolean {
  if (typeof error !== "object" || error === null) return false;
  const { code, constraint } = error as { code?: unknown; constraint?: unknown };
  return code === "23505" && constraint === "quote_requests_open_key";
}

/** Every quote request of a submission, oldest first (the customer's page at the desk). */
export async function listQuoteRequests(db: Db, submissionId: string): Promise<QuoteRequest[]> {
  const rows = await selectRequest(db)
    .where("submission_id", "=", submissionId)
    .orderBy("created_at")
    .orderBy("id")
    .execute();
  return rows.map(toRequest);
}

/** A quote request of this submission by its id; undefined for any other id. */
export async function getSubmissionRequest(
  db: Db,
  submissionId: string,
  requestId: string,
): Promise<QuoteRequest | undefined> {
  if (!isUuid(requestId)) return undefined;
  const row = await selectRequest(db)
    .where("submission_id", "=", submissionId)
    .where("id", "=", requestId)
    .executeTakeFirst();
  return row ? toRequest(row) : undefined;
}

/** The submission's newest quote request (open or not), if any. */
export async function latestQuoteRequest(
  db: Db,
  submissionId: string,
): Promise<QuoteRequest | undefined> {
  const row = await selectRequest(db)
    .where("submission_id", "=", submissionId)
    .orderBy("created_at", "desc")
    .limit(1)
    .executeTakeFirst();
  return row ? toRequest(row) : undefined;
}

/** The newest quote request of each of these submissions (the lead desk's lists and export). */
export async function latestQuoteRequests(
  db: Db,
  submissionIds: readonly string[],
): Promise<Map<string, QuoteRequest>> {
  if (submissionIds.length === 0) return new Map();
  const rows = await selectRequest(db)
    .distinctOn("submission_id")
    .where("submission_id", "in", submissionIds)
    .orderBy("submission_id")
    .orderBy("created_at", "desc")
    .execute();
  return new Map(rows.map((row) => [row.submission_id, toRequest(row)]));
}

/**
 * Sets a request's status (the lead desk), kept in the request's history as the operator's write
 * (decision 030). Returns false when there is no such request.
 */
export async function setQuoteRequestStatus(
  db: Db,
  requestId: string,
  status: QuoteStatus,
  operatorId: string,
): Promise<boolean> {
  const updated = await db
    .updateTable("quote_requests")
    .set({ status, status_changed_at: stampedBy(operatorWriter(operatorId)) })
    .where("id", "=", requestId)
    .returning("id")
    .executeTakeFirst();
  return updated !== undefined;
}

/**
 * Emails the visitor the request's confirmation (issue 15, decision 032), as text and HTML: by
 * first name, the reference, what was asked for, the agency's phone and identity and a one-time
 * link back to the application and its plan, bound to this wizard session (decision 013). Counts
 * against MAIL_PER_RECIPIENT_PER_HOUR: past it nothing is sent. Never throws: the request is saved
 * whatever the email does (a failure is logged, without the address). Answers whether the email
 * was queued, so that the page says it was sent only when it was.
 */
export async function sendQuoteConfirmation(
  services: AppServices,
  submission: {
    id: string;
    email: string;
    firstName: string | null;
    name: string | null;
    language: Locale;
  },
  request: QuoteRequest,
  updated: boolean,
  draftId: string,
): Promise<boolean> {
  if (!isEmailAddress(submission.email)) {
    logger.warn(
      { quoteRequestId: request.id, reason: "invalid-recipient" },
      "quote email not sent",
    );
    return false;
  }
  const token = newSecretToken();
  const { subject, text, html } = quoteConfirmationEmail({
    firstName: submission.firstName,
    leadName: submission.name,
    reference: request.reference,
    lines: request.lines,
    startDate: request.startDate,
    contactChannel: request.contactChannel,
    hasNote: request.note !== null && request.note.trim() !== "",
    updated,
    // The link's page in the application's language, as the email is.
    resumeLink: `${services.env.SITE_URL}${resumePathIn(token, submission.language)}`,
    agency: agencyFrom(services.env),
    locale: submission.language,
  });
  const expiresAt = new Date(Date.now() + RESUME_LINK_DAYS * 24 * 60 * 60 * 1000);
  try {
    // One statement: the count, the link and its email are stored together or not at all.
    const { rows } = await sql<{ queued: boolean }>`
      WITH allowed AS (
        ${takeRecipientAllowance(
          submission.email,
          services.env.MAIL_PER_RECIPIENT_PER_HOUR,
          sql<boolean>`true`,
          notProvenApplication(sql`${submission.id}`),
        )}
      ), issued AS (
        INSERT INTO resume_tokens (token_hash, submission_id, expires_at, draft_id, revision_id)
        SELECT ${hashOfToken(token)}, ${submission.id}::uuid, ${expiresAt.toISOString()}::timestamptz,
          ${isUuid(draftId) ? draftId : null}::uuid,
          (SELECT max(id) FROM business_wizard_submission_revisions
            WHERE submission_id = ${submission.id}::uuid)
        WHERE EXISTS (SELECT 1 FROM allowed)
        RETURNING submission_id
      ), queued AS (
        INSERT INTO outbox (id, recipients, subject, text_body, html_body) OVERRIDING SYSTEM VALUE
        SELECT (SELECT outbox_id FROM allowed), ARRAY[${submission.email}::text], ${subject},
          ${text}, ${html}
        FROM issued
        RETURNING id
      )
      SELECT EXISTS (SELECT 1 FROM queued) AS queued
    `.execute(services.database.db);
    if (rows[0]?.queued) {
      notifyOutboxWorkers();
      return true;
    }
    logger.warn({ quoteRequestId: request.id, reason: "recipient-cap" }, "quote email not sent");
  } catch (error) {
    logger.error({ err: error, quoteRequestId: request.id }, "quote email not sent");
  }
  return false;
}

/**
 * A quote request's versions for the lead desk, newest first, and how many there are in all
 * (decision 030): each write by a visitor's session or by an operator (shown by their email).
 */
export async function getQuoteRequestHistory(
  db: Db,
  request: QuoteRequest,
): Promise<{ versions: RecordVersion[]; total: number }> {
  const current = z.parse(quoteRequestValuesSchema, {
    status: request.status,
    lines: request.lines,
    start_date: request.startDate,
    contact_channel: request.contactChannel,
    note: request.note,
    consent_text: request.consentText,
    consent_given_at: request.consentGivenAt,
  });
  const [revisions, count] = await Promise.all([
    db
      .selectFrom("quote_request_revisions as revision")
      .leftJoin("operators", "operators.id", "revision.operator_id")
      .select([
        "revision.revised_at",
        "revision.draft_id",
        "revision.client_hash",
        "revision.email_proven",
        "revision.old_values",
        "operators.email as operator",
      ])
      .where("revision.quote_request_id", "=", request.id)
      .orderBy("revision.id", "desc")
      .limit(HISTORY_LIMIT)
      .execute(),
    db
      .selectFrom("quote_request_revisions")
      .select((eb) => eb.fn.countAll<string>().as("total"))
      .where("quote_request_id", "=", request.id)
      .executeTakeFirstOrThrow(),
  ]);
  const total = Number(count.total);
  const records: RevisionRecord<QuoteRequestValues>[] = revisions.reverse().map((revision) => ({
    revisedAt: revision.revised_at.toISOString(),
    draftId: revision.draft_id,
    clientHash: revision.client_hash,
    emailProven: revision.email_proven,
    operator: revision.operator,
    oldValues:
      revision.old_values === null ? null : z.parse(quoteRequestValuesSchema, revision.old_values),
  }));
  return {
    versions: buildVersions(
      QUOTE_REQUEST_FIELD_LABELS,
      records,
      current,
      total - records.length + 1,
    ),
    total,
  };
}
