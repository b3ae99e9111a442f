import { DeskTable, type DeskColumn } from "#app/components/admin/desk-table.tsx";
import {
  AdminPageHeading,
  adminMeta,
  buttonClasses,
  DateTime,
} from "#app/components/admin/admin-ui.tsx";
import { isUsState } from "#app/domain/reference/states.ts";
import { agencyServes } from "#app/domain/site/licensed-states.ts";
import { LANGUAGE_NAMES_IN_ENGLISH } from "#app/domain/site/locales.ts";
import { dayIn } from "#app/domain/values/time-zones.ts";
import { getOperator } from "#app/server/admin/admin-auth.server.ts";
import { getAgency } from "#app/server/http/agency-settings.server.ts";
import { getServices } from "#app/server/services.server.ts";
import {
  listStateWaitlist,
  WAITLIST_PAGE_LIMIT,
} from "#app/server/wizard/state-waitlist.server.ts";

import type { Route } from "./+types/waitlist";

export const meta: Route.MetaFunction = () => adminMeta("States' waitlist");

/**
 * The states' waitlist (decision 031): visitors from states the agency is not licensed in who left
 * an address to be told once when it is, by state, with whether they have been told (issue 56).
 */
export async function loader({ context }: Route.LoaderArgs) {
  getOperator(context);
  const { database, env } = getServices(context);
  const agency = getAgency(context);
  const today = dayIn(new Date(), env.AGENCY_TIME_ZONE);
  const entries = await listStateWaitlist(database.db, WAITLIST_PAGE_LIMIT + 1);
  const states = new Map<string, { state: string; waiting: number; told: number }>();
  for (const entry of entries.slice(0, WAITLIST_PAGE_LIMIT)) {
    const counts = states.get(entry.state) ?? { state: entry.state, waiting: 0, told: 0 };
    if (entry.toldAt) counts.told += 1;
    else counts.waiting += 1;
    states.set(entry.state, counts);
  }
  return {
    more: entries.length > WAITLIST_PAGE_LIMIT,
    states: [...states.values()].map((counts) => ({
      ...counts,
      served: isUsState(counts.state) && agencyServes(agency, counts.state, today),
    })),
    rows: entries.slice(0, WAITLIST_PAGE_LIMIT).map((entry) => ({
      id: entry.id,
      state: entry.state,
      email: entry.email,
      language: LANGUAGE_NAMES_IN_ENGLISH[entry.language],
      notedAt: entry.notedAt,
      toldAt: entry.toldAt,
    })),
  };
}

type Data = Route.ComponentProps["loaderData"];

const STATE_COLUMNS: DeskColumn<Data["states"][number]>[] = [
  { label: "State", rowHeader: true, cell: (row) => row.state },
  { label: "Waiting", cell: (row) => row.waiting },
  { label: "Told", cell: (row) => row.told },
  {
    label: "The agency there",
    cell: (row) =>
      row.served
        ? "Licensed: those waiting are emailed at the next check"
        : "Not licensed: they wait",
  },
];

const ENTRY_COLUMNS: DeskColumn<Data["rows"][number]>[] = [
  { label: "State", cell: (row) => row.state },
  {
    label: "Email",
    cell: (row) => (
      <a href={`mailto:${row.email}`} className="text-brand-700 underline">
        {row.email}
      </a>
    ),
  },
  { label: "Language", cell: (row) => row.language },
  { label: "Noted", nowrap: true, cell: (row) => <DateTime value={row.notedAt} /> },
  {
    label: "Told",
    nowrap: true,
    cell: (row) =>
      row.toldAt ? <DateTime value={row.toldAt} /> : <span className="text-muted">Not yet</span>,
  },
];

export default function Waitlist({ loaderData }: Route.ComponentProps) {
  const { states, rows, more } = loaderData;
  return (
    <>
      <AdminPageHeading
        title="States' waitlist"
        actions={
          <a href="/admin/waitlist.csv" className={buttonClasses("secondary", "sm")} download>
            Download CSV
          </a>
        }
      >
        Visitors from states the agency is not licensed in, who left an address to be emailed once
        when it is. Add a state to the agency&apos;s licences (AGENCY_LICENSES) and restart: each
        address for it is emailed once, in the language it was left in. These are not leads.
      </AdminPageHeading>
      {rows.length === 0 ? (
        <p className="mt-6 rounded-xl border border-line bg-white p-6 text-muted">
          Nobody is waiting yet.
        </p>
      ) : (
        <>
          <DeskTable
            caption="Addresses waiting, by state"
            columns={STATE_COLUMNS}
            rows={states}
            rowKey={(row) => row.state}
          />
          {more ? (
            <p className="mt-6 text-ink">
              The first {rows.length} addresses, by state; the CSV has them all.
            </p>
          ) : null}
          <DeskTable
            caption="Every address, by state, the oldest first"
            columns={ENTRY_COLUMNS}
            rows={rows}
            rowKey={(row) => row.id}
          />
        </>
      )}
    </>
  );
}
