import { createHash } from "node:crypto";
import { chmod, mkdir, writeFile } from "node:fs/promises";
import path from "node:path";

import { sql, type RawBuilder } from "kysely";
import nodemailer from "nodemailer";

import { isEmailAddress } from "#app/domain/values/fields.ts";
import { notSentRecord } from "#app/domain/leads/desk-emails.ts";
import { agencyFrom } from "#app/domain/site/agency.ts";
import { mailboxOf, type AgencyMailLimits } from "#app/domain/site/mailbox.ts";

import type { Db } from "#app/server/db/database.server.ts";
import { onCommit } from "#app/server/db/transactions.server.ts";
import type { Env } from "#app/server/env.server.ts";
import { logger } from "#app/server/logger.server.ts";
import { DeliveryLoop } from "#app/server/mail/delivery-loop.server.ts";

/** An email for the outbox. */
export interface OutgoingEmail {
  to: string[];
  subject: string;
  text: string;
  html?: string;
}

/** How an email leaves: SMTP, or a file to read (without SMTP_URL). */
export interface MailTransport {
  send(message: {
    from: string;
    to: string[];
    subject: string;
    text: string;
    html?: string;
    id: string;
  }): Promise<void>;
}

/** How often a worker forgets the per-recipient counts of addresses not emailed for an hour. */
const PRUNE_EVERY_MS = 10 * 60 * 1000;

/** Give up on an email after this many attempts (about a day with the default backoff). */
export const MAX_ATTEMPTS = 12;

/** Thrown when an email names a recipient that is not exactly one address (the message names none). */
/** The most batches of background work (such as /login's requests) one pass does. */
const BACKGROUND_BATCHES_PER_PASS = 20;

export class InvalidRecipientError extends Error {
  override name = "InvalidRecipientError";
}

/**
 * Whether every recipient is exactly one address by the forms' rule: a value that slipped past a
 * form (or came from an older record) must not turn into a list, a second header or a display name.
 */
export function recipientsAreValid(to: readonly string[]): boolean {
  return to.every((address) => isEmailAddress(address));
}

/**
 * Puts an email in the outbox; the worker sends it. Nothing here talks to a mail server, so a save
 * that enqueues an email is as fast and as reliable as the database. Refuses (InvalidRecipientError)
 * a recipient that is not exactly one address.
 */
export async function enqueueEmail(db: Db, email: OutgoingEmail): Promise<void> {
  if (email.to.length === 0) return;
  if (!recipientsAreValid(email.to)) {
    throw new InvalidRecipientError("An email was refused: a recipient is not one address.");
  }
  await db
    .insertInto("outbox")
    .values({
      recipients: email.to,
      subject: email.subject,
      text_body: email.text,
      html_body: email.html ?? null,
    })
    .execute();
  onCommit(db, notifyOutboxWorkers);
}

/**
 * A statement to use inside a WITH: puts an email to `to` in the outbox once for each row of
 * `source` (a CTE of the caller's statement), its text computed by the statement (`text`, which may
 * name the source's columns): for an email that names what the statement saves, such as the
 * agency's new-lead email and the application's id (decision 052). Refuses (InvalidRecipientError)
 * a recipient that is not exactly one address.
 */
export function queuedEmailFrom(
  source: RawBuilder<unknown>,
  email: { to: readonly string[]; subject: string; text: RawBuilder<string> },
): RawBuilder<unknown> {
  if (email.to.length === 0 || !recipientsAreValid(email.to)) {
    throw new InvalidRecipientError("An email was refused: a recipient is not one address.");
  }
  const recipients = sql.join(email.to.map((address) => sql`${address}::text`));
  return sql`
    INSERT INTO outbox (recipients, subject, text_body)
    SELECT ARRAY[${recipients}], ${email.subject}, ${email.text} FROM ${source}
    RETURNING id`;
}

