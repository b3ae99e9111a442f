import {
  useForm,
  type DefaultValue,
  type Submission,
  type SubmissionResult,
} from "@conform-to/react";
import { anyForm, parseForm } from "#app/domain/form-submission.ts";
import type { z } from "#app/domain/zod.ts";

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
      const back =
        submitter instanceof HTMLButtonElement &&
        submitter.name === "intent" &&
        submitter.value === "back";
      // Back posts whatever is there, unchecked (the server keeps it as typed). Conform reads only
      // the fields' errors from the submission, so its value type is not relied on.
      return parseForm(formData, back ? anyForm : schema) as Submission<Shape>;
    },
  });
}

/**
 * A field's value as the form first shows it, as text. What was posted may repeat a field (a
 * tampered or bot form), which Conform gives back as a list: that shows as nothing.
 */
export function initialText(value: unknown): string {
  return typeof value === "string" ? value : "";
}
