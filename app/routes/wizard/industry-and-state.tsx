import { getFormProps, getSelectProps } from "@conform-to/react";
import { useState } from "react";
import { Form, useLocation } from "react-router";

import * as ui from "#app/components/wizard/step-screen.ts";
import { INDUSTRIES, isIndustryId } from "#app/domain/reference/industries.ts";
import { continueHint } from "#app/domain/site/messages.ts";
import { useLocale } from "#app/hooks/use-locale.ts";
import { m } from "#app/paraglide/messages.js";
import { industryStateSchema } from "#app/domain/wizard/wizard.ts";
import { STEPS } from "#app/domain/wizard/wizard-steps.ts";
import { stepAction, stepLoader } from "#app/server/wizard/step-engine.server.ts";

import type { RouteHandle } from "#app/root.tsx";

import type { Route } from "./+types/industry-and-state";

/** A screen whose forms are checked as they are typed: it ships React (decision 077). */
export const handle: RouteHandle = { hydrate: true };

export const meta: Route.MetaFunction = (args) =>
  ui.localizedWizardMeta(args, m.wizard_start_meta_title, { index: true });

export const loader = stepLoader(STEPS["industry-and-state"]);
export const action = stepAction(STEPS["industry-and-state"]);

export default function IndustryAndState({ loaderData, actionData }: Route.ComponentProps) {
  const location = useLocation();
  const locale = useLocale();
  const passed = (location.state as { industry?: unknown } | null)?.industry;
  const initialIndustry =
    typeof passed === "string" && isIndustryId(passed) ? passed : loaderData.industry;
  const [form, fields] = ui.useStepForm<{ industry: string; state: string }>(
    industryStateSchema(locale),
    {
      id: "industry-and-state",
      lastResult: actionData?.result,
      defaultValue: { industry: initialIndustry, state: loaderData.state },
    },
  );
  // What the form shows first: the draft, or what was just posted when the server refused it.
  const [industry, setIndustry] = useState(ui.initialText(fields.industry.initialValue));
  const [state, setState] = useState(ui.initialText(fields.state.initialValue));
  ui.useValuesEnteredBeforeHydration(form.id, (values) => {
    setIndustry(ui.initialText(values.get(fields.industry.name)));
    setState(ui.initialText(values.get(fields.state.name)));
  });
  const hydrated = ui.useHydrated();
  const industryError = fields.industry.errors;

  return (
    <ui.StepFrame
      step="industry-and-state"
      title={m.wizard_start_title({}, { locale })}
      toasts={[actionData?.toast]}
    >
      <Form method="post" {...getFormProps(form)}>
        <fieldset aria-describedby={industryError ? fields.industry.errorId : undefined}>
          <legend className="sr-only">{m.wizard_start_industry({}, { locale })}</legend>
          <div className="grid grid-cols-2 gap-3 sm:grid-cols-3">
            {INDUSTRIES.map((option) => (
              <label
                key={option.id}
                className="relative flex min-h-20 cursor-pointer items-center justify-center rounded-xl border-2 border-slate-300 bg-white p-3 text-center font-semibold text-ink has-checked:border-brand-700 has-checked:bg-brand-50 has-focus-visible:outline-3 has-focus-visible:outline-offset-2 has-focus-visible:outline-brand-600"
              >
                <input
                  type="radio"
                  name={fields.industry.name}
                  value={option.id}
                  defaultChecked={industry === option.id}
                  onChange={() => setIndustry(option.id)}
                  className="absolute inset-0 size-full cursor-pointer opacity-0"
                />
                {option.term({}, { locale })}
              </label>
            ))}
          </div>
        </fieldset>
        <ui.FieldError id={fields.industry.errorId} errors={industryError} />

        <div className="mt-8">
          <label htmlFor={fields.state.id} className={ui.labelClass}>
            {m.wizard_start_state({}, { locale })}
          </label>
          <select
            {...getSelectProps(fields.state)}
            key={fields.state.key}
            onChange={(event) => setState(event.target.value)}
            className={ui.inputClass}
          >
            <option value="">{m.wizard_start_select_state({}, { locale })}</option>
            {loaderData.states.map((choice) => (
              <option key={choice.value} value={choice.value}>
                {choice.name}
              </option>
            ))}
          </select>
          <ui.FieldError id={fields.state.errorId} errors={fields.state.errors} />
        </div>

        <ui.TermsAgreement lead={m.wizard_continue_agreement} />

        <ui.StepActions
          back={false}
          continueDisabled={hydrated && !(industry && state)}
          continueHint={continueHint("start", locale)}
        />
      </Form>
    </ui.StepFrame>
  );
}
