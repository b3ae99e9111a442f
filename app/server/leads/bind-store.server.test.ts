import { createHash, randomBytes } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

import { afterAll, describe, expect, it } from "vitest";

import { testDatabaseKinds, withDatabase } from "#tests/support/databases.ts";
import { leadWithRequest, SAMPLE_QUOTE } from "#tests/support/lead-fixtures.ts";

import { bindStatements, esignConsentWords, keptConsent } from "#app/domain/quote/bind-requests.ts";
import { SAMPLE_AGENCY } from "#app/domain/site/agency.ts";
import { AGENCY_MAIL_LIMITS } from "#app/domain/site/mailbox.ts";
import { queueCappedEmail } from "#app/server/mail/outbox.server.ts";
import type { Db } from "#app/server/db/database.server.ts";
import { createOperator } from "#app/server/admin/operators.server.ts";
import { getProducerOfRecord, recordProducerOfRecord } from "#app/server/admin/producers.server.ts";
import type { ReceivedFile } from "#app/server/http/multipart-upload.server.ts";
import {
  addPolicy,
  declineBindRequest,
  getBindRequest,
  markBound,
  requestToBind,
} from "#app/server/leads/bind-store.server.ts";
import { linkDestination } from "#app/server/wizard/application-stage.server.ts";
import { listRequestDocuments } from "#app/server/leads/document-store.server.ts";
import {
  addInsurerQuote,
  publishInsurerQuotes,
  updateInsurerQuote,
} from "#app/server/leads/insurer-quote-store.server.ts";

const directory = mkdtempSync(join(tmpdir(), "bind-store-test-"));
afterAll(() => rmSync(directory, { recursive: true, force: true }));

function pdfFile(text = "%PDF-1.7 policy"): ReceivedFile {
  const bytes = Buffer.from(text);
  const path = join(directory, randomBytes(6).toString("hex"));
  writeFileSync(path, bytes);
  return {
    path,
    claimedName: "policy.pdf",
    byteSize: bytes.length,
    head: bytes.subarray(0, 8),
    sha256: createHash("sha256").update(bytes).digest("hex"),
  };
}

const AGENCY = { ...SAMPLE_AGENCY, sample: true };

const QUOTE = SAMPLE_QUOTE;

/** A lead with three published quotes: bindable, an estimate, and one that expired. */
async function quotedLead(db: Db) {
  const ana = await createOperator(db, "ana@agency.example", "a long enough password");
  const lead = await leadWithRequest(db, "Roofers", "2026-11-20T15:00:00Z", "contacted");
  const ids: string[] = [];
  for (const quote of [
    QUOTE,
    { ...QUOTE, insurer: "Beacon", kind: "estimate" as const },
    { ...QUOTE, insurer: "Cedar", validUntil: "2026-11-25" },
  ]) {
    const added = await addInsurerQuote(db, lead.request, quote, ana.id);
    if (added.outcome !== "saved") throw new Error("not added");
    ids.push(added.quoteId);
  }
  await publishInsurerQuotes(
    db,
    lead.request,
    { email: lead.email, firstName: "Ana" },
    { operatorId: ana.id, siteUrl: "https://coverpilot.example", agency: AGENCY, perHour: 10 },
  );
  return { ana, lead, ids };
}

const CHOICE = {
  payment: "monthly" as const,
  startDate: "2027-01-01",
  statements: bindStatements("Sample Agency", "Acme Mutual"),
  consent: keptConsent(esignConsentWords(SAMPLE_AGENCY), "electronic"),
  documentsBy: "electronic" as const,
  tria: "rejected" as const,
  signatureName: "Rosa Ridge",
};
const EVIDENCE = {
  clientAddress: "203.0.113.9",
  userAgent: "Mozilla/5.0 (test)",
  today: "2026-11-26",
};

