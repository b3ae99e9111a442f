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
import { continueHint, maxSegments } from "#app/domain/site/messages.ts";
import { useLocale } from "#app/hooks/use-locale.ts";
import { m } from "#app/paraglide/messages.js";
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

import type { RouteHandle } from "#app/root.tsx";

import type { Route } from "./+types/segments";

/** A screen whose forms are checked as they are typed: it ships React (decision 077). */
export const handle: RouteHandle = { hydrate: true };

export const meta: Route.MetaFunction = (args) =>
  ui.localizedWizardMeta(args, m.wizard_segments_meta_title);

export const loader = stepLoader(STEPS.segments);
export const action = stepAction(STEPS.segments);

export default function Segments({ loaderData, actionData }: Route.ComponentProps) {
  const industry = getIndustry(loaderData.industryId);
  const locale = useLocale();
  // Each segment's name in the page's language (the loader's), the form sending the stored name.
  const nameOf = (segment: string) => loaderData.segmentNames[segment] ?? segment;
  const [form, fields] = ui.useStepForm<{
    segments: string[];
    segment: string;
    searchQuery: string;
    naicsCode: string;
  }>(segmentsSchema(industry, locale), {
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
    matchesSegmentFilter(nameOf(segment), filter) || selected.includes(segment);
  const [refusal, setRefusal] = useState<Toast | undefined>();

  // Section 5's rule for Continue is that something would be sent on as segments.
  const canContinue = segmentsToSend(industry, { selected, searchQuery }).length > 0;

  const multiple = industry.selection === "multiple";
  const heading = SEGMENTS_HEADINGS[industry.id]({}, { locale });
  const chooseUpTo = m.wizard_segments_choose_up_to({ max: MAX_SEGMENTS }, { locale });
  const full = multiple && selected.length >= MAX_SEGMENTS;
  // Checkboxes send `segments`, radio buttons `segment` (the schema reads each as the industry asks).
  const listField = multiple ? fields.segments : fields.segment;
  const listError = fields.segments.errors ?? fields.segment.errors;

  return (
    <ui.StepFrame
      step="segments"
      title={heading}
      intro={multiple ? <p>{chooseUpTo}</p> : undefined}
      toasts={[actionData?.toast, refusal]}
    >
      <Form method="post" {...getFormProps(form)}>
        {hasSegmentFilter(industry) ? (
          <SegmentFilter
            id={filterId}
            total={industry.segments.length}
            matching={
              industry.segments.filter((segment) => matchesSegmentFilter(nameOf(segment), filter))
                .length
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
                ? `${heading} ${chooseUpTo}`
                : industry.selection === "single"
                  ? m.wizard_segments_main_service({}, { locale })
                  : m.wizard_segments_choose_profession({}, { locale })}
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
                          setRefusal({ kind: "error", message: maxSegments(locale) });
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
                    <span>{nameOf(segment)}</span>
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
                ? m.wizard_segments_find_yours({}, { locale })
                : m.wizard_segments_type_yours({}, { locale })}
            </label>
            {industry.selection === "single-with-search" ? (
              <p id={`${fields.searchQuery.id}-hint`} className="mt-1 text-sm text-muted">
                {m.wizard_segments_typed_wins({}, { locale })}
              </p>
            ) : null}
            <input
              {...getInputProps(fields.searchQuery, { type: "search" })}
              key={fields.searchQuery.key}
              maxLength={TEXT_LIMITS.segmentText}
              placeholder={
                industry.selection === "free-text"
                  ? m.wizard_segments_example_other({}, { locale })
                  : m.wizard_segments_example_offices({}, { locale })
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
          continueHint={continueHint(industry.selection, locale)}
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
  const locale = useLocale();
  return (
    <div className="js-only mb-5">
      <label htmlFor={id} className={ui.labelClass}>
        {m.wizard_segments_filter({}, { locale })}
      </label>
      <input
        id={id}
        type="search"
        defaultValue=""
        autoComplete="off"
        maxLength={TEXT_LIMITS.segmentText}
        placeholder={m.wizard_segments_filter_placeholder({}, { locale })}
        aria-describedby={statusId}
        onChange={(event) => onType(event.target.value)}
        className={ui.inputClass}
      />
      <p id={statusId} role="status" className="mt-2 min-h-5 text-sm text-muted">
        {words === ""
          ? ""
          : matching === 0
            ? m.wizard_segments_filter_none({ words, total }, { locale })
            : m.wizard_segments_filter_matching({ matching, total }, { locale })}
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
  const locale = useLocale();
  return (
    <fieldset className="mt-6" aria-describedby={errors ? errorId : undefined}>
      <legend className={ui.labelClass}>{m.wizard_segments_closest({ typed }, { locale })}</legend>
      <p className="mt-1 text-sm text-muted">
        {m.wizard_segments_closest_help({}, { locale })}
        {locale === "en" ? null : ` ${m.wizard_segments_closest_english({}, { locale })}`}
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
            {/* The Census Bureau's official titles, in English whatever the page's language. */}
            <span lang="en">{title}</span>
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
          <span>{m.wizard_segments_keep_words({}, { locale })}</span>
        </label>
      </div>
      <ui.FieldError id={errorId} errors={errors} />
    </fieldset>
  );
}
