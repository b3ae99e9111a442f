/**
 * The application's fields, each written once (issue 27): its column in business_wizard_submissions,
 * its label, how a saved version holds it, the column's SQL type, and where it shows (its section
 * of the lead desk's page and history, the CSV export, the visitor's summary, the agency's alert).
 * Everything that lists the record's fields is derived from APPLICATION_FIELDS: the values a version
 * is read as (record-versions.ts), the history's labels and order, the export's columns
 * (lead-desk.ts), the desk's rows, the summary's and the alert's rows, the privacy page's list of
 * what is stored (privacyList), and the table's type (app/server/db/database-schema.server.ts). A
 * test holds it against the migrated table; where a person must still write (the lead record's
 * mapping, docs/product.md), a test names the field that is missing (decision 060).
 *
 * The entries are in the order the visitor's summary and the agency's alert show them; the lead
 * desk shows and compares them section by section, in this order within each section. The CSV
 * export has its own order, each entry's `csv` position (decision 060): the record's original
 * columns first (docs/product.md, "Record fields"), then the industry code, the primary location's
 * parts, the Quote step's optional answers and the language, and a new field after them.
 *
 * Pure. How to add a field: docs/architecture.md.
 */
import { revenueBandLabel, vehicleUseLabel } from "#app/domain/quote/answer-choices.ts";
import {
  checkbox,
  optionalAddress,
  optionalText,
  PHONE_MAX_LENGTH,
  requiredText,
  usPhoneNumber,
} from "#app/domain/values/fields.ts";
import { industryLabel, industryName } from "#app/domain/reference/industries.ts";
import { ownershipName } from "#app/domain/reference/ownership-structures.ts";
import {
  BASE_LOCALE,
  languageNameInEnglish,
  type Locale,
  type Message,
} from "#app/domain/site/locales.ts";
import { m } from "#app/paraglide/messages.js";
import { OWNERSHIP_STRUCTURES } from "#app/domain/reference/ownership-structures.ts";
import { formatUsPhone } from "#app/domain/values/phone.ts";
import { joinLines } from "#app/domain/values/text.ts";
import type { WizardStepId } from "#app/domain/wizard/wizard-screens.ts";
import { ZIP_CODE_PATTERN } from "#app/domain/reference/zip-codes.ts";
import { z } from "#app/domain/values/zod.ts";

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

/** A row of the agency's alert (English). */
export interface ViewRow {
  label: string;
  /** The row's text; absent: the field's own value as text. */
  show?: (values: RecordValues) => string;
}

/**
 * The names a summary shows for stored values in the page's language: the server gives them
 * (state-names.ts, segment-terms.ts), so that they stay out of the wizard's scripts.
 */
export interface NamesIn {
  locale: Locale;
  state: (stored: string) => string;
  segment: (stored: string) => string;
}

/** A row of the visitor's summary of a complete application, in the page's language. */
export interface SummaryRow {
  label: Message;
  /** The row's text; absent: the field's own value as text. */
  show?: (values: RecordValues, names: NamesIn) => string;
}

/** The steps after the email step: each asks fields of the registry (its `ask`). */
export type AnswerStepId = Exclude<WizardStepId, "industry-and-state" | "segments" | "email">;

/**
 * What an answer's rule may read: this year (a year's range), the business's state, and the
 * page's language with the places' names in it (for the ZIP code's message).
 */
export interface AskContext {
  thisYear: number;
  /** The state chosen on step 1, where the business is. */
  state: string | undefined;
  /** The language of the page: the rules' messages are in it (issue 31). */
  locale: Locale;
  /**
   * The states' and places' names in `locale`, by the English name (zip-codes.ts), where they
   * differ; given by the server (state-names.ts), so that the names stay out of the scripts.
   */
  placeNames: Readonly<Record<string, string>>;
}

/**
 * How the wizard asks for a field, after the email step. Its form control and the draft's answer
 * are named after the column in camel case (`start_year`: `startYear`).
 */
export interface FieldAsk<
  Step extends AnswerStepId = AnswerStepId,
  Typed extends number | "checkbox" = number | "checkbox",
