/**
 * The fields of the plan's optional questions and of a quote request, as the Quote step and the
 * renewal request (decision 047) both show them: each with its visible label and its message,
 * checked with the server's schema (the forms' conform setup is the page's).
 */
import {
  getInputProps,
  getSelectProps,
  getTextareaProps,
  type FieldMetadata,
} from "@conform-to/react";

import * as ui from "#app/components/wizard/step-screen.ts";
import { YesNoField } from "#app/components/wizard/yes-no-field.tsx";
import { revenueBands, vehicleUses } from "#app/domain/quote/answer-choices.ts";
import {
  CONTACT_CHANNELS,
  contactChannelLabel,
  NOTE_MAX_LENGTH,
} from "#app/domain/quote/quote-request.ts";
import { useLocale } from "#app/hooks/use-locale.ts";
import { m } from "#app/paraglide/messages.js";

/**
 * A field of any form, as conform's own helpers (getInputProps) take it: each page's form has its
 * own schema, and these fields read only what every field has.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- conform's helpers type the form so
export type Field<Schema> = FieldMetadata<Schema, any, string[]>;

const numberInputClass = `${ui.inputClass} max-w-48`;

/** The value a field starts with, as text ("" for none). */
function initialText<Schema>(field: Field<Schema>): string {
  return typeof field.initialValue === "string" ? field.initialValue : "";
}

/** A whole number typed in a text field (employees, owners). */
export function CountField<Schema>({ field, label }: { field: Field<Schema>; label: string }) {
  return (
    <div>
      <label htmlFor={field.id} className={ui.labelClass}>
        {label}
      </label>
      <input
        {...getInputProps(field, { type: "text" })}
        inputMode="numeric"
        maxLength={10}
        autoComplete="off"
        className={numberInputClass}
      />
      <ui.FieldError id={field.errorId} errors={field.errors} />
    </div>
  );
}

/** The annual revenue: a band, or the amount in dollars. */
export function RevenueFields<Band, Amount>({
  band,
  amount,
}: {
  band: Field<Band>;
  amount: Field<Amount>;
}) {
  const locale = useLocale();
  return (
    <>
      <div>
        <label htmlFor={band.id} className={ui.labelClass}>
          {m.plan_field_revenue({}, { locale })}
        </label>
        <select {...getSelectProps(band)} className={ui.inputClass}>
          <option value="">{m.plan_field_revenue_choose({}, { locale })}</option>
          {revenueBands(locale).map((choice) => (
            <option key={choice.id} value={choice.id}>
              {choice.label}
            </option>
          ))}
        </select>
        <ui.FieldError id={band.errorId} errors={band.errors} />
      </div>
      <div>
        <label htmlFor={amount.id} className={ui.labelClass}>
          {m.plan_field_revenue_amount({}, { locale })}
        </label>
        <input
          {...getInputProps(amount, { type: "text" })}
          inputMode="numeric"
          maxLength={20}
          autoComplete="off"
          className={numberInputClass}
        />
        <ui.FieldError id={amount.errorId} errors={amount.errors} />
      </div>
    </>
  );
}

/** Whether the business uses vehicles for work. */
export function VehiclesQuestion<Schema>({ field }: { field: Field<Schema> }) {
  const locale = useLocale();
  const chosen = initialText(field);
  return (
    <fieldset className="mt-6" aria-describedby={field.errors ? field.errorId : undefined}>
      <legend className={ui.labelClass}>{m.plan_field_vehicles({}, { locale })}</legend>
      <div className="mt-2 grid gap-2">
        {vehicleUses(locale).map((use) => (
          <label key={use.id} className={ui.choiceRowClass}>
            <input
              type="radio"
              name={field.name}
              value={use.id}
              defaultChecked={chosen === use.id}
              className={ui.choiceInputClass}
            />
            {use.label}
          </label>
        ))}
      </div>
      <ui.FieldError id={field.errorId} errors={field.errors} />
    </fieldset>
  );
}

/**
 * The plan's optional questions (the Quote step's "Sharpen your plan", the renewal request's "What
 * has changed?"): employees, working owners, revenue, claims, whether insured now (where the page
 * asks it), vehicles and a retirement plan.
 */
