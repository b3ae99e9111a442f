/**
 * The application's fields, each written once (issue 27): its column in business_wizard_submissions,
 * its label, how a saved version holds it, the column's SQL type, and where it shows (its section
 * of the lead desk's page and history, the CSV export, the visitor's summary, the agency's alert).
 * Everything that lists the record's fields is derived from APPLICATION_FIELDS: the values a version
 * is read as (record-versions.ts), the history's labels and order, the export's columns
 * (lead-desk.ts), the desk's rows, the summary's and the alert's rows, and the table's type
 * (app/server/db/database-schema.server.ts). A test holds it against the migrated table.
 *
 * The entries are in the export's order: the record's original columns first (docs/product.md,
 * "Record fields"), then the industry code, then the Quote step's optional answers. The lead desk
 * shows and compares them section by section, in this order within each section.
 *
 * Pure. How to add a field: docs/architecture.md.
 */
import { industryLabel } from "#app/domain/industries.ts";
import { formatUsPhone } from "#app/domain/phone.ts";
import { revenueBandLabel, vehicleUseLabel } from "#app/domain/quote-request.ts";
import { z } from "#app/domain/zod.ts";

/** A field's value in some version. */
export type FieldValue = string | number | boolean | string[] | null;

/** The lead desk's sections of an application, in the order its page and history show them. */
export const FIELD_SECTIONS = [
  { id: "business", title: "Business" },
  { id: "contact", title: "Contact" },
  { id: "consent", title: "Consent to texts" },
  { id: "answers", title: "Optional answers (Quote step)" },
] as const;
export type FieldSection = (typeof FIELD_SECTIONS)[number]["id"];

/** The column's SQL type (null allowed unless the field is `required`). */
export type ColumnKind = "text" | "text[]" | "boolean" | "integer" | "bigint" | "timestamptz";

/**
 * How the lead desk shows a value: as text (its `text`), as a mail or phone link, as a list, as
 * quoted words, as an instant; "none": only in the history (another row shows it).
 */
export type DeskDisplay = "text" | "email" | "phone" | "list" | "quote" | "instant" | "none";

/** Every field of a version, for a row that shows more than its own. */
export type RecordValues = Readonly<Record<string, FieldValue>>;

/** A row of the visitor's summary or the agency's alert. */
export interface ViewRow {
  label: string;
  /** The row's text; absent: the field's own value as text. */
  show?: (values: RecordValues) => string;
}

interface FieldSpec<Stored extends FieldValue> {
  /** The lead desk's and the history's label. */
  label: string;
  /** How a version holds it: the row, or a revision's JSON copy (decision 013). */
  stored: z.ZodMiniType<Stored>;
  column: ColumnKind;
  /** Not null in the table: the email step writes it. */
  required?: true;
  section: FieldSection;
  /** A column of the CSV export. */
  csv?: true;
  /** How the desk's page shows it; "text" when absent. */
  desk?: DeskDisplay;
  /** What the desk's row says when the value is not given; "Not given" when absent. */
  whenEmpty?: (values: RecordValues) => string | null;
  /** The value as an operator reads it (the desk, the history); the value itself when absent. */
  text?: (value: Exclude<Stored, null | boolean>, values: RecordValues) => string;
  /** Its row on the visitor's summary of a complete application, if any. */
  summary?: ViewRow;
  /** Its row in the agency's email about a completed application, if any. */
  alert?: ViewRow;
}

/** A field as declared: its stored type, column type and whether it is required are kept. */
function field<
  Stored extends FieldValue,
  Kind extends ColumnKind,
  Required extends true | undefined = undefined,
>(
  spec: FieldSpec<Stored> & { column: Kind; required?: Required },
): FieldSpec<Stored> & { column: Kind; required?: Required } {
  return spec;
}

const requiredText = z.string();
/** Text that may be missing (null). */
export const storedText = z._default(z.nullable(z.string()), null);
const text = storedText;
const yesNo = z._default(z.nullable(z.boolean()), null);
/** A whole number; bigint columns come from pg as text. */
const count = z.pipe(
  z._default(z.nullable(z.union([z.number(), z.string()])), null),
  z.transform((value) => (value === null ? null : Number(value))),
);
/** An instant, spelled ISO 8601 (a Date in the row, text in JSON: it compares as text). */
export const storedInstant = z.pipe(
  z._default(z.nullable(z.union([z.string(), z.date()])), null),
  z.transform((value) => (value === null ? null : new Date(value).toISOString())),
);

