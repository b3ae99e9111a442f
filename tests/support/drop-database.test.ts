import pg from "pg";
import { describe, expect, it } from "vitest";

import { createFreshPostgres, testPostgresUrl } from "./databases.ts";
import { dropTestDatabase } from "./drop-database.ts";

/** An error as node-postgres gives it, with PostgreSQL's code. */
function postgresError(code: string, message: string): Error {
  return Object.assign(new Error(message), { code });
}

describe("dropTestDatabase", () => {
  it("when FORCE is refused for a session it may not signal, ends its own sessions and drops plainly", async () => {
    const sent: { statement: string; values?: unknown[] }[] = [];
    await dropTestDatabase(async (statement, values) => {
      sent.push({ statement, ...(values && { values }) });
      if (statement.endsWith("with (force)")) {
        throw postgresError(
          "42501",
          "must be a member of the role whose process is being terminated or member of pg_signal_backend",
        );
      }
    }, "coverpilot_e2e_3210_abc");
    expect(sent).toEqual([
      { statement: "drop database if exists coverpilot_e2e_3210_abc with (force)" },
      {
        statement: expect.stringContaining("pg_terminate_backend(pid)"),
        values: ["coverpilot_e2e_3210_abc"],
      },
      { statement: "drop database if exists coverpilot_e2e_3210_abc" },
    ]);
  });

  it("passes on any other failure", async () => {
    const refused = postgresError("55006", "database is being accessed by other users");
    await expect(
      dropTestDatabase(() => Promise.reject(refused), "coverpilot_e2e_3210_abc"),
    ).rejects.toBe(refused);
  });

  it.runIf(testPostgresUrl)(
    "drops a database that a session of the tests' role still has open",
    async () => {
      const url = testPostgresUrl ?? "";
      const fresh = await createFreshPostgres(url);
      const name = new URL(fresh.url).pathname.slice(1);
      const open = new pg.Client({ connectionString: fresh.url });
      await open.connect();
      // The session ended by the drop: its end is an error on this client, expected.
      open.on("error", () => {});
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      try {
        await dropTestDatabase((statement, values) => admin.query(statement, values), name);
        const { rows } = await admin.query("select 1 from pg_database where datname = $1", [name]);
        expect(rows).toEqual([]);
      } finally {
        await Promise.all([admin.end(), open.end().catch(() => {})]);
      }
    },
  );
});
