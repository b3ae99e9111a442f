import { getFormProps, getInputProps } from "@conform-to/react";
import { useState } from "react";
import { Form } from "react-router";

import * as ui from "#app/components/wizard/step-screen.ts";
import {
  getIndustry,
  hasSegmentFilter,
  matchesSegmentFilter,
  MAX_SEGMENTS,
} from "#app/domain/reference/industries.ts";
import { messages } from "#app/domain/site/messages.ts";
import type { Toast } from "#app/domain/site/toast.ts";
import {
  NO_NAICS_CODE,
  SEGMENTS_HEADINGS,
  segmentsSchema,
  segmentsToSend,
} from "#app/domain/wizard/segment-choice.ts";
import { TEXT_LIMITS } from "#app/domain/wizard/wizard.ts";
import { STEPS } from "#app/domain/wizard/wizard-steps.ts";
import { stepAction, stepLoader } from "#app/server/wizard/step-engine.server.ts";

import type { Route } from "./+types/segments";

export const meta: Route.MetaFunction = () => ui.wizardMeta("Get a quote: your business");

export const loader = stepLoader(STEPS.segments);
export const action = stepAction(STEPS.segments);

export default function Segments({ loaderData, actionData }: Route.ComponentProps) {
  const industry = getIndustry(loaderData.industryId);
  const [form, fields] = ui.useStepForm<{
    segments: string[];
    segment: string;
    searchQuery: string;
    naicsCode: string;
  }>(segmentsSchema(industry), {
    id: `segments-${industry.id}`,
    lastResult: actionData?.result,
    defaultValue: {
      segments: loaderData.selected,
      segment: loaderData.selected[0],
      searchQuery: loaderData.searchQuery,
    },
  });
  const hydrated = ui.useHydrated();
  // What the form shows first: the draft, or what was just posted when the server refused it.
  const initialList = fields.segments.initialValue ?? fields.segment.initialValue ?? [];
  const [selected, setSelected] = useState<string[]>(
    (Array.isArray(initialList) ? initialList : [initialList]).filter(
      (item): item is string => typeof item === "string",
    ),
  );
  const [searchQuery, setSearchQuery] = useState(ui.initialText(fields.searchQuery.initialValue));
  // The filter box narrows the list on screen; the form never sends it.
  const [filter, setFilter] = useState("");
  const filterId = `${form.id}-filter`;
  ui.useValuesEnteredBeforeHydration(form.id, (values, element) => {
    const chosen = [...values.getAll(fields.segments.name), ...values.getAll(fields.segment.name)];
    setSelected(chosen.filter((item): item is string => typeof item === "string"));
    setSearchQuery(ui.initialText(values.get(fields.searchQuery.name)));
    const typed = element.querySelector(`#${filterId}`);
    if (typed instanceof HTMLInputElement) setFilter(typed.value);
  });
  // What is chosen stays in sight whatever the filter says.
  const shown = (segment: string) =>
    matchesSegmentFilter(segment, filter) || selected.includes(segment);
  const [refusal, setRefusal] = useState<Toast | undefined>();

  // Section 5's rule for Continue is that something would be sent on as segments.
  const canContinue = segmentsToSend(industry, { selected, searchQuery }).length > 0;

  const multiple = industry.selection === "multiple";
  const full = multiple && selected.length >= MAX_SEGMENTS;
  // Checkboxes send `segments`, radio buttons `segment` (the schema reads each as the industry asks).
  const listField = multiple ? fields.segments : fields.segment;
  const listError = fields.segments.errors ?? fields.segment.errors;

  return (
    <ui.StepFrame
      step="segments"
      title={SEGMENTS_HEADINGS[industry.id]}
      intro={industry.selection === "multiple" ? <p>Choose up to {MAX_SEGMENTS}.</p> : undefined}
      toasts={[actionData?.toast, refusal]}
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
        {industry.selection !== "free-text" ? (
          <fieldset aria-describedby={listError ? listField.errorId : undefined}>
            <legend
              className={
                industry.selection === "single" ? "mb-3 font-semibold text-ink" : "sr-only"
              }
            >
              {multiple
                ? `${SEGMENTS_HEADINGS[industry.id]} Choose up to ${MAX_SEGMENTS}.`
                : industry.selection === "single"
                  ? "Select your main service:"
                  : "Choose your profession"}
            </legend>
            <div className="grid gap-2 sm:grid-cols-2">
              {industry.segments.map((segment) => {
                const checked = multiple ? selected.includes(segment) : selected[0] === segment;
                const unavailable = multiple && full && !checked;
                return (
                  <label
                    key={segment}
                    hidden={!shown(segment)}
                    className={`${ui.choiceRowClass} ${unavailable ? "cursor-not-allowed opacity-60" : ""}`}
                  >
                    <input
                      type={multiple ? "checkbox" : "radio"}
                      name={listField.name}
                      value={segment}
                      defaultChecked={checked}
                      aria-disabled={unavailable || undefined}
                      onClick={(event) => {
                        if (unavailable) {
                          event.preventDefault();
                          setRefusal({ kind: "error", message: messages.maxSegments });
                        }
                      }}
                      onChange={(event) => {
                        // React reports the refused click as a change too; the browser then
                        // unchecks the box, so the selection must not take it either.
                        if (unavailable) return;
                        setRefusal(undefined);
                        setSelected((current) =>
                          !multiple
                            ? [segment]
                            : event.target.checked
                              ? [...current, segment]
                              : current.filter((item) => item !== segment),
                        );
                      }}
                      className={ui.choiceInputClass}
                    />
                    <span>{segment}</span>
                  </label>
                );
              })}
            </div>
          </fieldset>
        ) : null}
        <ui.FieldError id={listField.errorId} errors={listError} />

        {industry.selection === "single-with-search" || industry.selection === "free-text" ? (
          <div className={industry.selection === "single-with-search" ? "mt-6" : ""}>
            <label htmlFor={fields.searchQuery.id} className={ui.labelClass}>
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
              className={ui.inputClass}
            />
            <ui.FieldError id={fields.searchQuery.errorId} errors={fields.searchQuery.errors} />
          </div>
        ) : null}

        {loaderData.codes.length > 0 ? (
          <IndustryCodeChoice
            name={fields.naicsCode.name}
            typed={loaderData.searchQuery}
            codes={loaderData.codes}
            chosen={loaderData.naicsCode}
            errorId={fields.naicsCode.errorId}
            errors={fields.naicsCode.errors}
          />
        ) : null}

        <ui.StepActions
          continueDisabled={hydrated && !canContinue}
          continueHint={messages.continueHints.segments[industry.selection]}
        />
      </Form>
    </ui.StepFrame>
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
      <label htmlFor={id} className={ui.labelClass}>
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
        className={ui.inputClass}
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

/**
 * Other's closest industries for what the visitor typed (issue 17): picking one files the
 * application under its NAICS code; keeping their own words is always there. Shown after the text
 * was sent, so it works without JavaScript.
 */
function IndustryCodeChoice({
  name,
  typed,
  codes,
  chosen,
  errorId,
  errors,
}: {
  name: string;
  typed: string;
  codes: ReadonlyArray<{ code: string; title: string }>;
  chosen: string;
  errorId: string;
  errors: string[] | undefined;
}) {
  return (
    <fieldset className="mt-6" aria-describedby={errors ? errorId : undefined}>
      <legend className={ui.labelClass}>Which of these is closest to &quot;{typed}&quot;?</legend>
      <p className="mt-1 text-sm text-muted">
        It helps the agent file your application. You can keep your own words instead.
      </p>
      <div className="mt-3 grid gap-2">
        {codes.map(({ code, title }) => (
          <label key={code} className={ui.choiceRowClass}>
            <input
              type="radio"
              name={name}
              value={code}
              defaultChecked={chosen === code}
              className={ui.choiceInputClass}
            />
            <span>{title}</span>
          </label>
        ))}
        <label className={ui.choiceRowClass}>
          <input
            type="radio"
            name={name}
            value={NO_NAICS_CODE}
            defaultChecked={chosen === NO_NAICS_CODE || chosen === ""}
            className={ui.choiceInputClass}
          />
          <span>None of these: keep my own words</span>
        </label>
      </div>
      <ui.FieldError id={errorId} errors={errors} />
    </fieldset>
  );
}
