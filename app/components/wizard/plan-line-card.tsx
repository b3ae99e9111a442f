import { slot, withSlots } from "#app/components/ui/message-slots.tsx";
import { startsTicked, type PlanLine } from "#app/domain/quote/coverage-plan.ts";
import { figureBasisText } from "#app/domain/reference/market-figures.ts";
import { sourceReadText, type Source } from "#app/domain/reference/source.ts";
import { useLocale } from "#app/hooks/use-locale.ts";
import { m } from "#app/paraglide/messages.js";

/**
 * One line of the coverage plan as the Quote step shows it (decision 017): its recommendation, why,
 * what other businesses paid (published medians, never a price for this visitor) and its sources.
 * The line's words come from the loader in the page's language (coveragePlan); the card's own from
 * the catalogs.
 */
const RECOMMENDATION_STYLES: Record<PlanLine["recommendation"], string> = {
  "Required by law": "bg-red-50 text-red-800 ring-red-200",
  Recommended: "bg-brand-50 text-brand-800 ring-brand-200",
  "Worth considering": "bg-amber-50 text-amber-900 ring-amber-200",
  "Not usually needed for this business": "bg-slate-100 text-slate-700 ring-slate-300",
};

/** A plan line as the page gets it: with its recommendation in the page's words. */
export interface PlanLineShown extends PlanLine {
  recommendationLabel: string;
}

function SourceList({ sources }: { sources: readonly Source[] }) {
  const locale = useLocale();
  return (
    <ul className="mt-2 space-y-1">
      {sources.map((source) => (
        <li key={source.url} className="break-words">
          {/* Named as the publisher names itself, in English, on every page. */}
          <span lang="en">
            {source.publisher}:{" "}
            <a href={source.url} className="text-brand-700 underline" rel="noopener noreferrer">
              {source.url}
            </a>
          </span>{" "}
          {m.plan_card_source_read({ date: sourceReadText(source.read, locale) }, { locale })}
        </li>
      ))}
    </ul>
  );
}

/** Money as US Spanish writes it too: "$1,675" (decision 049). */
function dollarsText(amount: number): string {
  return `$${amount.toLocaleString("en-US")}`;
}

function TypicalPrice({ line }: { line: PlanLineShown }) {
  const locale = useLocale();
  const price = line.typicalPrice;
  return (
    <div className="mt-3 rounded-lg bg-slate-50 p-3 text-sm">
      <p className="font-semibold text-ink">{m.plan_card_typical_premium({}, { locale })}</p>
      {price ? (
        <>
          <p className="mt-1 text-ink">
            {withSlots(
              m.plan_card_price(
                {
                  monthly: slot("monthly"),
                  yearly: price.yearly
                    ? m.plan_card_price_yearly({ amount: dollarsText(price.yearly) }, { locale })
                    : "",
                  basis: figureBasisText(price, locale),
                },
                { locale },
              ),
              { monthly: <span className="text-lg font-bold">{dollarsText(price.monthly)}</span> },
            )}
          </p>
          <p className="mt-1 text-muted">{m.plan_card_price_source({}, { locale })}</p>
          {line.priceNote ? <p className="mt-1 text-ink">{line.priceNote}</p> : null}
          <p className="mt-1 text-muted">{m.figure_disclaimer({}, { locale })}</p>
        </>
      ) : (
        <>
          <p className="mt-1 font-semibold text-ink">{m.plan_no_figure({}, { locale })}</p>
          {line.publishedRange ? (
            <>
              <p className="mt-1 text-muted">{line.publishedRange.text}</p>
              <p className="mt-1 text-muted">{m.plan_range_disclaimer({}, { locale })}</p>
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
  const locale = useLocale();
  return (
    <div className="mt-3 rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-ink">
      <p>
        {withSlots(m.plan_card_state_fund({ fund: slot("fund") }, { locale }), {
          fund: (
            <a
              href={fund.url}
              lang="en"
              className="text-brand-700 underline"
              rel="noopener noreferrer"
            >
              {fund.name}
            </a>
          ),
        })}
      </p>
      <p className="mt-1">{m.plan_card_state_fund_employers_liability({}, { locale })}</p>
    </div>
  );
}

/** "Does the business use vehicles for work?": it decides whether the plan shows commercial auto. */
export function PlanLineCard({
  line,
  contractFlag = null,
}: {
  line: PlanLineShown;
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
        {line.recommendationLabel}
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
function PlanLineBody({ line }: { line: PlanLineShown }) {
  const locale = useLocale();
  return (
    <>
      <p className="mt-2 text-ink">{line.reason}</p>
      {/* Beside every "Required by law" (issue 54): what the plan's word on the law is, and is not. */}
      {line.recommendation === "Required by law" ? (
        <p className="mt-1 text-sm text-muted">{m.plan_card_required_note({}, { locale })}</p>
      ) : null}
      {line.stateFund ? <StateFundNote fund={line.stateFund} /> : null}
      <details className="mt-2 text-sm">
        <summary className="cursor-pointer font-semibold text-brand-700">
          {m.plan_card_why({}, { locale })}
          {/* The line's name, without parentheses around it: in Spanish the name carries its
              English term in a parenthesis of its own, which must not nest (issue 53). */}
          <span className="sr-only"> {line.name}</span>
        </summary>
        <div className="mt-2 text-muted">
          {line.notes.length > 0 ? (
            <ul className="list-inside list-disc">
              {line.notes.map((note) => (
                <li key={note}>{note}</li>
              ))}
            </ul>
          ) : null}
          <p className="mt-2">{m.plan_card_sources({}, { locale })}</p>
          <SourceList sources={line.sources} />
          {line.typicalPrice ? (
            <>
              <p className="mt-2">{m.plan_card_price_sources({}, { locale })}</p>
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
