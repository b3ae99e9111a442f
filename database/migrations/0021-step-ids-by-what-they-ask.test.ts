import { sql, type Kysely } from "kysely";
import { describe, expect, it } from "vitest";

import { testDatabaseKinds } from "#tests/support/databases.ts";

import * as renameSteps from "./0021-step-ids-by-what-they-ask.ts";

describe.each(testDatabaseKinds)("migration 0021 on $name", (kind) => {
  it("carries every day's funnel counts from the old step names to the new, adding up", async () => {
    const database = await kind.open();
    try {
      const db = database.db;
      await db
        .insertInto("wizard_funnel_daily")
        .values([
          { day: "2026-11-01", step: "start", visitors: 7 },
          { day: "2026-11-01", step: "questionnaire-2", visitors: 3 },
          { day: "2026-11-02", step: "start", visitors: 2 },
          // A newer server counted under the new name on the same day already.
          { day: "2026-11-02", step: "industry-and-state", visitors: 5 },
          { day: "2026-11-02", step: "email", visitors: 4 },
        ])
        .execute();
      // A migration is written against no schema (Kysely<unknown>); this database has one.
      await renameSteps.up(db as unknown as Kysely<unknown>);
      const { rows } = await sql<{ day: string; step: string; visitors: number }>`
        select day::text as day, step, visitors from wizard_funnel_daily order by day, step
      `.execute(db);
      expect(rows).toEqual([
        { day: "2026-11-01", step: "about-you", visitors: 3 },
        { day: "2026-11-01", step: "industry-and-state", visitors: 7 },
        { day: "2026-11-02", step: "email", visitors: 4 },
        { day: "2026-11-02", step: "industry-and-state", visitors: 7 },
      ]);
    } finally {
      await database.close();
    }
  });
});
