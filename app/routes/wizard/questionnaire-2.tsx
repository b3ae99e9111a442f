import { getFormProps, getInputProps, getTextareaProps } from "@conform-to/react";
import { Form } from "react-router";

import { wizardMeta } from "#app/components/wizard/wizard-meta.ts";
import { parseForm } from "#app/domain/form-submission.ts";
import { withStepDelay } from "#app/components/wizard/step-delay.ts";
import {
  choiceInputClass,
  FieldError,
  inputClass,
  labelClass,
  StepActions,
  StepFrame,
  useContinuing,
} from "#app/components/wizard/step-frame.tsx";
import { initialText, useStepForm } from "#app/components/wizard/use-step-form.ts";
import { CHECKBOX_TICKED } from "#app/domain/fields.ts";
import { formatUsPhone } from "#app/domain/phone.ts";
import { joinLines } from "#app/domain/text.ts";
import {
  aboutYouSchema,
  TEXT_LIMITS,
  TEXTS_CONSENT_TEXT,
  type WizardDraft,
} from "#app/domain/wizard.ts";
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

import type { Route } from "./+types/questionnaire-2";
import "./questionnaire-2.css";

export const meta: Route.MetaFunction = () => wizardMeta("Get a quote: about you");

type AboutYouForm = {
  firstName: string;
  lastName: string;
  phoneNumber: string;
  consentToTexts: boolean;
  legalBusinessName: string;
  streetAddress: string;
  unit: string;
  sameAddress: string;
  mailingAddress: string;
};

export async function loader({ request, context }: Route.LoaderArgs) {
  const { draft } = await requireEarlierSteps(getServices(context), request, "questionnaire-2");
  await countStepReached(context, request, "questionnaire-2");
  const about = draft.aboutYou ?? {};
  const text = (key: keyof AboutYouForm) => (typeof about[key] === "string" ? about[key] : "");
  const phone = text("phoneNumber");
  return {
    firstName: text("firstName"),
    lastName: text("lastName"),
    phoneNumber: /^\+1\d{10}$/.test(phone) ? formatUsPhone(phone) : phone,
    consentToTexts: about.consentToTexts === true,
    // The legal name starts as the business name entered before (SPEC section 3).
    legalBusinessName:
      typeof about.legalBusinessName === "string"
        ? text("legalBusinessName")
        : (draft.businessName ?? ""),
    streetAddress: text("streetAddress"),
    unit: text("unit"),
    sameAddress: text("sameAddress") || "Yes",
    mailingAddress: text("mailingAddress"),
  };
}

/** The form as typed, capped in length, for Back. */
function typedAboutYou(formData: FormData): WizardDraft["aboutYou"] {
  const field = (name: keyof typeof TEXT_FIELD_LIMITS) =>
    typedText(formData, name, TEXT_FIELD_LIMITS[name]);
  return {
    firstName: field("firstName"),
    lastName: field("lastName"),
    phoneNumber: field("phoneNumber"),
    consentToTexts: formData.get("consentToTexts") === CHECKBOX_TICKED,
    legalBusinessName: field("legalBusinessName"),
    streetAddress: field("streetAddress"),
    unit: field("unit"),
    sameAddress: formData.get("sameAddress") === "No" ? "No" : "Yes",
    mailingAddress: typedMailingAddress(formData),
  };
}

/** The mailing address as typed, its lines kept apart by ", " as the schema keeps them. */
function typedMailingAddress(formData: FormData): string | undefined {
  const typed = formData.get("mailingAddress");
  if (typeof typed !== "string") return undefined;
  const lines = new FormData();
  lines.set("mailingAddress", joinLines(typed));
  return typedText(lines, "mailingAddress", TEXT_FIELD_LIMITS.mailingAddress);
}

const TEXT_FIELD_LIMITS = {
  firstName: TEXT_LIMITS.personName,
  lastName: TEXT_LIMITS.personName,
  phoneNumber: TEXT_LIMITS.phone,
  legalBusinessName: TEXT_LIMITS.businessName,
  streetAddress: TEXT_LIMITS.streetAddress,
  unit: TEXT_LIMITS.unit,
  mailingAddress: TEXT_LIMITS.mailingAddress,
} as const;

