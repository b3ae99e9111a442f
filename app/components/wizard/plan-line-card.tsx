import {
  figureBasisText,
  NO_FIGURE_TEXT,
  TYPICAL_PRICE_DISCLAIMER,
} from "#app/domain/reference/market-figures.ts";
import { startsTicked, type PlanLine } from "#app/domain/quote/coverage-plan.ts";
import type { Source } from "#app/domain/reference/source.ts";

/**
 * One line of the coverage plan as the Quote step shows it (decision 017): its recommendation, why,
 * what other businesses paid (published medians, never a price for this visitor) and its sources.
 */
const RECOMMENDATION_STYLES: Record<PlanLine["recommendation"], string> = {
  "Required by law": "bg-red-50 text-red-800 ring-red-200",
  Recommended: "bg-brand-50 text-brand-800 ring-brand-200",
  "Worth considering": "bg-amber-50 text-amber-900 ring-amber-200",
  "Not usually needed for this business": "bg-slate-100 text-slate-700 ring-slate-300",
};

function SourceList({ sources }: { sources: readonly Source[] }) {
  return (
    <ul className="mt-2 space-y-1">
      {sources.map((source) => (
        <li key={source.url} className="break-words">
          {source.publisher}:{" "}
          <a href={source.url} className="text-brand-700 underline" rel="noopener noreferrer">
            {source.url}
          </a>{" "}
          (read {source.read})
        </li>
      ))}
    </ul>
  );
}

function dollars(amount: number): string {
  return `$${amount.toLocaleString("en-US")}`;
}

function TypicalPrice({ line }: { line: PlanLine }) {
  const price = line.typicalPrice;
  return (
    <div className="mt-3 rounded-lg bg-slate-50 p-3 text-sm">
      <p className="font-semibold text-ink">Typical premium</p>
      {price ? (
        <>
          <p className="mt-1 text-ink">
            <span className="text-lg font-bold">{dollars(price.monthly)}</span> a month
            {price.yearly ? ` (${dollars(price.yearly)} a year)` : ""}: {figureBasisText(price)}.
          </p>
          <p className="mt-1 text-muted">Its source is listed with this line's sources.</p>
          {line.priceNote ? <p className="mt-1 text-ink">{line.priceNote}</p> : null}
          <p className="mt-1 text-muted">{TYPICAL_PRICE_DISCLAIMER}</p>
        </>
      ) : (
        <>
          <p className="mt-1 font-semibold text-ink">{NO_FIGURE_TEXT}</p>
          {line.publishedRange ? (
            <>
              <p className="mt-1 text-muted">{line.publishedRange.text}</p>
              <p className="mt-1 text-muted">{TYPICAL_PRICE_DISCLAIMER}</p>
            </>
          ) : null}
        </>
      )}
    </div>
  );
}

/**
 * Workers' compensation in a monopolistic state (issue 26): only the state fund sells it, so no
 * agent can quote it here; stop-gap employer's liability is what an agent can add.
 */
function StateFundNote({ fund }: { fund: NonNullable<PlanLine["stateFund"]> }) {
  return (
    <div className="mt-3 rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-ink">
      <p>
        Only the state fund sells it here, so no agency can quote it: buy it from{" "}
        <a href={fund.url} className="text-brand-700 underline" rel="noopener noreferrer">
          {fund.name}
        </a>
        . It is not ticked below.
      </p>
      <p className="mt-1">
        The fund's policy does not include employer's liability (an employee's lawsuit over an
        injury); an agent can quote that as stop-gap cover, usually added to general liability.
      </p>
    </div>
  );
}

/** "Does the business use vehicles for work?": it decides whether the plan shows commercial auto. */
export function PlanLineCard({
  line,
  contractFlag = null,
}: {
  line: PlanLine;
  /** What the visitor's contract asks of this line (decision 048), shown even when folded. */
  contractFlag?: string | null;
}) {
  const headingId = `line-${line.slug}`;
  const flag = contractFlag ? (
    <p className="mt-3 rounded-lg border border-brand-200 bg-brand-50 p-3 text-sm font-semibold text-ink">
      {contractFlag}
    </p>
  ) : null;
  const title = (
    <>
      <h3 id={headingId} className="text-lg font-semibold text-ink">
        {line.name}
      </h3>
      <span
        className={`rounded-full px-3 py-1 text-sm font-semibold ring-1 ${RECOMMENDATION_STYLES[line.recommendation]}`}
      >
        {line.recommendation}
      </span>
    </>
  );
  const headerClass = "flex flex-wrap items-center justify-between gap-2";
  if (startsTicked(line.recommendation)) {
    return (
      <li aria-labelledby={headingId} className="rounded-xl border border-slate-200 p-4">
        <div className={headerClass}>{title}</div>
        {flag}
        <PlanLineBody line={line} />
      </li>
    );
  }
  return (
    <li aria-labelledby={headingId} className="rounded-xl border border-slate-200 p-4">
      <details>
        <summary className={`${headerClass} cursor-pointer`}>{title}</summary>
        <PlanLineBody line={line} />
      </details>
      {flag}
    </li>
  );
}

/** A plan line's reason, its sources and its typical premium. */
function PlanLineBody({ line }: { line: PlanLine }) {
  return (
    <>
      <p className="mt-2 text-ink">{line.reason}</p>
      {line.stateFund ? <StateFundNote fund={line.stateFund} /> : null}
      <details className="mt-2 text-sm">
        <summary className="cursor-pointer font-semibold text-brand-700">
          Why?<span className="sr-only"> ({line.name})</span>
        </summary>
        <div className="mt-2 text-muted">
          {line.notes.length > 0 ? (
            <ul className="list-inside list-disc">
              {line.notes.map((note) => (
                <li key={note}>{note}</li>
              ))}
            </ul>
          ) : null}
          <p className="mt-2">Where this comes from:</p>
          <SourceList sources={line.sources} />
          {line.typicalPrice ? (
            <>
              <p className="mt-2">Where the typical premium comes from:</p>
              <SourceList sources={[line.typicalPrice.source]} />
            </>
          ) : null}
          {line.publishedRange ? <SourceList sources={line.publishedRange.sources} /> : null}
        </div>
      </details>
      {/* A fund's rates are its own: no private insurer's figure says anything of them. */}
      {line.stateFund ? null : <TypicalPrice line={line} />}
    </>
  );
}
