import { sql, type RawBuilder } from "kysely";

import { agencyFrom } from "#app/domain/site/agency.ts";
import { isEmailAddress } from "#app/domain/values/fields.ts";
import { fromRecord, isCompleteRecord } from "#app/domain/application/application-record.ts";
import {
  LOGIN_LINKS_PER_CLIENT_PER_HOUR,
  LOGIN_LINKS_PER_HOUR,
  nextLoginLinkAt,
  RESUME_LINK_DAYS,
  resumeEmail,
  resumePathIn,
  resumeSubjectOf,
  type ResumeSubject,
} from "#app/domain/wizard/resume-links.ts";
import { BASE_LOCALE, type Locale } from "#app/domain/site/locales.ts";
import type { SubmissionValues } from "#app/domain/application/application-fields.ts";
import { parseDraft, type WizardDraft } from "#app/domain/wizard/wizard-draft.ts";

import type { Db } from "#app/server/db/database.server.ts";
import { hashOfToken, newSecretToken } from "#app/server/http/secret-tokens.server.ts";
import { bestEffort, onCommit } from "#app/server/db/transactions.server.ts";
import { logger } from "#app/server/logger.server.ts";
import {
  cancelQueuedEmails,
  notifyOutboxWorkers,
  recipientKey,
  takeRecipientAllowance,
} from "#app/server/mail/outbox.server.ts";
import type { AppServices } from "#app/server/services.server.ts";
import { applicationStage } from "#app/server/wizard/application-stage.server.ts";
import type { LinkOpens } from "#app/domain/wizard/resume-links.ts";
import { submissionValues } from "#app/server/wizard/submission-history.server.ts";

/** Another reminder to the same application is not queued within this time (no mail flooding). */
const RESEND_AFTER_MS = 5 * 60 * 1000;

/**
 * A new link to an application, ready to be stored by one statement with its email: the CTEs
 * `recent`, `allowed`, `issued` and `queued` for a statement of the caller's (resumeLinkCtes), and
 * what to do once it has run (resumeLinkOutcome).
 */
export interface ResumeLinkWrite {
  /**
   * The CTEs that store the link to the submission `submissionId` (an SQL expression: an id, or
   * one the same statement writes, if it writes one) and its email, unless one went out in the
   * last few minutes (or, for a reminder, the application is complete: `recent` says no link is
   * due) or the address has had MAIL_PER_RECIPIENT_PER_HOUR emails in the last hour. The
   * statement selects `EXISTS (SELECT 1 FROM recent)` and `EXISTS (SELECT 1 FROM queued)` for
   * resumeLinkOutcome.
   */
  ctes(
    submissionId: RawBuilder<string>,
    /**
     * Holds when the application is one saved beside the address's holder (email_not_proven): a
     * reminder then counts under the inbox's strangers' count (takeRecipientAllowance). By default,
     * as the application's row says before the statement.
     */
    forStranger?: RawBuilder<boolean>,
  ): RawBuilder<unknown>;
  /** Whether its email is due at once (a worker is woken for it) or waits (a reminder). */
  dueNow: boolean;
}

/**
 * Why a link is sent: `asked` at /login (at once; bounded by /login's own count of requests,
 * requestResumeLink, and so neither held by the per-inbox cap nor by the minutes since the last
 * link: /login promised it, decision 055), or `reminder`, the email step's "finish your
 * application" (decision 032): it waits RESUME_REMINDER_DELAY_MS, goes only if the application is
 * not finished by then (the final step's save cancels it, resumeRemindersCancelled), replaces a
 * reminder of the same application still waiting, is not queued within minutes of another link to
 * the application nor past the inbox's hourly cap, and is not queued for an application already
 * complete (a visitor correcting answers has finished).
 */
export type ResumeLinkKind = "asked" | "reminder";

/**
 * What a reminder's email is cancelled by (outbox.cancel_key): the wizard session that saved the
 * email step, or, for a save that names none, its application. Keyed by the session, a visitor who
 * corrects a mistyped address and then finishes cancels the reminder queued for the old address
 * too, not only the new application's (review of decision 032). Reminders queued before this was
 * keyed by application carry an application's id, which the final save cancels as well.
 */
function reminderKey(id: RawBuilder<string | null>): RawBuilder<string | null> {
  return sql<string | null>`'resume-reminder:' || ${id}::uuid::text`;
}

