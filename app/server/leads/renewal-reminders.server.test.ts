import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

import { afterAll, describe, expect, it } from "vitest";

import { testDatabaseKinds, withDatabase } from "#tests/support/databases.ts";
import { leadWithPolicy } from "#tests/support/lead-fixtures.ts";

import { SAMPLE_AGENCY } from "#app/domain/site/agency.ts";
import { dayText } from "#app/domain/quote/insurer-quotes.ts";
import { addDays } from "#app/domain/values/days.ts";
import { latestBoundPolicy } from "#app/server/leads/bind-store.server.ts";
import {
  policiesByEnd,
  sendDueRenewalReminders,
} from "#app/server/leads/renewal-reminders.server.ts";
import { saveQuoteRequest } from "#app/server/wizard/quote-requests.server.ts";

const directory = mkdtempSync(join(tmpdir(), "renewal-reminders-test-"));
afterAll(() => rmSync(directory, { recursive: true, force: true }));

const TODAY = "2027-03-01";
const SENDING = {
  notifyTo: ["desk@agency.example"],
  siteUrl: "https://coverpilot.example",
  agency: { ...SAMPLE_AGENCY, sample: true },
  limits: { perOperatorPerHour: 100, perHour: 500 },
};

describe.each(testDatabaseKinds)("renewal reminders on $name", (kind) => {
  it("tells the agency 90 and 60 days before and the insured 60, each once, however many checks run at once", async () => {
    await withDatabase(kind.open, async ({ db }) => {
      const soon = await leadWithPolicy(db, "Roofers", directory, {
        number: "GL-59",
        end: addDays(TODAY, 59),
      });
      await leadWithPolicy(db, "Painters", directory, { number: "GL-75", end: addDays(TODAY, 75) });
      await leadWithPolicy(db, "Bakers", directory, { number: "GL-120", end: addDays(TODAY, 120) });
      await leadWithPolicy(db, "Movers", directory, { number: "GL-OLD", end: addDays(TODAY, -3) });
      const alerts = () =>
        db
          .selectFrom("outbox")
          .select(["recipients", "subject", "text_body"])
          .where("subject", "like", "Renewal in%")
          .orderBy("subject")
          .execute();

      // Two checks at once (two servers), then again later (a restart): each reminder once.
      const counts = await Promise.all([
        sendDueRenewalReminders(db, TODAY, SENDING),
        sendDueRenewalReminders(db, TODAY, SENDING),
      ]);
      expect(counts.reduce((sum, count) => sum + count, 0)).toBe(3);
      expect(await sendDueRenewalReminders(db, TODAY, SENDING)).toBe(0);
      const sent = await alerts();
      expect(sent.map((alert) => alert.subject)).toEqual([
        "Renewal in 59 days: GL-59 (Roofers)",
        "Renewal in 75 days: GL-75 (Painters)",
      ]);
      expect(sent[0]?.recipients).toEqual(["desk@agency.example"]);
      expect(sent[0]?.text_body).toContain(
        `https://coverpilot.example/admin/submissions/${soon.lead.submissionId}/quotes`,
      );
      const reminders = await db
        .selectFrom("renewal_reminders")
        .select("kind")
        .orderBy("kind")
        .execute();
      expect(reminders.map((reminder) => reminder.kind)).toEqual([
        "agency-60",
        "agency-90",
        "visitor-60",
      ]);
      // The insured's reminder: to them, with a one-time link that opens the renewal request.
      const toInsured = await db
        .selectFrom("outbox")
        .select(["recipients", "subject", "text_body"])
        .where("subject", "like", "Your policy GL-%")
        .execute();
      expect(toInsured).toEqual([
        {
          recipients: [soon.lead.email],
          subject: `Your policy GL-59 ends on ${dayText(addDays(TODAY, 59))}`,
          text_body: expect.stringMatching(/https:\/\/coverpilot\.example\/resume\/[\w-]{20,}/),
        },
      ]);
      const links = await db
        .selectFrom("resume_tokens")
        .select("opens")
        .where("submission_id", "=", soon.lead.submissionId)
        .where("opens", "=", "renewal")
        .execute();
      expect(links).toHaveLength(1);

      // Fifteen days on, the 75-day policy is at 60: its second reminders go, and only they.
      expect(await sendDueRenewalReminders(db, addDays(TODAY, 15), SENDING)).toBe(2);
      expect((await alerts()).map((alert) => alert.subject)).toContain(
        "Renewal in 60 days: GL-75 (Painters)",
      );
      const timeline = await db
        .selectFrom("lead_activities")
        .select("body")
        .where("kind", "=", "renewal")
        .where("submission_id", "=", soon.lead.submissionId)
        .execute();
      expect(timeline.map((entry) => entry.body).sort()).toEqual([
        expect.stringContaining("policy GL-59 ends"),
        expect.stringContaining("the insured was emailed a link to request the renewal"),
      ]);
    });
  });

  it("reminds the insured in their application's language, linking to the link's page in it", async () => {
    await withDatabase(kind.open, async ({ db }) => {
      const { lead } = await leadWithPolicy(db, "Techos", directory, {
        number: "GL-59",
        end: addDays(TODAY, 59),
      });
      await db
        .updateTable("business_wizard_submissions")
        .set({ language: "es" })
        .where("id", "=", lead.submissionId)
        .execute();
      expect(await sendDueRenewalReminders(db, TODAY, SENDING)).toBe(2);
      const [reminder] = await db
        .selectFrom("outbox")
        .select(["subject", "text_body"])
        .where("subject", "like", "Su póliza GL-59%")
        .execute();
      expect(reminder?.subject).toBe(
        `Su póliza GL-59 vence el ${dayText(addDays(TODAY, 59), "es")}`,
      );
      expect(reminder?.text_body).toMatch(/https:\/\/coverpilot\.example\/es\/resume\/[\w-]{43}/);
      // The agency's alert stays English.
      const alerts = await db
        .selectFrom("outbox")
        .select("subject")
        .where("subject", "like", "Renewal in%")
        .execute();
      expect(alerts).toEqual([{ subject: "Renewal in 59 days: GL-59 (Techos)" }]);
    });
  });

  it("holds the insured's reminder while the site's hourly limit is reached, and sends it at a later check", async () => {
    await withDatabase(kind.open, async ({ db }) => {
      // The fixture's desk emailed the insured twice (quotes, policy) just now: the site's limit
      // for the agency's emails (decision 054) is reached at 2.
      const { lead } = await leadWithPolicy(db, "Roofers", directory, {
        number: "GL-59",
        end: addDays(TODAY, 59),
      });
      const capped = { ...SENDING, limits: { perOperatorPerHour: 100, perHour: 2 } };
      expect(await sendDueRenewalReminders(db, TODAY, capped)).toBe(1);
      const kinds = () =>
        db
          .selectFrom("renewal_reminders")
          .select("kind")
          .orderBy("kind")
          .execute()
          .then((rows) => rows.map((row) => row.kind));
      const linksToRenewal = () =>
        db.selectFrom("resume_tokens").select("opens").where("opens", "=", "renewal").execute();
      // The agency was told; the insured's reminder is neither sent nor recorded, nor its link.
      expect(await kinds()).toEqual(["agency-60"]);
      expect(await linksToRenewal()).toEqual([]);
      expect(await sendDueRenewalReminders(db, TODAY, capped)).toBe(0);
      // Under the cap (an hour on, here a larger one), the next check sends it, once.
      expect(await sendDueRenewalReminders(db, TODAY, SENDING)).toBe(1);
      expect(await sendDueRenewalReminders(db, TODAY, SENDING)).toBe(0);
      expect(await kinds()).toEqual(["agency-60", "visitor-60"]);
      expect(await linksToRenewal()).toHaveLength(1);
      const toInsured = await db
        .selectFrom("outbox")
        .select("recipients")
        .where("subject", "like", "Your policy GL-59 ends%")
        .execute();
      expect(toInsured).toEqual([{ recipients: [lead.email] }]);
    });
  });

  it("lists bound policies by their end, those with no renewal request first", async () => {
    await withDatabase(kind.open, async ({ db }) => {
      const renewing = await leadWithPolicy(db, "Roofers", directory, {
        number: "GL-A",
        end: addDays(TODAY, 20),
      });
      await leadWithPolicy(db, "Painters", directory, { number: "GL-B", end: addDays(TODAY, 80) });
      await leadWithPolicy(db, "Bakers", directory, { number: "GL-C", end: addDays(TODAY, 40) });
      // A request made after binding is the renewal under way.
      await db
        .insertInto("quote_requests")
        .values({
          submission_id: renewing.lead.submissionId,
          reference: "CP-RENEW1",
          lines: ["general-liability"],
          start_date: addDays(TODAY, 20),
          contact_channel: "phone",
          consent_text: "I agree.",
          consent_given_at: new Date().toISOString(),
          created_at: new Date(Date.now() + 60_000).toISOString(),
        })
        .execute();
      await sendDueRenewalReminders(db, TODAY, { ...SENDING, notifyTo: [] });
      const listed = await policiesByEnd(db, TODAY);
      expect(listed.map((policy) => [policy.policyNumber, policy.renewalRequested])).toEqual([
        ["GL-C", false],
        ["GL-B", false],
        ["GL-A", true],
      ]);
      expect(listed[0]?.reminders.map((reminder) => reminder.kind).sort()).toEqual([
        "agency-60",
        "visitor-60",
      ]);
      // The renewal under way got no reminder, though it ends in 20 days.
      expect(listed[2]?.reminders).toEqual([]);
      // Thirty days past its end a policy leaves the list; before, it stays.
      expect((await policiesByEnd(db, addDays(TODAY, 100))).map((p) => p.policyNumber)).toEqual([
        "GL-B",
      ]);
      // With no address to alert, the desk's list and timeline tell: no email is queued.
      expect(
        await db.selectFrom("outbox").select("id").where("subject", "like", "Renewal%").execute(),
      ).toEqual([]);
    });
  });

  it("takes a renewal request as a quote request of its own, tied to the policy, which then gets no reminder", async () => {
    await withDatabase(kind.open, async ({ db }) => {
      const { lead } = await leadWithPolicy(db, "Roofers", directory, {
        number: "GL-59",
        end: addDays(TODAY, 59),
      });
      const policy = await latestBoundPolicy(db, lead.submissionId);
      if (!policy) throw new Error("no policy");
      const asked = {
        lines: ["general-liability"],
        startDate: addDays(TODAY, 59),
        contactChannel: "phone" as const,
        note: undefined,
      };
      const renewal = await saveQuoteRequest(
        db,
        lead.submissionId,
        {
          ...asked,
          renewsBindRequestId: policy.bind.id,
        },
        "I agree.",
      );
      // A request of its own (the bound one is closed), with its own reference.
      expect(renewal.change).toBe("created");
      expect(renewal.request.reference).not.toBe(lead.request.reference);
      expect(renewal.request.renewsBindRequestId).toBe(policy.bind.id);
      // Sent again from the plan page (no policy named), it stays the renewal.
      const again = await saveQuoteRequest(
        db,
        lead.submissionId,
        { ...asked, contactChannel: "email" },
        "I agree.",
      );
      expect(again).toMatchObject({
        change: "updated",
        request: { id: renewal.request.id, renewsBindRequestId: policy.bind.id },
      });
      // The desk lists the renewal as requested, by its reference; no reminder goes.
      expect(await sendDueRenewalReminders(db, TODAY, SENDING)).toBe(0);
      expect(await policiesByEnd(db, TODAY)).toMatchObject([
        {
          policyNumber: "GL-59",
          renewalRequested: true,
          renewalReference: renewal.request.reference,
        },
      ]);
      // The policy stays the visitor's policy while its renewal is asked for.
      expect((await latestBoundPolicy(db, lead.submissionId))?.bind.id).toBe(policy.bind.id);
    });
  });
});
