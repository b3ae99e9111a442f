import {
  getFormProps,
  getInputProps,
  getSelectProps,
  getTextareaProps,
  useForm,
  type FieldMetadata,
  type SubmissionResult,
} from "@conform-to/react";
import { data, Form, redirect } from "react-router";

import * as ui from "#app/components/wizard/step-screen.ts";
import { AgencyIdentity } from "#app/components/site/agency-identity.tsx";
import { HoneypotField } from "#app/components/honeypot-field.tsx";
import { PlanLineCard } from "#app/components/wizard/plan-line-card.tsx";
import {
  coveragePlan,
  planChanges,
  planChangesOf,
  planChangesQuery,
} from "#app/domain/quote/coverage-plan.ts";
import { REVENUE_BANDS, VEHICLE_USES } from "#app/domain/quote/answer-choices.ts";
import { parseForm } from "#app/domain/values/form-submission.ts";
import { isOpenQuoteStatus } from "#app/domain/leads/lead-desk.ts";
import { messages } from "#app/domain/site/messages.ts";
import {
  CONTACT_CHANNELS,
  latestStartDate,
  lineName,
  NOTE_MAX_LENGTH,
  optionalAnswersSchema,
  EMAILED_PARAM,
  QUOTE_REQUESTED_PATH,
  quoteConsentText,
  quoteMessages,
  quoteRequestSchema,
  toOptionalAnswers,
  usToday,
  withOptionalAnswers,
} from "#app/domain/quote/quote-request.ts";
import { QUOTE_STEP_PATH } from "#app/domain/wizard/wizard-screens.ts";
import type { Toast } from "#app/domain/site/toast.ts";
import type { z } from "#app/domain/values/zod.ts";
import { getAgency } from "#app/server/agency-settings.server.ts";
import { flashToast } from "#app/server/http/flash.server.ts";
import { logger } from "#app/server/logger.server.ts";
import { latestQuoteRequest } from "#app/server/wizard/quote-requests.server.ts";
import {
  requestQuotes,
  requireCompletedApplication,
  saveQuoteStepAnswers,
} from "#app/server/wizard/quote-step.server.ts";
import { getServices } from "#app/server/services.server.ts";
import { writerOf } from "#app/server/wizard/step-engine.server.ts";

import type { Route } from "./+types/quote";

export const meta: Route.MetaFunction = () => ui.wizardMeta("Your coverage plan");

