import { getFormProps, getInputProps } from "@conform-to/react";
import { useRef, useState } from "react";
import { Form } from "react-router";

import { wizardMeta } from "#app/components/wizard/wizard-meta.ts";
import { parseForm } from "#app/domain/form-submission.ts";
import { withStepDelay } from "#app/components/wizard/step-delay.ts";
import {
  FieldError,
  inputClass,
  labelClass,
  StepActions,
  StepFrame,
  useContinuing,
} from "#app/components/wizard/step-frame.tsx";
import {
  initialText,
  useStepForm,
  useValuesEnteredBeforeHydration,
} from "#app/components/wizard/use-step-form.ts";
import { messages } from "#app/domain/messages.ts";
import { businessNameSchema, TEXT_LIMITS } from "#app/domain/wizard.ts";
import { useHydrated } from "#app/hooks/use-hydrated.ts";
import { countStepReached } from "#app/server/wizard/funnel.server.ts";
import { getServices } from "#app/server/services.server.ts";
import { requireEarlierSteps } from "#app/server/wizard/wizard-drafts.server.ts";
import {
  goBack,
  goTo,
  invalid,
  isBack,
  saveFailed,
  typedText,
  type StepActionData,
} from "#app/server/wizard/wizard-steps.server.ts";

import type { Route } from "./+types/questionnaire-1";

export const meta: Route.MetaFunction = () => wizardMeta("Get a quote: your business name");

export async function loader({ request, context }: Route.LoaderArgs) {
  const { draft } = await requireEarlierSteps(getServices(context), request, "questionnaire-1");
  await countStepReached(context, request, "questionnaire-1");
  return { businessName: draft.businessName ?? "" };
}

export async function action({ request, context }: Route.ActionArgs) {
  const handle = await requireEarlierSteps(getServices(context), request, "questionnaire-1");
  const formData = await request.formData();
  if (isBack(formData)) {
    const businessName = typedText(formData, "businessName", TEXT_LIMITS.businessName);
    return goBack(handle, "questionnaire-1", { ...handle.draft, businessName }, formData);
  }
  const submission = parseForm(formData, businessNameSchema);
  if (submission.status !== "success") return invalid(submission.reply());
  try {
    return await goTo(handle, "questionnaire-2", { ...handle.draft, ...submission.value });
  } catch (error) {
    return saveFailed(error, "questionnaire-1", submission.reply());
  }
}

export const clientAction = ({ serverAction }: Route.ClientActionArgs) =>
  withStepDelay(serverAction);

export default function BusinessName({ loaderData, actionData }: Route.ComponentProps) {
  const stepData = actionData as StepActionData | undefined;
  const [form, fields] = useStepForm<{ businessName: string }>(businessNameSchema, {
    id: "business-name",
    lastResult: stepData?.result,
    defaultValue: { businessName: loaderData.businessName },
  });
  const hydrated = useHydrated();
  const processing = useContinuing();
  const [name, setName] = useState(loaderData.businessName);
  useValuesEnteredBeforeHydration(form.id, (values) =>
    setName(initialText(values.get(fields.businessName.name))),
  );
  const input = useRef<HTMLInputElement>(null);
  const hintId = `${fields.businessName.id}-hint`;

  return (
    <StepFrame step="questionnaire-1" title="What's your business name?" toasts={[stepData?.toast]}>
      <Form method="post" {...getFormProps(form)}>
        <label htmlFor={fields.businessName.id} className={labelClass}>
          Business name
        </label>
        <p id={hintId} className="mt-1 text-sm text-muted">
          Use your DBA or the name your customers use to find you
        </p>
        <div className="relative">
          <input
            {...getInputProps(fields.businessName, { type: "text" })}
            key={fields.businessName.key}
            ref={input}
            autoComplete="organization"
            maxLength={TEXT_LIMITS.businessName}
            aria-describedby={
              fields.businessName.errors ? `${hintId} ${fields.businessName.errorId}` : hintId
            }
            onChange={(event) => setName(event.target.value)}
            className={`${inputClass} pr-12`}
          />
          {hydrated && name !== "" ? (
            <button
              type="button"
              aria-label="Clear business name"
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
        <FieldError id={fields.businessName.errorId} errors={fields.businessName.errors} />
        <StepActions
          continueDisabled={hydrated && name.trim() === ""}
          continueHint={messages.continueHints.businessName}
          busy={processing}
        />
      </Form>
    </StepFrame>
  );
}
