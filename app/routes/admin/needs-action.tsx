import { data, redirect } from "react-router";

import { possessive } from "#app/domain/site/possessive.ts";
import { DeskTable, type DeskColumn } from "#app/components/admin/desk-table.tsx";
import {
  AdminPageHeading,
  adminMeta,
  buttonClasses,
  DateTime,
  SavedNotice,
  FormProblem,
} from "#app/components/admin/admin-ui.tsx";
import { getOperator } from "#app/server/admin/admin-auth.server.ts";
import {
  listWaiting,
  markHandled,
  NEEDS_ACTION_LIMIT,
  type WaitingItem,
} from "#app/server/leads/needs-action.server.ts";
import { getServices } from "#app/server/services.server.ts";

import type { Route } from "./+types/needs-action";

export const meta: Route.MetaFunction = () => adminMeta("Needs action");

/** What visitors did that waits for the desk, oldest first (issue 29). */
export async function loader({ context, url }: Route.LoaderArgs) {
  getOperator(context);
  const items = await listWaiting(getServices(context).database.db);
  return { items, handled: url.searchParams.has("handled"), limit: NEEDS_ACTION_LIMIT };
}

/** Marks an answer or a document dealt with: it leaves the list, the lead's timeline says who. */
export async function action({ context, request }: Route.ActionArgs) {
  const operator = getOperator(context);
  const form = await request.formData();
  const kind = form.get("kind");
  const id = String(form.get("id") ?? "").slice(0, 64);
  if (kind !== "answer" && kind !== "document" && kind !== "change")
    throw data(null, { status: 400 });
  const marked = await markHandled(getServices(context).database.db, { kind, id }, operator.id);
  if (!marked) {
    return data(
      { problem: "That item was dealt with already, or is no longer there." },
      { status: 409 },
    );
  }
  return redirect("/admin/needs-action?handled");
}

const WHAT: Record<WaitingItem["kind"], string> = {
  answer: "Answer received",
  document: "Document received",
  bind: "Request to bind",
  change: "Change request",
};

const COLUMNS: DeskColumn<WaitingItem>[] = [
  { label: "Waiting since", nowrap: true, cell: (item) => <DateTime value={item.since} /> },
  { label: "What", rowHeader: true, nowrap: true, cell: (item) => WHAT[item.kind] },
  {
    label: "Lead",
    cell: (item) => (
      <a
        href={`/admin/submissions/${item.submissionId}/quotes`}
        className="font-semibold text-brand-700 underline"
      >
        {item.reference}
        {item.lead ? `, ${item.lead}` : ""}
      </a>
    ),
  },
  {
    label: "About",
    cell: (item) => (
      <span className="line-clamp-2">
        {item.kind === "bind" ? `${possessive(item.about)} quote` : item.about}
      </span>
    ),
  },
  {
    label: "Action",
    cell: (item) =>
      item.kind === "bind" ? (
        "Leaves the list when bound"
      ) : (
        <form method="post">
          <input type="hidden" name="kind" value={item.kind} />
          <input type="hidden" name="id" value={item.id} />
          <button type="submit" className={buttonClasses("secondary", "sm")}>
            {item.kind === "change" ? "Mark done" : "Mark dealt with"}
            <span className="sr-only">
              : {WHAT[item.kind]} on {item.reference}
            </span>
          </button>
        </form>
      ),
  },
];

export default function NeedsAction({ loaderData, actionData }: Route.ComponentProps) {
  const { items } = loaderData;
  return (
    <>
      <AdminPageHeading title="Needs action">
        Answers, documents, requests to bind and change requests from visitors, oldest first.
      </AdminPageHeading>
      {loaderData.handled ? <SavedNotice>Marked dealt with.</SavedNotice> : null}
      <FormProblem problem={actionData?.problem} className="mt-4" />
      {items.length === 0 ? (
        <p className="mt-6 text-ink">Nothing is waiting.</p>
      ) : (
        <DeskTable
          caption="Waiting for the desk, oldest first"
          columns={COLUMNS}
          rows={items}
          rowKey={(item) => `${item.kind}-${item.id}`}
        />
      )}
      {items.length === loaderData.limit ? (
        <p className="mt-4 text-sm text-muted">
          The oldest {loaderData.limit} are shown: deal with these to see the rest.
        </p>
      ) : null}
    </>
  );
}
