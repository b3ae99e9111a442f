import { sql } from "kysely";

import { utcDay } from "#app/domain/values/days.ts";
import type { FunnelStep } from "#app/domain/leads/lead-desk.ts";

import type { Db } from "#app/server/db/database.server.ts";
import { logger } from "#app/server/logger.server.ts";

/** Adds `visitors` to a step's count for `day` (YYYY-MM-DD, UTC), in one statement. */
async function addToFunnel(db: Db, day: string, step: FunnelStep, visitors: number): Promise<void> {
  await db
    .insertInto("wizard_funnel_daily")
    .values({ day, step, visitors })
    .onConflict((conflict) =>
      conflict
        .columns(["day", "step"])
        .doUpdateSet({ visitors: sql`wizard_funnel_daily.visitors + ${visitors}` }),
    )
    .execute();
}

/** How long a count waits in memory before it is written. */
export const FUNNEL_FLUSH_MS = 5_000;

/**
 * This process's counts not yet written, by day and step: at most one entry per step and day, so
 * its size does not grow with traffic. The first count after a write schedules the next write;
 * counts that cannot be written are kept for the one after.
 */
export class FunnelTally {
  private readonly pending = new Map<string, { day: string; step: FunnelStep; visitors: number }>();
  private readonly db: Db;
  private readonly flushMs: number;
  private timer: NodeJS.Timeout | undefined;
  private flushing: Promise<void> = Promise.resolve();

  constructor(db: Db, flushMs = FUNNEL_FLUSH_MS) {
    this.db = db;
    this.flushMs = flushMs;
  }

  /**
   * Counts one visitor at `step` on `when`'s day (an instant, or a day YYYY-MM-DD, UTC); written
   * within `flushMs`.
   */
  add(step: FunnelStep, when: Date | string = new Date()): void {
    const day = typeof when === "string" ? when : utcDay(when);
    const key = `${day} ${step}`;
    const entry = this.pending.get(key);
    if (entry) entry.visitors += 1;
    else this.pending.set(key, { day, step, visitors: 1 });
    if (!this.timer) {
      this.timer = setTimeout(() => {
        this.timer = undefined;
        void this.flush();
      }, this.flushMs);
      // The server's shutdown writes what is left (flushFunnel); the timer keeps nothing alive.
      this.timer.unref();
    }
  }

  /** Writes every count held now (after any write under way). Never throws. */
  flush(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.flushing = this.flushing.then(() => this.writeOut());
    return this.flushing;
  }

  private async writeOut(): Promise<void> {
    const entries = [...this.pending.values()];
    this.pending.clear();
    for (const [index, entry] of entries.entries()) {
      try {
        await addToFunnel(this.db, entry.day, entry.step, entry.visitors);
      } catch (error) {
        for (const unwritten of entries.slice(index)) {
          const key = `${unwritten.day} ${unwritten.step}`;
          const kept = this.pending.get(key);
          if (kept) kept.visitors += unwritten.visitors;
          else this.pending.set(key, { ...unwritten });
        }
        logger.warn({ err: error }, "funnel counts not written; kept for the next write");
        return;
      }
    }
  }
}
