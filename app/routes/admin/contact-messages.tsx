import {
  AdminPageHeading,
  adminMeta,
  DateTime,
  EmailLink,
  InvalidCursorNotice,
  Pagination,
} from "#app/components/admin/admin-ui.tsx";
import { listHref, parseListPosition } from "#app/domain/leads/lead-desk.ts";
import { LANGUAGE_NAMES_IN_ENGLISH } from "#app/domain/site/locales.ts";
import { getOperator } from "#app/server/admin/admin-auth.server.ts";
import { listContactMessages } from "#app/server/leads/leads.server.ts";
import { getServices } from "#app/server/services.server.ts";

import type { Route } from "./+types/contact-messages";

export const meta: Route.MetaFunction = () => adminMeta("Contact messages");

/** A page of messages from the contact page, newest first. */
export async function loader({ context, url }: Route.LoaderArgs) {
  getOperator(context);
  const { position, invalid } = parseListPosition(url.searchParams);
  const page = await listContactMessages(getServices(context).database.db, position);
  return { ...page, paged: position !== undefined, invalidCursor: invalid };
}

export default function Messages({ loaderData: page }: Route.ComponentProps) {
  return (
    <>
      <AdminPageHeading title="Contact messages">
        From the contact page, newest first.
      </AdminPageHeading>
      <InvalidCursorNotice invalid={page.invalidCursor} />
      {page.rows.length === 0 ? (
        <p className="mt-6 rounded-xl border border-line bg-white p-6 text-muted">
          {page.paged ? "This page is past the last one." : "No messages yet."}
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
                  <DateTime value={row.created_at} /> · sent from the{" "}
                  {LANGUAGE_NAMES_IN_ENGLISH[row.language]} pages
                </p>
                <p className="mt-3 break-words whitespace-pre-line text-ink">{row.message}</p>
              </article>
            </li>
          ))}
        </ol>
      )}
      <Pagination
        newer={page.newer}
        older={page.older}
        shown={page.rows.length}
        noun={{ one: "message", other: "messages" }}
        href={(position) => listHref("/admin/messages", {}, position)}
      />
    </>
  );
}
