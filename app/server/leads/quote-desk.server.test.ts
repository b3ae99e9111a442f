import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import { afterAll, describe, expect, it } from "vitest";

import { testDatabaseKinds, withDatabase } from "#tests/support/databases.ts";
import {
  daysFromToday,
  deskQuoteForm,
  leadWithPolicy,
  leadWithRequest,
} from "#tests/support/lead-fixtures.ts";

import { policyMessages } from "#app/domain/quote/bind-requests.ts";
import { certificateDeskMessages } from "#app/domain/quote/certificates.ts";
import { quoteFormMessages } from "#app/domain/quote/insurer-quotes.ts";
import { documentMessages } from "#app/domain/quote/request-documents.ts";
import { SAMPLE_AGENCY } from "#app/domain/site/agency.ts";
import { dayIn } from "#app/domain/values/time-zones.ts";
import { createOperator } from "#app/server/admin/operators.server.ts";
import { createServices } from "#app/server/create-services.server.ts";
import type { Database } from "#app/server/db/database.server.ts";
import { parseEnv } from "#app/server/env.server.ts";
import {
  listCertificateRequests,
  requestCertificate,
} from "#app/server/leads/certificate-store.server.ts";
import { listRequestDocuments } from "#app/server/leads/document-store.server.ts";
import { listInsurerQuotes } from "#app/server/leads/insurer-quote-store.server.ts";
import { workOnQuoteRequest, type QuoteDesk } from "#app/server/leads/quote-desk.server.ts";

/** Where the fixtures' policy PDFs go on their way in. */
const directory = mkdtempSync(path.join(tmpdir(), "coverpilot-quote-desk-files-"));
afterAll(() => rmSync(directory, { recursive: true, force: true }));

/** The desk's quote form for general liability, as a browser posts it. */
const QUOTE_FORM = deskQuoteForm("Acme Mutual", "bindable", "2,400.50");

/** A post of `fields` as a form without a file. */
function formPost(fields: Record<string, string>): Request {
  return new Request("http://desk.example/admin/submissions/x/quotes", {
    method: "POST",
    body: new URLSearchParams(fields),
  });
}

/** A post of `fields` and one file, as a multipart form. */
function uploadPost(fields: Record<string, string>, bytes: Buffer, name: string): Request {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.set(key, value);
  form.set("file", new Blob([new Uint8Array(bytes)]), name);
  return new Request("http://desk.example/admin/submissions/x/quotes", {
    method: "POST",
    body: form,
  });
}

/** An operator at the desk of a lead's quote request (lead-fixtures.ts). */
async function deskFor(database: Database): Promise<QuoteDesk> {
  const { db } = database;
  const operator = await createOperator(db, "desk@agency.example", "a long enough password");
  const lead = await leadWithRequest(db, "Bakers", "2026-11-20T15:00:00Z");
  return {
    services: createServices(
      parseEnv({ DATA_DIR: mkdtempSync(path.join(tmpdir(), "coverpilot-quote-desk-")) }),
      database,
    ),
    operatorId: operator.id,
    agency: { ...SAMPLE_AGENCY, sample: true },
    request: { ...lead.request, lines: ["general-liability", "workers-comp"] },
    visitor: { email: lead.email, firstName: "Ana", businessName: "Roofers", language: "en" },
  };
}

