import { describe, expect, it } from "vitest";

import { testDatabaseKinds, withDatabase } from "#tests/support/databases.ts";

import { recipientKey } from "#app/server/mail/outbox.server.ts";
import { noteStateWaitlist } from "#app/server/wizard/state-waitlist.server.ts";

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
});
