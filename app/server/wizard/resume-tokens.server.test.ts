import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

import { testDatabaseKinds } from "#tests/support/databases.ts";
import { leadWithPolicy } from "#tests/support/lead-fixtures.ts";

import type { Database } from "#app/server/db/database.server.ts";
import { parseEnv } from "#app/server/env.server.ts";
import { logger } from "#app/server/logger.server.ts";
import { pruneRecipientSends, recipientKey } from "#app/server/mail/outbox.server.ts";
import {
  checkResumeLink,
  processResumeRequests,
  redeemResumeLink,
  requestResumeLink,
  resumeLinkOutcome,
  resumeLinkWrite,
  sendResumeLink,
} from "#app/server/wizard/resume-tokens.server.ts";
import { linkDestination } from "#app/server/wizard/application-stage.server.ts";
import { saveEmailStep } from "#app/server/wizard/submission-saves.server.ts";
import { createServices } from "#app/server/create-services.server.ts";

const env = parseEnv({
  DATA_DIR: mkdtempSync(path.join(tmpdir(), "coverpilot-resume-")),
  SITE_URL: "https://coverpilot.example",
  SESSION_SECRET: "s".repeat(32),
  MAIL_PER_RECIPIENT_PER_HOUR: "2",
});

describe.each(testDatabaseKinds)("application links on $name", (kind) => {
  // One database for the file: each test has addresses of its own.
  let database: Database;
  beforeAll(async () => {
    database = await kind.open();
  });
  afterAll(async () => {
    await database.close();
  });

  const saved = (email: string) =>
    saveEmailStep(database.db, { industry: "food", state: "Ohio", segments: ["Bakery"], email });
  const mailsTo = async (email: string) =>
    (await database.db.selectFrom("outbox").selectAll().execute()).filter((mail) =>
      mail.recipients.includes(email),
    );

  /** The email step's reminder for application `id` (email-step.server.ts), in its own statement. */
  const remind = async (id: string, email: string) => {
    const services = createServices(env, database);
    const link = resumeLinkWrite(services, email, null, "reminder");
    const { rows } = await sql<{ recent: boolean; queued: boolean }>`
      WITH ${link.ctes(sql`${id}`)}
      SELECT EXISTS (SELECT 1 FROM recent) AS recent, EXISTS (SELECT 1 FROM queued) AS queued
    `.execute(database.db);
    resumeLinkOutcome(services, link, id, rows[0]);
  };

  it("sends every link asked for (/login bounds them), and no second reminder within minutes", async () => {
    const services = createServices(env, database);
    const email = "Owner@Example.com";
    const id = await saved(email);
    await remind(id, email);
    await remind(id, email);
    expect(await mailsTo(email)).toHaveLength(1);
    await database.db.deleteFrom("outbox").execute();
    // A link asked for at /login minutes after another (the reminder's) still goes (issue 53).
    await sendResumeLink(services, { id, email });
    await sendResumeLink(services, { id, email });

    const tokens = await database.db
      .selectFrom("resume_tokens")
      .selectAll()
      .where("submission_id", "=", id)
      .execute();
    expect(tokens).toHaveLength(3);
    const days = ((tokens[0]?.expires_at.getTime() ?? 0) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.99);
    expect(days).toBeLessThanOrEqual(7);

    const mails = await mailsTo(email);
    expect(mails).toHaveLength(2);
    expect(mails[0]?.subject).toBe("Finish your CoverPilot application");
    // A link asked for (/login) goes at once, with its HTML part, and nothing cancels it.
    expect(mails[0]?.send_after.getTime()).toBeLessThanOrEqual(Date.now() + 1000);
    expect(mails[0]?.cancel_key).toBeNull();
    expect(mails[0]?.html_body).toContain('<a href="https://coverpilot.example/resume/');
    const token = /\/resume\/([A-Za-z0-9_-]{43})/.exec(mails[0]?.text_body ?? "")?.[1] ?? "";
    expect(mails[0]?.text_body).toContain(`https://coverpilot.example/resume/${token}`);
    // An application link: it opens the application, not the agency's quotes.
    expect(await checkResumeLink(database.db, token)).toEqual({
      state: "valid",
      submissionId: id,
      opens: "application",
    });
  });

  it("answers a /login request in the language it was asked in, with a link to the page in it", async () => {
    const services = createServices(env, database);
    const id = await saved("rosa@example.com");
    await saved("sam@example.com");
    await requestResumeLink(database.db, "rosa@example.com", "es", "client-1");
    await requestResumeLink(database.db, "sam@example.com", "en", "client-1");
    expect(await processResumeRequests(services)).toBe(2);
    const [spanish] = await mailsTo("rosa@example.com");
    expect(spanish?.subject).toBe("Termine su solicitud de CoverPilot");
    const token = /\/es\/resume\/([A-Za-z0-9_-]{43})/.exec(spanish?.text_body ?? "")?.[1] ?? "";
    expect(await checkResumeLink(database.db, token)).toMatchObject({ submissionId: id });
    const [english] = await mailsTo("sam@example.com");
    expect(english?.subject).toBe("Finish your CoverPilot application");
    expect(english?.text_body).toContain("https://coverpilot.example/resume/");
    expect(await database.db.selectFrom("resume_requests").select("id").execute()).toEqual([]);
  });

  it("queues an address at most MAIL_PER_RECIPIENT_PER_HOUR reminders an hour, and logs no address", async () => {
    const warned = vi.spyOn(logger, "warn").mockImplementation(() => undefined);
    try {
      const email = "capped@example.com";
      const id = await saved(email);
      // Each link older than the few minutes that hold back a second one, as if asked for later,
      // and the reminder before it gone out at its time: a reminder replaced while it waits is
      // cancelled, and a cancelled email gives its place back (decision 054).
      const askAgain = async (typed = email) => {
        await database.db
          .updateTable("outbox")
          .set({ sent_at: sql`now()` })
          .where("sent_at", "is", null)
          .where("cancelled_at", "is", null)
          .execute();
        await database.db
          .updateTable("resume_tokens")
          .set({ created_at: sql`created_at - interval '10 minutes'` })
          .where("submission_id", "=", id)
          .execute();
        await remind(id, typed);
      };
      // Each reminder queued issues its link (a newer one replaces the one still waiting).
      const issued = async () =>
        (
          await database.db
            .selectFrom("resume_tokens")
            .select("token_hash")
            .where("submission_id", "=", id)
            .execute()
        ).length;
      await remind(id, email);
      await askAgain("Capped@Example.COM");
      expect(await issued()).toBe(2);
      expect(await mailsTo("Capped@Example.COM")).toHaveLength(1);
      // A +tag reaches the same mailbox: the same cap, reached, holds it back too.
      await askAgain("capped+again@example.com");
      expect(await mailsTo("capped+again@example.com")).toHaveLength(0);
      await askAgain();
      expect(await issued()).toBe(2);
      expect(warned).toHaveBeenCalledWith(
        { submissionId: id, reason: "recipient-cap" },
        "resume link not sent",
      );
      expect(JSON.stringify(warned.mock.calls).toLowerCase()).not.toContain("capped@");

      const key = recipientKey(email);
      const count = () =>
        database.db
          .selectFrom("mail_recipient_sends")
          .selectAll()
          .where("recipient_key", "=", key)
          .executeTakeFirst();
      expect(key).toMatch(/^[0-9a-f]{64}$/);
      expect(recipientKey("Capped+Other@Example.com")).toBe(key);
      expect((await count())?.sent_at).toHaveLength(2);

      // An hour after the first send, one more may go.
      await database.db
        .updateTable("mail_recipient_sends")
        .set({ sent_at: sql`array[now() - interval '61 minutes', now() - interval '30 minutes']` })
        .where("recipient_key", "=", key)
        .execute();
      await askAgain();
      expect(await issued()).toBe(3);
      await askAgain();
      expect(await issued()).toBe(3);

      // The count is kept while it matters, and forgotten an hour after the last send.
      await pruneRecipientSends(database.db);
      expect(await count()).toBeDefined();
      await database.db
        .updateTable("mail_recipient_sends")
        .set({ sent_at: sql`array[now() - interval '2 hours', now() - interval '61 minutes']` })
        .where("recipient_key", "=", key)
        .execute();
      await pruneRecipientSends(database.db);
      expect(await count()).toBeUndefined();
    } finally {
      warned.mockRestore();
    }
  });

  it("sends nothing to a stored address that is not exactly one address", async () => {
    // As an older rule let it in: two addresses in one field.
    const email = "first@example.com,second@example.com";
    const id = await saved(email);
    await sendResumeLink(createServices(env, database), { id, email });
    expect(await mailsTo(email)).toEqual([]);
    expect(
      await database.db
        .selectFrom("resume_tokens")
        .selectAll()
        .where("submission_id", "=", id)
        .execute(),
    ).toEqual([]);
  });
  it("bounds /login per inbox and client alike for known and unknown addresses, and says when", async () => {
    const services = createServices(env, database);
    await saved("holder@example.com");
    const answers: Record<string, unknown[]> = {};
    for (const email of ["holder@example.com", "stranger@example.com"]) {
      answers[email] = [];
      for (let ask = 0; ask < 4; ask += 1) {
        const answer = await requestResumeLink(database.db, email, "en", "client-a");
        answers[email]!.push(answer.stored ? "stored" : "refused");
      }
    }
    // Three from one client are stored, the fourth is not: the same for an address nobody applied with.
    expect(answers["holder@example.com"]).toEqual(["stored", "stored", "stored", "refused"]);
    expect(answers["stranger@example.com"]).toEqual(answers["holder@example.com"]);
    const refused = await requestResumeLink(database.db, "holder@example.com", "en", "client-a");
    expect(refused.stored).toBe(false);
    const wait = refused.stored ? 0 : refused.nextAt.getTime() - Date.now();
    // The first of the three leaves the hour in an hour (give or take the test's own seconds).
    expect(wait).toBeGreaterThan(55 * 60_000);
    expect(wait).toBeLessThanOrEqual(60 * 60_000);
    // Another client is not held back by the first one's requests: a stranger cannot stop the
    // customer's own link from another address (until ten in the hour from everyone).
    expect(await requestResumeLink(database.db, "holder@example.com", "en", "client-b")).toEqual({
      stored: true,
    });
    for (const client of ["c", "d", "e", "f", "g", "h"]) {
      await requestResumeLink(database.db, "holder@example.com", "en", client);
    }
    expect(
      (await requestResumeLink(database.db, "holder@example.com", "en", "client-z")).stored,
    ).toBe(false);
    // Every stored request gets its email: the holder's ten, the stranger's none.
    expect(await processResumeRequests(services)).toBe(10);
    expect(await processResumeRequests(services)).toBe(3);
    expect(await mailsTo("holder@example.com")).toHaveLength(10);
    expect(await mailsTo("stranger@example.com")).toHaveLength(0);
  });

  it("emails a bound customer's /login link as their policy's, and it opens the policy", async () => {
    const services = createServices(env, database);
    const { lead } = await leadWithPolicy(database.db, "Insured", env.DATA_DIR);
    await requestResumeLink(database.db, lead.email, "es", "client-p");
    await processResumeRequests(services);
    const [mail] = (await mailsTo(lead.email)).filter((row) => row.subject.includes("póliza de"));
    expect(mail?.subject).toBe("Su póliza de CoverPilot");
    expect(mail?.text_body).not.toContain("Termine su solicitud");
    const token = /\/es\/resume\/([A-Za-z0-9_-]{43})/.exec(mail?.text_body ?? "")?.[1] ?? "";
    const link = await redeemResumeLink(database.db, token);
    expect(link).toBeDefined();
    expect(await linkDestination(database.db, link!, undefined)).toBe("/business-wizard/policy");
  });
});
