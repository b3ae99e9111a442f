import { describe, expect, it } from "vitest";

import { SAMPLE_AGENCY } from "#app/domain/site/agency.ts";
import { testDatabaseKinds, withDatabase } from "#tests/support/databases.ts";

import { createOperator } from "#app/server/admin/operators.server.ts";
import {
  listTemplates,
  saveTemplate,
  sendDeskEmail,
  templateVersions,
} from "#app/server/leads/lead-emails.server.ts";
import { getTimeline } from "#app/server/leads/desk-work.server.ts";

describe.each(testDatabaseKinds)("the desk's emails on $name", (kind) => {
  it("keeps every save of a template with its operator; names are unique, ignoring case", async () => {
    await withDatabase(kind.open, async ({ db }) => {
      // (The two templates migration 0025 adds are emptied out of test databases; the journeys
      // use them.)
      const ana = await createOperator(db, "ana@agency.example", "a long enough password");
      const ben = await createOperator(db, "ben@agency.example", "a long enough password");
      const zip = { name: "We need your ZIP code", subject: "ZIP code?", body: "Hello" };
      expect(await saveTemplate(db, zip, ana.id)).toBe("saved");
      expect(
        await saveTemplate(db, { name: "Thanks", subject: "Thank you", body: "Hi" }, ana.id),
      ).toBe("saved");
      const [, saved] = await listTemplates(db);
      expect(saved).toMatchObject({
        name: "We need your ZIP code",
        updatedBy: "ana@agency.example",
      });
      expect(
        await saveTemplate(db, { id: saved!.id, ...zip, subject: "Your ZIP code, please" }, ben.id),
      ).toBe("saved");
      expect(
        await saveTemplate(db, { name: "we need your zip CODE", subject: "x", body: "y" }, ana.id),
      ).toBe("name-taken");
      expect(
        await saveTemplate(
          db,
          { id: "00000000-0000-4000-8000-000000000000", name: "Gone", subject: "x", body: "y" },
          ana.id,
        ),
      ).toBe("not-found");
      expect(
        (await listTemplates(db)).map((template) => [
          template.name,
          template.subject,
          template.updatedBy,
        ]),
      ).toEqual([
        ["Thanks", "Thank you", "ana@agency.example"],
        ["We need your ZIP code", "Your ZIP code, please", "ben@agency.example"],
      ]);
      expect(
        (await templateVersions(db, saved!.id)).map((version) => [version.subject, version.by]),
      ).toEqual([
        ["Your ZIP code, please", "ben@agency.example"],
        ["ZIP code?", "ana@agency.example"],
      ]);
    });
  });

  it("queues the email and logs it on the timeline together, and neither past the hourly cap", async () => {
    await withDatabase(kind.open, async ({ db }) => {
      const ana = await createOperator(db, "ana@agency.example", "a long enough password");
      const { id } = await db
        .insertInto("business_wizard_submissions")
        .values({
          industry: "food",
          state: "Ohio",
          segments: ["Bakery"],
          email: "rae@shop.example",
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      const message = {
        submissionId: id,
        to: "rae@shop.example",
        subject: "Your ZIP code",
        body: "Hello Rae,\n\nWhat is your ZIP code?",
        operatorId: ana.id,
        agency: { ...SAMPLE_AGENCY, sample: true },
        perHour: 1,
      };
      expect(await sendDeskEmail(db, message)).toBe(true);
      expect(await sendDeskEmail(db, { ...message, subject: "Again" })).toBe(false);
      const outbox = await db
        .selectFrom("outbox")
        .select(["recipients", "subject", "text_body"])
        .execute();
      expect(outbox).toEqual([
        {
          recipients: ["rae@shop.example"],
          subject: "Your ZIP code",
          text_body: expect.stringContaining("What is your ZIP code?") as unknown,
        },
      ]);
      const timeline = await getTimeline(db, id);
      expect(timeline.map((entry) => [entry.kind, entry.body, entry.by])).toEqual([
        ["email", "Your ZIP code\n\nHello Rae,\n\nWhat is your ZIP code?", "ana@agency.example"],
      ]);
    });
  });
});
