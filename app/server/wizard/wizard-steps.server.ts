import type { SubmissionResult } from "@conform-to/react";
import { anyForm, parseForm } from "#app/domain/form-submission.ts";
import { data, redirect, type RouterContextProvider } from "react-router";

import { messages } from "#app/domain/messages.ts";
import { withoutControlCharacters } from "#app/domain/text.ts";
import type { Toast } from "#app/domain/toast.ts";
import { previousStep, stepPath, type WizardDraft, type WizardStepId } from "#app/domain/wizard.ts";

import { clientAddressContext } from "../http/guards.server.ts";
import { logger } from "../logger.server.ts";
import { getServices } from "../services.server.ts";
import { wizardWriter, type SubmissionWriter } from "./submission-history.server.ts";
import type { DraftHandle } from "./wizard-drafts.server.ts";

/** What a step's action answers when it does not move on: the form's state and a toast. */
export interface StepActionData {
  result?: SubmissionResult<string[]>;
  toast?: Toast;
  saved?: boolean;
}

/** Who is saving: this visitor's wizard session, for the submission's history (decision 013). */
export function writerOf(
  context: Readonly<RouterContextProvider>,
  handle: DraftHandle,
): SubmissionWriter {
  return wizardWriter(
    getServices(context).env.SESSION_SECRET,
    context.get(clientAddressContext),
    handle.id,
    handle.draft,
  );
}

/** Whether the form was sent with the Back button. */
export function isBack(formData: FormData): boolean {
  return formData.get("intent") === "back";
}

/**
 * A text field's value as typed, capped at `max` characters, for keeping what a visitor entered
 * when they leave a step with Back (nothing is checked then, but nothing unbounded is kept).
 */
export function typedText(formData: FormData, name: string, max: number): string | undefined {
  const value = formData.get(name);
  return typeof value === "string" ? withoutControlCharacters(value).slice(0, max) : undefined;
}

/**
 * Keeps the draft and goes to the previous step (Back). If the draft cannot be saved, the visitor
 * stays, with the spec's error toast and what they typed.
 */
export async function goBack(
  handle: DraftHandle,
  step: WizardStepId,
  draft: WizardDraft,
  formData: FormData,
): Promise<Response | ReturnType<typeof saveFailed>> {
  const previous = previousStep(step) ?? step;
  try {
    return redirect(stepPath(previous), { headers: { "Set-Cookie": await handle.save(draft) } });
  } catch (error) {
    return saveFailed(error, step, typedReply(formData));
  }
}

/** The form as posted, unchecked: for answering a failed save with what the visitor typed. */
export function typedReply(formData: FormData): SubmissionResult<string[]> {
  const typed = parseForm(formData, anyForm);
  return typed.reply({ formErrors: [messages.saveFailed] });
}

/** Keeps the draft and goes to `next`. */
export async function goTo(
  handle: DraftHandle,
  next: WizardStepId,
  draft: WizardDraft,
  headers: HeadersInit = {},
): Promise<Response> {
  const all = new Headers(headers);
  all.append("Set-Cookie", await handle.save(draft));
  return redirect(stepPath(next), { headers: all });
}

/** The answer to an invalid post: 400, with each field's message and what was typed. */
export function invalid(result: SubmissionResult<string[]>) {
  return data<StepActionData>({ result }, { status: 400 });
}

/**
 * The answer when the database failed: the spec's error toast, the visitor stays on the step with
 * what they typed, and the error is logged (without the visitor's data).
 */
export function saveFailed(
  error: unknown,
  step: WizardStepId,
  result?: SubmissionResult<string[]>,
) {
  logger.error({ err: error, step }, "wizard save failed");
  return data<StepActionData>(
    { result, toast: { kind: "error", message: messages.saveFailed } },
    { status: 503 },
  );
}