/** A value as a summary or an alert writes it: text, or nothing for an empty one. */
function plain(value: FieldValue | undefined): string {
  if (value === null || value === undefined) return "";
  if (Array.isArray(value)) return value.join(", ");
  return String(value);
}

const yesNoWords = (value: FieldValue | undefined) => (value === true ? "Yes" : "No");
const phoneText = (value: FieldValue | undefined) =>
  typeof value === "string" ? formatUsPhone(value) : "";
const industryText = (value: FieldValue | undefined) =>
  typeof value === "string" ? industryLabel(value) : "";
const notAnswered = () => "Not answered";
const fullName = (values: RecordValues) => `${plain(values.first_name)} ${plain(values.last_name)}`;

export const APPLICATION_FIELDS = {
  industry: field({
    label: "Industry",
    stored: requiredText,
    column: "text",
    required: true,
    section: "business",
    csv: true,
    text: industryLabel,
    summary: { label: "Industry", show: (values) => industryText(values.industry) },
    alert: { label: "Industry", show: (values) => industryText(values.industry) },
  }),
  state: field({
    label: "State",
    stored: requiredText,
    column: "text",
    required: true,
    section: "business",
    csv: true,
    summary: { label: "State" },
    alert: { label: "State" },
  }),
  segments: field({
    label: "Segments",
    stored: z.array(z.string()),
    column: "text[]",
    required: true,
    section: "business",
    csv: true,
    desk: "list",
    summary: { label: "Business type" },
    alert: { label: "Segments" },
  }),
  email: field({
    label: "Email",
    stored: requiredText,
    column: "text",
    required: true,
    section: "contact",
    csv: true,
    desk: "email",
    summary: { label: "Email" },
    alert: { label: "Email" },
  }),
  business_name: field({
    label: "Business name",
    stored: text,
    column: "text",
    section: "business",
    csv: true,
    summary: { label: "Business name" },
    alert: { label: "Business name" },
  }),
  first_name: field({
    label: "First name",
    stored: text,
    column: "text",
    section: "contact",
    csv: true,
    summary: { label: "Name", show: fullName },
    alert: { label: "Name", show: fullName },
  }),
  last_name: field({
    label: "Last name",
    stored: text,
    column: "text",
    section: "contact",
    csv: true,
  }),
  phone_number: field({
    label: "Phone number",
    stored: text,
    column: "text",
    section: "contact",
    csv: true,
    desk: "phone",
    text: formatUsPhone,
    summary: { label: "Phone number", show: (values) => phoneText(values.phone_number) },
    alert: { label: "Phone", show: (values) => phoneText(values.phone_number) },
  }),
  consent_to_texts: field({
    label: "Agreed to texts",
    stored: yesNo,
    column: "boolean",
    section: "consent",
    csv: true,
    summary: {
      label: "Texts about products and services",
      show: (values) => yesNoWords(values.consent_to_texts),
    },
    alert: {
      label: "Texts",
      show: (values) =>
        values.consent_to_texts !== true
          ? "not agreed"
          : values.consent_given_at
            ? `agreed on ${plain(values.consent_given_at)}`
            : "agreed",
    },
  }),
  consent_given_at: field({
    label: "Agreed at",
    stored: storedInstant,
    column: "timestamptz",
    section: "consent",
    desk: "instant",
  }),
  consent_text: field({
    label: "Words agreed to",
    stored: text,
    column: "text",
    section: "consent",
    desk: "quote",
  }),
  legal_business_name: field({
    label: "Legal business name",
    stored: text,
    column: "text",
    section: "business",
    csv: true,
    summary: { label: "Legal business name" },
    alert: { label: "Legal business name" },
  }),
  primary_location: field({
    label: "Primary location",
    stored: text,
    column: "text",
    section: "business",
    csv: true,
    summary: { label: "Primary location" },
    alert: { label: "Primary location" },
  }),
  /** The unit or suite on its own (decision 018); the primary location holds it too. */
  unit: field({
    label: "Unit or suite",
    stored: text,
    column: "text",
    section: "business",
    desk: "none",
  }),
  same_address: field({
    label: "Mailing address same as primary location",
    stored: text,
    column: "text",
    section: "business",
    csv: true,
    summary: {
      label: "Mailing address",
      show: (values) =>
        values.same_address === "Yes"
          ? "Same as the primary location"
          : plain(values.mailing_address),
    },
    alert: {
      label: "Mailing address",
      show: (values) =>
        values.same_address === "Yes" ? "same as primary location" : plain(values.mailing_address),
    },
  }),
  mailing_address: field({
    label: "Mailing address",
    stored: text,
    column: "text",
    section: "business",
    csv: true,
  }),
  ownership_structure: field({
    label: "Ownership structure",
    stored: text,
    column: "text",
    section: "business",
    csv: true,
    summary: { label: "Ownership structure" },
    alert: { label: "Ownership structure" },
  }),
  start_year: field({
    label: "Year started",
    stored: text,
    column: "text",
    section: "business",
    csv: true,
    summary: { label: "Year the business started" },
    alert: { label: "Year started" },
  }),
  /** The 2022 NAICS code the business is filed under, and its title (issue 17). */
  naics_code: field({
    label: "NAICS code",
    stored: text,
    column: "text",
    section: "business",
    csv: true,
    text: (code, values) => `${code} ${plain(values.naics_title)}`.trim(),
  }),
  naics_title: field({
    label: "NAICS title",
    stored: text,
    column: "text",
    section: "business",
    csv: true,
    desk: "none",
  }),
  full_time_employees: field({
    label: "Full-time employees",
    stored: count,
    column: "integer",
    section: "answers",
    csv: true,
  }),
  part_time_employees: field({
    label: "Part-time employees",
    stored: count,
    column: "integer",
    section: "answers",
    csv: true,
  }),
  annual_revenue: field({
    label: "Annual revenue",
    stored: count,
    column: "bigint",
    section: "answers",
    csv: true,
    text: (amount) => `$${amount.toLocaleString("en-US")}`,
    // The range, when the visitor gave one instead of the amount.
    whenEmpty: (values) =>
      typeof values.revenue_band === "string" ? revenueBandLabel(values.revenue_band) : null,
  }),
  /** Asked instead of the amount when the visitor would rather give a range. */
  revenue_band: field({
    label: "Annual revenue (range)",
    stored: text,
    column: "text",
    section: "answers",
    csv: true,
    desk: "none",
    text: revenueBandLabel,
  }),
  claims_last_3_years: field({
    label: "Claims in the last 3 years",
    stored: yesNo,
    column: "boolean",
    section: "answers",
    csv: true,
    whenEmpty: notAnswered,
  }),
  currently_insured: field({
    label: "Insured now",
    stored: yesNo,
    column: "boolean",
    section: "answers",
    csv: true,
    whenEmpty: notAnswered,
  }),
  /** Owners, officers or members who work in the business (issue 26). */
  working_owners: field({
    label: "Owners or officers working in the business",
    stored: count,
    column: "integer",
    section: "answers",
    csv: true,
  }),
  vehicles: field({
    label: "Vehicles used for work",
    stored: text,
    column: "text",
    section: "answers",
    csv: true,
    text: vehicleUseLabel,
  }),
};

