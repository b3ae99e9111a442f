import { csvRow, type CsvValue } from "#app/domain/leads/csv.ts";
import {
  certificatesCell,
  policiesCell,
  quotesCell,
  LEAD_EXPORT_COLUMNS,
  SUBMISSION_EXPORT_COLUMNS,
  type SubmissionExportColumn,
} from "#app/domain/leads/lead-desk.ts";

import type { Db } from "#app/server/db/database.server.ts";
import {
  exportSubmissions,
  type ExportOptions,
  type ExportSelection,
  type SubmissionRow,
} from "#app/server/leads/leads.server.ts";
import {
  latestQuoteRequests,
  type QuoteRequest,
} from "#app/server/wizard/quote-requests.server.ts";
import { latestBindings, policyRecords } from "#app/server/leads/bind-store.server.ts";
import { certificateRecords } from "#app/server/leads/certificate-store.server.ts";
import { policyHistories } from "#app/server/leads/policy-change-store.server.ts";
import type { LeadRecord } from "#app/domain/leads/lead-record.ts";
import type { InsurerQuote } from "#app/domain/quote/insurer-quotes.ts";
import { quotesOfRequests } from "#app/server/leads/insurer-quote-store.server.ts";
import { requestIds } from "#app/server/leads/lead-records.server.ts";

/** Segments in one cell, in the order chosen. */
export const SEGMENT_SEPARATOR = "; ";

/**
 * A submission's cells (SUBMISSION_EXPORT_COLUMNS): as stored, lists joined, booleans as
 * true/false, numbers as digits.
 */
export function submissionCells(row: SubmissionRow): CsvValue[] {
  const cell = (column: SubmissionExportColumn): CsvValue => {
    const value = row[column];
    if (Array.isArray(value)) return value.join(SEGMENT_SEPARATOR);
    return value instanceof Date ? value.toISOString() : value;
  };
  return SUBMISSION_EXPORT_COLUMNS.map(cell);
}

/**
 * The newest quote request's cells and its quotes' (QUOTE_EXPORT_COLUMNS); empty when none was
 * asked.
 */
export function quoteCells(
  request: QuoteRequest | undefined,
  quotes: readonly InsurerQuote[] = [],
): CsvValue[] {
  return [
    request?.reference,
    request?.status,
    request?.lines.join(SEGMENT_SEPARATOR),
    request?.startDate,
    request?.contactChannel,
    request?.note,
    request?.createdAt.toISOString(),
    request?.updatedAt.toISOString(),
    request ? quotes.filter((quote) => quote.status === "published").length : undefined,
    request ? quotesCell(quotes) : undefined,
  ];
}

/** The newest request to bind's cells (BIND_EXPORT_COLUMNS); empty when none was made. */
export function bindCells(bind: NonNullable<LeadRecord["bindRequest"]> | undefined): CsvValue[] {
  return [
    bind?.reference,
    bind?.status,
    bind?.insurer,
    bind?.binder?.number,
    bind?.binder?.effective,
    bind?.binder?.expires,
    bind?.policy?.number,
    bind?.policy?.start,
    bind?.policy?.end,
  ];
}

/**
 * The submissions of a selection as CSV, chunk by chunk: the header row (the spec's field names,
 * then the Quote step's), then one chunk of rows per batch read, newest first. Nothing holds more
 * than a batch, so memory stays flat however many there are: the caller writes each chunk before
 * asking for the next. The lead desk's download and `npm run leads:export` both write this.
 */
export async function* submissionsCsv(
  db: Db,
  selection: ExportSelection = {},
  options: ExportOptions = {},
): AsyncGenerator<string> {
  yield csvRow(LEAD_EXPORT_COLUMNS);
  for await (const batch of exportSubmissions(db, selection, options)) {
    const submissionIds = batch.map((row) => row.id);
    const [requests, policies, certificates, changes] = await Promise.all([
      latestQuoteRequests(db, submissionIds),
      policyRecords(db, submissionIds),
      certificateRecords(db, submissionIds),
      policyHistories(db, submissionIds),
    ]);
    const ids = requestIds(requests);
    const [quotes, bindings] = await Promise.all([
      quotesOfRequests(db, ids),
      latestBindings(db, ids),
    ]);
    yield batch
      .map((row) => {
        const request = requests.get(row.id);
        return csvRow([
          ...submissionCells(row),
          ...quoteCells(request, request ? quotes.get(request.id) : []),
          ...bindCells(request ? bindings.get(request.id) : undefined),
          policiesCell(policies.get(row.id) ?? []),
          certificatesCell(certificates.get(row.id) ?? []),
          // Counted once the customer holds a policy; empty before, as the policy's cells are.
          policies.has(row.id) ? (changes.get(row.id)?.changes.length ?? 0) : undefined,
        ]);
      })
      .join("");
  }
}