/**
 * What a visitor's address is counted under for the per-recipient cap: a hash of the inbox it
 * reaches (`mailboxOf`: case, `+tags`, Gmail's dots and googlemail.com do not count), so every
 * spelling of one inbox shares one count, and the count names no one and adds no copy of the
 * address.
 *
 * Counts stored before Gmail's dots and googlemail.com were folded in (issue 25) are under the key
 * of the lowercased address without its `+tag`. For every other address that is the key computed
 * now; for a Gmail address spelt with dots or at googlemail.com it is not, so during the first hour
 * after that deploy such an inbox may get up to MAIL_PER_RECIPIENT_PER_HOUR emails more than the
 * cap (its new key starts from none), once: acceptable. The old rows are pruned an hour after
 * their last send, as any others.
 */
export function recipientKey(address: string, count: RecipientCount = "holder"): string {
  const mailbox = mailboxOf(address);
  // The strangers' count of an inbox is kept apart from its holder's (takeRecipientAllowance).
  return createHash("sha256")
    .update(count === "holder" ? mailbox : `${mailbox}\nstrangers`)
    .digest("hex");
}

/**
 * Whose count an email to a visitor's inbox goes under: the application that holds the address
 * ("holder"), or one saved beside it by a session that only typed it, marked email_not_proven
 * ("strangers", decision 030). Three strangers typing the customer's address fill the strangers'
 * count, never the customer's own (issue 53).
 */
export type RecipientCount = "holder" | "strangers";

/**
 * The per-recipient cap (MAIL_PER_RECIPIENT_PER_HOUR), for what a visitor can cause the site to
 * send (decision 054), as a statement to use inside a WITH of the statement that queues the email:
 * when `when` holds and fewer than `perHour` emails went to the inbox `address` reaches
 * (recipientKey, however it is spelt) in the last hour, it records one more and returns a row
 * with `outbox_id`, the id the caller's email MUST be inserted with (`INSERT INTO outbox (id, ...)
 * OVERRIDING SYSTEM VALUE SELECT outbox_id ...`); otherwise it returns none and the caller queues
 * nothing. The row is locked while it is counted, so every form and every server behind the
 * database share one exact count.
 *
 * Each time counted is kept with the outbox id of its email: an email later cancelled (the email
 * step's reminder, cancelQueuedEmails) no longer counts, so a visitor who finishes within the
 * half hour is counted for the confirmation only. A cancellation another transaction makes at the
 * same moment may not be seen yet: the email is then still counted, never one too few.
 */
export function takeRecipientAllowance(
  address: string,
  perHour: number,
  when: RawBuilder<boolean>,
  /**
   * Holds when the email is for an application marked email_not_proven: it is then counted under
   * the inbox's strangers' count (RecipientCount), so strangers cannot use up the holder's.
   */
  forStranger: RawBuilder<boolean> = sql<boolean>`false`,
): RawBuilder<unknown> {
  const hourAgo = sql`now() - interval '1 hour'`;
  const key = sql`CASE WHEN ${forStranger} THEN ${recipientKey(address, "strangers")}
    ELSE ${recipientKey(address)} END`;
  return sql`
    INSERT INTO mail_recipient_sends AS sends (recipient_key, sent_at, outbox_ids)
    SELECT ${key}, ARRAY[now()],
      ARRAY[nextval(pg_get_serial_sequence('outbox', 'id'))]
    WHERE ${when}
    ON CONFLICT (recipient_key) DO UPDATE
      SET (sent_at, outbox_ids) = (
        SELECT coalesce(array_agg(e.t ORDER BY e.n), '{}') || now(),
          coalesce(array_agg(e.i ORDER BY e.n), '{}') || excluded.outbox_ids[1]
        FROM unnest(sends.sent_at, sends.outbox_ids) WITH ORDINALITY AS e(t, i, n)
        WHERE e.t > ${hourAgo})
      WHERE (SELECT count(*) FROM unnest(sends.sent_at, sends.outbox_ids) AS e(t, i)
        WHERE e.t > ${hourAgo} AND NOT EXISTS (
          SELECT 1 FROM outbox AS o WHERE o.id = e.i AND o.cancelled_at IS NOT NULL)) < ${perHour}
    RETURNING sends.outbox_ids[cardinality(sends.outbox_ids)] AS outbox_id`;
}

/**
 * Queues, in the caller's transaction, one visitor's email under their hourly cap
 * (takeRecipientAllowance): true when it is queued, false when the cap was reached and nothing
 * was. Refuses (InvalidRecipientError) an address that is not exactly one.
 */