type Fields = typeof APPLICATION_FIELDS;
/** A field's column name (its key in the registry, and in a version's values). */
export type FieldColumn = keyof Fields;
type StoredOf<Spec> = Spec extends FieldSpec<infer Stored> ? Stored : never;

/** The record's values as one version holds them: what submissionValuesSchema reads. */
export type SubmissionValues = { [Column in FieldColumn]: StoredOf<Fields[Column]> };

/** A column's value as the database drivers read it, by its SQL type. */
interface ColumnRead {
  text: string;
  "text[]": string[];
  boolean: boolean;
  integer: number;
  /** pg returns a bigint as text, PGlite as a number. */
  bigint: string | number;
  timestamptz: Date;
}

/** What a write may give a column, by its SQL type. */
interface ColumnWrite {
  text: string;
  "text[]": string[];
  boolean: boolean;
  integer: number;
  bigint: number;
  timestamptz: Date | string;
}

type IsRequired<Spec> = Spec extends { required?: infer Required } ? Required : undefined;
type OrNull<Column extends FieldColumn, Value> =
  IsRequired<Fields[Column]> extends true ? Value : Value | null;

/** The application's columns of a row as read (the table's type is built from these). */
export type FieldRow = {
  [Column in FieldColumn]: OrNull<Column, ColumnRead[Fields[Column]["column"]]>;
};

