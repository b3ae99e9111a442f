import { createHmac, randomUUID } from "node:crypto";

import { sql, type ExpressionBuilder } from "kysely";

import { isUuid } from "#app/domain/values/ids.ts";
import type { WebhookDelivery } from "#app/domain/leads/lead-record.ts";

import type { DatabaseSchema, Db } from "#app/server/db/database.server.ts";
import { bestEffort, onCommit } from "#app/server/db/transactions.server.ts";
import type { Env } from "#app/server/env.server.ts";
import { readAnswerPrefix } from "#app/server/http/outbound.server.ts";
import { logger } from "#app/server/logger.server.ts";
import { DeliveryLoop } from "#app/server/mail/delivery-loop.server.ts";
import { MAX_ATTEMPTS, retryDelayMs } from "#app/server/mail/outbox.server.ts";
import type { AppServices } from "#app/server/services.server.ts";
import { leadRecord } from "#app/server/leads/lead-records.server.ts";

/** What a lead's webhook post tells (issue 17). */
export const LEAD_EVENTS = [
  "application.completed",
  "application.updated",
  "quote_request.created",
  "quote_request.updated",
  // The agency's quotes were published to the visitor (issue 29).
  "quote.published",
  // The visitor declined every quote: the request is Lost (issue 29).
  "quote_request.lost",
  // The agency asked the visitor a question; the visitor answered one (issue 29).
  "question.asked",
  "question.answered",
  // The visitor asked to bind a quote; the agency bound it (issue 29), with the insurer's binder
  // (issue 55); the insurer issued the policy; the insurer declined or changed the terms.
  "bind_request.created",
  "policy.bound",
  "policy.issued",
  "bind_request.declined",
  // The customer asked the agency a question; uploaded a document (issue 55).
  "customer_question.asked",
  "document.uploaded",
  // The visitor asked for a certificate of insurance; the agency issued it (issue 30).
  "certificate_request.created",
  "certificate.issued",
  // The desk recorded a change or notice on a bound policy; the customer asked for a change; the
  // desk marked that request done (issue 56). POLICY_CHANGE_EVENTS names each kind's.
  "policy.endorsed",
  "policy.cancelled",
  "policy.renewal_notice_received",
  "policy.audited",
  "policy.payment_missed",
  "change_request.created",
  "change_request.done",
] as const;
export type LeadEvent = (typeof LEAD_EVENTS)[number];

/** How long a receiver has to answer one post. */
export const WEBHOOK_TIMEOUT_MS = 10_000;

/** The signature header's value for a body: `sha256=` and the HMAC-SHA256 of the raw body, in hex. */
export function webhookSignature(secret: string, body: string): string {
  return `sha256=${createHmac("sha256", secret).update(body, "utf8").digest("hex")}`;
}

const wakers = new Set<() => void>();

/** Wakes this process's webhook workers: something was queued. */
function wakeWebhookWorkers(): void {
  for (const wake of wakers) wake();
}

/**
 * Queues `event` for the submission's lead, one delivery per LEAD_WEBHOOK_URL, each with its own
 * delivery id in the body, and what the event is about besides the lead (`detail`: the question and
 * its answer, say). Call it after the save it tells of: it never fails that save (a failure
 * is logged with the submission's id only).
 */
export async function queueLeadEvent(
  services: AppServices,
  event: LeadEvent,
  submissionId: string,
  detail?: Record<string, unknown>,
): Promise<void> {
  const urls = services.env.LEAD_WEBHOOK_URL;
  if (urls.length === 0) return;
  try {
    await bestEffort(services.database.db, async (db) => {
      const lead = await leadRecord(db, submissionId);
      if (!lead) return;
      const occurredAt = new Date().toISOString();
      await db
        .insertInto("webhook_deliveries")
        .values(
          urls.map((url) => {
            const id = randomUUID();
            return {
              id,
              event,
              url,
              submission_id: submissionId,
              body: JSON.stringify({
                event,
                deliveryId: id,
                occurredAt,
                lead,
                ...(detail && { detail }),
              }),
            };
          }),
        )
        .execute();
      onCommit(db, wakeWebhookWorkers);
    });
  } catch (error) {
    logger.error({ err: error, submissionId, event }, "lead webhook not queued");
  }
}

/** The newest deliveries (of one submission, or all), newest first. */
export async function listWebhookDeliveries(
  db: Db,
  options: { submissionId?: string; limit?: number } = {},
): Promise<WebhookDelivery[]> {
  let query = db
    .selectFrom("webhook_deliveries")
    .select([
      "id",
      "event",
      "url",
      "attempts",
      "last_status",
      "last_error",
      "delivered_at",
      "failed_at",
      "next_attempt_at",
      "created_at",
    ])
    .orderBy("created_at", "desc")
    .orderBy("id")
    .limit(Math.min(options.limit ?? 50, 200));
  if (options.submissionId) query = query.where("submission_id", "=", options.submissionId);
  const rows = await query.execute();
  return rows.map((row) => ({
    id: row.id,
    event: row.event,
    url: row.url,
    attempts: row.attempts,
    lastStatus: row.last_status,
    lastError: row.last_error,
    deliveredAt: row.delivered_at,
    failedAt: row.failed_at,
    nextAttemptAt: row.next_attempt_at,
    createdAt: row.created_at,
  }));
}

