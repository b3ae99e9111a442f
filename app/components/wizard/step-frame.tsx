import { useId, useRef, type MouseEvent, type ReactNode } from "react";
import { useNavigation, useRouteLoaderData } from "react-router";

import { HoneypotField } from "#app/components/honeypot-field.tsx";
import { slot, withSlots } from "#app/components/ui/message-slots.tsx";
import { LANGUAGE_NAMES, type Message } from "#app/domain/site/locales.ts";
import type { RootData } from "#app/domain/site/root-data.ts";
import { languageIntent, skipsChecks, STEP_INTENTS } from "#app/domain/wizard/wizard-screens.ts";
import { linkPath } from "#app/domain/site/site-pages.ts";
import type { Toast } from "#app/domain/site/toast.ts";
import { useLocale } from "#app/hooks/use-locale.ts";
import { m } from "#app/paraglide/messages.js";
import {
  CONFIRMATION_ID,
  type ApplicationStage,
  type WizardScreen,
} from "#app/domain/wizard/wizard-screens.ts";

import { ProgressBar } from "#app/components/wizard/progress-bar.tsx";
import { StepToasts } from "#app/components/wizard/step-toasts.tsx";
import { useFocusOnArrival } from "#app/components/wizard/use-focus-on-arrival.ts";

/**
 * One wizard screen: the progress bar, the screen's toasts, and a card with the screen's question
 * as its heading and its form. The toasts sit between the progress bar and the card, in the flow
 * of the page: they never cover either, and the heading (focused when the screen arrives) comes
 * after them, so that the next Tab goes into the form. What a form just confirmed
 * (`confirmation`) comes first in the card instead and takes the focus, at the top of the
 * viewport (decision 055): with JavaScript by moving the focus to it, without by the address's
 * fragment (CONFIRMATION_ID), which the redirect after the post names.
 */