/** The plan for this browser's completed application, the optional answers and any open request. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const services = getServices(context);
  const { submission, answers } = await requireCompletedApplication(services, request);
  const plan = coveragePlan(answers);
  // What the last "Update my plan" changed, as its redirect named it (only the plan's own lines).
  const changes = planChangesOf(new URL(request.url).searchParams);
  const latest = await latestQuoteRequest(services.database.db, submission.id);
  const open = latest && isOpenQuoteStatus(latest.status) ? latest : undefined;
  const today = usToday();
  return {
    leadName: submission.name ?? "",
    lines: plan.lines,
    changes: changes.changed.map((slug) => {
      const line = plan.lines.find((candidate) => candidate.slug === slug);
      return { slug, name: lineName(slug), recommendation: line?.recommendation };
    }),
    raised: changes.raised,
    optional: submission.optional,
    request: open
      ? {
          reference: open.reference,
          lines: open.lines,
          startDate: open.startDate,
          contactChannel: open.contactChannel,
          note: open.note ?? "",
        }
      : undefined,
    today,
    latest: latestStartDate(today),
    consentText: quoteConsentText(getAgency(context)),
  };
}

type QuoteActionData = {
  form: "answers" | "request";
  result: SubmissionResult<string[]>;
  toast?: Toast;
};

/**
 * Two forms: the optional answers (saved to the application; the plan is worked out again) and the
 * quote request (saved, confirmed by email, the agency told). Both go back to a page (a redirect),
 * so they work the same without JavaScript.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const services = getServices(context);
  const application = await requireCompletedApplication(services, request);
  const formData = await request.formData();
  const writer = writerOf(context, application.handle);

  if (formData.get("intent") === "answers") {
    const parsed = parseForm(formData, optionalAnswersSchema);
    if (parsed.status !== "success") {
      return data<QuoteActionData>({ form: "answers", result: parsed.reply() }, { status: 400 });
    }
    const optional = toOptionalAnswers(parsed.value);
    try {
      await saveQuoteStepAnswers(services, application.submission.id, optional, writer);
    } catch (error) {
      return failed(error, "answers", parsed.reply());
    }
    const toast: Toast = { kind: "success", message: quoteMessages.answersSaved };
    // Back where the visitor was, naming what changed in the plan (issue 26).
    const { answers } = application;
    const query = planChangesQuery(
      planChanges(coveragePlan(answers), coveragePlan(withOptionalAnswers(answers, optional))),
    );
    return redirect(`${QUOTE_STEP_PATH}${query}#sharpen`, {
      headers: { "Set-Cookie": await flashToast(services.env, request, toast) },
    });
  }

  const parsed = parseForm(formData, quoteRequestSchema(usToday()));
  if (parsed.status !== "success") {
    return data<QuoteActionData>({ form: "request", result: parsed.reply() }, { status: 400 });
  }
  let emailed: boolean;
  try {
    const consentText = quoteConsentText(getAgency(context));
    ({ emailed } = await requestQuotes(services, application, parsed.value, consentText, writer));
  } catch (error) {
    return failed(error, "request", parsed.reply());
  }
  // The page says a copy was emailed only when one was queued (not past the cap, not a repeat).
  return redirect(emailed ? `${QUOTE_REQUESTED_PATH}?${EMAILED_PARAM}=1` : QUOTE_REQUESTED_PATH);
}

function failed(error: unknown, form: QuoteActionData["form"], result: QuoteActionData["result"]) {
  logger.error({ err: error, step: "quote", form }, "quote step save failed");
  return data<QuoteActionData>(
    { form, result, toast: { kind: "error", message: messages.saveFailed } },
    { status: 503 },
  );
}

function VehiclesQuestion({ field }: { field: FieldMetadata<string> }) {
  const chosen = typeof field.initialValue === "string" ? field.initialValue : "";
  return (
    <fieldset className="mt-6" aria-describedby={field.errors ? field.errorId : undefined}>
      <legend className={ui.labelClass}>Does the business use vehicles for work?</legend>
      <div className="mt-2 grid gap-2">
        {VEHICLE_USES.map((use) => (
          <label key={use.id} className={ui.choiceRowClass}>
            <input
              type="radio"
              name={field.name}
              value={use.id}
              defaultChecked={chosen === use.id}
              className={ui.choiceInputClass}
            />
            {use.label}
          </label>
        ))}
      </div>
      <ui.FieldError id={field.errorId} errors={field.errors} />
    </fieldset>
  );
}

/**
 * One line of the plan. Lines graded "Worth considering" or "Not usually needed" fold to their
 * heading and grade, opened on demand (issue 26: on a phone the plan was about twelve screens).
 */
const numberInputClass = `${ui.inputClass} max-w-48`;

/**
 * The settings one of the screen's two forms shares with the other: its id, the server's answer to
 * it (not to the other), and checking with the server's schema, first on blur.
 */
function checkedAsOnTheServer<Schema extends z.ZodMiniType>(
  id: QuoteActionData["form"],
  actionData: QuoteActionData | undefined,
  schema: Schema,
) {
  return {
    id,
    lastResult: actionData?.form === id ? actionData.result : undefined,
    shouldValidate: "onBlur" as const,
    onValidate: ({ formData }: { formData: FormData }) => parseForm(formData, schema),
  };
}

