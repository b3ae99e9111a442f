import { getFormProps, getInputProps, getTextareaProps } from "@conform-to/react";
import { Form } from "react-router";

import * as ui from "#app/components/wizard/step-screen.ts";
import { YesNoField } from "#app/components/wizard/yes-no-field.tsx";
import {
  ANSWER_MAX_LENGTH,
  type AnswerName,
  type StepAnswers,
  YES_NO_ANSWERS,
} from "#app/domain/application/application-fields.ts";
import { stepAnswersSchema } from "#app/domain/wizard/wizard-answers.ts";
import { textsConsentText } from "#app/domain/wizard/wizard.ts";
import { zipUsuallyElsewhere } from "#app/domain/reference/zip-codes.ts";
import { STEPS } from "#app/domain/wizard/wizard-steps.ts";
import { getAgency } from "#app/server/http/agency-settings.server.ts";
import { stepAction, stepLoader } from "#app/server/wizard/step-engine.server.ts";
import { requestLocale } from "#app/server/http/site-languages.server.ts";
import type { Message } from "#app/domain/site/locales.ts";
import { useLocale } from "#app/hooks/use-locale.ts";
import { m } from "#app/paraglide/messages.js";

import type { RouteHandle } from "#app/root.tsx";

import type { Route } from "./+types/about-you";
import "./about-you.css";

/** A screen whose forms are checked as they are typed: it ships React (decision 077). */
export const handle: RouteHandle = { hydrate: true };

export const meta: Route.MetaFunction = (args) =>
  ui.localizedWizardMeta(args, m.wizard_about_meta_title);

type AboutYouForm = StepAnswers<"about-you">;

const loadStep = stepLoader(STEPS["about-you"]);

/**
 * The step's answers, and the texts consent in the words Continue stores when it is ticked: both
 * name the agency of the settings (issue 26).
 */
export async function loader(args: Route.LoaderArgs) {
  const view = await loadStep(args);
  return {
    ...view,
    textsConsent: textsConsentText(getAgency(args.context).name, requestLocale(args.request)),
  };
}

export const action = stepAction(STEPS["about-you"]);

export const clientAction = ({ serverAction }: Route.ClientActionArgs) =>
  ui.withStepDelay(serverAction);

