import { readFileSync } from "node:fs";

import { Ajv2020 } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { describe, expect, it } from "vitest";

import { coveragePlan } from "#app/domain/quote/coverage-plan.ts";
import { PRODUCT_LINES } from "#app/domain/reference/products.ts";
import {
  APPLICATION_FIELDS,
  FIELD_COLUMNS,
  type FieldColumn,
} from "#app/domain/application/application-fields.ts";
import { fieldRow } from "#tests/support/application-records.ts";
import { SAMPLE_QUOTE } from "#tests/support/lead-fixtures.ts";
import type { InsurerQuote } from "#app/domain/quote/insurer-quotes.ts";
import {
  buildLeadRecord,
  LEAD_RECORD_LEAVES_OUT,
  LEAD_RECORD_SCHEMA_VERSION,
  leadRecordJsonSchema,
  splitAddress,
  type LeadSource,
} from "#app/domain/leads/lead-record.ts";

const PUBLISHED = JSON.parse(readFileSync("docs/lead-record.schema.json", "utf8")) as object;
const ajv = new Ajv2020({ allErrors: true, strict: false });
addFormats.default(ajv);
const validate = ajv.compile(PUBLISHED);

const complete: LeadSource["submission"] = {
  id: "6f1c2a4e-8b7d-4c3e-9a1f-2b3c4d5e6f70",
  created_at: new Date("2026-11-20T09:00:00Z"),
  updated_at: new Date("2026-11-20T10:05:00Z"),
  completed_at: new Date("2026-11-20T10:05:00Z"),
  ...fieldRow({
    industry: "construction",
    state: "Ohio",
    segments: ["Carpentry", "Handyperson"],
    email: "ana@example.com",
    business_name: "Ana's Carpentry",
    first_name: "Ana",
    last_name: "Ruiz",
    phone_number: "+15552345678",
    consent_to_texts: true,
    consent_text: "I agree to receive texts",
    consent_given_at: new Date("2026-11-20T10:00:00Z"),
    legal_business_name: "Ruiz Woodworks LLC",
    primary_location: "12 Main St, Columbus, OH 43215, Suite 4",
    unit: "Suite 4",
    same_address: "No",
    mailing_address: "PO Box 7, Dayton, Ohio 45401",
    ownership_structure: "Limited Liability Company",
    start_year: "2015",
    full_time_employees: 3,
    part_time_employees: 1,
    annual_revenue: "250000",
    claims_last_3_years: false,
    currently_insured: true,
    working_owners: 1,
    vehicles: "owned",
    retirement_plan: true,
    naics_code: "238350",
    naics_title: "Finish Carpentry Contractors",
    language: "es",
  }),
};

const plan = coveragePlan({
  industry: "construction",
  segments: ["Carpentry"],
  state: "Ohio",
  ownership: "Limited Liability Company",
  fullTimeEmployees: 3,
}).lines;

/** Another value for a column than `row` holds, of the column's SQL type. */
function otherValue(column: FieldColumn, row: LeadSource["submission"]): unknown {
  const value = row[column];
  switch (APPLICATION_FIELDS[column].column) {
    case "boolean":
      return value !== true;
    case "integer":
    case "bigint":
      return 99;
    case "text[]":
      return ["Other"];
    case "timestamptz":
      return new Date("2020-01-02T03:04:05Z");
    case "text":
      // Values a field reads as one of its own: a language, a yes/no answer, a year.
      if (column === "language") return value === "en" ? "es" : "en";
      if (column === "same_address") return value === "Yes" ? "No" : "Yes";
      if (column === "start_year") return "1999";
      return "Other";
  }
}

