/**
 * The lead desk's tables: each column written once (its header and its cells), a table on wider
 * screens and, on a phone, one card per row whose every value carries its column's name, so that
 * nothing scrolls sideways and no value wraps a letter a line (issue 28).
 */
import type { ReactNode } from "react";

export interface DeskColumn<Row> {
  /** The column's header, and each cell's name on a phone. */
  label: string;
  cell: (row: Row) => ReactNode;
  /** Kept on one line on wider screens (a date, a phone number). */
  nowrap?: boolean;
  /** A row header: the cell that names its row. */
  rowHeader?: boolean;
  /** More classes for the column's header and cells ("print:hidden"). */
  className?: string;
}

/** The look of the desk's tables (and of the few that stay plain tables, in a scrolling box). */
export const tableClasses = {
  // Relative: a visually hidden label inside a wide table scrolls with it, not past the page.
  wrapper: "relative mt-4 overflow-x-auto rounded-xl border border-line bg-white",
  table: "min-w-full divide-y divide-line text-left text-sm",
  head: "bg-surface",
  th: "px-4 py-3 font-semibold whitespace-nowrap text-ink print:py-0.5",
  td: "px-4 py-3 align-top text-ink print:py-0.5",
} as const;

/** On a phone, a cell is a line of its card: its column's name, then its value. */
const stackedCell =
  "max-sm:flex max-sm:gap-3 max-sm:px-4 max-sm:py-1 max-sm:before:w-28 max-sm:before:shrink-0 max-sm:before:font-semibold max-sm:before:content-[attr(data-label)]";

export function DeskTable<Row>({
  caption,
  columns,
  rows,
  rowKey,
}: {
  caption: string;
  columns: readonly DeskColumn<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string;
}) {
  return (
    <div className={tableClasses.wrapper}>
      <table className={`${tableClasses.table} max-sm:block`}>
        <caption className="sr-only">{caption}</caption>
        <thead className={`${tableClasses.head} max-sm:sr-only`}>
          <tr>
            {columns.map((column) => (
              <th
                key={column.label}
                scope="col"
                className={`${tableClasses.th} ${column.className ?? ""}`}
              >
                {column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-line max-sm:block">
          {rows.map((row) => (
            <tr key={rowKey(row)} className="max-sm:block max-sm:py-2">
              {columns.map((column) => {
                const className = `${tableClasses.td} ${stackedCell} break-words ${
                  column.nowrap ? "sm:whitespace-nowrap" : ""
                } ${column.className ?? ""}`;
                return column.rowHeader ? (
                  <th
                    key={column.label}
                    scope="row"
                    data-label={column.label}
                    className={`${className} font-medium`}
                  >
                    {column.cell(row)}
                  </th>
                ) : (
                  <td key={column.label} data-label={column.label} className={className}>
                    {column.cell(row)}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