export default function AboutYou({ loaderData, actionData }: Route.ComponentProps) {
  const { state } = loaderData;
  const locale = useLocale();
  const say = (message: Message) => message({}, { locale });
  const [form, fields] = ui.useStepForm<AboutYouForm>(stepAnswersSchema("about-you", loaderData), {
    id: "about-you",
    lastResult: actionData?.result,
    defaultValue: loaderData,
  });
  const processing = ui.useContinuing();
  // The ZIP code as typed: one usually in another state asks to be confirmed (zip-codes.ts).
  const [zip, setZip] = ui.useFieldText(
    form.id,
    fields.zipCode.name,
    ui.initialText(fields.zipCode.initialValue),
  );
  const zipElsewhere = zipUsuallyElsewhere(zip, state);

  const textField = (
    name: Exclude<AnswerName & keyof AboutYouForm, "consentToTexts" | "zipConfirmed">,
    label: string,
    extra: {
      autoComplete?: string;
      placeholder?: string;
      type?: "text" | "tel";
      optional?: boolean;
      inputMode?: "numeric";
      onChange?: (value: string) => void;
    } = {},
  ) => {
    const field = fields[name];
    return (
      <div>
        <label htmlFor={field.id} className={ui.labelClass}>
          {label}
          {extra.optional ? (
            <span className="font-normal text-muted"> {say(m.wizard_about_optional)}</span>
          ) : null}
        </label>
        <input
          {...getInputProps(field, { type: extra.type ?? "text" })}
          key={field.key}
          autoComplete={extra.autoComplete}
          placeholder={extra.placeholder}
          inputMode={extra.inputMode}
          onChange={extra.onChange ? (event) => extra.onChange?.(event.target.value) : undefined}
          maxLength={ANSWER_MAX_LENGTH[name]}
          className={ui.inputClass}
        />
        <ui.FieldError id={field.errorId} errors={field.errors} />
      </div>
    );
  };

  /** A box to tick, its words beside it (`tone`: their colour); `onChange` when ticked or not. */
  const tickBox = (
    name: "consentToTexts" | "zipConfirmed",
    text: string,
    tone: string,
    onChange?: () => void,
  ) => (
    <label
      htmlFor={fields[name].id}
      className={`flex cursor-pointer items-start gap-3 py-1 text-sm ${tone}`.trim()}
    >
      <input
        {...getInputProps(fields[name], { type: "checkbox" })}
        key={fields[name].key}
        onChange={onChange}
        className={`${ui.choiceInputClass} mt-0.5`}
      />
      <span>{text}</span>
    </label>
  );

  return (
    <ui.StepFrame step="about-you" title={say(m.wizard_about_title)} toasts={[actionData?.toast]}>
      <Form method="post" {...getFormProps(form)}>
        <fieldset className="space-y-5">
          <legend className="mb-4 text-lg font-semibold text-ink">{say(m.wizard_about_you)}</legend>
          <div className="grid gap-5 sm:grid-cols-2">
            {textField("firstName", say(m.wizard_about_first_name), { autoComplete: "given-name" })}
            {textField("lastName", say(m.wizard_about_last_name), { autoComplete: "family-name" })}
          </div>
          {textField("phoneNumber", say(m.wizard_about_phone), {
            autoComplete: "tel",
            placeholder: "(---) --- ----",
            type: "tel",
          })}
          {tickBox("consentToTexts", loaderData.textsConsent, "text-muted")}
        </fieldset>

        <fieldset className="mt-10 space-y-5">
          <legend className="mb-4 text-lg font-semibold text-ink">
            {say(m.wizard_about_business)}
          </legend>
          {textField("legalBusinessName", say(m.wizard_about_legal_name), {
            autoComplete: "organization",
          })}
          {textField("streetAddress", say(m.wizard_about_street), {
            autoComplete: "address-line1",
          })}
          {textField("unit", say(m.wizard_about_unit), {
            autoComplete: "address-line2",
            optional: true,
          })}
          <div className="grid gap-5 sm:grid-cols-[2fr_1fr_1fr]">
            {textField("city", say(m.wizard_about_city), { autoComplete: "address-level2" })}
            <div>
              <p className={ui.labelClass}>{say(m.wizard_about_state)}</p>
              <p className="mt-1 py-3 text-ink">{loaderData.placeNames[state] ?? state}</p>
            </div>
            {textField("zipCode", say(m.wizard_about_zip), {
              autoComplete: "postal-code",
              inputMode: "numeric",
              onChange: setZip,
            })}
          </div>
          <p className="text-sm text-muted">{say(m.wizard_about_state_note)}</p>
          {zipElsewhere || fields.zipConfirmed.initialValue === "on"
            ? // The ZIP code's message is about this box: ticked, the message goes at once.
              tickBox("zipConfirmed", say(m.answer_zip_confirm), "", () =>
                form.validate({ name: fields.zipCode.name }),
              )
            : null}
          <div className="address-answers">
            <YesNoField
              field={fields.sameAddress}
              legend={say(m.wizard_about_same_address)}
              answers={YES_NO_ANSWERS}
              startsAs="Yes"
              className=""
            />
            <div className="mailing-address mt-5">
              <label htmlFor={fields.mailingAddress.id} className={ui.labelClass}>
                {say(m.wizard_about_mailing_address)}
              </label>
              {/* A text area: browsers fill a whole address ("street-address") only into one. */}
              <textarea
                {...getTextareaProps(fields.mailingAddress)}
                key={fields.mailingAddress.key}
                rows={2}
                autoComplete="street-address"
                maxLength={ANSWER_MAX_LENGTH.mailingAddress}
                className={ui.inputClass}
              />
              <ui.FieldError
                id={fields.mailingAddress.errorId}
                errors={fields.mailingAddress.errors}
              />
            </div>
          </div>
        </fieldset>
        <ui.StepActions busy={processing} />
      </Form>
    </ui.StepFrame>
  );
}
