import { sql } from "kysely";
import { describe, expect, it } from "vitest";

import { testDatabaseKinds, withDatabase } from "#tests/support/databases.ts";

import {
  startPlannerStatistics,
  TEXT_TABLES_STATISTICS_TARGET,
} from "#app/server/db/planner-statistics.server.ts";

const pglite = testDatabaseKinds.find((kind) => kind.name === "pglite")!;

describe("the embedded database's planner statistics", () => {
  it("are gathered at start and again at every interval, so the planner knows the leads", async () => {
    await withDatabase(pglite.open, async (database) => {
      await sql`
        insert into business_wizard_submissions (industry, state, segments, email)
        select 'food', case when g % 2 = 0 then 'Texas' else 'Ohio' end, array['Bar'],
               'stats' || g || '@example.com'
        from generate_series(1, 200) as g`.execute(database.db);
      const distinctStates = async () =>
        (
          await sql<{ n_distinct: number }>`
            select n_distinct from pg_stats
            where tablename = 'business_wizard_submissions' and attname = 'state'`.execute(
            database.db,
          )
        ).rows[0]?.n_distinct;
      expect(await distinctStates()).toBeUndefined();
      const warnings: unknown[] = [];
      const statistics = startPlannerStatistics(
        database,
        { warn: (details, message) => warnings.push([details, message]) },
        50,
      );
      try {
        await expect.poll(distinctStates, { timeout: 5_000 }).toBe(2);
        await sql`update business_wizard_submissions set state = 'Utah' where email like 'stats1%'`.execute(
          database.db,
        );
        // No restart: the next turn of the interval sees the change.
        await expect.poll(distinctStates, { timeout: 5_000 }).toBe(3);
      } finally {
        await statistics.stop();
      }
      expect(warnings).toEqual([]);
    });
  });

  it("samples the outbox's emails at a smaller target than the leads", async () => {
    await withDatabase(pglite.open, async (database) => {
      await sql`
        insert into business_wizard_submissions (industry, state, segments, email)
        select 'food', 'Ohio', array['Bar'], 'sampled' || g || '@example.com'
        from generate_series(1, 300) as g`.execute(database.db);
      await sql`
        insert into outbox (recipients, subject, text_body)
        select array['sampled' || g || '@example.com'], 'Subject ' || g, 'Body ' || g
        from generate_series(1, 300) as g`.execute(database.db);
      // A histogram has one bound more than the statistics target at most (300 distinct values).
      const histogramBounds = async (table: string, column: string) =>
        (
          await sql<{ bounds: number | null }>`
            select array_length(histogram_bounds::text::text[], 1) as bounds from pg_stats
            where tablename = ${table} and attname = ${column}`.execute(database.db)
        ).rows[0]?.bounds;
      const statistics = startPlannerStatistics(database, { warn: () => {} }, 60_000);
      try {
        await expect
          .poll(() => histogramBounds("outbox", "subject"), { timeout: 5_000 })
          .toBe(TEXT_TABLES_STATISTICS_TARGET + 1);
        expect(await histogramBounds("business_wizard_submissions", "email")).toBe(101);
      } finally {
        await statistics.stop();
      }
    });
  });
});
