import { sql } from "kysely";
import { describe, expect, it } from "vitest";

import { testDatabaseKinds, withDatabase } from "#tests/support/databases.ts";

import type { Db } from "#app/server/db/database.server.ts";
import { bestEffort, inTransaction, onCommit } from "#app/server/db/transactions.server.ts";

const WINDOW = new Date("2026-11-23T12:00:00Z");

function hitRow(key: string) {
  return { key, window_start: WINDOW, hits: 1 };
}

async function keys(db: Db): Promise<string[]> {
  const rows = await db.selectFrom("rate_limit_hits").select("key").orderBy("key").execute();
  return rows.map((row) => row.key);
}

describe.each(testDatabaseKinds)("transactions on $name", (kind) => {
  it("run what was asked for on commit only after it, and never after a rollback", async () => {
    await withDatabase(kind.open, async ({ db }) => {
      const events: string[] = [];
      await inTransaction(db, async (trx) => {
        await trx.insertInto("rate_limit_hits").values(hitRow("a")).execute();
        onCommit(trx, () => events.push("woken"));
        events.push("written");
      });
      expect(events).toEqual(["written", "woken"]);

      await expect(
        inTransaction(db, async (trx) => {
          await trx.insertInto("rate_limit_hits").values(hitRow("b")).execute();
          onCommit(trx, () => events.push("woken again"));
          throw new Error("the save failed");
        }),
      ).rejects.toThrow("the save failed");
      expect(events).toEqual(["written", "woken"]);
      expect(await keys(db)).toEqual(["a"]);

      // Outside a transaction, at once.
      onCommit(db, () => events.push("at once"));
      expect(events.at(-1)).toBe("at once");
    });
  });

  it("keep the rest of a transaction when a best-effort part fails", async () => {
    await withDatabase(kind.open, async ({ db }) => {
      await inTransaction(db, async (trx) => {
        await trx.insertInto("rate_limit_hits").values(hitRow("before")).execute();
        await expect(
          bestEffort(trx, (inner) => sql`select 1 / 0`.execute(inner)),
        ).rejects.toThrow();
        await bestEffort(trx, (inner) =>
          inner.insertInto("rate_limit_hits").values(hitRow("within")).execute(),
        );
        await trx.insertInto("rate_limit_hits").values(hitRow("after")).execute();
      });
      expect(await keys(db)).toEqual(["after", "before", "within"]);
    });
  });
});