export default function Quote({ loaderData, actionData }: Route.ComponentProps) {
  const { lines, optional, request, changes, raised } = loaderData;
  const busy = ui.useContinuing();
  const [answersForm, answers] = useForm({
    ...checkedAsOnTheServer("answers", actionData, optionalAnswersSchema),
    defaultValue: {
      fullTimeEmployees: optional.fullTimeEmployees?.toString() ?? "",
      partTimeEmployees: optional.partTimeEmployees?.toString() ?? "",
      annualRevenue: optional.annualRevenue?.toString() ?? "",
      revenueBand: optional.revenueBand ?? "",
      claimsInLast3Years:
        optional.claimsInLast3Years === null ? "" : optional.claimsInLast3Years ? "yes" : "no",
      currentlyInsured:
        optional.currentlyInsured === null ? "" : optional.currentlyInsured ? "yes" : "no",
      workingOwners: optional.workingOwners?.toString() ?? "",
      vehicles: optional.vehicles ?? "",
    },
  });
  const schema = quoteRequestSchema(loaderData.today);
  const [requestForm, fields] = useForm({
    ...checkedAsOnTheServer("request", actionData, schema),
    defaultValue: {
      // An open request's lines, and any line an update just raised to Recommended or Required.
      lines: request
        ? [...new Set([...request.lines, ...raised])]
        : lines.filter((line) => line.ticked).map((line) => line.slug),
      startDate: request?.startDate ?? "",
      contactChannel: request?.contactChannel ?? "email",
      note: request?.note ?? "",
    },
  });
  const tickedLines = new Set(
    (Array.isArray(fields.lines.initialValue) ? fields.lines.initialValue : []).filter(
      (value): value is string => typeof value === "string",
    ),
  );
  const chosenChannel =
    typeof fields.contactChannel.initialValue === "string"
      ? fields.contactChannel.initialValue
      : "email";

  function countField(field: typeof answers.fullTimeEmployees, label: string) {
    return (
      <div>
        <label htmlFor={field.id} className={ui.labelClass}>
          {label}
        </label>
        <input
          {...getInputProps(field, { type: "text" })}
          inputMode="numeric"
          maxLength={10}
          autoComplete="off"
          className={numberInputClass}
        />
        <ui.FieldError id={field.errorId} errors={field.errors} />
      </div>
    );
  }

  function yesNo(field: typeof answers.claimsInLast3Years, legend: string) {
    const chosen = typeof field.initialValue === "string" ? field.initialValue : "";
    return (
      <fieldset className="mt-6" aria-describedby={field.errors ? field.errorId : undefined}>
        <legend className={ui.labelClass}>{legend}</legend>
        <div className="mt-2 flex gap-3">
          {(["yes", "no"] as const).map((value) => (
            <label key={value} className={`${ui.choiceRowClass} min-w-28`}>
              <input
                type="radio"
                name={field.name}
                value={value}
                defaultChecked={chosen === value}
                className={ui.choiceInputClass}
              />
              {value === "yes" ? "Yes" : "No"}
            </label>
          ))}
        </div>
        <ui.FieldError id={field.errorId} errors={field.errors} />
      </fieldset>
    );
  }

  return (
    <ui.StepFrame
      step="quote"
      title="Your coverage plan"
      toasts={[actionData?.toast]}
      intro={
        <>
          <p>
            {loaderData.leadName ? `For ${loaderData.leadName}: ` : ""}what a business like yours
            usually needs and why, from your answers. The prices are published medians for similar
            businesses, not a quote: a licensed agent sends your quotes.
          </p>
        </>
      }
    >
      <section aria-labelledby="your-plan">
        <h2 id="your-plan" className="text-xl font-bold text-ink">
          What your business needs
        </h2>
        <p className="mt-1 text-sm">
          <a href="#request-quotes" className="font-semibold text-brand-700 underline">
            Go to Request quotes
          </a>
        </p>
        <ol className="mt-4 space-y-4">
          {lines.map((line) => (
            <PlanLineCard key={line.slug} line={line} />
          ))}
        </ol>
        {/* The agency's disclosure follows the plan it stands behind (issue 26). */}
        <AgencyIdentity className="mt-6 text-sm" />
      </section>

      <section aria-labelledby="sharpen" className="mt-10 border-t border-slate-200 pt-8">
        <h2 id="sharpen" className="text-xl font-bold text-ink">
          Sharpen your plan
        </h2>
        <p className="mt-1 text-muted">
          Optional. Your answers are saved to your application and the plan above is worked out
          again.
        </p>
        {changes.length > 0 ? (
          <div role="status" className="mt-3 rounded-lg border border-brand-200 bg-brand-50 p-3">
            <p className="font-semibold text-ink">Your plan changed:</p>
            <ul className="mt-1 list-inside list-disc text-ink">
              {changes.map((change) => (
                <li key={change.slug}>
                  {change.recommendation
                    ? `${change.name}: now ${change.recommendation}`
                    : `${change.name}: no longer in your plan`}
                </li>
              ))}
            </ul>
            <p className="mt-1 text-sm">
              <a href="#your-plan" className="font-semibold text-brand-700 underline">
                See your plan
              </a>
              {raised.length > 0 ? " The lines it raised are ticked below to be quoted." : ""}
            </p>
          </div>
        ) : null}
        <Form method="post" {...getFormProps(answersForm)} className="relative">
          <HoneypotField />
          <div className="mt-4 grid gap-4 sm:grid-cols-2">
            {countField(answers.fullTimeEmployees, "Full-time employees (not counting owners)")}
            {countField(answers.partTimeEmployees, "Part-time employees")}
            {countField(
              answers.workingOwners,
              "Owners, officers or LLC members who work in the business",
            )}
            <div>
              <label htmlFor={answers.revenueBand.id} className={ui.labelClass}>
                Annual revenue
              </label>
              <select {...getSelectProps(answers.revenueBand)} className={ui.inputClass}>
                <option value="">Choose a range</option>
                {REVENUE_BANDS.map((band) => (
                  <option key={band.id} value={band.id}>
                    {band.label}
                  </option>
                ))}
              </select>
              <ui.FieldError id={answers.revenueBand.errorId} errors={answers.revenueBand.errors} />
            </div>
            <div>
              <label htmlFor={answers.annualRevenue.id} className={ui.labelClass}>
                Or the amount, in dollars
              </label>
              <input
                {...getInputProps(answers.annualRevenue, { type: "text" })}
                inputMode="numeric"
                maxLength={20}
                autoComplete="off"
                className={numberInputClass}
              />
              <ui.FieldError
                id={answers.annualRevenue.errorId}
                errors={answers.annualRevenue.errors}
              />
            </div>
          </div>
          {yesNo(answers.claimsInLast3Years, "Any insurance claims in the last 3 years?")}
          {yesNo(answers.currentlyInsured, "Is the business insured now?")}
          <VehiclesQuestion field={answers.vehicles} />
          <button
            type="submit"
            name="intent"
            value="answers"
            disabled={busy}
            className="mt-6 rounded-lg border border-brand-700 px-5 py-3 font-semibold text-brand-700 hover:bg-brand-50"
          >
            Update my plan
          </button>
        </Form>
      </section>

      <section aria-labelledby="request-quotes" className="mt-10 border-t border-slate-200 pt-8">
        <h2 id="request-quotes" className="text-xl font-bold text-ink">
          Request quotes
        </h2>
        {request ? (
          <p className="mt-1 text-ink">
            You have asked for quotes already (reference {request.reference}). Sending this again
            updates that request.
          </p>
        ) : (
          <p className="mt-1 text-muted">
            Choose the lines you want quoted. A licensed agent reviews your application and sends
            your quotes.
          </p>
        )}
        <Form method="post" {...getFormProps(requestForm)} className="relative">
          <HoneypotField />
          <fieldset
            className="mt-4"
            aria-describedby={fields.lines.errors ? fields.lines.errorId : undefined}
          >
            <legend className={ui.labelClass}>Lines to quote</legend>
            <div className="mt-2 grid gap-2">
              {lines.map((line) => (
                // A raised line's box is made anew, so it shows ticked even after a script update.
                <label
                  key={raised.includes(line.slug) ? `${line.slug}-raised` : line.slug}
                  className={ui.choiceRowClass}
                >
                  <input
                    type="checkbox"
                    name={fields.lines.name}
                    value={line.slug}
                    defaultChecked={tickedLines.has(line.slug) || raised.includes(line.slug)}
                    className={ui.choiceInputClass}
                  />
                  <span>
                    {line.name}
                    <span className="block text-sm text-muted">{line.recommendation}</span>
                  </span>
                </label>
              ))}
            </div>
            <ui.FieldError id={fields.lines.errorId} errors={fields.lines.errors} />
          </fieldset>

          <div className="mt-6">
            <label htmlFor={fields.startDate.id} className={ui.labelClass}>
              Preferred start date
            </label>
            <input
              {...getInputProps(fields.startDate, { type: "date" })}
              min={loaderData.today}
              max={loaderData.latest}
              className={`${ui.inputClass} max-w-60`}
            />
            <ui.FieldError id={fields.startDate.errorId} errors={fields.startDate.errors} />
          </div>

          <fieldset
            className="mt-6"
            aria-describedby={
              fields.contactChannel.errors ? fields.contactChannel.errorId : undefined
            }
          >
            <legend className={ui.labelClass}>How should the agent contact you?</legend>
            <div className="mt-2 flex flex-wrap gap-3">
              {CONTACT_CHANNELS.map((channel) => (
                <label key={channel.id} className={`${ui.choiceRowClass} min-w-36`}>
                  <input
                    type="radio"
                    name={fields.contactChannel.name}
                    value={channel.id}
                    defaultChecked={chosenChannel === channel.id}
                    className={ui.choiceInputClass}
                  />
                  {channel.label}
                </label>
              ))}
            </div>
            <ui.FieldError
              id={fields.contactChannel.errorId}
              errors={fields.contactChannel.errors}
            />
          </fieldset>

          <div className="mt-6">
            <label htmlFor={fields.note.id} className={ui.labelClass}>
              Anything the agent should know? (optional)
            </label>
            <textarea
              {...getTextareaProps(fields.note)}
              maxLength={NOTE_MAX_LENGTH}
              rows={3}
              className={ui.inputClass}
            />
            <ui.FieldError id={fields.note.errorId} errors={fields.note.errors} />
          </div>

          <p className="mt-6 text-sm text-muted">{loaderData.consentText}</p>
          <button
            type="submit"
            name="intent"
            value="request"
            disabled={busy}
            aria-busy={busy || undefined}
            className="mt-4 w-full rounded-lg bg-brand-700 px-6 py-3 font-semibold text-white hover:bg-brand-800 disabled:cursor-not-allowed disabled:bg-slate-300 disabled:text-slate-700 sm:w-auto"
          >
            Request my quotes
          </button>
        </Form>
      </section>
    </ui.StepFrame>
  );
}
