/**
 * The lead desk's page of one lead, its request's parts: the latest quote request as the visitor
 * made it, and the coverage plan the visitor's page works out from the record. Each takes plain
 * data from the route's loader.
 */
import { DateTime, NotGiven } from "#app/components/admin/admin-ui.tsx";
import { DeskTable, type DeskColumn } from "#app/components/admin/desk-table.tsx";
import { Field } from "#app/components/admin/submission-sections.tsx";
import { quoteStatusLabel } from "#app/domain/leads/lead-desk.ts";
import { declineReasonLabel } from "#app/domain/quote/insurer-quotes.ts";

/** A quote request as the desk shows it: its lines' and contact channel's names, not their ids. */
export interface QuoteRequestView {
  reference: string;
  status: string;
  lostReason: string | null;
  lines: readonly string[];
  startDate: string;
  contactChannel: string;
  /** The licensed producer of record, with their licence for the state; null before one acts. */
  producer: string | null;
  note: string | null;
  consentText: string;
  consentGivenAt: Date | string;
  createdAt: Date | string;
  updatedAt: Date | string;
}

export function QuoteRequestSection({
  request,
  submissionId,
}: {
  request: QuoteRequestView;
  submissionId: string;
}) {
  return (
    <section aria-labelledby="quote-title" className="mt-8 break-inside-avoid print:mt-3">
      <h2 id="quote-title" className="text-lg font-semibold text-ink print:text-sm">
        Quote request
      </h2>
      <dl className="mt-3 divide-y divide-line rounded-xl border border-line bg-white print:mt-1 print:text-xs">
        <Field label="Reference">
          <span className="font-mono">{request.reference}</span>
        </Field>
        <Field label="Status">
          {quoteStatusLabel(request.status)}
          {request.lostReason
            ? ` (the visitor declined every quote: ${declineReasonLabel(request.lostReason)})`
            : ""}
        </Field>
        <Field label="The agency's quotes">
          <a
            href={`/admin/submissions/${submissionId}/quotes`}
            className="font-semibold text-brand-700 underline print:no-underline"
          >
            Quotes and documents
          </a>
        </Field>
        <Field label="Licensed producer of record">
          {request.producer ?? (
            <span className="text-muted">
              None yet: whoever publishes the quotes or binds becomes it
            </span>
          )}
        </Field>
        <Field label="Lines">
          <ul className="list-inside list-disc">
            {request.lines.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </Field>
        <Field label="Preferred start date">{request.startDate}</Field>
        <Field label="Contact by">{request.contactChannel}</Field>
        <Field label="Note">
          {request.note ? (
            <span className="whitespace-pre-line">{request.note}</span>
          ) : (
            <NotGiven />
          )}
        </Field>
        <Field label="Requested">
          <DateTime value={request.createdAt} />
        </Field>
        <Field label="Last changed by the visitor">
          <DateTime value={request.updatedAt} />
        </Field>
        <Field label="What the visitor agreed to">
          <blockquote className="border-l-4 border-line pl-3">{request.consentText}</blockquote>
          <p className="mt-1 text-sm text-muted">
            Agreed <DateTime value={request.consentGivenAt} />
          </p>
        </Field>
      </dl>
    </section>
  );
}

/** A line of the coverage plan, in the desk's words. */
export interface PlanLineView {
  name: string;
  recommendation: string;
  reason: string;
}

/** The coverage plan's columns, as the desk shows it (the reasons not in print). */
const PLAN_COLUMNS: DeskColumn<PlanLineView>[] = [
  { label: "Line", rowHeader: true, cell: (line) => line.name },
  { label: "Recommendation", cell: (line) => line.recommendation },
  { label: "Why", className: "print:hidden", cell: (line) => line.reason },
];

export function CoveragePlanSection({ plan }: { plan: readonly PlanLineView[] }) {
  return (
    <section aria-labelledby="plan-title" className="mt-8 print:mt-3 print:text-xs">
      <h2 id="plan-title" className="text-lg font-semibold text-ink print:text-sm">
        Coverage plan
      </h2>
      <p className="mt-1 text-sm text-muted print:hidden">
        As the visitor&apos;s plan page works it out from this record and the optional answers.
      </p>
      <DeskTable
        caption="The coverage plan, strongest recommendation first"
        columns={PLAN_COLUMNS}
        rows={plan}
        rowKey={(line) => line.name}
      />
    </section>
  );
}
