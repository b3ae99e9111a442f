/**
 * One lead as structured data (issue 17): a versioned JSON document shaped after the ACORD 125
 * commercial insurance application, so an agent recognises every field and an agency management
 * system (or Zapier, Make, AgencyZoom) can take it without re-typing. The lead desk's Download
 * JSON, `npm run leads:export -- --format json` and every webhook send this document; its JSON
 * Schema is published in docs/lead-record.schema.json (generated from `leadRecordSchema`).
 */
import { lineName } from "#app/domain/quote/quote-request.ts";
import {
  CHANGE_REQUEST_KINDS,
  storedPolicyChangeSchema,
  type ChangeRequestKind,
  type PolicyChangeDetails,
} from "#app/domain/quote/policy-changes.ts";
import { industryLabel } from "#app/domain/reference/industries.ts";
import { BASE_LOCALE, isLocale, LOCALES } from "#app/domain/site/locales.ts";
import type { Recommendation } from "#app/domain/quote/coverage-plan.ts";
import type { FieldColumn, FieldRow } from "#app/domain/application/application-fields.ts";
import { stateNamed, uspsCode } from "#app/domain/reference/states.ts";
import type { InsurerQuote } from "#app/domain/quote/insurer-quotes.ts";
import { totalCents } from "#app/domain/quote/quote-proposal.ts";
import { z } from "#app/domain/values/zod.ts";

/**
 * The document's version: a new field is a minor change, a changed or removed one a major. The
 * only place it is written: the schema's `$id` and description, and the published schema (`npm run
 * schema:lead`), follow; a test holds the README's mention to it.
 */
export const LEAD_RECORD_SCHEMA_VERSION = "1.4";

/**
 * The application's fields the record leaves out, each for its reason. Every other field of the
 * registry must change the record when its value changes (lead-record.test.ts names any that does
 * not): a field added to the registry is mapped below by hand, since the record's shape is a
 * published contract, or listed here.
 */
export const LEAD_RECORD_LEAVES_OUT = {
  zip_confirmed: "the desk's note that the visitor confirmed an unusual ZIP code, not the lead's",
  retirement_plan:
    "asked since issue 54 for the ERISA bond; publishing it is a minor version, not made yet",
} as const satisfies Partial<Record<FieldColumn, string>>;

const text = z.string();
const nullableText = z.nullable(z.string());
const instant = z.string().check(z.iso.datetime({ offset: true }));

const addressSchema = z.object({
  /** The address as the visitor entered it, on one line. */
  line: text,
  /** The street part: the whole line when city and ZIP could not be told apart. */
  street: text,
  unit: nullableText,
  city: nullableText,
  /** Two-letter USPS code. */
  state: nullableText,
  postalCode: nullableText,
});

const cents = z.int().check(z.minimum(0));
const day = z.string().check(z.iso.date());

/**
 * One insurer's quote on the newest request, as the agent entered it (decisions 042 and 062):
 * amounts in whole cents; null where the quote has none, or, for a quote entered before decision
 * 062's fields, where it was not recorded (`market`, `terrorism`, a line's `basis`).
 */
const quoteRecordSchema = z.object({
  id: z.uuid(),
  insurer: text,
  /** "bindable": the insurer's offer as it stands; "estimate": may change after underwriting. */
  kind: z.enum(["bindable", "estimate"]),
  /** "draft" (not yet shown to the visitor), "published" or "withdrawn". */
  status: z.enum(["draft", "published", "withdrawn"]),
  /** "admitted" (licensed in the state) or "non-admitted" (surplus lines). */
  market: z.nullable(z.enum(["admitted", "non-admitted"])),
  premiumCents: cents,
  charges: z.object({
    surplusLinesTaxCents: z.nullable(cents),
    stampingFeeCents: z.nullable(cents),
    policyFeeCents: z.nullable(cents),
    inspectionFeeCents: z.nullable(cents),
    /** The agency's own fee. */
    brokerFeeCents: z.nullable(cents),
  }),
  /** The premium plus the charges: what the insured pays in all (terrorism cover apart). */
  totalCents: cents,
  minimumEarnedCents: z.nullable(cents),
  payInFull: z.boolean(),
  /** Null: no instalments. `feePerInstalmentCents` is charged on each instalment. */
  instalments: z.nullable(
    z.object({
      downPaymentCents: z.nullable(cents),
      count: z.nullable(z.int()),
      amountCents: z.nullable(cents),
      feePerInstalmentCents: cents,
    }),
  ),
  termStart: day,
  termEnd: day,
  validUntil: day,
  /** The terrorism (TRIA) offer: its premium when offered. */
  terrorism: z.nullable(z.object({ offered: z.boolean(), premiumCents: z.nullable(cents) })),
  /** The insurer's financial-strength rating as the agent typed it, its source and day. */
  rating: z.nullable(z.object({ rating: text, source: text, asOf: day })),
  subjectivities: z.array(
    z.object({
      text,
      timing: z.enum(["before-binding", "after-binding"]),
      due: day,
      receivedOn: z.nullable(day),
    }),
  ),
  lines: z.array(
    z.object({
      line: text,
      name: text,
      /** "occurrence" or "claims-made"; a claims-made line's first limit is per claim. */
      basis: z.nullable(z.enum(["occurrence", "claims-made"])),
      retroDate: z.nullable(day),
      occurrenceOrClaimCents: z.nullable(cents),
      aggregateCents: z.nullable(cents),
      limitText: nullableText,
      deductibleCents: z.nullable(cents),
      subjectToAudit: z.boolean(),
    }),
  ),
  notes: nullableText,
  publishedAt: z.nullable(instant),
});

