import { CompiledQuery, createQueryId, sql, type Insertable, type RootOperationNode } from "kysely";
import { describe, expect, it } from "vitest";

import {
  decodeCursor,
  encodeCursor,
  PAGE_SIZE,
  parseSubmissionFilter,
  type ListPosition,
  type SubmissionFilter,
} from "#app/domain/leads/lead-desk.ts";
import { testDatabaseKinds, withDatabase } from "#tests/support/databases.ts";

import type { BusinessWizardSubmissionsTable } from "#app/server/db/database-schema.server.ts";
import type { Db } from "#app/server/db/database.server.ts";
import {
  exportSubmissions,
  getSubmission,
  listCallbackRequests,
  listContactMessages,
  listSubmissions,
  relatedLeads,
  submissionStatus,
  type Page,
} from "#app/server/leads/leads.server.ts";

type NewSubmission = Insertable<BusinessWizardSubmissionsTable>;

function submission(overrides: Partial<NewSubmission> & { email: string }): NewSubmission {
  return { industry: "food", state: "Ohio", segments: ["Bakery"], ...overrides };
}

function filter(query: string): SubmissionFilter {
  return parseSubmissionFilter(new URLSearchParams(query));
}

async function emails(db: Db, query: string, timeZone = "UTC"): Promise<string[]> {
  return (await listSubmissions(db, filter(query), timeZone)).rows.map((row) => row.email);
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

/** The plans of the queries `run` makes on `db`, run once to record them, then explained. */
async function plansOf(db: Db, run: (db: Db) => Promise<unknown>): Promise<string> {
  const nodes: RootOperationNode[] = [];
  await run(
    db.withPlugin({
      transformQuery: ({ node }) => {
        nodes.push(node);
        return node;
      },
      transformResult: async ({ result }) => result,
    }),
  );
  const plans: string[] = [];
  for (const node of nodes) {
    const query = db.getExecutor().compileQuery(node, createQueryId());
    const explained = await db.executeQuery<{ "QUERY PLAN": string }>(
      CompiledQuery.raw(`explain ${query.sql}`, [...query.parameters]),
    );
    plans.push(...explained.rows.map((row) => row["QUERY PLAN"]));
  }
  return plans.join("\n");
}

describe.each(testDatabaseKinds)("the lead desk's queries on $name", (kind) => {
  it("list submissions newest first, 50 at a time, older and newer by keyset links", async () => {
    await withDatabase(kind.open, async ({ db }) => {
      await addMany(db, 120);
      const first = await listSubmissions(db, filter(""), "UTC");
      expect(first.rows).toHaveLength(PAGE_SIZE);
      expect(first.rows[0]!.email).toBe("n120@example.com");
      expect(first.rows[49]!.email).toBe("n71@example.com");
      expect(first.newer).toBeUndefined();
      expect(Object.keys(first.rows[0]!)).not.toContain("cursor_micros");
      const second = await listSubmissions(db, filter(""), "UTC", first.older);
      expect(second.rows[0]!.email).toBe("n70@example.com");
      expect(second.newer).toBeDefined();
      const third = await listSubmissions(db, filter(""), "UTC", second.older);
      expect(third.rows.map((row) => row.email)).toEqual(
        Array.from({ length: 20 }, (_, index) => `n${20 - index}@example.com`),
      );
      expect(third.older).toBeUndefined();
      // Back from the oldest page: the page before it, then the newest (always a full page).
      const backToSecond = await listSubmissions(db, filter(""), "UTC", third.newer);
      expect(backToSecond.rows.map((row) => row.email)).toEqual(
        second.rows.map((row) => row.email),
      );
      expect(backToSecond.older).toEqual(second.older);
      const backToFirst = await listSubmissions(db, filter(""), "UTC", backToSecond.newer);
      expect(backToFirst.rows.map((row) => row.email)).toEqual(first.rows.map((row) => row.email));
      expect(backToFirst.newer).toBeUndefined();
      // A cursor older than every row: an empty page that still leads back.
      const past = await listSubmissions(db, filter(""), "UTC", {
        direction: "older",
        key: { createdAtMicros: "0", id: "00000000-0000-4000-8000-000000000000" },
      });
      expect(past).toEqual({ rows: [], newer: undefined, older: undefined });
      const empty = await listSubmissions(db, filter("q=nothing-like-this"), "UTC");
      expect(empty).toEqual({ rows: [], newer: undefined, older: undefined });
    });
  });

  it("page through a filter, rows sharing one instant and microseconds, each row once", async () => {
    await withDatabase(kind.open, async ({ db }) => {
      // 130 rows in groups of four sharing an instant with microseconds (a cursor kept as a
      // JavaScript Date would round them and repeat or skip rows); every third one in Texas.
      await sql`
        insert into business_wizard_submissions (industry, state, segments, email, created_at)
        select 'food', case when g % 3 = 0 then 'Texas' else 'Ohio' end, array['Bar'],
               'm' || g || '@example.com',
               timestamptz '2026-01-01 00:00:00.000001+00' + (g / 4) * interval '1.000003 second'
        from generate_series(1, 130) as g`.execute(db);
      const expected = async (state?: string) =>
        (
          await db
            .selectFrom("business_wizard_submissions")
            .select("email")
            .$if(state !== undefined, (query) => query.where("state", "=", state!))
            .orderBy("created_at", "desc")
            .orderBy("id", "desc")
            .execute()
        ).map((row) => row.email);
      for (const [query, state] of [
        ["", undefined],
        ["state=Texas", "Texas"],
      ] as const) {
        const olderward: string[] = [];
        const pages: Page<{ email: string }>[] = [];
        let position: ListPosition | undefined;
        do {
          // Each link goes through its text form, as a browser's would.
          const text: string | undefined = position && encodeCursor(position.key);
          const page = await listSubmissions(
            db,
            filter(query),
            "UTC",
            position && { direction: position.direction, key: decodeCursor(text!)! },
          );
          pages.push(page);
          olderward.push(...page.rows.map((row) => row.email));
          position = page.older;
        } while (position);
        expect(olderward).toEqual(await expected(state));
        // And back up, newer page by newer page, to the newest.
        let page = pages.at(-1)!;
        for (let index = pages.length - 2; index >= 0; index--) {
          page = await listSubmissions(db, filter(query), "UTC", page.newer);
          expect(page.rows.map((row) => row.email)).toEqual(
            pages[index]!.rows.map((row) => row.email),
          );
        }
        expect(page.newer).toBeUndefined();
      }
    });
  });

  it("read each list page from an index in list order: no sort, no offset, no count", async () => {
    await withDatabase(kind.open, async ({ db }) => {
      await addMany(db, 60);
      const first = await listSubmissions(db, filter(""), "UTC");
      const later = first.older!;
      const plans: Record<string, string> = {};
      await db.connection().execute(async (connection) => {
        // Tiny test tables read faster whole; forbidding that shows which index a big table uses.
        await sql`set enable_seqscan = off`.execute(connection);
        await sql`set enable_sort = off`.execute(connection);
        try {
          for (const [name, query, position] of [
            ["first", "", undefined],
            ["older", "", later],
            ["industry", "industry=retail", later],
            ["state", "state=Oregon", undefined],
            ["email step", "status=email-step", later],
          ] as const) {
            plans[name] = await plansOf(connection, (recording) =>
              listSubmissions(recording, filter(query), "UTC", position),
            );
          }
        } finally {
          await sql`reset enable_seqscan`.execute(connection);
          await sql`reset enable_sort`.execute(connection);
        }
      });
      const indexes = {
        first: "business_wizard_submissions_created_at_idx",
        older: "business_wizard_submissions_created_at_idx",
        industry: "business_wizard_submissions_industry_created_idx",
        state: "business_wizard_submissions_state_created_idx",
        "email step": "business_wizard_submissions_email_step_created_idx",
      };
      for (const [name, index] of Object.entries(indexes)) {
        expect(plans[name], name).toContain(`Index Scan using ${index}`);
        expect(plans[name], name).not.toMatch(/Sort|Seq Scan|Aggregate/);
      }
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

  it("find a lead by a request's reference as read out, a phone number typed any way, or the contact's name", async () => {
    await withDatabase(kind.open, async ({ db }) => {
      const [quoted, other] = await db
        .insertInto("business_wizard_submissions")
        .values([
          submission({
            email: "kim@bakery.example",
            first_name: "Kim",
            last_name: "Oven",
            phone_number: "+16145550101",
          }),
          submission({
            email: "lou@deli.example",
            first_name: "Lou",
            last_name: "Slicer",
            phone_number: "+16145550102",
          }),
        ])
        .returning("id")
        .execute();
      for (const [id, reference] of [
        [quoted!.id, "CP-7K3F9Q"],
        [other!.id, "CP-9QQ4AA"],
      ] as const) {
        await db
          .insertInto("quote_requests")
          .values({
            submission_id: id,
            reference,
            lines: ["general-liability"],
            start_date: "2026-12-01",
            contact_channel: "phone",
            consent_text: "I agree.",
            consent_given_at: new Date(),
          })
          .execute();
      }
      for (const typed of ["CP-7K3F9Q", "7K3F9Q", "cp-7k3f9q", "cp 7k3f9q"]) {
        expect(await emails(db, `q=${encodeURIComponent(typed)}`), typed).toEqual([
          "kim@bakery.example",
        ]);
      }
      for (const typed of ["(614) 555-0102", "614.555.0102", "+1 614 555 0102", "6145550102"]) {
        expect(await emails(db, `q=${encodeURIComponent(typed)}`), typed).toEqual([
          "lou@deli.example",
        ]);
      }
      expect(await emails(db, "q=kim%20oven")).toEqual(["kim@bakery.example"]);
      expect(await emails(db, "q=SLICER")).toEqual(["lou@deli.example"]);
      // Neither a reference nor a phone number: nothing matches only part of one.
      expect(await emails(db, "q=CP-7K3F9")).toEqual([]);
      // Read as a reference that no request has, a name is looked for as text.
      await db
        .insertInto("business_wizard_submissions")
        .values(submission({ email: "pat@parker.example", last_name: "Parker" }))
        .execute();
      expect(await emails(db, "q=PARKER")).toEqual(["pat@parker.example"]);
      expect(await emails(db, "q=555-0102")).toEqual([]);
    });
  });

  it("filter by industry, state, status and days received (the agency's, both ends included)", async () => {
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
      // The same days at an agency in New York: they start five hours later (four in daylight saving).
      expect(await emails(db, "from=2026-03-01&to=2026-03-31", "America/New_York")).toEqual([
        "after@x.com",
        "last@x.com",
        "middle@x.com",
      ]);
    });
  });

  it("link leads that share an email, a phone number or a business name, saying which", async () => {
    await withDatabase(kind.open, async ({ db }) => {
      await db
        .insertInto("business_wizard_submissions")
        .values([
          submission({
            email: "Rae@Shop.example",
            business_name: "Rise Bakery",
            phone_number: "+16145550101",
            created_at: "2026-03-01T00:00:00Z",
          }),
          submission({
            email: "other@shop.example",
            business_name: " rise bakery ",
            phone_number: "+16145550101",
            created_at: "2026-03-02T00:00:00Z",
          }),
          submission({
            email: "rae@shop.example",
            email_not_proven: true,
            created_at: "2026-03-03T00:00:00Z",
          }),
          submission({
            email: "stranger@shop.example",
            business_name: "Rise Bakery Two",
            phone_number: "+16145550199",
            created_at: "2026-03-04T00:00:00Z",
          }),
        ])
        .execute();
      const rae = await db
        .selectFrom("business_wizard_submissions")
        .selectAll()
        .where("email", "=", "Rae@Shop.example")
        .executeTakeFirstOrThrow();
      const related = await relatedLeads(db, rae.id);
      expect(related.map((lead) => [lead.name, lead.shares, lead.emailNotProven])).toEqual([
        [null, ["email"], true],
        [" rise bakery ", ["phone", "business name"], false],
      ]);
      // A lead with no phone or name yet is linked by its email alone; one sharing nothing, to none.
      const ids = await db
        .selectFrom("business_wizard_submissions")
        .select(["id", "email"])
        .where("email", "in", ["rae@shop.example", "stranger@shop.example"])
        .execute();
      const idOf = (email: string) => ids.find((row) => row.email === email)!.id;
      const unnamed = await relatedLeads(db, idOf("rae@shop.example"));
      expect(unnamed.map((lead) => [lead.name, lead.shares])).toEqual([["Rise Bakery", ["email"]]]);
      expect(await relatedLeads(db, idOf("stranger@shop.example"))).toEqual([]);
      expect(await relatedLeads(db, "not-a-uuid")).toEqual([]);
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
      expect(await collect({ filter: { filter: filter("state=Texas"), timeZone: "UTC" } })).toEqual(
        ["updated@x.com"],
      );
      expect(await collect({})).toEqual(["new@x.com", "updated@x.com", "old@x.com"]);
    });
  });

  it("list call-back requests and contact messages newest first, 50 at a time", async () => {
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
      const callbacks = await listCallbackRequests(db);
      expect(callbacks.rows).toHaveLength(50);
      expect(callbacks.rows[0]!.name).toBe("Caller 51");
      expect(callbacks.newer).toBeUndefined();
      const older = await listCallbackRequests(db, callbacks.older);
      expect(older.rows.map((row) => row.name)).toEqual(["Caller 1"]);
      expect(older.older).toBeUndefined();
      expect((await listCallbackRequests(db, older.newer)).rows[0]!.name).toBe("Caller 51");
      const messages = await listContactMessages(db);
      expect(messages.rows.map((row) => row.name)).toEqual(["Bob", "Ann"]);
      expect(messages).toMatchObject({ newer: undefined, older: undefined });
    });
  });
});
