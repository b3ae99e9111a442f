import { getFormProps, getInputProps } from "@conform-to/react";
import { data, Form, redirect, type RouterContextProvider } from "react-router";

import { HoneypotField } from "#app/components/honeypot-field.tsx";
import * as ui from "#app/components/wizard/step-screen.ts";
import { EMAIL_MAX_LENGTH } from "#app/domain/values/fields.ts";
import { parseForm } from "#app/domain/values/form-submission.ts";
import {
  servedStates,
  stateWaitlistSchema,
  unservedStateOf,
} from "#app/domain/site/licensed-states.ts";
import { dayIn } from "#app/domain/values/time-zones.ts";
import type { Message } from "#app/domain/site/locales.ts";
import { linkPath } from "#app/domain/site/site-pages.ts";
import { stateChoices, stateName } from "#app/domain/reference/state-names.ts";
import { useLocale } from "#app/hooks/use-locale.ts";
import { m } from "#app/paraglide/messages.js";
import { requestLocale } from "#app/server/http/site-languages.server.ts";
import type { Toast } from "#app/domain/site/toast.ts";
import { stepPath } from "#app/domain/wizard/wizard-screens.ts";
import { getAgency } from "#app/server/http/agency-settings.server.ts";
import { logger } from "#app/server/logger.server.ts";
import { getServices } from "#app/server/services.server.ts";
import { noteStateWaitlist } from "#app/server/wizard/state-waitlist.server.ts";
import { getDraft } from "#app/server/wizard/wizard-drafts.server.ts";

import type { RouteHandle } from "#app/root.tsx";

import type { Route } from "./+types/not-licensed";

/** A screen whose forms are checked as they are typed: it ships React (decision 077). */
export const handle: RouteHandle = { hydrate: true };

export const meta: Route.MetaFunction = (args) =>
  ui.localizedWizardMeta(args, m.notlicensed_meta_title);

/** The page's answer when the draft cannot be read: the spec's error, never step 1. */
const DATABASE_UNAVAILABLE = { reason: "database-unavailable" } as const;

/** The day at the agency (AGENCY_TIME_ZONE): an expired licence closes its state from the next. */
function agencyDay(context: Readonly<RouterContextProvider>): string {
  return dayIn(new Date(), getServices(context).env.AGENCY_TIME_ZONE);
}

/**
 * The state this browser's draft names, when the agency does not serve it (decision 031), and
 * whether this browser saved an application before its state was changed to it; any other visitor
 * goes to step 1, where the state is asked. Undefined when the draft cannot be read.
 */
async function unservedState({ request, context }: Route.LoaderArgs | Route.ActionArgs) {
  const handle = await getDraft(getServices(context), request);
  if (handle.unavailable) return undefined;
  const state = unservedStateOf(getAgency(context), handle.draft, agencyDay(context));
  if (!state) throw redirect(linkPath(stepPath("industry-and-state"), requestLocale(request)));
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
  // The states by their names in the page's language, in its alphabetical order.
  const locale = requestLocale(args.request);
  const served = new Set<string>(servedStates(agency, agencyDay(args.context)));
  return {
    applied: unserved.applied,
    state: stateName(unserved.state, locale),
    served: stateChoices(locale)
      .filter((choice) => served.has(choice.value))
      .map((choice) => choice.name),
    agencyName: agency.name,
  };
}

/**
 * Notes an address to tell when the agency can help in the draft's state (never the form's). The
 * answer is the same whether the address was noted now or was on the list already: the page tells
 * nothing about an address. A failed save
 * answers with the spec's error toast and keeps what was typed.
 */
export async function action(args: Route.ActionArgs) {
  const formData = await args.request.formData();
  const locale = requestLocale(args.request);
  const unserved = await unservedState(args);
  const submission = parseForm(formData, stateWaitlistSchema(locale));
  if (submission.status !== "success") {
    return data({ result: submission.reply(), noted: false, toast: null }, { status: 400 });
  }
  const services = getServices(args.context);
  try {
    if (!unserved) throw new Error("The draft could not be read");
    const { state } = unserved;
    await noteStateWaitlist(services.database.db, {
      email: submission.value.email,
      state,
      language: locale,
    });
  } catch (error) {
    logger.error({ err: error }, "state waitlist: address not noted");
    const failed = m.error_save_failed({}, { locale });
    const toast: Toast = { kind: "error", message: failed };
    return data(
      { result: submission.reply({ formErrors: [failed] }), noted: false, toast },
      { status: 503 },
    );
  }
  return { result: submission.reply({ resetForm: true }), noted: true, toast: null };
}

export default function NotLicensed({ loaderData, actionData }: Route.ComponentProps) {
  const { state, applied, served, agencyName } = loaderData;
  const locale = useLocale();
  const say = (message: Message) => message({}, { locale });
  const [form, fields] = ui.useStepForm<{ email: string }>(stateWaitlistSchema(locale), {
    id: "state-waitlist",
    lastResult: actionData?.result,
  });
  const sending = ui.useContinuing();

  return (
    <ui.StepFrame
      step="industry-and-state"
      title={m.notlicensed_title({ state }, { locale })}
      toasts={[actionData?.toast]}
    >
      <p className="text-ink">
        {m.notlicensed_why({ agency: agencyName, state }, { locale })}{" "}
        {say(applied ? m.notlicensed_applied : m.notlicensed_not_applied)}
      </p>

      <h2 id="served-states-heading" className="mt-8 text-lg font-semibold text-ink">
        {say(m.notlicensed_served_heading)}
      </h2>
      <p className="mt-1 text-muted">
        {served.length === 1
          ? say(m.notlicensed_served_one)
          : m.notlicensed_served_many({ count: served.length }, { locale })}
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
        {say(served.length === 1 ? m.notlicensed_yours_one : m.notlicensed_yours_many)}{" "}
        <a
          href={linkPath(stepPath("industry-and-state"), locale)}
          className="font-semibold text-brand-700 underline"
        >
          {say(m.notlicensed_choose_again)}
        </a>
      </p>

      <h2 id="state-waitlist-heading" className="mt-8 text-lg font-semibold text-ink">
        {m.notlicensed_hear_heading({ state }, { locale })}
      </h2>
      {actionData?.noted ? (
        <p
          role="status"
          className="mt-3 rounded-lg border border-green-300 bg-green-50 px-4 py-3 font-medium text-green-900"
        >
          {m.notlicensed_noted({ state }, { locale })}
        </p>
      ) : null}
      <Form
        method="post"
        {...getFormProps(form)}
        aria-labelledby="state-waitlist-heading"
        className="relative mt-3"
      >
        <label htmlFor={fields.email.id} className={ui.labelClass}>
          {say(m.notlicensed_email_label)}
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
          {say(m.notlicensed_email_use)}
        </p>
        <HoneypotField />
        <button
          type="submit"
          disabled={sending}
          aria-busy={sending || undefined}
          className="mt-6 rounded-lg bg-brand-700 px-6 py-3 font-semibold text-white hover:bg-brand-800 disabled:cursor-not-allowed disabled:bg-slate-300 disabled:text-slate-700 max-sm:w-full"
        >
          {say(sending ? m.notlicensed_sending : m.notlicensed_submit)}
        </button>
      </Form>
    </ui.StepFrame>
  );
}