/** The lead record (LEAD_RECORD_SCHEMA_VERSION). */
export const leadRecordSchema = z.object({
  schemaVersion: z.literal(LEAD_RECORD_SCHEMA_VERSION),
  id: z.uuid(),
  /** "email-step": only the first screens were sent; "complete": the whole application. */
  status: z.enum(["email-step", "complete"]),
  createdAt: instant,
  updatedAt: instant,
  completedAt: z.nullable(instant),
  applicant: z.object({
    /** ACORD 125 "Name (First Named Insured)". */
    legalName: nullableText,
    /** "Doing business as": the name the owner gave first, when it differs from the legal name. */
    dba: nullableText,
    businessName: nullableText,
    /** ACORD 125's entity type, from the ownership structure chosen. */
    entityType: z.nullable(
      z.enum(["individual", "partnership", "llc", "corporation", "trust", "other"]),
    ),
    ownershipStructure: nullableText,
    yearStarted: z.nullable(z.int()),
    yearsInBusiness: z.nullable(z.int()),
    primaryAddress: z.nullable(addressSchema),
    mailingAddressSameAsPrimary: z.nullable(z.boolean()),
    mailingAddress: z.nullable(addressSchema),
  }),
  contact: z.object({
    firstName: nullableText,
    lastName: nullableText,
    email: text,
    /** E.164, e.g. +15552345678. */
    phone: nullableText,
    /** The language of the pages the visitor used: answer them in it ("en" or "es"). */
    language: z.enum(LOCALES),
    textsConsent: z.object({
      agreed: z.boolean(),
      /** The exact words agreed to, and when. */
      text: nullableText,
      agreedAt: z.nullable(instant),
    }),
  }),
  natureOfBusiness: z.object({
    state: text,
    industry: z.object({ id: text, label: text }),
    segments: z.array(text),
    naics: z.nullable(z.object({ code: z.string().check(z.regex(/^\d{6}$/)), title: text })),
  }),
  optionalAnswers: z.object({
    fullTimeEmployees: z.nullable(z.int()),
    partTimeEmployees: z.nullable(z.int()),
    annualRevenue: z.nullable(z.number()),
    revenueBand: nullableText,
    claimsLast3Years: z.nullable(z.boolean()),
    currentlyInsured: z.nullable(z.boolean()),
    workingOwners: z.nullable(z.int()),
    vehicles: nullableText,
  }),
  coveragePlan: z.nullable(z.array(z.object({ line: text, name: text, recommendation: text }))),
  quoteRequest: z.nullable(
    z.object({
      reference: text,
      status: text,
      lines: z.array(z.object({ line: text, name: text })),
      startDate: z.string().check(z.iso.date()),
      contactChannel: text,
      note: nullableText,
      createdAt: instant,
      updatedAt: instant,
    }),
  ),
  /**
   * Since 1.1 (issue 56): the changes and notices the agency recorded on the lead's bound policies,
   * newest first: endorsements, cancellations, the insurer's renewal notices, premium audits and
   * missed payments, each with its kind's fields (amounts in cents, as the insurer stated them;
   * an endorsement's premiumChange signed; days YYYY-MM-DD).
   */
  policyChanges: z.array(
    z.object({
      id: z.uuid(),
      policyNumber: text,
      recordedAt: instant,
      shownToCustomer: z.boolean(),
      change: storedPolicyChangeSchema,
    }),
  ),
  /** Since 1.1: the changes the customer asked for on their policy, newest first. */
  changeRequests: z.array(
    z.object({
      reference: text,
      policyNumber: text,
      kind: z.enum(CHANGE_REQUEST_KINDS),
      details: text,
      requestedAt: instant,
      doneAt: z.nullable(instant),
    }),
  ),
  /**
   * The newest request to bind on the newest quote request (since 1.2, issue 55): the insurer's
   * binder once bound, the policy once the insurer issues it, or the insurer's declining it.
   */
  bindRequest: z.nullable(
    z.object({
      reference: text,
      status: z.enum(["requested", "bound", "declined"]),
      insurer: text,
      signedAt: instant,
      /** How the insured asked to get their documents: "electronic" or "paper". */
      documentsBy: z.nullable(z.enum(["electronic", "paper"])),
      /** The insured's answer to the insurer's terrorism (TRIA) offer, where it made one. */
      tria: z.nullable(z.enum(["accepted", "rejected"])),
      binder: z.nullable(
        z.object({
          number: text,
          effective: z.string().check(z.iso.date()),
          expires: z.string().check(z.iso.date()),
        }),
      ),
      policy: z.nullable(
        z.object({
          number: text,
          start: z.string().check(z.iso.date()),
          end: z.string().check(z.iso.date()),
        }),
      ),
      declined: z.nullable(z.object({ kind: z.enum(["declined", "changed-terms"]), reason: text })),
    }),
  ),
  /** The agency's quotes on the newest quote request, in the order entered (since 1.3). */
  quotes: z.array(quoteRecordSchema),
  /**
   * Since 1.4 (issue 56, decision 070): every request of the customer the agency bound, oldest
   * first, each by its own insurer: its lines, the binder, and the policy once issued.
   */
  policies: z.array(
    z.object({
      requestReference: text,
      lines: z.array(z.object({ line: text, name: text })),
      insurer: text,
      binder: z.nullable(z.object({ number: text, effective: day, expires: day })),
      policy: z.nullable(z.object({ number: text, start: day, end: day })),
    }),
  ),
  /**
   * Since 1.4: the certificates of insurance the customer asked for, oldest first: the holder,
   * the day needed, and when the agency issued it (null while it is being prepared).
   */
  certificates: z.array(
    z.object({
      reference: text,
      holder: text,
      neededBy: day,
      requestedAt: instant,
      issuedAt: z.nullable(instant),
    }),
  ),
});

