import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import { sql } from "kysely";
import { describe, expect, it } from "vitest";

import { LEAD_EXPORT_COLUMNS } from "#app/domain/leads/lead-desk.ts";
import { leadRecordSchema } from "#app/domain/leads/lead-record.ts";
import { z } from "#app/domain/values/zod.ts";
import { parseCsv } from "#tests/support/csv.ts";
import { testDatabaseKinds, withDatabase } from "#tests/support/databases.ts";

import type { Database } from "#app/server/db/database.server.ts";
import { submissionsCsv } from "#app/server/leads/lead-export.server.ts";
import { leadRecordsJson } from "#app/server/leads/lead-records.server.ts";
import { saveOptionalAnswers, saveQuoteRequest } from "#app/server/wizard/quote-requests.server.ts";
import { UNKNOWN_WRITER } from "#app/server/wizard/submission-history.server.ts";
import {
  saveCompleteSubmission,
  saveEmailStep,
} from "#app/server/wizard/submission-saves.server.ts";
import { completeRecord } from "#tests/support/application-records.ts";
import {
  leadWithPolicy,
  leadWithRequest,
  renewPolicy,
  SAMPLE_QUOTE,
} from "#tests/support/lead-fixtures.ts";
import { requestCertificate } from "#app/server/leads/certificate-store.server.ts";
import type { InsurerQuoteInput } from "#app/domain/quote/insurer-quotes.ts";
import { createOperator } from "#app/server/admin/operators.server.ts";
import { addInsurerQuote } from "#app/server/leads/insurer-quote-store.server.ts";

async function csv(database: Database, selection?: Parameters<typeof submissionsCsv>[1]) {
  let text = "";
  for await (const chunk of submissionsCsv(database.db, selection)) text += chunk;
  return text;
}

const complete = completeRecord({
  email: "books@example.com",
  business_name: 'Chapter "One", Books',
  first_name: "=Rae",
  primary_location: "5 Pine St\nSuite 2",
  unit: null,
  naics_code: null,
  naics_title: null,
});