/** What a write may give each of the application's columns. */
export type FieldWrite = {
  [Column in FieldColumn]: OrNull<Column, ColumnWrite[Fields[Column]["column"]]>;
};

/** The registry's columns, in its order. */
export const FIELD_COLUMNS = Object.keys(APPLICATION_FIELDS) as FieldColumn[]; // Object.keys loses the key type.

/** Whether a name is one of the application's fields. */
export function isFieldColumn(name: string): name is FieldColumn {
  return Object.hasOwn(APPLICATION_FIELDS, name);
}

/** A field's declaration. */
export function fieldSpec(column: FieldColumn): FieldSpec<FieldValue> {
  // Each entry's value type narrows FieldValue; read as the wide type it is declared with.
  return APPLICATION_FIELDS[column] as FieldSpec<FieldValue>;
}

/**
 * A version as the database keeps it (the row, or a revision's JSON copy of it): unknown keys are
 * dropped, an instant (a Date in the row, text in JSON) is spelled as ISO 8601.
 */
export const submissionValuesSchema = z.object(
  Object.fromEntries(FIELD_COLUMNS.map((column) => [column, fieldSpec(column).stored])) as {
    // Built from the registry: each column's schema is its entry's `stored`.
    [Column in FieldColumn]: Fields[Column]["stored"];
  },
);

/** The fields in the lead desk's order: section by section, the registry's order within each. */
export const DESK_FIELD_ORDER: readonly FieldColumn[] = FIELD_SECTIONS.flatMap((section) =>
  FIELD_COLUMNS.filter((column) => APPLICATION_FIELDS[column].section === section.id),
);

/** Each field's label, in the lead desk's order (the history compares fields in this order). */
export const SUBMISSION_FIELD_LABELS = Object.fromEntries(
  DESK_FIELD_ORDER.map((column) => [column, APPLICATION_FIELDS[column].label]),
) as Record<FieldColumn, string>; // Built from every column above.

/** The export's columns from the application, in the registry's order. */
export const APPLICATION_EXPORT_COLUMNS: readonly FieldColumn[] = FIELD_COLUMNS.filter(
  (column) => fieldSpec(column).csv,
);

/** Whether a value counts as not given. */
export function isEmptyValue(value: FieldValue): boolean {
  return value === null || value === "" || (Array.isArray(value) && value.length === 0);
}

/** A value as an operator reads it in the history; null when not given. */
export function fieldText(
  column: FieldColumn,
  value: FieldValue,
  values: RecordValues = {},
): string | null {
  if (value === null || isEmptyValue(value)) return null;
  if (typeof value === "boolean") return value ? "Yes" : "No";
  if (Array.isArray(value)) return value.join("; ");
  const spec = fieldSpec(column);
  return spec.text ? spec.text(value, values) : String(value);
}

/** A field's value as the lead desk's row shows it: its text, or what it says when not given. */
export function deskText(column: FieldColumn, values: RecordValues): string | null {
  const value = values[column] ?? null;
  if (isEmptyValue(value)) return fieldSpec(column).whenEmpty?.(values) ?? null;
  return fieldText(column, value, values);
}

/** How the lead desk shows a field. */
export function deskDisplay(column: FieldColumn): DeskDisplay {
  return fieldSpec(column).desk ?? "text";
}

/** The rows of the visitor's summary or the agency's alert, from a complete record. */
export function viewRows(
  view: "summary" | "alert",
  values: RecordValues,
): { label: string; value: string }[] {
  return FIELD_COLUMNS.flatMap((column) => {
    const row = fieldSpec(column)[view];
    if (!row) return [];
    return [{ label: row.label, value: row.show ? row.show(values) : plain(values[column]) }];
  });
}
