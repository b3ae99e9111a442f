import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

import { afterAll, describe, expect, it } from "vitest";

import { testDatabaseKinds, withDatabase } from "#tests/support/databases.ts";
import {
  FIXTURE_AGENCY,
  leadWithPolicy,
  receivedFile,
  renewPolicy,
} from "#tests/support/lead-fixtures.ts";
import { pdfText } from "#tests/support/pdf-text.ts";

import {
  certificateContents,
  certificateDraftSchema,
  CERTIFICATE_DISCLAIMER,
} from "#app/domain/quote/certificate-of-insurance.ts";
import { certificateFormSchema, type CertificateForm } from "#app/domain/quote/certificates.ts";
import { parseForm } from "#app/domain/values/form-submission.ts";
import { lineName } from "#app/domain/quote/quote-request.ts";
import type { Db } from "#app/server/db/database.server.ts";
import {
  certificateForDrawing,
  customerHolders,
  issueCertificate,
  listCertificateRequests,
  reissueOnRenewal,
  renewalReissue,
  requestCertificate,
  saveCertificateDraft,
  sendDrawnCertificate,
} from "#app/server/leads/certificate-store.server.ts";
import { documentBytes } from "#app/server/leads/document-store.server.ts";

const directory = mkdtempSync(join(tmpdir(), "certificate-drawing-test-"));
afterAll(() => rmSync(directory, { recursive: true, force: true }));

const TODAY = "2026-11-28";
const PEOPLE = {
  email: "roofers@shops.example",
  firstName: "Ana",
  businessName: "Roofers",
  language: "en",
} as const;

const FORM: CertificateForm = {
  holderName: "Summit Builders LLC",
  holderAddress: "1 Main St\nColumbus, OH 43215",
  holderEmail: "certs@summit.example",
  additionalInsured: true,
  waiverOfSubrogation: true,
  primaryNonContributory: false,
  job: "Roof at 5 Elm St, contract 2027-14",
  neededBy: "2027-01-10",
};

async function bytesOf(db: Db, documentId: string): Promise<Uint8Array> {
  return new Uint8Array(await new Response(documentBytes(db, documentId)).arrayBuffer());
}

/** Draws the certificate for a waiting request as the desk's page does, and sends it. */
async function drawAndSend(
  db: Db,
  submissionId: string,
  certificateId: string,
  sending: Parameters<typeof sendDrawnCertificate>[4],
) {
  const drawing = await certificateForDrawing(db, submissionId, certificateId, TODAY);
  if (!drawing) throw new Error("no certificate to draw");
  const contents = certificateContents({
    reference: drawing.certificate.reference,
    issuedOn: TODAY,
    agency: FIXTURE_AGENCY,
    insured: drawing.insured,
    holder: drawing.certificate.holder,
    policies: drawing.policies,
    lineName,
    draft: certificateDraftSchema().parse({
      naicA: "12345",
      description: "Roofing at 5 Elm St",
      additionalInsured: "on",
      additionalInsuredForm: "CG 20 10 04 13",
      waiverOfSubrogation: "on",
      waiverForm: "CG 24 04 05 09",
    }),
  });
  expect(
    await saveCertificateDraft(db, submissionId, certificateId, contents, sending.operatorId),
  ).toBe(true);
  return sendDrawnCertificate(db, submissionId, certificateId, PEOPLE, sending);
}

