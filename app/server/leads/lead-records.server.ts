import { coveragePlan } from "#app/domain/quote/coverage-plan.ts";
import {
  buildLeadRecord,
  type LeadRecord,
  type LeadSource,
} from "#app/domain/leads/lead-record.ts";
import { optionalAnswersOf, planAnswersOf } from "#app/domain/quote/quote-request.ts";

import type { Db } from "#app/server/db/database.server.ts";
import {
  latestQuoteRequests,
  type QuoteRequest,
} from "#app/server/wizard/quote-requests.server.ts";
import { latestBindings, policyRecords } from "#app/server/leads/bind-store.server.ts";
import { certificateRecords } from "#app/server/leads/certificate-store.server.ts";
import { quotesOfRequests } from "#app/server/leads/insurer-quote-store.server.ts";
import type { InsurerQuote } from "#app/domain/quote/insurer-quotes.ts";
import {
  policyHistories,
  type PolicyHistory,
} from "#app/server/leads/policy-change-store.server.ts";
import {
  exportSubmissions,
  getSubmission,
  type ExportOptions,
  type ExportSelection,
  type SubmissionRow,
} from "#app/server/leads/leads.server.ts";

/** What a customer holds after binding: each of its policies, their changes, its certificates. */
interface CustomerBook {
  changes: Map<string, PolicyHistory>;
  policies: Map<string, LeadRecord["policies"]>;
  certificates: Map<string, LeadRecord["certificates"]>;
}

/** The book of each of these submissions, each part read at once for all of them. */
async function customerBooks(db: Db, submissionIds: readonly string[]): Promise<CustomerBook> {
  const [changes, policies, certificates] = await Promise.all([
    policyHistories(db, submissionIds),
    policyRecords(db, submissionIds),
    certificateRecords(db, submissionIds),
  ]);
  return { changes, policies, certificates };
}

/**
 * A submission's lead record, given its row, its newest quote request, that request's quotes and
 * request to bind (each by the request's id), and the customer's book (by the submission's id).
 */
function recordOf(
  row: SubmissionRow,
  request: (NonNullable<LeadSource["quoteRequest"]> & { id: string }) | undefined,
  book: CustomerBook,
  bindings: ReadonlyMap<string, NonNullable<LeadSource["bindRequest"]>>,
  quotes: ReadonlyMap<string, readonly InsurerQuote[]>,
) {
  const answers = row.ownership_structure
    ? planAnswersOf(
        {
          industry: row.industry,
          segments: row.segments,
          state: row.state,
          ownershipStructure: row.ownership_structure,
          naicsCode: row.naics_code,
        },
        optionalAnswersOf(row),
      )
    : undefined;
  return buildLeadRecord({
    submission: row,
    quoteRequest: request,
    plan: answers ? coveragePlan(answers).lines : undefined,
    policy: book.changes.get(row.id),
    bindRequest: request ? bindings.get(request.id) : undefined,
    quotes: request ? quotes.get(request.id) : undefined,
    policies: book.policies.get(row.id),
    certificates: book.certificates.get(row.id),
  });
}

/** The lead record of one submission, or undefined when there is none with this id. */
export async function leadRecord(db: Db, submissionId: string): Promise<LeadRecord | undefined> {
  const row = await getSubmission(db, submissionId);
  if (!row) return undefined;
  const [requests, book] = await Promise.all([
    latestQuoteRequests(db, [row.id]),
    customerBooks(db, [row.id]),
  ]);
  const request = requests.get(row.id);
  const ids = request ? [request.id] : [];
  const [bindings, quotes] = await Promise.all([
    latestBindings(db, ids),
    quotesOfRequests(db, ids),
  ]);
  return recordOf(row, request, book, bindings, quotes);
}

/** The ids of the requests of a batch. */
export function requestIds(requests: ReadonlyMap<string, QuoteRequest>): string[] {
  return [...requests.values()].map((request) => request.id);
}

/**
 * Submissions read at a time for the lead records: a record carries the customer's book (policies,
 * certificates, changes) beside the request and its quotes, and 500 of them (the CSV's batch) held
 * some 58 MB of JavaScript heap at once, past the 48 MB an export must run to the end within
 * (bench/report.md, the lead desk at scale).
 */
const RECORD_BATCH = 200;

/** The lead records of a selection, newest first, a batch at a time (the JSON export). */
export async function* leadRecords(
  db: Db,
  selection: ExportSelection = {},
  { batchSize = RECORD_BATCH }: ExportOptions = {},
): AsyncGenerator<LeadRecord[]> {
  for await (const batch of exportSubmissions(db, selection, { batchSize })) {
    const ids = batch.map((row) => row.id);
    const [requests, book] = await Promise.all([
      latestQuoteRequests(db, ids),
      customerBooks(db, ids),
    ]);
    const [bindings, quotes] = await Promise.all([
      latestBindings(db, requestIds(requests)),
      quotesOfRequests(db, requestIds(requests)),
    ]);
    yield batch.map((row) => recordOf(row, requests.get(row.id), book, bindings, quotes));
  }
}

/**
 * The lead records of a selection as one JSON array, one chunk per batch read (memory stays flat:
 * the caller writes each chunk before asking for the next): what
 * `npm run leads:export -- --format json` writes.
 */
export async function* leadRecordsJson(
  db: Db,
  selection: ExportSelection = {},
  options: ExportOptions = {},
): AsyncGenerator<string> {
  let first = true;
  yield "[";
  for await (const batch of leadRecords(db, selection, options)) {
    if (batch.length === 0) continue;
    yield (first ? "\n" : ",\n") + batch.map((record) => JSON.stringify(record)).join(",\n");
    first = false;
  }
  yield first ? "]\n" : "\n]\n";
}
