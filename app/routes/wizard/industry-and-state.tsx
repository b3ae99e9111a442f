import { getFormProps, getSelectProps } from "@conform-to/react";
import { useState } from "react";
import { Form, useLocation } from "react-router";

import * as ui from "#app/components/wizard/step-screen.ts";
import { INDUSTRIES, isIndustryId } from "#app/domain/reference/industries.ts";
import { messages } from "#app/domain/site/messages.ts";
import { US_STATES } from "#app/domain/reference/states.ts";
import { industryStateSchema } from "#app/domain/wizard/wizard.ts";
import { STEPS } from "#app/domain/wizard/wizard-steps.ts";
import { stepAction, stepLoader } from "#app/server/wizard/step-engine.server.ts";

import type { Route } from "./+types/industry-and-state";

export const meta: Route.MetaFunction = () =>
  ui.wizardMeta("Get a quote: your industry and state", { index: true });

export const loader = stepLoader(STEPS["industry-and-state"]);
export const action = stepAction(STEPS["industry-and-state"]);

/** The screen's question, its heading. */
const TITLE = "What industry best fits your business?";

export default function IndustryAndState({ loaderData, actionData }: Route.ComponentProps) {
  const location = useLocation();
  const passed = (location.state as { industry?: unknown } | null)?.industry;
  const initialIndustry =
    typeof passed === "string" && isIndustryId(passed) ? passed : loaderData.industry;
  const [form, fields] = ui.useStepForm<{ industry: string; state: string }>(industryStateSchema, {
    id: "industry-and-state",
    lastResult: actionData?.result,
    defaultValue: { industry: initialIndustry, state: loaderData.state },
  });
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
    <ui.StepFrame step="industry-and-state" title={TITLE} toasts={[actionData?.toast]}>
      <Form method="post" {...getFormProps(form)}>
        <fieldset aria-describedby={industryError ? fields.industry.errorId : undefined}>
          <legend className="sr-only">Industry</legend>
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
                {option.label}
              </label>
            ))}
          </div>
        </fieldset>
        <ui.FieldError id={fields.industry.errorId} errors={industryError} />

        <div className="mt-8">
          <label htmlFor={fields.state.id} className={ui.labelClass}>
            Your business is in the state of:
          </label>
          <select
            {...getSelectProps(fields.state)}
            key={fields.state.key}
            onChange={(event) => setState(event.target.value)}
            className={ui.inputClass}
          >
            <option value="">Select a state</option>
            {US_STATES.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </select>
          <ui.FieldError id={fields.state.errorId} errors={fields.state.errors} />
        </div>

        <ui.TermsAgreement lead='By clicking "Continue", you agree to our' />

        <ui.StepActions
          back={false}
          continueDisabled={hydrated && !(industry && state)}
          continueHint={messages.continueHints.start}
        />
      </Form>
    </ui.StepFrame>
  );
}
