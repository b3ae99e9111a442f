import { DeskTable, type DeskColumn } from "#app/components/admin/desk-table.tsx";
import {
  adminControlClasses,
  AdminPageHeading,
  adminMeta,
  buttonClasses,
  DateTime,
  InvalidCursorNotice,
  Pagination,
  EmailNotProvenBadge,
  StatusBadge,
} from "#app/components/admin/admin-ui.tsx";
import { leadNameOf } from "#app/domain/application/application-fields.ts";
import { INDUSTRIES } from "#app/domain/reference/industries.ts";
import { industryLabel } from "#app/domain/reference/industries.ts";
import {
  filterQuery,
  listHref,
  parseListPosition,
  parseSubmissionFilter,
  QUOTE_FILTERS,
  quoteStatusLabel,
  SEARCH_LABEL,
  SEARCH_MAX_LENGTH,
  SUBMISSION_STATUSES,
  type SubmissionFilter,
} from "#app/domain/leads/lead-desk.ts";
import { US_STATES } from "#app/domain/reference/states.ts";
import { getOperator } from "#app/server/admin/admin-auth.server.ts";
import { listSubmissions, submissionStatus } from "#app/server/leads/leads.server.ts";
import { latestQuoteRequests } from "#app/server/wizard/quote-requests.server.ts";
import { getServices } from "#app/server/services.server.ts";

import type { Route } from "./+types/submissions";

export const meta: Route.MetaFunction = () => adminMeta("Submissions");

/** A page of submissions for the filter in the address. */
export async function loader({ context, url }: Route.LoaderArgs) {
  getOperator(context);
  const services = getServices(context);
  const { db } = services.database;
  const filter = parseSubmissionFilter(url.searchParams);
  const { position, invalid } = parseListPosition(url.searchParams);
  const page = await listSubmissions(db, filter, services.env.AGENCY_TIME_ZONE, position);
  const requests = await latestQuoteRequests(
    db,
    page.rows.map((row) => row.id),
  );
  return {
    filter,
    paged: position !== undefined,
    invalidCursor: invalid,
    page: {
      ...page,
      rows: page.rows.map((row) => {
        const request = requests.get(row.id);
        return {
          id: row.id,
          createdAt: row.created_at,
          email: row.email,
          name: leadNameOf(row),
          industry: industryLabel(row.industry),
          state: row.state,
          complete: submissionStatus(row) === "complete",
          emailNotProven: row.email_not_proven,
          quote: request
            ? { reference: request.reference, status: quoteStatusLabel(request.status) }
            : undefined,
        };
      }),
    },
  };
}