export async function queueCappedEmail(
  trx: Db,
  to: string,
  email: { subject: string; text: string; html: string },
  perHour: number,
): Promise<boolean> {
  if (!recipientsAreValid([to])) {
    throw new InvalidRecipientError("An email was refused: a recipient is not one address.");
  }
  const { rows } = await sql<{ queued: boolean }>`
    WITH allowed AS (
      ${takeRecipientAllowance(to, perHour, sql<boolean>`true`)}
    ), queued AS (
      INSERT INTO outbox (id, recipients, subject, text_body, html_body) OVERRIDING SYSTEM VALUE
      SELECT outbox_id, ARRAY[${to}::text], ${email.subject}, ${email.text}, ${email.html}
      FROM allowed
      RETURNING id
    )
    SELECT EXISTS (SELECT 1 FROM queued) AS queued`.execute(trx);
  const queued = rows[0]?.queued === true;
  if (queued) onCommit(trx, notifyOutboxWorkers);
  return queued;
}

/**
 * Why the agency's email was not sent, as a condition of a statement (decision 054): 'unproven'
 * when the application's email is not proven (or the application is gone), 'limit' when the site
 * or the operator has had its hourly share of agency emails, null when it may go. The counts are
 * read as the statement starts, so a few sends at the same moment may each pass a limit by one:
 * the limits bound a runaway desk, not one email.
 */
function agencyHoldReason(
  submissionId: string,
  operatorId: string | null,
  limits: AgencyMailLimits,
): RawBuilder<string | null> {
  const hourAgo = sql`now() - interval '1 hour'`;
  return sql<string | null>`CASE
    WHEN coalesce((SELECT s.email_not_proven FROM business_wizard_submissions AS s
      WHERE s.id = ${submissionId}::uuid), true) THEN 'unproven'
    WHEN (SELECT count(*) FROM outbox AS o WHERE o.agency AND o.counted_at > ${hourAgo})
      >= ${limits.perHour} THEN 'limit'
    WHEN ${operatorId}::uuid IS NOT NULL AND (SELECT count(*) FROM outbox AS o
      WHERE o.agency AND o.counted_at > ${hourAgo} AND o.operator_id = ${operatorId}::uuid)
      >= ${limits.perOperatorPerHour} THEN 'limit'
  END`;
}

/** What became of an email the agency meant to send: queued, or held and why. */
export type AgencyEmailOutcome = "queued" | "limit" | "unproven";

/**
 * Queues, in the caller's transaction, an email the agency sends the customer of the application
 * `submissionId` at its address (decision 054): not under the visitor's per-inbox cap, but under
 * the desk's hourly limits (per operator, and for the whole site). An application whose email is
 * not proven (decision 030) is sent nothing. An email held for either reason is kept in the outbox,
 * never sent until released (releaseHeldEmail), and the lead's timeline says so ("Not sent") in the
 * same statement. `operatorId` is null for what the site sends by itself (a renewal reminder).
 */
export async function queueAgencyEmail(
  trx: Db,
  email: {
    submissionId: string;
    to: string;
    operatorId: string | null;
    subject: string;
    text: string;
    html: string;
  },
  limits: AgencyMailLimits,
): Promise<AgencyEmailOutcome> {
  if (!recipientsAreValid([email.to])) {
    throw new InvalidRecipientError("An email was refused: a recipient is not one address.");
  }
  const { rows } = await sql<{ held: string | null }>`
    WITH why AS (
      SELECT ${agencyHoldReason(email.submissionId, email.operatorId, limits)} AS held
    ), queued AS (
      INSERT INTO outbox (recipients, subject, text_body, html_body, agency, operator_id,
        submission_id, held, counted_at)
      SELECT ARRAY[${email.to}::text], ${email.subject}, ${email.text}, ${email.html}, true,
        ${email.operatorId}::uuid, ${email.submissionId}::uuid, why.held,
        CASE WHEN why.held IS NULL THEN now() END
      FROM why
      RETURNING id, held
    ), logged AS (
      INSERT INTO lead_activities (submission_id, operator_id, kind, body, outbox_id)
      SELECT ${email.submissionId}::uuid, ${email.operatorId}::uuid, 'not-sent',
        CASE queued.held WHEN 'unproven' THEN ${notSentRecord(email.subject, "unproven")}
          ELSE ${notSentRecord(email.subject, "limit")} END,
        queued.id
      FROM queued WHERE queued.held IS NOT NULL
      RETURNING id
    )
    SELECT held FROM queued`.execute(trx);
  const held = rows[0]?.held;
  if (held === "limit" || held === "unproven") return held;
  onCommit(trx, notifyOutboxWorkers);
  return "queued";
}

