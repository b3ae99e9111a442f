import { possessive } from "#app/domain/site/possessive.ts";
import type { ComparisonRow } from "#app/domain/quote/insurer-quotes.ts";
import { useLocale } from "#app/hooks/use-locale.ts";
import { m } from "#app/paraglide/messages.js";
import { NonAdmittedMark } from "#app/components/wizard/quote-proposal-parts.tsx";

/**
 * The agency's published quotes side by side on the visitor's quotes page (routes/wizard/quotes.tsx,
 * issue 29): on a wide screen one table, a column per quote; on a phone a card per quote with the
 * same rows. Each quote's heading carries its total, its marks, the insurer's PDF and "Choose this
 * quote" where it can be chosen.
 */

/** A quote's heading, as the loader gives it. */
export interface QuoteHeading {
  id: string;
  insurer: string;
  /** What the insured pays in all: the parts of the price the agent entered, added up. */
  total: string;
  /** A surplus lines quote: marked as such in its heading. */
  nonAdmitted: boolean;
  estimate: boolean;
  expired: boolean;
  pdf: { href: string; size: string } | undefined;
  choose: string | undefined;
}

export function DiffersMark({ row }: { row: ComparisonRow }) {
  const locale = useLocale();
  if (!row.differs) return null;
  return (
    <span className="ml-2 inline-block rounded bg-amber-100 px-1.5 py-0.5 text-xs font-semibold text-amber-900">
      {m.quotes_differs({}, { locale })}
    </span>
  );
}

/** The insurer's own quote document, when the agency attached it. */
export function InsurerPdfLink({
  heading,
}: {
  heading: { insurer: string; pdf: { href: string; size: string } | undefined };
}) {
  const locale = useLocale();
  if (!heading.pdf) return null;
  return (
    <a
      href={heading.pdf.href}
      download
      className="mt-1 block text-sm font-semibold text-brand-700 underline"
    >
      {m.quotes_pdf_link(
        { ofInsurer: possessive(heading.insurer, locale), size: heading.pdf.size },
        { locale },
      )}
    </a>
  );
}

/** "Choose this quote", on a quote that can be chosen. */
export function ChooseLink({
  heading,
}: {
  heading: { insurer: string; choose: string | undefined };
}) {
  const locale = useLocale();
  if (!heading.choose) return null;
  return (
    <a
      href={heading.choose}
      className="mt-3 inline-block rounded-lg bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800"
    >
      {m.quotes_choose({}, { locale })}
      <span className="sr-only">
        {" "}
        {m.quotes_choose_from({ insurer: heading.insurer }, { locale })}
      </span>
    </a>
  );
}

export function QuoteComparison({
  headings,
  rows,
}: {
  headings: readonly QuoteHeading[];
  rows: readonly ComparisonRow[];
}) {
  const locale = useLocale();
  const words = { locale };
  return (
    <>
      {/* Wide screens: one table, a column per quote. */}
      <div className="hidden overflow-x-auto md:block">
        <table className="w-full border-collapse text-left text-sm">
          <caption className="sr-only">{m.quotes_caption({}, words)}</caption>
          <thead>
            <tr>
              <td className="border-b border-slate-200 p-3" />
              {headings.map((heading) => (
                <th
                  key={heading.id}
                  scope="col"
                  className="border-b border-slate-200 p-3 align-bottom text-base text-ink"
                >
                  {heading.insurer}
                  <span className="block text-xl font-bold">{heading.total}</span>
                  <NonAdmittedMark heading={heading} />
                  {heading.estimate ? (
                    <span className="mt-1 block text-xs font-semibold text-amber-900">
                      {m.quotes_estimate({}, words)}
                    </span>
                  ) : null}
                  {heading.expired ? (
                    <span className="mt-1 block text-xs font-semibold text-red-800">
                      {m.quotes_expired({}, words)}
                    </span>
                  ) : null}
                  <InsurerPdfLink heading={heading} />
                  <ChooseLink heading={heading} />
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr
                key={row.id}
                className={`${row.differs ? "bg-amber-50" : ""} ${row.total ? "font-bold" : ""}`}
              >
                <th scope="row" className="border-b border-slate-200 p-3 font-semibold text-ink">
                  {row.label}
                  <DiffersMark row={row} />
                </th>
                {row.values.map((value, index) => (
                  <td key={headings[index]?.id} className="border-b border-slate-200 p-3 text-ink">
                    {value}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {/* Phones: a card per quote, the same rows. */}
      <ol className="space-y-4 md:hidden">
        {headings.map((heading, index) => (
          <li key={heading.id} className="rounded-xl border border-slate-200 p-4">
            <h2 className="text-lg font-semibold text-ink">
              {heading.insurer}: {heading.total}
            </h2>
            <NonAdmittedMark heading={heading} />
            {heading.expired ? (
              <p className="mt-1 text-sm font-semibold text-red-800">
                {m.quotes_expired({}, words)}
              </p>
            ) : null}
            <InsurerPdfLink heading={heading} />
            <ChooseLink heading={heading} />
            <dl className="mt-2 divide-y divide-slate-200">
              {rows.map((row) => (
                <div key={row.id} className={row.total ? "py-2 font-bold" : "py-2"}>
                  <dt className="text-sm font-semibold text-ink">
                    {row.label}
                    <DiffersMark row={row} />
                  </dt>
                  <dd className="text-ink">{row.values[index]}</dd>
                </div>
              ))}
            </dl>
          </li>
        ))}
      </ol>
    </>
  );
}
