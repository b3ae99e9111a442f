import { tableClasses } from "#app/components/admin/desk-table.tsx";
import {
  DateTime,
  formatDateTime,
  useDeskTimeZone,
  NotGiven,
} from "#app/components/admin/admin-ui.tsx";
import {
  deskDisplay,
  fieldText,
  isFieldColumn,
  type FieldValue,
} from "#app/domain/application/application-fields.ts";
import { quoteStatusLabel } from "#app/domain/leads/lead-desk.ts";
import { contactChannelLabel, lineName } from "#app/domain/quote/quote-request.ts";
import type {
  FieldChange,
  RecordVersion,
  Writer,
} from "#app/domain/application/record-versions.ts";

/** A quote request's field in one version, as an operator reads it. */
function quoteFieldText(
  field: string,
  value: string | number | string[],
  timeZone: string,
): string {
  if (Array.isArray(value))
    return (field === "lines" ? value.map((slug) => lineName(slug)) : value).join("; ");
  if (typeof value === "number") return value.toString();
  switch (field) {
    case "consent_given_at":
      return formatDateTime(value, timeZone);
    case "status":
      return quoteStatusLabel(value);
    case "contact_channel":
      return contactChannelLabel(value);
    default:
      return value;
  }
}

/** A field's value in one version, as an operator reads it: an application's field by its entry. */
function fieldValueText(
  field: string,
  value: Exclude<FieldValue, null | boolean>,
  timeZone: string,
): string {
  if (!isFieldColumn(field)) return quoteFieldText(field, value, timeZone);
  if (deskDisplay(field) === "instant" && typeof value === "string") {
    return formatDateTime(value, timeZone);
  }
  return fieldText(field, value) ?? "";
}

function HistoryValue({ change, side }: { change: FieldChange; side: "before" | "after" }) {
  const timeZone = useDeskTimeZone();
  const value = change[side];
  if (value === null || value === "" || (Array.isArray(value) && value.length === 0)) {
    return <NotGiven />;
  }
  if (typeof value === "boolean") return value ? "Yes" : "No";
  return (
    <span className="whitespace-pre-line">{fieldValueText(change.field, value, timeZone)}</span>
  );
}

/** Who saved a version, as an operator can tell visitors apart without their addresses. */
function writerText(writer: Writer, record: string): string {
  if (writer.operator) return `operator ${writer.operator}`;
  if (writer.visitor === null && writer.clientHash === null) {
    return "a writer not recorded (saved before history was kept, or outside the wizard)";
  }
  const parts = [writer.visitor === null ? "an unknown session" : `visitor ${writer.visitor}`];
  if (writer.clientHash) parts.push(`from address #${writer.clientHash}`);
  parts.push(
    writer.emailProven
      ? `who had opened an emailed link to this ${record}`
      : "who had not proven the email",
  );
  return parts.join(", ");
}

function Version({
  version,
  current,
  labels,
  record,
}: {
  version: RecordVersion;
  current: boolean;
  labels: Record<string, string>;
  record: string;
}) {
  return (
    <li className="rounded-xl border border-line bg-white p-4">
      <h3 className="font-semibold text-ink">
        Version {version.number}
        {current ? " (current)" : ""}
      </h3>
      <p className="mt-1 text-sm text-muted">
        {version.created ? "Created" : "Saved"} <DateTime value={version.savedAt} /> by{" "}
        {writerText(version.writer, record)}.
      </p>
      {version.changes.length === 0 ? (
        <p className="mt-2 text-sm text-ink">Saved again with no field changed.</p>
      ) : (
        <div className={tableClasses.wrapper}>
          <table className={`${tableClasses.table} table-fixed`}>
            <caption className="sr-only">What version {version.number} changed</caption>
            <thead className={tableClasses.head}>
              <tr>
                <th scope="col" className={`${tableClasses.th} w-1/4`}>
                  Field
                </th>
                <th scope="col" className={`${tableClasses.th} w-3/8`}>
                  Before
                </th>
                <th scope="col" className={`${tableClasses.th} w-3/8`}>
                  After
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-line">
              {version.changes.map((change) => (
                <tr key={change.field}>
                  <th scope="row" className={`${tableClasses.td} font-medium text-muted`}>
                    {labels[change.field] ?? change.field}
                  </th>
                  <td className={`${tableClasses.td} break-words`}>
                    <HistoryValue change={change} side="before" />
                  </td>
                  <td className={`${tableClasses.td} break-words`}>
                    <HistoryValue change={change} side="after" />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </li>
  );
}

/**
 * A record's history for the lead desk (decisions 013 and 030): every kept version, newest first,
 * who saved it and what it changed. `record` names the record in the words ("application",
 * "quote request").
 */
export function RecordHistory({
  id,
  title,
  intro,
  versions,
  total,
  labels,
  record,
}: {
  id: string;
  title: string;
  intro: string;
  versions: RecordVersion[];
  total: number;
  labels: Record<string, string>;
  record: string;
}) {
  return (
    <section aria-labelledby={id} className="mt-8">
      <h2 id={id} className="text-lg font-semibold text-ink">
        {title}
      </h2>
      <p className="mt-1 text-sm text-muted">
        {intro}
        {versions.length < total ? ` The newest ${versions.length} of ${total} versions.` : ""}
      </p>
      <ol className="mt-3 space-y-4">
        {versions.map((version) => (
          <Version
            key={version.number}
            version={version}
            current={version.number === total}
            labels={labels}
            record={record}
          />
        ))}
      </ol>
    </section>
  );
}