> {
  /** The step whose screen asks it. */
  step: Step;
  /** What Continue checks the answer with (the browser's check and the server's). */
  rule: (context: AskContext) => z.ZodMiniType;
  /** What Back keeps: the text as typed up to this many characters, or whether it is ticked. */
  typed: Typed;
  /** What Back keeps of the text, before it is cut to length (a text area's lines, joined). */
  normalise?: (text: string) => string;
  /** The answer the screen starts from while none is given: another field's answer... */
  startsAs?: string;
  /** ...or this value. */
  initial?: string;
  /** A kept answer as the screen shows it again (a phone number kept as +15552345678). */
  shows?: (kept: string) => string;
  /** An answer a complete application might hold (the benchmark's seeded leads use these). */
  example: string | boolean;
  /** Values the screen suggests (a list the browser offers as one types). */
  suggest?: (context: AskContext) => string[];
}

/** A text answer, at most `max` characters: required (with its message), or optional. */
function askText<Step extends AnswerStepId>(
  step: Step,
  max: number,
  required?: Message,
): Omit<FieldAsk<Step, number>, "example"> {
  return {
    step,
    typed: max,
    rule: ({ locale }) =>
      required === undefined
        ? optionalText(max, locale)
        : requiredText(required({}, { locale }), max, locale),
  };
}

/** One of `choices`, with its message when none (or another) is sent. */
function askChoice<Step extends AnswerStepId>(
  step: Step,
  choices: readonly [string, ...string[]],
  message: Message,
): Omit<FieldAsk<Step, number>, "example"> {
  const longest = Math.max(...choices.map((choice) => choice.length));
  return {
    step,
    typed: longest,
    rule: ({ locale }) => z.enum(choices, { error: message({}, { locale }) }),
  };
}

/**
 * The answers of a yes/no question, as its form sends them and as a text column keeps them
 * (`same_address`). The Quote step's yes/no answers are kept as booleans (quote-request.ts).
 */
export const YES_NO_ANSWERS = ["Yes", "No"] as const;

/**
 * A question answered Yes or No (its screen: YesNoField's radios), kept as its answer's text. With
 * `required`, that message when neither is chosen; without, it may be left unanswered (null).
 */
export function askYesNo<Step extends AnswerStepId>(
  step: Step,
  required?: Message,
): Omit<FieldAsk<Step, number>, "example"> {
  if (required !== undefined) return askChoice(step, YES_NO_ANSWERS, required);
  return {
    step,
    typed: Math.max(...YES_NO_ANSWERS.map((answer) => answer.length)),
    rule: ({ locale }) =>
      z.optional(z.enum(YES_NO_ANSWERS, { error: m.quote_error_yes_no({}, { locale }) })),
  };
}

/** A checkbox: ticked or not. */
function askCheckbox<Step extends AnswerStepId>(
  step: Step,
): Omit<FieldAsk<Step, "checkbox">, "example"> {
  return { step, typed: "checkbox", rule: () => checkbox() };
}

/** The earliest year a business may have started in. */
const FIRST_START_YEAR = 1800;

/** A year the business started in: four digits, from FIRST_START_YEAR to this year. */
function startYearRule({ thisYear, locale }: AskContext) {
  const required = m.answer_start_year_required({}, { locale });
  // Years as years are written, without a thousands separator.
  const invalid = m.answer_start_year_invalid(
    { first: String(FIRST_START_YEAR), last: String(thisYear) },
    { locale },
  );
  return z.string({ error: required }).check(
    z.trim(),
    z.minLength(1, { error: required, abort: true }),
    z.regex(/^\d{4}$/, { error: invalid, abort: true }),
    z.refine((year) => Number(year) >= FIRST_START_YEAR && Number(year) <= thisYear, {
      error: invalid,
    }),
  );
}

/** A five-digit ZIP code, or ZIP+4. Whether it is the state's is the step's check (zip-codes.ts). */
function zipCodeRule({ locale }: AskContext) {
  const required = m.answer_zip_required({}, { locale });
  return z
    .string({ error: required })
    .check(
      z.trim(),
      z.minLength(1, { error: required, abort: true }),
      z.regex(ZIP_CODE_PATTERN, m.answer_zip_invalid({}, { locale })),
    );
}

