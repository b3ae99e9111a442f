import { mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import { sql } from "kysely";
import { describe, expect, it } from "vitest";

import {
  createFreshPostgres,
  testDatabaseKinds,
  testPostgresUrl,
} from "#tests/support/databases.ts";
import { TcpProxy } from "#tests/support/tcp-proxy.ts";

import { migrateToLatest, openDatabase } from "#app/server/db/database.server.ts";

describe.each(testDatabaseKinds)("the database on $name", (kind) => {
  it("refuses a second submission whose email differs only in case", async () => {
    const database = await kind.open();
    try {
      const row = { industry: "food", state: "Ohio", segments: ["Bakery"] };
      await database.db
        .insertInto("business_wizard_submissions")
        .values({ ...row, email: "owner@example.com" })
        .execute();
      await expect(
        database.db
          .insertInto("business_wizard_submissions")
          .values({ ...row, email: "Owner@Example.com" })
          .execute(),
      ).rejects.toThrow();
    } finally {
      await database.close();
    }
  });

  it("answers check() while open, and migrating again changes nothing", async () => {
    const database = await kind.open();
    try {
      await expect(database.check()).resolves.toBeUndefined();
      await migrateToLatest(database.db);
      const { rows } = await sql<{
        n: number;
      }>`select count(*)::int as n from kysely_migration`.execute(database.db);
      expect(rows[0]?.n).toBeGreaterThan(0);
    } finally {
      await database.close();
    }
  });
});

describe("the embedded database in a DATA_DIR", () => {
  it("is made on the first start, private, with 16 MB of shared buffers, and opens again", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "coverpilot-pglite-"));
    const first = await openDatabase({ kind: "pglite", dataDir });
    try {
      await first.db
        .insertInto("business_wizard_submissions")
        .values({ industry: "food", state: "Ohio", segments: ["Bakery"], email: "a@example.com" })
        .execute();
    } finally {
      await first.close();
    }
    expect(statSync(path.join(dataDir, "pglite", "PG_VERSION")).mode & 0o077).toBe(0);

    const again = await openDatabase({ kind: "pglite", dataDir });
    try {
      const { rows } = await sql<{
        shared_buffers: string;
      }>`select current_setting('shared_buffers') as shared_buffers`.execute(again.db);
      expect(rows[0]?.shared_buffers).toBe("16MB");
      const saved = await again.db
        .selectFrom("business_wizard_submissions")
        .select("email")
        .execute();
      expect(saved).toEqual([{ email: "a@example.com" }]);
    } finally {
      await again.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe.runIf(testPostgresUrl)("servers starting at once on PostgreSQL", () => {
  it("migrate once: all four start, and each migration is recorded once", async () => {
    const fresh = await createFreshPostgres(testPostgresUrl ?? "");
    try {
      const servers = await Promise.all(
        [1, 2, 3, 4].map(() => openDatabase({ kind: "postgres", url: fresh.url, poolSize: 2 })),
      );
      const { rows } = await sql<{ name: string; n: number }>`
        select name, count(*)::int as n from kysely_migration group by name`.execute(
        servers[0]!.db,
      );
      for (const server of servers) await server.close();
      expect(rows.length).toBeGreaterThan(0);
      expect(rows.every((row) => row.n === 1)).toBe(true);
    } finally {
      await fresh.drop();
    }
  });
});

describe.runIf(testPostgresUrl)("a PostgreSQL that is slow or hangs", () => {
  /** How long `work` takes to fail, and what it fails with. */
  async function failure(work: () => Promise<unknown>) {
    const started = Date.now();
    const error = await work().then(
      () => undefined,
      (thrown: unknown) => thrown,
    );
    return { error, ms: Date.now() - started };
  }

  it("cancels a statement past the timeout and keeps the connection; a hang fails in time, then at once", async () => {
    const fresh = await createFreshPostgres(testPostgresUrl ?? "");
    const url = new URL(fresh.url);
    const proxy = await TcpProxy.start({ host: url.hostname, port: Number(url.port || 5432) });
    url.hostname = "127.0.0.1";
    url.port = String(proxy.port);
    const database = await openDatabase({
      kind: "postgres",
      url: url.toString(),
      poolSize: 1,
      timeouts: { connectMs: 500, statementMs: 500 },
    });
    try {
      // The server cancels a slow statement itself (57014), and the connection goes on serving.
      const slow = await failure(() => sql`select pg_sleep(5)`.execute(database.db));
      expect(slow.error).toMatchObject({ code: "57014" });
      expect(slow.ms).toBeLessThan(2_000);
      await database.check();

      proxy.hang();
      const checked = await failure(() => database.check());
      expect(checked.error).toBeInstanceOf(Error);
      expect(checked.ms).toBeLessThan(1_500);
      const unanswered = await failure(() => sql`select 1`.execute(database.db));
      expect(unanswered.error).toBeInstanceOf(Error);
      expect(unanswered.ms).toBeLessThan(2_000);
      // Just after, every statement fails at once rather than waiting as long again.
      const next = await failure(() => sql`select 1`.execute(database.db));
      expect(next.error).toBeInstanceOf(Error);
      expect(next.ms).toBeLessThan(100);
      // A new connection that gets no greeting fails in time too.
      await new Promise((resolve) => setTimeout(resolve, 2_100));
      const connecting = await failure(() => sql`select 1`.execute(database.db));
      expect(connecting.error).toBeInstanceOf(Error);
      expect(connecting.ms).toBeLessThan(1_500);

      await proxy.restore();
      await expect
        .poll(
          () =>
            database.check().then(
              () => "answers",
              () => "down",
            ),
          { timeout: 10_000 },
        )
        .toBe("answers");
    } finally {
      await database.close();
      await proxy.cut();
      await fresh.drop();
    }
  });
});
