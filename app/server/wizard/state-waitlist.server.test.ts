import { describe, expect, it } from "vitest";

import { testDatabaseKinds, withDatabase } from "#tests/support/databases.ts";

import { recipientKey } from "../mail/outbox.server.ts";
import { noteStateWaitlist } from "./state-waitlist.server.ts";

describe.each(testDatabaseKinds)("the state waitlist on $name", (kind) => {
  it("notes an address once per state, and a repeat changes and counts nothing", async () => {
    await withDatabase(kind.open, async ({ db }) => {
      const ana = { email: "ana@example.com", state: "Ohio" } as const;
      expect(await noteStateWaitlist(db, 3, ana)).toBe("noted");
      expect(await noteStateWaitlist(db, 3, ana)).toBe("known");
      expect(await noteStateWaitlist(db, 3, { ...ana, state: "Iowa" })).toBe("noted");
      const rows = await db
        .selectFrom("state_waitlist")
        .select(["email", "state"])
        .orderBy("id")
        .execute();
      expect(rows).toEqual([ana, { email: "ana@example.com", state: "Iowa" }]);
      // Two new notes, two counted against the address's cap; the repeat took nothing.
      const counts = await db
        .selectFrom("mail_recipient_sends")
        .selectAll()
        .where("recipient_key", "=", recipientKey("ana@example.com"))
        .executeTakeFirstOrThrow();
      expect(counts.sent_at).toHaveLength(2);
    });
  });

  it("counts against the per-recipient cap, however the inbox is spelt, and keeps nothing past it", async () => {
    await withDatabase(kind.open, async ({ db }) => {
      const states = ["Ohio", "Iowa", "Utah", "Idaho"] as const;
      const outcomes = [];
      for (const [index, state] of states.entries()) {
        // One inbox: Gmail's dots and +tags count as the same address.
        const email = index % 2 ? "b.o.b+list@gmail.com" : "bob@gmail.com";
        outcomes.push(await noteStateWaitlist(db, 3, { email, state }));
      }
      expect(outcomes).toEqual(["noted", "noted", "noted", "capped"]);
      const kept = await db.selectFrom("state_waitlist").select("state").orderBy("id").execute();
      expect(kept.map((row) => row.state)).toEqual(["Ohio", "Iowa", "Utah"]);
    });
  });

  it("is never a lead: no submission, no email queued, no webhook delivery", async () => {
    await withDatabase(kind.open, async ({ db }) => {
      await noteStateWaitlist(db, 3, { email: "cy@example.com", state: "Maine" });
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
