import {
  AdminPageHeading,
  adminMeta,
  DateTime,
  EmailLink,
  Pagination,
} from "#app/components/admin/admin-ui.tsx";
import { parsePage } from "#app/domain/lead-desk.ts";
import { getOperator } from "#app/server/admin/admin-auth.server.ts";
import { listContactMessages } from "#app/server/leads/leads.server.ts";
import { getServices } from "#app/server/services.server.ts";

import type { Route } from "./+types/messages";

export const meta: Route.MetaFunction = () => adminMeta("Contact messages");

/** A page of messages from the contact page, newest first. */
export async function loader({ context, url }: Route.LoaderArgs) {
  getOperator(context);
  return listContactMessages(getServices(context).database.db, parsePage(url.searchParams));
}

export default function Messages({ loaderData: page }: Route.ComponentProps) {
  return (
    <>
      <AdminPageHeading title="Contact messages">
        From the contact page, newest first.
      </AdminPageHeading>
      {page.rows.length === 0 ? (
        <p className="mt-6 rounded-xl border border-line bg-white p-6 text-muted">
          {page.total === 0 ? "No messages yet." : "This page is past the last one."}
        </p>
      ) : (
        <ol className="mt-6 space-y-4" aria-label="Messages">
          {page.rows.map((row) => (
            <li key={row.id} className="rounded-xl border border-line bg-white p-4">
              <article aria-labelledby={`message-${row.id}`}>
                <h2 id={`message-${row.id}`} className="font-semibold text-ink">
                  {row.name} <EmailLink address={row.email} className="font-normal break-all" />
                </h2>
                <p className="text-sm text-muted">
                  <DateTime value={row.created_at} />
                </p>
                <p className="mt-3 break-words whitespace-pre-line text-ink">{row.message}</p>
              </article>
            </li>
          ))}
        </ol>
      )}
      <Pagination
        page={page.page}
        pageCount={page.pageCount}
        total={page.total}
        noun={page.total === 1 ? "message" : "messages"}
        href={(number) => (number > 1 ? `/admin/messages?page=${number}` : "/admin/messages")}
      />
    </>
  );
}