describe.each(testDatabaseKinds)("the submissions CSV on $name", (kind) => {
  it("has the spec's header and one safe, quoted row per submission, newest first", async () => {
    await withDatabase(kind.open, async (database) => {
      const first = await saveEmailStep(database.db, {
        industry: "food",
        state: "Ohio",
        segments: ["Bakery"],
        email: "early@example.com",
      });
      const id = await saveCompleteSubmission(database.db, undefined, complete);
      const text = await csv(database);
      expect(text.endsWith("\r\n")).toBe(true);
      const lines = text.split("\r\n");
      expect(lines[0]).toBe(LEAD_EXPORT_COLUMNS.join(","));
      expect(text).toBe(
        [
          LEAD_EXPORT_COLUMNS.join(","),
          `${id},retail,Oregon,"Bookstore; Florist",books@example.com,"Chapter ""One"", Books",'=Rae,Ng,+15035550188,true,Chapter One LLC,"5 Pine St\nSuite 2",No,"PO Box 5, Portland OR",Corporation,2019,,,,,,,,,,,,,,,en,,,,,,,,,,${",".repeat(9)},,,`,
          // The email step's four fields and the language (English: the table's default).
          `${first},food,Ohio,Bakery,early@example.com,,,,,,,,,,,${",".repeat(15)}en${",".repeat(19)},,,`,
          "",
        ].join("\r\n"),
      );
    });
  });

  it("ends each row with the optional answers and the newest quote request", async () => {
    await withDatabase(kind.open, async (database) => {
      const id = await saveCompleteSubmission(database.db, undefined, complete);
      await saveOptionalAnswers(database.db, id, {
        fullTimeEmployees: 4,
        partTimeEmployees: 1,
        annualRevenue: 250_000,
        revenueBand: "100k-500k",
        claimsInLast3Years: false,
        currentlyInsured: true,
        workingOwners: 2,
        vehicles: "owned",
        retirementPlan: true,
      });
      const { request } = await saveQuoteRequest(
        database.db,
        id,
        {
          lines: ["workers-comp", "cyber-insurance"],
          startDate: "2026-12-01",
          contactChannel: "phone",
          note: "After 3pm",
        },
        "I agree.",
        UNKNOWN_WRITER,
        () => "CP-7K3F9Q",
      );
      const row = (await csv(database)).split("\r\n")[1]!;
      expect(
        row.endsWith(
          [
            "Corporation,2019,,,,,,4,1,250000,100k-500k,false,true,2,owned,true,en,CP-7K3F9Q,new",
            '"workers-comp; cyber-insurance",2026-12-01,phone,After 3pm',
            `${request.createdAt.toISOString()},${request.updatedAt.toISOString()}`,
            // No quote yet: none published, none to list; no request to bind: its columns empty;
            // no policy, no certificate, no change counted.
            "0,",
            ",,,,,,,,",
            ",,",
          ].join(","),
        ),
      ).toBe(true);
    });
  });

  it("carries the newest request's quotes: a cell in the CSV, every part in the lead record", async () => {
    await withDatabase(kind.open, async (database) => {
      const { db } = database;
      const ana = await createOperator(db, "ana@agency.example", "a long enough password");
      const lead = await leadWithRequest(db, "Roofers", "2026-11-20T15:00:00Z", "contacted");
      await addInsurerQuote(db, lead.request, SAMPLE_QUOTE, ana.id);
      const surplus = {
        ...SAMPLE_QUOTE,
        insurer: "Beacon Casualty",
        market: "non-admitted",
        premiumCents: 198_000,
        charges: { ...SAMPLE_QUOTE.charges, surplusLinesTaxCents: 5_940, brokerFeeCents: 10_000 },
        lines: [
          {
            ...SAMPLE_QUOTE.lines[0]!,
            line: "errors-and-omissions",
            basis: "claims-made",
            retroDate: "2024-03-01",
          },
        ],
      } satisfies InsurerQuoteInput;
      await addInsurerQuote(db, lead.request, surplus, ana.id);
      await db
        .updateTable("insurer_quotes")
        .set({ status: "published" })
        .where("insurer", "=", "Beacon Casualty")
        .execute();
      const [header, row] = parseCsv(await csv(database));
      const cell = (name: (typeof LEAD_EXPORT_COLUMNS)[number]) => row![header!.indexOf(name)];
      expect(cell("quotes_published")).toBe("1");
      expect(cell("quotes")).toBe(
        "Acme Mutual (bindable, admitted, draft): total $2,550.50; " +
          "Beacon Casualty (bindable, non-admitted, published): total $2,289.40",
      );
      let json = "";
      for await (const chunk of leadRecordsJson(db)) json += chunk;
      const [record] = z.parse(z.array(leadRecordSchema), JSON.parse(json));
      expect(record?.quotes.map((quote) => quote.insurer)).toEqual([
        "Acme Mutual",
        "Beacon Casualty",
      ]);
      expect(record?.quotes[1]).toMatchObject({
        status: "published",
        market: "non-admitted",
        premiumCents: 198_000,
        charges: { surplusLinesTaxCents: 5_940, brokerFeeCents: 10_000, policyFeeCents: 15_000 },
        totalCents: 228_940,
        instalments: {
          downPaymentCents: 60_000,
          count: 9,
          amountCents: 20_000,
          feePerInstalmentCents: 900,
        },
        terrorism: { offered: true, premiumCents: 2_500 },
        rating: { rating: "A (Excellent)", source: "AM Best", asOf: "2026-11-02" },
        subjectivities: [
          { text: "Signed application", timing: "before-binding", due: "2026-12-20" },
        ],
        lines: [
          {
            line: "errors-and-omissions",
            basis: "claims-made",
            retroDate: "2024-03-01",
            occurrenceOrClaimCents: 100_000_000,
            subjectToAudit: true,
          },
        ],
      });
    });
  });

  it("carries the customer's book: every policy, its certificates and changes (1.4)", async () => {
    await withDatabase(kind.open, async (database) => {
      const { db } = database;
      const directory = mkdtempSync(path.join(tmpdir(), "coverpilot-book-"));
      const bound = await leadWithPolicy(db, "Glaziers", directory);
      const renewed = await renewPolicy(db, bound, directory, "GL-2");
      expect(renewed).toBeDefined();
      const asked = await requestCertificate(db, bound.lead.submissionId, {
        holderName: "Summit Builders LLC",
        holderAddress: "1 Main St\nColumbus, OH 43215",
        holderEmail: "certs@summit.example",
        additionalInsured: true,
        waiverOfSubrogation: false,
        primaryNonContributory: false,
        job: "Storefront glazing, contract 2027-3",
        neededBy: "2027-01-10",
      });
      expect(asked.outcome).toBe("requested");
      let json = "";
      for await (const chunk of leadRecordsJson(db)) json += chunk;
      const [record] = z.parse(z.array(leadRecordSchema), JSON.parse(json));
      expect(record?.schemaVersion).toBe("1.4");
      expect(record?.policies).toEqual([
        {
          requestReference: bound.lead.request.reference,
          lines: [
            { line: "general-liability", name: "General Liability" },
            { line: "workers-comp", name: expect.any(String) },
          ],
          insurer: "Acme Mutual",
          binder: expect.objectContaining({ number: expect.any(String) }),
          policy: { number: "GL-1", start: "2027-01-01", end: "2028-01-01" },
        },
        expect.objectContaining({
          requestReference: `${bound.lead.request.reference}R`,
          policy: expect.objectContaining({ number: "GL-2" }),
        }),
      ]);
      expect(record?.certificates).toEqual([
        {
          reference: expect.stringMatching(/^CP-/),
          holder: "Summit Builders LLC",
          neededBy: "2027-01-10",
          requestedAt: expect.any(String),
          issuedAt: null,
        },
      ]);
      const [header, row] = parseCsv(await csv(database));
      const cell = (name: (typeof LEAD_EXPORT_COLUMNS)[number]) => row![header!.indexOf(name)];
      expect(cell("policies")).toMatch(
        /^Acme Mutual policy GL-1 \(2027-01-01 to 2028-01-01\); Acme Mutual policy GL-2 \(/,
      );
      expect(cell("certificates")).toMatch(/^CP-\S+ for Summit Builders LLC \(requested\)$/);
      expect(cell("policy_changes")).toBe("0");
    });
  });

  it("is only the header when there is nothing to export", async () => {
    await withDatabase(kind.open, async (database) => {
      expect(await csv(database, { changedSince: new Date() })).toBe(
        `${LEAD_EXPORT_COLUMNS.join(",")}\r\n`,
      );
    });
  });

  it("streams a many-batch export chunk by chunk, complete and in order (CSV and JSON)", async () => {
    await withDatabase(kind.open, async (database) => {
      // 23 completed applications a minute apart, every third with a quote request, read 5 at a time.
      await sql`
        insert into business_wizard_submissions
          (industry, state, segments, email, business_name, start_year, completed_at, created_at)
        select 'retail', 'Oregon', array['Bookstore'], 'batch' || g || '@example.com',
               'Shop ' || g, '2019', now(),
               timestamptz '2026-01-01 00:00:00+00' + g * interval '1 minute'
        from generate_series(1, 23) as g`.execute(database.db);
      await sql`
        insert into quote_requests
          (submission_id, reference, lines, start_date, contact_channel, consent_text, consent_given_at)
        select id, 'CP-' || upper(substr(md5(email), 1, 6)), array['workers-comp'], date '2026-12-01',
               'phone', 'I agree.', now()
        from business_wizard_submissions
        where substring(email from 'batch([0-9]+)@')::int % 3 = 0`.execute(database.db);
      const newestFirst = Array.from(
        { length: 23 },
        (_, index) => `batch${23 - index}@example.com`,
      );
      const options = { batchSize: 5 };

      const csvChunks: string[] = [];
      for await (const chunk of submissionsCsv(database.db, {}, options)) csvChunks.push(chunk);
      // The header, then one chunk per batch of five: written as read, never as one whole file.
      expect(csvChunks).toHaveLength(1 + 5);
      const [header, ...rows] = parseCsv(csvChunks.join(""));
      expect(header).toEqual([...LEAD_EXPORT_COLUMNS]);
      const column = (name: (typeof LEAD_EXPORT_COLUMNS)[number]) =>
        rows.map((row) => row[LEAD_EXPORT_COLUMNS.indexOf(name)]);
      expect(column("email")).toEqual(newestFirst);
      expect(new Set(column("id")).size).toBe(23);
      expect(rows[0]![LEAD_EXPORT_COLUMNS.indexOf("quote_status")]).toBe("");
      expect(column("quote_status").filter((status) => status === "new")).toHaveLength(7);
      expect(rows.at(-1)![LEAD_EXPORT_COLUMNS.indexOf("business_name")]).toBe("Shop 1");
      expect(rows[2]![LEAD_EXPORT_COLUMNS.indexOf("quote_lines")]).toBe("workers-comp");

      const jsonChunks: string[] = [];
      for await (const chunk of leadRecordsJson(database.db, {}, options)) jsonChunks.push(chunk);
      expect(jsonChunks).toHaveLength(1 + 5 + 1);
      // Each record valid against the lead record's schema (docs/lead-record.schema.json).
      const records = z.parse(z.array(leadRecordSchema), JSON.parse(jsonChunks.join("")));
      expect(records.map((record) => record.contact.email)).toEqual(newestFirst);
      expect(records.map((record) => record.id)).toEqual(column("id"));
    });
  });
});
