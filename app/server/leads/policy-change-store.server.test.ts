import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

import { RouterContextProvider } from "react-router";
import { afterAll, describe, expect, it } from "vitest";

import { testDatabaseKinds, withDatabase } from "#tests/support/databases.ts";
import { leadWithPolicy, leadWithRequest } from "#tests/support/lead-fixtures.ts";

import { LEAD_RECORD_SCHEMA_VERSION, leadRecordSchema } from "#app/domain/leads/lead-record.ts";
import {
  customerChangeText,
  policyChangeFormSchema,
  type PolicyChangeDetails,
} from "#app/domain/quote/policy-changes.ts";
import { operatorContext } from "#app/server/admin/admin-auth.server.ts";
import { createServices } from "#app/server/create-services.server.ts";
import type { Database, Db } from "#app/server/db/database.server.ts";
import { parseEnv } from "#app/server/env.server.ts";
import { leadRecord } from "#app/server/leads/lead-records.server.ts";
import { notifyChangeRequest } from "#app/server/leads/lead-notifications.server.ts";
import { listWaiting, markHandled } from "#app/server/leads/needs-action.server.ts";
import {
  listChangeRequests,
  listPolicyChanges,
  requestPolicyChange,
} from "#app/server/leads/policy-change-store.server.ts";
import { servicesContext } from "#app/server/services.server.ts";

import * as deskPolicyPage from "#app/routes/admin/submission-policy.tsx";

const directory = mkdtempSync(join(tmpdir(), "policy-change-store-test-"));
afterAll(() => rmSync(directory, { recursive: true, force: true }));

/** Each kind's form as the desk posts it, and what it keeps. */
const FORMS: Array<{ posted: Record<string, string>; kept: PolicyChangeDetails }> = [
  {
    posted: {
      kind: "endorsement",
      description: "Added the 2024 Ford Transit VIN 1FTBR1C8XRKA12345",
      effectiveOn: "2027-03-01",
      premiumChange: "+412.50",
      showCustomer: "on",
    },
    kept: {
      kind: "endorsement",
      description: "Added the 2024 Ford Transit VIN 1FTBR1C8XRKA12345",
      effectiveOn: "2027-03-01",
      premiumChange: 41250,
    },
  },
  {
    posted: {
      kind: "cancellation",
      requestedBy: "insured",
      reason: "Business sold",
      effectiveOn: "2027-06-30",
      returnPremium: "1,200",
      showCustomer: "on",
    },
    kept: {
      kind: "cancellation",
      requestedBy: "insured",
      reason: "Business sold",
      effectiveOn: "2027-06-30",
      returnPremium: 120000,
    },
  },
  {
    posted: {
      kind: "renewal-notice",
      notice: "non-renewal",
      receivedOn: "2027-10-01",
      effectiveOn: "2028-01-01",
      reason: "The insurer leaves roofing",
    },
    kept: {
      kind: "renewal-notice",
      notice: "non-renewal",
      receivedOn: "2027-10-01",
      effectiveOn: "2028-01-01",
      reason: "The insurer leaves roofing",
    },
  },
  {
    posted: {
      kind: "premium-audit",
      dueOn: "2028-02-15",
      result: "return",
      amount: "310",
      showCustomer: "on",
    },
    kept: { kind: "premium-audit", dueOn: "2028-02-15", result: "return", amount: 31000 },
  },
  {
    posted: {
      kind: "missed-payment",
      noticeOn: "2027-04-02",
      amountDue: "250.75",
      cancelOn: "2027-04-20",
      showCustomer: "on",
    },
    kept: {
      kind: "missed-payment",
      noticeOn: "2027-04-02",
      amountDue: 25075,
      cancelOn: "2027-04-20",
    },
  },
];

function services(database: Database) {
  return createServices(
    parseEnv({
      SESSION_SECRET: "a-test-secret-that-is-long-enough-0123",
      DATA_DIR: directory,
      SITE_URL: "https://www.coverpilot.example",
      LEAD_NOTIFY_TO: "desk@agency.example",
      LEAD_WEBHOOK_URL: "https://hooks.agency.example/leads",
      LEAD_WEBHOOK_SECRET: "a-webhook-secret-long-enough",
    }),
    database,
  );
}

/** Posts `fields` to the desk's policy page of `submissionId` as `operator`. */
async function postDesk(
  database: Database,
  operator: { id: string; email: string },
  submissionId: string,
  fields: Record<string, string>,
) {
  const context = new RouterContextProvider();
  context.set(servicesContext, services(database));
  context.set(operatorContext, { ...operator, role: "agent" });
  const request = new Request(
    `https://www.coverpilot.example/admin/submissions/${submissionId}/policy`,
    {
      method: "POST",
      body: new URLSearchParams(fields),
    },
  );
  // The route's Args carry the framework's own fields (matches, url...), which the action does not
  // read: only these three are given.
  return deskPolicyPage.action({
    context,
    params: { id: submissionId },
    request,
  } as unknown as Parameters<typeof deskPolicyPage.action>[0]);
}

