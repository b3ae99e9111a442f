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
import { releaseHeldEmail } from "#app/server/mail/outbox.server.ts";

describe.each(testDatabaseKinds)("the desk's emails on $name", (kind) => {
  it("keeps every save of a template with its operator; names are unique, ignoring case", async () => {
    await withDatabase(kind.open, async ({ db }) => {
      // (The two templates migration 0025 adds are emptied out of test databases; the journeys
      // use them.)
      const ana = await createOperator(db, "ana@agency.example", "a long enough password");
      const ben = await createOperator(db, "ben@agency.example", "a long enough password");
      const zip = {
        name: "We need your ZIP code",
        subject: "ZIP code?",
        body: "Hello",
        language: "en" as const,
      };
      expect(await saveTemplate(db, zip, ana.id)).toBe("saved");
      expect(
        await saveTemplate(
          db,
          { name: "Gracias", subject: "Gracias", body: "Hola", language: "es" },
          ana.id,
        ),
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
        await saveTemplate(
          db,
          { name: "we need your zip CODE", subject: "x", body: "y", language: "en" },
          ana.id,
        ),
      ).toBe("name-taken");
      expect(
        await saveTemplate(
          db,
          {
            id: "00000000-0000-4000-8000-000000000000",
            name: "Gone",
            subject: "x",
            body: "y",
            language: "en",
          },
          ana.id,
        ),
      ).toBe("not-found");
      expect(
        (await listTemplates(db)).map((template) => [
          template.name,
          template.subject,
          template.language,
          template.updatedBy,
        ]),
      ).toEqual([
        ["Gracias", "Gracias", "es", "ana@agency.example"],
        ["We need your ZIP code", "Your ZIP code, please", "en", "ben@agency.example"],
      ]);
      expect(
        (await templateVersions(db, saved!.id)).map((version) => [version.subject, version.by]),
      ).toEqual([
        ["Your ZIP code, please", "ben@agency.example"],
        ["ZIP code?", "ana@agency.example"],
      ]);
    });
  });

  it("sends a proven customer past the per-inbox cap; held by the desk's limit, the timeline says not sent and Send again sends it once allowed", async () => {
    await withDatabase(kind.open, async ({ db }) => {
      const ana = await createOperator(db, "ana@agency.example", "a long enough password");
      const ben = await createOperator(db, "ben@agency.example", "a long enough password");
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
      // Ana may send 4 an hour; the per-inbox cap (3 by default) does not count the desk's.
      const limits = { perOperatorPerHour: 4, perHour: 500 };
      const message = (subject: string) => ({
        submissionId: id,
        to: "rae@shop.example",
        subject,
        body: "Hello Rae,\n\nWhat is your ZIP code?",
        operatorId: ana.id,
        agency: { ...SAMPLE_AGENCY, sample: true },
        limits,
      });
      for (const n of [1, 2, 3, 4]) {
        expect(await sendDeskEmail(db, message(`Question ${n}`))).toBe("queued");
      }
      expect(await sendDeskEmail(db, message("Question 5"))).toBe("limit");
      const waiting = () =>
        db
          .selectFrom("outbox")
          .select(["subject"])
          .where("held", "is", null)
          .where("sent_at", "is", null)
          .orderBy("id")
          .execute()
          .then((rows) => rows.map((row) => row.subject));
      expect(await waiting()).toEqual(["Question 1", "Question 2", "Question 3", "Question 4"]);
      const timeline = await getTimeline(db, id);
      const notSent = timeline.find((entry) => entry.kind === "not-sent");
      expect(notSent).toMatchObject({
        body: expect.stringContaining(
          '"Question 5": the desk\'s hourly email limit was reached',
        ) as unknown,
        by: "ana@agency.example",
      });
      expect(timeline.filter((entry) => entry.kind === "email")).toHaveLength(4);
      const outboxId = notSent!.resend!;
      // Ana is still over her limit; another lead's id is not found; Ben may send it.
      expect(
        await releaseHeldEmail(db, { submissionId: id, outboxId, operatorId: ana.id }, limits),
      ).toBe("limit");
      expect(
        await releaseHeldEmail(
          db,
          { submissionId: "00000000-0000-4000-8000-000000000000", outboxId, operatorId: ben.id },
          limits,
        ),
      ).toBe("not-found");
      expect(
        await releaseHeldEmail(db, { submissionId: id, outboxId, operatorId: ben.id }, limits),
      ).toBe("queued");
      expect(await waiting()).toContain("Question 5");
      const after = await getTimeline(db, id);
      expect(after[0]).toMatchObject({
        kind: "email",
        body: 'Sent again: "Question 5"',
        by: "ben@agency.example",
      });
      // Sent again, it is no longer offered again, and a second post finds nothing to send.
      expect(after.find((entry) => entry.kind === "not-sent")?.resend).toBeUndefined();
      expect(
        await releaseHeldEmail(db, { submissionId: id, outboxId, operatorId: ben.id }, limits),
      ).toBe("not-found");
    });
  });

  it("sends nothing to an application whose email is not proven, and the timeline says why", async () => {
    await withDatabase(kind.open, async ({ db }) => {
      const ana = await createOperator(db, "ana@agency.example", "a long enough password");
      const { id } = await db
        .insertInto("business_wizard_submissions")
        .values({
          industry: "food",
          state: "Ohio",
          segments: ["Bakery"],
          email: "rae@shop.example",
          email_not_proven: true,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      const limits = { perOperatorPerHour: 100, perHour: 500 };
      expect(
        await sendDeskEmail(db, {
          submissionId: id,
          to: "rae@shop.example",
          subject: "Your quotes",
          body: "Hello",
          operatorId: ana.id,
          agency: { ...SAMPLE_AGENCY, sample: true },
          limits,
        }),
      ).toBe("unproven");
      const due = await db.selectFrom("outbox").select("id").where("held", "is", null).execute();
      expect(due).toEqual([]);
      const [entry] = await getTimeline(db, id);
      expect(entry).toMatchObject({ kind: "not-sent" });
      expect(entry!.body).toContain("this application's email is not proven");
      expect(
        await releaseHeldEmail(
          db,
          { submissionId: id, outboxId: entry!.resend!, operatorId: ana.id },
          limits,
        ),
      ).toBe("unproven");
    });
  });
});
