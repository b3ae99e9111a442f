import { describe, expect, it } from "vitest";

import { testDatabaseKinds, withDatabase } from "#tests/support/databases.ts";
import { leadWithRequest } from "#tests/support/lead-fixtures.ts";

import type { ContractRequirements } from "#app/domain/quote/contract-requirements.ts";
import {
  currentContractRequirements,
  saveContractRequirements,
} from "#app/server/wizard/contract-store.server.ts";

const DRAFT = "00000000-0000-4000-8000-0000000000d1";
const WRITER = { draft: DRAFT, client: "client-hash", proven: null };

const SUMMIT: ContractRequirements = {
  party: "Summit Builders LLC",
  lines: ["general-liability", "workers-comp"],
  occurrenceLimit: 1_000_000,
  aggregateLimit: 2_000_000,
  endorsements: {
    additionalInsured: true,
    waiverOfSubrogation: false,
    primaryNonContributory: true,
  },
  neededBy: "2027-03-15",
  other: "Umbrella of $1,000,000\nper the subcontract",
};

describe.each(testDatabaseKinds)("contract requirements on $name", (kind) => {
  it("keeps each version with its writer; the newest counts, and a removal leaves none", async () => {
    await withDatabase(kind.open, async ({ db }) => {
      const lead = await leadWithRequest(db, "Roofers", "2026-11-20T15:00:00Z");
      const other = await leadWithRequest(db, "Bakers", "2026-11-20T15:00:00Z");
      expect(await currentContractRequirements(db, lead.submissionId)).toBeNull();

      await saveContractRequirements(db, lead.submissionId, SUMMIT, WRITER);
      expect(await currentContractRequirements(db, lead.submissionId)).toEqual({
        ...SUMMIT,
        givenAt: expect.any(Date),
      });
      // Another application's are its own.
      expect(await currentContractRequirements(db, other.submissionId)).toBeNull();

      const changed = { ...SUMMIT, occurrenceLimit: 2_000_000, aggregateLimit: null };
      await saveContractRequirements(db, lead.submissionId, changed, WRITER);
      expect(await currentContractRequirements(db, lead.submissionId)).toMatchObject({
        occurrenceLimit: 2_000_000,
        aggregateLimit: null,
      });

      await saveContractRequirements(db, lead.submissionId, null, WRITER);
      expect(await currentContractRequirements(db, lead.submissionId)).toBeNull();
      // Every version stays, with the session that wrote it.
      const versions = await db
        .selectFrom("contract_requirements")
        .select(["removed", "contract_party", "draft_id", "client_hash"])
        .where("submission_id", "=", lead.submissionId)
        .orderBy("id")
        .execute();
      expect(versions).toEqual([
        {
          removed: false,
          contract_party: "Summit Builders LLC",
          draft_id: DRAFT,
          client_hash: "client-hash",
        },
        {
          removed: false,
          contract_party: "Summit Builders LLC",
          draft_id: DRAFT,
          client_hash: "client-hash",
        },
        { removed: true, contract_party: null, draft_id: DRAFT, client_hash: "client-hash" },
      ]);
      // And the lead's timeline says so, with no operator: the visitor's act.
      const timeline = await db
        .selectFrom("lead_activities")
        .select(["body", "operator_id"])
        .where("submission_id", "=", lead.submissionId)
        .where("kind", "=", "contract")
        .orderBy("id")
        .execute();
      expect(timeline).toEqual([
        {
          body: "The visitor gave a contract's requirements: Summit Builders LLC asks for General Liability, Workers' Compensation",
          operator_id: null,
        },
        {
          body: "The visitor gave a contract's requirements: Summit Builders LLC asks for General Liability, Workers' Compensation",
          operator_id: null,
        },
        { body: "The visitor removed the contract's requirements", operator_id: null },
      ]);
    });
  });
});