interface FieldSpec<Stored extends FieldValue> {
  /** The lead desk's and the history's label. */
  label: string;
  /** How a version holds it: the row, or a revision's JSON copy (decision 013). */
  stored: z.ZodMiniType<Stored>;
  column: ColumnKind;
  /** Not null in the table: the email step writes it. */
  required?: true;
  /** The table writes its default when an insert leaves it out (a column added with one). */
  defaulted?: true;
  section: FieldSection;
  /**
   * Its column of the CSV export, by position (1 is the first after the id): the export's order is
   * these numbers', not the registry's, so that the entries can be ordered as the desk and the
   * summary show them while the export's columns stay where importers expect them. A new field
   * takes the next number, and so is appended (decision 060).
   */
  csv?: number;
  /** How the desk's page shows it; "text" when absent. */
  desk?: DeskDisplay;
  /** What the desk's row says when the value is not given; "Not given" when absent. */
  whenEmpty?: (values: RecordValues) => string | null;
  /** The value as an operator reads it (the desk, the history); the value itself when absent. */
  text?: (value: Exclude<Stored, null | boolean>, values: RecordValues) => string;
  /** Its row on the visitor's summary of a complete application, if any. */
  summary?: SummaryRow;
  /** Its row in the agency's email about a completed application, if any. */
  alert?: ViewRow;
  /** How the wizard asks for it, when a step after the email step does. */
  ask?: FieldAsk;
  /**
   * What the privacy page calls it in its list of what is stored ("your phone number"), or the
   * field whose words tell of it too (the last name is in "your first and last name").
   */
  privacy: Message | { with: string };
}

/** A field as declared: its stored type, column type and whether it is required are kept. */
function field<
  Stored extends FieldValue,
  Kind extends ColumnKind,
  Required extends true | undefined = undefined,
  Asked extends FieldAsk | undefined = undefined,
  Defaulted extends true | undefined = undefined,
>(
  spec: FieldSpec<Stored> & {
    column: Kind;
    required?: Required;
    ask?: Asked;
    defaulted?: Defaulted;
  },
): FieldSpec<Stored> & { column: Kind; required?: Required; ask?: Asked; defaulted?: Defaulted } {
  return spec;
}

const storedRequiredText = z.string();
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

const phoneText = (value: FieldValue | undefined) =>
  typeof value === "string" ? formatUsPhone(value) : "";
const industryText = (value: FieldValue | undefined, locale: Locale = BASE_LOCALE) =>
  typeof value === "string" ? industryName(value, locale) : "";
const notAnswered = () => "Not answered";
const fullName = (values: RecordValues) => `${plain(values.first_name)} ${plain(values.last_name)}`;

