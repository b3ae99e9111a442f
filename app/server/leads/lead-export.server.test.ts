import { describe, expect, it } from "vitest";

import { LEAD_EXPORT_COLUMNS } from "#app/domain/lead-desk.ts";
import type { CompleteRecord } from "#app/domain/application-record.ts";
import { testDatabaseKinds, withDatabase } from "#tests/support/databases.ts";

import type { Database } from "../db/database.server.ts";
import { submissionsCsv } from "./lead-export.server.ts";
import { saveOptionalAnswers, saveQuoteRequest } from "../wizard/quote-requests.server.ts";
import { saveCompleteSubmission, saveEmailStep } from "../wizard/submissions.server.ts";

async function csv(database: Database, selection?: Parameters<typeof submissionsCsv>[1]) {
  let text = "";
  for await (const chunk of submissionsCsv(database.db, selection)) text += chunk;
  return text;
}

const complete: CompleteRecord = {
  industry: "retail",
  state: "Oregon",
  segments: ["Bookstore", "Florist"],
  email: "books@example.com",
  business_name: 'Chapter "One", Books',
  first_name: "=Rae",
  last_name: "Ng",
  phone_number: "+15035550188",
  consent_to_texts: true,
  consent_text: "I agree to receive texts.",
  consent_given_at: "2026-03-01T10:00:00.000Z",
  legal_business_name: "Chapter One LLC",
  primary_location: "5 Pine St\nSuite 2",
  unit: null,
  same_address: "No",
  mailing_address: "PO Box 5, Portland OR",
  ownership_structure: "Corporation",
  start_year: "2019",
  naics_code: null,
  naics_title: null,
};

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
          `${id},retail,Oregon,"Bookstore; Florist",books@example.com,"Chapter ""One"", Books",'=Rae,Ng,+15035550188,true,Chapter One LLC,"5 Pine St\nSuite 2",No,"PO Box 5, Portland OR",Corporation,2019,,,,,,,,,,,,,,,,`,
          `${first},food,Ohio,Bakery,early@example.com,,,,,,,,,,,${",".repeat(16)}`,
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
        () => "CP-7K3F9Q",
      );
      const row = (await csv(database)).split("\r\n")[1]!;
      expect(
        row.endsWith(
          [
            "Corporation,2019,,,4,1,250000,100k-500k,false,true,CP-7K3F9Q,new",
            '"workers-comp; cyber-insurance",2026-12-01,phone,After 3pm',
            `${request.createdAt.toISOString()},${request.updatedAt.toISOString()}`,
          ].join(","),
        ),
      ).toBe(true);
    });
  });

  it("is only the header when there is nothing to export", async () => {
    await withDatabase(kind.open, async (database) => {
      expect(await csv(database, { changedSince: new Date() })).toBe(
        `${LEAD_EXPORT_COLUMNS.join(",")}\r\n`,
      );
    });
  });
});