/**
 * A CTE, `reminders_cancelled`, for the statement that completes an application (the final
 * step's save): drops the reminders still waiting that these sessions or applications queued
 * (decision 032). Ids may be null (no key then).
 */
export function resumeRemindersCancelled(
  ids: readonly RawBuilder<string | null>[],
  /** Cancels only if this holds (the statement's check that the draft is the one read). */
  when: RawBuilder<boolean> = sql<boolean>`true`,
): RawBuilder<unknown> {
  return sql`reminders_cancelled AS (${cancelQueuedEmails(ids.map(reminderKey), when)})`;
}

/** Whether the application `submissionId` was saved beside its address's holder (decision 030). */
export function notProvenApplication(submissionId: RawBuilder<string>): RawBuilder<boolean> {
  return sql<boolean>`EXISTS (SELECT 1 FROM business_wizard_submissions
    WHERE id = ${submissionId}::uuid AND email_not_proven)`;
}

/**
 * The link's parts for `email`, to the session `draftId` (decision 013: what the email step's
 * session whose save sent it writes; null for a link from /login, which restores the application
 * as it is now, the newest revision when the statement began). Only the token's hash is stored.
 */
export function resumeLinkWrite(
  services: AppServices,
  email: string,
  draftId: string | null,
  kind: ResumeLinkKind = "asked",
  locale: Locale = BASE_LOCALE,
  /** What the link opens, as the email says it (a reminder's application is not complete). */
  opens: ResumeSubject = "application",
): ResumeLinkWrite {
  const token = newSecretToken();
  // The email and the page it links to, in the visitor's language.
  const { subject, text, html } = resumeEmail(
    `${services.env.SITE_URL}${resumePathIn(token, locale)}`,
    agencyFrom(services.env),
    locale,
    opens,
  );
  const expiresAt = new Date(Date.now() + RESUME_LINK_DAYS * 24 * 60 * 60 * 1000);
  const reminder = kind === "reminder";
  const delayMs = reminder ? services.env.RESUME_REMINDER_DELAY_MS : 0;
  return {
    dueNow: delayMs === 0,
    ctes: (submissionId, forStranger = notProvenApplication(submissionId)) => {
      const key = reminder
        ? reminderKey(sql<string | null>`coalesce(${draftId}::uuid, ${submissionId}::uuid)`)
        : sql<null>`NULL::text`;
      // A link asked for at /login was counted there (requestResumeLink) and is sent.
      const checks = reminder
        ? sql`
      recent AS (
        SELECT 1 FROM resume_tokens
        WHERE submission_id = ${submissionId}::uuid
          AND created_at > now() - ${RESEND_AFTER_MS} * interval '1 millisecond'
        UNION ALL SELECT 1 FROM business_wizard_submissions
          WHERE id = ${submissionId}::uuid AND completed_at IS NOT NULL
      ), allowed AS (
        ${takeRecipientAllowance(
          email,
          services.env.MAIL_PER_RECIPIENT_PER_HOUR,
          sql<boolean>`${submissionId}::uuid IS NOT NULL AND NOT EXISTS (SELECT 1 FROM recent)`,
          forStranger,
        )}
      )`
        : sql`
      recent AS (SELECT 1 WHERE false),
      allowed AS (
        SELECT nextval(pg_get_serial_sequence('outbox', 'id')) AS outbox_id
        WHERE ${submissionId}::uuid IS NOT NULL
      )`;
      return sql`
      ${checks}, issued AS (
        INSERT INTO resume_tokens (token_hash, submission_id, expires_at, draft_id, revision_id)
        SELECT ${hashOfToken(token)}, ${submissionId}::uuid, ${expiresAt.toISOString()}::timestamptz,
          ${draftId}::uuid,
          (SELECT max(id) FROM business_wizard_submission_revisions
            WHERE submission_id = ${submissionId}::uuid)
        WHERE EXISTS (SELECT 1 FROM allowed)
        RETURNING submission_id
      ), queued AS (
        INSERT INTO outbox (id, recipients, subject, text_body, html_body, send_after, cancel_key)
          OVERRIDING SYSTEM VALUE
        SELECT (SELECT outbox_id FROM allowed), ARRAY[${email}::text], ${subject}, ${text}, ${html},
          now() + ${delayMs} * interval '1 millisecond', ${key}
        FROM issued
        RETURNING id
      )${
        reminder
          ? sql`, superseded AS (
        ${cancelQueuedEmails([key], sql<boolean>`EXISTS (SELECT 1 FROM queued)`)}
      )`
          : sql``
      }`;
    },
  };
}

