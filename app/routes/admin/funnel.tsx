import { tableClasses } from "#app/components/admin/desk-table.tsx";
import {
  adminControlClasses,
  AdminPageHeading,
  adminMeta,
  buttonClasses,
} from "#app/components/admin/admin-ui.tsx";
import { FunnelChart } from "#app/components/admin/funnel-chart.tsx";
import { addDays, isDay, utcDay } from "#app/domain/values/days.ts";
import { FUNNEL_STEPS } from "#app/domain/leads/lead-desk.ts";
import { getOperator } from "#app/server/admin/admin-auth.server.ts";
import { MAX_FUNNEL_DAYS, readFunnel } from "#app/server/wizard/funnel.server.ts";
import { getServices } from "#app/server/services.server.ts";

import type { Route } from "./+types/funnel";

export const meta: Route.MetaFunction = () => adminMeta("Funnel");

/** Without a range in the address, the page shows this many days up to today. */
const DEFAULT_DAYS = 30;

/** The funnel day by day, from ?from= to ?to= (UTC days; the last 30 by default). */
export async function loader({ context, url }: Route.LoaderArgs) {
  getOperator(context);
  const today = utcDay(new Date());
  const askedTo = url.searchParams.get("to") ?? "";
  const askedFrom = url.searchParams.get("from") ?? "";
  let to = isDay(askedTo) ? askedTo : today;
  let from = isDay(askedFrom) ? askedFrom : addDays(to, 1 - DEFAULT_DAYS);
  if (from > to) [from, to] = [to, from];
  const earliest = addDays(to, 1 - MAX_FUNNEL_DAYS);
  if (from < earliest) from = earliest;
  const services = getServices(context);
  return readFunnel(services.database.db, from, to, services.funnel);
}

export default function Funnel({ loaderData }: Route.ComponentProps) {
  const { from, to, days, totals } = loaderData;
  return (
    <>
      <AdminPageHeading title="Wizard funnel">
        How many visitors reached each step of the quote wizard, and completed it, counted by our
        own server. A visitor counts once per application at every step up to the furthest they
        reached (one who came back by a link later in the wizard passed the steps before it), on the
        day (UTC) they started: each step counts at most as many as the one before, and a day&apos;s
        counts grow as its visitors go on. Days before 28 November 2026 counted each step on the day
        it was reached, and may not read as a funnel.
      </AdminPageHeading>

      <form
        method="get"
        action="/admin/funnel"
        aria-label="Choose the days"
        className="mt-6 flex flex-wrap items-end gap-4 rounded-xl border border-line bg-white p-4"
      >
        <div>
          <label htmlFor="funnel-from" className="block text-sm font-medium text-ink">
            From (UTC)
          </label>
          <input
            id="funnel-from"
            name="from"
            type="date"
            defaultValue={from}
            className={adminControlClasses}
          />
        </div>
        <div>
          <label htmlFor="funnel-to" className="block text-sm font-medium text-ink">
            To (UTC)
          </label>
          <input
            id="funnel-to"
            name="to"
            type="date"
            defaultValue={to}
            className={adminControlClasses}
          />
        </div>
        <button type="submit" className={buttonClasses("primary", "sm")}>
          Show
        </button>
      </form>

      <section aria-labelledby="totals-title" className="mt-8">
        <h2 id="totals-title" className="text-lg font-semibold text-ink">
          {from} to {to}
        </h2>
        <FunnelChart totals={totals} caption={`Visitors at each step, ${from} to ${to} (UTC)`} />
      </section>

      <section aria-labelledby="days-title" className="mt-10">
        <h2 id="days-title" className="text-lg font-semibold text-ink">
          Day by day
        </h2>
        <div className={tableClasses.wrapper}>
          <table className={tableClasses.table}>
            <caption className="sr-only">Visitors at each step per day, newest first</caption>
            <thead className={tableClasses.head}>
              <tr>
                <th scope="col" className={tableClasses.th}>
                  Day (UTC)
                </th>
                {FUNNEL_STEPS.map((step) => (
                  <th key={step.id} scope="col" className={`${tableClasses.th} text-right`}>
                    {step.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-line">
              {days.map((day) => (
                <tr key={day.day}>
                  <th scope="row" className={`${tableClasses.td} font-medium whitespace-nowrap`}>
                    <time dateTime={day.day}>{day.day}</time>
                  </th>
                  {FUNNEL_STEPS.map((step) => (
                    <td key={step.id} className={`${tableClasses.td} text-right tabular-nums`}>
                      {day.visitors[step.id]}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
    </>
  );
}
