import { sql } from "kysely";
import { describe, expect, it } from "vitest";

import { testDatabaseKinds } from "#tests/support/databases.ts";

import type { Database } from "#app/server/db/database.server.ts";
import {
  DatabaseRateLimiter,
  MemoryRateLimiter,
  type RateLimiter,
} from "#app/server/http/rate-limiter.server.ts";

async function hits(limiter: RateLimiter, key: string, times: number, now: Date) {
  const decisions = [];
  for (let i = 0; i < times; i++) decisions.push(await limiter.hit(key, now));
  return decisions;
}

const minute = (n: number, second = 0) => new Date(Date.UTC(2026, 10, 21, 12, n, second));

async function behavesAsALimiter(limiter: RateLimiter) {
  const first = await hits(limiter, "203.0.113.7", 4, minute(0, 10));
  expect(first.map((decision) => decision.allowed)).toEqual([true, true, true, false]);
  expect(first[3]!.retryAfterSeconds).toBe(50);
  // Another address has its own count.
  expect((await limiter.hit("198.51.100.1", minute(0, 20))).allowed).toBe(true);
  // The next minute starts afresh.
  expect((await limiter.hit("203.0.113.7", minute(1, 0))).allowed).toBe(true);
}

describe("the rate limiter in memory", () => {
  it("allows the limit per window and key, then refuses", async () => {
    await behavesAsALimiter(new MemoryRateLimiter(3));
  });
});

describe.each(testDatabaseKinds)("the rate limiter on $name", (kind) => {
  it("allows the limit per window and key, then refuses, and shares the count", async () => {
    const database = await kind.open();
    try {
      const alone = new DatabaseRateLimiter(database.db, 3);
      await behavesAsALimiter(alone);
      await alone.close();
      // Two servers on one database count together, once each has written what it counted.
      const a = new DatabaseRateLimiter(database.db, 3);
      const b = new DatabaseRateLimiter(database.db, 3);
      await a.hit("192.0.2.9", minute(5));
      await b.hit("192.0.2.9", minute(5));
      await a.hit("192.0.2.9", minute(5));
      await a.flush();
      await b.flush();
      expect((await b.hit("192.0.2.9", minute(5))).allowed).toBe(false);
      await a.close();
      await b.close();
    } finally {
      await database.close();
    }
  });

  it("asks nothing of the database on a request, and writes every hit later in one statement", async () => {
    const database = await kind.open();
    try {
      const limiter = new DatabaseRateLimiter(database.db, 100);
      for (let n = 0; n < 5; n++) await limiter.hit("203.0.113.50", minute(7));
      await limiter.hit("203.0.113.51", minute(7));
      expect(await storedHits(database)).toEqual([]);
      await limiter.flush();
      expect(await storedHits(database)).toEqual([
        { key: "203.0.113.50", hits: 5 },
        { key: "203.0.113.51", hits: 1 },
      ]);
      // What the database refused to write is kept, and written with the later hits; closing
      // writes the rest.
      await sql`create function refuse_hits() returns trigger language plpgsql as $$
        begin raise exception 'refused by the test'; end $$`.execute(database.db);
      await sql`create trigger refuse_hits before insert on rate_limit_hits
        for each row execute function refuse_hits()`.execute(database.db);
      await limiter.hit("203.0.113.50", minute(7));
      await expect(limiter.flush()).rejects.toThrow();
      await sql`drop trigger refuse_hits on rate_limit_hits`.execute(database.db);
      await sql`drop function refuse_hits()`.execute(database.db);
      await limiter.hit("203.0.113.50", minute(7));
      await limiter.close();
      expect(await storedHits(database)).toEqual([
        { key: "203.0.113.50", hits: 7 },
        { key: "203.0.113.51", hits: 1 },
      ]);
    } finally {
      await database.close();
    }
  });
});

async function storedHits(database: Database) {
  return database.db.selectFrom("rate_limit_hits").select(["key", "hits"]).orderBy("key").execute();
}