describe.each(testDatabaseKinds)("requests to bind on $name", (kind) => {
  it("keeps the request with its evidence, once; the chosen quotes no longer change", async () => {
    await withDatabase(kind.open, async ({ db }) => {
      const { ana, lead, ids } = await quotedLead(db);
      const visitor = {
        email: lead.email,
        firstName: "Ana",
        language: "en" as const,
        agency: AGENCY,
        limits: AGENCY_MAIL_LIMITS,
      };
      const [acme, beacon, cedar] = ids as [string, string, string];
      expect(
        await requestToBind(db, lead.request, { ...CHOICE, quoteId: beacon }, EVIDENCE, visitor),
      ).toEqual({ outcome: "estimate" });
      expect(
        await requestToBind(db, lead.request, { ...CHOICE, quoteId: cedar }, EVIDENCE, visitor),
      ).toEqual({ outcome: "expired" });
      const other = await leadWithRequest(db, "Others", "2026-11-20T15:00:00Z");
      expect(
        await requestToBind(db, other.request, { ...CHOICE, quoteId: acme }, EVIDENCE, visitor),
      ).toEqual({ outcome: "not-found" });

      expect(
        await requestToBind(db, lead.request, { ...CHOICE, quoteId: acme }, EVIDENCE, visitor),
      ).toEqual({ outcome: "requested", reference: "CP-ROOFER-B" });
      // A replay, or another quote chosen after, finds the first and changes nothing.
      expect(
        await requestToBind(
          db,
          lead.request,
          { ...CHOICE, quoteId: acme, signatureName: "Someone Else" },
          EVIDENCE,
          visitor,
        ),
      ).toEqual({ outcome: "already", reference: "CP-ROOFER-B" });

      const bind = await getBindRequest(db, lead.request.id);
      expect(bind).toMatchObject({
        reference: "CP-ROOFER-B",
        insurerQuoteId: acme,
        payment: "monthly",
        startDate: "2027-01-01",
        signatureName: "Rosa Ridge",
        clientAddress: "203.0.113.9",
        userAgent: "Mozilla/5.0 (test)",
        status: "requested",
        policy: null,
        quoteSeen: { insurer: "Acme Mutual", premiumCents: 240_050, monthlyFeeCents: 900 },
      });
      expect(bind?.statements).toEqual(CHOICE.statements);
      const subjects = await db.selectFrom("outbox").select("subject").execute();
      expect(subjects.map((row) => row.subject)).toContain(
        "We have your request to bind (CP-ROOFER-B)",
      );
      // The quotes stay as they were chosen.
      expect(
        await updateInsurerQuote(db, lead.request, acme, { ...QUOTE, premiumCents: 1 }, ana.id),
      ).toEqual({ outcome: "chosen" });
    });
  });

  it("confirms the request to a customer whose inbox had its visitor emails; held, the desk sees it", async () => {
    await withDatabase(kind.open, async ({ db }) => {
      const { lead, ids } = await quotedLead(db);
      // The inbox's visitor emails of the hour are used up (confirmations, a stranger's...).
      for (const n of [1, 2, 3]) {
        await queueCappedEmail(
          db,
          lead.email,
          { subject: `Visitor ${n}`, text: "x", html: "x" },
          3,
        );
      }
      const visitor = {
        email: lead.email,
        firstName: "Ana",
        language: "en" as const,
        agency: AGENCY,
      };
      const asked = await requestToBind(
        db,
        lead.request,
        { ...CHOICE, quoteId: ids[0] ?? "" },
        EVIDENCE,
        { ...visitor, limits: AGENCY_MAIL_LIMITS },
      );
      expect(asked).toEqual({ outcome: "requested", reference: "CP-ROOFER-B" });
      const confirmation = await db
        .selectFrom("outbox")
        .select(["held"])
        .where("subject", "=", "We have your request to bind (CP-ROOFER-B)")
        .executeTakeFirst();
      expect(confirmation).toEqual({ held: null });
    });
  });

  it("keeps the confirmation held past the desk's hourly limit, and the timeline says so", async () => {
    await withDatabase(kind.open, async ({ db }) => {
      const { lead, ids } = await quotedLead(db);
      const visitor = {
        email: lead.email,
        firstName: "Ana",
        language: "en" as const,
        agency: AGENCY,
      };
      const noneLeft = { perOperatorPerHour: 100, perHour: 0 };
      expect(
        await requestToBind(db, lead.request, { ...CHOICE, quoteId: ids[0] ?? "" }, EVIDENCE, {
          ...visitor,
          limits: noneLeft,
        }),
      ).toEqual({ outcome: "requested", reference: "CP-ROOFER-B" });
      const confirmation = await db
        .selectFrom("outbox")
        .select(["held"])
        .where("subject", "=", "We have your request to bind (CP-ROOFER-B)")
        .executeTakeFirst();
      expect(confirmation).toEqual({ held: "limit" });
      const notSent = await db
        .selectFrom("lead_activities")
        .select("body")
        .where("submission_id", "=", lead.request.submissionId)
        .where("kind", "=", "not-sent")
        .execute();
      expect(notSent.map((row) => row.body).join()).toContain("request to bind");
    });
  });

  it("keeps the consent to sign electronically, in the words read, with the signature", async () => {
    await withDatabase(kind.open, async ({ db }) => {
      const { lead, ids } = await quotedLead(db);
      const words = esignConsentWords(SAMPLE_AGENCY, "es");
      await requestToBind(
        db,
        lead.request,
        {
          ...CHOICE,
          quoteId: ids[0] ?? "",
          consent: keptConsent(words, "paper"),
          documentsBy: "paper",
          tria: "accepted",
        },
        EVIDENCE,
        {
          email: lead.email,
          firstName: "Rosa",
          language: "es",
          agency: AGENCY,
          limits: AGENCY_MAIL_LIMITS,
        },
      );
      const row = await db
        .selectFrom("bind_requests")
        .select(["consent", "documents_by", "tria", "signature_name"])
        .executeTakeFirstOrThrow();
      expect(row).toEqual({
        consent: {
          disclosure: words.disclosure,
          agreement: words.agreement,
          documents: words.documents.paper,
        },
        documents_by: "paper",
        tria: "accepted",
        signature_name: "Rosa Ridge",
      });
      expect(words.agreement).toMatch(/^Acepto hacer trámites con .+ por medios electrónicos/);
      expect(words.documents.paper).toMatch(/^En papel, por correo postal/);
      const bind = await getBindRequest(db, lead.request.id);
      expect(bind).toMatchObject({ documentsBy: "paper", tria: "accepted" });
      expect(bind?.consent?.agreement).toBe(words.agreement);
    });
  });

  it("refuses a request that leaves the terrorism offer unanswered, and keeps nothing", async () => {
    await withDatabase(kind.open, async ({ db }) => {
      const { lead, ids } = await quotedLead(db);
      const refused = await requestToBind(
        db,
        lead.request,
        { ...CHOICE, quoteId: ids[0] ?? "", tria: undefined },
        EVIDENCE,
        {
          email: lead.email,
          firstName: "Rosa",
          language: "en",
          agency: AGENCY,
          limits: AGENCY_MAIL_LIMITS,
        },
      );
      expect(refused).toEqual({ outcome: "tria" });
      expect(await db.selectFrom("bind_requests").select("id").execute()).toEqual([]);
      expect(await getBindRequest(db, lead.request.id)).toBeUndefined();
    });
  });

  it("binds with the insurer's binder first, then the policy when it comes", async () => {
    await withDatabase(kind.open, async ({ db }) => {
      const { ana, lead, ids } = await quotedLead(db);
      const visitor = { email: lead.email, firstName: "Ana", language: "en" as const };
      const options = {
        operatorId: ana.id,
        siteUrl: "https://coverpilot.example",
        agency: AGENCY,
        perHour: 10,
      };
      const binder = { number: "BND-77", effective: "2027-01-01", expires: "2027-01-31" };
      const policy = { number: "GL-123456", start: "2027-01-01", end: "2028-01-01" };
      expect(await markBound(db, lead.request, binder, visitor, options)).toEqual({
        outcome: "no-request",
      });
      // Dana published the quotes as producer of record; Ana binds, and becomes it (decision 063).
      const dana = await createOperator(db, "dana@agency.example", "a long enough password");
      await recordProducerOfRecord(db, lead.request.id, dana.id, {
        name: "Dana Reyes",
        state: "OH",
        licenseNumber: "OH-1111",
      });
      const anaLicensed = { name: "Ana Ortiz", state: "OH", licenseNumber: "OH-2222" };
      await requestToBind(db, lead.request, { ...CHOICE, quoteId: ids[0] ?? "" }, EVIDENCE, {
        ...visitor,
        agency: AGENCY,
        limits: AGENCY_MAIL_LIMITS,
      });
      // No policy before the binder.
      expect(await addPolicy(db, lead.request, policy, pdfFile(), visitor, options)).toEqual({
        outcome: "not-bound",
      });
      expect(await markBound(db, lead.request, binder, visitor, options, anaLicensed)).toEqual({
        outcome: "bound",
        emailed: true,
      });
      expect(await getProducerOfRecord(db, lead.request.id)).toEqual(anaLicensed);
      expect(await markBound(db, lead.request, binder, visitor, options)).toEqual({
        outcome: "already-bound",
      });
      const bound = await getBindRequest(db, lead.request.id);
      expect(bound).toMatchObject({ status: "bound", binder, policy: null });
      expect(bound?.bound?.by).toBe("ana@agency.example");
      const request = await db
        .selectFrom("quote_requests")
        .select("status")
        .where("id", "=", lead.request.id)
        .executeTakeFirstOrThrow();
      expect(request.status).toBe("bound");
      // A binder's link opens the policy's page, where the binder shows until the policy comes.
      expect(
        await linkDestination(db, { opens: "quotes", submissionId: lead.submissionId }, undefined),
      ).toBe("/business-wizard/policy");

      expect(
        await addPolicy(db, lead.request, policy, pdfFile("<html>"), visitor, options),
      ).toEqual({ outcome: "wrong-type" });
      expect(await addPolicy(db, lead.request, policy, pdfFile(), visitor, options)).toEqual({
        outcome: "added",
        emailed: true,
      });
      expect(await addPolicy(db, lead.request, policy, pdfFile(), visitor, options)).toEqual({
        outcome: "has-policy",
      });
      const issued = await getBindRequest(db, lead.request.id);
      expect(issued).toMatchObject({
        binder,
        policy: { ...policy, boundBy: "ana@agency.example" },
      });
      const documents = await listRequestDocuments(db, lead.request.id);
      expect(documents.filter((document) => document.purpose === "policy")).toHaveLength(1);
      const emails = await db
        .selectFrom("outbox")
        .select(["subject", "text_body"])
        .orderBy("id")
        .execute();
      expect(emails.map((row) => row.subject).slice(-3)).toEqual([
        `We have your request to bind (${lead.request.reference}-B)`,
        "Your cover is bound: binder BND-77",
        "Your policy has been issued (GL-123456)",
      ]);
      // Each names the producer of record then, with their Ohio licence.
      const [asked, boundEmail, issuedEmail] = emails.slice(-3).map((row) => row.text_body);
      expect(asked).toContain("Your licensed producer: Dana Reyes, Ohio licence OH-1111.");
      expect(boundEmail).toContain("Your licensed producer: Ana Ortiz, Ohio licence OH-2222.");
      expect(issuedEmail).toContain("Your licensed producer: Ana Ortiz, Ohio licence OH-2222.");
    });
  });

  it("records the insurer declining, emails what happens next, and lets the visitor choose again", async () => {
    await withDatabase(kind.open, async ({ db }) => {
      const { ana, lead, ids } = await quotedLead(db);
      const visitor = { email: lead.email, firstName: "Ana", language: "en" as const };
      const options = {
        operatorId: ana.id,
        siteUrl: "https://coverpilot.example",
        agency: AGENCY,
        perHour: 10,
      };
      const acme = ids[0] ?? "";
      const answer = { kind: "declined" as const, reason: "Roofing over three storeys" };
      await requestToBind(db, lead.request, { ...CHOICE, quoteId: acme }, EVIDENCE, {
        ...visitor,
        agency: AGENCY,
        limits: AGENCY_MAIL_LIMITS,
      });
      const declined = await declineBindRequest(db, lead.request, answer, visitor, options);
      expect(declined).toEqual({
        outcome: "declined",
        reference: "CP-ROOFER-B",
        insurer: "Acme Mutual",
        emailed: true,
      });
      expect(await declineBindRequest(db, lead.request, answer, visitor, options)).toEqual({
        outcome: "no-request",
      });
      const bind = await getBindRequest(db, lead.request.id);
      expect(bind).toMatchObject({
        status: "declined",
        declined: { ...answer, by: "ana@agency.example" },
        bound: null,
      });
      const email = await db
        .selectFrom("outbox")
        .select(["subject", "text_body"])
        .orderBy("id", "desc")
        .executeTakeFirstOrThrow();
      expect(email.subject).toBe("Your request to bind CP-ROOFER-B: the insurer's answer");
      expect(email.text_body).toContain("Acme Mutual has declined to bind the quote you chose.");
      expect(email.text_body).toContain("The insurer's reason: Roofing over three storeys");
      expect(email.text_body).toContain("What happens next:");
      // The declined quote is withdrawn; the quotes may change again and another be chosen.
      const quote = await db
        .selectFrom("insurer_quotes")
        .select("status")
        .where("id", "=", acme)
        .executeTakeFirstOrThrow();
      expect(quote.status).toBe("withdrawn");
      const added = await addInsurerQuote(db, lead.request, { ...QUOTE, insurer: "Dune" }, ana.id);
      expect(added.outcome).toBe("saved");
      if (added.outcome !== "saved") return;
      await publishInsurerQuotes(
        db,
        lead.request,
        { email: lead.email, firstName: "Ana" },
        options,
      );
      expect(
        await requestToBind(db, lead.request, { ...CHOICE, quoteId: added.quoteId }, EVIDENCE, {
          ...visitor,
          agency: AGENCY,
          limits: AGENCY_MAIL_LIMITS,
        }),
      ).toEqual({ outcome: "requested", reference: "CP-ROOFER-B2" });
      expect(await getBindRequest(db, lead.request.id)).toMatchObject({
        reference: "CP-ROOFER-B2",
        status: "requested",
      });
    });
  });

  it("writes the request's and the policy's emails in the application's language", async () => {
    await withDatabase(kind.open, async ({ db }) => {
      const { ana, lead, ids } = await quotedLead(db);
      const visitor = { email: lead.email, firstName: "Rosa", language: "es" as const };
      await requestToBind(db, lead.request, { ...CHOICE, quoteId: ids[0] ?? "" }, EVIDENCE, {
        ...visitor,
        agency: AGENCY,
        limits: AGENCY_MAIL_LIMITS,
      });
      const policy = { number: "GL-654321", start: "2027-01-01", end: "2028-01-01" };
      const options = {
        operatorId: ana.id,
        siteUrl: "https://coverpilot.example",
        agency: AGENCY,
        perHour: 10,
      };
      const binder = { number: "BND-1", effective: "2027-01-01", expires: "2027-02-01" };
      const producer = { name: "Ana Ortiz", state: "OH", licenseNumber: "OH-2222" };
      expect(await markBound(db, lead.request, binder, visitor, options, producer)).toEqual({
        outcome: "bound",
        emailed: true,
      });
      expect(await addPolicy(db, lead.request, policy, pdfFile(), visitor, options)).toEqual({
        outcome: "added",
        emailed: true,
      });
      const [asked, binderSent, bound] = await db
        .selectFrom("outbox")
        .select(["subject", "text_body"])
        .where("subject", "not like", "Your quotes%")
        .orderBy("id")
        .execute();
      expect(asked?.subject).toMatch(/^Recibimos su pedido para contratar la cobertura \(CP-/);
      expect(asked?.text_body).toMatch(/^Hola, Rosa:\n\nGracias: recibimos su pedido/);
      expect(binderSent?.subject).toBe("Su cobertura está contratada: nota de cobertura BND-1");
      expect(binderSent?.text_body).toContain("desde el 1 de enero de 2027");
      expect(bound?.subject).toBe("Su póliza fue emitida (GL-654321)");
      expect(bound?.text_body).toContain("del 1 de enero de 2027 al 1 de enero de 2028");
      for (const email of [binderSent, bound]) {
        expect(email?.text_body).toContain(
          "Su productor con licencia: Ana Ortiz, licencia de Ohio OH-2222.",
        );
      }
      // Its one-time link opens the link's Spanish page.
      expect(bound?.text_body).toMatch(/https:\/\/coverpilot\.example\/es\/resume\/[\w-]{43}/);
    });
  });
});