/** What "Send again" did. */
export type Release = "queued" | "limit" | "unproven" | "not-found";

/**
 * "Send again" at the desk (decision 054): an agency email of the lead `submissionId` that was held
 * or that the outbox gave up on goes again, if the application's email is proven and the desk is
 * under its hourly limits now; the timeline says who sent it again. Anything else (another lead's
 * email, one sent, cancelled or already on its way) is not found.
 */
export async function releaseHeldEmail(
  db: Db,
  release: { submissionId: string; outboxId: string; operatorId: string },
  limits: AgencyMailLimits,
): Promise<Release> {
  if (!/^\d{1,18}$/.test(release.outboxId)) return "not-found";
  const { rows } = await sql<{ found: boolean; held: string | null; released: boolean }>`
    WITH target AS (
      SELECT id, subject FROM outbox
      WHERE id = ${release.outboxId}::bigint AND agency
        AND submission_id = ${release.submissionId}::uuid
        AND sent_at IS NULL AND cancelled_at IS NULL
        AND (held IS NOT NULL OR failed_at IS NOT NULL)
      FOR UPDATE
    ), why AS (
      SELECT ${agencyHoldReason(release.submissionId, release.operatorId, limits)} AS held
    ), released AS (
      UPDATE outbox SET held = NULL, failed_at = NULL, last_error = NULL, attempts = 0,
        locked_until = NULL, next_attempt_at = now(), counted_at = now(),
        operator_id = ${release.operatorId}::uuid
      FROM target, why
      WHERE outbox.id = target.id AND why.held IS NULL
      RETURNING outbox.id, target.subject
    ), logged AS (
      INSERT INTO lead_activities (submission_id, operator_id, kind, body)
      SELECT ${release.submissionId}::uuid, ${release.operatorId}::uuid, 'email',
        'Sent again: "' || released.subject || '"'
      FROM released
      RETURNING id
    )
    SELECT EXISTS (SELECT 1 FROM target) AS found, (SELECT held FROM why) AS held,
      EXISTS (SELECT 1 FROM released) AS released`.execute(db);
  const row = rows[0];
  if (!row?.found) return "not-found";
  if (row.released) {
    notifyOutboxWorkers();
    return "queued";
  }
  return row.held === "unproven" ? "unproven" : "limit";
}

/**
 * A statement to use inside a WITH: cancels the queued emails under any of `keys` (their
 * cancel_key, decision 032) that are not sent and not being sent (claimed by a worker whose claim
 * has not run out), and returns their ids. One a worker is sending now still goes. A cancelled
 * email is kept, marked, with its words (and the link they held) dropped, so that it no longer
 * counts under its recipient's hourly cap (takeRecipientAllowance, decision 054).
 */
export function cancelQueuedEmails(
  keys: readonly RawBuilder<string | null>[],
  /** Cancels only if this holds (a condition on the rest of the caller's statement). */
  when: RawBuilder<boolean> = sql<boolean>`true`,
): RawBuilder<unknown> {
  return sql`
    UPDATE outbox SET cancelled_at = now(), cancel_key = NULL, text_body = '', html_body = NULL
    WHERE cancel_key IN (${sql.join(keys)}) AND sent_at IS NULL AND cancelled_at IS NULL
      AND (locked_until IS NULL OR locked_until < now()) AND ${when}
    RETURNING id`;
}

/** Forgets the counts of addresses not emailed for an hour. */
export async function pruneRecipientSends(db: Db): Promise<void> {
  await db
    .deleteFrom("mail_recipient_sends")
    .where(sql<boolean>`sent_at[cardinality(sent_at)] < now() - interval '1 hour'`)
    .execute();
}

