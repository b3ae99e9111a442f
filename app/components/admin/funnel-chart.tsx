import { tableClasses } from "#app/components/admin/desk-table.tsx";
import { FUNNEL_STEPS, type FunnelStep } from "#app/domain/leads/lead-desk.ts";
import { FIRST_STEP } from "#app/domain/wizard/wizard-screens.ts";

/** A share as people read it: "42%", "<1%" for a sliver, "–" when there is nothing to share. */
function share(part: number, whole: number): string {
  if (whole === 0) return "–";
  const percent = (part / whole) * 100;
  if (part > 0 && percent < 1) return "<1%";
  return `${Math.round(percent)}%`;
}

/**
 * The funnel as bars: visitors at each step over a period, with each step's share of the first.
 * It is a table, so the numbers are the text everyone gets; the bars (SVG, sized by attributes,
 * which the Content-Security-Policy allows where inline styles are not) are only for the eye.
 */
export function FunnelChart({
  totals,
  caption,
}: {
  totals: Record<FunnelStep, number>;
  caption: string;
}) {
  const first = totals[FIRST_STEP];
  const largest = Math.max(1, ...FUNNEL_STEPS.map((step) => totals[step.id]));
  return (
    <div className={tableClasses.wrapper}>
      <table className={tableClasses.table}>
        <caption className="px-4 pt-3 text-left font-semibold text-ink">{caption}</caption>
        <thead className={tableClasses.head}>
          <tr>
            <th scope="col" className={tableClasses.th}>
              Step
            </th>
            <th scope="col" className={`${tableClasses.th} text-right`}>
              Visitors
            </th>
            <th scope="col" className={`${tableClasses.th} w-full`}>
              <span className="sr-only">Bar</span>
            </th>
            <th scope="col" className={`${tableClasses.th} text-right`}>
              Of first step
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-line">
          {FUNNEL_STEPS.map((step) => {
            const visitors = totals[step.id];
            const width = (visitors / largest) * 100;
            return (
              <tr key={step.id}>
                <th scope="row" className={`${tableClasses.td} font-medium whitespace-nowrap`}>
                  {step.label}
                </th>
                <td className={`${tableClasses.td} text-right tabular-nums`}>{visitors}</td>
                <td className={`${tableClasses.td} min-w-32`}>
                  <svg
                    aria-hidden="true"
                    focusable="false"
                    className="h-4 w-full"
                    viewBox="0 0 100 4"
                    preserveAspectRatio="none"
                  >
                    <rect width="100" height="4" className="fill-brand-50" />
                    <rect
                      width={width.toFixed(2)}
                      height="4"
                      className={step.id === "complete" ? "fill-success-700" : "fill-brand-600"}
                    />
                  </svg>
                </td>
                <td className={`${tableClasses.td} text-right tabular-nums`}>
                  {share(visitors, first)}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
