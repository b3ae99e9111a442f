import {
  AdminPageHeading,
  adminMeta,
  DateTime,
  Pagination,
  tableClasses,
} from "#app/components/admin/admin-ui.tsx";
import { bestTimeLabel, type BestTimeToCall } from "#app/domain/contact-forms.ts";
import { parsePage, productName } from "#app/domain/lead-desk.ts";
import { formatUsPhone } from "#app/domain/phone.ts";
import { getOperator } from "#app/server/admin/admin-auth.server.ts";
import { listCallbackRequests } from "#app/server/leads/leads.server.ts";
import { getServices } from "#app/server/services.server.ts";

import type { Route } from "./+types/call-backs";

export const meta: Route.MetaFunction = () => adminMeta("Call-back requests");

/** A page of call-back requests (Talk to an Expert), newest first. */
export async function loader({ context, url }: Route.LoaderArgs) {
  getOperator(context);
  const page = await listCallbackRequests(
    getServices(context).database.db,
    parsePage(url.searchParams),
  );
  return {
    ...page,
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
      {page.rows.length === 0 ? (
        <p className="mt-6 rounded-xl border border-line bg-white p-6 text-muted">
          {page.total === 0 ? "No call-back requests yet." : "This page is past the last one."}
        </p>
      ) : (
        <div className={tableClasses.wrapper}>
          <table className={tableClasses.table}>
            <caption className="sr-only">
              Call-back requests, newest first, page {page.page} of {page.pageCount}
            </caption>
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
        page={page.page}
        pageCount={page.pageCount}
        total={page.total}
        noun={page.total === 1 ? "request" : "requests"}
        href={(number) => (number > 1 ? `/admin/call-backs?page=${number}` : "/admin/call-backs")}
      />
    </>
  );
}