export type LeadRecord = z.output<typeof leadRecordSchema>;

/** What a lead record is built from: the submission's row, its newest request, its plan. */
export interface LeadSource {
  submission: FieldRow & {
    id: string;
    created_at: Date;
    updated_at: Date;
    completed_at: Date | null;
  };
  quoteRequest?: {
    reference: string;
    status: string;
    lines: string[];
    startDate: string;
    contactChannel: string;
    note: string | null;
    createdAt: Date;
    updatedAt: Date;
  };
  plan?: ReadonlyArray<{ slug: string; name: string; recommendation: Recommendation }>;
  /** What happened to its policies after binding, newest first (none when not given). */
  policy?: {
    changes: Array<{
      id: string;
      policyNumber: string;
      recordedAt: Date;
      showCustomer: boolean;
      details: PolicyChangeDetails;
    }>;
    requests: Array<{
      reference: string;
      policyNumber: string;
      kind: ChangeRequestKind;
      details: string;
      requestedAt: Date;
      doneAt: Date | null;
    }>;
  };
  /** The newest request to bind on that request, as the record publishes it. */
  bindRequest?: LeadRecord["bindRequest"];
  /** The newest request's quotes. */
  quotes?: readonly InsurerQuote[];
  /** Every bound request of the customer's, oldest first (none when not given). */
  policies?: LeadRecord["policies"];
  /** The customer's certificate requests, oldest first (none when not given). */
  certificates?: LeadRecord["certificates"];
}

const ENTITY_TYPES: Record<string, LeadRecord["applicant"]["entityType"]> = {
  "Individual / Sole Proprietorship": "individual",
  Partnership: "partnership",
  "Limited Liability Company": "llc",
  Corporation: "corporation",
  Trust: "trust",
  "Other Entity": "other",
};