export function PlanAnswerFields({
  fields,
  asksInsuredNow,
}: {
  /** Whether the page asks if the business is insured now (a renewal does not: the policy says). */
  asksInsuredNow: boolean;
  fields: {
    fullTimeEmployees: Field<unknown>;
    partTimeEmployees: Field<unknown>;
    workingOwners: Field<unknown>;
    revenueBand: Field<unknown>;
    annualRevenue: Field<unknown>;
    claimsInLast3Years: Field<unknown>;
    /** Asked only where `asksInsuredNow`: a form's fields name any field, asked or not. */
    currentlyInsured?: Field<unknown>;
    vehicles: Field<unknown>;
    retirementPlan: Field<unknown>;
  };
}) {
  const locale = useLocale();
  return (
    <>
      <div className="mt-4 grid gap-4 sm:grid-cols-2">
        <CountField
          field={fields.fullTimeEmployees}
          label={m.plan_field_full_time({}, { locale })}
        />
        <CountField
          field={fields.partTimeEmployees}
          label={m.plan_field_part_time({}, { locale })}
        />
        <CountField
          field={fields.workingOwners}
          label={m.plan_field_working_owners({}, { locale })}
        />
        <RevenueFields band={fields.revenueBand} amount={fields.annualRevenue} />
      </div>
      <YesNoField field={fields.claimsInLast3Years} legend={m.plan_field_claims({}, { locale })} />
      {asksInsuredNow && fields.currentlyInsured ? (
        <YesNoField
          field={fields.currentlyInsured}
          legend={m.plan_field_insured_now({}, { locale })}
        />
      ) : null}
      <VehiclesQuestion field={fields.vehicles} />
      <YesNoField
        field={fields.retirementPlan}
        legend={m.plan_field_retirement_plan({}, { locale })}
      />
    </>
  );
}

/**
 * The lines to quote, one box each, ticked as `ticked` says. A line in `raised` is ticked too, and
 * its box is made anew so that it shows ticked even after a script update.
 */
function LinesToQuote<Schema>({
  field,
  lines,
  ticked,
  raised = [],
}: {
  field: Field<Schema>;
  lines: readonly { slug: string; name: string; recommendation: string }[];
  ticked: ReadonlySet<string>;
  raised?: readonly string[];
}) {
  const locale = useLocale();
  return (
    <fieldset className="mt-4" aria-describedby={field.errors ? field.errorId : undefined}>
      <legend className={ui.labelClass}>{m.quote_field_lines({}, { locale })}</legend>
      <div className="mt-2 grid gap-2">
        {lines.map((line) => (
          <label
            key={raised.includes(line.slug) ? `${line.slug}-raised` : line.slug}
            className={ui.choiceRowClass}
          >
            <input
              type="checkbox"
              name={field.name}
              value={line.slug}
              defaultChecked={ticked.has(line.slug) || raised.includes(line.slug)}
              className={ui.choiceInputClass}
            />
            <span>
              {line.name}
              <span className="block text-sm text-muted">{line.recommendation}</span>
            </span>
          </label>
        ))}
      </div>
      <ui.FieldError id={field.errorId} errors={field.errors} />
    </fieldset>
  );
}

/**
 * The lines a field starts ticked: a list, or one line alone (a form sent back with one box
 * ticked gives its value as text, not as a list).
 */
export function tickedLines<Schema>(field: Field<Schema>): Set<string> {
  const initial: unknown = field.initialValue;
  const values: unknown[] = Array.isArray(initial) ? initial : [initial];
  return new Set(values.filter((value): value is string => typeof value === "string"));
}

/** The preferred start date, from `min` to `max` (YYYY-MM-DD). */
function StartDateField<Schema>({
  field,
  min,
  max,
  label,
}: {
  field: Field<Schema>;
  min: string;
  max: string;
  label?: string;
}) {
  const locale = useLocale();
  return (
    <div className="mt-6">
      <label htmlFor={field.id} className={ui.labelClass}>
        {label ?? m.quote_field_start({}, { locale })}
      </label>
      <input
        {...getInputProps(field, { type: "date" })}
        min={min}
        max={max}
        className={`${ui.inputClass} max-w-60`}
      />
      <ui.FieldError id={field.errorId} errors={field.errors} />
    </div>
  );
}

