import { csvRow, type CsvValue } from "#app/domain/csv.ts";
import { SUBMISSION_EXPORT_COLUMNS, type SubmissionExportColumn } from "#app/domain/lead-desk.ts";

import type { Db } from "./database.server.ts";
import { exportSubmissions, type ExportSelection, type SubmissionRow } from "./leads.server.ts";

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

/**
 * The submissions of a selection as CSV, chunk by chunk: the header row (the spec's field names),
 * then one row per submission, newest first. The lead desk's download and `npm run leads:export`
 * both write this.
 */
export async function* submissionsCsv(
  db: Db,
  selection: ExportSelection = {},
): AsyncGenerator<string> {
  yield csvRow(SUBMISSION_EXPORT_COLUMNS);
  for await (const batch of exportSubmissions(db, selection)) {
    yield batch.map((row) => csvRow(submissionCells(row))).join("");
  }
}