/**
 * After a statement with a link's CTEs has committed: the outbox workers are woken for its email
 * if it is due now, or the log says why none was queued (the recipient's cap), without the address.
 */
export function resumeLinkOutcome(
  services: AppServices,
  link: ResumeLinkWrite,
  submissionId: string,
  outcome: { recent: boolean; queued: boolean } | undefined,
): void {
  if (outcome?.queued) {
    if (link.dueNow) onCommit(services.database.db, notifyOutboxWorkers);
  } else if (outcome && !outcome.recent) {
    logger.warn({ submissionId, reason: "recipient-cap" }, "resume link not sent");
  }
}

/**
 * Emails a one-time link to the application `submission.id` at its email (resumeLinkWrite), in a
 * statement of its own. Never throws: the visitor's save must not fail because of an email (the
 * failure is logged, without the address).
 */
export async function sendResumeLink(
  services: AppServices,
  submission: { id: string; email: string },
  draftId: string | null = null,
  locale: Locale = BASE_LOCALE,
  opens: ResumeSubject = "application",
): Promise<void> {
  if (!isEmailAddress(submission.email)) {
    // A record from before the email rule was tightened: its address is not sent to.
    logger.warn(
      { submissionId: submission.id, reason: "invalid-recipient" },
      "resume link not sent",
    );
    return;
  }
  const link = resumeLinkWrite(services, submission.email, draftId, "asked", locale, opens);
  try {
    // One statement: the count, the link and its email are stored together or not at all.
    const { rows } = await bestEffort(services.database.db, (db) =>
      sql<{ recent: boolean; queued: boolean }>`
      WITH ${link.ctes(sql`${submission.id}`)}
      SELECT EXISTS (SELECT 1 FROM recent) AS recent, EXISTS (SELECT 1 FROM queued) AS queued
    `.execute(db),
    );
    resumeLinkOutcome(services, link, submission.id, rows[0]);
  } catch (error) {
    logger.error({ err: error, submissionId: submission.id }, "resume link not sent");
  }
}

/** What a link is now: good (with its application), or why not. */
export type LinkState =
  | { state: "valid"; submissionId: string; opens: LinkOpens }
  | { state: "expired" | "used" | "invalid" };

function linkOpens(text: string): LinkOpens {
  return text === "quotes" || text === "policy" || text === "renewal" ? text : "application";
}

/** Looks a link up without using it. */
export async function checkResumeLink(db: Db, token: string): Promise<LinkState> {
  const row = await db
    .selectFrom("resume_tokens")
    .select(["submission_id", "expires_at", "used_at", "opens"])
    .where("token_hash", "=", hashOfToken(token))
    .executeTakeFirst();
  if (!row) return { state: "invalid" };
  if (row.used_at) return { state: "used" };
  if (row.expires_at.getTime() <= Date.now()) return { state: "expired" };
  return { state: "valid", submissionId: row.submission_id, opens: linkOpens(row.opens) };
}

/** A link just used: its application, and what it may restore (decision 013). */
export interface RedeemedLink {
  submissionId: string;
  /** The session whose email-step save sent the link; null for a link from /login. */
  draftId: string | null;
  /** The newest revision when the link was sent. */
  revisionId: number | null;
  opens: LinkOpens;
}

/**
 * The draft a good link would restore (draftForLink), without using it: what the question between
 * two applications names the link's by (resume.tsx, decision 055). Undefined for a link that is
 * not good.
 */
export async function draftLinkWouldRestore(
  db: Db,
  token: string,
): Promise<WizardDraft | undefined> {
  const row = await db
    .selectFrom("resume_tokens")
    .select(["submission_id", "draft_id", "revision_id", "opens"])
    .where("token_hash", "=", hashOfToken(token))
    .where("used_at", "is", null)
    .where(sql<boolean>`expires_at > now()`)
    .executeTakeFirst();
  if (!row) return undefined;
  return draftForLink(db, {
    submissionId: row.submission_id,
    draftId: row.draft_id,
    revisionId: row.revision_id === null ? null : Number(row.revision_id),
    opens: linkOpens(row.opens),
  });
}

