import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

import { afterAll, describe, expect, it } from "vitest";

import { testDatabaseKinds, withDatabase } from "#tests/support/databases.ts";
import { leadWithPolicy, renewPolicy } from "#tests/support/lead-fixtures.ts";

import { SAMPLE_AGENCY } from "#app/domain/site/agency.ts";
import { dayText } from "#app/domain/quote/insurer-quotes.ts";
import { addDays } from "#app/domain/values/days.ts";
import { lineName } from "#app/domain/quote/quote-request.ts";
import { latestBoundPolicy } from "#app/server/leads/bind-store.server.ts";
import { renewAsIs } from "#app/server/leads/insurer-quote-store.server.ts";
import {
  policiesByEnd,
  sendDueRenewalReminders,
  siteOpenedRenewalText,
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
  windows: [120, 90, 60],
};

describe.each(testDatabaseKinds)("renewals on $name", (kind) => {
  it("opens each renewal at the first window and reminds the agency at each, each once, however many checks run at once", async () => {
    await withDatabase(kind.open, async ({ db }) => {
      const soon = await leadWithPolicy(db, "Roofers", directory, {
        number: "GL-59",
        end: addDays(TODAY, 59),
      });
      await leadWithPolicy(db, "Painters", directory, { number: "GL-75", end: addDays(TODAY, 75) });
      await leadWithPolicy(db, "Bakers", directory, { number: "GL-110", end: addDays(TODAY, 110) });
      await leadWithPolicy(db, "Florists", directory, {
        number: "GL-150",
        end: addDays(TODAY, 150),
      });
      await leadWithPolicy(db, "Movers", directory, { number: "GL-OLD", end: addDays(TODAY, -3) });
      const alerts = () =>
        db
          .selectFrom("outbox")
          .select(["recipients", "subject", "text_body"])
          .where("subject", "like", "Renewal in%")
          .orderBy("subject")
          .execute();

      // Two checks at once (two servers), then again later (a restart): each step once. Three
      // renewals open (59, 75 and 110 days left: within 120) and three reminders go, each at the
      // window it is in.
      const counts = await Promise.all([
        sendDueRenewalReminders(db, TODAY, SENDING),
        sendDueRenewalReminders(db, TODAY, SENDING),
      ]);
      expect(counts.reduce((sum, count) => sum + count, 0)).toBe(6);
      expect(await sendDueRenewalReminders(db, TODAY, SENDING)).toBe(0);
      const sent = await alerts();
      expect(sent.map((alert) => alert.subject)).toEqual([
        "Renewal in 110 days: GL-110 (Bakers)",
        "Renewal in 59 days: GL-59 (Roofers)",
        "Renewal in 75 days: GL-75 (Painters)",
      ]);
      expect(sent[1]?.recipients).toEqual(["desk@agency.example"]);
      expect(sent[1]?.text_body).toContain(
        `https://coverpilot.example/admin/submissions/${soon.lead.submissionId}/quotes`,
      );
      const reminders = await db
        .selectFrom("renewal_reminders as m")
        .innerJoin("bind_requests as b", "b.id", "m.bind_request_id")
        .select(["b.policy_number", "m.kind"])
        .orderBy("b.policy_number")
        .orderBy("m.kind")
        .execute();
      expect(reminders.map((row) => `${row.policy_number} ${row.kind}`)).toEqual([
        "GL-110 agency-120",
        "GL-110 visitor-120",
        "GL-59 agency-60",
        "GL-59 visitor-120",
        "GL-75 agency-90",
        "GL-75 visitor-120",
      ]);

      // The renewal request: a request of its own, last term's lines, tied to the policy, from
      // the day the policy ends, saying that the site opened it.
      const policy = await latestBoundPolicy(db, soon.lead.submissionId);
      const renewal = await db
        .selectFrom("quote_requests")
        .select(["reference", "lines", "status", "consent_text", "contact_channel"])
        .select((eb) => eb.fn<string>("to_char", ["start_date", eb.val("YYYY-MM-DD")]).as("start"))
        .where("renews_bind_request_id", "=", policy?.bind.id ?? "")
        .executeTakeFirstOrThrow();
      expect(renewal).toMatchObject({
        lines: ["general-liability", "workers-comp"],
        status: "new",
        start: addDays(TODAY, 59),
        contact_channel: "phone",
        consent_text: siteOpenedRenewalText("GL-59", 120),
      });
      expect(sent[1]?.text_body).toContain(`Renewal: request ${renewal.reference} (new)`);

      // The insured is told, with a one-time link that opens the renewal form.
      const toInsured = await db
        .selectFrom("outbox")
        .select(["recipients", "subject", "text_body"])
        .where("subject", "=", `Your policy GL-59 ends on ${dayText(addDays(TODAY, 59))}`)
        .execute();
      expect(toInsured).toEqual([
        {
          recipients: [soon.lead.email],
          subject: `Your policy GL-59 ends on ${dayText(addDays(TODAY, 59))}`,
          text_body: expect.stringMatching(/https:\/\/coverpilot\.example\/resume\/[\w-]{20,}/),
        },
      ]);
      expect(toInsured[0]?.text_body).toContain(`(request ${renewal.reference})`);
      const links = await db
        .selectFrom("resume_tokens")
        .select("opens")
        .where("submission_id", "=", soon.lead.submissionId)
        .where("opens", "=", "renewal")
        .execute();
      expect(links).toHaveLength(1);

      // Twenty days on, 110 is at 90 and 75 at 55: their next reminders go, and only they; no
      // renewal opens twice.
      expect(await sendDueRenewalReminders(db, addDays(TODAY, 20), SENDING)).toBe(2);
      expect((await alerts()).map((alert) => alert.subject)).toEqual(
        expect.arrayContaining([
          "Renewal in 90 days: GL-110 (Bakers)",
          "Renewal in 55 days: GL-75 (Painters)",
        ]),
      );
      const timeline = await db
        .selectFrom("lead_activities")
        .select("body")
        .where("kind", "=", "renewal")
        .where("submission_id", "=", soon.lead.submissionId)
        .execute();
      expect(timeline).toHaveLength(3);
      expect(timeline.map((entry) => entry.body)).toEqual(
        expect.arrayContaining([
          `${policy?.bind.reference}: policy GL-59 ends ${addDays(TODAY, 59)}, in 59 days (reminder 60 days before); renewal request ${renewal.reference} (new)`,
          `${renewal.reference}: renewal of policy GL-59 opened by the site, 59 days before it ends, for ${lineName("general-liability")}, ${lineName("workers-comp")}`,
          `${renewal.reference}: the insured was emailed a link to tell what has changed for the renewal of policy GL-59`,
        ]),
      );
    });
  });

  it("follows the agency's own windows, and repeats nothing when they change", async () => {
    await withDatabase(kind.open, async ({ db }) => {
      await leadWithPolicy(db, "Roofers", directory, { number: "GL-80", end: addDays(TODAY, 80) });
      await leadWithPolicy(db, "Bakers", directory, { number: "GL-140", end: addDays(TODAY, 140) });
      // Each renewal the site opens is told once it is saved (the webhook's quote_request.created).
      const told: string[] = [];
      const wide = {
        ...SENDING,
        windows: [150, 45],
        onRequestOpened: async (submissionId: string) => {
          told.push(submissionId);
        },
      };
      // At 150 days: both open, each reminded at the 150-day window.
      expect(await sendDueRenewalReminders(db, TODAY, wide)).toBe(4);
      expect(told).toHaveLength(2);
      expect(new Set(told)).toEqual(
        new Set(
          (
            await db
              .selectFrom("quote_requests")
              .select("submission_id")
              .where("renews_bind_request_id", "is not", null)
              .execute()
          ).map((row) => row.submission_id),
        ),
      );
      const kinds = await db
        .selectFrom("renewal_reminders")
        .select("kind")
        .orderBy("kind")
        .execute();
      expect(kinds.map((row) => row.kind)).toEqual([
        "agency-150",
        "agency-150",
        "visitor-150",
        "visitor-150",
      ]);
      // The agency goes back to 120, 90, 60: GL-80, reminded at 150, gets its 90-day one (a nearer
      // window); GL-140 is past nothing nearer, and neither renewal opens again.
      expect(await sendDueRenewalReminders(db, TODAY, { ...wide, windows: [120, 90, 60] })).toBe(1);
      expect(told).toHaveLength(2);
      expect(
        await db
          .selectFrom("renewal_reminders")
          .select("kind")
          .where("kind", "=", "agency-90")
          .execute(),
      ).toHaveLength(1);
    });
  });

  it("tells the insured in their application's language, linking to the link's page in it", async () => {
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
      expect(reminder?.text_body).toContain("Abrimos su renovación (pedido CP-");
      // The agency's alert stays English.
      const alerts = await db
        .selectFrom("outbox")
        .select("subject")
        .where("subject", "like", "Renewal in%")
        .execute();
      expect(alerts).toEqual([{ subject: "Renewal in 59 days: GL-59 (Techos)" }]);
    });
  });

  it("opens nothing while the site's hourly limit holds the insured's email, and opens it at a later check", async () => {
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
      const requests = () =>
        db
          .selectFrom("quote_requests")
          .select("id")
          .where("submission_id", "=", lead.submissionId)
          .execute();
      // The agency was told; the renewal is neither opened nor recorded, nor its link made.
      expect(await kinds()).toEqual(["agency-60"]);
      expect(await linksToRenewal()).toEqual([]);
      expect(await requests()).toHaveLength(1);
      expect(await sendDueRenewalReminders(db, TODAY, capped)).toBe(0);
      // Under the limit (an hour on, here a larger one), the next check opens it, once.
      expect(await sendDueRenewalReminders(db, TODAY, SENDING)).toBe(1);
      expect(await sendDueRenewalReminders(db, TODAY, SENDING)).toBe(0);
      expect(await kinds()).toEqual(["agency-60", "visitor-120"]);
      expect(await linksToRenewal()).toHaveLength(1);
      expect(await requests()).toHaveLength(2);
      const toInsured = await db
        .selectFrom("outbox")
        .select("recipients")
        .where("subject", "like", "Your policy GL-59 ends%")
        .execute();
      expect(toInsured).toEqual([{ recipients: [lead.email] }]);
    });
  });

  it("lists policies by their end, renewals still to bind first; a cancelled policy and a customer's other open request open nothing", async () => {
    await withDatabase(kind.open, async ({ db }) => {
      const busy = await leadWithPolicy(db, "Roofers", directory, {
        number: "GL-A",
        end: addDays(TODAY, 20),
      });
      await leadWithPolicy(db, "Painters", directory, { number: "GL-B", end: addDays(TODAY, 80) });
      await leadWithPolicy(db, "Bakers", directory, { number: "GL-C", end: addDays(TODAY, 40) });
      const cancelled = await leadWithPolicy(db, "Movers", directory, {
        number: "GL-D",
        end: addDays(TODAY, 30),
      });
      // The roofers asked for another line since: that request is open, and is not a renewal.
      await db
        .insertInto("quote_requests")
        .values({
          submission_id: busy.lead.submissionId,
          reference: "CP-AUTO01",
          lines: ["commercial-auto"],
          start_date: addDays(TODAY, 20),
          contact_channel: "phone",
          consent_text: "I agree.",
          consent_given_at: new Date().toISOString(),
        })
        .execute();
      // The movers' policy was cancelled.
      const movers = await latestBoundPolicy(db, cancelled.lead.submissionId);
      await db
        .insertInto("policy_changes")
        .values({
          submission_id: cancelled.lead.submissionId,
          bind_request_id: movers?.bind.id ?? "",
          kind: "cancellation",
          details: JSON.stringify({
            kind: "cancellation",
            requestedBy: "insured",
            effectiveOn: TODAY,
            reason: "Business sold",
            returnPremium: null,
          }),
          show_customer: true,
          recorded_by: cancelled.operator.id,
        })
        .execute();
      // GL-B and GL-C open; GL-A is reminded, saying why its renewal is not open; GL-D nothing.
      expect(await sendDueRenewalReminders(db, TODAY, { ...SENDING, notifyTo: [] })).toBe(5);
      const listed = await policiesByEnd(db, TODAY);
      expect(listed.map((policy) => [policy.policyNumber, policy.renewal])).toEqual([
        ["GL-A", { open: false, bound: false, cancelled: false }],
        ["GL-C", { open: true, bound: false, cancelled: false }],
        ["GL-B", { open: true, bound: false, cancelled: false }],
        ["GL-D", { open: false, bound: false, cancelled: true }],
      ]);
      expect(listed[0]?.reminders.map((reminder) => reminder.kind)).toEqual(["agency-60"]);
      expect(listed[1]?.renewalReference).toMatch(/^CP-/);
      expect(listed[3]?.reminders).toEqual([]);
      const told = await db
        .selectFrom("lead_activities")
        .select("body")
        .where("submission_id", "=", busy.lead.submissionId)
        .where("kind", "=", "renewal")
        .executeTakeFirstOrThrow();
      expect(told.body).toContain("renewal not opened: another request of this customer is open");
      // Thirty days past its end a policy leaves the list; before, it stays.
      expect((await policiesByEnd(db, addDays(TODAY, 100))).map((p) => p.policyNumber)).toEqual([
        "GL-B",
      ]);
      // With no address to alert, the desk's list and timeline tell: no alert is queued.
      expect(
        await db.selectFrom("outbox").select("id").where("subject", "like", "Renewal%").execute(),
      ).toEqual([]);
    });
  });

  it("keeps a renewal request tied to its policy, and stops reminding once the renewal is bound", async () => {
    await withDatabase(kind.open, async ({ db }) => {
      const bound = await leadWithPolicy(db, "Roofers", directory, {
        number: "GL-59",
        end: addDays(TODAY, 59),
      });
      const { lead } = bound;
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
        { ...asked, renewsBindRequestId: policy.bind.id },
        "I agree.",
      );
      // A request of its own (the bound one is closed), with its own reference.
      expect(renewal.change).toBe("created");
      expect(renewal.request.reference).not.toBe(lead.request.reference);
      expect(renewal.request.renewsBindRequestId).toBe(policy.bind.id);
      // Sent again from the plan page (no policy named), or naming another, it stays this one's.
      for (const other of [undefined, lead.request.id]) {
        const again = await saveQuoteRequest(
          db,
          lead.submissionId,
          { ...asked, contactChannel: "email", renewsBindRequestId: other },
          "I agree.",
        );
        expect(again.request).toMatchObject({
          id: renewal.request.id,
          renewsBindRequestId: policy.bind.id,
        });
      }
      // The site opens no second renewal; the agency is still reminded, naming the request.
      expect(await sendDueRenewalReminders(db, TODAY, SENDING)).toBe(1);
      const [alert] = await db
        .selectFrom("outbox")
        .select("text_body")
        .where("subject", "like", "Renewal in%")
        .execute();
      expect(alert?.text_body).toContain(`Renewal: request ${renewal.request.reference} (new)`);
      expect(await policiesByEnd(db, TODAY)).toMatchObject([
        {
          policyNumber: "GL-59",
          renewal: { open: true, bound: false },
          renewalReference: renewal.request.reference,
        },
      ]);
      // The policy stays the visitor's policy while its renewal is asked for.
      expect((await latestBoundPolicy(db, lead.submissionId))?.bind.id).toBe(policy.bind.id);
    });
  });

  it("reminds nobody of a policy whose renewal is bound", async () => {
    await withDatabase(kind.open, async ({ db }) => {
      const bound = await leadWithPolicy(db, "Roofers", directory, {
        number: "GL-59",
        end: addDays(TODAY, 59),
      });
      await renewPolicy(db, bound, directory, "GL-NEXT");
      expect(await sendDueRenewalReminders(db, TODAY, SENDING)).toBe(0);
      const listed = await policiesByEnd(db, TODAY);
      expect(listed.find((policy) => policy.policyNumber === "GL-59")?.renewal).toEqual({
        open: false,
        bound: true,
        cancelled: false,
      });
    });
  });

  it("renews as is: last term's quote copied once as a draft onto the renewal request", async () => {
    await withDatabase(kind.open, async ({ db }) => {
      const bound = await leadWithPolicy(db, "Roofers", directory, {
        number: "GL-59",
        end: addDays(TODAY, 59),
      });
      const { lead, operator } = bound;
      // Not a renewal: the first request, bound.
      expect(
        await renewAsIs(db, { ...lead.request, renewsBindRequestId: null }, operator.id, TODAY),
      ).toEqual({ outcome: "closed" });
      expect(await sendDueRenewalReminders(db, TODAY, SENDING)).toBe(2);
      const policy = await latestBoundPolicy(db, lead.submissionId);
      const opened = await db
        .selectFrom("quote_requests")
        .select(["id", "reference", "renews_bind_request_id"])
        .where("renews_bind_request_id", "=", policy?.bind.id ?? "")
        .executeTakeFirstOrThrow();
      const request = {
        id: opened.id,
        submissionId: lead.submissionId,
        reference: opened.reference,
        renewsBindRequestId: opened.renews_bind_request_id,
      };
      const copied = await renewAsIs(db, request, operator.id, TODAY);
      expect(copied.outcome).toBe("saved");
      const quotes = await db
        .selectFrom("insurer_quotes")
        .select(["insurer", "status", "premium_cents", "created_by"])
        .select((eb) => eb.fn<string>("to_char", ["term_start", eb.val("YYYY-MM-DD")]).as("start"))
        .where("quote_request_id", "=", opened.id)
        .execute();
      expect(quotes).toEqual([
        {
          insurer: "Acme Mutual",
          status: "draft",
          premium_cents: expect.anything(),
          created_by: operator.id,
          start: addDays(TODAY, 59),
        },
      ]);
      expect(Number(quotes[0]?.premium_cents)).toBeGreaterThan(0);
      // Not twice.
      expect(await renewAsIs(db, request, operator.id, TODAY)).toEqual({ outcome: "already" });
      // A request renewing nothing has nothing to copy.
      expect(
        await renewAsIs(db, { ...request, renewsBindRequestId: null }, operator.id, TODAY),
      ).toEqual({ outcome: "not-renewal" });
      const entry = await db
        .selectFrom("lead_activities")
        .select(["body", "operator_id"])
        .where("submission_id", "=", lead.submissionId)
        .where("body", "like", "%renew as is%")
        .executeTakeFirstOrThrow();
      expect(entry).toEqual({
        body: expect.stringContaining(
          `${opened.reference}: renew as is, last term's quote on policy GL-59 copied as a draft`,
        ),
        operator_id: operator.id,
      });
    });
  });
});
