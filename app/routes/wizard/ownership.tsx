import { getFormProps, getInputProps } from "@conform-to/react";
import { useEffect, useState } from "react";
import { Form, type ShouldRevalidateFunction } from "react-router";

import * as ui from "#app/components/wizard/step-screen.ts";
import { continueHint } from "#app/domain/site/messages.ts";
import { OWNERSHIP_STRUCTURES, ownershipName } from "#app/domain/reference/ownership-structures.ts";
import { linkPath } from "#app/domain/site/site-pages.ts";
import { useLocale } from "#app/hooks/use-locale.ts";
import { m } from "#app/paraglide/messages.js";
import { site } from "#app/domain/site/site.ts";
import { answerSuggestions, type StepAnswers } from "#app/domain/application/application-fields.ts";
import { stepAnswersSchema } from "#app/domain/wizard/wizard-answers.ts";
import { SCRIPTED_FIELD, STEP_SCREENS } from "#app/domain/wizard/wizard-screens.ts";
import { STEPS } from "#app/domain/wizard/wizard-steps.ts";
import { stepAction, stepLoader } from "#app/server/wizard/step-engine.server.ts";

import type { RouteHandle } from "#app/root.tsx";

import type { Route } from "./+types/ownership";

/** A screen whose forms are checked as they are typed: it ships React (decision 077). */
export const handle: RouteHandle = { hydrate: true };

export const meta: Route.MetaFunction = (args) =>
  ui.localizedWizardMeta(args, m.wizard_ownership_meta_title);

export const loader = stepLoader(STEPS.ownership);
export const action = stepAction(STEPS.ownership);

/** Once saved, stay on the screen as it is for the toast instead of reloading it. */
export const shouldRevalidate: ShouldRevalidateFunction = ({
  actionResult,
  defaultShouldRevalidate,
}) => (isSaved(actionResult) ? false : defaultShouldRevalidate);

/** Whether an action's answer says the application was saved. */
function isSaved(result: unknown): boolean {
  return (
    typeof result === "object" && result !== null && "saved" in result && result.saved === true
  );
}

export default function Ownership({ loaderData, actionData }: Route.ComponentProps) {
  const locale = useLocale();
  const schema = stepAnswersSchema("ownership", loaderData);
  const [form, fields] = ui.useStepForm<StepAnswers<"ownership">>(schema, {
    id: "ownership",
    lastResult: actionData?.result,
    defaultValue: {
      ownershipStructure: loaderData.ownershipStructure,
      startYear: loaderData.startYear,
    },
  });
  const hydrated = ui.useHydrated();
  const saving = ui.useContinuing() || actionData?.saved === true;
  // What the form shows first: the draft, or what was just posted when the server refused it.
  const [ownershipStructure, setOwnershipStructure] = useState(
    ui.initialText(fields.ownershipStructure.initialValue),
  );
  const [startYear, setStartYear] = useState(ui.initialText(fields.startYear.initialValue));
  ui.useValuesEnteredBeforeHydration(form.id, (values) => {
    setOwnershipStructure(ui.initialText(values.get(fields.ownershipStructure.name)));
    setStartYear(ui.initialText(values.get(fields.startYear.name)));
  });

  useEffect(() => {
    if (!actionData?.saved) return;
    const next = linkPath(STEP_SCREENS.ownership.next, locale);
    // The plan ships no React (decision 078): the browser loads it as the document the server
    // serves, not as a screen React renders in this one.
    const timer = setTimeout(() => window.location.assign(next), site.stepDelayMs);
    return () => clearTimeout(timer);
  }, [actionData, locale]);

  const yearsId = `${fields.startYear.id}-years`;
  const ownershipError = fields.ownershipStructure.errors;

  return (
    <ui.StepFrame
      step="ownership"
      title={m.wizard_ownership_title({}, { locale })}
      toasts={[actionData?.toast]}
    >
      <Form method="post" {...getFormProps(form)}>
        {/* With scripts running, the screen stays to show the toast, then moves on itself. */}
        <input type="hidden" name={SCRIPTED_FIELD} value={hydrated ? "yes" : ""} />
        <fieldset aria-describedby={ownershipError ? fields.ownershipStructure.errorId : undefined}>
          <legend className={ui.labelClass}>{m.wizard_ownership_how({}, { locale })}</legend>
          <div className="mt-3 grid gap-2 sm:grid-cols-2">
            {OWNERSHIP_STRUCTURES.map((structure) => (
              <label key={structure} className={ui.choiceRowClass}>
                <input
                  type="radio"
                  name={fields.ownershipStructure.name}
                  value={structure}
                  defaultChecked={ownershipStructure === structure}
                  onChange={() => setOwnershipStructure(structure)}
                  className={ui.choiceInputClass}
                />
                {ownershipName(structure, locale)}
              </label>
            ))}
          </div>
        </fieldset>
        <ui.FieldError id={fields.ownershipStructure.errorId} errors={ownershipError} />

        <div className="mt-8">
          <label htmlFor={fields.startYear.id} className={ui.labelClass}>
            {m.wizard_ownership_year({}, { locale })}
          </label>
          <input
            {...getInputProps(fields.startYear, { type: "search" })}
            key={fields.startYear.key}
            list={yearsId}
            inputMode="numeric"
            maxLength={4}
            autoComplete="off"
            placeholder={m.wizard_ownership_year_placeholder({}, { locale })}
            onChange={(event) => setStartYear(event.target.value)}
            className={ui.inputClass}
          />
          <datalist id={yearsId}>
            {answerSuggestions("startYear", loaderData).map((year) => (
              <option key={year} value={year} />
            ))}
          </datalist>
          <ui.FieldError id={fields.startYear.errorId} errors={fields.startYear.errors} />
        </div>

        <ui.StepActions
          continueDisabled={hydrated && !(ownershipStructure && startYear.trim())}
          continueHint={continueHint("ownership", locale)}
          busy={saving}
          busyLabel={m.wizard_saving({}, { locale })}
        />
      </Form>
    </ui.StepFrame>
  );
}
