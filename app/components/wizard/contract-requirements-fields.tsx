/**
 * The plan page's "Does a contract ask for proof of insurance?" (decision 048): whose contract,
 * the lines and general liability's limits it asks for, its endorsements, the day proof is needed
 * by, and anything else it asks. The form's conform setup is the page's.
 */
import { getInputProps, getSelectProps, getTextareaProps } from "@conform-to/react";

import { tickedLines, type Field } from "#app/components/wizard/quote-fields.tsx";
import * as ui from "#app/components/wizard/step-screen.ts";
import {
  AGGREGATE_LIMITS,
  CONTRACT_ENDORSEMENTS,
  CONTRACT_OTHER_MAX_LENGTH,
  CONTRACT_PARTY_MAX_LENGTH,
  OCCURRENCE_LIMITS,
} from "#app/domain/quote/contract-requirements.ts";
import { formatDollars } from "#app/domain/quote/insurer-quotes.ts";
import { useLocale } from "#app/hooks/use-locale.ts";
import { m } from "#app/paraglide/messages.js";

function LimitField<Schema>({
  field,
  label,
  limits,
}: {
  field: Field<Schema>;
  label: string;
  limits: readonly number[];
}) {
  const locale = useLocale();
  return (
    <div>
      <label htmlFor={field.id} className={ui.labelClass}>
        {label}
      </label>
      <select {...getSelectProps(field)} className={ui.inputClass}>
        <option value="">{m.contract_limit_not_stated({}, { locale })}</option>
        {limits.map((limit) => (
          <option key={limit} value={String(limit)}>
            {formatDollars(limit)}
          </option>
        ))}
      </select>
      <ui.FieldError id={field.errorId} errors={field.errors} />
    </div>
  );
}

/** The contract form's fields, each with its visible label and message. */
export function ContractRequirementsFields({
  fields,
  lines,
  today,
  latest,
}: {
  fields: {
    contractParty: Field<unknown>;
    contractLines: Field<unknown>;
    occurrenceLimit: Field<unknown>;
    aggregateLimit: Field<unknown>;
    additionalInsured: Field<unknown>;
    waiverOfSubrogation: Field<unknown>;
    primaryNonContributory: Field<unknown>;
    neededBy: Field<unknown>;
    otherRequirements: Field<unknown>;
  };
  lines: readonly { slug: string; name: string }[];
  today: string;
  latest: string;
}) {
  const locale = useLocale();
  const ticked = tickedLines(fields.contractLines);
  return (
    <>
      <div className="mt-4">
        <label htmlFor={fields.contractParty.id} className={ui.labelClass}>
          {m.contract_party_label({}, { locale })}
        </label>
        <input
          {...getInputProps(fields.contractParty, { type: "text" })}
          maxLength={CONTRACT_PARTY_MAX_LENGTH}
          autoComplete="off"
          className={ui.inputClass}
        />
        <ui.FieldError id={fields.contractParty.errorId} errors={fields.contractParty.errors} />
      </div>
      <fieldset
        className="mt-6"
        aria-describedby={fields.contractLines.errors ? fields.contractLines.errorId : undefined}
      >
        <legend className={ui.labelClass}>{m.contract_lines_legend({}, { locale })}</legend>
        <div className="mt-2 grid gap-2 sm:grid-cols-2">
          {lines.map((line) => (
            <label key={line.slug} className={ui.choiceRowClass}>
              <input
                type="checkbox"
                name={fields.contractLines.name}
                value={line.slug}
                defaultChecked={ticked.has(line.slug)}
                className={ui.choiceInputClass}
              />
              {line.name}
            </label>
          ))}
        </div>
        <ui.FieldError id={fields.contractLines.errorId} errors={fields.contractLines.errors} />
      </fieldset>
      <div className="mt-6 grid gap-4 sm:grid-cols-2">
        <LimitField
          field={fields.occurrenceLimit}
          label={m.contract_occurrence_label({}, { locale })}
          limits={OCCURRENCE_LIMITS}
        />
        <LimitField
          field={fields.aggregateLimit}
          label={m.contract_aggregate_label({}, { locale })}
          limits={AGGREGATE_LIMITS}
        />
      </div>
      <fieldset className="mt-6" aria-describedby="contract-endorsements-note">
        <legend className={ui.labelClass}>{m.contract_endorsements_legend({}, { locale })}</legend>
        <p id="contract-endorsements-note" className="mt-1 text-sm text-muted">
          {m.endorsements_note({}, { locale })}
        </p>
        <div className="mt-2 grid gap-2">
          {CONTRACT_ENDORSEMENTS.map((endorsement) => (
            <label key={endorsement.id} className={ui.choiceRowClass}>
              <input
                {...getInputProps(fields[endorsement.id], { type: "checkbox" })}
                className={ui.choiceInputClass}
              />
              {endorsement.term({}, { locale })}
            </label>
          ))}
        </div>
      </fieldset>
      <div className="mt-6">
        <label htmlFor={fields.neededBy.id} className={ui.labelClass}>
          {m.contract_needed_by_label({}, { locale })}
        </label>
        <input
          {...getInputProps(fields.neededBy, { type: "date" })}
          min={today}
          max={latest}
          className={`${ui.inputClass} max-w-60`}
        />
        <ui.FieldError id={fields.neededBy.errorId} errors={fields.neededBy.errors} />
      </div>
      <div className="mt-6">
        <label htmlFor={fields.otherRequirements.id} className={ui.labelClass}>
          {m.contract_other_label({}, { locale })}
        </label>
        <textarea
          {...getTextareaProps(fields.otherRequirements)}
          maxLength={CONTRACT_OTHER_MAX_LENGTH}
          rows={3}
          className={ui.inputClass}
        />
        <ui.FieldError
          id={fields.otherRequirements.errorId}
          errors={fields.otherRequirements.errors}
        />
      </div>
    </>
  );
}
