/**
 * The pages after the request (quotes, documents, the request to bind, the policy) open only in a
 * browser that proved the application's email by opening a link sent to it (decision 030). This
 * is that check, once, with the newest quote request the pages work on.
 */
import { sql } from "kysely";

import type { WizardDraft } from "#app/domain/wizard/wizard-draft.ts";

import type { Db } from "#app/server/db/database.server.ts";
import { hasPublishedQuotes } from "#app/server/leads/insurer-quote-store.server.ts";
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

/**
 * Whether the agency has published quotes on the newest request of the application this browser
 * made (decision 054): its draft names the application, which still holds the email this browser
 * typed and is not marked "Email not proven". Such a browser is told that the quotes are ready and
 * how to see them (the emailed link, or a new one from /login); the quotes themselves are still
 * shown only to a browser that proved the email (decision 042).
 */
export async function ownQuotesReady(db: Db, draft: WizardDraft): Promise<boolean> {
  const submission = draft.submission;
  if (!submission) return false;
  const own = await db
    .selectFrom("business_wizard_submissions")
    .select("id")
    .where("id", "=", submission.id)
    .where(sql<boolean>`lower(email) = lower(${submission.email})`)
    .where("email_not_proven", "=", false)
    .executeTakeFirst();
  return own !== undefined && (await hasPublishedQuotes(db, own.id));
}
