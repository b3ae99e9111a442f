import { randomUUID } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import type {
  CompleteRecord,
  EmailStepRecord,
} from "#app/domain/application/application-record.ts";
import { completeRecord } from "#tests/support/application-records.ts";
import { testDatabaseKinds } from "#tests/support/databases.ts";

import type { Database } from "#app/server/db/database.server.ts";
import { parseEnv } from "#app/server/env.server.ts";
import {
  draftForLink,
  redeemResumeLink,
  sendResumeLink,
} from "#app/server/wizard/resume-tokens.server.ts";
import {
  clientHash,
  getSubmissionHistory,
  type SubmissionWriter,
} from "#app/server/wizard/submission-history.server.ts";
import {
  saveCompleteSubmission,
  saveEmailStep,
} from "#app/server/wizard/submission-saves.server.ts";
import { createServices } from "#app/server/create-services.server.ts";

const SECRET = "s".repeat(32);
let EMAIL = "";

const emailStepOf = (industry: "food" | "retail", state: string): EmailStepRecord => ({
  industry,
  state,
  segments: industry === "food" ? ["Bakery"] : ["Florist"],
  email: EMAIL,
});

function completeOf(step: EmailStepRecord, businessName: string): CompleteRecord {
  return completeRecord({
    ...step,
    business_name: businessName,
    first_name: `${businessName} first`,
    last_name: "Owner",
    consent_to_texts: false,
    consent_text: null,
    consent_given_at: null,
    legal_business_name: `${businessName} LLC`,
    primary_location: "1 Main St",
    unit: null,
    same_address: "Yes",
    mailing_address: null,
    ownership_structure: "Partnership",
    start_year: "2010",
    naics_code: null,
    naics_title: null,
  });
}

/** A wizard session saving from an address; `proven`: it came from a link to that submission. */
function visitor(address: string, proven: string | null = null): SubmissionWriter {
  return { draft: randomUUID(), client: clientHash(SECRET, address), proven };
}

async function revisions(database: Database) {
  return database.db
    .selectFrom("business_wizard_submission_revisions")
    .selectAll("business_wizard_submission_revisions")
    .innerJoin(
      "business_wizard_submissions",
      "business_wizard_submissions.id",
      "business_wizard_submission_revisions.submission_id",
    )
    .where("business_wizard_submissions.email", "=", EMAIL)
    .orderBy("business_wizard_submission_revisions.id")
    .execute();
}

/** Sends a link as the wizard or /login does, and uses it as its holder would. */
async function sendAndUse(database: Database, id: string, draftId: string | null) {
  const env = parseEnv({
    DATA_DIR: mkdtempSync(path.join(tmpdir(), "coverpilot-history-")),
    SITE_URL: "https://coverpilot.example",
    SESSION_SECRET: SECRET,
  });
  await database.db.deleteFrom("resume_tokens").execute();
  await sendResumeLink(createServices(env, database), { id, email: EMAIL }, draftId);
  const mail = await database.db
    .selectFrom("outbox")
    .select("text_body")
    .orderBy("id", "desc")
    .executeTakeFirstOrThrow();
  const token = /\/resume\/([A-Za-z0-9_-]{43})/.exec(mail.text_body)?.[1] ?? "";
  return async () => {
    const link = await redeemResumeLink(database.db, token);
    if (!link) throw new Error("the link was refused");
    return draftForLink(database.db, link);
  };
}