/**
 * Sends a delivery again now, under the same delivery id and body (an operator's "Send again"):
 * a receiver that already has it deduplicates by the id. Returns whether there was one.
 */
export async function resendWebhookDelivery(
  db: Db,
  id: string,
  submissionId: string,
): Promise<boolean> {
  if (!isUuid(id)) return false;
  const row = await db
    .updateTable("webhook_deliveries")
    .set({ next_attempt_at: sql`now()`, failed_at: null, delivered_at: null, attempts: 0 })
    .where("id", "=", id)
    .where("submission_id", "=", submissionId)
    .returning("id")
    .executeTakeFirst();
  wakeWebhookWorkers();
  return row !== undefined;
}

/** A claimed delivery, as posted. */
interface ClaimedDelivery {
  id: string;
  event: string;
  url: string;
  body: string;
  attempts: number;
}

/** The deliveries due now and claimed by no one: the rows a pass may take. */
function isDue(eb: ExpressionBuilder<DatabaseSchema, "webhook_deliveries">) {
  return eb.and([
    eb("delivered_at", "is", null),
    eb("failed_at", "is", null),
    sql<boolean>`next_attempt_at <= now()`,
    sql<boolean>`(locked_until is null or locked_until < now())`,
  ]);
}

/**
 * How many receiver URLs one process posts to at once. The URLs come from LEAD_WEBHOOK_URL (a
 * handful), plus older rows' URLs after it changed; this only bounds the connections held open.
 */
const MAX_RECEIVERS_IN_FLIGHT = 16;

/**
 * Posts the queued deliveries: claimed like the outbox's emails (on PostgreSQL with SKIP LOCKED,
 * so several servers never post one twice at once), signed with LEAD_WEBHOOK_SECRET, retried with
 * backoff on any failure or non-2xx answer until MAX_ATTEMPTS. Rows outlive restarts. Logs ids and
 * status codes, never the body. Reads at most a few kilobytes of any answer (readAnswerPrefix).
 *
 * Receivers are kept apart: a receiver that answers slowly, or not until the timeout, must not
 * hold the deliveries to the others. So each receiver URL has at most one post under way in this
 * process (its deliveries go one after another, in the order they fell due), and a pass only
 * claims and starts posts: it never waits for one. A post's end wakes the workers, so that its URL's next due delivery goes at
 * once; deliveries to other URLs were claimed meanwhile by the passes their queueing woke.
 */
export class WebhookWorker {
  private readonly db: Db;
  private readonly secret: string;
  private readonly retryBaseMs: number;
  private readonly loop: DeliveryLoop;
  /** The post under way (claim included) per receiver URL, in this process. */
  private readonly inFlight = new Map<string, Promise<boolean>>();

  constructor(options: {
    db: Db;
    env: Pick<Env, "LEAD_WEBHOOK_SECRET" | "WEBHOOK_RETRY_BASE_MS">;
  }) {
    this.db = options.db;
    this.secret = options.env.LEAD_WEBHOOK_SECRET ?? "";
    this.retryBaseMs = options.env.WEBHOOK_RETRY_BASE_MS;
    // A pass only finds the free URLs and starts their claims and posts; it never waits for a
    // post, so that a wake during a slow post runs a pass at once. stop() waits for the posts.
    this.loop = new DeliveryLoop("webhook", wakers, async () => {
      await this.startDue();
    });
  }

  /** Starts posting, now and every `pollMs`. */
  start(pollMs = 2_000): void {
    this.loop.start(pollMs);
  }

  /** Stops: no new claims, and waits for the posts under way (at most WEBHOOK_TIMEOUT_MS). */
  async stop(): Promise<void> {
    await this.loop.stop();
    await Promise.all(this.inFlight.values());
  }

  /** One pass over the due deliveries: claims them and starts their posts. */
  run(): Promise<void> {
    return this.loop.run();
  }

  /**
   * Claims one due delivery per receiver URL that has no post under way here, posts them, and
   * waits for those posts; returns how many it claimed. A one-off pass (tests): the server's
   * worker runs by start().
   */
  async deliverDue(): Promise<number> {
    const posts = await Promise.all(await this.startDue());
    return posts.filter(Boolean).length;
  }

