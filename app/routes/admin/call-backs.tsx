import {
  AdminPageHeading,
  adminMeta,
  DateTime,
  InvalidCursorNotice,
  Pagination,
  tableClasses,
} from "#app/components/admin/admin-ui.tsx";
import { bestTimeLabel, type BestTimeToCall } from "#app/domain/site/contact-forms.ts";
import { listHref, parseListPosition, productName } from "#app/domain/leads/lead-desk.ts";
import { formatUsPhone } from "#app/domain/values/phone.ts";
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
    })),
  };
}

export default function CallBacks({ loaderData: page }: Route.ComponentProps) {
  return (
    <>
      <AdminPageHeading title="Call-back requests">
        From Talk to an Expert, newest first. Best times are Eastern Time.
      </AdminPageHeading>
      <InvalidCursorNotice invalid={page.invalidCursor} />
      {page.rows.length === 0 ? (
        <p className="mt-6 rounded-xl border border-line bg-white p-6 text-muted">
          {page.paged ? "This page is past the last one." : "No call-back requests yet."}
        </p>
      ) : (
        <div className={tableClasses.wrapper}>
          <table className={tableClasses.table}>
            <caption className="sr-only">Call-back requests, newest first</caption>
            <thead className={tableClasses.head}>
              <tr>
                <th scope="col" className={tableClasses.th}>
                  Received
                </th>
                <th scope="col" className={tableClasses.th}>
                  Name
                </th>
                <th scope="col" className={tableClasses.th}>
                  Phone
                </th>
                <th scope="col" className={tableClasses.th}>
                  Best time to call
                </th>
                <th scope="col" className={tableClasses.th}>
                  Asked from
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-line">
              {page.rows.map((row) => (
                <tr key={row.id}>
                  <td className={`${tableClasses.td} whitespace-nowrap`}>
                    <DateTime value={row.createdAt} />
                  </td>
                  <td className={tableClasses.td}>{row.name}</td>
                  <td className={`${tableClasses.td} whitespace-nowrap`}>
                    <a href={`tel:${row.phone}`} className="text-brand-700 underline">
                      {formatUsPhone(row.phone)}
                    </a>
                  </td>
                  <td className={tableClasses.td}>{row.bestTime}</td>
                  <td className={tableClasses.td}>
                    {row.product ?? <span className="text-muted">Talk to an Expert page</span>}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
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