/** "…, City, ST 12345" (or the state's name; ZIP+4 too) at the end of an address line. */
const CITY_STATE_ZIP = /^(.*),\s*([^,]+?),\s*([A-Za-z][A-Za-z .]*?)\s+(\d{5}(?:-\d{4})?)$/;

/**
 * An address as entered, split where its end reads as "city, state ZIP"; otherwise the whole line
 * is the street and city and ZIP are unknown (nothing is guessed). `state` is the state to assume
 * when the line names none (the business's state, for its primary location).
 */
export function splitAddress(
  line: string,
  unit: string | null,
  state: string | undefined,
): z.output<typeof addressSchema> {
  const street = unit && line.endsWith(`, ${unit}`) ? line.slice(0, -(unit.length + 2)) : line;
  const [, before, city, stateText, postalCode] = CITY_STATE_ZIP.exec(street.slice(0, 500)) ?? [];
  const named = stateText ? stateNamed(stateText) : undefined;
  const assumed = state ? stateNamed(state) : undefined;
  if (before !== undefined && city !== undefined && postalCode !== undefined && named) {
    return {
      line,
      street: before.trim(),
      unit,
      city: city.trim(),
      state: uspsCode(named),
      postalCode,
    };
  }
  return {
    line,
    street,
    unit,
    city: null,
    state: assumed ? uspsCode(assumed) : null,
    postalCode: null,
  };
}

/**
 * The primary location: from its parts, as the wizard asks for them (issue 27), or for a record
 * saved before, its one line split as well as it reads.
 */
function primaryAddressOf(row: FieldRow): z.output<typeof addressSchema> | null {
  if (row.primary_location === null) return null;
  if (row.street_address === null || row.city === null || row.zip_code === null) {
    return splitAddress(row.primary_location, row.unit, row.state);
  }
  const state = stateNamed(row.state);
  return {
    line: row.primary_location,
    street: row.street_address,
    unit: row.unit,
    city: row.city,
    state: state ? uspsCode(state) : null,
    postalCode: row.zip_code,
  };
}

function iso(value: Date | string | null): string | null {
  return value === null ? null : new Date(value).toISOString();
}

/** A quote as the lead record carries it. */
export function quoteRecord(quote: InsurerQuote): LeadRecord["quotes"][number] {
  return {
    id: quote.id,
    insurer: quote.insurer,
    kind: quote.kind,
    status: quote.status,
    market: quote.market,
    premiumCents: quote.premiumCents,
    charges: { ...quote.charges },
    totalCents: totalCents(quote),
    minimumEarnedCents: quote.minimumEarnedCents,
    payInFull: quote.payInFull,
    instalments:
      quote.monthlyFeeCents === null
        ? null
        : {
            downPaymentCents: quote.instalments?.downPaymentCents ?? null,
            count: quote.instalments?.count ?? null,
            amountCents: quote.instalments?.amountCents ?? null,
            feePerInstalmentCents: quote.monthlyFeeCents,
          },
    termStart: quote.termStart,
    termEnd: quote.termEnd,
    validUntil: quote.validUntil,
    terrorism: quote.terrorism ? { ...quote.terrorism } : null,
    rating: quote.rating ? { ...quote.rating } : null,
    subjectivities: quote.subjectivities.map((entry) => ({ ...entry })),
    lines: quote.lines.map((entry) => ({
      line: entry.line,
      name: lineName(entry.line),
      basis: entry.basis,
      retroDate: entry.retroDate,
      occurrenceOrClaimCents: entry.occurrenceCents,
      aggregateCents: entry.aggregateCents,
      limitText: entry.limitText,
      deductibleCents: entry.deductibleCents,
      subjectToAudit: entry.auditable,
    })),
    notes: quote.notes,
    publishedAt: quote.publishedAt ? quote.publishedAt.toISOString() : null,
  };
}