describe.each(testDatabaseKinds)("the desk's work on a quote request on $name", (kind) => {
  it("takes a quote's subjectivities from its form, and marks one received, then outstanding again", async () => {
    await withDatabase(kind.open, async (database) => {
      const desk = await deskFor(database);
      const form = {
        ...QUOTE_FORM,
        "subjectivity1.text": "Signed application",
        "subjectivity1.timing": "before-binding",
        "subjectivity1.due": daysFromToday(-1),
        "subjectivity2.text": "Loss runs",
        "subjectivity2.timing": "after-binding",
        "subjectivity2.due": daysFromToday(20),
      };
      expect(await workOnQuoteRequest(desk, formPost(form))).toEqual({
        outcome: "saved",
        emailed: true,
      });
      const [quote] = await listInsurerQuotes(database.db, desk.request.id);
      const mark = (index: string, received: string) =>
        workOnQuoteRequest(
          desk,
          formPost({ intent: "subjectivity", id: quote!.id, index, received }),
        );
      expect(await mark("0", "yes")).toEqual({
        outcome: "saved",
        emailed: true,
        anchor: "subjectivities",
      });
      const received = await listInsurerQuotes(database.db, desk.request.id);
      // Received on the agency's day.
      expect(received[0]?.subjectivities.map((entry) => entry.receivedOn)).toEqual([
        dayIn(new Date(), desk.services.env.AGENCY_TIME_ZONE),
        null,
      ]);
      await mark("0", "no");
      const again = await listInsurerQuotes(database.db, desk.request.id);
      expect(again[0]?.subjectivities.map((entry) => entry.receivedOn)).toEqual([null, null]);
      // A place the quote has not, or a value the page never sends: nothing changes.
      expect(await mark("5", "yes")).toMatchObject({ outcome: "refused", status: 404 });
      expect(await mark("0", "maybe")).toEqual({ outcome: "bad-request" });
    });
  });

  it("for an application whose email is not proven, asks and publishes but emails nothing, and says why", async () => {
    await withDatabase(kind.open, async (database) => {
      const desk = await deskFor(database);
      await database.db
        .updateTable("business_wizard_submissions")
        .set({ email_not_proven: true })
        .where("id", "=", desk.request.submissionId)
        .execute();
      await workOnQuoteRequest(desk, formPost(QUOTE_FORM));
      expect(
        await workOnQuoteRequest(desk, formPost({ intent: "ask", question: "How many roofers?" })),
      ).toEqual({ outcome: "saved", emailed: false, held: "unproven", anchor: "questions" });
      expect(await workOnQuoteRequest(desk, formPost({ intent: "publish" }))).toEqual({
        outcome: "saved",
        emailed: false,
        held: "unproven",
      });
      // Nothing the outbox would send: both emails are held, each on the timeline as not sent.
      expect(
        await database.db.selectFrom("outbox").select(["held"]).orderBy("id").execute(),
      ).toEqual([{ held: "unproven" }, { held: "unproven" }]);
      const notSent = await database.db
        .selectFrom("lead_activities")
        .select("body")
        .where("kind", "=", "not-sent")
        .orderBy("id")
        .execute();
      expect(notSent.map((row) => row.body.split(":")[0])).toEqual([
        '"Your agent has a question (CP-BAKERS)"',
        '"Your quotes are ready (CP-BAKERS)"',
      ]);
    });
  });

  it("keeps a valid quote, and refuses an invalid one with its messages and what was typed", async () => {
    await withDatabase(kind.open, async (database) => {
      const desk = await deskFor(database);
      const refused = await workOnQuoteRequest(
        desk,
        formPost({ ...QUOTE_FORM, premium: "a lot", insurer: "Beacon" }),
      );
      expect(refused).toMatchObject({
        outcome: "refused",
        status: 400,
        reply: { formId: "new", typed: { insurer: "Beacon", premium: "a lot" } },
      });
      if (refused.outcome !== "refused") return;
      expect(refused.reply.fields.premium?.length).toBeGreaterThan(0);
      expect(await listInsurerQuotes(database.db, desk.request.id)).toEqual([]);

      expect(await workOnQuoteRequest(desk, formPost(QUOTE_FORM))).toEqual({
        outcome: "saved",
        emailed: true,
      });
      const [quote] = await listInsurerQuotes(database.db, desk.request.id);
      expect(quote).toMatchObject({ insurer: "Acme Mutual", premiumCents: 240_050 });
    });
  });

  it("says why publishing, withdrawing or an unknown form did nothing", async () => {
    await withDatabase(kind.open, async (database) => {
      const desk = await deskFor(database);
      expect(await workOnQuoteRequest(desk, formPost({ intent: "publish" }))).toEqual({
        outcome: "refused",
        status: 409,
        reply: {
          formId: "publish",
          typed: {},
          fields: {},
          problem: quoteFormMessages.nothingToPublish,
        },
      });
      const withdrawn = await workOnQuoteRequest(
        desk,
        formPost({ intent: "withdraw", id: "00000000-0000-4000-8000-000000000000" }),
      );
      expect(withdrawn).toMatchObject({
        outcome: "refused",
        status: 404,
        reply: { formId: "list", problem: quoteFormMessages.notFound },
      });
      expect(await workOnQuoteRequest(desk, formPost({ intent: "shred" }))).toEqual({
        outcome: "bad-request",
      });
    });
  });

  it("adds a new quote with the insurer's PDF from the first form, or refuses both", async () => {
    await withDatabase(kind.open, async (database) => {
      const desk = await deskFor(database);
      // A note longer than a kilobyte, as the form allows: it arrives whole beside the file.
      const notes = "Excludes roofing work over three stories. ".repeat(40).trim();
      const form = { ...QUOTE_FORM, notes };
      const notPdf = await workOnQuoteRequest(
        desk,
        uploadPost(form, Buffer.from("MZ not a pdf"), "quote.pdf"),
      );
      expect(notPdf).toMatchObject({
        outcome: "refused",
        status: 415,
        reply: {
          formId: "new",
          typed: { insurer: "Acme Mutual" },
          problem: documentMessages().notPdf,
        },
      });
      expect(await listInsurerQuotes(database.db, desk.request.id)).toEqual([]);

      const pdf = Buffer.from("%PDF-1.4\n% the quote\n%%EOF\n");
      expect(await workOnQuoteRequest(desk, uploadPost(form, pdf, "acme.pdf"))).toEqual({
        outcome: "saved",
        emailed: true,
      });
      const [quote] = await listInsurerQuotes(database.db, desk.request.id);
      expect(quote).toMatchObject({ insurer: "Acme Mutual", notes });
      const [filed] = await listRequestDocuments(database.db, desk.request.id);
      expect(filed).toMatchObject({ fileName: "acme.pdf", insurerQuoteId: quote!.id });

      // The file input left empty: the quote alone.
      const empty = await workOnQuoteRequest(
        desk,
        uploadPost({ ...QUOTE_FORM, insurer: "Beacon" }, Buffer.alloc(0), ""),
      );
      expect(empty).toEqual({ outcome: "saved", emailed: true });
      expect((await listInsurerQuotes(database.db, desk.request.id)).length).toBe(2);
      expect((await listRequestDocuments(database.db, desk.request.id)).length).toBe(1);
    });
  });

  it("files only a PDF, and marks bound only a request the visitor asked to bind", async () => {
    await withDatabase(kind.open, async (database) => {
      const desk = await deskFor(database);
      await workOnQuoteRequest(desk, formPost(QUOTE_FORM));
      const [quote] = await listInsurerQuotes(database.db, desk.request.id);
      const pdf = Buffer.from("%PDF-1.4\n% the quote\n%%EOF\n");
      const notPdf = await workOnQuoteRequest(
        desk,
        uploadPost({ intent: "document", id: quote!.id }, Buffer.from("MZ not a pdf"), "quote.pdf"),
      );
      expect(notPdf).toMatchObject({
        outcome: "refused",
        status: 415,
        reply: { formId: "document", problem: documentMessages().notPdf },
      });
      expect(await listRequestDocuments(database.db, desk.request.id)).toEqual([]);
      expect(
        await workOnQuoteRequest(
          desk,
          uploadPost({ intent: "document", id: quote!.id }, pdf, "acme.pdf"),
        ),
      ).toEqual({ outcome: "saved", emailed: true, edit: quote!.id });
      const [filed] = await listRequestDocuments(database.db, desk.request.id);
      expect(filed).toMatchObject({ fileName: "acme.pdf", insurerQuoteId: quote!.id });

      const bind = {
        intent: "bind",
        binderNumber: "B-1",
        binderEffective: daysFromToday(30),
        binderExpires: daysFromToday(60),
      };
      expect(await workOnQuoteRequest(desk, formPost(bind))).toMatchObject({
        outcome: "refused",
        status: 409,
        reply: {
          formId: "bind",
          typed: { binderNumber: "B-1" },
          problem: policyMessages.noRequest,
        },
      });
      const policy = {
        intent: "policy",
        policyNumber: "GL-1",
        policyStart: daysFromToday(30),
        policyEnd: daysFromToday(395),
      };
      expect(await workOnQuoteRequest(desk, uploadPost(policy, pdf, "policy.pdf"))).toMatchObject({
        outcome: "refused",
        status: 409,
        reply: {
          formId: "policy",
          typed: { policyNumber: "GL-1" },
          problem: policyMessages.noRequest,
        },
      });
    });
  });

  it("issues a certificate with its PDF only, on this lead's own requests", async () => {
    await withDatabase(kind.open, async (database) => {
      const desk = await deskFor(database);
      const policy = await leadWithPolicy(database.db, "Roofers", directory);
      const asked = await requestCertificate(database.db, policy.lead.submissionId, {
        holderName: "Summit Builders LLC",
        holderAddress: "1 Main St\nColumbus, OH 43215",
        holderEmail: undefined,
        additionalInsured: true,
        waiverOfSubrogation: false,
        primaryNonContributory: false,
        job: "Roof at 5 Elm St",
        neededBy: daysFromToday(10),
      });
      if (asked.outcome !== "requested") throw new Error("not requested");
      const roofers: QuoteDesk = {
        ...desk,
        operatorId: policy.operator.id,
        request: { ...policy.lead.request, lines: ["general-liability"] },
      };
      const pdf = Buffer.from("%PDF-1.4\n% the certificate\n%%EOF\n");
      const formId = `certificate-${asked.id}`;
      // No file, not a PDF, another lead's page: each refused, nothing issued.
      const noFile = new FormData();
      noFile.set("intent", "certificate");
      noFile.set("id", asked.id);
      expect(
        await workOnQuoteRequest(
          roofers,
          new Request("http://desk.example/admin/submissions/x/quotes", {
            method: "POST",
            body: noFile,
          }),
        ),
      ).toMatchObject({
        outcome: "refused",
        status: 400,
        reply: { formId, problem: certificateDeskMessages.pdf },
      });
      expect(
        await workOnQuoteRequest(
          roofers,
          uploadPost({ intent: "certificate", id: asked.id }, Buffer.from("GIF89a"), "c.pdf"),
        ),
      ).toMatchObject({
        outcome: "refused",
        status: 415,
        reply: { formId, problem: documentMessages().notPdf },
      });
      expect(
        await workOnQuoteRequest(
          desk,
          uploadPost({ intent: "certificate", id: asked.id }, pdf, "certificate.pdf"),
        ),
      ).toMatchObject({
        outcome: "refused",
        status: 404,
        reply: { formId: "list", problem: certificateDeskMessages.notFound },
      });
      const [waiting] = await listCertificateRequests(database.db, policy.lead.submissionId);
      expect(waiting?.status).toBe("requested");

      expect(
        await workOnQuoteRequest(
          roofers,
          uploadPost({ intent: "certificate", id: asked.id }, pdf, "certificate.pdf"),
        ),
      ).toEqual({ outcome: "saved", emailed: true, anchor: "certificates" });
      const [issued] = await listCertificateRequests(database.db, policy.lead.submissionId);
      expect(issued).toMatchObject({ status: "issued", issued: { fileName: "certificate.pdf" } });
    });
  });
});
