/**
 * CSV as RFC 4180 writes it, made safe to open in a spreadsheet: the one writer of the lead desk's
 * download and of `npm run leads:export`.
 */

/** A value of a CSV cell; null and undefined are empty cells. */
export type CsvValue = string | number | boolean | null | undefined;

/** A sign followed by digits only ("+15552345678", "-3"): a number to a spreadsheet, never a formula. */
const SIGNED_NUMBER = /^[+-]\d+$/;

/** What a spreadsheet may take for the start of a formula (OWASP's list). */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * What makes a cell quoted: RFC 4180's comma, quote and line breaks, and the separators a
 * spreadsheet may guess instead of the comma (semicolon, tab), so that no reader splits a cell.
 */
const NEEDS_QUOTES = /[",;\t\r\n]/;

/**
 * One cell: text that a spreadsheet would read as a formula (starting with =, +, -, @, a tab or a
 * carriage return) gets a leading single quote, so that it shows as text and runs nothing (CSV
 * injection). Phone numbers in E.164 form and other signed digits are left alone: they cannot call
 * anything. Cells holding a comma, a semicolon, a double quote, a tab or a line break are quoted,
 * quotes doubled.
 */
export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return "";
  let text = String(value);
  if (FORMULA_START.test(text) && !SIGNED_NUMBER.test(text)) text = `'${text}`;
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One line of CSV, ending with CRLF as RFC 4180 says. */
export function csvRow(values: readonly CsvValue[]): string {
  return `${values.map(csvCell).join(",")}\r\n`;
}
