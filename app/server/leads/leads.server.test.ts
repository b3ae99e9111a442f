import { sql, type Insertable } from "kysely";
import { describe, expect, it } from "vitest";

import {
  PAGE_SIZE,
  parseSubmissionFilter,
  withoutPage,
  type SubmissionFilter,
} from "#app/domain/lead-desk.ts";
import { testDatabaseKinds, withDatabase } from "#tests/support/databases.ts";

import type { BusinessWizardSubmissionsTable } from "../db/database-schema.server.ts";
import type { Db } from "../db/database.server.ts";
import {
  exportSubmissions,
  getSubmission,
  listCallbackRequests,
  listContactMessages,
  listSubmissions,
  submissionStatus,
} from "./leads.server.ts";

type NewSubmission = Insertable<BusinessWizardSubmissionsTable>;

function submission(overrides: Partial<NewSubmission> & { email: string }): NewSubmission {
  return { industry: "food", state: "Ohio", segments: ["Bakery"], ...overrides };
}

function filter(query: string): SubmissionFilter {
  return parseSubmissionFilter(new URLSearchParams(query));
}

async function emails(db: Db, query: string): Promise<string[]> {
  return (await listSubmissions(db, filter(query))).rows.map((row) => row.email);
}

/** Adds `count` submissions n1@…, n2@…, one minute apart from 2026-01-01T00:00Z on. */
async function addMany(db: Db, count: number): Promise<void> {
  await sql`
    insert into business_wizard_submissions (industry, state, segments, email, created_at, updated_at)
    select 'retail', 'Oregon', array['Bookstore'], 'n' || g || '@example.com',
           timestamptz '2026-01-01 00:00:00+00' + g * interval '1 minute',
           timestamptz '2026-01-01 00:00:00+00' + g * interval '1 minute'
    from generate_series(1, ${count}::int) as g`.execute(db);
}

