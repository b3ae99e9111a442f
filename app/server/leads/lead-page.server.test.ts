import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import { sql } from "kysely";
import { describe, expect, it } from "vitest";

import { testDatabaseKinds, withDatabase } from "#tests/support/databases.ts";
import { leadWithRequest } from "#tests/support/lead-fixtures.ts";

import { SAMPLE_AGENCY } from "#app/domain/site/agency.ts";
import { createOperator } from "#app/server/admin/operators.server.ts";
import { createServices } from "#app/server/create-services.server.ts";
import type { Database } from "#app/server/db/database.server.ts";
import { parseEnv } from "#app/server/env.server.ts";
import { getSubmission } from "#app/server/leads/leads.server.ts";
import { saveTemplate } from "#app/server/leads/lead-emails.server.ts";
import { recordProducerOfRecord } from "#app/server/admin/producers.server.ts";
import { leadPageRecords, workOnLead, type LeadDesk } from "#app/server/leads/lead-page.server.ts";

/** A form as a browser posts it. */
function formOf(fields: Record<string, string>): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.set(key, value);
  return form;
}

/** An operator at the page of a lead with a quote request (lead-fixtures.ts). */
async function deskFor(database: Database): Promise<LeadDesk> {
  const { db } = database;
  const operator = await createOperator(db, "desk@agency.example", "a long enough password");
  const lead = await leadWithRequest(db, "Bakers", "2026-11-20T15:00:00Z");
  return {
    services: createServices(
      parseEnv({ DATA_DIR: mkdtempSync(path.join(tmpdir(), "coverpilot-lead-page-")) }),
      database,
    ),
    operatorId: operator.id,
    agency: { ...SAMPLE_AGENCY, sample: true },
    lead: (await getSubmission(db, lead.submissionId))!,
  };
}

