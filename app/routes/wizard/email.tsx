import { getFormProps, getInputProps } from "@conform-to/react";
import { useState } from "react";
import { Form } from "react-router";

import { wizardMeta } from "#app/components/wizard/wizard-meta.ts";
import { parseForm } from "#app/domain/form-submission.ts";
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
import {
  emailSchema,
  savedSubmission,
  TEXT_LIMITS,
  toEmailStepRecord,
} from "#app/domain/wizard.ts";
import { useHydrated } from "#app/hooks/use-hydrated.ts";
import { flashToast } from "#app/server/http/flash.server.ts";
import { sendResumeLink } from "#app/server/wizard/resume.server.ts";
import { countStepReached } from "#app/server/wizard/funnel.server.ts";
import { getServices } from "#app/server/services.server.ts";
import { saveEmailStep } from "#app/server/wizard/submissions.server.ts";
import { requireEarlierSteps } from "#app/server/wizard/wizard-drafts.server.ts";
import {
  goBack,
  goTo,
  invalid,
  isBack,
  saveFailed,
  typedText,
  writerOf,
  type StepActionData,
} from "#app/server/wizard/wizard-steps.server.ts";

import type { Route } from "./+types/email";

export const meta: Route.MetaFunction = () => wizardMeta("Get a quote: save your quote");

export async function loader({ request, context }: Route.LoaderArgs) {
  const { draft } = await requireEarlierSteps(getServices(context), request, "email");
  await countStepReached(context, request, "email");
  return { email: draft.email ?? "" };
}

/**
 * Saves industry, state, segments and email to the submission with that email (or a new one), then
 * moves on to questionnaire 1 with the spec's success toast.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const services = getServices(context);
  const handle = await requireEarlierSteps(services, request, "email");
  const formData = await request.formData();
  if (isBack(formData)) {
    const email = typedText(formData, "email", TEXT_LIMITS.email);
    return goBack(handle, "email", { ...handle.draft, email }, formData);
  }
  const submission = parseForm(formData, emailSchema);
  if (submission.status !== "success") return invalid(submission.reply());
  const { email } = submission.value;
  try {
    const writer = writerOf(context, handle);
    const id = await saveEmailStep(
      services.database.db,
      toEmailStepRecord(handle.draft, email),
      writer,
    );
    // "What email can we use to save your quote?": a link back to it, by email (issue 8), that
    // restores what this session writes (decision 013).
    await sendResumeLink(services, { id, email }, writer.draft);
    const toast = await flashToast(services.env, request, {
      kind: "success",
      message: messages.emailSaved,
    });
    return await goTo(
      handle,
      "questionnaire-1",
      { ...handle.draft, email, submission: savedSubmission(handle.draft, id, email) },
      { "Set-Cookie": toast },
    );
  } catch (error) {
    return saveFailed(error, "email", submission.reply());
  }
}

export default function Email({ loaderData, actionData }: Route.ComponentProps) {
  const stepData = actionData as StepActionData | undefined;
  const [form, fields] = useStepForm<{ email: string }>(emailSchema, {
    id: "email",
    lastResult: stepData?.result,
    defaultValue: { email: loaderData.email },
  });
  const hydrated = useHydrated();
  const saving = useContinuing();
  const [email, setEmail] = useState(loaderData.email);
  useValuesEnteredBeforeHydration(form.id, (values) =>
    setEmail(initialText(values.get(fields.email.name))),
  );

  return (
    <StepFrame
      step="email"
      title="Great, we can help get your business covered!"
      toasts={[stepData?.toast]}
    >
      <Form method="post" {...getFormProps(form)}>
        <label htmlFor={fields.email.id} className={labelClass}>
          What email can we use to save your quote?
        </label>
        <input
          {...getInputProps(fields.email, { type: "email" })}
          key={fields.email.key}
          autoComplete="email"
          maxLength={TEXT_LIMITS.email}
          onChange={(event) => setEmail(event.target.value)}
          className={inputClass}
        />
        <FieldError id={fields.email.errorId} errors={fields.email.errors} />
        <p className="mt-4 text-sm text-muted">
          Already started an application?{" "}
          <a href="/login" className="font-medium text-brand-700 underline">
            Log in
          </a>
        </p>
        <p className="mt-4 text-sm text-muted">
          By continuing, you agree to our{" "}
          <a href="/terms" className="font-medium text-brand-700 underline">
            Terms of Use
          </a>{" "}
          and{" "}
          <a href="/privacy" className="font-medium text-brand-700 underline">
            Privacy Policy
          </a>
          .
        </p>
        <StepActions
          continueDisabled={hydrated && email.trim() === ""}
          continueHint={messages.continueHints.email}
          busy={saving}
          busyLabel="Saving..."
        />
      </Form>
    </StepFrame>
  );
}
