import { redirect } from "react-router";

import { linkPath } from "#app/domain/site/site-pages.ts";
import { requestLocale } from "#app/server/http/site-languages.server.ts";

import { agencyFrom } from "#app/domain/site/agency.ts";
import type { PlanAnswers } from "#app/domain/quote/coverage-plan.ts";
import { unservedStateOf } from "#app/domain/site/licensed-states.ts";
import { dayIn } from "#app/domain/values/time-zones.ts";
import {
  planAnswersOf,
  type OptionalAnswers,
  type QuoteRequestInput,
} from "#app/domain/quote/quote-request.ts";
import type { WizardDraft } from "#app/domain/wizard/wizard-draft.ts";
import { NOT_LICENSED_PATH, stepPath } from "#app/domain/wizard/wizard-screens.ts";
import { firstIncompleteStep } from "#app/domain/wizard/wizard-steps.ts";

import { notifyQuoteRequest } from "#app/server/leads/lead-notifications.server.ts";
import { queueLeadEvent } from "#app/server/leads/webhooks.server.ts";
import {
  getPlanSubmission,
  saveOptionalAnswers,
  saveQuoteRequest,
  sendQuoteConfirmation,
  type PlanSubmission,
} from "#app/server/wizard/quote-requests.server.ts";
import type { SubmissionWriter } from "#app/server/wizard/submission-history.server.ts";
import type { AppServices } from "#app/server/services.server.ts";
import { getDraft, type DraftHandle } from "#app/server/wizard/wizard-drafts.server.ts";

/** A completed application in this browser, as the Quote step needs it. */
export interface CompletedApplication {
  handle: DraftHandle;
  submission: PlanSubmission;
  /** What the plan is worked out from: this browser's answers, and the optional ones saved. */
  answers: PlanAnswers;
}

/**
 * For the Quote step's loaders and actions: this browser's completed application (its draft names
 * the submission it saved), or a redirect to the first step still missing, like every step
 * (decision 017). The plan reads the answers this visitor gave (the draft), never what someone else
 * saved later under the same email (decision 013); the optional answers are the submission's. A
 * draft whose state the agency does not serve goes to the not-licensed page (decision 031).
 */
export async function requireCompletedApplication(
  services: AppServices,
  request: Request,
): Promise<CompletedApplication> {
  const handle = await getDraft(services, request);
  const draft: WizardDraft = handle.draft;
  // Each redirect keeps the page's language (to the English page where one is not translated).
  const to = (path: string) => redirect(linkPath(path, requestLocale(request)));
  // No plan and no quote request for a state the agency does not serve (decision 031), even for
  // an application saved before (under the sample details, or a licence since given up).
  if (
    unservedStateOf(
      agencyFrom(services.env),
      draft,
      dayIn(new Date(), services.env.AGENCY_TIME_ZONE),
    )
  )
    throw to(NOT_LICENSED_PATH);
  const missing = firstIncompleteStep(draft, new Date().getFullYear());
  if (missing) throw to(stepPath(missing));
  const submission = draft.submission
    ? await getPlanSubmission(services.database.db, draft.submission.id)
    : undefined;
  if (!submission?.ownershipStructure) throw to(stepPath("ownership"));
  const answers = planAnswersOf(
    {
      industry: draft.industry ?? "",
      segments: draft.segments ?? [],
      state: draft.state ?? "",
      ownershipStructure: stringAnswer(draft.answers?.ownershipStructure),
      naicsCode: draft.naicsCode,
    },
    submission.optional,
  );
  if (!answers) throw to(stepPath("industry-and-state"));
  return { handle, submission, answers };
}

/** A kept answer's text ("" for none). */
function stringAnswer(answer: string | boolean | undefined): string {
  return typeof answer === "string" ? answer : "";
}

/**
 * Saves the plan page's optional answers to the application (its history records the writer) and
 * tells the agency's system the application changed. Throws when the save fails.
 */
export async function saveQuoteStepAnswers(
  services: AppServices,
  submissionId: string,
  optional: OptionalAnswers,
  writer: SubmissionWriter,
): Promise<void> {
  await saveOptionalAnswers(services.database.db, submissionId, optional, writer);
  await queueLeadEvent(services, "application.updated", submissionId);
}

/**
 * Saves this application's quote request, new or updated, with the consent words the page showed.
 * Once the save has succeeded, and only when it changed something (a double click or a reload
 * changes nothing, and nobody is told twice): the visitor's confirmation, the agency's alert and
 * the webhook event, none of which can fail the save. Answers whether a confirmation was queued
 * (not past the mail cap, not a repeat). Throws when the save fails. A renewal request names the
 * policy it renews (decision 047).
 */
export async function requestQuotes(
  services: AppServices,
  { handle, submission }: CompletedApplication,
  value: QuoteRequestInput & { renewsBindRequestId?: string },
  consentText: string,
  writer: SubmissionWriter,
): Promise<{ emailed: boolean }> {
  const { request: saved, change } = await saveQuoteRequest(
    services.database.db,
    submission.id,
    value,
    consentText,
    writer,
  );
  if (change === "unchanged") return { emailed: false };
  const updated = change === "updated";
  const emailed = await sendQuoteConfirmation(services, submission, saved, updated, handle.id);
  await notifyQuoteRequest(
    services,
    {
      submissionId: submission.id,
      name: submission.name ?? "",
      industry: submission.industry,
      state: submission.state,
      email: submission.email,
      phone: submission.phone,
    },
    saved,
    updated,
  );
  await queueLeadEvent(
    services,
    updated ? "quote_request.updated" : "quote_request.created",
    submission.id,
  );
  return { emailed };
}