export async function action({ request, context }: Route.ActionArgs) {
  const handle = await requireEarlierSteps(getServices(context), request, "questionnaire-2");
  const formData = await request.formData();
  if (isBack(formData)) {
    return goBack(
      handle,
      "questionnaire-2",
      {
        ...handle.draft,
        aboutYou: typedAboutYou(formData),
      },
      formData,
    );
  }
  const submission = parseForm(formData, aboutYouSchema);
  if (submission.status !== "success") return invalid(submission.reply());
  const aboutYou = submission.value;
  // Evidence of consent: the words shown and when they were first agreed to.
  const previous = handle.draft.textsConsent;
  const textsConsent = aboutYou.consentToTexts
    ? previous?.text === TEXTS_CONSENT_TEXT
      ? previous
      : { text: TEXTS_CONSENT_TEXT, givenAt: new Date().toISOString() }
    : undefined;
  try {
    return await goTo(handle, "questionnaire-3", { ...handle.draft, aboutYou, textsConsent });
  } catch (error) {
    return saveFailed(error, "questionnaire-2", submission.reply());
  }
}

export const clientAction = ({ serverAction }: Route.ClientActionArgs) =>
  withStepDelay(serverAction);

export default function AboutYou({ loaderData, actionData }: Route.ComponentProps) {
  const stepData = actionData as StepActionData | undefined;
  const [form, fields] = useStepForm<AboutYouForm>(aboutYouSchema, {
    id: "about-you",
    lastResult: stepData?.result,
    defaultValue: loaderData,
  });
  const processing = useContinuing();

  const textField = (
    name: keyof typeof TEXT_FIELD_LIMITS,
    label: string,
    extra: {
      autoComplete?: string;
      placeholder?: string;
      type?: "text" | "tel";
      optional?: boolean;
    } = {},
  ) => {
    const field = fields[name];
    return (
      <div>
        <label htmlFor={field.id} className={labelClass}>
          {label}
          {extra.optional ? <span className="font-normal text-muted"> (optional)</span> : null}
        </label>
        <input
          {...getInputProps(field, { type: extra.type ?? "text" })}
          key={field.key}
          autoComplete={extra.autoComplete}
          placeholder={extra.placeholder}
          maxLength={TEXT_FIELD_LIMITS[name]}
          className={inputClass}
        />
        <FieldError id={field.errorId} errors={field.errors} />
      </div>
    );
  };

  return (
    <StepFrame step="questionnaire-2" title="Tell us about you" toasts={[stepData?.toast]}>
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
              className={`${choiceInputClass} mt-0.5`}
            />
            <span>{TEXTS_CONSENT_TEXT}</span>
          </label>
        </fieldset>

        <fieldset className="mt-10 space-y-5">
          <legend className="mb-4 text-lg font-semibold text-ink">About the business</legend>
          {textField("legalBusinessName", "Legal business name", { autoComplete: "organization" })}
          {textField("streetAddress", "Primary location: street address", {
            autoComplete: "address-line1",
          })}
          {textField("unit", "Unit or suite", { autoComplete: "address-line2", optional: true })}
          <div className="address-answers">
            <fieldset
              aria-describedby={fields.sameAddress.errors ? fields.sameAddress.errorId : undefined}
            >
              <legend className={labelClass}>
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
                        (initialText(fields.sameAddress.initialValue) || "Yes") === answer
                      }
                      className={choiceInputClass}
                    />
                    {answer}
                  </label>
                ))}
              </div>
              <FieldError id={fields.sameAddress.errorId} errors={fields.sameAddress.errors} />
            </fieldset>
            <div className="mailing-address mt-5">
              <label htmlFor={fields.mailingAddress.id} className={labelClass}>
                Recognized mailing address or PO Box
              </label>
              {/* A text area: browsers fill a whole address ("street-address") only into one. */}
              <textarea
                {...getTextareaProps(fields.mailingAddress)}
                key={fields.mailingAddress.key}
                rows={2}
                autoComplete="street-address"
                maxLength={TEXT_FIELD_LIMITS.mailingAddress}
                className={inputClass}
              />
              <FieldError
                id={fields.mailingAddress.errorId}
                errors={fields.mailingAddress.errors}
              />
            </div>
          </div>
        </fieldset>
        <StepActions busy={processing} />
      </Form>
    </StepFrame>
  );
}
