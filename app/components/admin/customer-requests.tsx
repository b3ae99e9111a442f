/**
 * The customer's requests on the desk's page of the lead (issue 56): every request, oldest first,
 * with its lines, where it stands and the policy or binder it led to, each linking to its quotes;
 * and the form that opens a new request for the customer (a call-in, a line added mid-term).
 */
import {
  adminControlClasses,
  buttonClasses,
  DateTime,
  FieldMessage,
  FormProblem,
} from "#app/components/admin/admin-ui.tsx";
import { DeskTable, type DeskColumn } from "#app/components/admin/desk-table.tsx";
import type { LeadFormErrors } from "#app/domain/leads/lead-work.ts";
import {
  CONTACT_CHANNELS,
  lineName,
  NOTE_MAX_LENGTH,
  QUOTABLE_LINES,
} from "#app/domain/quote/quote-request.ts";

/** A request as the desk lists it (app/server/leads/lead-page.server.ts). */
export interface CustomerRequestRow {
  id: string;
  reference: string;
  lines: string[];
  status: string;
  opened: Date | string;
  policy: string | null;
  producer: string | null;
  href: string;
}

const COLUMNS: DeskColumn<CustomerRequestRow>[] = [
  {
    label: "Request",
    rowHeader: true,
    nowrap: true,
    cell: (request) => (
      <a href={request.href} className="font-mono font-semibold text-brand-700 underline">
        {request.reference}
      </a>
    ),
  },
  { label: "Lines", cell: (request) => request.lines.join(", ") },
  { label: "Status", nowrap: true, cell: (request) => request.status },
  { label: "Opened", nowrap: true, cell: (request) => <DateTime value={request.opened} /> },
  { label: "Policy", cell: (request) => request.policy ?? "None yet" },
  { label: "Producer of record", cell: (request) => request.producer ?? "None yet" },
];

export function CustomerRequests({
  requests,
  today,
  errors,
}: {
  requests: readonly CustomerRequestRow[];
  today: string;
  /** The open-request form's messages, after a refused post. */
  errors: LeadFormErrors | undefined;
}) {
  const fields = errors?.fields ?? {};
  const invalid = (name: string) => (fields[name] ? true : undefined);
  return (
    <section aria-labelledby="requests-title" className="mt-8 print:hidden">
      <h2 id="requests-title" className="text-lg font-semibold text-ink">
        Requests and policies
      </h2>
      <p className="mt-1 text-sm text-muted">
        Each request is quoted and bound on its own, by whichever insurer: open one request for the
        lines another insurer will quote.
      </p>
      {requests.length > 0 ? (
        <DeskTable
          caption="The customer's requests, oldest first, with their policies"
          columns={COLUMNS}
          rows={requests}
          rowKey={(request) => request.id}
        />
      ) : (
        <p className="mt-2 text-muted">No request yet.</p>
      )}
      <details className="mt-4 rounded-xl border border-line bg-white p-4" open={!!errors}>
        <summary className="cursor-pointer font-semibold text-ink">
          Open a new request for this customer
        </summary>
        <form method="post" className="mt-3 grid max-w-xl gap-3" noValidate>
          <input type="hidden" name="intent" value="open-request" />
          <FormProblem problem={errors?.form} />
          <fieldset aria-describedby={invalid("lines") ? "open-lines-error" : undefined}>
            <legend className="text-sm font-medium text-ink">Lines to quote</legend>
            <div className="mt-1 grid gap-1 sm:grid-cols-2">
              {QUOTABLE_LINES.map((slug) => (
                <label key={slug} className="flex items-center gap-2 text-ink">
                  <input type="checkbox" name="lines" value={slug} className="size-5" />
                  {lineName(slug)}
                </label>
              ))}
            </div>
            <FieldMessage id="open-lines-error" messages={fields.lines} />
          </fieldset>
          <div>
            <label htmlFor="open-start" className="block text-sm font-medium text-ink">
              Preferred start date
            </label>
            <input
              id="open-start"
              name="startDate"
              type="date"
              min={today}
              defaultValue={today}
              aria-invalid={invalid("startDate")}
              aria-describedby={invalid("startDate") ? "open-start-error" : undefined}
              className={adminControlClasses}
            />
            <FieldMessage id="open-start-error" messages={fields.startDate} />
          </div>
          <fieldset aria-describedby={invalid("contactChannel") ? "open-channel-error" : undefined}>
            <legend className="text-sm font-medium text-ink">The customer is contacted by</legend>
            {CONTACT_CHANNELS.map((channel, index) => (
              <label key={channel.id} className="mt-1 flex items-center gap-2 text-ink">
                <input
                  type="radio"
                  name="contactChannel"
                  value={channel.id}
                  defaultChecked={index === 0}
                  className="size-5"
                />
                {channel.label}
              </label>
            ))}
            <FieldMessage id="open-channel-error" messages={fields.contactChannel} />
          </fieldset>
          <div>
            <label htmlFor="open-note" className="block text-sm font-medium text-ink">
              Note (optional): what the customer asked for
            </label>
            <textarea
              id="open-note"
              name="note"
              rows={3}
              maxLength={NOTE_MAX_LENGTH}
              defaultValue={errors?.values?.note ?? ""}
              aria-invalid={invalid("note")}
              aria-describedby={invalid("note") ? "open-note-error" : undefined}
              className={adminControlClasses}
            />
            <FieldMessage id="open-note-error" messages={fields.note} />
          </div>
          <div>
            <button type="submit" className={buttonClasses("primary", "sm")}>
              Open the request
            </button>
          </div>
        </form>
      </details>
    </section>
  );
}
