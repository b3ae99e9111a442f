import { getFormProps, getSelectProps } from "@conform-to/react";
import { useState } from "react";
import { Form, useLocation } from "react-router";

import { wizardMeta } from "#app/components/wizard/wizard-meta.ts";
import { parseForm } from "#app/domain/form-submission.ts";
import {
  FieldError,
  inputClass,
  labelClass,
  StepActions,
  StepFrame,
} from "#app/components/wizard/step-frame.tsx";
import {
  initialText,
  useStepForm,
  useValuesEnteredBeforeHydration,
} from "#app/components/wizard/use-step-form.ts";
import { INDUSTRIES, isIndustryId } from "#app/domain/industries.ts";
import { messages } from "#app/domain/messages.ts";
import { US_STATES } from "#app/domain/states.ts";
import { industryStateSchema, type WizardDraft } from "#app/domain/wizard.ts";
import { useHydrated } from "#app/hooks/use-hydrated.ts";
import { countStepReached } from "#app/server/wizard/funnel.server.ts";
import { getServices } from "#app/server/services.server.ts";
import { getDraft } from "#app/server/wizard/wizard-drafts.server.ts";
import {
  goTo,
  invalid,
  saveFailed,
  type StepActionData,
} from "#app/server/wizard/wizard-steps.server.ts";

import type { Route } from "./+types/start";

export const meta: Route.MetaFunction = () =>
  wizardMeta("Get a quote: your industry and state", { index: true });

/** The draft's industry and state; an industry named in the link (?industry=) is chosen already. */
export async function loader({ request, context, url }: Route.LoaderArgs) {
  const { draft } = await getDraft(getServices(context), request);
  await countStepReached(context, request, "start");
  const linked = url.searchParams.get("industry");
  return {
    industry: linked && isIndustryId(linked) ? linked : (draft.industry ?? ""),
    state: draft.state ?? "",
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await request.formData();
  const submission = parseForm(formData, industryStateSchema);
  if (submission.status !== "success") return invalid(submission.reply());
  try {
    const handle = await getDraft(getServices(context), request);
    const { industry, state } = submission.value;
    // Segments belong to an industry: a new industry starts its segments afresh.
    const keep = handle.draft.industry === industry;
    const draft: WizardDraft = {
      ...handle.draft,
      industry,
      state,
      segments: keep ? handle.draft.segments : undefined,
      searchQuery: keep ? handle.draft.searchQuery : undefined,
    };
    return await goTo(handle, "segments", draft);
  } catch (error) {
    return saveFailed(error, "start", submission.reply());
  }
}

export default function IndustryAndState({ loaderData, actionData }: Route.ComponentProps) {
  const location = useLocation();
  const passed = (location.state as { industry?: unknown } | null)?.industry;
  const initialIndustry =
    typeof passed === "string" && isIndustryId(passed) ? passed : loaderData.industry;
  const [form, fields] = useStepForm<{ industry: string; state: string }>(industryStateSchema, {
    id: "industry-and-state",
    lastResult: (actionData as StepActionData | undefined)?.result,
    defaultValue: { industry: initialIndustry, state: loaderData.state },
  });
  // What the form shows first: the draft, or what was just posted when the server refused it.
  const [industry, setIndustry] = useState(initialText(fields.industry.initialValue));
  const [state, setState] = useState(initialText(fields.state.initialValue));
  useValuesEnteredBeforeHydration(form.id, (values) => {
    setIndustry(initialText(values.get(fields.industry.name)));
    setState(initialText(values.get(fields.state.name)));
  });
  const hydrated = useHydrated();
  const industryError = fields.industry.errors;

  return (
    <StepFrame
      step="start"
      title="What industry best fits your business?"
      toasts={[(actionData as StepActionData | undefined)?.toast]}
    >
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
        <FieldError id={fields.industry.errorId} errors={industryError} />

        <div className="mt-8">
          <label htmlFor={fields.state.id} className={labelClass}>
            Your business is in the state of:
          </label>
          <select
            {...getSelectProps(fields.state)}
            key={fields.state.key}
            onChange={(event) => setState(event.target.value)}
            className={inputClass}
          >
            <option value="">Select a state</option>
            {US_STATES.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </select>
          <FieldError id={fields.state.errorId} errors={fields.state.errors} />
        </div>

        <p className="mt-6 text-sm text-muted">
          By clicking &quot;Continue&quot;, you agree to our{" "}
          <a href="/terms" className="font-medium text-brand-700 underline">
            Terms of Use
          </a>{" "}
          and{" "}
          <a href="/privacy" className="font-medium text-brand-700 underline">
            Privacy Policy
          </a>
        </p>

        <StepActions
          back={false}
          continueDisabled={hydrated && !(industry && state)}
          continueHint={messages.continueHints.start}
        />
      </Form>
    </StepFrame>
  );
}
