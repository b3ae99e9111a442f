/**
 * A contract's insurance requirements, as the visitor gave them on the plan page (decision 048).
 * Each save is kept as a new version (the newest counts; a removal is a version that says so), with
 * the session that wrote it: what the visitor said, and when, stays evidence.
 */
import { sql } from "kysely";

import type { ContractRequirements } from "#app/domain/quote/contract-requirements.ts";
import { lineName } from "#app/domain/quote/quote-request.ts";

import type { Db } from "#app/server/db/database.server.ts";
import { inTransaction } from "#app/server/db/transactions.server.ts";
import { addActivity } from "#app/server/leads/desk-work.server.ts";
import type { SubmissionWriter } from "#app/server/wizard/submission-history.server.ts";

/** A bigint column's dollars (pg sends text, PGlite a number). */
function dollarsOf(value: string | number | null): number | null {
  return value === null ? null : Number(value);
}

/** The application's contract requirements now, with when they were given; null when none. */
export async function currentContractRequirements(
  db: Db,
  submissionId: string,
): Promise<(ContractRequirements & { givenAt: Date }) | null> {
  const row = await db
    .selectFrom("contract_requirements")
    .select([
      "removed",
      "contract_party",
      "lines",
      "occurrence_limit_dollars",
      "aggregate_limit_dollars",
      "additional_insured",
      "waiver_of_subrogation",
      "primary_non_contributory",
      sql<string | null>`needed_by::text`.as("needed_by"),
      "other_requirements",
      "created_at",
    ])
    .where("submission_id", "=", submissionId)
    .orderBy("id", "desc")
    .limit(1)
    .executeTakeFirst();
  if (!row || row.removed || row.contract_party === null) return null;
  return {
    party: row.contract_party,
    lines: row.lines,
    occurrenceLimit: dollarsOf(row.occurrence_limit_dollars),
    aggregateLimit: dollarsOf(row.aggregate_limit_dollars),
    endorsements: {
      additionalInsured: row.additional_insured,
      waiverOfSubrogation: row.waiver_of_subrogation,
      primaryNonContributory: row.primary_non_contributory,
    },
    neededBy: row.needed_by,
    other: row.other_requirements,
    givenAt: new Date(row.created_at),
  };
}

/**
 * Keeps a new version of the application's contract requirements, or (null) their removal, and
 * puts it on the lead's timeline (no operator: the visitor's act), in one transaction.
 */
export async function saveContractRequirements(
  db: Db,
  submissionId: string,
  requirements: ContractRequirements | null,
  writer: SubmissionWriter,
): Promise<void> {
  await inTransaction(db, async (trx) => {
    await trx
      .insertInto("contract_requirements")
      .values({
        submission_id: submissionId,
        removed: requirements === null,
        contract_party: requirements?.party ?? null,
        lines: requirements?.lines ?? [],
        occurrence_limit_dollars: requirements?.occurrenceLimit ?? null,
        aggregate_limit_dollars: requirements?.aggregateLimit ?? null,
        additional_insured: requirements?.endorsements.additionalInsured ?? false,
        waiver_of_subrogation: requirements?.endorsements.waiverOfSubrogation ?? false,
        primary_non_contributory: requirements?.endorsements.primaryNonContributory ?? false,
        needed_by: requirements?.neededBy ?? null,
        other_requirements: requirements?.other ?? null,
        draft_id: writer.draft,
        client_hash: writer.client,
      })
      .execute();
    await addActivity(trx, {
      submissionId,
      operatorId: null,
      kind: "contract",
      body: requirements
        ? `The visitor gave a contract's requirements: ${requirements.party} asks for ${requirements.lines.map((slug) => lineName(slug)).join(", ")}`
        : "The visitor removed the contract's requirements",
    });
  });
}
