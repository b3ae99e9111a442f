import {
  getFormProps,
  getInputProps,
  getSelectProps,
  useForm,
  type SubmissionResult,
} from "@conform-to/react";
import { getZodConstraint } from "@conform-to/zod/v4";

import {
  BEST_TIMES_TO_CALL,
  callbackRequestSchema,
  CONTACT_FIELD_LIMITS,
} from "#app/domain/site/contact-forms.ts";
import { site } from "#app/domain/site/site.ts";
import type { z } from "#app/domain/values/zod.ts";
import { HoneypotField } from "#app/components/honeypot-field.tsx";
import { ContactNameField } from "#app/components/site/contact-name-field.tsx";
import { buttonClasses } from "#app/components/ui/button.ts";
import { controlClasses, FormAlert, FormField, hintId } from "#app/components/ui/form-field.tsx";
import { CheckIcon, CloseIcon, PhoneIcon } from "#app/components/ui/icons.tsx";

/** The page of the call-back form: where the dialog's form posts, and its no-JavaScript fallback. */
export const TALK_TO_EXPERT_PATH = "/talk-to-an-expert";

const DIALOG_ID = "talk-to-an-expert";
const PANEL_ID = "callback-request-panel";

/** What the confirmation repeats back from the stored request. */
export interface CallbackConfirmation {
  name: string;
  /** As people read it, e.g. "(555) 234-5678". */
  phone: string;
  /** The label of the chosen time. */
  bestTime: string;
}

/**
 * The call-back form, or once a request is stored, its confirmation. The same panel (same id)
 * is rendered in the dialog and on /talk-to-an-expert, so that the site script can swap the
 * page's answer into the dialog.
 */
export function CallbackRequestPanel({
  lastResult,
  confirmation,
  product,
  headingLevel,
}: {
  lastResult?: SubmissionResult<string[]> | null;
  confirmation?: CallbackConfirmation | null;
  /** The product page the form is on, sent along as a hint for the expert. */
  product?: string;
  headingLevel: 2 | 3;
}) {
  const [form, fields] = useForm<z.input<typeof callbackRequestSchema>>({
    id: "callback-request",
    lastResult,
    constraint: getZodConstraint(callbackRequestSchema),
  });
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const keptProduct = lastResult?.initialValue?.product;
  return (
    <div id={PANEL_ID} data-form-panel="">
      {confirmation ? (
        <div className="rounded-xl border border-success-700/30 bg-success-50 p-5">
          <Heading
            tabIndex={-1}
            data-autofocus=""
            className="flex items-center gap-2 text-lg font-semibold text-success-700"
          >
            <CheckIcon className="size-5 shrink-0" />
            Thanks, {confirmation.name}! We&apos;ll call you back.
          </Heading>
          <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-ink">
            <dt className="font-medium">Phone</dt>
            <dd>{confirmation.phone}</dd>
            <dt className="font-medium">Best time</dt>
            <dd>{confirmation.bestTime}</dd>
          </dl>
          <p className="mt-3 text-sm text-muted">
            We call during our hours: {site.phoneHours}. Need us sooner? Call{" "}
            <a
              href={`tel:${site.salesPhone.tel}`}
              className="font-semibold text-brand-700 underline"
            >
              {site.salesPhone.label}
            </a>
            .
          </p>
        </div>
      ) : (
        <form
          method="post"
          action={TALK_TO_EXPERT_PATH}
          {...getFormProps(form)}
          className="space-y-4"
        >
          <Heading className="text-lg font-semibold text-ink">Request a call back</Heading>
          <FormAlert id={form.errorId} errors={form.errors} />
          <HoneypotField />
          <ContactNameField field={fields.name} />
          <FormField
            id={fields.phone.id}
            label="Phone number"
            hint="A US number, e.g. (555) 234-5678"
            errorId={fields.phone.errorId}
            errors={fields.phone.errors}
          >
            <input
              {...getInputProps(fields.phone, {
                type: "tel",
                ariaDescribedBy: hintId(fields.phone.id),
              })}
              maxLength={CONTACT_FIELD_LIMITS.phone}
              autoComplete="tel"
              className={controlClasses}
            />
          </FormField>
          <FormField
            id={fields.bestTime.id}
            label="Best time to call"
            hint="Monday to Friday"
            errorId={fields.bestTime.errorId}
            errors={fields.bestTime.errors}
          >
            <select
              {...getSelectProps(fields.bestTime, {
                ariaDescribedBy: hintId(fields.bestTime.id),
              })}
              className={controlClasses}
            >
              <option value="">Choose a time</option>
              {BEST_TIMES_TO_CALL.map((time) => (
                <option key={time.id} value={time.id}>
                  {time.label}
                </option>
              ))}
            </select>
          </FormField>
          {(keptProduct ?? product) ? (
            <input type="hidden" name="product" value={String(keptProduct ?? product)} />
          ) : null}
          <button type="submit" className={`${buttonClasses("primary", "md")} w-full`}>
            Request a call back
          </button>
          <p className="text-sm text-muted">
            We use your name and number only to call you back. See our{" "}
            <a href="/privacy" className="font-medium text-brand-700 underline">
              Privacy Policy
            </a>
            .
          </p>
        </form>
      )}
    </div>
  );
}

/**
 * The Talk to an Expert button (landing page and every product page): a link to
 * /talk-to-an-expert that, with the site script, opens a dialog holding the sales line and the
 * call-back form instead.
 */
export function TalkToExpertButton({
  product,
  className = buttonClasses("secondary", "lg"),
}: {
  product?: string;
  className?: string;
}) {
  return (
    <>
      <a href={TALK_TO_EXPERT_PATH} data-dialog={DIALOG_ID} className={className}>
        <PhoneIcon className="size-5" />
        Talk to an Expert
      </a>
      <dialog
        id={DIALOG_ID}
        aria-labelledby={`${DIALOG_ID}-title`}
        closedby="any"
        className="m-auto max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-lg overflow-y-auto rounded-2xl bg-white p-6 text-left text-ink shadow-2xl backdrop:bg-ink/50 sm:p-8"
      >
        <div className="flex items-start justify-between gap-4">
          <h2 id={`${DIALOG_ID}-title`} className="text-2xl font-bold">
            Talk to an Expert
          </h2>
          <form method="dialog">
            <button type="submit" className={`${buttonClasses("ghost", "sm")} -mt-1 -mr-2`}>
              <CloseIcon className="size-5" />
              Close
            </button>
          </form>
        </div>
        <p className="mt-3 text-muted">
          Call our sales team at{" "}
          <a
            href={`tel:${site.salesPhone.tel}`}
            className="font-semibold whitespace-nowrap text-brand-700 underline"
          >
            {site.salesPhone.label}
          </a>{" "}
          ({site.phoneHours}), or leave your number and an expert will call you back.
        </p>
        <div className="mt-6">
          <CallbackRequestPanel product={product} headingLevel={3} />
        </div>
      </dialog>
    </>
  );
}
