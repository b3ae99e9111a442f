import { getFormProps, getInputProps } from "@conform-to/react";
import { useState } from "react";
import { data, Form } from "react-router";

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
} from "#app/components/wizard/step-frame.tsx";
import {
  initialText,
  useStepForm,
  useValuesEnteredBeforeHydration,
} from "#app/components/wizard/use-step-form.ts";
import {
  getIndustry,
  hasSegmentFilter,
  matchesSegmentFilter,
  MAX_SEGMENTS,
  type Industry,
} from "#app/domain/industries.ts";
import { messages } from "#app/domain/messages.ts";
import type { Toast } from "#app/domain/toast.ts";
import {
  draftIndustry,
  SEGMENTS_HEADINGS,
  segmentsSchema,
  segmentsToSend,
  TEXT_LIMITS,
  type WizardDraft,
} from "#app/domain/wizard.ts";
import { useHydrated } from "#app/hooks/use-hydrated.ts";
import { countStepReached } from "#app/server/wizard/funnel.server.ts";
import { getServices } from "#app/server/services.server.ts";
import { requireEarlierSteps } from "#app/server/wizard/wizard-drafts.server.ts";
import {
  goBack,
  goTo,
  invalid,
  isBack,
  saveFailed,
  typedReply,
  typedText,
  type StepActionData,
} from "#app/server/wizard/wizard-steps.server.ts";

import type { Route } from "./+types/segments";

export const meta: Route.MetaFunction = () => wizardMeta("Get a quote: your business");

/**
 * The draft's industry: requireEarlierSteps has made sure there is one, unless the database is out
 * of reach, when the step cannot be shown at all.
 */
function requireIndustry(draft: WizardDraft): Industry {
  const industry = draftIndustry(draft);
  if (!industry) throw data({ reason: "database-unavailable" }, { status: 503 });
  return industry;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { draft } = await requireEarlierSteps(getServices(context), request, "segments");
  await countStepReached(context, request, "segments");
  const industry = requireIndustry(draft);
  const segments = draft.segments ?? [];
  const searchQuery = draft.searchQuery ?? "";
  return {
    industryId: industry.id,
    // The list items chosen; for offices and other the typed text is kept apart.
    selected: segments.filter((segment) => industry.segments.includes(segment)),
    searchQuery,
  };
}

