/**
 * A question answered Yes or No: its legend, two radios and its message, the one component every
 * yes/no question of the wizard uses (decision 060). The registry's questions (`askYesNo`) send
 * and keep "Yes" or "No" as text (`YES_NO_ANSWERS`); the Quote step's and the renewal's send "yes"
 * or "no", which their schema turns into the booleans they are stored and published as.
 */
import * as ui from "#app/components/wizard/step-screen.ts";
import { useLocale } from "#app/hooks/use-locale.ts";
import { m } from "#app/paraglide/messages.js";

/** What the component reads of a form's field (conform's field metadata has these). */
export interface YesNoFieldProps {
  field: { name: string; errorId: string; errors?: string[] | undefined; initialValue?: unknown };
  legend: string;
  /** The values the form sends for Yes and for No. */
  answers?: readonly [yes: string, no: string];
  /** The answer chosen while the field has none. */
  startsAs?: string;
  className?: string;
}

export function YesNoField({
  field,
  legend,
  answers = ["yes", "no"],
  startsAs = "",
  className = "mt-6",
}: YesNoFieldProps) {
  const locale = useLocale();
  const chosen = ui.initialText(field.initialValue) || startsAs;
  return (
    <fieldset
      className={className || undefined}
      aria-describedby={field.errors ? field.errorId : undefined}
    >
      <legend className={ui.labelClass}>{legend}</legend>
      <div className="mt-2 flex gap-3">
        {answers.map((value, index) => (
          <label key={value} className={`${ui.choiceRowClass} min-w-28`}>
            <input
              type="radio"
              name={field.name}
              value={value}
              defaultChecked={chosen === value}
              className={ui.choiceInputClass}
            />
            {(index === 0 ? m.wizard_yes : m.wizard_no)({}, { locale })}
          </label>
        ))}
      </div>
      <ui.FieldError id={field.errorId} errors={field.errors} />
    </fieldset>
  );
}
