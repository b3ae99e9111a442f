import { getFormProps, getInputProps } from "@conform-to/react";
import { useEffect, useState } from "react";
import { data, Form, redirect, useNavigate, type ShouldRevalidateFunction } from "react-router";

import { wizardMeta } from "#app/components/wizard/wizard-meta.ts";
import { parseForm } from "#app/domain/form-submission.ts";
import {
  choiceInputClass,
  choiceRowClass,
  FieldError,
  inputClass,
  labelClass,
  StepActions,
  StepFrame,
  useContinuing,
} from "#app/components/wizard/step-frame.tsx";
import {
  initialText,
  useStepForm,
  useValuesEnteredBeforeHydration,
} from "#app/components/wizard/use-step-form.ts";
import { messages } from "#app/domain/messages.ts";
import { OWNERSHIP_STRUCTURES } from "#app/domain/ownership.ts";
import { QUOTE_STEP_PATH } from "#app/domain/quote-request.ts";
import { site } from "#app/domain/site.ts";
import type { Toast } from "#app/domain/toast.ts";
import {
  ownershipSchema,
  savedSubmission,
  startYearSuggestions,
  toCompleteRecord,
} from "#app/domain/wizard.ts";
import { useHydrated } from "#app/hooks/use-hydrated.ts";
import { flashToast } from "#app/server/http/flash.server.ts";
import { countApplicationCompleted, countStepReached } from "#app/server/wizard/funnel.server.ts";
import { notifyCompletedApplication } from "#app/server/leads/lead-notifications.server.ts";
import { getServices } from "#app/server/services.server.ts";
import { saveCompleteSubmission } from "#app/server/wizard/submissions.server.ts";
import { requireEarlierSteps } from "#app/server/wizard/wizard-drafts.server.ts";
import {
  goBack,
  invalid,
  isBack,
  saveFailed,
  typedText,
  writerOf,
  type StepActionData,
} from "#app/server/wizard/wizard-steps.server.ts";

import type { Route } from "./+types/questionnaire-3";

export const meta: Route.MetaFunction = () => wizardMeta("Get a quote: your ownership structure");

export async function loader({ request, context }: Route.LoaderArgs) {
  const { draft } = await requireEarlierSteps(getServices(context), request, "questionnaire-3");
  await countStepReached(context, request, "questionnaire-3");
  return {
    ownershipStructure: draft.ownership?.ownershipStructure ?? "",
    startYear: draft.ownership?.startYear ?? "",
    thisYear: new Date().getFullYear(),
  };
}

/**
 * Saves every field to the submission the email step wrote (or a new one), keeps the completed
 * draft (the Quote step works from it) and goes to the Quote step (decision 017). A browser running
 * the app gets `saved` instead of a redirect, shows the spec's toast and moves on after the spec's
 * pause; without JavaScript the redirect goes at once and the Quote step shows the toast.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const services = getServices(context);
  const handle = await requireEarlierSteps(services, request, "questionnaire-3");
  const formData = await request.formData();
  if (isBack(formData)) {
    const ownership = {
      ownershipStructure: typedText(formData, "ownershipStructure", 100),
      startYear: typedText(formData, "startYear", 10),
    };
    return goBack(handle, "questionnaire-3", { ...handle.draft, ownership }, formData);
  }
  const submission = parseForm(formData, ownershipSchema(new Date().getFullYear()));
  if (submission.status !== "success") return invalid(submission.reply());
  const headers = new Headers();
  try {
    const record = toCompleteRecord(handle.draft, submission.value);
    const id = await saveCompleteSubmission(
      services.database.db,
      handle.draft.submission?.id,
      record,
      writerOf(context, handle),
    );
    const draft = {
      ...handle.draft,
      ownership: submission.value,
      submission: savedSubmission(handle.draft, id, record.email),
    };
    headers.append("Set-Cookie", await handle.save(draft));
    // After the save, and never failing it: the funnel's count and the agency's new-lead email.
    await countApplicationCompleted(context);
    await notifyCompletedApplication(services, id, record);
  } catch (error) {
    return saveFailed(error, "questionnaire-3", submission.reply());
  }
  const toast: Toast = { kind: "success", message: messages.applicationSaved };
  const fromApp = new URL(request.url).pathname.endsWith(".data");
  if (!fromApp) {
    headers.append("Set-Cookie", await flashToast(services.env, request, toast));
    throw redirect(QUOTE_STEP_PATH, { headers });
  }
  return data<StepActionData>({ saved: true, toast }, { headers });
}

/** Once saved, stay on the screen as it is for the toast instead of reloading it. */
export const shouldRevalidate: ShouldRevalidateFunction = ({
  actionResult,
  defaultShouldRevalidate,
}) => ((actionResult as StepActionData | undefined)?.saved ? false : defaultShouldRevalidate);