/** What the form holds, kept as typed when the visitor leaves with Back. */
function typedChoice(
  formData: FormData,
  industry: Industry,
): Pick<WizardDraft, "segments" | "searchQuery"> {
  const listed = [...formData.getAll("segments"), ...formData.getAll("segment")]
    .filter(
      (value): value is string => typeof value === "string" && industry.segments.includes(value),
    )
    .slice(0, MAX_SEGMENTS);
  const searchQuery = typedText(formData, "searchQuery", TEXT_LIMITS.segmentText) ?? "";
  const selection = industry.selection === "free-text" ? [] : listed;
  return {
    segments: segmentsToSend(industry, { selected: selection, searchQuery }),
    searchQuery,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const services = getServices(context);
  const handle = await requireEarlierSteps(services, request, "segments");
  const formData = await request.formData();
  if (handle.unavailable)
    return saveFailed(new Error("The draft is unavailable"), "segments", typedReply(formData));
  const industry = requireIndustry(handle.draft);
  if (isBack(formData)) {
    return goBack(
      handle,
      "segments",
      {
        ...handle.draft,
        ...typedChoice(formData, industry),
      },
      formData,
    );
  }
  const submission = parseForm(formData, segmentsSchema(industry));
  if (submission.status !== "success") return invalid(submission.reply());
  try {
    return await goTo(handle, "email", {
      ...handle.draft,
      ...submission.value,
    });
  } catch (error) {
    return saveFailed(error, "segments", submission.reply());
  }
}

export default function Segments({ loaderData, actionData }: Route.ComponentProps) {
  const industry = getIndustry(loaderData.industryId);
  const stepData = actionData as StepActionData | undefined;
  const [form, fields] = useStepForm<{
    segments: string[];
    segment: string;
    searchQuery: string;
  }>(segmentsSchema(industry), {
    id: `segments-${industry.id}`,
    lastResult: stepData?.result,
    defaultValue: {
      segments: loaderData.selected,
      segment: loaderData.selected[0],
      searchQuery: loaderData.searchQuery,
    },
  });
  const hydrated = useHydrated();
  // What the form shows first: the draft, or what was just posted when the server refused it.
  const initialList = fields.segments.initialValue ?? fields.segment.initialValue ?? [];
  const [selected, setSelected] = useState<string[]>(
    (Array.isArray(initialList) ? initialList : [initialList]).filter(
      (item): item is string => typeof item === "string",
    ),
  );
  const [searchQuery, setSearchQuery] = useState(initialText(fields.searchQuery.initialValue));
  // The filter box narrows the list on screen; the form never sends it.
  const [filter, setFilter] = useState("");
  const filterId = `${form.id}-filter`;
  useValuesEnteredBeforeHydration(form.id, (values, element) => {
    const chosen = [...values.getAll(fields.segments.name), ...values.getAll(fields.segment.name)];
    setSelected(chosen.filter((item): item is string => typeof item === "string"));
    setSearchQuery(initialText(values.get(fields.searchQuery.name)));
    const typed = element.querySelector(`#${filterId}`);
    if (typed instanceof HTMLInputElement) setFilter(typed.value);
  });
  // What is chosen stays in sight whatever the filter says.
  const shown = (segment: string) =>
    matchesSegmentFilter(segment, filter) || selected.includes(segment);
  const [refusal, setRefusal] = useState<Toast | undefined>();

  // Section 5's rule for Continue is that something would be sent on as segments.
  const canContinue = segmentsToSend(industry, { selected, searchQuery }).length > 0;

  const full = industry.selection === "multiple" && selected.length >= MAX_SEGMENTS;
  const listError = fields.segments.errors ?? fields.segment.errors;

  return (
    <StepFrame
      step="segments"
      title={SEGMENTS_HEADINGS[industry.id]}
      intro={industry.selection === "multiple" ? <p>Choose up to {MAX_SEGMENTS}.</p> : undefined}
      toasts={[stepData?.toast, refusal]}
    >
      <Form method="post" {...getFormProps(form)}>
        {hasSegmentFilter(industry) ? (
          <SegmentFilter
            id={filterId}
            total={industry.segments.length}
            matching={
              industry.segments.filter((segment) => matchesSegmentFilter(segment, filter)).length
            }
            typed={filter}
            onType={setFilter}
          />
        ) : null}
        {industry.selection === "multiple" ? (
          <fieldset aria-describedby={listError ? fields.segments.errorId : undefined}>
            <legend className="sr-only">
              {SEGMENTS_HEADINGS[industry.id]} Choose up to {MAX_SEGMENTS}.
            </legend>
            <div className="grid gap-2 sm:grid-cols-2">
              {industry.segments.map((segment) => {
                const checked = selected.includes(segment);
                const unavailable = full && !checked;
                return (
                  <label
                    key={segment}
                    hidden={!shown(segment)}
                    className={`${choiceRowClass} ${unavailable ? "cursor-not-allowed opacity-60" : ""}`}
                  >
                    <input
                      type="checkbox"
                      name={fields.segments.name}
                      value={segment}
                      defaultChecked={checked}
                      aria-disabled={unavailable || undefined}
                      onClick={(event) => {
                        if (unavailable) {
                          event.preventDefault();
                          setRefusal({
                            kind: "error",
                            message: messages.maxSegments,
                          });
                        }
                      }}
                      onChange={(event) => {
                        // React reports the refused click as a change too; the browser then
                        // unchecks the box, so the selection must not take it either.
                        if (unavailable) return;
                        setRefusal(undefined);
                        setSelected((current) =>
                          event.target.checked
                            ? [...current, segment]
                            : current.filter((item) => item !== segment),
                        );
                      }}
                      className={choiceInputClass}
                    />
                    <span>{segment}</span>
                  </label>
                );
              })}
            </div>
          </fieldset>
        ) : null}

        {industry.selection === "single" || industry.selection === "single-with-search" ? (
          <fieldset aria-describedby={listError ? fields.segment.errorId : undefined}>
            <legend
              className={
                industry.selection === "single" ? "mb-3 font-semibold text-ink" : "sr-only"
              }
            >
              {industry.selection === "single"
                ? "Select your main service:"
                : "Choose your profession"}
            </legend>
            <div className="grid gap-2 sm:grid-cols-2">
              {industry.segments.map((segment) => (
                <label key={segment} hidden={!shown(segment)} className={choiceRowClass}>
                  <input
                    type="radio"
                    name={fields.segment.name}
                    value={segment}
                    defaultChecked={selected[0] === segment}
                    onChange={() => setSelected([segment])}
                    className={choiceInputClass}
                  />
                  <span>{segment}</span>
                </label>
              ))}
            </div>
          </fieldset>
        ) : null}
        <FieldError
          id={industry.selection === "multiple" ? fields.segments.errorId : fields.segment.errorId}
          errors={listError}
        />

        {industry.selection === "single-with-search" || industry.selection === "free-text" ? (
          <div className={industry.selection === "single-with-search" ? "mt-6" : ""}>
            <label htmlFor={fields.searchQuery.id} className={labelClass}>
              {industry.selection === "free-text"
                ? "We insure 1000+ professions, let's find yours:"
                : "Don't see yours? Type your profession"}
            </label>
            {industry.selection === "single-with-search" ? (
              <p id={`${fields.searchQuery.id}-hint`} className="mt-1 text-sm text-muted">
                If you type a profession, we use it instead of the one selected above.
              </p>
            ) : null}
            <input
              {...getInputProps(fields.searchQuery, { type: "search" })}
              key={fields.searchQuery.key}
              maxLength={TEXT_LIMITS.segmentText}
              placeholder={
                industry.selection === "free-text"
                  ? "Example: Handyperson, Photographer"
                  : "Example: Architect, Marketing, etc"
              }
              aria-describedby={
                [
                  industry.selection === "single-with-search"
                    ? `${fields.searchQuery.id}-hint`
                    : "",
                  fields.searchQuery.errors ? fields.searchQuery.errorId : "",
                ]
                  .filter(Boolean)
                  .join(" ") || undefined
              }
              onChange={(event) => setSearchQuery(event.target.value)}
              className={inputClass}
            />
            <FieldError id={fields.searchQuery.errorId} errors={fields.searchQuery.errors} />
          </div>
        ) : null}

        <StepActions
          continueDisabled={hydrated && !canContinue}
          continueHint={messages.continueHints.segments[industry.selection]}
        />
      </Form>
    </StepFrame>
  );
}

/**
 * The box above a long list that narrows it as the visitor types. Without JavaScript it is not
 * shown (the `js-only` rule in app.css) and the whole list is there to scroll through; typed before
 * the page's scripts arrive, it applies once they have.
 */
function SegmentFilter({
  id,
  total,
  matching,
  typed,
  onType,
}: {
  id: string;
  total: number;
  matching: number;
  typed: string;
  onType: (typed: string) => void;
}) {
  const statusId = `${id}-status`;
  const words = typed.trim();
  return (
    <div className="js-only mb-5">
      <label htmlFor={id} className={labelClass}>
        Filter the list
      </label>
      <input
        id={id}
        type="search"
        defaultValue=""
        autoComplete="off"
        maxLength={TEXT_LIMITS.segmentText}
        placeholder="Type to narrow the list, e.g. roofing"
        aria-describedby={statusId}
        onChange={(event) => onType(event.target.value)}
        className={inputClass}
      />
      <p id={statusId} role="status" className="mt-2 min-h-5 text-sm text-muted">
        {words === ""
          ? ""
          : matching === 0
            ? `Nothing matches "${words}". Clear the filter to see all ${total}.`
            : `${matching} of ${total} match`}
      </p>
    </div>
  );
}