/** Uses a link: its application for the one request that does so while it is valid. */
export async function redeemResumeLink(db: Db, token: string): Promise<RedeemedLink | undefined> {
  const row = await db
    .updateTable("resume_tokens")
    .set({ used_at: sql`now()` })
    .where("token_hash", "=", hashOfToken(token))
    .where("used_at", "is", null)
    .where(sql<boolean>`expires_at > now()`)
    .returning(["submission_id", "draft_id", "revision_id", "opens"])
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    submissionId: row.submission_id,
    draftId: row.draft_id,
    revisionId: row.revision_id === null ? null : Number(row.revision_id),
    opens: linkOpens(row.opens),
  };
}

/**
 * The version of the application a link restores, and when it was written (decision 013): the
 * newest written by the session the link was sent for, or by a session that has used a link to
 * this application (it reads the email); for a link from /login, the version current when it was
 * sent counts too. Anything written later by anyone else is passed over. The record as it is now
 * when no write is known (history began with it).
 */
async function versionForLink(
  db: Db,
  link: RedeemedLink,
): Promise<{ values: SubmissionValues; writtenAt: Date }> {
  const accepted = await db
    .selectFrom("business_wizard_submission_revisions")
    .select(["id", "revised_at"])
    .where("submission_id", "=", link.submissionId)
    .where((eb) =>
      eb.or([
        eb("email_proven", "=", true),
        ...(link.draftId ? [eb("draft_id", "=", link.draftId)] : []),
        ...(link.draftId === null && link.revisionId !== null
          ? [eb("id", "<=", link.revisionId)]
          : []),
      ]),
    )
    .orderBy("id", "desc")
    .limit(1)
    .executeTakeFirst();
  if (accepted) {
    // That write's version is what the next write found, or the record now if none came after.
    const next = await db
      .selectFrom("business_wizard_submission_revisions")
      .select("old_values")
      .where("submission_id", "=", link.submissionId)
      .where("id", ">", accepted.id)
      .orderBy("id")
      .limit(1)
      .executeTakeFirst();
    if (next?.old_values) {
      return { values: submissionValues(next.old_values), writtenAt: accepted.revised_at };
    }
  }
  const record = await db
    .selectFrom("business_wizard_submissions")
    .selectAll()
    .where("id", "=", link.submissionId)
    .executeTakeFirstOrThrow();
  return { values: submissionValues(record), writtenAt: accepted?.revised_at ?? record.updated_at };
}

/**
 * The application as a wizard draft, for the browser that used the link, which has proven the
 * email by it: the version the link restores (versionForLink), or the draft of a session whose
 * writes it accepts if that is newer and the version is not complete (the draft may hold answers
 * not saved yet; a completed record is newer than any draft left behind before the final save).
 */
export async function draftForLink(db: Db, link: RedeemedLink): Promise<WizardDraft> {
  const version = await versionForLink(db, link);
  const live = await db
    .selectFrom("wizard_drafts")
    .select(["data", "updated_at"])
    .where("submission_id", "=", link.submissionId)
    .where((eb) =>
      eb.or([
        eb("email_proven", "=", true),
        ...(link.draftId ? [eb("id", "=", link.draftId)] : []),
      ]),
    )
    .where("expires_at", ">", new Date())
    .orderBy("updated_at", "desc")
    .limit(1)
    .executeTakeFirst();
  const stored: unknown = live?.data;
  const liveDraft =
    stored !== null && typeof stored === "object" && "draft" in stored
      ? parseDraft(stored.draft)
      : undefined;
  const draft =
    liveDraft &&
    live &&
    !isCompleteRecord(version.values) &&
    live.updated_at.getTime() >= version.writtenAt.getTime()
      ? liveDraft
      : fromRecord(version.values, link.submissionId);
  return {
    ...draft,
    submission: {
      id: link.submissionId,
      email: draft.submission?.email ?? version.values.email,
      emailProven: true,
    },
  };
}

/** What /login did with a request: stored for the worker, or not yet, and when it may be. */
export type LoginLinkAnswer = { stored: true } | { stored: false; nextAt: Date };

/**
 * Stores a /login request for a link to the application saved under `email`, for the outbox
 * worker (processResumeRequests), with the language of the page it was asked on (the email's),
 * if /login's bound for the inbox allows (LOGIN_LINKS_PER_CLIENT_PER_HOUR from this client,
 * LOGIN_LINKS_PER_HOUR from all): otherwise nothing is stored, and the answer says when one may
 * be asked for (decision 055). One statement, the same whatever the address: the count is kept
 * for every address typed, so that neither the page's words nor its timing say whether we know
 * it. The row of the inbox is locked while it is counted (the upsert), so the bound is exact
 * across servers. `client` is a keyed hash of the client address (clientHash).
 */