async function events(db: Db, submissionId: string) {
  const rows = await db
    .selectFrom("webhook_deliveries")
    .select(["event", "body"])
    .where("submission_id", "=", submissionId)
    .orderBy("created_at")
    .execute();
  return rows.map((row) => ({ event: row.event, body: JSON.parse(row.body) as unknown }));
}

const day = (value: string) => `day ${value}`;

describe.each(testDatabaseKinds)("changes and notices on a bound policy, on $name", (kind) => {
  it("keeps each kind exactly, with who and when; the customer sees only those shown", async () => {
    await withDatabase(kind.open, async (database) => {
      const { db } = database;
      const { lead, operator } = await leadWithPolicy(db, "Roofers", directory);
      for (const form of FORMS) {
        const answer = await postDesk(database, operator, lead.submissionId, form.posted);
        expect(answer).toBeInstanceOf(Response);
        expect((answer as Response).headers.get("Location")).toBe(
          `/admin/submissions/${lead.submissionId}/policy?saved=${form.kept.kind}`,
        );
      }
      const all = await listPolicyChanges(db, lead.submissionId);
      expect(all.map((change) => change.details)).toEqual(FORMS.map((form) => form.kept).reverse());
      expect(all.every((change) => change.recordedBy === operator.email)).toBe(true);
      const shown = await listPolicyChanges(db, lead.submissionId, { shownOnly: true });
      expect(shown.map((change) => change.details.kind)).toEqual([
        "missed-payment",
        "premium-audit",
        "cancellation",
        "endorsement",
      ]);
      // The timeline names the operator and the change (the audit trail).
      const timeline = await db
        .selectFrom("lead_activities")
        .select(["operator_id", "body"])
        .where("submission_id", "=", lead.submissionId)
        .where("kind", "=", "policy-change")
        .orderBy("created_at")
        .execute();
      expect(timeline).toHaveLength(5);
      expect(timeline.every((entry) => entry.operator_id === operator.id)).toBe(true);
      expect(timeline[1]?.body).toBe(
        "Policy GL-1: Cancellation asked by the insured, effective 2027-06-30: Business sold (return premium $1,200) (shown to the customer)",
      );
      // Each kind's webhook event, with the change as kept.
      const sent = await events(db, lead.submissionId);
      expect(sent.map((delivery) => delivery.event)).toEqual([
        "policy.endorsed",
        "policy.cancelled",
        "policy.renewal_notice_received",
        "policy.audited",
        "policy.payment_missed",
      ]);
      expect(sent[0]?.body).toMatchObject({
        detail: { policyChange: { policyNumber: "GL-1", change: FORMS[0]?.kept } },
      });

      // What the customer reads: plain words with the days and amounts.
      expect(customerChangeText(FORMS[1]!.kept, day, "en").text).toBe(
        "Your policy is cancelled from day 2027-06-30: from that day it no longer covers your business. The insurer states a return premium of $1,200; ask an agent when and how it is paid.",
      );
      expect(customerChangeText(FORMS[4]!.kept, day, "es").text).toBe(
        "La aseguradora informa que falta un pago: se deben $250.75. Si no se paga, la aseguradora cancela su póliza el day 2027-04-20, y desde ese día su negocio no tiene cobertura. Pregunte a un agente cómo pagar.",
      );
      expect(customerChangeText(FORMS[0]!.kept, day, "en").text).toBe(
        "From day 2027-03-01: Added the 2024 Ford Transit VIN 1FTBR1C8XRKA12345. The insurer's premium goes up by $412.50.",
      );
    });
  });

  it("refuses a form that does not fit its kind, and keeps nothing", async () => {
    await withDatabase(kind.open, async (database) => {
      const { lead, operator } = await leadWithPolicy(database.db, "Glaziers", directory);
      const refused = await postDesk(database, operator, lead.submissionId, {
        kind: "premium-audit",
        dueOn: "2028-02-15",
        result: "additional",
        amount: "",
      });
      expect(refused).toMatchObject({ init: { status: 400 } });
      expect(
        policyChangeFormSchema.safeParse({ kind: "cancellation", requestedBy: "neighbour" })
          .success,
      ).toBe(false);
      expect(
        policyChangeFormSchema.safeParse({
          kind: "endorsement",
          description: "x".repeat(1001),
          effectiveOn: "2027-01-01",
          premiumChange: "0",
        }).success,
      ).toBe(false);
      expect(await listPolicyChanges(database.db, lead.submissionId)).toEqual([]);
    });
  });

  it("a customer's change request waits in Needs action, alerts the agency, until done", async () => {
    await withDatabase(kind.open, async (database) => {
      const { db } = database;
      const unbound = await leadWithRequest(db, "Bakers", "2026-11-20T15:00:00Z");
      expect(
        await requestPolicyChange(db, unbound.submissionId, { kind: "vehicle", details: "A van" }),
      ).toEqual({ outcome: "not-bound" });

      const { lead, operator } = await leadWithPolicy(db, "Roofers", directory);
      const form = {
        kind: "vehicle" as const,
        details: "2024 Ford Transit\nVIN 1FTBR1C8XRKA12345",
      };
      const asked = await requestPolicyChange(db, lead.submissionId, form);
      expect(asked).toEqual({
        outcome: "requested",
        reference: "CP-ROOFER-R1",
        policyNumber: "GL-1",
        repeated: false,
      });
      expect(await requestPolicyChange(db, lead.submissionId, form)).toEqual({
        ...asked,
        repeated: true,
      });
      const second = await requestPolicyChange(db, lead.submissionId, {
        kind: "employees",
        details: "Now 12 full-time",
      });
      expect(second).toMatchObject({ reference: "CP-ROOFER-R2" });

      // The agency's alert, through the lead notification path.
      const app = services(database);
      await notifyChangeRequest(app, {
        submissionId: lead.submissionId,
        businessName: "Roofers",
        reference: "CP-ROOFER-R1",
        policyNumber: "GL-1",
        kind: "Add a vehicle",
        details: form.details,
      });
      const alerts = await db
        .selectFrom("outbox")
        .select(["recipients", "subject", "text_body"])
        .where("subject", "like", "Change request%")
        .execute();
      expect(alerts).toHaveLength(1);
      expect(alerts[0]).toMatchObject({
        recipients: ["desk@agency.example"],
        subject: "Change request: CP-ROOFER-R1, Add a vehicle",
      });
      expect(alerts[0]?.text_body).toContain("VIN 1FTBR1C8XRKA12345");

      const waiting = (await listWaiting(db)).filter((item) => item.kind === "change");
      expect(waiting.map((item) => item.reference)).toEqual(["CP-ROOFER-R1", "CP-ROOFER-R2"]);
      const [first, other] = waiting;

      // Marked done from Needs action: it leaves the list, the timeline says who.
      expect(await markHandled(db, { kind: "change", id: other!.id }, operator.id)).toBe(true);
      expect(await markHandled(db, { kind: "change", id: other!.id }, operator.id)).toBe(false);

      // Answered by the endorsement the desk records.
      const answer = await postDesk(database, operator, lead.submissionId, {
        ...FORMS[0]!.posted,
        answers: first!.id,
      });
      expect((answer as Response).status).toBe(302);
      expect((await listWaiting(db)).filter((item) => item.kind === "change")).toEqual([]);
      const requests = await listChangeRequests(db, lead.submissionId);
      expect(requests.map((request) => [request.reference, request.done?.by])).toEqual([
        ["CP-ROOFER-R2", operator.email],
        ["CP-ROOFER-R1", operator.email],
      ]);
      const [endorsement] = await listPolicyChanges(db, lead.submissionId);
      expect(endorsement?.answers).toBe("CP-ROOFER-R1");
      expect(requests[1]?.done?.change).toBe(endorsement?.id);
      expect((await events(db, lead.submissionId)).map((delivery) => delivery.event)).toEqual([
        "policy.endorsed",
        "change_request.done",
      ]);

      // The lead record carries both, as its schema says.
      const record = await leadRecord(db, lead.submissionId);
      expect(leadRecordSchema.parse(record)).toEqual(record);
      expect(record?.schemaVersion).toBe(LEAD_RECORD_SCHEMA_VERSION);
      expect(record?.policyChanges).toEqual([
        {
          id: endorsement?.id,
          policyNumber: "GL-1",
          recordedAt: endorsement?.recordedAt.toISOString(),
          shownToCustomer: true,
          change: FORMS[0]?.kept,
        },
      ]);
      expect(record?.changeRequests.map((request) => [request.reference, request.kind])).toEqual([
        ["CP-ROOFER-R2", "employees"],
        ["CP-ROOFER-R1", "vehicle"],
      ]);
      expect(record?.changeRequests[1]).toMatchObject({
        details: form.details,
        policyNumber: "GL-1",
      });
    });
  });
});