/** The lead record of a submission, with its newest quote request and its coverage plan. */
export function buildLeadRecord({
  submission: row,
  quoteRequest,
  plan,
  policy,
  bindRequest,
  quotes = [],
  policies = [],
  certificates = [],
}: LeadSource): LeadRecord {
  const complete = row.completed_at !== null;
  const yearStarted = row.start_year === null ? null : Number(row.start_year);
  const recordYear = (row.completed_at ?? row.updated_at).getUTCFullYear();
  const legalName = row.legal_business_name;
  return {
    schemaVersion: LEAD_RECORD_SCHEMA_VERSION,
    id: row.id,
    status: complete ? "complete" : "email-step",
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
    completedAt: iso(row.completed_at),
    applicant: {
      legalName,
      dba:
        row.business_name && legalName && row.business_name !== legalName
          ? row.business_name
          : null,
      businessName: row.business_name,
      entityType: row.ownership_structure
        ? (ENTITY_TYPES[row.ownership_structure] ?? "other")
        : null,
      ownershipStructure: row.ownership_structure,
      yearStarted,
      yearsInBusiness: yearStarted === null ? null : Math.max(0, recordYear - yearStarted),
      primaryAddress: primaryAddressOf(row),
      mailingAddressSameAsPrimary: row.same_address === null ? null : row.same_address === "Yes",
      mailingAddress:
        row.mailing_address === null ? null : splitAddress(row.mailing_address, null, undefined),
    },
    contact: {
      firstName: row.first_name,
      lastName: row.last_name,
      email: row.email,
      phone: row.phone_number,
      language: isLocale(row.language) ? row.language : BASE_LOCALE,
      textsConsent: {
        agreed: row.consent_to_texts === true,
        text: row.consent_to_texts ? row.consent_text : null,
        agreedAt: row.consent_to_texts ? iso(row.consent_given_at) : null,
      },
    },
    natureOfBusiness: {
      state: row.state,
      industry: { id: row.industry, label: industryLabel(row.industry) },
      segments: row.segments,
      naics:
        row.naics_code && row.naics_title ? { code: row.naics_code, title: row.naics_title } : null,
    },
    optionalAnswers: {
      fullTimeEmployees: row.full_time_employees,
      partTimeEmployees: row.part_time_employees,
      annualRevenue: row.annual_revenue === null ? null : Number(row.annual_revenue),
      revenueBand: row.revenue_band,
      claimsLast3Years: row.claims_last_3_years,
      currentlyInsured: row.currently_insured,
      workingOwners: row.working_owners,
      vehicles: row.vehicles,
    },
    coveragePlan:
      complete && plan
        ? plan.map((line) => ({
            line: line.slug,
            name: line.name,
            recommendation: line.recommendation,
          }))
        : null,
    quoteRequest: quoteRequest
      ? {
          reference: quoteRequest.reference,
          status: quoteRequest.status,
          lines: quoteRequest.lines.map((line) => ({ line, name: lineName(line) })),
          startDate: quoteRequest.startDate,
          contactChannel: quoteRequest.contactChannel,
          note: quoteRequest.note,
          createdAt: quoteRequest.createdAt.toISOString(),
          updatedAt: quoteRequest.updatedAt.toISOString(),
        }
      : null,
    policyChanges: (policy?.changes ?? []).map((change) => ({
      id: change.id,
      policyNumber: change.policyNumber,
      recordedAt: change.recordedAt.toISOString(),
      shownToCustomer: change.showCustomer,
      change: change.details,
    })),
    changeRequests: (policy?.requests ?? []).map((request) => ({
      reference: request.reference,
      policyNumber: request.policyNumber,
      kind: request.kind,
      details: request.details,
      requestedAt: request.requestedAt.toISOString(),
      doneAt: iso(request.doneAt),
    })),
    bindRequest: quoteRequest && bindRequest ? bindRequest : null,
    quotes: quoteRequest ? quotes.map(quoteRecord) : [],
    policies: [...policies],
    certificates: [...certificates],
  };
}

/** The published JSON Schema of the lead record (docs/lead-record.schema.json is this, written out). */
export function leadRecordJsonSchema(): Record<string, unknown> {
  return {
    ...z.toJSONSchema(leadRecordSchema, { target: "draft-2020-12" }),
    $id: `https://coverpilot.example/schemas/lead-record-${LEAD_RECORD_SCHEMA_VERSION}.json`,
    title: "CoverPilot lead record",
    description: `One lead, shaped after the ACORD 125 commercial insurance application (schemaVersion ${LEAD_RECORD_SCHEMA_VERSION}).`,
  };
}

/** A delivery as the lead desk lists it. */
export interface WebhookDelivery {
  id: string;
  event: string;
  url: string;
  attempts: number;
  lastStatus: number | null;
  lastError: string | null;
  deliveredAt: Date | null;
  failedAt: Date | null;
  nextAttemptAt: Date;
  createdAt: Date;
}