const wakers = new Set<() => void>();
/** Wakes this process's workers: for code that puts an email in the outbox in its own statement. */
export function notifyOutboxWorkers() {
  for (const wake of wakers) wake();
}

/** SMTP when SMTP_URL is set; otherwise .eml files under DATA_DIR/outbox. */
export function createMailTransport(env: Env): MailTransport {
  // Replies go to the agency (AGENCY_EMAIL), not to MAIL_FROM; a sample agency's address is none.
  const agency = agencyFrom(env);
  const replyTo = agency.sample ? undefined : agency.email;
  if (env.SMTP_URL) {
    const smtp = nodemailer.createTransport(env.SMTP_URL);
    return {
      async send({ from, to, subject, text, html, id }) {
        await smtp.sendMail({
          from,
          to,
          subject,
          text,
          html,
          replyTo,
          messageId: `<outbox-${id}@coverpilot>`,
        });
      },
    };
  }
  const folder = path.join(env.DATA_DIR, "outbox");
  const writer = nodemailer.createTransport({
    streamTransport: true,
    buffer: true,
    newline: "unix",
  });
  return {
    async send({ from, to, subject, text, html, id }) {
      const info = await writer.sendMail({ from, to, subject, text, html, replyTo });
      // The emails hold visitors' links and leads' details: owner-only, even in a folder made
      // before with other modes.
      await mkdir(folder, { recursive: true, mode: 0o700 });
      await chmod(folder, 0o700);
      await writeFile(path.join(folder, `${id.padStart(8, "0")}.eml`), info.message as Buffer, {
        mode: 0o600,
      });
    },
  };
}

/** The pause before attempt `attempts + 1`: doubling from the base, at most an hour. */
export function retryDelayMs(attempts: number, baseMs: number): number {
  return Math.min(baseMs * 2 ** Math.max(0, attempts - 1), 3_600_000);
}

/**
 * Delivers the outbox: wakes when an email is enqueued and every few seconds, claims due emails
 * (on PostgreSQL with SKIP LOCKED, so that several servers never send one twice), sends them, and
 * reschedules failures with backoff until MAX_ATTEMPTS. An email is due once its send_after and
 * its next attempt's time have passed: one that waits (the email step's reminder, decision 032)
 * goes at the first poll after its time, within `pollMs`. Logs ids and error codes, never addresses.
 * Now and then it also drops the per-recipient counts that no longer matter.
 */
export class OutboxWorker {
  private readonly db: Db;
  private readonly transport: MailTransport;
  private readonly from: string;
  private readonly retryBaseMs: number;
  private lastPrune = 0;
  private readonly beforeEachPass: (() => Promise<number>) | undefined;
  private readonly loop: DeliveryLoop;

  /**
   * `beforeEachPass` is background work to do at the start of each pass, in batches, such as
   * /login's requests (which may queue emails for the same pass); it answers how many items it
   * took, and is called again while it takes some, up to BACKGROUND_BATCHES_PER_PASS times.
   */
  constructor(options: {
    db: Db;
    transport: MailTransport;
    from: string;
    retryBaseMs: number;
    beforeEachPass?: () => Promise<number>;
  }) {
    this.db = options.db;
    this.transport = options.transport;
    this.from = options.from;
    this.retryBaseMs = options.retryBaseMs;
    this.beforeEachPass = options.beforeEachPass;
    this.loop = new DeliveryLoop("outbox", wakers, async (stopped) => {
      await this.doBackgroundWork(stopped);
      if (Date.now() - this.lastPrune >= PRUNE_EVERY_MS) {
        this.lastPrune = Date.now();
        await pruneRecipientSends(this.db);
      }
      while (!stopped() && (await this.deliverDue()) > 0);
    });
  }

  /** Starts delivering, now and every `pollMs`. */
  start(pollMs = 2_000): void {
    this.loop.start(pollMs);
  }

  /** Stops, after the delivery under way (if any) has finished. */
  stop(): Promise<void> {
    return this.loop.stop();
  }

  /** One pass over the due emails (again if more were enqueued meanwhile). */
  run(): Promise<void> {
    return this.loop.run();
  }

