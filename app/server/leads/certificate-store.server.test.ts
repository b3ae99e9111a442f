import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

import { afterAll, describe, expect, it } from "vitest";

import { testDatabaseKinds, withDatabase } from "#tests/support/databases.ts";
import { leadWithPolicy, leadWithRequest, receivedFile } from "#tests/support/lead-fixtures.ts";

import type { CertificateForm } from "#app/domain/quote/certificates.ts";
import type { Db } from "#app/server/db/database.server.ts";
import { latestBoundPolicy } from "#app/server/leads/bind-store.server.ts";
import {
  certificateQueue,
  holderCertificate,
  issueCertificate,
  listCertificateRequests,
  previousHolders,
  requestCertificate,
} from "#app/server/leads/certificate-store.server.ts";
import { documentBytes, findDocument } from "#app/server/leads/document-store.server.ts";

const directory = mkdtempSync(join(tmpdir(), "certificate-store-test-"));
afterAll(() => rmSync(directory, { recursive: true, force: true }));

const CERTIFICATE_PDF = "%PDF-1.7 the certificate";

/** A lead whose general liability quote is bound as policy GL-1. */
const boundLead = (db: Db, name = "Roofers") => leadWithPolicy(db, name, directory);

const FORM: CertificateForm = {
  holderName: "Summit Builders LLC",
  holderAddress: "1 Main St\nColumbus, OH 43215",
  holderEmail: "certs@summit.example",
  additionalInsured: true,
  waiverOfSubrogation: false,
  primaryNonContributory: true,
  job: "Roof at 5 Elm St, contract 2027-14",
  neededBy: "2027-01-10",
};

