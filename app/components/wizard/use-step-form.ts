import {
  useForm,
  type DefaultValue,
  type Submission,
  type SubmissionResult,
} from "@conform-to/react";
import { useEffect, useState } from "react";

import { anyForm, parseForm } from "#app/domain/values/form-submission.ts";
import { skipsChecks } from "#app/domain/wizard/wizard-screens.ts";
import type { z } from "#app/domain/values/zod.ts";

/**
 * A wizard step's form, whose fields are `Shape`'s keys: validated in the browser with the step's
 * schema (the server validates with the same one), first on blur, then as the visitor types. Back is
 * never held up by validation.
 */
export function useStepForm<Shape extends Record<string, unknown>>(
  schema: z.ZodMiniType,
  options: {
    id: string;
    lastResult: SubmissionResult<string[]> | undefined;
    defaultValue?: DefaultValue<Shape>;
  },
) {
  return useForm<Shape>({
    id: options.id,
    lastResult: options.lastResult,
    defaultValue: options.defaultValue,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate({ formData, submitter }) {
      const unchecked =
        submitter instanceof HTMLButtonElement &&
        submitter.name === "intent" &&
        skipsChecks(submitter.value);
      // Back and a switch of language post whatever is there, unchecked (the server keeps it as
      // typed). Conform reads only the fields' errors from the submission, so its value type is
      // not relied on.
      return parseForm(formData, unchecked ? anyForm : schema) as Submission<Shape>;
    },
  });
}

/**
 * A field's value as text: as the form first shows it, or as the page holds it at hydration.
 * What was posted may repeat a field (a tampered or bot form), which Conform gives back as a list,
 * and a form may hold a file or nothing: each of those reads as no text.
 */
export function initialText(value: unknown): string {
  return typeof value === "string" ? value : "";
}

/**
 * Calls `read` once, as React takes the page over, with what the form `formId` holds then (and the
 * form, for a control it does not send). The page works before its scripts arrive, so a visitor
 * may already have typed or chosen something; React keeps that in the page without telling the
 * component, whose state (which decides whether Continue is enabled) would otherwise still hold
 * what the server sent.
 */
export function useValuesEnteredBeforeHydration(
  formId: string,
  read: (values: FormData, form: HTMLFormElement) => void,
): void {
  useEffect(() => {
    const form = document.getElementById(formId);
    if (form instanceof HTMLFormElement) read(new FormData(form), form);
    // Once, at hydration: later changes reach the component through its own handlers.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}

/**
 * A text field's value as the visitor has it now (for enabling Continue): what the page showed,
 * then what they typed before the scripts arrived, then each change (call the setter on input).
 */
export function useFieldText(formId: string, name: string, shown: string) {
  const [text, setText] = useState(shown);
  useValuesEnteredBeforeHydration(formId, (values) => setText(initialText(values.get(name))));
  return [text, setText] as const;
}