  /**
   * Finds the receiver URLs with a due delivery and no post under way here, and for each starts a
   * claim and a post. Returns once they are started, with one promise per URL, each resolving (never
   * rejecting) when its post has ended, to whether a delivery was claimed at all.
   */
  private async startDue(): Promise<Array<Promise<boolean>>> {
    const room = MAX_RECEIVERS_IN_FLIGHT - this.inFlight.size;
    if (room <= 0) return [];
    const busy = [...this.inFlight.keys()];
    let query = this.db
      .selectFrom("webhook_deliveries")
      .select("url")
      .where(isDue)
      .groupBy("url")
      // The URL whose oldest due delivery has waited longest goes first.
      .orderBy(sql`min(next_attempt_at)`)
      .limit(room);
    if (busy.length > 0) query = query.where("url", "not in", busy);
    const urls = (await query.execute()).map((row) => row.url);

    const started: Array<Promise<boolean>> = [];
    for (const url of urls) {
      // Taken since the query above (by a post's wake-up pass, or a deliverDue alongside).
      if (this.inFlight.has(url)) continue;
      const post = this.claimAndPost(url)
        .catch((error: unknown) => {
          // The database failed while claiming or recording: the row's lock runs out and a later
          // pass takes it again. Logged without the row (no body, no URL).
          logger.warn({ err: error }, "webhook post not recorded");
          return false;
        })
        .finally(() => {
          this.inFlight.delete(url);
          // The URL is free: its next due delivery may go now, not at the next poll.
          wakeWebhookWorkers();
        });
      // Set before any await, so that no other pass starts a second post to this URL.
      this.inFlight.set(url, post);
      started.push(post);
    }
    return started;
  }

  /** Claims the oldest due delivery to `url` and posts it; resolves to whether there was one. */
  private async claimAndPost(url: string): Promise<boolean> {
    // Locked for longer than a post can take (WEBHOOK_TIMEOUT_MS), so that another server (or this
    // one after a restart) takes the row again only if this one died with it.
    const delivery = await this.db
      .updateTable("webhook_deliveries")
      .set({ locked_until: sql`now() + interval '2 minutes'`, attempts: sql`attempts + 1` })
      .where(
        "id",
        "in",
        this.db
          .selectFrom("webhook_deliveries")
          .select("id")
          .where(isDue)
          .where("url", "=", url)
          .orderBy("next_attempt_at")
          .limit(1)
          .forUpdate()
          .skipLocked(),
      )
      .returning(["id", "event", "url", "body", "attempts"])
      .executeTakeFirst();
    if (!delivery) return false;
    await this.post(delivery);
    return true;
  }

  private async post(delivery: ClaimedDelivery): Promise<void> {
    let status: number | null = null;
    let error: string | null = null;
    try {
      const response = await fetch(delivery.url, {
        method: "POST",
        headers: {
          "Content-Type": "application/json",
          "User-Agent": "CoverPilot-Webhooks/1",
          "X-CoverPilot-Event": delivery.event,
          "X-CoverPilot-Delivery": delivery.id,
          "X-CoverPilot-Signature": webhookSignature(this.secret, delivery.body),
        },
        body: delivery.body,
        redirect: "manual",
        // Covers the answer's body as well: a receiver trickling it cannot hold the post longer.
        signal: AbortSignal.timeout(WEBHOOK_TIMEOUT_MS),
      });
      status = response.status;
      // Only the status counts. The start of the body is read (a short answer read to its end
      // keeps the connection for the next post), the rest is dropped unread: an answer's length is
      // the receiver's choice, the server's memory is not. A failure while reading changes nothing.
      await readAnswerPrefix(response).catch(() => undefined);
      if (!response.ok) error = `http-${response.status}`;
    } catch (failure) {
      error =
        failure instanceof Error && failure.name === "TimeoutError" ? "timeout" : "unreachable";
    }
    if (error === null) {
      await this.db
        .updateTable("webhook_deliveries")
        .set({
          delivered_at: sql`now()`,
          locked_until: null,
          last_status: status,
          last_error: null,
        })
        .where("id", "=", delivery.id)
        .execute();
      logger.info({ deliveryId: delivery.id, attempt: delivery.attempts }, "webhook delivered");
      return;
    }
    const giveUp = delivery.attempts >= MAX_ATTEMPTS;
    await this.db
      .updateTable("webhook_deliveries")
      .set({
        locked_until: null,
        last_status: status,
        last_error: error,
        next_attempt_at: sql`now() + ${retryDelayMs(delivery.attempts, this.retryBaseMs)} * interval '1 millisecond'`,
        failed_at: giveUp ? sql`now()` : null,
      })
      .where("id", "=", delivery.id)
      .execute();
    logger.warn(
      { deliveryId: delivery.id, attempt: delivery.attempts, error, giveUp },
      "webhook not delivered",
    );
  }
}
