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
import { localizedPath } from "#app/domain/site/locales.ts";
import { linkPath } from "#app/domain/site/site-pages.ts";
import { telHref } from "#app/domain/site/agency.ts";
import { m } from "#app/paraglide/messages.js";
import { useLocale } from "#app/hooks/use-locale.ts";
import { slot, withSlots } from "#app/components/ui/message-slots.tsx";
import type { z } from "#app/domain/values/zod.ts";
import { HoneypotField } from "#app/components/honeypot-field.tsx";
import { ContactNameField } from "#app/components/site/contact-name-field.tsx";
import { useAgency } from "#app/components/site/agency-identity.tsx";
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
  const locale = useLocale();
  const [form, fields] = useForm<z.input<ReturnType<typeof callbackRequestSchema>>>({
    id: "callback-request",
    lastResult,
    constraint: getZodConstraint(callbackRequestSchema(locale)),
  });
  const agency = useAgency();
  const agencyLine = agency ? (
    <a href={telHref(agency.phone)} className="font-semibold text-brand-700 underline">
      {agency.phone}
    </a>
  ) : null;
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
            {m.callback_thanks({ name: confirmation.name }, { locale })}
          </Heading>
          <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-ink">
            <dt className="font-medium">{m.callback_phone({}, { locale })}</dt>
            <dd>{confirmation.phone}</dd>
            <dt className="font-medium">{m.callback_best_time({}, { locale })}</dt>
            <dd>{confirmation.bestTime}</dd>
          </dl>
          <p className="mt-3 text-sm text-muted">
            {withSlots(
              agency?.hours
                ? m.callback_hours_note({ hours: agency.hours, phone: slot("phone") }, { locale })
                : m.callback_sooner_note({ phone: slot("phone") }, { locale }),
              { phone: agencyLine },
            )}
          </p>
        </div>
      ) : (
        <form
          method="post"
          action={localizedPath(TALK_TO_EXPERT_PATH, locale)}
          {...getFormProps(form)}
          className="space-y-4"
        >
          <Heading className="text-lg font-semibold text-ink">
            {m.callback_request({}, { locale })}
          </Heading>
          <FormAlert id={form.errorId} errors={form.errors} />
          <HoneypotField />
          <ContactNameField field={fields.name} />
          <FormField
            id={fields.phone.id}
            label={m.field_phone_number({}, { locale })}
            hint={m.field_phone_hint({}, { locale })}
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
            label={m.field_best_time({}, { locale })}
            hint={m.field_best_time_hint({}, { locale })}
            errorId={fields.bestTime.errorId}
            errors={fields.bestTime.errors}
          >
            <select
              {...getSelectProps(fields.bestTime, {
                ariaDescribedBy: hintId(fields.bestTime.id),
              })}
              className={controlClasses}
            >
              <option value="">{m.field_choose_time({}, { locale })}</option>
              {BEST_TIMES_TO_CALL.map((time) => (
                <option key={time.id} value={time.id}>
                  {time.label({}, { locale })}
                </option>
              ))}
            </select>
          </FormField>
          {(keptProduct ?? product) ? (
            <input type="hidden" name="product" value={String(keptProduct ?? product)} />
          ) : null}
          <button type="submit" className={`${buttonClasses("primary", "md")} w-full`}>
            {m.callback_request({}, { locale })}
          </button>
          <p className="text-sm text-muted">
            {withSlots(m.callback_privacy({ privacy: slot("privacy") }, { locale }), {
              privacy: (
                <a
                  href={linkPath("/privacy", locale)}
                  className="font-medium text-brand-700 underline"
                >
                  {m.privacy_policy({}, { locale })}
                </a>
              ),
            })}
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
  const locale = useLocale();
  const agency = useAgency();
  return (
    <>
      <a
        href={localizedPath(TALK_TO_EXPERT_PATH, locale)}
        data-dialog={DIALOG_ID}
        className={className}
      >
        <PhoneIcon className="size-5" />
        {m.talk_to_expert({}, { locale })}
      </a>
      <dialog
        id={DIALOG_ID}
        aria-labelledby={`${DIALOG_ID}-title`}
        closedby="any"
        className="m-auto max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-lg overflow-y-auto rounded-2xl bg-white p-6 text-left text-ink shadow-2xl backdrop:bg-ink/50 sm:p-8"
      >
        <div className="flex items-start justify-between gap-4">
          <h2 id={`${DIALOG_ID}-title`} className="text-2xl font-bold">
            {m.talk_to_expert({}, { locale })}
          </h2>
          <form method="dialog">
            <button type="submit" className={`${buttonClasses("ghost", "sm")} -mt-1 -mr-2`}>
              <CloseIcon className="size-5" />
              {m.chrome_close({}, { locale })}
            </button>
          </form>
        </div>
        {agency ? (
          <p className="mt-3 text-muted">
            {withSlots(m.talk_dialog_intro({ phone: slot("phone") }, { locale }), {
              phone: (
                <a
                  href={telHref(agency.phone)}
                  className="font-semibold whitespace-nowrap text-brand-700 underline"
                >
                  {agency.phone}
                </a>
              ),
            })}
            {agency.hours ? ` ${m.agency_hours({ hours: agency.hours }, { locale })}` : null}
          </p>
        ) : null}
        <div className="mt-6">
          <CallbackRequestPanel product={product} headingLevel={3} />
        </div>
      </dialog>
    </>
  );
}