export function StepFrame({
  step,
  stage,
  title,
  intro,
  toasts = [],
  width = "narrow",
  confirmation,
  children,
}: {
  step: WizardScreen;
  /** How far the application has gone, for a screen that shows where the customer is. */
  stage?: ApplicationStage;
  /** A screen that compares things side by side (the quotes) takes a wide screen's width. */
  width?: "narrow" | "wide";
  title: string;
  intro?: ReactNode;
  /** The screen's own toasts (its action's, one it raised); the layout's flashed one is added. */
  toasts?: Array<Toast | undefined | null>;
  /** What the form just posted confirms (a request to bind, a document sent, ...), if anything. */
  confirmation?: ReactNode;
  children: ReactNode;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  const confirmed = useRef<HTMLParagraphElement>(null);
  useFocusOnArrival(confirmation ? confirmed : heading, Boolean(confirmation));
  return (
    <div
      className={`mx-auto w-full ${width === "wide" ? "max-w-6xl" : "max-w-2xl"} px-4 pt-8 pb-16 sm:pt-12`}
    >
      <ProgressBar step={step} stage={stage} />
      <StepToasts toasts={toasts} />
      <div className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8">
        {confirmation ? (
          <p
            id={CONFIRMATION_ID}
            ref={confirmed}
            tabIndex={-1}
            role="status"
            className="mb-6 rounded-xl border border-emerald-300 bg-emerald-50 p-4 font-medium text-ink focus:outline-2 focus:outline-offset-2 focus:outline-brand-700"
          >
            {confirmation}
          </p>
        ) : null}
        <h1
          ref={heading}
          tabIndex={-1}
          className="text-2xl font-bold tracking-tight text-ink focus:outline-none sm:text-3xl"
        >
          {title}
        </h1>
        {intro ? <div className="mt-2 text-muted">{intro}</div> : null}
        <div className="mt-6">{children}</div>
      </div>
    </div>
  );
}

/**
 * Back and Continue, in that order on every screen width, so that Tab meets them in the order the
 * eye does. Back submits the form with intent=back, so that what was entered is kept (with
 * JavaScript off too) without being checked. While Continue is disabled, `continueHint` says
 * what it waits for, next to it and as its description.
 */
export function StepActions({
  back = true,
  continueDisabled = false,
  continueHint,
  continueLabel,
  busy = false,
  busyLabel,
}: {
  back?: boolean;
  continueDisabled?: boolean;
  continueHint?: string;
  continueLabel?: string;
  busy?: boolean;
  busyLabel?: string;
}) {
  const hintId = useId();
  const locale = useLocale();
  const showHint = continueDisabled && !busy && Boolean(continueHint);
  // Enter in a field submits with the form's first submit button, which would be Back: this
  // hidden copy of Continue comes first, so Enter goes on, as it did when Continue came first.
  // Every step's form carries the honeypot here (decision 006).
  return (
    <div className="mt-8">
      <HoneypotField />
      <button
        type="submit"
        name="intent"
        value="continue"
        hidden
        disabled={continueDisabled || busy}
      />
      <div className="flex flex-wrap items-center gap-3">
        {back ? (
          <button
            type="submit"
            name="intent"
            value={STEP_INTENTS.back}
            formNoValidate
            onMouseDown={keepFocusWhereItIs}
            className="rounded-lg border border-slate-300 px-5 py-3 font-semibold text-ink hover:bg-slate-50"
          >
            {m.wizard_back({}, { locale })}
          </button>
        ) : null}
        <button
          type="submit"
          name="intent"
          value={STEP_INTENTS.continue}
          disabled={continueDisabled || busy}
          aria-busy={busy || undefined}
          aria-describedby={showHint ? hintId : undefined}
          className="ml-auto min-w-36 rounded-lg bg-brand-700 px-6 py-3 font-semibold text-white hover:bg-brand-800 disabled:cursor-not-allowed disabled:bg-slate-300 disabled:text-slate-700 max-sm:flex-1"
        >
          {busy
            ? (busyLabel ?? m.wizard_processing({}, { locale }))
            : (continueLabel ?? m.wizard_continue({}, { locale }))}
        </button>
      </div>
      {showHint ? (
        <p id={hintId} className="mt-2 text-right text-sm text-muted">
          {continueHint}
        </p>
      ) : null}
      <StepLanguageSwitch />
    </div>
  );
}

/**
 * For the buttons that send the form unchecked (Back, a switch of language): pressed with a
 * pointer, they leave the focus in the field, whose check on leaving would otherwise show its
 * message first and move the button from under the pointer before the click lands.
 */
function keepFocusWhereItIs(event: MouseEvent<HTMLButtonElement>) {
  event.preventDefault();
}

/**
 * The step in the site's other language, as a button of the step's form: what is typed is kept,
 * unchecked, as Back keeps it, before the same step opens in that language (with JavaScript or
 * without). The footer's link does the same on the wizard's other screens. Nothing while the site
 * speaks one language.
 */
function StepLanguageSwitch() {
  const locale = useLocale();
  const languages = useRouteLoaderData<RootData>("root")?.languages ?? [];
  const others = languages.filter((language) => language !== locale);
  if (others.length === 0) return null;
  return (
    <nav
      aria-label={m.chrome_language({}, { locale })}
      className="mt-6 flex flex-wrap justify-end gap-x-4 border-t border-slate-200 pt-4 text-sm"
    >
      {others.map((language) => (
        <button
          key={language}
          type="submit"
          name="intent"
          value={languageIntent(language)}
          formNoValidate
          onMouseDown={keepFocusWhereItIs}
          lang={language}
          className="font-medium text-brand-700 underline"
        >
          {LANGUAGE_NAMES[language]}
        </button>
      ))}
    </nav>
  );
}

/** A field's error message, referenced by the field's aria-describedby. */
export function FieldError({ id, errors }: { id: string; errors: string[] | undefined }) {
  if (!errors?.length) return null;
  return (
    <p id={id} data-field-error="" className="mt-2 text-sm font-medium text-red-700">
      {errors[0]}
    </p>
  );
}

export const inputClass =
  "mt-2 block w-full rounded-lg border border-slate-400 bg-white px-3 py-2.5 text-base text-ink placeholder:text-slate-500 aria-[invalid=true]:border-red-600";
export const labelClass = "block font-semibold text-ink";

/**
 * A checkbox or radio button's row: the whole row is its label, so the whole row takes the click
 * (at least 44 px high), and the box keeps its size however long the words beside it run.
 */
export const choiceRowClass =
  "flex min-h-11 cursor-pointer items-center gap-3 rounded-lg border border-slate-300 bg-white px-3 py-2.5 has-checked:border-brand-700 has-checked:bg-brand-50";
export const choiceInputClass = "size-5 shrink-0 accent-brand-700";

/** Whether this step's Continue is on its way to the server (Back does not count). */
export function useContinuing(): boolean {
  const navigation = useNavigation();
  return (
    navigation.state !== "idle" &&
    navigation.formMethod === "POST" &&
    !skipsChecks(navigation.formData?.get("intent"))
  );
}

/**
 * The agreement to the terms under a step's form: `lead` is the spec's words before the links
 * ("By clicking "Continue", you agree to our"), `end` what follows them.
 */
export function TermsAgreement({
  lead,
  end = "",
  margin = "mt-6",
}: {
  lead: Message;
  end?: string;
  margin?: string;
}) {
  const locale = useLocale();
  const link = (path: string, words: string) => (
    <a href={linkPath(path, locale)} className="font-medium text-brand-700 underline">
      {words}
    </a>
  );
  return (
    <p className={`${margin} text-sm text-muted`}>
      {withSlots(
        m.wizard_terms_agreement(
          { lead: lead({}, { locale }), terms: slot("terms"), privacy: slot("privacy"), end },
          { locale },
        ),
        {
          terms: link("/terms", m.wizard_terms_of_use({}, { locale })),
          privacy: link("/privacy", m.privacy_policy({}, { locale })),
        },
      )}
    </p>
  );
}
