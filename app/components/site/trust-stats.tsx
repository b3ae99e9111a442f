import type { TrustStat } from "#app/domain/site/marketing.ts";
import { m } from "#app/paraglide/messages.js";
import { useLocale } from "#app/hooks/use-locale.ts";

/**
 * Trust figures as tiles: each figure on one line at any width (a figure broken in two reads as two
 * figures), what it measures under it, and under that where it comes from, or "Sample" for the
 * spec's example figures, with a note saying what that means (decision 014).
 */
export function TrustStatTiles({ stats }: { stats: readonly TrustStat[] }) {
  const locale = useLocale();
  return (
    <>
      <dl className="mt-10 grid grid-cols-2 gap-3 sm:gap-6 lg:grid-cols-4">
        {stats.map((stat) => (
          <div
            key={stat.label}
            className="flex flex-col items-center rounded-2xl border border-line bg-white px-3 py-5 text-center shadow-xs sm:p-6"
          >
            <dt className="order-2 mt-2 font-medium text-muted">{stat.label}</dt>
            <dd className="order-1 text-2xl font-extrabold whitespace-nowrap text-brand-700 sm:text-4xl">
              {stat.value}
            </dd>
            {stat.sample ? (
              <dd className="order-3 mt-2 rounded-full bg-accent-100 px-2.5 py-0.5 text-xs font-semibold tracking-wide text-accent-700 uppercase">
                {m.sample({}, { locale })}
              </dd>
            ) : stat.source ? (
              <dd className="order-3 mt-1 text-xs text-muted">{stat.source}</dd>
            ) : null}
          </div>
        ))}
      </dl>
      {stats.some((stat) => stat.sample) ? (
        <p className="mt-4 text-center text-sm text-muted">
          {m.trust_samples_note({}, { locale })}
        </p>
      ) : null}
    </>
  );
}
