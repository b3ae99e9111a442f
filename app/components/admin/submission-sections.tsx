import { tableClasses } from "#app/components/admin/desk-table.tsx";
/**
 * The parts of the lead desk's page for one submission: its application's fields section by
 * section (from the field registry, app/domain/application/application-fields.ts), the applications that share
 * its email, and its webhook deliveries. Each takes plain data from the route's loader.
 */
import {
  buttonClasses,
  DateTime,
  EmailLink,
  formatDateTime,
  useDeskTimeZone,
  NotGiven,
} from "#app/components/admin/admin-ui.tsx";
import {
  APPLICATION_FIELDS,
  DESK_FIELD_ORDER,
  deskDisplay,
  deskText,
  FIELD_SECTIONS,
  SUBMISSION_FIELD_LABELS,
  type FieldColumn,
  type FieldSection,
  type RecordValues,
} from "#app/domain/application/application-fields.ts";
import type { WebhookDelivery } from "#app/domain/leads/lead-record.ts";

export function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="grid gap-1 px-4 py-3 sm:grid-cols-3 sm:gap-4 print:grid-cols-3 print:gap-2 print:py-0.5">
      <dt className="font-medium text-muted">{label}</dt>
      <dd className="break-words text-ink sm:col-span-2">{children}</dd>
    </div>
  );
}

/** A field's value as the desk shows it (its registry entry says how). */
function FieldValueView({ column, values }: { column: FieldColumn; values: RecordValues }) {
  const value = values[column] ?? null;
  const display = deskDisplay(column);
  if (display === "list" && Array.isArray(value) && value.length > 0) {
    return (
      <ul className="list-inside list-disc">
        {value.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
    );
  }
  if (typeof value === "string" && value !== "") {
    if (display === "email") return <EmailLink address={value} />;
    if (display === "instant") return <DateTime value={value} />;
    if (display === "phone") {
      return (
        <a href={`tel:${value}`} className="text-brand-700 underline">
          {deskText(column, values)}
        </a>
      );
    }
    if (display === "quote") {
      return (
        <blockquote className="border-l-4 border-line pl-3 whitespace-pre-line">{value}</blockquote>
      );
    }
  }
  return deskText(column, values) ?? <NotGiven />;
}

/** One section of the application: its fields in the registry's order (application-fields.ts). */
export function ApplicationSection({
  section,
  values,
}: {
  section: FieldSection;
  values: RecordValues;
}) {
  const title = FIELD_SECTIONS.find((candidate) => candidate.id === section)?.title ?? section;
  const columns = DESK_FIELD_ORDER.filter(
    (column) => APPLICATION_FIELDS[column].section === section && deskDisplay(column) !== "none",
  );
  return (
    <Section id={`${section}-title`} title={title}>
      {columns.map((column) => (
        <Field key={column} label={SUBMISSION_FIELD_LABELS[column]}>
          <FieldValueView column={column} values={values} />
        </Field>
      ))}
    </Section>
  );
}

export function Section({
  id,
  title,
  children,
}: {
  id: string;
  title: string;
  children: React.ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="mt-8 break-inside-avoid print:mt-3">
      <h2 id={id} className="text-lg font-semibold text-ink print:text-sm">
        {title}
      </h2>
      <dl className="mt-3 divide-y divide-line rounded-xl border border-line bg-white print:mt-1 print:text-xs">
        {children}
      </dl>
    </section>
  );
}

/**
 * The other leads that share this one's email, phone number or business name, each a link with
 * what it shares (issue 28), and what "Email not proven" means (decision 030).
 */
export function RelatedLeads({
  emailNotProven,
  leads,
}: {
  emailNotProven: boolean;
  leads: readonly {
    id: string;
    name: string | null;
    createdAt: Date;
    emailNotProven: boolean;
    shares: readonly string[];
  }[];
}) {
  if (!emailNotProven && leads.length === 0) return null;
  return (
    <section
      aria-labelledby="related-title"
      className="mt-4 rounded-xl border border-amber-200 bg-amber-50 p-4 text-sm text-ink print:hidden"
    >
      <h2 id="related-title" className="font-semibold">
        {emailNotProven ? "Email not proven" : "Possibly the same business"}
      </h2>
      {emailNotProven ? (
        <p className="mt-1">
          This application was saved by a visitor who had not proven this email (by opening a link
          sent to it) while another application already held it. It is kept apart: confirm who they
          are before you act on it.
        </p>
      ) : null}
      {leads.length > 0 ? (
        <>
          {emailNotProven ? (
            <h3 className="mt-3 font-semibold">Possibly the same business</h3>
          ) : null}
          <ul className="mt-2 list-inside list-disc">
            {leads.map((lead) => (
              <li key={lead.id}>
                <a href={`/admin/submissions/${lead.id}`} className="text-brand-700 underline">
                  {lead.name ?? "Not named yet"}
                </a>{" "}
                (same {lead.shares.join(" and ")}; received <DateTime value={lead.createdAt} />
                {lead.emailNotProven ? "; email not proven" : ""})
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}

/** The webhook posts of this lead (issue 17): each event to each receiver, and "Send again". */
export function WebhookDeliveries({ deliveries }: { deliveries: readonly WebhookDelivery[] }) {
  const timeZone = useDeskTimeZone();
  if (deliveries.length === 0) return null;
  return (
    <section aria-labelledby="webhooks-title" className="mt-8 print:hidden">
      <h2 id="webhooks-title" className="text-lg font-semibold text-ink">
        Sent to your systems
      </h2>
      <div className={tableClasses.wrapper}>
        <table className={tableClasses.table}>
          <caption className="sr-only">Webhook deliveries of this lead, newest first</caption>
          <thead className={tableClasses.head}>
            <tr>
              <th scope="col" className={tableClasses.th}>
                Event
              </th>
              <th scope="col" className={tableClasses.th}>
                Receiver
              </th>
              <th scope="col" className={tableClasses.th}>
                Status
              </th>
              <th scope="col" className={tableClasses.th}>
                <span className="sr-only">Action</span>
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-line">
            {deliveries.map((delivery) => (
              <tr key={delivery.id}>
                <td className={tableClasses.td}>
                  {delivery.event}
                  <div className="text-xs text-muted">
                    <DateTime value={delivery.createdAt} />
                  </div>
                </td>
                <td className={`${tableClasses.td} break-all`}>{delivery.url}</td>
                <td className={tableClasses.td}>{deliveryStatus(delivery, timeZone)}</td>
                <td className={tableClasses.td}>
                  <form method="post">
                    <input type="hidden" name="intent" value="resend-webhook" />
                    <input type="hidden" name="deliveryId" value={delivery.id} />
                    <button type="submit" className={buttonClasses("secondary", "sm")}>
                      Send again
                    </button>
                  </form>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

/** A delivery's state in words: delivered, given up, or waiting for its next attempt. */
function deliveryStatus(delivery: WebhookDelivery, timeZone: string): string {
  const answer = delivery.lastError ?? (delivery.lastStatus ? `HTTP ${delivery.lastStatus}` : "");
  if (delivery.deliveredAt) return `Delivered (${formatDateTime(delivery.deliveredAt, timeZone)})`;
  if (delivery.failedAt) return `Given up after ${delivery.attempts} attempts (${answer})`;
  if (delivery.attempts === 0) return "Waiting to be sent";
  return `Retrying: ${delivery.attempts} attempts so far (${answer}), next at ${formatDateTime(delivery.nextAttemptAt, timeZone)}`;
}
