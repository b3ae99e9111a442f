import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import { describe, expect, it } from "vitest";

import { testDatabaseKinds } from "#tests/support/databases.ts";

import { parseEnv } from "./env.server.ts";
import { checkResumeLink, sendResumeLink } from "./resume.server.ts";
import { saveEmailStep } from "./submissions.server.ts";

describe.each(testDatabaseKinds)("application links on $name", (kind) => {
  it("stores a link with its email, and sends no second one within minutes", async () => {
    const database = await kind.open();
    try {
      const env = parseEnv({
        DATA_DIR: mkdtempSync(path.join(tmpdir(), "coverpilot-resume-")),
        SITE_URL: "https://coverpilot.example",
        SESSION_SECRET: "s".repeat(32),
      });
      const services = { env, database };
      const email = "Owner@Example.com";
      const id = await saveEmailStep(database.db, {
        industry: "food",
        state: "Ohio",
        segments: ["Bakery"],
        email,
      });
      await sendResumeLink(services, { id, email });
      await sendResumeLink(services, { id, email });

      const tokens = await database.db.selectFrom("resume_tokens").selectAll().execute();
      expect(tokens).toHaveLength(1);
      expect(tokens[0]?.submission_id).toBe(id);
      const days = ((tokens[0]?.expires_at.getTime() ?? 0) - Date.now()) / 86_400_000;
      expect(days).toBeGreaterThan(6.99);
      expect(days).toBeLessThanOrEqual(7);

      const mails = await database.db.selectFrom("outbox").selectAll().execute();
      expect(mails).toHaveLength(1);
      expect(mails[0]?.recipients).toEqual([email]);
      expect(mails[0]?.subject).toBe("Finish your CoverPilot application");
      const token = /\/resume\/([A-Za-z0-9_-]{43})/.exec(mails[0]?.text_body ?? "")?.[1] ?? "";
      expect(mails[0]?.text_body).toContain(`https://coverpilot.example/resume/${token}`);
      expect(await checkResumeLink(database.db, token)).toEqual({
        state: "valid",
        submissionId: id,
      });
    } finally {
      await database.close();
    }
  });

  it("sends nothing to a stored address that is not exactly one address", async () => {
    const database = await kind.open();
    try {
      const env = parseEnv({
        DATA_DIR: mkdtempSync(path.join(tmpdir(), "coverpilot-resume-")),
        SESSION_SECRET: "s".repeat(32),
      });
      // As an older rule let it in: two addresses in one field.
      const email = "owner@example.com,other@example.com";
      const id = await saveEmailStep(database.db, {
        industry: "food",
        state: "Ohio",
        segments: ["Bakery"],
        email,
      });
      await sendResumeLink({ env, database }, { id, email });
      expect(await database.db.selectFrom("outbox").selectAll().execute()).toEqual([]);
      expect(await database.db.selectFrom("resume_tokens").selectAll().execute()).toEqual([]);
    } finally {
      await database.close();
    }
  });
});
