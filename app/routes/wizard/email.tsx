import { getFormProps, getInputProps } from "@conform-to/react";
import { Form } from "react-router";

import * as ui from "#app/components/wizard/step-screen.ts";
import { messages } from "#app/domain/site/messages.ts";
import { emailSchema, TEXT_LIMITS } from "#app/domain/wizard/wizard.ts";
import { STEPS } from "#app/domain/wizard/wizard-steps.ts";
import { stepAction, stepLoader } from "#app/server/wizard/step-engine.server.ts";

import type { Route } from "./+types/email";

export const meta: Route.MetaFunction = () => ui.wizardMeta("Get a quote: save your quote");

export const loader = stepLoader(STEPS.email);
export const action = stepAction(STEPS.email);

/** The screen's question, its heading. */
const TITLE = "Great, we can help get your business covered!";

export default function Email({ loaderData, actionData }: Route.ComponentProps) {
  const [form, fields] = ui.useStepForm<{ email: string }>(emailSchema, {
    id: "email",
    lastResult: actionData?.result,
    defaultValue: { email: loaderData.email },
  });
  const hydrated = ui.useHydrated();
  const saving = ui.useContinuing();
  const [email, setEmail] = ui.useFieldText(form.id, fields.email.name, loaderData.email);

  return (
    <ui.StepFrame step="email" title={TITLE} toasts={[actionData?.toast]}>
      <Form method="post" {...getFormProps(form)}>
        <label htmlFor={fields.email.id} className={ui.labelClass}>
          What email can we use to save your quote?
        </label>
        <input
          {...getInputProps(fields.email, { type: "email" })}
          key={fields.email.key}
          autoComplete="email"
          maxLength={TEXT_LIMITS.email}
          onChange={(event) => setEmail(event.target.value)}
          className={ui.inputClass}
        />
        <ui.FieldError id={fields.email.errorId} errors={fields.email.errors} />
        <p className="mt-4 text-sm text-muted">
          Already started an application?{" "}
          <a href="/login" className="font-medium text-brand-700 underline">
            Log in
          </a>
        </p>
        <ui.TermsAgreement lead="By continuing, you agree to our" end="." margin="mt-4" />
        <ui.StepActions
          continueDisabled={hydrated && email.trim() === ""}
          continueHint={messages.continueHints.email}
          busy={saving}
          busyLabel="Saving..."
        />
      </Form>
    </ui.StepFrame>
  );
}