describe("the lead record", () => {
  it("changes with every field of the application it does not say it leaves out", () => {
    // With the location's parts, so that each part is read (a record saved before has only the line).
    const row = { ...complete, street_address: "12 Main St", city: "Columbus", zip_code: "43215" };
    const before = JSON.stringify(buildLeadRecord({ submission: row, plan }));
    const changes = (column: FieldColumn) =>
      JSON.stringify(
        buildLeadRecord({
          // Each column given a value of its SQL type, as a row would hold it.
          submission: { ...row, [column]: otherValue(column, row) } as LeadSource["submission"],
          plan,
        }),
      ) !== before;
    const leftOut = new Set<string>(Object.keys(LEAD_RECORD_LEAVES_OUT));
    expect(FIELD_COLUMNS.filter((column) => !leftOut.has(column) && !changes(column))).toEqual([]);
    expect(FIELD_COLUMNS.filter((column) => leftOut.has(column) && changes(column))).toEqual([]);
  });

  it("publishes exactly the schema the code checks records with", () => {
    expect(PUBLISHED).toEqual(JSON.parse(JSON.stringify(leadRecordJsonSchema())));
  });

  it("shapes a complete application with its quote request after ACORD 125, valid against the schema", () => {
    const record = buildLeadRecord({
      submission: complete,
      plan,
      quoteRequest: {
        reference: "CP-7K3F9Q",
        status: "new",
        lines: ["general-liability", "workers-comp"],
        startDate: "2026-12-01",
        contactChannel: "phone",
        note: null,
        createdAt: new Date("2026-11-20T10:10:00Z"),
        updatedAt: new Date("2026-11-20T10:10:00Z"),
      },
    });
    expect(validate(record), JSON.stringify(validate.errors)).toBe(true);
    expect(record).toMatchObject({
      schemaVersion: LEAD_RECORD_SCHEMA_VERSION,
      status: "complete",
      applicant: {
        legalName: "Ruiz Woodworks LLC",
        dba: "Ana's Carpentry",
        entityType: "llc",
        yearStarted: 2015,
        yearsInBusiness: 11,
        primaryAddress: {
          street: "12 Main St",
          unit: "Suite 4",
          city: "Columbus",
          state: "OH",
          postalCode: "43215",
        },
        mailingAddressSameAsPrimary: false,
        mailingAddress: { street: "PO Box 7", city: "Dayton", state: "OH", postalCode: "45401" },
      },
      contact: {
        email: "ana@example.com",
        phone: "+15552345678",
        textsConsent: { agreed: true, agreedAt: "2026-11-20T10:00:00.000Z" },
      },
      natureOfBusiness: {
        industry: { id: "construction", label: "Construction" },
        naics: { code: "238350", title: "Finish Carpentry Contractors" },
      },
      optionalAnswers: { annualRevenue: 250000, fullTimeEmployees: 3 },
      quoteRequest: {
        reference: "CP-7K3F9Q",
        lines: [
          { line: "general-liability", name: expect.any(String) },
          { line: "workers-comp", name: expect.any(String) },
        ],
      },
    });
    // Every marketed line, and the lines an account manager adds for a contractor (issue 54).
    expect(record.coveragePlan).toHaveLength(plan.length);
    expect(plan.length).toBeGreaterThan(PRODUCT_LINES.length);
  });

  it("carries the newest request's quotes with every part of the proposal, valid against the schema", () => {
    const quote = {
      ...SAMPLE_QUOTE,
      id: "0b6f8f1e-9d4c-4f57-8a38-2d7f0c9e4b21",
      market: "non-admitted",
      charges: { ...SAMPLE_QUOTE.charges, surplusLinesTaxCents: 7_200, stampingFeeCents: 430 },
      status: "published",
      publishedAt: new Date("2026-11-21T09:00:00Z"),
      updatedAt: new Date("2026-11-21T09:00:00Z"),
    } satisfies InsurerQuote;
    const record = buildLeadRecord({
      submission: complete,
      plan,
      quoteRequest: {
        reference: "CP-7K3F9Q",
        status: "quoted",
        lines: ["general-liability"],
        startDate: "2026-12-01",
        contactChannel: "phone",
        note: null,
        createdAt: new Date("2026-11-20T10:10:00Z"),
        updatedAt: new Date("2026-11-20T10:10:00Z"),
      },
      quotes: [quote],
    });
    expect(validate(record), JSON.stringify(validate.errors)).toBe(true);
    expect(record.quotes).toEqual([
      {
        id: quote.id,
        insurer: "Acme Mutual",
        kind: "bindable",
        status: "published",
        market: "non-admitted",
        premiumCents: 240_050,
        charges: {
          surplusLinesTaxCents: 7_200,
          stampingFeeCents: 430,
          policyFeeCents: 15_000,
          inspectionFeeCents: null,
          brokerFeeCents: null,
        },
        totalCents: 240_050 + 7_200 + 430 + 15_000,
        minimumEarnedCents: null,
        payInFull: true,
        instalments: {
          downPaymentCents: 60_000,
          count: 9,
          amountCents: 20_000,
          feePerInstalmentCents: 900,
        },
        termStart: "2027-01-01",
        termEnd: "2028-01-01",
        validUntil: "2026-12-31",
        terrorism: { offered: true, premiumCents: 2_500 },
        rating: { rating: "A (Excellent)", source: "AM Best", asOf: "2026-11-02" },
        subjectivities: [
          {
            text: "Signed application",
            timing: "before-binding",
            due: "2026-12-20",
            receivedOn: null,
          },
        ],
        lines: [
          {
            line: "general-liability",
            name: "General Liability",
            basis: "occurrence",
            retroDate: null,
            occurrenceOrClaimCents: 100_000_000,
            aggregateCents: 200_000_000,
            limitText: null,
            deductibleCents: 100_000,
            subjectToAudit: true,
          },
        ],
        notes: "Excludes work above three stories.",
        publishedAt: "2026-11-21T09:00:00.000Z",
      },
    ]);
    // A lead without a request has no quotes.
    expect(buildLeadRecord({ submission: complete, quotes: [quote] }).quotes).toEqual([]);
  });

  it("takes the primary location's parts as the wizard asked them, where the line would not split", () => {
    const record = buildLeadRecord({
      submission: {
        ...complete,
        primary_location: "Unit 7, 40 Harbor Rd, Saint Paul, MN 55101",
        street_address: "Unit 7, 40 Harbor Rd",
        unit: null,
        city: "Saint Paul",
        zip_code: "55101",
        state: "Minnesota",
      },
    });
    expect(validate(record), JSON.stringify(validate.errors)).toBe(true);
    expect(record.applicant.primaryAddress).toEqual({
      line: "Unit 7, 40 Harbor Rd, Saint Paul, MN 55101",
      street: "Unit 7, 40 Harbor Rd",
      unit: null,
      city: "Saint Paul",
      state: "MN",
      postalCode: "55101",
    });
  });

  it("shapes an email-step lead with what is known and nulls for the rest, valid too", () => {
    const record = buildLeadRecord({
      submission: {
        ...complete,
        business_name: null,
        first_name: null,
        last_name: null,
        phone_number: null,
        consent_to_texts: null,
        consent_text: null,
        consent_given_at: null,
        legal_business_name: null,
        primary_location: null,
        unit: null,
        same_address: null,
        mailing_address: null,
        ownership_structure: null,
        start_year: null,
        completed_at: null,
        full_time_employees: null,
        part_time_employees: null,
        annual_revenue: null,
        claims_last_3_years: null,
        currently_insured: null,
        working_owners: null,
        vehicles: null,
        naics_code: null,
        naics_title: null,
      },
    });
    expect(validate(record), JSON.stringify(validate.errors)).toBe(true);
    expect(record).toMatchObject({
      status: "email-step",
      applicant: { legalName: null, entityType: null, primaryAddress: null },
      coveragePlan: null,
      quoteRequest: null,
    });
  });

  it("refuses a document that breaks the schema", () => {
    const record = buildLeadRecord({ submission: complete, plan });
    expect(validate({ ...record, schemaVersion: "0.9" })).toBe(false);
    expect(validate({ ...record, status: "pending" })).toBe(false);
  });
});

describe("addresses as entered", () => {
  it("are split only where the end reads as city, state and ZIP", () => {
    expect(splitAddress("5 Elm Ave, Austin, Texas 73301-1234", null, "Texas")).toEqual({
      line: "5 Elm Ave, Austin, Texas 73301-1234",
      street: "5 Elm Ave",
      unit: null,
      city: "Austin",
      state: "TX",
      postalCode: "73301-1234",
    });
    // Nothing guessed: the whole line is the street, the state is the business's.
    expect(splitAddress("5 Elm Ave", null, "Texas")).toMatchObject({
      street: "5 Elm Ave",
      city: null,
      state: "TX",
      postalCode: null,
    });
    expect(splitAddress("5 Elm Ave, Austin, Narnia 73301", null, undefined)).toMatchObject({
      street: "5 Elm Ave, Austin, Narnia 73301",
      city: null,
      state: null,
    });
  });
});
