import { getFormProps, getInputProps } from "@conform-to/react";
import { Form } from "react-router";

import * as ui from "#app/components/wizard/step-screen.ts";
import { continueHint } from "#app/domain/site/messages.ts";
import { linkPath } from "#app/domain/site/site-pages.ts";
import { useLocale } from "#app/hooks/use-locale.ts";
import { m } from "#app/paraglide/messages.js";
import { emailSchema, TEXT_LIMITS } from "#app/domain/wizard/wizard.ts";
import { STEPS } from "#app/domain/wizard/wizard-steps.ts";
import { stepAction, stepLoader } from "#app/server/wizard/step-engine.server.ts";

import type { RouteHandle } from "#app/root.tsx";

import type { Route } from "./+types/email";

/** A screen whose forms are checked as they are typed: it ships React (decision 077). */
export const handle: RouteHandle = { hydrate: true };

export const meta: Route.MetaFunction = (args) =>
  ui.localizedWizardMeta(args, m.wizard_email_meta_title);

export const loader = stepLoader(STEPS.email);
export const action = stepAction(STEPS.email);

export default function Email({ loaderData, actionData }: Route.ComponentProps) {
  const locale = useLocale();
  const [form, fields] = ui.useStepForm<{ email: string }>(emailSchema(locale), {
    id: "email",
    lastResult: actionData?.result,
    defaultValue: { email: loaderData.email },
  });
  const hydrated = ui.useHydrated();
  const saving = ui.useContinuing();
  const [email, setEmail] = ui.useFieldText(form.id, fields.email.name, loaderData.email);

  return (
    <ui.StepFrame
      step="email"
      title={m.wizard_email_title({}, { locale })}
      toasts={[actionData?.toast]}
    >
      <Form method="post" {...getFormProps(form)}>
        <label htmlFor={fields.email.id} className={ui.labelClass}>
          {m.wizard_email_label({}, { locale })}
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
          {m.wizard_email_started({}, { locale })}{" "}
          <a href={linkPath("/login", locale)} className="font-medium text-brand-700 underline">
            {m.chrome_log_in({}, { locale })}
          </a>
        </p>
        <ui.TermsAgreement lead={m.wizard_continuing_agreement} end="." margin="mt-4" />
        <ui.StepActions
          continueDisabled={hydrated && email.trim() === ""}
          continueHint={continueHint("email", locale)}
          busy={saving}
          busyLabel={m.wizard_saving({}, { locale })}
        />
      </Form>
    </ui.StepFrame>
  );
}
