import { createHash, randomBytes } from "node:crypto";
import { writeFileSync } from "node:fs";
import { join } from "node:path";

import { bindStatements, esignConsentWords, keptConsent } from "#app/domain/quote/bind-requests.ts";
import type { InsurerQuoteInput } from "#app/domain/quote/insurer-quotes.ts";
import { SAMPLE_AGENCY } from "#app/domain/site/agency.ts";
import { AGENCY_MAIL_LIMITS } from "#app/domain/site/mailbox.ts";
import { createOperator } from "#app/server/admin/operators.server.ts";
import type { Db } from "#app/server/db/database.server.ts";
import type { ReceivedFile } from "#app/server/http/multipart-upload.server.ts";
import { addPolicy, markBound, requestToBind } from "#app/server/leads/bind-store.server.ts";
import {
  addInsurerQuote,
  publishInsurerQuotes,
} from "#app/server/leads/insurer-quote-store.server.ts";

/** The agency the fixtures' emails name: the sample, marked as such. */
export const FIXTURE_AGENCY = { ...SAMPLE_AGENCY, sample: true };

/**
 * A lead (a bakery in Ohio, `<name>@shops.example`) with a quote request for general liability and
 * workers' comp made at `requestedAt` (and a phone, if given): its ids, email and reference.
 */
