/**
 * Where a customer is (issue 53): how far their application has gone, read from its newest quote
 * request, and where an emailed link to it lands. A link to a finished application opens its plan,
 * its quotes or its policy, never the wizard's "pick up where you left off".
 */
import { sql } from "kysely";

import {
  POLICY_PATH,
  QUOTES_PATH,
  RENEWAL_REQUEST_PATH,
  stageLanding,
  stageOf,
  type ApplicationStage,
  type WizardStepId,
} from "#app/domain/wizard/wizard-screens.ts";
import type { Db } from "#app/server/db/database.server.ts";
import type { LinkOpens } from "#app/domain/wizard/resume-links.ts";

/**
 * The stage of application `submissionId`, in one statement. `complete` says whether the
 * application is complete when the caller knows (a browser's draft); otherwise the saved record's
 * completion says it.
 */
export async function applicationStage(
  db: Db,
  submissionId: string,
  complete?: boolean,
): Promise<ApplicationStage> {
  const { rows } = await sql<{
    complete: boolean | null;
    requested: boolean;
    quoted: boolean;
    bind: string | null;
    bound: boolean;
  }>`
    WITH newest AS (
      SELECT id FROM quote_requests WHERE submission_id = ${submissionId}::uuid
      ORDER BY created_at DESC LIMIT 1
    )
    SELECT
      (SELECT completed_at IS NOT NULL FROM business_wizard_submissions
        WHERE id = ${submissionId}::uuid) AS complete,
      EXISTS (SELECT 1 FROM newest) AS requested,
      EXISTS (SELECT 1 FROM insurer_quotes q JOIN newest ON q.quote_request_id = newest.id
        WHERE q.status = 'published') AS quoted,
      (SELECT b.status FROM bind_requests b JOIN newest ON b.quote_request_id = newest.id
        WHERE b.status <> 'declined' LIMIT 1) AS bind,
      EXISTS (SELECT 1 FROM bind_requests WHERE submission_id = ${submissionId}::uuid
        AND status = 'bound') AS bound
  `.execute(db);
  const row = rows[0];
  return stageOf({
    complete: complete ?? row?.complete === true,
    newest: row?.requested
      ? {
          quoted: row.quoted,
          bind: row.bind === null ? "none" : row.bind === "bound" ? "bound" : "requested",
        }
      : undefined,
    bound: row?.bound === true,
  });
}

/**
 * Where a used link leads (resume.tsx): a renewal reminder's link to the renewal request; a quotes
 * link to the quotes (to the policy once bound); a policy link to the policy; a link to the
 * application (the email step's reminder, /login) to where the customer is (stageLanding): an
 * application not yet complete to its first missing step (`next`), else its plan, its quotes or
 * its policy.
 */
export async function linkDestination(
  db: Db,
  link: { opens: LinkOpens; submissionId: string },
  next: WizardStepId | undefined,
): Promise<string> {
  if (link.opens === "policy") return POLICY_PATH;
  if (link.opens === "renewal") return RENEWAL_REQUEST_PATH;
  // The draft the link restored still misses a step: that step first, whatever came after.
  if (link.opens === "application" && next) return stageLanding("application", next);
  const stage = await applicationStage(db, link.submissionId, next === undefined);
  if (link.opens === "quotes") return stage === "bound" ? POLICY_PATH : QUOTES_PATH;
  return stageLanding(stage, undefined);
}
