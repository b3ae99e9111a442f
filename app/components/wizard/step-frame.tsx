import type { ReactNode } from "react";
import { useNavigation } from "react-router";

import { HoneypotField } from "#app/components/honeypot-field.tsx";
import type { WizardStepId } from "#app/domain/wizard.ts";

import { ProgressBar } from "./progress-bar.tsx";

/** One wizard screen: the progress bar, the screen's question as its heading, and its form. */
export function StepFrame({
  step,
  title,
  intro,
  children,
}: {
  step: WizardStepId;
  title: string;
  intro?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="mx-auto w-full max-w-2xl px-4 pt-8 pb-16 sm:pt-12">
      <ProgressBar step={step} />
      <div className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8">
        <h1 className="text-2xl font-bold tracking-tight text-ink sm:text-3xl">{title}</h1>
        {intro ? <div className="mt-2 text-muted">{intro}</div> : null}
        <div className="mt-6">{children}</div>
      </div>
    </div>
  );
}

/**
 * Continue and Back. Back submits the form with intent=back, so that what was entered is kept
 * (with JavaScript off too) without being checked.
 */
export function StepActions({
  back = true,
  continueDisabled = false,
  continueLabel = "Continue",
  busy = false,
  busyLabel = "Processing...",
}: {
  back?: boolean;
  continueDisabled?: boolean;
  continueLabel?: string;
  busy?: boolean;
  busyLabel?: string;
}) {
  // Continue comes first in the markup: pressing Enter in a field submits the form's first button.
  // Every step's form carries the honeypot here (decision 006).
  return (
    <div className="mt-8 flex flex-col gap-3 sm:flex-row-reverse sm:justify-between">
      <HoneypotField />
      <button
        type="submit"
        name="intent"
        value="continue"
        disabled={continueDisabled || busy}
        aria-busy={busy || undefined}
        className="rounded-lg bg-brand-700 px-6 py-3 font-semibold text-white hover:bg-brand-800 disabled:cursor-not-allowed disabled:bg-slate-300 disabled:text-slate-700"
      >
        {busy ? busyLabel : continueLabel}
      </button>
      {back ? (
        <button
          type="submit"
          name="intent"
          value="back"
          formNoValidate
          className="rounded-lg border border-slate-300 px-5 py-3 font-semibold text-ink hover:bg-slate-50"
        >
          Back
        </button>
      ) : null}
    </div>
  );
}

/** A field's error message, referenced by the field's aria-describedby. */
export function FieldError({ id, errors }: { id: string; errors: string[] | undefined }) {
  if (!errors?.length) return null;
  return (
    <p id={id} className="mt-2 text-sm font-medium text-red-700">
      {errors[0]}
    </p>
  );
}

export const inputClass =
  "mt-2 block w-full rounded-lg border border-slate-400 bg-white px-3 py-2.5 text-base text-ink placeholder:text-slate-500 aria-[invalid=true]:border-red-600";
export const labelClass = "block font-semibold text-ink";

/** Whether this step's Continue is on its way to the server (Back does not count). */
export function useContinuing(): boolean {
  const navigation = useNavigation();
  return (
    navigation.state !== "idle" &&
    navigation.formMethod === "POST" &&
    navigation.formData?.get("intent") !== "back"
  );
}