export async function leadWithRequest(
  db: Db,
  name: string,
  requestedAt: string,
  status = "new",
  phone: string | null = null,
) {
  const { id } = await db
    .insertInto("business_wizard_submissions")
    .values({
      industry: "food",
      state: "Ohio",
      segments: ["Bakery"],
      email: `${name.toLowerCase()}@shops.example`,
      business_name: name,
      first_name: "Ana",
      last_name: name,
      phone_number: phone,
      created_at: requestedAt,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  const reference = `CP-${name.slice(0, 6).toUpperCase().padEnd(6, "X")}`;
  const request = await db
    .insertInto("quote_requests")
    .values({
      submission_id: id,
      reference,
      lines: ["general-liability", "workers-comp"],
      start_date: "2027-01-01",
      contact_channel: "phone",
      consent_text: "I agree.",
      consent_given_at: requestedAt,
      status,
      created_at: requestedAt,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return {
    submissionId: id,
    email: `${name.toLowerCase()}@shops.example`,
    request: { id: request.id, submissionId: id, reference },
  };
}

/** An insurer's quote for general liability, as the desk's form gives it (valid to 2026-12-31). */
export const SAMPLE_QUOTE: InsurerQuoteInput = {
  insurer: "Acme Mutual",
  kind: "bindable",
  market: "admitted",
  premiumCents: 240_050,
  charges: {
    surplusLinesTaxCents: null,
    stampingFeeCents: null,
    policyFeeCents: 15_000,
    inspectionFeeCents: null,
    brokerFeeCents: null,
  },
  minimumEarnedCents: null,
  payInFull: true,
  monthlyFeeCents: 900,
  instalments: { downPaymentCents: 60_000, count: 9, amountCents: 20_000 },
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
  notes: "Excludes work above three stories.",
  lines: [
    {
      line: "general-liability",
      occurrenceCents: 100_000_000,
      aggregateCents: 200_000_000,
      limitText: null,
      deductibleCents: 100_000,
      basis: "occurrence",
      retroDate: null,
      auditable: true,
    },
  ],
};

/**
 * The request to bind as the visitor's form posts it, documents by email (the journeys that bind
 * by posts, and the bench's customer).
 */
export function bindForm(signature: string, start: string): Record<string, string> {
  return {
    payment: "in-full",
    start,
    "answers-true": "on",
    "ask-insurer": "on",
    "not-covered-yet": "on",
    "esign-consent": "on",
    documents: "electronic",
    signature,
  };
}

/** The day `days` from today (UTC), as a date field takes it. */
export function daysFromToday(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

/**
 * The lead desk's quote form for general liability as a browser posts it: a term starting in 30
 * days, valid for 14, from an admitted insurer, payable in full or $600 down and 9 instalments of
 * $200 with a $9 fee each, no terrorism cover offered.
 */
export function deskQuoteForm(insurer: string, kind: "bindable" | "estimate", premium: string) {
  return {
    intent: "add",
    insurer,
    kind,
    premium,
    market: "admitted",
    payInFull: "on",
    monthly: "on",
    monthlyFee: "9",
    downPayment: "600",
    instalmentCount: "9",
    instalmentAmount: "200",
    termStart: daysFromToday(30),
    termEnd: daysFromToday(395),
    validUntil: daysFromToday(14),
    tria: "not-offered",
    "general-liability.included": "on",
    "general-liability.basis": "occurrence",
    "general-liability.occurrence": "1,000,000",
    "general-liability.aggregate": "2,000,000",
    "general-liability.deductible": "500",
  };
}

/** A file as an upload leaves it for the stores: `text`'s bytes in a new file under `directory`. */
export function receivedFile(directory: string, claimedName: string, text: string): ReceivedFile {
  const bytes = Buffer.from(text);
  const path = join(directory, randomBytes(6).toString("hex"));
  writeFileSync(path, bytes);
  return {
    path,
    claimedName,
    byteSize: bytes.length,
    head: bytes.subarray(0, 8),
    sha256: createHash("sha256").update(bytes).digest("hex"),
  };
}

/**
 * A lead whose general liability quote from Acme Mutual is bound as `policyNumber`, ending on
 * `policyEnd` (a year after its start), with the operator who bound it: as the desk and the
 * visitor's forms leave it. `directory` takes the policy's PDF on its way in.
 */
export async function leadWithPolicy(
  db: Db,
  name: string,
  directory: string,
  policy: { number: string; end: string } = { number: "GL-1", end: "2028-01-01" },
) {
  const operator = await createOperator(
    db,
    `desk-${name.toLowerCase()}@agency.example`,
    "a long enough password",
  );
  const lead = await leadWithRequest(db, name, "2026-11-20T15:00:00Z", "contacted");
  const added = await addInsurerQuote(db, lead.request, SAMPLE_QUOTE, operator.id);
  if (added.outcome !== "saved") throw new Error("the quote was not added");
  const sending = {
    operatorId: operator.id,
    siteUrl: "https://coverpilot.example",
    agency: FIXTURE_AGENCY,
    perHour: 10,
  };
  await publishInsurerQuotes(db, lead.request, { email: lead.email, firstName: "Ana" }, sending);
  await requestToBind(
    db,
    lead.request,
    {
      quoteId: added.quoteId,
      payment: "in-full",
      startDate: "2027-01-01",
      statements: bindStatements(FIXTURE_AGENCY.name, SAMPLE_QUOTE.insurer),
      consent: keptConsent(esignConsentWords(FIXTURE_AGENCY), "electronic"),
      documentsBy: "electronic",
      // SAMPLE_QUOTE offers terrorism cover: the insured answers it.
      tria: "rejected",
      signatureName: `Ana ${name}`,
    },
    { clientAddress: "203.0.113.9", userAgent: null, today: "2026-11-26" },
    {
      email: lead.email,
      firstName: "Ana",
      language: "en",
      agency: FIXTURE_AGENCY,
      limits: AGENCY_MAIL_LIMITS,
    },
  );
  const start = new Date(Date.parse(`${policy.end}T00:00:00Z`) - 365 * 86_400_000)
    .toISOString()
    .slice(0, 10);
  const visitor = { email: lead.email, firstName: "Ana", language: "en" } as const;
  const bound = await markBound(
    db,
    lead.request,
    { number: `B-${policy.number}`, effective: start, expires: start },
    visitor,
    sending,
  );
  if (bound.outcome !== "bound") throw new Error("the request was not bound");
  const issued = await addPolicy(
    db,
    lead.request,
    { number: policy.number, start, end: policy.end },
    receivedFile(directory, "policy.pdf", "%PDF-1.7 the policy"),
    visitor,
    sending,
  );
  if (issued.outcome !== "added") throw new Error("the policy was not added");
  return { operator, lead, sending };
}

/**
 * The policy of a lead made by leadWithPolicy renewed (decision 047): a renewal request naming it,
 * quoted by Acme Mutual again, asked to bind and bound as `number` for the next year.
 */
export async function renewPolicy(
  db: Db,
  bound: Awaited<ReturnType<typeof leadWithPolicy>>,
  directory: string,
  number = "GL-2",
) {
  const { lead, operator, sending } = bound;
  const old = await db
    .selectFrom("bind_requests")
    .select("id")
    .where("submission_id", "=", lead.submissionId)
    .where("status", "=", "bound")
    .executeTakeFirstOrThrow();
  const reference = `${lead.request.reference}R`;
  const { id } = await db
    .insertInto("quote_requests")
    .values({
      submission_id: lead.submissionId,
      reference,
      lines: ["general-liability", "workers-comp"],
      start_date: "2027-01-01",
      contact_channel: "phone",
      consent_text: "I agree.",
      consent_given_at: "2026-11-25T15:00:00Z",
      status: "contacted",
      renews_bind_request_id: old.id,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  const request = { id, submissionId: lead.submissionId, reference };
  const added = await addInsurerQuote(db, request, SAMPLE_QUOTE, operator.id);
  if (added.outcome !== "saved") throw new Error("the renewal's quote was not added");
  await publishInsurerQuotes(db, request, { email: lead.email, firstName: "Ana" }, sending);
  await requestToBind(
    db,
    request,
    {
      quoteId: added.quoteId,
      payment: "in-full",
      startDate: "2027-01-01",
      statements: bindStatements(FIXTURE_AGENCY.name, SAMPLE_QUOTE.insurer),
      consent: keptConsent(esignConsentWords(FIXTURE_AGENCY), "electronic"),
      documentsBy: "electronic",
      // SAMPLE_QUOTE offers terrorism cover: the insured answers it.
      tria: "rejected",
      signatureName: "Ana Renewed",
    },
    { clientAddress: "203.0.113.9", userAgent: null, today: "2026-11-26" },
    {
      email: lead.email,
      firstName: "Ana",
      language: "en",
      agency: FIXTURE_AGENCY,
      limits: AGENCY_MAIL_LIMITS,
    },
  );
  const renewer = { email: lead.email, firstName: "Ana", language: "en" } as const;
  const renewedBinder = await markBound(
    db,
    request,
    { number: `B-${number}`, effective: "2028-01-01", expires: "2028-01-31" },
    renewer,
    sending,
  );
  if (renewedBinder.outcome !== "bound") throw new Error("the renewal was not bound");
  const renewed = await addPolicy(
    db,
    request,
    { number, start: "2028-01-01", end: "2029-01-01" },
    receivedFile(directory, "renewal.pdf", "%PDF-1.7 the renewal"),
    renewer,
    sending,
  );
  if (renewed.outcome !== "added") throw new Error("the renewal's policy was not added");
  return request;
}