/** How the agent is to contact the visitor. */
function ContactChannelField<Schema>({ field }: { field: Field<Schema> }) {
  const locale = useLocale();
  const chosen = initialText(field) || "email";
  return (
    <fieldset className="mt-6" aria-describedby={field.errors ? field.errorId : undefined}>
      <legend className={ui.labelClass}>{m.quote_field_channel({}, { locale })}</legend>
      <div className="mt-2 flex flex-wrap gap-3">
        {CONTACT_CHANNELS.map((channel) => (
          <label key={channel.id} className={`${ui.choiceRowClass} min-w-36`}>
            <input
              type="radio"
              name={field.name}
              value={channel.id}
              defaultChecked={chosen === channel.id}
              className={ui.choiceInputClass}
            />
            {contactChannelLabel(channel.id, locale)}
          </label>
        ))}
      </div>
      <ui.FieldError id={field.errorId} errors={field.errors} />
    </fieldset>
  );
}

/** The visitor's note for the agent. */
function NoteField<Schema>({ field }: { field: Field<Schema> }) {
  const locale = useLocale();
  return (
    <div className="mt-6">
      <label htmlFor={field.id} className={ui.labelClass}>
        {m.quote_field_note({}, { locale })}
      </label>
      <textarea
        {...getTextareaProps(field)}
        maxLength={NOTE_MAX_LENGTH}
        rows={3}
        className={ui.inputClass}
      />
      <ui.FieldError id={field.errorId} errors={field.errors} />
    </div>
  );
}

/**
 * A quote request's fields (the plan page's request, a renewal's): the lines to quote, ticked as
 * the form stands and with `raised` ticked too, the start date from `today` to `latest` (under
 * `startLabel`, if given), the way to contact the visitor and a note.
 */
export function QuoteRequestFields<Lines, Start, Channel, Note>({
  fields,
  lines,
  raised,
  today,
  latest,
  startLabel,
}: {
  fields: {
    lines: Field<Lines>;
    startDate: Field<Start>;
    contactChannel: Field<Channel>;
    note: Field<Note>;
  };
  lines: readonly { slug: string; name: string; recommendation: string }[];
  raised?: readonly string[];
  today: string;
  latest: string;
  startLabel?: string;
}) {
  return (
    <>
      <LinesToQuote
        field={fields.lines}
        lines={lines}
        ticked={tickedLines(fields.lines)}
        raised={raised}
      />
      <StartDateField field={fields.startDate} min={today} max={latest} label={startLabel} />
      <ContactChannelField field={fields.contactChannel} />
      <NoteField field={fields.note} />
    </>
  );
}

/**
 * The consent words the visitor agrees to (kept with the request, word for word) and the button
 * they name, which sends the request. While it goes, the site script has the button say so and
 * take no second press (showSending, site-enhancements.ts).
 */
export function RequestQuotesButton({
  consentText,
  intent,
}: {
  consentText: string;
  /** The form's intent, on a page with several forms. */
  intent?: string;
}) {
  const locale = useLocale();
  return (
    <>
      {intent ? <IntentField intent={intent} /> : null}
      <p className="mt-6 text-sm text-muted">{consentText}</p>
      <button
        type="submit"
        data-sending-label={m.form_sending({}, { locale })}
        className="mt-4 w-full rounded-lg bg-brand-700 px-6 py-3 font-semibold text-white hover:bg-brand-800 disabled:cursor-not-allowed disabled:bg-slate-300 disabled:text-slate-700 sm:w-auto"
      >
        {m.quote_request_button({}, { locale })}
      </button>
    </>
  );
}

/**
 * Which of a page's forms this is, as a field of its own: a button that the site script disables
 * as the form goes is left out of what the form sends, with its name and value.
 */
function IntentField({ intent }: { intent: string }) {
  return <input type="hidden" name="intent" value={intent} />;
}

/**
 * A plan page form's button, naming the form (`intent`); "link" looks like a link. While the form
 * goes, the site script has it say so and take no second press.
 */
export function IntentButton({
  intent,
  look = "outline",
  children,
}: {
  intent: string;
  look?: "outline" | "link";
  children: React.ReactNode;
}) {
  const locale = useLocale();
  return (
    <>
      <IntentField intent={intent} />
      <button
        type="submit"
        data-sending-label={m.form_sending({}, { locale })}
        className={
          look === "link"
            ? "font-semibold text-brand-700 underline"
            : "mt-6 rounded-lg border border-brand-700 px-5 py-3 font-semibold text-brand-700 hover:bg-brand-50"
        }
      >
        {children}
      </button>
    </>
  );
}
