import { getFormProps, getInputProps } from "@conform-to/react";
import { data, Form, redirect } from "react-router";

import { HoneypotField } from "#app/components/honeypot-field.tsx";
import * as ui from "#app/components/wizard/step-screen.ts";
import { EMAIL_MAX_LENGTH } from "#app/domain/values/fields.ts";
import { parseForm } from "#app/domain/values/form-submission.ts";
import {
  servedStates,
  stateWaitlistSchema,
  unservedStateOf,
} from "#app/domain/site/licensed-states.ts";
import { messages } from "#app/domain/site/messages.ts";
import type { Toast } from "#app/domain/site/toast.ts";
import { stepPath } from "#app/domain/wizard/wizard-screens.ts";
import { getAgency } from "#app/server/agency-settings.server.ts";
import { logger } from "#app/server/logger.server.ts";
import { getServices } from "#app/server/services.server.ts";
import { noteStateWaitlist } from "#app/server/wizard/state-waitlist.server.ts";
import { getDraft } from "#app/server/wizard/wizard-drafts.server.ts";

import type { Route } from "./+types/not-licensed";

export const meta: Route.MetaFunction = () =>
  ui.wizardMeta("Get a quote: we can't help in your state yet");

/** The page's answer when the draft cannot be read: the spec's error, never step 1. */
const DATABASE_UNAVAILABLE = { reason: "database-unavailable" } as const;

/**
 * The state this browser's draft names, when the agency does not serve it (decision 031), and
 * whether this browser saved an application before its state was changed to it; any other visitor
 * goes to step 1, where the state is asked. Undefined when the draft cannot be read.
 */
async function unservedState({ request, context }: Route.LoaderArgs | Route.ActionArgs) {
  const handle = await getDraft(getServices(context), request);
  if (handle.unavailable) return undefined;
  const state = unservedStateOf(getAgency(context), handle.draft);
  if (!state) throw redirect(stepPath("industry-and-state"));
  return { state, applied: handle.draft.submission !== undefined };
}

/**
 * Where the wizard stops for a business in a state the agency holds no licence in: the state, the
 * states it serves, and the agency's name.
 */
export async function loader(args: Route.LoaderArgs) {
  const unserved = await unservedState(args);
  if (!unserved) throw data(DATABASE_UNAVAILABLE, { status: 503 });
  const agency = getAgency(args.context);
  return { ...unserved, served: servedStates(agency), agencyName: agency.name };
}

/**
 * Notes an address to tell when the agency can help in the draft's state (never the form's). The
 * answer is the same whether the address was noted now or was on the list already: the page tells
 * nothing about an address. A failed save
 * answers with the spec's error toast and keeps what was typed.
 */
export async function action(args: Route.ActionArgs) {
  const formData = await args.request.formData();
  const unserved = await unservedState(args);
  const submission = parseForm(formData, stateWaitlistSchema);
  if (submission.status !== "success") {
    return data({ result: submission.reply(), noted: false, toast: null }, { status: 400 });
  }
  const services = getServices(args.context);
  try {
    if (!unserved) throw new Error("The draft could not be read");
    const { state } = unserved;
    await noteStateWaitlist(services.database.db, { email: submission.value.email, state });
  } catch (error) {
    logger.error({ err: error }, "state waitlist: address not noted");
    const toast: Toast = { kind: "error", message: messages.saveFailed };
    return data(
      { result: submission.reply({ formErrors: [messages.saveFailed] }), noted: false, toast },
      { status: 503 },
    );
  }
  return { result: submission.reply({ resetForm: true }), noted: true, toast: null };
}

export default function NotLicensed({ loaderData, actionData }: Route.ComponentProps) {
  const { state, applied, served, agencyName } = loaderData;
  const [form, fields] = ui.useStepForm<{ email: string }>(stateWaitlistSchema, {
    id: "state-waitlist",
    lastResult: actionData?.result,
  });
  const sending = ui.useContinuing();

  return (
    <ui.StepFrame
      step="industry-and-state"
      title={`We can't help with a business in ${state} yet`}
      toasts={[actionData?.toast]}
    >
      <p className="text-ink">
        An insurance agency may only arrange insurance in the states where it holds a licence.{" "}
        {agencyName}, the agency behind this site, does not hold one in {state} yet, so we can't
        take an application or make a coverage plan for a business there.
        {applied
          ? " What you saved before you chose this state stays with the agency, which may contact you about it."
          : " Nothing you told us has been sent as an application."}
      </p>

      <h2 id="served-states-heading" className="mt-8 text-lg font-semibold text-ink">
        The states we serve
      </h2>
      <p className="mt-1 text-muted">
        We can help businesses in {served.length === 1 ? "one state" : `${served.length} states`}:
      </p>
      <ul
        aria-labelledby="served-states-heading"
        className="mt-2 grid grid-cols-2 gap-x-4 gap-y-1 text-ink sm:grid-cols-3"
      >
        {served.map((name) => (
          <li key={name} className="list-inside list-disc">
            {name}
          </li>
        ))}
      </ul>
      <p className="mt-4 text-ink">
        Is your business in {served.length === 1 ? "that state" : "one of them"}?{" "}
        <a href={stepPath("industry-and-state")} className="font-semibold text-brand-700 underline">
          Choose your state again
        </a>
      </p>

      <h2 id="state-waitlist-heading" className="mt-8 text-lg font-semibold text-ink">
        Hear when we can help in {state}
      </h2>
      {actionData?.noted ? (
        <p
          role="status"
          className="mt-3 rounded-lg border border-green-300 bg-green-50 px-4 py-3 font-medium text-green-900"
        >
          Thank you. We&apos;ll email you when we can help in {state}.
        </p>
      ) : null}
      <Form
        method="post"
        {...getFormProps(form)}
        aria-labelledby="state-waitlist-heading"
        className="relative mt-3"
      >
        <label htmlFor={fields.email.id} className={ui.labelClass}>
          Your email address
        </label>
        <input
          {...getInputProps(fields.email, { type: "email" })}
          key={fields.email.key}
          autoComplete="email"
          maxLength={EMAIL_MAX_LENGTH}
          aria-describedby={
            fields.email.errors
              ? `${fields.email.errorId} state-waitlist-use`
              : "state-waitlist-use"
          }
          className={ui.inputClass}
        />
        <ui.FieldError id={fields.email.errorId} errors={fields.email.errors} />
        <p id="state-waitlist-use" className="mt-2 text-sm text-muted">
          We keep this address, the state and when you asked, to send you that one email. We
          won&apos;t add you to any other list, and you won&apos;t hear from us otherwise.
        </p>
        <HoneypotField />
        <button
          type="submit"
          disabled={sending}
          aria-busy={sending || undefined}
          className="mt-6 rounded-lg bg-brand-700 px-6 py-3 font-semibold text-white hover:bg-brand-800 disabled:cursor-not-allowed disabled:bg-slate-300 disabled:text-slate-700 max-sm:w-full"
        >
          {sending ? "Sending..." : "Email me when you can help"}
        </button>
      </Form>
    </ui.StepFrame>
  );
}