describe.each(testDatabaseKinds)("submission history on $name", (kind) => {
  // One database for the file (opening one is the slow part); each test has its own email.
  let database: Database;
  let tests = 0;
  beforeAll(async () => {
    database = await kind.open();
  });
  afterAll(() => database.close());
  const withDatabase = async (run: (database: Database) => Promise<void>) => {
    tests += 1;
    EMAIL = `owner-${tests}@example.com`;
    await run(database);
  };

  it("keeps the version each save overwrites, with who saved, in the same statement", async () => {
    await withDatabase(async (database) => {
      const a = visitor("203.0.113.7");
      const b = visitor("198.51.100.9");
      const id = await saveEmailStep(database.db, emailStepOf("food", "Ohio"), a);
      await saveCompleteSubmission(
        database.db,
        id,
        completeOf(emailStepOf("food", "Ohio"), "A"),
        a,
      );
      // A's session again (its draft names the application), then B, who only knows the email.
      await saveEmailStep(database.db, emailStepOf("retail", "Utah"), a, id);
      const beside = await saveEmailStep(database.db, emailStepOf("retail", "Iowa"), b);
      expect(beside).not.toBe(id);

      const kept = (await revisions(database)).filter((revision) => revision.submission_id === id);
      expect(kept.map((revision) => revision.draft_id)).toEqual([a.draft, a.draft, a.draft]);
      expect(kept.map((revision) => revision.client_hash)).toEqual([a.client, a.client, a.client]);
      expect(kept[0]!.old_values).toBeNull();
      expect(kept[1]!.old_values).toMatchObject({ industry: "food", business_name: null });
      expect(kept[2]!.old_values).toMatchObject({
        industry: "food",
        state: "Ohio",
        business_name: "A",
        start_year: "2010",
      });
      // Never the address itself.
      for (const revision of kept) expect(revision.client_hash).not.toContain("203.0.113");
      // The record is as the spec says: the email step wrote its four fields, nothing else.
      const row = await database.db
        .selectFrom("business_wizard_submissions")
        .selectAll()
        .where("id", "=", id)
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({ industry: "retail", state: "Utah", business_name: "A" });
    });
  });

  it("keeps every version when saves to one application come at once", async () => {
    await withDatabase(async (database) => {
      const holder = visitor("192.0.2.1");
      const id = await saveEmailStep(database.db, emailStepOf("food", "State 0"), holder);
      await Promise.all(
        Array.from({ length: 5 }, (_, index) =>
          saveEmailStep(database.db, emailStepOf("food", `State ${index + 1}`), holder, id),
        ),
      );
      const kept = await revisions(database);
      expect(kept).toHaveLength(6);
      expect(kept.filter((revision) => revision.old_values === null)).toHaveLength(1);
      const states = kept
        .slice(1)
        .map((revision) => (revision.old_values as { state: string }).state);
      const now = await database.db
        .selectFrom("business_wizard_submissions")
        .select("state")
        .where("email", "=", EMAIL)
        .executeTakeFirstOrThrow();
      // Each state saved is either overwritten (and kept) or the one the record holds now.
      expect(new Set([...states, now.state]).size).toBe(6);
    });
  });

  it("shows the lead desk every version, newest first, with what each save changed", async () => {
    await withDatabase(async (database) => {
      const a = visitor("203.0.113.7");
      const b = visitor("198.51.100.9");
      const id = await saveEmailStep(database.db, emailStepOf("food", "Ohio"), a);
      const proven = { ...b, proven: id };
      await saveEmailStep(database.db, emailStepOf("food", "Utah"), proven, id);
      const row = await database.db
        .selectFrom("business_wizard_submissions")
        .selectAll()
        .where("id", "=", id)
        .executeTakeFirstOrThrow();
      const { versions, total } = await getSubmissionHistory(database.db, row);
      expect(total).toBe(2);
      expect(versions.map((version) => version.number)).toEqual([2, 1]);
      expect(versions[0]).toMatchObject({
        created: false,
        writer: { visitor: 2, clientHash: b.client, emailProven: true, operator: null },
        changes: [{ field: "state", before: "Ohio", after: "Utah" }],
      });
      expect(versions[1]!.created).toBe(true);
      expect(versions[1]!.writer.visitor).toBe(1);
      expect(versions[1]!.changes.map((change) => change.field)).toEqual([
        "industry",
        "state",
        "segments",
        "email",
        "language",
      ]);
    });
  });

  it("a link restores what its own session saved, not a later overwrite by another", async () => {
    await withDatabase(async (database) => {
      const a = visitor("203.0.113.7");
      const b = visitor("198.51.100.9");
      const id = await saveEmailStep(database.db, emailStepOf("food", "Ohio"), a);
      const useLink = await sendAndUse(database, id, a.draft);
      await saveCompleteSubmission(
        database.db,
        id,
        completeOf(emailStepOf("food", "Ohio"), "A"),
        a,
      );
      // B's draft names A's application without having proven its email (a draft from before
      // decision 030, when any session that typed the email wrote to it).
      await saveEmailStep(database.db, emailStepOf("retail", "Utah"), b, id);
      await saveCompleteSubmission(
        database.db,
        id,
        completeOf(emailStepOf("retail", "Utah"), "B"),
        b,
      );

      const draft = await useLink();
      expect(draft).toMatchObject({
        industry: "food",
        state: "Ohio",
        answers: expect.objectContaining({ businessName: "A", startYear: "2010" }),
        submission: { id, email: EMAIL, emailProven: true },
      });
    });
  });

  it("a link from /login restores the version of when it was sent, or a later one by the email's holder", async () => {
    await withDatabase(async (database) => {
      const a = visitor("203.0.113.7");
      const id = await saveEmailStep(database.db, emailStepOf("food", "Ohio"), a);
      const useLoginLink = await sendAndUse(database, id, null);
      await saveEmailStep(database.db, emailStepOf("retail", "Utah"), visitor("198.51.100.9"));
      expect(await useLoginLink()).toMatchObject({ industry: "food", state: "Ohio" });

      // A session that came from a link has proven the email: what it saves later counts.
      const holder = visitor("203.0.113.8", id);
      const useLaterLink = await sendAndUse(database, id, null);
      await saveEmailStep(database.db, emailStepOf("food", "Maine"), holder, id);
      await saveEmailStep(database.db, emailStepOf("retail", "Iowa"), visitor("198.51.100.9"), id);
      expect(await useLaterLink()).toMatchObject({ industry: "food", state: "Maine" });
    });
  });

  it("a link brings back its session's unsaved answers, never another session's draft", async () => {
    await withDatabase(async (database) => {
      const a = visitor("203.0.113.7");
      const b = visitor("198.51.100.9");
      const id = await saveEmailStep(database.db, emailStepOf("food", "Ohio"), a);
      const useLink = await sendAndUse(database, id, a.draft);
      await saveEmailStep(database.db, emailStepOf("retail", "Utah"), b);
      const expires = new Date(Date.now() + 60_000);
      for (const [writer, businessName] of [
        [a, "A's unsaved name"],
        [b, "B's unsaved name"],
      ] as const) {
        await database.db
          .insertInto("wizard_drafts")
          .values({
            id: writer.draft!,
            // Kept as drafts were before the answers were kept together: read as today's.
            data: JSON.stringify({
              draft: {
                ...emailStepOf("food", "Ohio"),
                businessName,
                submission: { id, email: EMAIL },
              },
            }),
            submission_id: id,
            expires_at: expires,
          })
          .execute();
      }
      expect(await useLink()).toMatchObject({
        answers: { businessName: "A's unsaved name" },
        submission: { id, emailProven: true },
      });
    });
  });
});
