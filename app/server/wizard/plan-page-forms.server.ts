import type { SubmissionResult } from "@conform-to/react";

import {
  contractRequirementsSchema,
  toContractRequirements,
} from "#app/domain/quote/contract-requirements.ts";
import { coveragePlan, planChanges, planChangesQuery } from "#app/domain/quote/coverage-plan.ts";
import {
  EMAILED_PARAM,
  optionalAnswersSchema,
  PLAN_SAVED_PARAM,
  QUOTE_REQUESTED_PATH,
  quoteRequestSchema,
  type PlanSaved,
  toOptionalAnswers,
  usToday,
  withOptionalAnswers,
} from "#app/domain/quote/quote-request.ts";
import type { Locale } from "#app/domain/site/locales.ts";
import { linkPath } from "#app/domain/site/site-pages.ts";
import { m } from "#app/paraglide/messages.js";
import type { Toast } from "#app/domain/site/toast.ts";
import { parseForm } from "#app/domain/values/form-submission.ts";
import { confirmedPath, QUOTE_STEP_PATH } from "#app/domain/wizard/wizard-screens.ts";
import { logger } from "#app/server/logger.server.ts";
import type { AppServices } from "#app/server/services.server.ts";
import { saveContractRequirements } from "#app/server/wizard/contract-store.server.ts";
import {
  requestQuotes,
  saveQuoteStepAnswers,
  type CompletedApplication,
} from "#app/server/wizard/quote-step.server.ts";
import type { SubmissionWriter } from "#app/server/wizard/submission-history.server.ts";

/**
 * The coverage plan page's three forms (routes/wizard/quote.tsx): the optional answers (saved to
 * the application; the plan is worked out again), a contract's requirements (kept; the plan flags
 * what it asks for; decision 048) with their removal, and the quote request (saved, confirmed by
 * email, the agency told). Each ends at a page (a redirect), so they work the same without
 * JavaScript.
 */

/** A form sent back: which one, conform's reply (what was typed, each field's message), a toast. */
export interface PlanFormReply {
  form: "answers" | "request" | "contract";
  result: SubmissionResult<string[]>;
  toast?: Toast;
}

/** What the page does next: go on to `to` (with a toast to flash there), or show a form again. */
export type PlanPageAnswer =
  | { outcome: "done"; to: string; toast?: Toast }
  | { outcome: "refused"; reply: PlanFormReply; status: number };

/**
 * Who posts on the plan page: the app's services, their completed application, its writer, and
 * the language of the page posted from (its messages, and the pages it goes on to).
 */
export interface PlanPagePoster {
  services: AppServices;
  application: CompletedApplication;
  writer: SubmissionWriter;
  locale: Locale;
}

/** Works the form `poster` posted on the plan page. */
export async function workOnPlanPage(
  poster: PlanPagePoster,
  form: FormData,
  consentText: string,
): Promise<PlanPageAnswer> {
  const intent = form.get("intent");
  if (intent === "answers") return saveAnswers(poster, form);
  if (intent === "contract" || intent === "contract-remove") {
    return saveContract(poster, intent === "contract" ? form : undefined);
  }
  return requestTheQuotes(poster, form, consentText);
}

async function saveAnswers(
  { services, application, writer, locale }: PlanPagePoster,
  form: FormData,
): Promise<PlanPageAnswer> {
  const parsed = parseForm(form, optionalAnswersSchema(locale));
  if (parsed.status !== "success") return refused("answers", parsed.reply(), 400);
  const optional = toOptionalAnswers(parsed.value);
  try {
    await saveQuoteStepAnswers(services, application.submission.id, optional, writer);
  } catch (error) {
    return failed(error, "answers", parsed.reply(), locale);
  }
  // Back where the visitor was, naming what changed in the plan (issue 26).
  const { answers } = application;
  const query = planChangesQuery(
    planChanges(coveragePlan(answers), coveragePlan(withOptionalAnswers(answers, optional))),
  );
  // The page opens at its confirmation of the save, the changes named below it (decision 055).
  const saved = `${PLAN_SAVED_PARAM}=answers`;
  return {
    outcome: "done",
    to: linkPath(confirmedPath(`${QUOTE_STEP_PATH}${query ? `${query}&` : "?"}${saved}`), locale),
  };
}

/** A contract's requirements from `form`, or their removal when there is no form. */
async function saveContract(
  { services, application, writer, locale }: PlanPagePoster,
  form: FormData | undefined,
): Promise<PlanPageAnswer> {
  const contract = form
    ? parseForm(form, contractRequirementsSchema(usToday(), locale))
    : undefined;
  if (contract && contract.status !== "success") {
    return refused("contract", contract.reply(), 400);
  }
  const requirements =
    contract?.status === "success" ? toContractRequirements(contract.value) : null;
  try {
    await saveContractRequirements(
      services.database.db,
      application.submission.id,
      requirements,
      writer,
    );
  } catch (error) {
    return failed(error, "contract", contract?.reply() ?? {}, locale);
  }
  const saved: PlanSaved = requirements ? "contract" : "contract-removed";
  return {
    outcome: "done",
    to: linkPath(confirmedPath(`${QUOTE_STEP_PATH}?${PLAN_SAVED_PARAM}=${saved}`), locale),
  };
}

async function requestTheQuotes(
  { services, application, writer, locale }: PlanPagePoster,
  form: FormData,
  consentText: string,
): Promise<PlanPageAnswer> {
  const parsed = parseForm(form, quoteRequestSchema(usToday(), locale));
  if (parsed.status !== "success") return refused("request", parsed.reply(), 400);
  let emailed: boolean;
  try {
    ({ emailed } = await requestQuotes(services, application, parsed.value, consentText, writer));
  } catch (error) {
    return failed(error, "request", parsed.reply(), locale);
  }
  // The page says a copy was emailed only when one was queued (not past the cap, not a repeat).
  return {
    outcome: "done",
    to: linkPath(
      emailed ? `${QUOTE_REQUESTED_PATH}?${EMAILED_PARAM}=1` : QUOTE_REQUESTED_PATH,
      locale,
    ),
  };
}

function refused(
  form: PlanFormReply["form"],
  result: PlanFormReply["result"],
  status: number,
  toast?: Toast,
): PlanPageAnswer {
  return { outcome: "refused", reply: { form, result, ...(toast ? { toast } : {}) }, status };
}

/** A save the database did not take: logged, and the form back as typed, with the error toast. */
function failed(
  error: unknown,
  form: PlanFormReply["form"],
  result: PlanFormReply["result"],
  locale: Locale,
): PlanPageAnswer {
  logger.error({ err: error, step: "quote", form }, "quote step save failed");
  return refused(form, result, 503, {
    kind: "error",
    message: m.error_save_failed({}, { locale }),
  });
}
