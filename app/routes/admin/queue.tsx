import {
  adminControlClasses,
  AdminPageHeading,
  adminMeta,
  buttonClasses,
  DateTime,
  EmailLink,
} from "#app/components/admin/admin-ui.tsx";
import {
  PAGE_SIZE,
  quoteStatusLabel,
  SEARCH_LABEL,
  SEARCH_MAX_LENGTH,
} from "#app/domain/leads/lead-desk.ts";
import { QUEUE_VIEWS, queueView, responseState, waitedText } from "#app/domain/leads/lead-work.ts";
import {
  contactChannelLabel,
  lineName,
  responsePromiseText,
} from "#app/domain/quote/quote-request.ts";
import { formatUsPhone } from "#app/domain/values/phone.ts";
import { dayIn } from "#app/domain/values/time-zones.ts";
import { getOperator } from "#app/server/admin/admin-auth.server.ts";
import { listQueue } from "#app/server/leads/desk-work.server.ts";
import { getServices } from "#app/server/services.server.ts";

import type { Route } from "./+types/queue";

export const meta: Route.MetaFunction = ({ loaderData }) =>
  adminMeta(QUEUE_VIEWS.find((view) => view.id === loaderData?.view)?.label ?? "Work queue");

/**
 * The desk's first screen (issue 28): the leads that need someone, in one of the queue's views, each
 * with what an agent needs to pick up the phone.
 */
export async function loader({ context, url }: Route.LoaderArgs) {
  const operator = getOperator(context);
  const { database, env } = getServices(context);
  const view = queueView(url.searchParams.get("view"));
  const now = new Date();
  const today = dayIn(now, env.AGENCY_TIME_ZONE);
  const rows = await listQueue(database.db, view, {
    operatorId: operator.id,
    today,
    limit: PAGE_SIZE,
  });
  return {
    view,
    today,
    promisedHours: env.AGENCY_RESPONSE_HOURS,
    leads: rows.map((row) => {
      const response = row.request
        ? responseState(
            {
              createdAt: row.request.createdAt,
              status: row.request.status,
              reachedAt: row.reachedAt,
            },
            env.AGENCY_RESPONSE_HOURS,
            now,
          )
        : { kind: "none" as const };
      return {
        id: row.submissionId,
        name: row.name ?? row.contact ?? row.email,
        contact: row.contact,
        email: row.email,
        phone: row.phone ? { e164: row.phone, text: formatUsPhone(row.phone) } : null,
        receivedAt: row.receivedAt,
        waited: waitedText(row.request?.createdAt ?? row.receivedAt, now),
        request: row.request && {
          reference: row.request.reference,
          status: quoteStatusLabel(row.request.status),
          lines: row.request.lines.map((slug) => lineName(slug)),
          channel: contactChannelLabel(row.request.contactChannel),
          createdAt: row.request.createdAt,
        },
        response,
        owner: row.ownerEmail,
        nextAction: row.nextAction,
        nextActionDue: row.nextActionDue,
        reachedAt: row.reachedAt,
        possibleDuplicate: row.possibleDuplicate,
      };
    }),
  };
}

type Lead = Route.ComponentProps["loaderData"]["leads"][number];

function Detail({ term, children }: { term: string; children: React.ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-semibold tracking-wide text-muted uppercase">{term}</dt>
      <dd className="mt-0.5 break-words text-ink">{children}</dd>
    </div>
  );
}

function ResponseNote({ response }: { response: Lead["response"] }) {
  if (response.kind === "missed") {
    return (
      <p className="mt-3 inline-flex rounded-full bg-danger-50 px-2.5 py-0.5 text-sm font-semibold text-danger-700">
        Response time missed: promised by&nbsp;
        <DateTime value={response.dueAt} />
      </p>
    );
  }
  if (response.kind === "waiting") {
    return (
      <p className="mt-3 text-sm text-muted">
        Promised a response by <DateTime value={response.dueAt} />
      </p>
    );
  }
  return null;
}