export default function Ownership({ loaderData, actionData }: Route.ComponentProps) {
  const stepData = actionData as StepActionData | undefined;
  const schema = ownershipSchema(loaderData.thisYear);
  const [form, fields] = useStepForm<{ ownershipStructure: string; startYear: string }>(schema, {
    id: "ownership",
    lastResult: stepData?.result,
    defaultValue: {
      ownershipStructure: loaderData.ownershipStructure,
      startYear: loaderData.startYear,
    },
  });
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const saving = useContinuing() || stepData?.saved === true;
  // What the form shows first: the draft, or what was just posted when the server refused it.
  const [ownershipStructure, setOwnershipStructure] = useState(
    initialText(fields.ownershipStructure.initialValue),
  );
  const [startYear, setStartYear] = useState(initialText(fields.startYear.initialValue));
  useValuesEnteredBeforeHydration(form.id, (values) => {
    setOwnershipStructure(initialText(values.get(fields.ownershipStructure.name)));
    setStartYear(initialText(values.get(fields.startYear.name)));
  });

  useEffect(() => {
    if (!stepData?.saved) return;
    const timer = setTimeout(() => void navigate(QUOTE_STEP_PATH), site.stepDelayMs);
    return () => clearTimeout(timer);
  }, [stepData, navigate]);

  const yearsId = `${fields.startYear.id}-years`;
  const ownershipError = fields.ownershipStructure.errors;

  return (
    <StepFrame
      step="questionnaire-3"
      title="About your ownership structure"
      toasts={[stepData?.toast]}
    >
      <Form method="post" {...getFormProps(form)}>
        <fieldset aria-describedby={ownershipError ? fields.ownershipStructure.errorId : undefined}>
          <legend className={labelClass}>How is your business owned?</legend>
          <div className="mt-3 grid gap-2 sm:grid-cols-2">
            {OWNERSHIP_STRUCTURES.map((structure) => (
              <label key={structure} className={choiceRowClass}>
                <input
                  type="radio"
                  name={fields.ownershipStructure.name}
                  value={structure}
                  defaultChecked={ownershipStructure === structure}
                  onChange={() => setOwnershipStructure(structure)}
                  className={choiceInputClass}
                />
                {structure}
              </label>
            ))}
          </div>
        </fieldset>
        <FieldError id={fields.ownershipStructure.errorId} errors={ownershipError} />

        <div className="mt-8">
          <label htmlFor={fields.startYear.id} className={labelClass}>
            What year did your business start?
          </label>
          <input
            {...getInputProps(fields.startYear, { type: "search" })}
            key={fields.startYear.key}
            list={yearsId}
            inputMode="numeric"
            maxLength={4}
            autoComplete="off"
            placeholder="Search for a year, e.g. 2015"
            onChange={(event) => setStartYear(event.target.value)}
            className={inputClass}
          />
          <datalist id={yearsId}>
            {startYearSuggestions(loaderData.thisYear).map((year) => (
              <option key={year} value={year} />
            ))}
          </datalist>
          <FieldError id={fields.startYear.errorId} errors={fields.startYear.errors} />
        </div>

        <StepActions
          continueDisabled={hydrated && !(ownershipStructure && startYear.trim())}
          continueHint={messages.continueHints.ownership}
          busy={saving}
          busyLabel="Saving..."
        />
      </Form>
    </StepFrame>
  );
}