  /**
   * The background work's batches for this pass: while a batch takes something, up to a bound, so
   * a queue that grows faster than a batch a pass is still worked off; a failure is logged and the
   * pass goes on to deliver what is due.
   */
  private async doBackgroundWork(stopped: () => boolean): Promise<void> {
    if (!this.beforeEachPass) return;
    try {
      for (let batch = 0; batch < BACKGROUND_BATCHES_PER_PASS && !stopped(); batch++) {
        if ((await this.beforeEachPass()) === 0) break;
      }
    } catch (error) {
      logger.warn({ err: error }, "outbox background work failed");
    }
  }

  /** Claims and sends up to ten due emails; returns how many it claimed. */
  async deliverDue(): Promise<number> {
    const claimed = await this.db
      .updateTable("outbox")
      .set({ locked_until: sql`now() + interval '2 minutes'`, attempts: sql`attempts + 1` })
      .where(
        "id",
        "in",
        this.db
          .selectFrom("outbox")
          .select("id")
          .where("sent_at", "is", null)
          .where("failed_at", "is", null)
          .where("held", "is", null)
          .where("cancelled_at", "is", null)
          .where(sql<boolean>`send_after <= now()`)
          .where(sql<boolean>`next_attempt_at <= now()`)
          .where(sql<boolean>`(locked_until is null or locked_until < now())`)
          .orderBy("id")
          .limit(10)
          .forUpdate()
          .skipLocked(),
      )
      .returningAll()
      .execute();
    for (const email of claimed) {
      if (!recipientsAreValid(email.recipients)) {
        // Written to the table by other means than enqueueEmail: never sent, never retried.
        await this.db
          .updateTable("outbox")
          .set({ locked_until: null, last_error: "invalid-recipient", failed_at: sql`now()` })
          .where("id", "=", email.id)
          .execute();
        logger.warn({ outboxId: email.id, error: "invalid-recipient" }, "email not sent");
        await recordGivenUp(this.db, email);
        continue;
      }
      try {
        await this.transport.send({
          id: String(email.id),
          from: this.from,
          to: email.recipients,
          subject: email.subject,
          text: email.text_body,
          html: email.html_body ?? undefined,
        });
        await this.db
          .updateTable("outbox")
          .set({ sent_at: sql`now()`, locked_until: null, last_error: null })
          .where("id", "=", email.id)
          .execute();
        logger.info({ outboxId: email.id, attempt: email.attempts }, "email sent");
      } catch (error) {
        const code = describeFailure(error);
        const giveUp = email.attempts >= MAX_ATTEMPTS;
        await this.db
          .updateTable("outbox")
          .set({
            locked_until: null,
            last_error: code,
            next_attempt_at: sql`now() + ${retryDelayMs(email.attempts, this.retryBaseMs)} * interval '1 millisecond'`,
            failed_at: giveUp ? sql`now()` : null,
          })
          .where("id", "=", email.id)
          .execute();
        if (giveUp) await recordGivenUp(this.db, email);
        logger.warn(
          { outboxId: email.id, attempt: email.attempts, error: code, giveUp },
          "email not sent",
        );
      }
    }
    return claimed.length;
  }
}

/**
 * An agency email the outbox gave up on enters its lead's timeline as not sent, with a way to send
 * it again (decision 054); the site's other emails are only logged.
 */
async function recordGivenUp(
  db: Db,
  email: {
    id: string;
    agency: boolean;
    submission_id: string | null;
    operator_id: string | null;
    subject: string;
  },
): Promise<void> {
  if (!email.agency || email.submission_id === null) return;
  await db
    .insertInto("lead_activities")
    .values({
      submission_id: email.submission_id,
      operator_id: email.operator_id,
      kind: "not-sent",
      body: notSentRecord(email.subject, "failed"),
      outbox_id: email.id,
    })
    .execute();
}

/** What went wrong, without the message (an SMTP reply can quote the recipient). */
function describeFailure(error: unknown): string {
  if (error && typeof error === "object") {
    const { code, responseCode } = error as { code?: unknown; responseCode?: unknown };
    return [code, responseCode].filter((part) => part !== undefined).join(" ") || "error";
  }
  return "error";
}
