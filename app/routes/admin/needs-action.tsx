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
import { binderStanding } from "#app/domain/quote/bind-requests.ts";
import { dayIn } from "#app/domain/values/time-zones.ts";
import {
  HANDLED_KINDS,
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
  const services = getServices(context);
  const items = await listWaiting(services.database.db);
  const today = dayIn(new Date(), services.env.AGENCY_TIME_ZONE);
  return {
    // A binder past its expiry, or near it, is marked (issue 55).
    items: items.map((item) => ({
      ...item,
      standing: item.expires ? binderStanding(item.expires, today) : undefined,
    })),
    handled: url.searchParams.has("handled"),
    limit: NEEDS_ACTION_LIMIT,
  };
}

/** Marks an answer or a document dealt with: it leaves the list, the lead's timeline says who. */
export async function action({ context, request }: Route.ActionArgs) {
  const operator = getOperator(context);
  const form = await request.formData();
  const kind = HANDLED_KINDS.find((handled) => handled === form.get("kind"));
  const id = String(form.get("id") ?? "").slice(0, 64);
  if (!kind) throw data(null, { status: 400 });
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
  binder: "Binder: policy to come",
  question: "Customer's question",
  declined: "Quotes declined",
};

type Row = WaitingItem & { standing?: "fine" | "expiring" | "expired" };

/** What an item is about, in a line: a binder's expiry marked when near or past. */
function about(item: Row) {
  if (item.kind === "bind") return `${possessive(item.about)} quote`;
  if (item.kind === "binder") {
    return (
      <>
        {possessive(item.about)} binder expires {item.expires}
        {item.standing === "expired" ? (
          <strong className="text-red-800"> (expired)</strong>
        ) : item.standing === "expiring" ? (
          <strong className="text-amber-900"> (expires soon)</strong>
        ) : null}
      </>
    );
  }
  return item.about;
}

const COLUMNS: DeskColumn<Row>[] = [
  { label: "Waiting since", nowrap: true, cell: (item) => <DateTime value={item.since} /> },
  { label: "What", rowHeader: true, nowrap: true, cell: (item) => WHAT[item.kind] },
  {
    label: "Lead",
    cell: (item) => (
      <a
        href={`/admin/submissions/${item.submissionId}/quotes?request=${item.requestId}`}
        className="font-semibold text-brand-700 underline"
      >
        {item.reference}
        {item.lead ? `, ${item.lead}` : ""}
      </a>
    ),
  },
  {
    label: "About",
    cell: (item) => <span className="line-clamp-2">{about(item)}</span>,
  },
  {
    label: "Action",
    cell: (item) =>
      item.kind === "bind" ? (
        "Leaves the list when bound"
      ) : item.kind === "binder" ? (
        "Leaves the list when the policy is added"
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
        Answers, documents, questions, declined quotes, requests to bind and change requests from
        customers, and binders waiting for their policy, oldest first.
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
