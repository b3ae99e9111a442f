import { DeskTable, type DeskColumn } from "#app/components/admin/desk-table.tsx";
import {
  AdminPageHeading,
  adminMeta,
  DateTime,
  InvalidCursorNotice,
  Pagination,
} from "#app/components/admin/admin-ui.tsx";
import { bestTimeLabel, type BestTimeToCall } from "#app/domain/site/contact-forms.ts";
import { listHref, parseListPosition, productName } from "#app/domain/leads/lead-desk.ts";
import { formatUsPhone } from "#app/domain/values/phone.ts";
import { LANGUAGE_NAMES_IN_ENGLISH } from "#app/domain/site/locales.ts";
import { getOperator } from "#app/server/admin/admin-auth.server.ts";
import { listCallbackRequests } from "#app/server/leads/leads.server.ts";
import { getServices } from "#app/server/services.server.ts";

import type { Route } from "./+types/call-backs";

export const meta: Route.MetaFunction = () => adminMeta("Call-back requests");

/** A page of call-back requests (Talk to an Expert), newest first. */
export async function loader({ context, url }: Route.LoaderArgs) {
  getOperator(context);
  const { position, invalid } = parseListPosition(url.searchParams);
  const page = await listCallbackRequests(getServices(context).database.db, position);
  return {
    ...page,
    paged: position !== undefined,
    invalidCursor: invalid,
    rows: page.rows.map((row) => ({
      id: row.id,
      createdAt: row.created_at,
      name: row.name,
      phone: row.phone,
      bestTime: bestTimeLabel(row.best_time as BestTimeToCall),
      product: row.product ? productName(row.product) : null,
      language: LANGUAGE_NAMES_IN_ENGLISH[row.language],
    })),
  };
}

type Row = Route.ComponentProps["loaderData"]["rows"][number];

/** The list's columns, in order. */
const CALLBACK_COLUMNS: DeskColumn<Row>[] = [
  { label: "Received", nowrap: true, cell: (row) => <DateTime value={row.createdAt} /> },
  { label: "Name", cell: (row) => row.name },
  {
    label: "Phone",
    nowrap: true,
    cell: (row) => (
      <a href={`tel:${row.phone}`} className="text-brand-700 underline">
        {formatUsPhone(row.phone)}
      </a>
    ),
  },
  { label: "Best time to call", cell: (row) => row.bestTime },
  { label: "Language", cell: (row) => row.language },
  {
    label: "Asked from",
    cell: (row) => row.product ?? <span className="text-muted">Talk to an Expert page</span>,
  },
];

export default function CallBacks({ loaderData: page }: Route.ComponentProps) {
  return (
    <>
      <AdminPageHeading title="Call-back requests">
        From Talk to an Expert, newest first. Best times are Eastern Time; the language is that of
        the page the visitor asked from.
      </AdminPageHeading>
      <InvalidCursorNotice invalid={page.invalidCursor} />
      {page.rows.length === 0 ? (
        <p className="mt-6 rounded-xl border border-line bg-white p-6 text-muted">
          {page.paged ? "This page is past the last one." : "No call-back requests yet."}
        </p>
      ) : (
        <DeskTable
          caption="Call-back requests, newest first"
          columns={CALLBACK_COLUMNS}
          rows={page.rows}
          rowKey={(row) => row.id}
        />
      )}
      <Pagination
        newer={page.newer}
        older={page.older}
        shown={page.rows.length}
        noun={{ one: "request", other: "requests" }}
        href={(position) => listHref("/admin/call-backs", {}, position)}
      />
    </>
  );
}