function Select({
  name,
  label,
  value,
  options,
}: {
  name: keyof SubmissionFilter;
  label: string;
  value: string | undefined;
  options: readonly { value: string; label: string }[];
}) {
  return (
    <div>
      <label htmlFor={`filter-${name}`} className="block text-sm font-medium text-ink">
        {label}
      </label>
      <select
        id={`filter-${name}`}
        name={name}
        defaultValue={value ?? ""}
        className={adminControlClasses}
      >
        <option value="">All</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

function FilterForm({ filter }: { filter: SubmissionFilter }) {
  return (
    <form
      method="get"
      action="/admin/submissions"
      role="search"
      aria-label="Filter submissions"
      className="mt-6 grid gap-4 rounded-xl border border-line bg-white p-4 sm:grid-cols-2 lg:grid-cols-4"
    >
      <div className="sm:col-span-2">
        <label htmlFor="filter-q" className="block text-sm font-medium text-ink">
          {SEARCH_LABEL}
        </label>
        <input
          id="filter-q"
          name="q"
          type="search"
          maxLength={SEARCH_MAX_LENGTH}
          defaultValue={filter.q ?? ""}
          className={adminControlClasses}
        />
      </div>
      <Select
        name="industry"
        label="Industry"
        value={filter.industry}
        options={INDUSTRIES.map((industry) => ({ value: industry.id, label: industry.label }))}
      />
      <Select
        name="state"
        label="State"
        value={filter.state}
        options={US_STATES.map((state) => ({ value: state, label: state }))}
      />
      <Select
        name="status"
        label="Status"
        value={filter.status}
        options={SUBMISSION_STATUSES.map((status) => ({ value: status.id, label: status.label }))}
      />
      <Select
        name="quote"
        label="Quote request"
        value={filter.quote}
        options={QUOTE_FILTERS.map((status) => ({ value: status.id, label: status.label }))}
      />
      <div>
        <label htmlFor="filter-from" className="block text-sm font-medium text-ink">
          Received from
        </label>
        <input
          id="filter-from"
          name="from"
          type="date"
          defaultValue={filter.from ?? ""}
          className={adminControlClasses}
        />
      </div>
      <div>
        <label htmlFor="filter-to" className="block text-sm font-medium text-ink">
          Received to
        </label>
        <input
          id="filter-to"
          name="to"
          type="date"
          defaultValue={filter.to ?? ""}
          className={adminControlClasses}
        />
      </div>
      <div className="flex items-end gap-2">
        <button type="submit" className={buttonClasses("primary", "sm")}>
          Apply filters
        </button>
        <a href="/admin/submissions" className={buttonClasses("ghost", "sm")}>
          Clear
        </a>
      </div>
    </form>
  );
}

type Row = Route.ComponentProps["loaderData"]["page"]["rows"][number];

/** The list's columns, in order. */
const SUBMISSION_COLUMNS: DeskColumn<Row>[] = [
  { label: "Received", nowrap: true, cell: (row) => <DateTime value={row.createdAt} /> },
  {
    label: "Email",
    cell: (row) => (
      <a href={`/admin/submissions/${row.id}`} className="font-semibold text-brand-700 underline">
        {row.email}
      </a>
    ),
  },
  {
    label: "Business name",
    cell: (row) =>
      row.name ? (
        <a href={`/admin/submissions/${row.id}`} className="font-semibold text-brand-700 underline">
          {row.name}
        </a>
      ) : (
        <span className="text-muted">Not given yet</span>
      ),
  },
  { label: "Industry", cell: (row) => row.industry },
  { label: "State", cell: (row) => row.state },
  {
    label: "Status",
    cell: (row) => (
      <span className="flex flex-wrap gap-1">
        <StatusBadge complete={row.complete} />
        {row.emailNotProven ? <EmailNotProvenBadge /> : null}
      </span>
    ),
  },
  {
    label: "Quote request",
    nowrap: true,
    cell: (row) =>
      row.quote ? (
        `${row.quote.reference}: ${row.quote.status}`
      ) : (
        <span className="text-muted">None</span>
      ),
  },
];

export default function Submissions({ loaderData }: Route.ComponentProps) {
  const { filter, paged, invalidCursor, page } = loaderData;
  const query = filterQuery(filter);
  const filtered = query !== "";
  return (
    <>
      <AdminPageHeading
        title="Submissions"
        actions={
          <a
            href={`/admin/submissions.csv${query ? `?${query}` : ""}`}
            className={buttonClasses("secondary", "sm")}
            download
          >
            Download CSV{filtered ? " of this filter" : ""}
          </a>
        }
      >
        Newest first. Complete means the visitor finished the last questionnaire.
      </AdminPageHeading>

      <section aria-labelledby="list-title" className="mt-6">
        <h2 id="list-title" className="text-lg font-semibold text-ink">
          {filtered ? "Matching submissions" : "All submissions"}
        </h2>
        <FilterForm filter={filter} />
        <InvalidCursorNotice invalid={invalidCursor} />
        {page.rows.length === 0 ? (
          <p className="mt-6 rounded-xl border border-line bg-white p-6 text-muted">
            {paged
              ? "This page is past the last one."
              : filtered
                ? "No submission matches this filter."
                : "No submissions yet."}
          </p>
        ) : (
          <DeskTable
            caption="Submissions, newest first"
            columns={SUBMISSION_COLUMNS}
            rows={page.rows}
            rowKey={(row) => row.id}
          />
        )}
        <Pagination
          newer={page.newer}
          older={page.older}
          shown={page.rows.length}
          noun={{ one: "submission", other: "submissions" }}
          href={(position) => listHref("/admin/submissions", filter, position)}
        />
      </section>
    </>
  );
}
