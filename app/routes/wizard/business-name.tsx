import { getFormProps, getInputProps } from "@conform-to/react";
import { Form } from "react-router";
import { useRef } from "react";

import * as ui from "#app/components/wizard/step-screen.ts";
import { continueHint } from "#app/domain/site/messages.ts";
import { useLocale } from "#app/hooks/use-locale.ts";
import { m } from "#app/paraglide/messages.js";
import { ANSWER_MAX_LENGTH, type StepAnswers } from "#app/domain/application/application-fields.ts";
import { stepAnswersSchema } from "#app/domain/wizard/wizard-answers.ts";
import { STEPS } from "#app/domain/wizard/wizard-steps.ts";
import { stepAction, stepLoader } from "#app/server/wizard/step-engine.server.ts";

import type { RouteHandle } from "#app/root.tsx";

import type { Route } from "./+types/business-name";

/** A screen whose forms are checked as they are typed: it ships React (decision 077). */
export const handle: RouteHandle = { hydrate: true };

export const meta: Route.MetaFunction = (args) =>
  ui.localizedWizardMeta(args, m.wizard_business_name_meta_title);

export const loader = stepLoader(STEPS["business-name"]);
export const action = stepAction(STEPS["business-name"]);

export const clientAction = ({ serverAction }: Route.ClientActionArgs) =>
  ui.withStepDelay(serverAction);

export default function BusinessName({ loaderData, actionData }: Route.ComponentProps) {
  const locale = useLocale();
  const [form, fields] = ui.useStepForm<StepAnswers<"business-name">>(
    stepAnswersSchema("business-name", loaderData),
    {
      id: "business-name",
      lastResult: actionData?.result,
      defaultValue: { businessName: loaderData.businessName },
    },
  );
  const hydrated = ui.useHydrated();
  const processing = ui.useContinuing();
  const [name, setName] = ui.useFieldText(
    form.id,
    fields.businessName.name,
    loaderData.businessName,
  );
  const input = useRef<HTMLInputElement>(null);
  const hintId = `${fields.businessName.id}-hint`;

  return (
    <ui.StepFrame
      step="business-name"
      title={m.wizard_business_name_title({}, { locale })}
      toasts={[actionData?.toast]}
    >
      <Form method="post" {...getFormProps(form)}>
        <label htmlFor={fields.businessName.id} className={ui.labelClass}>
          {m.wizard_business_name_label({}, { locale })}
        </label>
        <p id={hintId} className="mt-1 text-sm text-muted">
          {m.wizard_business_name_hint({}, { locale })}
        </p>
        <div className="relative">
          <input
            {...getInputProps(fields.businessName, { type: "text" })}
            key={fields.businessName.key}
            ref={input}
            autoComplete="organization"
            maxLength={ANSWER_MAX_LENGTH.businessName}
            aria-describedby={
              fields.businessName.errors ? `${hintId} ${fields.businessName.errorId}` : hintId
            }
            onChange={(event) => setName(event.target.value)}
            className={`${ui.inputClass} pr-12`}
          />
          {hydrated && name !== "" ? (
            <button
              type="button"
              aria-label={m.wizard_business_name_clear({}, { locale })}
              onClick={() => {
                form.update({ name: fields.businessName.name, value: "" });
                setName("");
                input.current?.focus();
              }}
              className="absolute top-1/2 right-2 flex size-9 -translate-y-1/2 items-center justify-center rounded-full text-slate-700 hover:bg-slate-100"
            >
              <span aria-hidden="true">✕</span>
            </button>
          ) : null}
        </div>
        <ui.FieldError id={fields.businessName.errorId} errors={fields.businessName.errors} />
        <ui.StepActions
          continueDisabled={hydrated && name.trim() === ""}
          continueHint={continueHint("business-name", locale)}
          busy={processing}
        />
      </Form>
    </ui.StepFrame>
  );
}