export async function requestResumeLink(
  db: Db,
  email: string,
  language: Locale,
  client: string,
): Promise<LoginLinkAnswer> {
  const key = recipientKey(email);
  const hourAgo = sql`now() - interval '1 hour'`;
  const { rows } = await sql<{
    stored: boolean;
    asked_at: Date[] | null;
    asked_by: string[] | null;
  }>`
    WITH counted AS (
      INSERT INTO login_link_requests AS r (address_key, asked_at, asked_by)
      VALUES (${key}, ARRAY[now()], ARRAY[${client}::text])
      ON CONFLICT (address_key) DO UPDATE SET
        asked_at = ARRAY(SELECT x.t FROM unnest(r.asked_at, r.asked_by) AS x(t, c)
          WHERE x.t > ${hourAgo} ORDER BY x.t) || now(),
        asked_by = ARRAY(SELECT x.c FROM unnest(r.asked_at, r.asked_by) AS x(t, c)
          WHERE x.t > ${hourAgo} ORDER BY x.t) || ${client}::text
        WHERE (SELECT count(*) FROM unnest(r.asked_at) AS t WHERE t > ${hourAgo})
            < ${LOGIN_LINKS_PER_HOUR}
          AND (SELECT count(*) FROM unnest(r.asked_at, r.asked_by) AS x(t, c)
            WHERE x.t > ${hourAgo} AND x.c = ${client}::text) < ${LOGIN_LINKS_PER_CLIENT_PER_HOUR}
      RETURNING 1
    ), stored AS (
      INSERT INTO resume_requests (email, language)
      SELECT ${email}, ${language} WHERE EXISTS (SELECT 1 FROM counted)
      RETURNING 1
    ), forgotten AS (
      -- Other inboxes' counts an hour after their last request, a few at a time.
      DELETE FROM login_link_requests WHERE address_key IN (
        SELECT address_key FROM login_link_requests
        WHERE address_key <> ${key} AND asked_at[cardinality(asked_at)] < ${hourAgo}
        LIMIT 10)
    )
    SELECT EXISTS (SELECT 1 FROM stored) AS stored, before.asked_at, before.asked_by
    FROM (SELECT 1) AS one
    LEFT JOIN login_link_requests AS before ON before.address_key = ${key}
  `.execute(db);
  const row = rows[0];
  if (row?.stored) return { stored: true };
  // Refused: the row as the statement found it is the last hour's requests.
  const asked = (row?.asked_at ?? []).map((at, index) => ({
    at: new Date(at),
    by: row?.asked_by?.[index] ?? "",
  }));
  const now = new Date();
  return { stored: false, nextAt: nextLoginLinkAt(asked, client, now) ?? now };
}

/**
 * Handles up to ten waiting /login requests (on PostgreSQL with SKIP LOCKED, so that several
 * servers never handle one twice): each is deleted, and an address with an application gets a
 * link (sendResumeLink), in an email that says what it opens. Answers how many it took. A request that fails is logged
 * by id and dropped; the visitor can ask again.
 */
export async function processResumeRequests(services: AppServices): Promise<number> {
  const { db } = services.database;
  const claimed = await db
    .deleteFrom("resume_requests")
    .where(
      "id",
      "in",
      db
        .selectFrom("resume_requests")
        .select("id")
        .orderBy("id")
        .limit(10)
        .forUpdate()
        .skipLocked(),
    )
    .returning(["id", "email", "language"])
    .execute();
  for (const request of claimed) {
    try {
      const found = await findSubmissionByEmail(db, request.email);
      if (found) {
        // The email says what the link opens where the customer is now (issue 53).
        const stage = await applicationStage(db, found.id);
        await sendResumeLink(services, found, null, request.language, resumeSubjectOf(stage));
      }
    } catch (error) {
      logger.error({ err: error, resumeRequestId: request.id }, "login link not sent");
    }
  }
  return claimed.length;
}

/**
 * The submission that holds this email, if any (for /login): never one saved beside it by a
 * session that had not proven the email (decision 030).
 */
export async function findSubmissionByEmail(
  db: Db,
  email: string,
): Promise<{ id: string; email: string } | undefined> {
  return db
    .selectFrom("business_wizard_submissions")
    .select(["id", "email"])
    .where(sql<string>`lower(email)`, "=", email.toLowerCase())
    .where("email_not_proven", "=", false)
    .executeTakeFirst();
}