describe.each(testDatabaseKinds)("certificates drawn from the policy on $name", (kind) => {
  it("issues the drawn PDF, emails the holder, and keeps the holder with what it showed", async () => {
    await withDatabase(kind.open, async ({ db }) => {
      const { lead, sending } = await leadWithPolicy(db, "Roofers", directory);
      const asked = await requestCertificate(db, lead.submissionId, FORM);
      if (asked.outcome !== "requested") throw new Error("not requested");

      const sent = await drawAndSend(db, lead.submissionId, asked.id, sending);
      expect(sent).toMatchObject({ outcome: "issued", holderEmailed: true });

      const row = await db
        .selectFrom("certificate_requests")
        .select(["status", "document_id", "contents"])
        .where("id", "=", asked.id)
        .executeTakeFirstOrThrow();
      expect(row.status).toBe("issued");
      expect(row.contents).toMatchObject({
        holder: { name: "Summit Builders LLC" },
        insurers: [{ letter: "A", name: "Acme Mutual", naic: "12345" }],
        coverages: [{ policyNumber: "GL-1", effective: "2027-01-01", expiry: "2028-01-01" }],
      });
      const text = pdfText(await bytesOf(db, row.document_id ?? "")).replace(/\s+/g, " ");
      expect(text).toContain("Insurer A: Acme Mutual NAIC # 12345");
      expect(text).toContain("Policy number: GL-1");
      expect(text).toContain("Each occurrence: $1,000,000");
      expect(text).toContain(CERTIFICATE_DISCLAIMER);
      const holderMail = (await db.selectFrom("outbox").select("recipients").execute()).filter(
        (mail) => mail.recipients.includes("certs@summit.example"),
      );
      expect(holderMail).toHaveLength(1);

      const holders = await customerHolders(db, lead.submissionId);
      expect(holders).toHaveLength(1);
      expect(holders[0]?.holder.name).toBe("Summit Builders LLC");
      expect(holders[0]?.certificates).toEqual([
        expect.objectContaining({
          reference: asked.reference,
          policyNumber: "GL-1",
          showed: expect.stringContaining("additional insured (CG 20 10 04 13)"),
          sentAt: expect.any(Date),
        }),
      ]);
      // Sent once: the request is issued, and a second send finds nothing to send.
      expect(await sendDrawnCertificate(db, lead.submissionId, asked.id, PEOPLE, sending)).toEqual({
        outcome: "not-found",
      });
    });
  });

  it("reissues one certificate per active holder on the renewed policy, once", async () => {
    await withDatabase(kind.open, async ({ db }) => {
      const bound = await leadWithPolicy(db, "Roofers", directory);
      const { lead, sending } = bound;
      const drawn = await requestCertificate(db, lead.submissionId, FORM);
      const uploaded = await requestCertificate(db, lead.submissionId, {
        ...FORM,
        holderName: "Elm Street Landlord",
        holderEmail: undefined,
        waiverOfSubrogation: false,
      });
      // The same holder twice: one active holder, its latest certificate reissued.
      const again = await requestCertificate(db, lead.submissionId, {
        ...FORM,
        job: "Second roof",
      });
      if (
        drawn.outcome !== "requested" ||
        uploaded.outcome !== "requested" ||
        again.outcome !== "requested"
      )
        throw new Error("not requested");
      await drawAndSend(db, lead.submissionId, drawn.id, sending);
      await issueCertificate(
        db,
        lead.submissionId,
        uploaded.id,
        receivedFile(directory, "landlord.pdf", "%PDF-1.7 made elsewhere"),
        PEOPLE,
        sending,
      );
      await drawAndSend(db, lead.submissionId, again.id, sending);
      expect(await renewalReissue(db, lead.submissionId)).toBeUndefined();

      const renewal = await renewPolicy(db, bound, directory, "GL-2");
      const offer = await renewalReissue(db, lead.submissionId);
      expect(offer).toMatchObject({ policyNumber: "GL-2", renewsNumber: "GL-1" });
      expect(offer?.certificates.map((certificate) => certificate.holderName).sort()).toEqual([
        "Elm Street Landlord",
        "Summit Builders LLC",
      ]);

      const done = await reissueOnRenewal(db, lead.submissionId, PEOPLE, {
        ...sending,
        today: TODAY,
      });
      expect(done.map((entry) => entry.reference).sort()).toEqual([
        `${renewal.reference}-C1`,
        `${renewal.reference}-C2`,
      ]);
      const reissued = await db
        .selectFrom("certificate_requests as c")
        .innerJoin("bind_requests as b", "b.id", "c.bind_request_id")
        .select(["c.holder_name", "c.status", "c.contents", "c.reissued_from", "b.policy_number"])
        .where("b.policy_number", "=", "GL-2")
        .orderBy("c.holder_name")
        .execute();
      expect(reissued).toHaveLength(2);
      expect(reissued.map((row) => [row.holder_name, row.status, row.policy_number])).toEqual([
        ["Elm Street Landlord", "issued", "GL-2"],
        ["Summit Builders LLC", "issued", "GL-2"],
      ]);
      expect(reissued[1]?.reissued_from).toBe(again.id);
      expect(reissued[1]?.contents).toMatchObject({
        insurers: [{ name: "Acme Mutual", naic: "12345" }],
        coverages: [{ policyNumber: "GL-2", effective: "2028-01-01", expiry: "2029-01-01" }],
        endorsementForms: { additionalInsured: "CG 20 10 04 13" },
      });
      // Done once: nothing left to reissue, and a second step issues nothing.
      expect((await renewalReissue(db, lead.submissionId))?.certificates).toEqual([]);
      expect(
        await reissueOnRenewal(db, lead.submissionId, PEOPLE, { ...sending, today: TODAY }),
      ).toEqual([]);
    });
  });

  it("keeps what the request form asks a certificate needs, in both languages", async () => {
    await withDatabase(kind.open, async ({ db }) => {
      const { lead } = await leadWithPolicy(db, "Roofers", directory);
      const form = new FormData();
      form.set("holderName", "Summit Builders LLC");
      form.set("holderAddress", "1 Main St\nColumbus, OH 43215");
      form.set("job", "Contract 2027-14");
      form.set("operationsWanted", "Roof replacement at 5 Elm St");
      form.set("limitsRequired", "GL $1,000,000 each occurrence, $2,000,000 aggregate");
      form.set("additionalInsured", "on");
      form.set("additionalInsuredOperations", "both");
      form.set("neededBy", "2027-01-10");
      const parsed = parseForm(form, certificateFormSchema(TODAY, "es"));
      if (parsed.status !== "success") throw new Error("the form was refused");
      const asked = await requestCertificate(db, lead.submissionId, parsed.value);
      expect(asked).toMatchObject({ outcome: "requested", repeated: false });
      const [kept] = await listCertificateRequests(db, lead.submissionId);
      expect(kept).toMatchObject({
        job: "Contract 2027-14",
        operationsWanted: "Roof replacement at 5 Elm St",
        limitsRequired: "GL $1,000,000 each occurrence, $2,000,000 aggregate",
        additionalInsuredOperations: "both",
      });
      // The same request with other operations is another request, not a repeat.
      expect(
        await requestCertificate(db, lead.submissionId, {
          ...parsed.value,
          additionalInsuredOperations: "ongoing",
        }),
      ).toMatchObject({ outcome: "requested", repeated: false });

      const wrong = new FormData();
      for (const [name, value] of form) wrong.set(name, value);
      wrong.set("additionalInsuredOperations", "sometimes");
      const refused = parseForm(wrong, certificateFormSchema(TODAY, "es"));
      if (refused.status === "success") throw new Error("the form was taken");
      expect(refused.error?.additionalInsuredOperations).toEqual([
        "Elija en curso, terminadas o ambas",
      ]);
    });
  });
});
