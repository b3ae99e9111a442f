import { describe, expect, it } from "vitest";

import { testDatabaseKinds } from "#tests/support/databases.ts";

import { DatabaseRateLimiter, MemoryRateLimiter, type RateLimiter } from "./rate-limiter.server.ts";

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
      await behavesAsALimiter(new DatabaseRateLimiter(database.db, 3));
      // Two servers on one database count together.
      const a = new DatabaseRateLimiter(database.db, 3);
      const b = new DatabaseRateLimiter(database.db, 3);
      await a.hit("192.0.2.9", minute(5));
      await b.hit("192.0.2.9", minute(5));
      await a.hit("192.0.2.9", minute(5));
      expect((await b.hit("192.0.2.9", minute(5))).allowed).toBe(false);
    } finally {
      await database.close();
    }
  });
});
