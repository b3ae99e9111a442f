import { getFormProps, getInputProps, getTextareaProps } from "@conform-to/react";
import { Form } from "react-router";

import * as ui from "#app/components/wizard/step-screen.ts";
import {
  ANSWER_MAX_LENGTH,
  type AnswerName,
  type StepAnswers,
} from "#app/domain/application/application-fields.ts";
import { stepAnswersSchema } from "#app/domain/wizard/wizard-answers.ts";
import { textsConsentText } from "#app/domain/wizard/wizard.ts";
import { zipUsuallyElsewhere } from "#app/domain/reference/zip-codes.ts";
import { STEPS } from "#app/domain/wizard/wizard-steps.ts";
import { getAgency } from "#app/server/agency-settings.server.ts";
import { stepAction, stepLoader } from "#app/server/wizard/step-engine.server.ts";

import type { Route } from "./+types/about-you";
import "./about-you.css";

export const meta: Route.MetaFunction = () => ui.wizardMeta("Get a quote: about you");

type AboutYouForm = StepAnswers<"about-you">;

const loadStep = stepLoader(STEPS["about-you"]);

/**
 * The step's answers, and the texts consent in the words Continue stores when it is ticked: both
 * name the agency of the settings (issue 26).
 */
export async function loader(args: Route.LoaderArgs) {
  const view = await loadStep(args);
  return { ...view, textsConsent: textsConsentText(getAgency(args.context).name) };
}

export const action = stepAction(STEPS["about-you"]);

export const clientAction = ({ serverAction }: Route.ClientActionArgs) =>
  ui.withStepDelay(serverAction);

/** The screen's question, its heading. */
const TITLE = "Tell us about you";

export default function AboutYou({ loaderData, actionData }: Route.ComponentProps) {
  const { state } = loaderData;
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
          {extra.optional ? <span className="font-normal text-muted"> (optional)</span> : null}
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

  return (
    <ui.StepFrame step="about-you" title={TITLE} toasts={[actionData?.toast]}>
      <Form method="post" {...getFormProps(form)}>
        <fieldset className="space-y-5">
          <legend className="mb-4 text-lg font-semibold text-ink">About you</legend>
          <div className="grid gap-5 sm:grid-cols-2">
            {textField("firstName", "First name", { autoComplete: "given-name" })}
            {textField("lastName", "Last name", { autoComplete: "family-name" })}
          </div>
          {textField("phoneNumber", "Phone number", {
            autoComplete: "tel",
            placeholder: "(---) --- ----",
            type: "tel",
          })}
          <label
            htmlFor={fields.consentToTexts.id}
            className="flex cursor-pointer items-start gap-3 py-1 text-sm text-muted"
          >
            <input
              {...getInputProps(fields.consentToTexts, { type: "checkbox" })}
              key={fields.consentToTexts.key}
              className={`${ui.choiceInputClass} mt-0.5`}
            />
            <span>{loaderData.textsConsent}</span>
          </label>
        </fieldset>

        <fieldset className="mt-10 space-y-5">
          <legend className="mb-4 text-lg font-semibold text-ink">About the business</legend>
          {textField("legalBusinessName", "Legal business name", { autoComplete: "organization" })}
          {textField("streetAddress", "Primary location: street address", {
            autoComplete: "address-line1",
          })}
          {textField("unit", "Unit or suite", { autoComplete: "address-line2", optional: true })}
          <div className="grid gap-5 sm:grid-cols-[2fr_1fr_1fr]">
            {textField("city", "City", { autoComplete: "address-level2" })}
            <div>
              <p className={ui.labelClass}>State</p>
              <p className="mt-1 py-3 text-ink">{state}</p>
            </div>
            {textField("zipCode", "ZIP code", {
              autoComplete: "postal-code",
              inputMode: "numeric",
              onChange: setZip,
            })}
          </div>
          <p className="text-sm text-muted">
            This is the state you chose on the first screen. To change it, go back to that screen
            with Back: what you typed here is kept.
          </p>
          {zipElsewhere || fields.zipConfirmed.initialValue === "on" ? (
            <label
              htmlFor={fields.zipConfirmed.id}
              className="flex cursor-pointer items-start gap-3 py-1 text-sm"
            >
              <input
                {...getInputProps(fields.zipConfirmed, { type: "checkbox" })}
                key={fields.zipConfirmed.key}
                // The ZIP code's message is about this box: ticked, the message goes at once.
                onChange={() => form.validate({ name: fields.zipCode.name })}
                className={`${ui.choiceInputClass} mt-0.5`}
              />
              <span>This ZIP code is right</span>
            </label>
          ) : null}
          <div className="address-answers">
            <fieldset
              aria-describedby={fields.sameAddress.errors ? fields.sameAddress.errorId : undefined}
            >
              <legend className={ui.labelClass}>
                Is your mailing address the same as your primary location?
              </legend>
              <div className="mt-2 flex gap-6">
                {(["Yes", "No"] as const).map((answer) => (
                  <label
                    key={answer}
                    className="flex min-h-11 cursor-pointer items-center gap-2 pr-2"
                  >
                    <input
                      type="radio"
                      name={fields.sameAddress.name}
                      value={answer}
                      defaultChecked={
                        (ui.initialText(fields.sameAddress.initialValue) || "Yes") === answer
                      }
                      className={ui.choiceInputClass}
                    />
                    {answer}
                  </label>
                ))}
              </div>
              <ui.FieldError id={fields.sameAddress.errorId} errors={fields.sameAddress.errors} />
            </fieldset>
            <div className="mailing-address mt-5">
              <label htmlFor={fields.mailingAddress.id} className={ui.labelClass}>
                Recognized mailing address or PO Box
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
