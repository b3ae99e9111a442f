import { csvRow, type CsvValue } from "#app/domain/csv.ts";
import {
  LEAD_EXPORT_COLUMNS,
  SUBMISSION_EXPORT_COLUMNS,
  type SubmissionExportColumn,
} from "#app/domain/lead-desk.ts";

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

/** Segments in one cell, in the order chosen. */
export const SEGMENT_SEPARATOR = "; ";

/** A submission's cells, column by column: as stored, segments joined, booleans as true/false. */
export function submissionCells(row: SubmissionRow): CsvValue[] {
  const cell = (column: SubmissionExportColumn): CsvValue => {
    const value = row[column];
    return Array.isArray(value) ? value.join(SEGMENT_SEPARATOR) : value;
  };
  return SUBMISSION_EXPORT_COLUMNS.map(cell);
}

/** The Quote step's cells (QUOTE_EXPORT_COLUMNS): the optional answers and the newest request. */
export function quoteCells(row: SubmissionRow, request: QuoteRequest | undefined): CsvValue[] {
  return [
    row.full_time_employees,
    row.part_time_employees,
    row.annual_revenue === null ? null : String(row.annual_revenue),
    row.revenue_band,
    row.claims_last_3_years,
    row.currently_insured,
    row.working_owners,
    row.vehicles,
    request?.reference,
    request?.status,
    request?.lines.join(SEGMENT_SEPARATOR),
    request?.startDate,
    request?.contactChannel,
    request?.note,
    request?.createdAt.toISOString(),
    request?.updatedAt.toISOString(),
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
    const requests = await latestQuoteRequests(
      db,
      batch.map((row) => row.id),
    );
    yield batch
      .map((row) =>
        csvRow([
          ...submissionCells(row),
          row.naics_code,
          row.naics_title,
          ...quoteCells(row, requests.get(row.id)),
        ]),
      )
      .join("");
  }
}
