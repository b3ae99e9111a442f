/**
 * The pages after the request (quotes, documents, the request to bind, the policy) open only in a
 * browser that proved the application's email by opening a link sent to it (decision 030). This
 * is that check, once, with the newest quote request the pages work on.
 */
import type { AppServices } from "#app/server/services.server.ts";
import { latestQuoteRequest } from "#app/server/wizard/quote-requests.server.ts";
import { getDraft } from "#app/server/wizard/wizard-drafts.server.ts";

/** This browser's application and its newest quote request, or undefined if it proved no email. */
export async function provenApplication(services: AppServices, request: Request) {
  const handle = await getDraft(services, request);
  const submission = handle.draft.submission;
  if (!submission?.emailProven) return undefined;
  const quoteRequest = await latestQuoteRequest(services.database.db, submission.id);
  return { handle, submission, quoteRequest };
}
