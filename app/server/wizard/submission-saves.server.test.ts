import { describe, expect, it } from "vitest";

import { testDatabaseKinds, withDatabase } from "#tests/support/databases.ts";

import type { Database } from "#app/server/db/database.server.ts";
import { UNKNOWN_WRITER } from "#app/server/wizard/submission-history.server.ts";
import {
  saveCompleteSubmission,
  saveEmailStep,
} from "#app/server/wizard/submission-saves.server.ts";
import { completeRecord } from "#tests/support/application-records.ts";

const emailStep = {
  industry: "construction" as const,
  state: "Texas",
  segments: ["Plumbing", "Roofing"],
  email: "owner@example.com",
};

const complete = completeRecord({
  ...emailStep,
  business_name: "Lone Star Plumbing",
  first_name: "Sam",
  last_name: "Hill",
  phone_number: "+15552345678",
  consent_given_at: "2026-11-21T10:00:00.000Z",
  legal_business_name: "Lone Star Plumbing LLC",
  primary_location: "1 Main St, Suite 2",
  mailing_address: "PO Box 7, Austin TX 78701",
  ownership_structure: "Limited Liability Company",
  start_year: "2012",
  naics_code: null,
  naics_title: null,
});

async function rows(database: Database) {
  return database.db.selectFrom("business_wizard_submissions").selectAll().execute();
}

describe.each(testDatabaseKinds)("submissions on $name", (kind) => {
  it("the email step writes industry, state, segments and email, and nothing else", async () => {
    await withDatabase(kind.open, async (database) => {
      const id = await saveEmailStep(database.db, emailStep);
      const [row] = await rows(database);
      expect(row).toMatchObject({ id, ...emailStep });
      for (const column of [
        "business_name",
        "first_name",
        "last_name",
        "phone_number",
        "consent_to_texts",
        "legal_business_name",
        "primary_location",
        "unit",
        "completed_at",
        "naics_code",
        "naics_title",
        "same_address",
        "mailing_address",
        "ownership_structure",
        "start_year",
        "consent_text",
        "consent_given_at",
      ] as const) {
        expect(row![column], column).toBeNull();
      }
    });
  });

  it("a session saving its own application again updates it", async () => {
    await withDatabase(kind.open, async (database) => {
      const first = await saveEmailStep(database.db, emailStep);
      const again = { industry: "food" as const, state: "Ohio", segments: ["Bakery"] };
      const second = await saveEmailStep(
        database.db,
        { ...again, email: "Owner@Example.com" },
        UNKNOWN_WRITER,
        first,
      );
      expect(second).toBe(first);
      const all = await rows(database);
      expect(all).toHaveLength(1);
      expect(all[0]).toMatchObject({ ...again, email: "Owner@Example.com" });
      expect(all[0]!.email_not_proven).toBe(false);
    });
  });

  it("keeps the language each save was made in; a save that gives none leaves it as it was", async () => {
    await withDatabase(kind.open, async (database) => {
      const language = async () => (await rows(database)).map((row) => row.language);
      // A save that names no language (a record from before it was recorded): English.
      const id = await saveEmailStep(database.db, emailStep);
      expect(await language()).toEqual(["en"]);
      await saveEmailStep(database.db, { ...emailStep, language: "es" }, UNKNOWN_WRITER, id);
      expect(await language()).toEqual(["es"]);
      await saveCompleteSubmission(database.db, id, complete);
      expect(await language()).toEqual(["es"]);
      // A visitor who finishes in English after starting in Spanish is answered in English.
      await saveCompleteSubmission(database.db, id, { ...complete, language: "en" });
      expect(await language()).toEqual(["en"]);
    });
  });

  it("another session that only knows the email gets an application of its own beside it", async () => {
    await withDatabase(kind.open, async (database) => {
      const first = await saveEmailStep(database.db, emailStep);
      await saveCompleteSubmission(database.db, first, complete);
      const stranger = { industry: "food" as const, state: "Ohio", segments: ["Bakery"] };
      const second = await saveEmailStep(database.db, { ...stranger, email: "OWNER@example.com" });
      expect(second).not.toBe(first);
      // A draft naming someone else's application with another email does not reach it either.
      const third = await saveEmailStep(
        database.db,
        { ...stranger, email: "owner@example.com" },
        UNKNOWN_WRITER,
        "00000000-0000-4000-8000-000000000000",
      );
      expect(third).not.toBe(first);
      const all = await rows(database);
      expect(all).toHaveLength(3);
      const owner = all.find((row) => row.id === first);
      const { consent_given_at, ...rest } = complete;
      expect(owner).toMatchObject({ ...rest, email_not_proven: false });
      expect(owner!.consent_given_at?.toISOString()).toBe(consent_given_at);
      for (const id of [second, third]) {
        expect(all.find((row) => row.id === id)).toMatchObject({
          ...stranger,
          business_name: null,
          email_not_proven: true,
        });
      }
    });
  });

  it("saves at once with a new email make one application that holds it, the others beside", async () => {
    await withDatabase(kind.open, async (database) => {
      const ids = await Promise.all(
        Array.from({ length: 8 }, () => saveEmailStep(database.db, emailStep)),
      );
      expect(new Set(ids).size).toBe(8);
      const all = await rows(database);
      expect(all).toHaveLength(8);
      expect(all.filter((row) => !row.email_not_proven)).toHaveLength(1);
    });
  });

  it("the final step writes every field to the record the email step made", async () => {
    await withDatabase(kind.open, async (database) => {
      const id = await saveEmailStep(database.db, emailStep);
      const saved = await saveCompleteSubmission(database.db, id, complete);
      expect(saved).toBe(id);
      const all = await rows(database);
      expect(all).toHaveLength(1);
      const { consent_given_at, ...rest } = complete;
      expect(all[0]).toMatchObject({ id, ...rest });
      expect(all[0]!.consent_given_at?.toISOString()).toBe(consent_given_at);
    });
  });

  it("the final step inserts the record when no id is known", async () => {
    await withDatabase(kind.open, async (database) => {
      const id = await saveCompleteSubmission(database.db, undefined, complete);
      const all = await rows(database);
      expect(all).toHaveLength(1);
      expect(all[0]).toMatchObject({ id, business_name: "Lone Star Plumbing", start_year: "2012" });
    });
  });

  it("the final step, its known id gone, saves beside the application that holds the email", async () => {
    await withDatabase(kind.open, async (database) => {
      const id = await saveEmailStep(database.db, emailStep);
      const saved = await saveCompleteSubmission(
        database.db,
        "00000000-0000-4000-8000-000000000000",
        complete,
      );
      expect(saved).not.toBe(id);
      const all = await rows(database);
      expect(all.find((row) => row.id === id)).toMatchObject({ business_name: null });
      expect(all.find((row) => row.id === saved)).toMatchObject({
        business_name: "Lone Star Plumbing",
        email_not_proven: true,
      });
    });
  });
});