describe.each(testDatabaseKinds)("the lead page's forms on $name", (kind) => {
  it("sets the next action and the page confirms it with the timeline's entry", async () => {
    await withDatabase(kind.open, async (database) => {
      const desk = await deskFor(database);
      const answer = await workOnLead(
        desk,
        formOf({ intent: "next-action", action: "Call about the ZIP", due: "2026-12-01" }),
      );
      expect(answer).toEqual({ outcome: "saved", kind: "next-action" });
      const page = await leadPageRecords(desk.services, desk.agency, desk.lead, {
        template: null,
        saved: "next-action",
      });
      expect(page.work.nextAction).toBe("Call about the ZIP");
      expect(page.work.nextActionDue).toBe("2026-12-01");
      expect(page.saved?.kind).toBe("next-action");
      expect(page.request?.reference).toBe("CP-BAKERS");
    });
  });

  it("names the request's licensed producer of record once one acted", async () => {
    await withDatabase(kind.open, async (database) => {
      const desk = await deskFor(database);
      const read = () =>
        leadPageRecords(desk.services, desk.agency, desk.lead, { template: null, saved: null });
      expect((await read()).request?.producer).toBeNull();
      const requestId = (await read()).request?.id ?? "";
      await recordProducerOfRecord(database.db, requestId, desk.operatorId, {
        name: "Dana Reyes",
        state: "OH",
        licenseNumber: "OH-1111",
      });
      expect((await read()).request?.producer).toBe("Dana Reyes, Ohio licence OH-1111");
      expect((await read()).requests[0]?.producer).toBe("Dana Reyes, Ohio licence OH-1111");
    });
  });

  it("opens a new request for the customer once none is open, listed with the first (issue 56)", async () => {
    await withDatabase(kind.open, async (database) => {
      const desk = await deskFor(database);
      const read = () =>
        leadPageRecords(desk.services, desk.agency, desk.lead, { template: null, saved: "quote" });
      const auto = {
        intent: "open-request",
        lines: "commercial-auto",
        startDate: new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10),
        contactChannel: "phone",
        note: "Two vans",
      };
      // Without a line, each field's message; while the first request is open, refused.
      expect(await workOnLead(desk, formOf({ ...auto, lines: "" }))).toMatchObject({
        outcome: "refused",
        status: 400,
        errors: { intent: "open-request", fields: { lines: [expect.any(String)] } },
      });
      expect(await workOnLead(desk, formOf(auto))).toMatchObject({
        outcome: "refused",
        status: 409,
        errors: {
          form: "This customer's request CP-BAKERS is still open: quote it, bind it or mark it lost before opening another.",
        },
      });
      expect((await read()).requests).toHaveLength(1);
      await workOnLead(desk, formOf({ intent: "status", status: "bound" }));
      expect(await workOnLead(desk, formOf(auto))).toEqual({ outcome: "saved", kind: "quote" });
      const page = await read();
      expect(
        page.requests.map((request) => [request.reference, request.lines, request.status]),
      ).toEqual([
        ["CP-BAKERS", expect.any(Array), "Bound"],
        [expect.stringMatching(/^CP-/), ["Commercial Auto"], "New"],
      ]);
      expect(page.requests[1]?.href).toBe(
        `/admin/submissions/${desk.lead.id}/quotes?request=${page.requests[1]?.id}`,
      );
      expect(page.request?.reference).toBe(page.requests[1]?.reference);
      expect(page.request?.consentText).toMatch(/^Opened at the lead desk by an agent/);
      expect(page.saved?.body).toMatch(/: a new request opened at the desk for Commercial Auto$/);
      expect(page.saved?.by).toBe("desk@agency.example");
    });
  });

  it("offers a customer who applied in Spanish the Spanish templates first, filled in Spanish", async () => {
    await withDatabase(kind.open, async (database) => {
      const desk = await deskFor(database);
      const { db } = database;
      for (const [name, language, body] of [
        ["A question", "en", "Hello {first_name}, about {business_name}."],
        ["Una pregunta", "es", "Hola, {first_name}: sobre {business_name}."],
      ] as const) {
        await saveTemplate(db, { name, subject: name, body, language }, desk.operatorId);
      }
      // The language is the page's the application was sent from: no form changes it.
      await sql`UPDATE business_wizard_submissions SET language = 'es', first_name = NULL
        WHERE id = ${desk.lead.id}`.execute(db);
      const lead = (await getSubmission(db, desk.lead.id))!;
      const first = await leadPageRecords(desk.services, desk.agency, lead, {
        template: null,
        saved: null,
      });
      expect(first.emailing.language).toBe("es");
      expect(first.emailing.templates.map((template) => template.name)).toEqual([
        "Una pregunta (Spanish)",
        "A question (English)",
      ]);
      const chosen = await leadPageRecords(desk.services, desk.agency, lead, {
        template: first.emailing.templates[0]?.id ?? "",
        saved: null,
      });
      expect(chosen.emailing.chosen).toMatchObject({
        language: "es",
        body: expect.stringMatching(/^Hola, estimado cliente: sobre /),
      });
    });
  });

  it("refuses a next action without words, an owner who is not an operator and an unknown form", async () => {
    await withDatabase(kind.open, async (database) => {
      const desk = await deskFor(database);
      const empty = await workOnLead(desk, formOf({ intent: "next-action", due: "2026-12-01" }));
      expect(empty).toMatchObject({
        outcome: "refused",
        status: 400,
        errors: { intent: "next-action", fields: { action: ["Say what is to be done next"] } },
      });
      expect(
        await workOnLead(
          desk,
          formOf({ intent: "owner", owner: "00000000-0000-4000-8000-000000000000" }),
        ),
      ).toEqual({
        outcome: "refused",
        status: 400,
        errors: { intent: "owner", fields: {}, form: "Choose one of the operators, or nobody." },
      });
      expect(await workOnLead(desk, formOf({ intent: "delete-everything" }))).toMatchObject({
        outcome: "refused",
        errors: { form: "That form is not one of this page's." },
      });
      const page = await leadPageRecords(desk.services, desk.agency, desk.lead, {
        template: null,
        saved: null,
      });
      expect(page.work.nextAction).toBeNull();
      expect(page.work.ownerId).toBeNull();
    });
  });

  it("sends again only a webhook delivery of this lead", async () => {
    await withDatabase(kind.open, async (database) => {
      const desk = await deskFor(database);
      expect(
        await workOnLead(
          desk,
          formOf({ intent: "resend-webhook", deliveryId: "00000000-0000-4000-8000-000000000000" }),
        ),
      ).toEqual({
        outcome: "not-this-lead",
        error: "That delivery is not one of this submission's.",
      });
    });
  });
});
