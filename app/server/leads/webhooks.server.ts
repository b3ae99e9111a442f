import { createHmac, randomUUID } from "node:crypto";

import { sql } from "kysely";

import type { Db } from "../db/database.server.ts";
import { bestEffort, onCommit } from "../db/transactions.server.ts";
import type { Env } from "../env.server.ts";
import { logger } from "../logger.server.ts";
import { DeliveryLoop } from "../mail/delivery-loop.server.ts";
import { MAX_ATTEMPTS, retryDelayMs } from "../mail/outbox.server.ts";
import type { AppServices } from "../services.server.ts";
import { leadRecord } from "./lead-records.server.ts";

/** What a lead's webhook post tells (issue 17). */
export const LEAD_EVENTS = [
  "application.completed",
  "application.updated",
  "quote_request.created",
  "quote_request.updated",
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
 * delivery id in the body. Call it after the save it tells of: it never fails that save (a failure
 * is logged with the submission's id only).
 */
export async function queueLeadEvent(
  services: AppServices,
  event: LeadEvent,
  submissionId: string,
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
              body: JSON.stringify({ event, deliveryId: id, occurredAt, lead }),
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

/** A delivery as the lead desk lists it. */
export interface WebhookDelivery {
  id: string;
  event: string;
  url: string;
  attempts: number;
  lastStatus: number | null;
  lastError: string | null;
  deliveredAt: Date | null;
  failedAt: Date | null;
  nextAttemptAt: Date;
  createdAt: Date;
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
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id)) return false;
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

/**
 * Posts the queued deliveries: claimed like the outbox's emails (on PostgreSQL with SKIP LOCKED,
 * so several servers never post one twice at once), signed with LEAD_WEBHOOK_SECRET, retried with
 * backoff on any failure or non-2xx answer until MAX_ATTEMPTS. Rows outlive restarts. Logs ids and
 * status codes, never the body.
 */
export class WebhookWorker {
  private readonly db: Db;
  private readonly secret: string;
  private readonly retryBaseMs: number;
  private readonly loop: DeliveryLoop;

  constructor(options: {
    db: Db;
    env: Pick<Env, "LEAD_WEBHOOK_SECRET" | "WEBHOOK_RETRY_BASE_MS">;
  }) {
    this.db = options.db;
    this.secret = options.env.LEAD_WEBHOOK_SECRET ?? "";
    this.retryBaseMs = options.env.WEBHOOK_RETRY_BASE_MS;
    this.loop = new DeliveryLoop("webhook", wakers, async (stopped) => {
      while (!stopped() && (await this.deliverDue()) > 0);
    });
  }

  /** Starts posting, now and every `pollMs`. */
  start(pollMs = 2_000): void {
    this.loop.start(pollMs);
  }

  /** Stops, after the posts under way have finished. */
  stop(): Promise<void> {
    return this.loop.stop();
  }

  /** One pass over the due deliveries. */
  run(): Promise<void> {
    return this.loop.run();
  }

  /** Claims and posts up to five due deliveries; returns how many it claimed. */
  async deliverDue(): Promise<number> {
    const claimed = await this.db
      .updateTable("webhook_deliveries")
      .set({ locked_until: sql`now() + interval '2 minutes'`, attempts: sql`attempts + 1` })
      .where(
        "id",
        "in",
        this.db
          .selectFrom("webhook_deliveries")
          .select("id")
          .where("delivered_at", "is", null)
          .where("failed_at", "is", null)
          .where(sql<boolean>`next_attempt_at <= now()`)
          .where(sql<boolean>`(locked_until is null or locked_until < now())`)
          .orderBy("next_attempt_at")
          .limit(5)
          .forUpdate()
          .skipLocked(),
      )
      .returning(["id", "event", "url", "body", "attempts"])
      .execute();
    await Promise.all(claimed.map((delivery) => this.post(delivery)));
    return claimed.length;
  }

  private async post(delivery: {
    id: string;
    event: string;
    url: string;
    body: string;
    attempts: number;
  }): Promise<void> {
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
        signal: AbortSignal.timeout(WEBHOOK_TIMEOUT_MS),
      });
      status = response.status;
      // The answer's body is not needed; read it so the connection can be reused.
      await response.arrayBuffer().catch(() => undefined);
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
