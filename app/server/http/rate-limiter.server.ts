import { sql } from "kysely";

import type { Db } from "../db/database.server.ts";

/** What a rate limiter says of one more request. */
export interface RateDecision {
  allowed: boolean;
  /** Seconds until the current window ends (for Retry-After). */
  retryAfterSeconds: number;
}

/** Counts requests per key in fixed windows and refuses those past the limit. */
export interface RateLimiter {
  hit(key: string, now?: Date): Promise<RateDecision>;
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

  private forgetBefore(start: number) {
    for (const [key, entry] of this.counts) if (entry.start < start) this.counts.delete(key);
  }
}

/**
 * Counts in PostgreSQL, so that every server behind one database shares the count: one upsert per
 * request, and old windows are cleared now and then.
 */
export class DatabaseRateLimiter implements RateLimiter {
  private readonly db: Db;
  private readonly limit: number;
  private readonly windowMs: number;
  private lastCleanup = 0;

  constructor(db: Db, limit: number, windowMs = 60_000) {
    this.db = db;
    this.limit = limit;
    this.windowMs = windowMs;
  }

  async hit(key: string, now = new Date()): Promise<RateDecision> {
    const { start, retryAfterSeconds } = windowOf(now, this.windowMs);
    const row = await this.db
      .insertInto("rate_limit_hits")
      .values({ key, window_start: new Date(start), hits: 1 })
      .onConflict((conflict) =>
        conflict
          .columns(["key", "window_start"])
          .doUpdateSet({ hits: sql`rate_limit_hits.hits + 1` }),
      )
      .returning("hits")
      .executeTakeFirstOrThrow();
    if (now.getTime() - this.lastCleanup > this.windowMs) {
      this.lastCleanup = now.getTime();
      await this.db
        .deleteFrom("rate_limit_hits")
        .where("window_start", "<", new Date(start - this.windowMs))
        .execute();
    }
    return { allowed: row.hits <= this.limit, retryAfterSeconds };
  }
}