describe.each(testDatabaseKinds)("the lead desk's queries on $name", (kind) => {
  it("list submissions newest first, in pages of 50, with the total", async () => {
    await withDatabase(kind.open, async ({ db }) => {
      await addMany(db, 120);
      const first = await listSubmissions(db, filter(""));
      expect(first.total).toBe(120);
      expect(first.pageCount).toBe(3);
      expect(first.rows).toHaveLength(PAGE_SIZE);
      expect(first.rows[0]!.email).toBe("n120@example.com");
      expect(first.rows[49]!.email).toBe("n71@example.com");
      const third = await listSubmissions(db, filter("page=3"));
      expect(third.rows.map((row) => row.email)).toEqual(
        Array.from({ length: 20 }, (_, index) => `n${20 - index}@example.com`),
      );
      const beyond = await listSubmissions(db, filter("page=4"));
      expect(beyond.rows).toEqual([]);
      expect(beyond.total).toBe(120);
      const empty = await listSubmissions(db, filter("q=nothing-like-this"));
      expect(empty).toEqual({ rows: [], total: 0, page: 1, pageCount: 1 });
    });
  });

  it("search email and business names, ignoring case, with % and _ taken literally", async () => {
    await withDatabase(kind.open, async ({ db }) => {
      await db
        .insertInto("business_wizard_submissions")
        .values([
          submission({ email: "rae@chapterone.com", business_name: "Chapter One Books" }),
          submission({
            email: "jo@spotless.com",
            business_name: "Spotless",
            legal_business_name: "Spotless Cleaning LLC",
          }),
          submission({ email: "sam@100percent.com", business_name: "100% Juice" }),
          submission({ email: "a_b@example.com" }),
          submission({ email: "axb@example.com" }),
        ])
        .execute();
      expect(await emails(db, "q=CHAPTER")).toEqual(["rae@chapterone.com"]);
      expect(await emails(db, "q=spotless.COM")).toEqual(["jo@spotless.com"]);
      expect(await emails(db, "q=cleaning llc")).toEqual(["jo@spotless.com"]);
      expect(await emails(db, "q=100%25")).toEqual(["sam@100percent.com"]);
      expect(await emails(db, "q=%25")).toEqual(["sam@100percent.com"]);
      expect(await emails(db, "q=a_b")).toEqual(["a_b@example.com"]);
      expect(await emails(db, "q=\\")).toEqual([]);
    });
  });

  it("filter by industry, state, status and days received (UTC, both ends included)", async () => {
    await withDatabase(kind.open, async ({ db }) => {
      await db
        .insertInto("business_wizard_submissions")
        .values([
          submission({ email: "before@x.com", created_at: "2026-02-28T23:59:59.999Z" }),
          submission({
            email: "first@x.com",
            industry: "retail",
            created_at: "2026-03-01T00:00:00Z",
            start_year: "2019",
            completed_at: "2026-03-01T00:00:00Z",
          }),
          submission({ email: "middle@x.com", state: "Texas", created_at: "2026-03-15T12:00:00Z" }),
          submission({
            email: "last@x.com",
            created_at: "2026-03-31T23:59:59.999Z",
            start_year: "2001",
            completed_at: "2026-03-31T23:59:59.999Z",
          }),
          submission({ email: "after@x.com", created_at: "2026-04-01T00:00:00Z" }),
        ])
        .execute();
      expect(await emails(db, "from=2026-03-01&to=2026-03-31")).toEqual([
        "last@x.com",
        "middle@x.com",
        "first@x.com",
      ]);
      expect(await emails(db, "from=2026-03-16")).toEqual(["after@x.com", "last@x.com"]);
      expect(await emails(db, "to=2026-02-28")).toEqual(["before@x.com"]);
      expect(await emails(db, "industry=retail")).toEqual(["first@x.com"]);
      expect(await emails(db, "state=Texas")).toEqual(["middle@x.com"]);
      expect(await emails(db, "status=complete")).toEqual(["last@x.com", "first@x.com"]);
      expect(await emails(db, "status=email-step&from=2026-03-01")).toEqual([
        "after@x.com",
        "middle@x.com",
      ]);
      expect(await emails(db, "status=complete&industry=food&state=Ohio&q=last")).toEqual([
        "last@x.com",
      ]);
      expect(await emails(db, "from=2026-04-02&to=2026-03-01")).toEqual([]);
    });
  });

  it("find one submission by id, and nothing for an unknown or malformed id", async () => {
    await withDatabase(kind.open, async ({ db }) => {
      const { id } = await db
        .insertInto("business_wizard_submissions")
        .values(submission({ email: "one@x.com" }))
        .returning("id")
        .executeTakeFirstOrThrow();
      const row = await getSubmission(db, id);
      expect(row).toMatchObject({ id, email: "one@x.com", start_year: null });
      expect(submissionStatus(row!)).toBe("email-step");
      expect(submissionStatus({ completed_at: new Date() })).toBe("complete");
      expect(await getSubmission(db, "00000000-0000-4000-8000-000000000000")).toBeUndefined();
      expect(await getSubmission(db, "1 or 1=1")).toBeUndefined();
    });
  });

  it("export every submission exactly once, newest first, across batches and equal times", async () => {
    await withDatabase(kind.open, async ({ db }) => {
      // 1,203 rows in groups of seven that share one instant, which has microseconds (a cursor
      // kept as a JavaScript Date would lose them and skip rows), and two a microsecond apart.
      await sql`
        insert into business_wizard_submissions (industry, state, segments, email, created_at)
        select 'food', 'Ohio', array['Bar'], 'e' || g || '@example.com',
               timestamptz '2026-01-01 00:00:00.000001+00' + (g / 7) * interval '1 second'
        from generate_series(1, 1203) as g`.execute(db);
      await sql`
        insert into business_wizard_submissions (industry, state, segments, email, created_at)
        values ('food', 'Ohio', array['Bar'], 'micro-a@example.com', '2027-01-01 00:00:00.000001+00'),
               ('food', 'Ohio', array['Bar'], 'micro-b@example.com', '2027-01-01 00:00:00.000002+00')`.execute(
        db,
      );
      const seen: string[] = [];
      let batches = 0;
      for await (const batch of exportSubmissions(db)) {
        batches++;
        seen.push(...batch.map((row) => row.email));
        expect(Object.keys(batch[0]!)).not.toContain("cursor_created_at");
      }
      expect(batches).toBe(3);
      expect(seen).toHaveLength(1205);
      expect(new Set(seen).size).toBe(1205);
      expect(seen.slice(0, 2)).toEqual(["micro-b@example.com", "micro-a@example.com"]);
      const listed = (
        await db
          .selectFrom("business_wizard_submissions")
          .select("email")
          .orderBy("created_at", "desc")
          .orderBy("id", "desc")
          .execute()
      ).map((row) => row.email);
      expect(seen).toEqual(listed);
    });
  });

  it("export a filter's submissions, or those changed since an instant", async () => {
    await withDatabase(kind.open, async ({ db }) => {
      await db
        .insertInto("business_wizard_submissions")
        .values([
          submission({
            email: "old@x.com",
            created_at: "2026-01-01T00:00:00Z",
            updated_at: "2026-01-01T00:00:00Z",
          }),
          submission({
            email: "updated@x.com",
            created_at: "2026-01-02T00:00:00Z",
            updated_at: "2026-03-05T08:00:00Z",
            state: "Texas",
          }),
          submission({
            email: "new@x.com",
            created_at: "2026-03-04T00:00:00Z",
            updated_at: "2026-03-04T00:00:00Z",
          }),
        ])
        .execute();
      const collect = async (selection: Parameters<typeof exportSubmissions>[1]) => {
        const found: string[] = [];
        for await (const batch of exportSubmissions(db, selection)) {
          found.push(...batch.map((row) => row.email));
        }
        return found;
      };
      expect(await collect({ changedSince: new Date("2026-03-04T00:00:00Z") })).toEqual([
        "new@x.com",
        "updated@x.com",
      ]);
      expect(await collect({ changedSince: new Date("2026-03-05T08:00:00.001Z") })).toEqual([]);
      expect(await collect({ filter: withoutPage(filter("state=Texas")) })).toEqual([
        "updated@x.com",
      ]);
      expect(await collect({})).toEqual(["new@x.com", "updated@x.com", "old@x.com"]);
    });
  });

  it("list call-back requests and contact messages newest first, in pages of 50", async () => {
    await withDatabase(kind.open, async ({ db }) => {
      await sql`
        insert into callback_requests (name, phone, best_time, created_at)
        select 'Caller ' || g, '+15035550100', 'morning',
               timestamptz '2026-01-01 00:00:00+00' + g * interval '1 minute'
        from generate_series(1, 51) as g`.execute(db);
      await sql`
        insert into contact_messages (name, email, message, created_at)
        values ('Ann', 'ann@x.com', 'First', '2026-01-01T00:00:00Z'),
               ('Bob', 'bob@x.com', 'Second', '2026-01-02T00:00:00Z')`.execute(db);
      const callbacks = await listCallbackRequests(db, 1);
      expect(callbacks.total).toBe(51);
      expect(callbacks.pageCount).toBe(2);
      expect(callbacks.rows[0]!.name).toBe("Caller 51");
      expect((await listCallbackRequests(db, 2)).rows.map((row) => row.name)).toEqual(["Caller 1"]);
      const messages = await listContactMessages(db, 1);
      expect(messages.rows.map((row) => row.name)).toEqual(["Bob", "Ann"]);
      expect(messages.total).toBe(2);
    });
  });
});