export const APPLICATION_FIELDS = {
  industry: field({
    privacy: m.privacy_field_industry,
    label: "Industry",
    stored: storedRequiredText,
    column: "text",
    required: true,
    section: "business",
    csv: 1,
    text: industryLabel,
    summary: {
      label: m.summary_industry,
      show: (values, { locale }) => industryText(values.industry, locale),
    },
    alert: { label: "Industry", show: (values) => industryText(values.industry) },
  }),
  state: field({
    privacy: m.privacy_field_state,
    label: "State",
    stored: storedRequiredText,
    column: "text",
    required: true,
    section: "business",
    csv: 2,
    summary: { label: m.summary_state, show: (values, names) => names.state(plain(values.state)) },
    alert: { label: "State" },
  }),
  segments: field({
    privacy: m.privacy_field_segments,
    label: "Segments",
    stored: z.array(z.string()),
    column: "text[]",
    required: true,
    section: "business",
    csv: 3,
    desk: "list",
    summary: {
      label: m.summary_business_type,
      show: (values, names) =>
        (Array.isArray(values.segments) ? values.segments : []).map(names.segment).join(", "),
    },
    alert: { label: "Segments" },
  }),
  email: field({
    privacy: m.privacy_field_email,
    label: "Email",
    stored: storedRequiredText,
    column: "text",
    required: true,
    section: "contact",
    csv: 4,
    desk: "email",
    summary: { label: m.summary_email },
    alert: { label: "Email" },
  }),
  business_name: field({
    privacy: m.privacy_field_business_name,
    label: "Business name",
    stored: text,
    column: "text",
    section: "business",
    csv: 5,
    summary: { label: m.summary_business_name },
    alert: { label: "Business name" },
    ask: {
      ...askText("business-name", 200, m.answer_business_name_required),
      example: "Lakeside Bakery",
    },
  }),
  first_name: field({
    privacy: m.privacy_field_first_name,
    label: "First name",
    stored: text,
    column: "text",
    section: "contact",
    csv: 6,
    summary: { label: m.summary_name, show: fullName },
    alert: { label: "Name", show: fullName },
    ask: { ...askText("about-you", 100, m.answer_first_name_required), example: "Ana" },
  }),
  last_name: field({
    privacy: { with: "first_name" },
    label: "Last name",
    stored: text,
    column: "text",
    section: "contact",
    csv: 7,
    ask: { ...askText("about-you", 100, m.answer_last_name_required), example: "Ruiz" },
  }),
  phone_number: field({
    privacy: m.privacy_field_phone_number,
    label: "Phone number",
    stored: text,
    column: "text",
    section: "contact",
    csv: 8,
    desk: "phone",
    text: formatUsPhone,
    summary: { label: m.summary_phone, show: (values) => phoneText(values.phone_number) },
    alert: { label: "Phone", show: (values) => phoneText(values.phone_number) },
    ask: {
      step: "about-you",
      typed: PHONE_MAX_LENGTH,
      rule: ({ locale }: AskContext) => usPhoneNumber(locale),
      shows: (kept: string) => (/^\+1\d{10}$/.test(kept) ? formatUsPhone(kept) : kept),
      example: "+15035550123",
    },
  }),
  consent_to_texts: field({
    privacy: m.privacy_field_consent_to_texts,
    label: "Agreed to texts",
    stored: yesNo,
    column: "boolean",
    section: "consent",
    csv: 9,
    summary: {
      label: m.summary_texts,
      show: (values, { locale }) =>
        (values.consent_to_texts === true ? m.wizard_yes : m.wizard_no)({}, { locale }),
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
    ask: { ...askCheckbox("about-you"), example: true },
  }),
  consent_given_at: field({
    privacy: { with: "consent_to_texts" },
    label: "Agreed at",
    stored: storedInstant,
    column: "timestamptz",
    section: "consent",
    desk: "instant",
  }),
  consent_text: field({
    privacy: { with: "consent_to_texts" },
    label: "Words agreed to",
    stored: text,
    column: "text",
    section: "consent",
    desk: "quote",
  }),
  legal_business_name: field({
    privacy: m.privacy_field_legal_business_name,
    label: "Legal business name",
    stored: text,
    column: "text",
    section: "business",
    csv: 10,
    summary: { label: m.summary_legal_name },
    alert: { label: "Legal business name" },
    ask: {
      ...askText("about-you", 200, m.answer_legal_name_required),
      // The legal name starts as the name the visitor gave first.
      startsAs: "business_name",
      example: "Lakeside Bakery LLC",
    },
  }),
  primary_location: field({
    privacy: m.privacy_field_primary_location,
    label: "Primary location",
    stored: text,
    column: "text",
    section: "business",
    csv: 11,
    text: (line, values) =>
      values.zip_confirmed === true
        ? `${line} (the visitor confirmed this ZIP code, which is usually in another state)`
        : line,
    summary: { label: m.summary_primary_location },
    alert: { label: "Primary location" },
  }),
  /** The unit or suite on its own (decision 018); the primary location holds it too. */
  unit: field({
    privacy: { with: "primary_location" },
    label: "Unit or suite",
    stored: text,
    column: "text",
    section: "business",
    desk: "none",
    ask: { ...askText("about-you", 50), example: "Suite 4" },
  }),
  same_address: field({
    privacy: m.privacy_field_same_address,
    label: "Mailing address same as primary location",
    stored: text,
    column: "text",
    section: "business",
    csv: 12,
    summary: {
      label: m.summary_mailing_address,
      show: (values, { locale }) =>
        values.same_address === "Yes"
          ? m.summary_same_as_primary({}, { locale })
          : plain(values.mailing_address),
    },
    alert: {
      label: "Mailing address",
      show: (values) =>
        values.same_address === "Yes" ? "same as primary location" : plain(values.mailing_address),
    },
    ask: {
      ...askYesNo("about-you", m.answer_same_address_required),
      initial: "Yes",
      example: "Yes",
    },
  }),
  mailing_address: field({
    privacy: m.privacy_field_mailing_address,
    label: "Mailing address",
    stored: text,
    column: "text",
    section: "business",
    csv: 13,
    ask: {
      step: "about-you",
      typed: 300,
      rule: ({ locale }: AskContext) => optionalAddress(300, locale),
      normalise: joinLines,
      example: "",
    },
  }),
  ownership_structure: field({
    privacy: m.privacy_field_ownership_structure,
    label: "Ownership structure",
    stored: text,
    column: "text",
    section: "business",
    csv: 14,
    summary: {
      label: m.summary_ownership,
      show: (values, { locale }) => ownershipName(plain(values.ownership_structure), locale),
    },
    alert: { label: "Ownership structure" },
    ask: {
      ...askChoice("ownership", OWNERSHIP_STRUCTURES, m.answer_ownership_required),
      example: "Limited Liability Company",
    },
  }),
  start_year: field({
    privacy: m.privacy_field_start_year,
    label: "Year started",
    stored: text,
    column: "text",
    section: "business",
    csv: 15,
    summary: { label: m.summary_start_year },
    alert: { label: "Year started" },
    ask: {
      step: "ownership",
      typed: 10,
      rule: startYearRule,
      // Newest first.
      suggest: ({ thisYear }: AskContext) =>
        Array.from({ length: thisYear - FIRST_START_YEAR + 1 }, (_, i) => String(thisYear - i)),
      example: "2015",
    },
  }),
  /** The 2022 NAICS code the business is filed under, and its title (issue 17). */
  naics_code: field({
    privacy: m.privacy_field_naics_code,
    label: "NAICS code",
    stored: text,
    column: "text",
    section: "business",
    csv: 16,
    text: (code, values) => `${code} ${plain(values.naics_title)}`.trim(),
  }),
  naics_title: field({
    privacy: { with: "naics_code" },
    label: "NAICS title",
    stored: text,
    column: "text",
    section: "business",
    csv: 17,
    desk: "none",
  }),
  /**
   * The primary location's parts (issue 27): the business's state is step 1's. The primary
   * location above is these on one line; a record saved before has only that line.
   */
  street_address: field({
    privacy: { with: "primary_location" },
    label: "Street address",
    stored: text,
    column: "text",
    section: "business",
    csv: 18,
    desk: "none",
    ask: {
      ...askText("about-you", 200, m.answer_street_required),
      example: "12 Main St",
    },
  }),
  city: field({
    privacy: { with: "primary_location" },
    label: "City",
    stored: text,
    column: "text",
    section: "business",
    csv: 19,
    desk: "none",
    ask: { ...askText("about-you", 100, m.answer_city_required), example: "Portland" },
  }),
  zip_code: field({
    privacy: { with: "primary_location" },
    label: "ZIP code",
    stored: text,
    column: "text",
    section: "business",
    csv: 20,
    desk: "none",
    ask: { step: "about-you", typed: 10, rule: zipCodeRule, example: "97201" },
  }),
  /** Ticked by a visitor whose ZIP code is usually in another state (zip-codes.ts). */
  zip_confirmed: field({
    privacy: m.privacy_field_zip_confirmed,
    label: "ZIP code confirmed though usually in another state",
    stored: yesNo,
    column: "boolean",
    section: "business",
    desk: "none",
    ask: { ...askCheckbox("about-you"), example: false },
  }),
  full_time_employees: field({
    privacy: m.privacy_field_full_time_employees,
    label: "Full-time employees",
    stored: count,
    column: "integer",
    section: "answers",
    csv: 21,
  }),
  part_time_employees: field({
    privacy: m.privacy_field_part_time_employees,
    label: "Part-time employees",
    stored: count,
    column: "integer",
    section: "answers",
    csv: 22,
  }),
  annual_revenue: field({
    privacy: m.privacy_field_annual_revenue,
    label: "Annual revenue",
    stored: count,
    column: "bigint",
    section: "answers",
    csv: 23,
    text: (amount) => `$${amount.toLocaleString("en-US")}`,
    // The range, when the visitor gave one instead of the amount.
    whenEmpty: (values) =>
      typeof values.revenue_band === "string" ? revenueBandLabel(values.revenue_band) : null,
  }),
  /** Asked instead of the amount when the visitor would rather give a range. */
  revenue_band: field({
    privacy: { with: "annual_revenue" },
    label: "Annual revenue (range)",
    stored: text,
    column: "text",
    section: "answers",
    csv: 24,
    desk: "none",
    text: revenueBandLabel,
  }),
  claims_last_3_years: field({
    privacy: m.privacy_field_claims_last_3_years,
    label: "Claims in the last 3 years",
    stored: yesNo,
    column: "boolean",
    section: "answers",
    csv: 25,
    whenEmpty: notAnswered,
  }),
  currently_insured: field({
    privacy: m.privacy_field_currently_insured,
    label: "Insured now",
    stored: yesNo,
    column: "boolean",
    section: "answers",
    csv: 26,
    whenEmpty: notAnswered,
  }),
  /** Owners, officers or members who work in the business (issue 26). */
  working_owners: field({
    privacy: m.privacy_field_working_owners,
    label: "Owners or officers working in the business",
    stored: count,
    column: "integer",
    section: "answers",
    csv: 27,
  }),
  vehicles: field({
    privacy: m.privacy_field_vehicles,
    label: "Vehicles used for work",
    stored: text,
    column: "text",
    section: "answers",
    csv: 28,
    text: vehicleUseLabel,
  }),
  /** Whether the business sponsors a retirement plan such as a 401(k) (issue 54: the ERISA bond). */
  retirement_plan: field({
    privacy: m.privacy_field_retirement_plan,
    label: "Retirement plan for staff",
    stored: yesNo,
    column: "boolean",
    section: "answers",
    csv: 29,
    whenEmpty: notAnswered,
  }),
  /**
   * The language of the wizard's pages the visitor last saved from (issue 31): the agent answers
   * in it, and later emails to the visitor are written in it. Versions kept before it was recorded
   * were all English, the only language then.
   */
  language: field({
    privacy: m.privacy_field_language,
    label: "Language",
    stored: z._default(z.string(), BASE_LOCALE),
    column: "text",
    required: true,
    defaulted: true,
    section: "contact",
    csv: 30,
    text: languageNameInEnglish,
    alert: {
      label: "Language",
      // A record that gives none is saved with the table's default, English.
      show: (values) => languageNameInEnglish(plain(values.language) || BASE_LOCALE),
    },
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

/** The columns the table fills with its default when an insert leaves them out. */
export type DefaultedColumn = {
  [Column in FieldColumn]: Fields[Column] extends { defaulted?: infer Defaulted }
    ? Defaulted extends true
      ? Column
      : never
    : never;
}[FieldColumn];
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

/**
 * The columns a registry exports, by their `csv` position (not the registry's order, which is the
 * desk's and the summary's); an entry without one is not exported.
 */
export function exportOrder<Column extends string>(
  fields: Readonly<Record<Column, { csv?: number }>>,
): Column[] {
  // Object.keys loses the key type; the keys are the record's.
  const columns = Object.keys(fields) as Column[];
  return columns
    .filter((column) => fields[column].csv !== undefined)
    .sort((a, b) => (fields[a].csv ?? 0) - (fields[b].csv ?? 0));
}

/** The export's columns from the application, in their `csv` positions' order. */
export const APPLICATION_EXPORT_COLUMNS: readonly FieldColumn[] = exportOrder(APPLICATION_FIELDS);

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

/** The rows of the agency's alert, from a complete record (English). */
export function alertRows(values: RecordValues): { label: string; value: string }[] {
  return FIELD_COLUMNS.flatMap((column) => {
    const row = fieldSpec(column).alert;
    if (!row) return [];
    return [{ label: row.label, value: row.show ? row.show(values) : plain(values[column]) }];
  });
}

/**
 * The privacy page's list of the application's fields (decision 060): those of the email step (the
 * required ones), those given when the visitor finishes, or the Quote step's answers, each in the
 * words of its entry's `privacy`, joined as `locale` lists things.
 */
export function privacyList(part: "email-step" | "finished" | "answers", locale: Locale): string {
  const words = FIELD_COLUMNS.flatMap((column) => {
    const spec = fieldSpec(column);
    const inPart =
      spec.section === "answers"
        ? part === "answers"
        : (spec.required === true) === (part === "email-step");
    return inPart && typeof spec.privacy === "function" ? [spec.privacy({}, { locale })] : [];
  });
  return new Intl.ListFormat(locale, { type: "conjunction" }).format(words);
}

/** The visitor's summary of a complete application: its rows, in `names.locale`. */
export function summaryRows(
  values: RecordValues,
  names: NamesIn,
): { label: string; value: string }[] {
  return FIELD_COLUMNS.flatMap((column) => {
    const row = fieldSpec(column).summary;
    if (!row) return [];
    const value = row.show ? row.show(values, names) : plain(values[column]);
    return [{ label: row.label({}, { locale: names.locale }), value }];
  });
}

/** The columns the wizard asks for after the email step (those with an `ask`). */
export type AskedColumn = {
  [Column in FieldColumn]: [NonNullable<Fields[Column]["ask"]>] extends [never] ? never : Column;
}[FieldColumn];

/** A column's name in camel case (`start_year`: `startYear`). */
type CamelCase<Name extends string> = Name extends `${infer Head}_${infer Tail}`
  ? `${Head}${Capitalize<CamelCase<Tail>>}`
  : Name;

/** An answer's name: its form control's and the draft's (its column's, in camel case). */
export type AnswerName = CamelCase<AskedColumn>;

type AskOf<Column extends AskedColumn> = NonNullable<Fields[Column]["ask"]>;

/** A step's answers by name, as its screen shows them: text, or whether a box is ticked. */
export type StepAnswers<Step extends AnswerStepId> = {
  [
    Column in AskedColumn as AskOf<Column>["step"] extends Step ? CamelCase<Column> : never
  ]: AskOf<Column>["typed"] extends "checkbox" ? boolean : string;
};

/** The answers the draft keeps, as last checked or typed: text, or whether a box is ticked. */
export type Answers = Partial<Record<AnswerName, string | boolean>>;

/** The asked columns, in the registry's order. */
export const ASKED_COLUMNS: readonly AskedColumn[] = FIELD_COLUMNS.filter(
  (column): column is AskedColumn => fieldSpec(column).ask !== undefined,
);

/** A column's answer name. */
export function answerName<Column extends AskedColumn>(column: Column): CamelCase<Column> {
  // The template type spells what this replacement does.
  return column.replace(/_([a-z0-9])/g, (_, letter: string) =>
    letter.toUpperCase(),
  ) as CamelCase<Column>;
}

/** Every answer's name, in the registry's order. */
export const ANSWER_NAMES: readonly AnswerName[] = ASKED_COLUMNS.map(answerName);

/** Whether a name is a column the wizard asks for. */
export function isAskedColumn(name: string): name is AskedColumn {
  return (ASKED_COLUMNS as readonly string[]).includes(name);
}

/** How the wizard asks for an asked column. */
export function askOf(column: AskedColumn): FieldAsk {
  // ASKED_COLUMNS holds only columns whose entry has an ask.
  return fieldSpec(column).ask as FieldAsk;
}

/** The columns a step asks for, in the registry's order. */
export function columnsAskedOn(step: AnswerStepId): AskedColumn[] {
  return ASKED_COLUMNS.filter((column) => askOf(column).step === step);
}

/**
 * A step's answers as Continue checks them: an object of each answer's rule, the same in the
 * browser and on the server. A step may add checks across its answers (wizard.ts).
 */
export function answersSchema(step: AnswerStepId, context: AskContext) {
  return z.object(
    Object.fromEntries(
      columnsAskedOn(step).map((column) => [answerName(column), askOf(column).rule(context)]),
    ),
  );
}

/** The most characters a text answer takes, by answer name (its input's maxlength). */
export const ANSWER_MAX_LENGTH = Object.fromEntries(
  ASKED_COLUMNS.flatMap((column) => {
    const { typed } = askOf(column);
    return typed === "checkbox" ? [] : [[answerName(column), typed]];
  }),
  // Built from every asked column above; a checkbox has no length.
) as Record<AnswerName, number>;

/** The values an answer's screen suggests, if its field has any. */
export function answerSuggestions(name: AnswerName, context: AskContext): string[] {
  const column = ASKED_COLUMNS.find((candidate) => answerName(candidate) === name);
  return column ? (askOf(column).suggest?.(context) ?? []) : [];
}

/** An example of every answer, by column (application-fields.ts's `example`s). */
export function exampleAnswers(): { [Column in AskedColumn]: string | boolean } {
  // One entry per asked column, as the type spells.
  return Object.fromEntries(ASKED_COLUMNS.map((column) => [column, askOf(column).example])) as {
    [Column in AskedColumn]: string | boolean;
  };
}

/**
 * The field a lead goes by on the lead desk, in the agency's alerts and in the visitor's emails:
 * the name the owner gave the business (the legal name is asked later, and may differ).
 */
export const LEAD_NAME_COLUMN = "business_name" satisfies FieldColumn;

/** What a lead goes by: its name, or null while it has none. */
export function leadNameOf(values: { readonly [LEAD_NAME_COLUMN]?: unknown }): string | null {
  const name = values[LEAD_NAME_COLUMN];
  return typeof name === "string" && name.trim() !== "" ? name : null;
}
