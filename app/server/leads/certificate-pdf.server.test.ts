import { describe, expect, it } from "vitest";

import { FIXTURE_AGENCY } from "#tests/support/lead-fixtures.ts";
import { pdfText } from "#tests/support/pdf-text.ts";

import {
  certificateContents,
  certificateDraftSchema,
  CERTIFICATE_DISCLAIMER,
} from "#app/domain/quote/certificate-of-insurance.ts";
import { certificatePdf } from "#app/server/leads/certificate-pdf.server.ts";

const DRAFT = certificateDraftSchema().parse({
  naicA: "12345",
  naicB: "67890",
  description: "Roof replacement at 5 Elm St, Columbus OH, contract 2027-14",
  additionalInsured: "on",
  additionalInsuredForm: "CG 20 10 04 13",
  waiverOfSubrogation: "on",
  waiverForm: "CG 24 04 05 09",
  damageToRented: "$100,000",
  medExp: "$5,000",
  personalAdv: "$1,000,000",
  productsAgg: "$2,000,000",
  elDiseaseEmployee: "$500,000",
});

const contents = certificateContents({
  reference: "CP-ABC-C1",
  issuedOn: "2026-11-28",
  agency: FIXTURE_AGENCY,
  insured: { name: "Roofers Ñandú LLC", address: "9 Oak Ave\nColumbus, OH 43215" },
  holder: { name: "Summit Builders LLC", address: "1 Main St\nColumbus, OH 43215" },
  policies: [
    {
      insurer: "Hartland Mutual",
      policyNumber: "GL-1",
      start: "2026-12-01",
      end: "2027-12-01",
      lines: [
        {
          line: "general-liability",
          occurrenceCents: 100_000_000,
          aggregateCents: 200_000_000,
          limitText: null,
          deductibleCents: null,
          basis: "occurrence",
          retroDate: null,
          auditable: false,
        },
      ],
    },
    {
      insurer: "Keystone Casualty",
      policyNumber: "WC-7",
      start: "2026-12-01",
      end: "2027-12-01",
      lines: [
        {
          line: "workers-comp",
          occurrenceCents: 50_000_000,
          aggregateCents: 50_000_000,
          limitText: null,
          deductibleCents: null,
          basis: "occurrence",
          retroDate: null,
          auditable: false,
        },
      ],
    },
  ],
  lineName: (line) => line,
  draft: DRAFT,
});

describe("a certificate drawn from the policy", () => {
  it("prints the certificate-of-liability fields and the disclaimer in the PDF's text", async () => {
    const bytes = await certificatePdf(contents);
    expect(Buffer.from(bytes.slice(0, 5)).toString("latin1")).toBe("%PDF-");
    const text = pdfText(bytes).replace(/\s+/g, " ");
    for (const field of [
      "CERTIFICATE OF LIABILITY INSURANCE",
      FIXTURE_AGENCY.name,
      FIXTURE_AGENCY.phone,
      "Roofers Ñandú LLC",
      "Insurer A: Hartland Mutual NAIC # 12345",
      "Insurer B: Keystone Casualty NAIC # 67890",
      "Policy number: GL-1",
      "Policy eff: 2026-12-01",
      "Policy exp: 2027-12-01",
      "Each occurrence: $1,000,000",
      "Damage to rented premises (each occurrence): $100,000",
      "Med exp (any one person): $5,000",
      "Personal & adv injury: $1,000,000",
      "General aggregate: $2,000,000",
      "Products - comp/op agg: $2,000,000",
      "Insr ltr B - Workers compensation and employers' liability",
      "Per statute: Statutory",
      "E.L. each accident: $500,000",
      "E.L. disease - each employee: $500,000",
      "E.L. disease - policy limit: $500,000",
      "Addl insd: Y",
      "Subr wvd: Y",
      "Roof replacement at 5 Elm St, Columbus OH, contract 2027-14",
      "endorsement form CG 20 10 04 13",
      "endorsement form CG 24 04 05 09",
      "Summit Builders LLC",
      CERTIFICATE_DISCLAIMER,
    ]) {
      expect(text).toContain(field);
    }
  });

  it("asks for the endorsement form when a mark is set", () => {
    const result = certificateDraftSchema().safeParse({
      description: "Roofing",
      additionalInsured: "on",
      naicA: "12",
    });
    expect(result.success).toBe(false);
    const paths = result.error?.issues.map((issue) => issue.path.join("."));
    expect(paths).toEqual(expect.arrayContaining(["additionalInsuredForm", "naicA"]));
  });
});
