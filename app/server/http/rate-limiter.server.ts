import { sql } from "kysely";

import type { Db } from "#app/server/db/database.server.ts";
import { logger } from "#app/server/logger.server.ts";

/** What a rate limiter says of one more request. */
export interface RateDecision {
  allowed: boolean;
  /** Seconds until the current window ends (for Retry-After). */
  retryAfterSeconds: number;
}

/** Counts requests per key in fixed windows and refuses those past the limit. */
export interface RateLimiter {
  hit(key: string, now?: Date): Promise<RateDecision>;
  /** Keeps the counts not yet kept (at shutdown). */
  close(): Promise<void>;
}

function windowOf(now: Date, windowMs: number) {
  const start = Math.floor(now.getTime() / windowMs) * windowMs;
  return {
    start,
    retryAfterSeconds: Math.max(1, Math.ceil((start + windowMs - now.getTime()) / 1000)),
  };
}

/** Counts in this process's memory: for one server on the embedded database. */
export class MemoryRateLimiter implements RateLimiter {
  private readonly counts = new Map<string, { start: number; hits: number }>();
  private readonly limit: number;
  private readonly windowMs: number;

  constructor(limit: number, windowMs = 60_000) {
    this.limit = limit;
    this.windowMs = windowMs;
  }

  async hit(key: string, now = new Date()): Promise<RateDecision> {
    const { start, retryAfterSeconds } = windowOf(now, this.windowMs);
    if (this.counts.size > 10_000) this.forgetBefore(start);
    const current = this.counts.get(key);
    const hits = current?.start === start ? current.hits + 1 : 1;
    this.counts.set(key, { start, hits });
    return { allowed: hits <= this.limit, retryAfterSeconds };
  }

  async close(): Promise<void> {}

  private forgetBefore(start: number) {
    for (const [key, entry] of this.counts) if (entry.start < start) this.counts.delete(key);
  }
}

/** How often a server adds its counts to the shared table. */
export const RATE_FLUSH_MS = 250;

/** A key's count in one window. */
interface WindowCount {
  key: string;
  start: number;
  hits: number;
}

/**
 * Counts in PostgreSQL, so that every server behind one database shares the count, without a query
 * on the request's path (issue 18): each server counts in memory and, every RATE_FLUSH_MS, adds
 * what it counted to the table in one statement, which answers every key's total so far. A
 * request is judged on that total plus this server's hits since. One server alone counts exactly;
 * several can let a client through by what the others counted in their last RATE_FLUSH_MS
 * (decision 023). Old windows are cleared now and then. A failed write keeps its hits for the next.
 */
export class DatabaseRateLimiter implements RateLimiter {
  private readonly db: Db;
  private readonly limit: number;
  private readonly windowMs: number;
  /** Hits not yet written, by window and key. */
  private unsent = new Map<string, WindowCount>();
  /** Hits being written now (counted until the table's answer includes them). */
  private sending = new Map<string, WindowCount>();
  /** Every server's hits as the table last answered, by window and key. */
  private readonly shared = new Map<string, number>();
  private flushing: Promise<void> | undefined;
  private timer: NodeJS.Timeout | undefined;
  private lastCleanup = 0;
  /** The newest window a hit fell in: older ones are forgotten, and cleared from the table. */
  private latestWindow = 0;

  constructor(db: Db, limit: number, windowMs = 60_000) {
    this.db = db;
    this.limit = limit;
    this.windowMs = windowMs;
  }

  async hit(key: string, now = new Date()): Promise<RateDecision> {
    const { start, retryAfterSeconds } = windowOf(now, this.windowMs);
    this.latestWindow = Math.max(this.latestWindow, start);
    const id = `${start} ${key}`;
    const unsent = this.unsent.get(id) ?? { key, start, hits: 0 };
    unsent.hits += 1;
    this.unsent.set(id, unsent);
    this.scheduleFlush();
    const hits = (this.shared.get(id) ?? 0) + (this.sending.get(id)?.hits ?? 0) + unsent.hits;
    return { allowed: hits <= this.limit, retryAfterSeconds };
  }

  /** Adds the hits counted since the last flush to the table, and learns every key's total. */
  flush(): Promise<void> {
    this.flushing ??= this.write().finally(() => {
      this.flushing = undefined;
    });
    return this.flushing;
  }

  async close(): Promise<void> {
    await this.flushing?.catch(() => undefined);
    await this.flush();
  }

  private scheduleFlush() {
    this.timer ??= setTimeout(() => {
      this.flush().catch((error: unknown) => {
        logger.warn({ err: error }, "rate limit counts not written: kept for the next try");
      });
    }, RATE_FLUSH_MS).unref();
  }

  private async write(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.sending = this.unsent;
    this.unsent = new Map();
    const batch = [...this.sending.values()];
    if (batch.length === 0) return;
    try {
      const { rows } = await sql<{ key: string; window_start: Date; hits: number }>`
        INSERT INTO rate_limit_hits (key, window_start, hits)
        SELECT * FROM unnest(
          ${batch.map((count) => count.key)}::text[],
          ${batch.map((count) => new Date(count.start).toISOString())}::timestamptz[],
          ${batch.map((count) => count.hits)}::integer[]
        )
        ON CONFLICT (key, window_start) DO UPDATE SET hits = rate_limit_hits.hits + excluded.hits
        RETURNING key, window_start, hits
      `.execute(this.db);
      // Only this window's totals (and the last, for requests at its very end) are still asked for.
      for (const id of this.shared.keys()) {
        const start = Number(id.slice(0, id.indexOf(" ")));
        if (start < this.latestWindow - this.windowMs) this.shared.delete(id);
      }
      for (const row of rows) {
        this.shared.set(`${new Date(row.window_start).getTime()} ${row.key}`, row.hits);
      }
      this.sending = new Map();
    } catch (error) {
      // Kept for the next write: a count is late, never lost.
      for (const count of batch) {
        const id = `${count.start} ${count.key}`;
        const later = this.unsent.get(id);
        this.unsent.set(id, { ...count, hits: count.hits + (later?.hits ?? 0) });
      }
      this.sending = new Map();
      this.scheduleFlush();
      throw error;
    }
    await this.clearOldWindows();
  }

  private async clearOldWindows(): Promise<void> {
    const current = this.latestWindow;
    if (current - this.lastCleanup <= this.windowMs) return;
    this.lastCleanup = current;
    await this.db
      .deleteFrom("rate_limit_hits")
      .where("window_start", "<", new Date(current - this.windowMs))
      .execute();
  }
}