function LeadCard({ lead, today }: { lead: Lead; today: string }) {
  const overdue = lead.nextActionDue !== null && lead.nextActionDue < today;
  return (
    <li className="rounded-xl border border-line bg-white p-4">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h3 className="min-w-0 text-base font-semibold break-words">
          <a href={`/admin/submissions/${lead.id}`} className="text-brand-700 underline">
            {lead.name}
          </a>
        </h3>
        <p className="text-sm text-muted">
          {lead.request ? (
            <>
              <span className="font-mono text-ink">{lead.request.reference}</span>{" "}
              {lead.request.status}, requested {lead.waited} ago
            </>
          ) : (
            <>No quote request; received {lead.waited} ago</>
          )}
        </p>
      </div>
      <dl className="mt-3 grid gap-3 text-sm sm:grid-cols-2 lg:grid-cols-4">
        <Detail term="Contact">{lead.contact ?? "Not given"}</Detail>
        <Detail term="Phone">
          {lead.phone ? (
            <a href={`tel:${lead.phone.e164}`} className="text-brand-700 underline">
              {lead.phone.text}
            </a>
          ) : (
            "Not given"
          )}
        </Detail>
        <Detail term="Email">
          <EmailLink address={lead.email} className="break-words" />
        </Detail>
        <Detail term="Prefers">{lead.request?.channel ?? "Not asked"}</Detail>
        <Detail term="Lines asked for">
          {lead.request ? lead.request.lines.join(", ") : "None yet"}
        </Detail>
        <Detail term="Requested">
          {lead.request ? <DateTime value={lead.request.createdAt} /> : "Not yet"}
        </Detail>
        <Detail term="Owner">{lead.owner ?? "Unassigned"}</Detail>
        <Detail term="Next action">
          {lead.nextAction ? (
            <>
              {lead.nextAction}{" "}
              <span className={overdue ? "font-semibold text-danger-700" : "text-muted"}>
                (due {lead.nextActionDue}
                {overdue ? ", overdue" : ""})
              </span>
            </>
          ) : (
            "None set"
          )}
        </Detail>
      </dl>
      <ResponseNote response={lead.response} />
      {lead.possibleDuplicate ? (
        <p className="mt-3 inline-flex rounded-full bg-amber-50 px-2.5 py-0.5 text-sm font-semibold text-amber-900 ring-1 ring-amber-200 ring-inset">
          Possible duplicate: another lead has the same email, phone or business name
        </p>
      ) : null}
    </li>
  );
}

export default function Queue({ loaderData }: Route.ComponentProps) {
  const { view, today, leads, promisedHours } = loaderData;
  const current = QUEUE_VIEWS.find((candidate) => candidate.id === view) ?? QUEUE_VIEWS[0];
  return (
    <>
      <AdminPageHeading title="Work queue">
        What needs someone now. Today is {today} at the agency.
        {promisedHours === undefined
          ? " The site promises visitors no response time (AGENCY_RESPONSE_HOURS is not set)."
          : ` The site promises visitors a response ${responsePromiseText(promisedHours)}.`}
      </AdminPageHeading>

      <form
        method="get"
        action="/admin/submissions"
        role="search"
        aria-label="Find a lead"
        className="mt-6 flex flex-wrap items-end gap-3 rounded-xl border border-line bg-white p-4"
      >
        <div className="min-w-0 grow basis-64">
          <label htmlFor="queue-q" className="block text-sm font-medium text-ink">
            {SEARCH_LABEL}
          </label>
          <input
            id="queue-q"
            name="q"
            type="search"
            maxLength={SEARCH_MAX_LENGTH}
            className={adminControlClasses}
          />
        </div>
        <button type="submit" className={buttonClasses("primary", "sm")}>
          Find
        </button>
      </form>

      <nav aria-label="Queue views" className="mt-6">
        <ul className="flex flex-wrap gap-2">
          {QUEUE_VIEWS.map((candidate) => (
            <li key={candidate.id}>
              <a
                href={candidate.id === QUEUE_VIEWS[0].id ? "/admin" : `/admin?view=${candidate.id}`}
                aria-current={candidate.id === view ? "page" : undefined}
                className={`block rounded-lg border px-3 py-2 text-sm font-semibold ${
                  candidate.id === view
                    ? "border-brand-700 bg-brand-50 text-brand-800 underline underline-offset-4"
                    : "border-line bg-white text-ink hover:bg-brand-50"
                }`}
              >
                {candidate.label}
              </a>
            </li>
          ))}
        </ul>
      </nav>

      <section aria-labelledby="queue-title" className="mt-6">
        <h2 id="queue-title" className="text-lg font-semibold text-ink">
          {current.label}
        </h2>
        <p className="mt-1 text-sm text-muted">
          {current.intro}
          {leads.length === PAGE_SIZE
            ? ` The first ${PAGE_SIZE} are shown; more appear as these are handled.`
            : ""}
        </p>
        {leads.length === 0 ? (
          <p className="mt-4 rounded-xl border border-line bg-white p-6 text-muted">
            Nothing here: no lead is waiting in this view.
          </p>
        ) : (
          <ul className="mt-4 grid gap-3" aria-labelledby="queue-title">
            {leads.map((lead) => (
              <LeadCard key={lead.id} lead={lead} today={today} />
            ))}
          </ul>
        )}
      </section>
    </>
  );
}