describe.each(testDatabaseKinds)("certificates of insurance on $name", (kind) => {
  it("asks only on a bound policy; keeps the request as sent, numbered on the policy", async () => {
    await withDatabase(kind.open, async ({ db }) => {
      const unbound = await leadWithRequest(db, "Bakers", "2026-11-20T15:00:00Z");
      expect(await requestCertificate(db, unbound.submissionId, FORM)).toEqual({
        outcome: "not-bound",
      });
      expect(await db.selectFrom("certificate_requests").selectAll().execute()).toEqual([]);

      const { lead } = await boundLead(db);
      const first = await requestCertificate(db, lead.submissionId, FORM);
      expect(first).toMatchObject({
        outcome: "requested",
        reference: "CP-ROOFER-C1",
        repeated: false,
      });
      // Sent again unchanged (a double click): the first, and no second request.
      expect(await requestCertificate(db, lead.submissionId, FORM)).toEqual({
        ...first,
        repeated: true,
      });
      const second = await requestCertificate(db, lead.submissionId, {
        ...FORM,
        holderEmail: undefined,
        holderName: "Elm Street Landlord",
      });
      expect(second).toMatchObject({ outcome: "requested", reference: "CP-ROOFER-C2" });

      const listed = await listCertificateRequests(db, lead.submissionId);
      expect(listed.map((certificate) => certificate.reference)).toEqual([
        "CP-ROOFER-C2",
        "CP-ROOFER-C1",
      ]);
      expect(listed[1]).toMatchObject({
        holder: { name: FORM.holderName, address: FORM.holderAddress, email: FORM.holderEmail },
        endorsements: {
          additionalInsured: true,
          waiverOfSubrogation: false,
          primaryNonContributory: true,
        },
        job: FORM.job,
        neededBy: "2027-01-10",
        status: "requested",
        issued: null,
      });
      // The same holder typed again (other case and spacing) is offered once.
      await requestCertificate(db, lead.submissionId, {
        ...FORM,
        holderName: "summit  builders llc",
      });
      expect((await previousHolders(db, lead.submissionId)).map((holder) => holder.name)).toEqual([
        "summit  builders llc",
        "Elm Street Landlord",
      ]);
      const queue = await certificateQueue(db);
      expect(queue.waiting.map((line) => line.reference)).toEqual([
        "CP-ROOFER-C1",
        "CP-ROOFER-C2",
        "CP-ROOFER-C3",
      ]);
      expect(queue.waiting[0]?.asks).toBe("Additional insured, primary and non-contributory");
    });
  });

  it("finds the bound policy by the application, after a later request too", async () => {
    await withDatabase(kind.open, async ({ db }) => {
      const { lead } = await boundLead(db);
      // A quote request made after binding (a renewal's) is the newest; the policy still shows.
      await db
        .insertInto("quote_requests")
        .values({
          submission_id: lead.submissionId,
          reference: "CP-LATER1",
          lines: ["general-liability"],
          start_date: "2028-01-01",
          contact_channel: "phone",
          consent_text: "I agree.",
          consent_given_at: new Date().toISOString(),
          created_at: new Date(Date.now() + 60_000).toISOString(),
        })
        .execute();
      const bound = await latestBoundPolicy(db, lead.submissionId);
      expect(bound?.requestId).toBe(lead.request.id);
      expect(bound?.bind.policy.number).toBe("GL-1");
      expect(await requestCertificate(db, lead.submissionId, FORM)).toMatchObject({
        outcome: "requested",
        reference: "CP-ROOFER-C1",
      });
    });
  });

  it("issues with a PDF only; emails the visitor and the holder; the holder's link opens it", async () => {
    await withDatabase(kind.open, async ({ db }) => {
      const { lead, sending } = await boundLead(db);
      const other = await boundLead(db, "Painters");
      const asked = await requestCertificate(db, lead.submissionId, FORM);
      if (asked.outcome !== "requested") throw new Error("not requested");
      const people = {
        email: lead.email,
        firstName: "Ana",
        businessName: "Roofers",
        language: "en" as const,
      };
      const outboxBefore = await db.selectFrom("outbox").select("id").execute();

      // Not a PDF: nothing issued, filed or sent.
      expect(
        await issueCertificate(
          db,
          lead.submissionId,
          asked.id,
          receivedFile(directory, "cert.pdf", "<html>not a pdf"),
          people,
          sending,
        ),
      ).toEqual({ outcome: "wrong-type" });
      // Another lead's page cannot issue it.
      expect(
        await issueCertificate(
          db,
          other.lead.submissionId,
          asked.id,
          receivedFile(directory, "cert.pdf", CERTIFICATE_PDF),
          people,
          sending,
        ),
      ).toEqual({ outcome: "not-found" });
      expect((await listCertificateRequests(db, lead.submissionId))[0]?.status).toBe("requested");
      expect(await db.selectFrom("outbox").select("id").execute()).toHaveLength(
        outboxBefore.length,
      );

      expect(
        await issueCertificate(
          db,
          lead.submissionId,
          asked.id,
          receivedFile(directory, "summit.pdf", CERTIFICATE_PDF),
          people,
          sending,
        ),
      ).toEqual({
        outcome: "issued",
        reference: "CP-ROOFER-C1",
        holderName: "Summit Builders LLC",
        visitorEmailed: true,
        holderEmailed: true,
      });
      // Issued once only.
      expect(
        await issueCertificate(
          db,
          lead.submissionId,
          asked.id,
          receivedFile(directory, "again.pdf", CERTIFICATE_PDF),
          people,
          sending,
        ),
      ).toEqual({ outcome: "not-found" });

      const [issued] = await listCertificateRequests(db, lead.submissionId);
      expect(issued).toMatchObject({
        status: "issued",
        issued: { by: "desk-roofers@agency.example", fileName: "summit.pdf" },
      });
      const emails = await db
        .selectFrom("outbox")
        .select(["recipients", "subject", "text_body"])
        .where("subject", "ilike", "%certificate%")
        .execute();
      const toHolder = emails.find((email) => email.recipients.includes(FORM.holderEmail ?? ""));
      const toVisitor = emails.find((email) => email.recipients.includes(lead.email));
      expect(toVisitor?.subject).toBe("Your certificate of insurance is ready (CP-ROOFER-C1)");
      expect(toHolder?.subject).toBe("Certificate of insurance for Roofers (CP-ROOFER-C1)");
      const token = /\/certificates\/([A-Za-z0-9_-]{43})/.exec(toHolder?.text_body ?? "")?.[1];
      expect(token).toBeDefined();

      // The holder's link opens the PDF, byte for byte; a guessed token opens nothing.
      const opened = await holderCertificate(db, token ?? "");
      expect(opened?.documentId).toBe(issued?.issued?.documentId);
      const chunks: Uint8Array[] = [];
      for await (const chunk of documentBytes(db, opened?.documentId ?? "")) chunks.push(chunk);
      expect(Buffer.concat(chunks).toString()).toBe(CERTIFICATE_PDF);
      expect(await holderCertificate(db, "A".repeat(43))).toBeUndefined();
      expect(await holderCertificate(db, "not a token")).toBeUndefined();
      // Expired, it opens nothing.
      await db
        .updateTable("certificate_requests")
        .set({ holder_link_expires_at: "2026-01-01T00:00:00Z" })
        .execute();
      expect(await holderCertificate(db, token ?? "")).toBeUndefined();

      // The visitor may download it; another visitor may not.
      const documentId = issued?.issued?.documentId ?? "";
      expect(
        await findDocument(db, documentId, { agency: false, submissionId: lead.submissionId }),
      ).toMatchObject({ purpose: "certificate", fileName: "summit.pdf" });
      expect(
        await findDocument(db, documentId, {
          agency: false,
          submissionId: other.lead.submissionId,
        }),
      ).toBeUndefined();
      const timeline = await db
        .selectFrom("lead_activities")
        .select("body")
        .where("kind", "=", "certificate")
        .where("submission_id", "=", lead.submissionId)
        .execute();
      expect(timeline.map((entry) => entry.body)).toEqual(
        expect.arrayContaining([
          expect.stringContaining(
            "CP-ROOFER-C1: certificate for Summit Builders LLC issued (summit.pdf), emailed to certs@summit.example",
          ),
        ]),
      );
    });
  });
});
