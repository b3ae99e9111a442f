import { describe, expect, it } from "vitest";

import { testDatabaseKinds, withDatabase } from "#tests/support/databases.ts";

import { parseEnv } from "#app/server/env.server.ts";
import { queueCappedEmail, recipientKey } from "#app/server/mail/outbox.server.ts";
import {
  listStateWaitlist,
  noteStateWaitlist,
  stateOpenSending,
  tellServedStates,
} from "#app/server/wizard/state-waitlist.server.ts";

/** The agency's email to a waitlisted address, as a server with these settings writes it. */
const sending = stateOpenSending(
  parseEnv({ DATA_DIR: "/nonexistent", SITE_URL: "https://agency.example" }),
);

describe.each(testDatabaseKinds)("the state waitlist on $name", (kind) => {
  it("notes an address once per state; a repeat changes nothing and counts against no cap", async () => {
    await withDatabase(kind.open, async ({ db }) => {
      const ana = { email: "ana@example.com", state: "Ohio", language: "es" } as const;
      expect(await noteStateWaitlist(db, ana)).toBe("noted");
      // Noted again from the English page: still known, and its language kept as first noted.
      expect(await noteStateWaitlist(db, { ...ana, language: "en" })).toBe("known");
      expect(await noteStateWaitlist(db, { ...ana, state: "Iowa", language: "en" })).toBe("noted");
      const rows = await db
        .selectFrom("state_waitlist")
        .select(["email", "state", "language"])
        .orderBy("id")
        .execute();
      expect(rows).toEqual([ana, { email: "ana@example.com", state: "Iowa", language: "en" }]);
      // Noting sends nothing, so it takes nothing of the address's hourly allowance.
      const counts = await db
        .selectFrom("mail_recipient_sends")
        .selectAll()
        .where("recipient_key", "=", recipientKey("ana@example.com"))
        .execute();
      expect(counts).toEqual([]);
    });
  });

  it("is never a lead: no submission, no email queued, no webhook delivery", async () => {
    await withDatabase(kind.open, async ({ db }) => {
      await noteStateWaitlist(db, { email: "cy@example.com", state: "Maine", language: "en" });
      for (const table of [
        "business_wizard_submissions",
        "outbox",
        "webhook_deliveries",
      ] as const) {
        const rows = await db.selectFrom(table).select("id").execute();
        expect(rows, table).toEqual([]);
      }
    });
  });

  it("tells each address of a newly served state once, in its language, whatever runs at once (issue 56)", async () => {
    await withDatabase(kind.open, async ({ db }) => {
      await noteStateWaitlist(db, { email: "ana@example.com", state: "Ohio", language: "es" });
      await noteStateWaitlist(db, { email: "bo@example.com", state: "Iowa", language: "en" });
      await noteStateWaitlist(db, { email: "cy@example.com", state: "Ohio", language: "en" });
      const outbox = () =>
        db
          .selectFrom("outbox")
          .select(["recipients", "subject", "text_body"])
          .orderBy("id")
          .execute();

      expect(await tellServedStates(db, ["Ohio", "Texas"], sending)).toBe(2);
      const [ana, cy] = await outbox();
      expect(ana).toMatchObject({ recipients: ["ana@example.com"] });
      expect(ana!.subject).toMatch(/ya puede ayudar a negocios en Ohio$/);
      expect(ana!.text_body).toContain("https://agency.example/es/business-wizard");
      expect(cy).toMatchObject({ recipients: ["cy@example.com"] });
      expect(cy!.subject).toMatch(/can now help businesses in Ohio$/);
      expect(cy!.text_body).toContain("https://agency.example/business-wizard");
      expect(cy!.text_body).toContain("This is the one email you asked for");

      // Told once: a second pass, or another server's, sends nothing more.
      expect(await tellServedStates(db, ["Ohio"], sending)).toBe(0);
      expect(await outbox()).toHaveLength(2);
      const told = await listStateWaitlist(db);
      expect(told.map((entry) => [entry.email, entry.toldAt !== null])).toEqual([
        ["bo@example.com", false],
        ["ana@example.com", true],
        ["cy@example.com", true],
      ]);

      // Two servers at once: one email.
      const both = await Promise.all([
        tellServedStates(db, ["Iowa"], sending),
        tellServedStates(db, ["Iowa"], sending),
      ]);
      expect(both[0] + both[1]).toBe(1);
      expect(await outbox()).toHaveLength(3);

      // An address past its hourly cap stays untold, for the next pass.
      await noteStateWaitlist(db, { email: "di@example.com", state: "Maine", language: "en" });
      const other = { subject: "Finish your application", text: "…", html: "<p>…</p>" };
      expect(await queueCappedEmail(db, "di@example.com", other, 1)).toBe(true);
      expect(await tellServedStates(db, ["Maine"], { ...sending, perHour: 1 })).toBe(0);
      expect(
        (await listStateWaitlist(db)).find((e) => e.email === "di@example.com")?.toldAt,
      ).toBeNull();
      expect(await tellServedStates(db, ["Maine"], sending)).toBe(1);
    });
  });
});
