import { mkdtempSync, readdirSync, readFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";

import { sql } from "kysely";
import { SMTPServer } from "smtp-server";
import { describe, expect, it } from "vitest";

import { testDatabaseKinds, withDatabase } from "#tests/support/databases.ts";
import { readWrittenEmails } from "#tests/support/outbox-files.ts";

import { parseEnv } from "#app/server/env.server.ts";
import { createOperator } from "#app/server/admin/operators.server.ts";
import { getTimeline } from "#app/server/leads/desk-work.server.ts";
import {
  cancelQueuedEmails,
  createMailTransport,
  enqueueEmail,
  InvalidRecipientError,
  MAX_ATTEMPTS,
  OutboxWorker,
  queueAgencyEmail,
  releaseHeldEmail,
  retryDelayMs,
  takeRecipientAllowance,
  type MailTransport,
} from "#app/server/mail/outbox.server.ts";

const email = { to: ["desk@agency.example"], subject: "New lead", text: "Ana Ruiz, 555-0100" };

/** A transport that records what it is given and fails while `failing` is true. */
function recordingTransport() {
  const sent: Array<{ to: string[]; subject: string; text: string; html?: string }> = [];
  const transport: MailTransport & { failing: boolean; sent: typeof sent } = {
    failing: false,
    sent,
    async send(message) {
      if (transport.failing) throw Object.assign(new Error("451 try later"), { responseCode: 451 });
      sent.push({
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
      });
    },
  };
  return transport;
}

describe("retryDelayMs", () => {
  it("doubles from the base and stops at an hour", () => {
    expect([1, 2, 3, 4].map((attempt) => retryDelayMs(attempt, 1000))).toEqual([
      1000, 2000, 4000, 8000,
    ]);
    expect(retryDelayMs(30, 30_000)).toBe(3_600_000);
  });
});

describe.each(testDatabaseKinds)("the outbox on $name", (kind) => {
  it("delivers an enqueued email once and marks it sent", async () => {
    await withDatabase(kind.open, async (database) => {
      const transport = recordingTransport();
      const worker = new OutboxWorker({
        db: database.db,
        transport,
        from: "desk@x.example",
        retryBaseMs: 10,
      });
      await enqueueEmail(database.db, email);
      expect(await worker.deliverDue()).toBe(1);
      expect(await worker.deliverDue()).toBe(0);
      expect(transport.sent).toEqual([email]);
      const row = await database.db.selectFrom("outbox").selectAll().executeTakeFirstOrThrow();
      expect(row.sent_at).toBeInstanceOf(Date);
      expect(row.attempts).toBe(1);
    });
  });

  it("works its background batches off in one pass, and delivers even when that work fails", async () => {
    await withDatabase(kind.open, async (database) => {
      const transport = recordingTransport();
      // A queue three batches long, then empty.
      const batches = [10, 10, 3, 0, 10];
      let calls = 0;
      const worker = new OutboxWorker({
        db: database.db,
        transport,
        from: "desk@x.example",
        retryBaseMs: 10,
        beforeEachPass: async () => batches[calls++] ?? 0,
      });
      await worker.run();
      expect(calls).toBe(4);

      const failing = new OutboxWorker({
        db: database.db,
        transport,
        from: "desk@x.example",
        retryBaseMs: 10,
        beforeEachPass: () => Promise.reject(new Error("database gone for a moment")),
      });
      await enqueueEmail(database.db, email);
      await failing.run();
      expect(transport.sent).toEqual([email]);
    });
  });

  it("retries a failed send later, with the error's code and no address, until it goes", async () => {
    await withDatabase(kind.open, async (database) => {
      const transport = recordingTransport();
      transport.failing = true;
      const worker = new OutboxWorker({
        db: database.db,
        transport,
        from: "desk@x.example",
        // Long enough that the check right after the failure is never late, on a busy machine.
        retryBaseMs: 400,
      });
      await enqueueEmail(database.db, email);
      expect(await worker.deliverDue()).toBe(1);
      let row = await database.db.selectFrom("outbox").selectAll().executeTakeFirstOrThrow();
      expect(row.sent_at).toBeNull();
      expect(row.last_error).toBe("451");
      // Not due again before its backoff is over.
      expect(await worker.deliverDue()).toBe(0);
      await new Promise((resolve) => setTimeout(resolve, 500));
      transport.failing = false;
      expect(await worker.deliverDue()).toBe(1);
      row = await database.db.selectFrom("outbox").selectAll().executeTakeFirstOrThrow();
      expect(row.sent_at).toBeInstanceOf(Date);
      expect(row.attempts).toBe(2);
      expect(transport.sent).toHaveLength(1);
    });
  });

  it("gives up after MAX_ATTEMPTS", async () => {
    await withDatabase(kind.open, async (database) => {
      const transport = recordingTransport();
      transport.failing = true;
      const worker = new OutboxWorker({
        db: database.db,
        transport,
        from: "desk@x.example",
        retryBaseMs: 10,
      });
      await enqueueEmail(database.db, email);
      await database.db
        .updateTable("outbox")
        .set({ attempts: MAX_ATTEMPTS - 1 })
        .execute();
      expect(await worker.deliverDue()).toBe(1);
      const row = await database.db.selectFrom("outbox").selectAll().executeTakeFirstOrThrow();
      expect(row.failed_at).toBeInstanceOf(Date);
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(await worker.deliverDue()).toBe(0);
    });
  });

  it("an agency email it gives up on enters the lead's timeline as not sent, and Send again retries it", async () => {
    await withDatabase(kind.open, async (database) => {
      const { db } = database;
      const transport = recordingTransport();
      transport.failing = true;
      const worker = new OutboxWorker({ db, transport, from: "desk@x.example", retryBaseMs: 10 });
      const ana = await createOperator(db, "ana@agency.example", "a long enough password");
      const { id } = await db
        .insertInto("business_wizard_submissions")
        .values({
          industry: "food",
          state: "Ohio",
          segments: ["Bakery"],
          email: "rae@shop.example",
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      const limits = { perOperatorPerHour: 10, perHour: 10 };
      const queued = await queueAgencyEmail(
        db,
        {
          submissionId: id,
          to: "rae@shop.example",
          operatorId: ana.id,
          subject: "Your policy",
          text: "x",
          html: "x",
        },
        limits,
      );
      expect(queued).toBe("queued");
      await db
        .updateTable("outbox")
        .set({ attempts: MAX_ATTEMPTS - 1 })
        .execute();
      expect(await worker.deliverDue()).toBe(1);
      const [entry] = await getTimeline(db, id);
      expect(entry).toMatchObject({
        kind: "not-sent",
        by: "ana@agency.example",
        body: '"Your policy": the mail server refused it at every attempt. Check the address with the customer, then send it again, or call.',
      });
      transport.failing = false;
      expect(
        await releaseHeldEmail(
          db,
          { submissionId: id, outboxId: entry!.resend!, operatorId: ana.id },
          limits,
        ),
      ).toBe("queued");
      expect(await worker.deliverDue()).toBe(1);
      expect(transport.sent.map((sent) => sent.subject)).toEqual(["Your policy"]);
      expect(
        (await getTimeline(db, id)).find((e) => e.kind === "not-sent")?.resend,
      ).toBeUndefined();
    });
  });

  it("refuses a recipient that is not exactly one address, in the queue and at the door", async () => {
    await withDatabase(kind.open, async (database) => {
      const transport = recordingTransport();
      const worker = new OutboxWorker({
        db: database.db,
        transport,
        from: "desk@x.example",
        retryBaseMs: 10,
      });
      for (const to of [
        ["ana@example.com, bob@example.com"],
        ["desk@agency.example", "Ana <ana@example.com>"],
        ["ana@example.com\r\nBcc: bob@example.com"],
      ]) {
        await expect(enqueueEmail(database.db, { ...email, to })).rejects.toThrow(
          InvalidRecipientError,
        );
      }
      expect(await database.db.selectFrom("outbox").selectAll().execute()).toEqual([]);
      // Written past enqueueEmail (by a statement of its own, or long ago): never sent.
      await database.db
        .insertInto("outbox")
        .values({ recipients: ["ana@example.com;bob@example.com"], subject: "x", text_body: "x" })
        .execute();
      expect(await worker.deliverDue()).toBe(1);
      expect(transport.sent).toEqual([]);
      const row = await database.db.selectFrom("outbox").selectAll().executeTakeFirstOrThrow();
      expect(row).toMatchObject({ sent_at: null, last_error: "invalid-recipient" });
      expect(row.failed_at).toBeInstanceOf(Date);
      expect(await worker.deliverDue()).toBe(0);
    });
  });

  it("counts every spelling of one inbox against one per-recipient cap", async () => {
    await withDatabase(kind.open, async (database) => {
      // Seven spellings of one Gmail inbox, each asking for an email, with a cap of 3 an hour: the
      // callers' statement (resume links, quote confirmations), queueing only when allowed.
      const spellings = [
        "ana.ruiz@gmail.com",
        "anaruiz@gmail.com",
        "a.n.a.ruiz@gmail.com",
        "anaruiz@googlemail.com",
        "Ana.Ruiz@GoogleMail.com",
        "ana.r.uiz+1@gmail.com",
        "ANA.RUIZ+2@GMAIL.COM",
      ];
      for (const to of spellings) {
        await sql`
          WITH allowed AS (${takeRecipientAllowance(to, 3, sql<boolean>`true`)})
          INSERT INTO outbox (recipients, subject, text_body)
          SELECT ARRAY[${to}::text], 'Your link', 'x' FROM allowed
        `.execute(database.db);
      }
      const queued = await database.db
        .selectFrom("outbox")
        .select("recipients")
        .orderBy("id")
        .execute();
      expect(queued.map((row) => row.recipients)).toEqual(spellings.slice(0, 3).map((to) => [to]));
      const counts = await database.db.selectFrom("mail_recipient_sends").selectAll().execute();
      expect(counts).toHaveLength(1);
      expect(counts[0]?.sent_at).toHaveLength(3);
      // Another inbox has a count of its own.
      await sql`
        WITH allowed AS (${takeRecipientAllowance("ana.ruiz@outlook.com", 3, sql<boolean>`true`)})
        INSERT INTO outbox (recipients, subject, text_body)
        SELECT ARRAY['ana.ruiz@outlook.com'], 'Your link', 'x' FROM allowed
      `.execute(database.db);
      expect(await database.db.selectFrom("outbox").selectAll().execute()).toHaveLength(4);
    });
  });

  it("stores an email's HTML part and sends it beside the text", async () => {
    await withDatabase(kind.open, async (database) => {
      const transport = recordingTransport();
      const worker = new OutboxWorker({
        db: database.db,
        transport,
        from: "desk@x.example",
        retryBaseMs: 10,
      });
      const withHtml = { ...email, html: "<p>Ana Ruiz, 555-0100</p>" };
      await enqueueEmail(database.db, withHtml);
      const row = await database.db.selectFrom("outbox").selectAll().executeTakeFirstOrThrow();
      expect(row).toMatchObject({ html_body: withHtml.html, cancel_key: null });
      expect(row.send_after.getTime()).toBeLessThanOrEqual(Date.now() + 1000);
      expect(await worker.deliverDue()).toBe(1);
      expect(transport.sent).toEqual([withHtml]);
    });
  });

  it("sends an email no sooner than its send_after, and not at all once cancelled (decision 032)", async () => {
    await withDatabase(kind.open, async (database) => {
      const { db } = database;
      const transport = recordingTransport();
      const worker = new OutboxWorker({ db, transport, from: "desk@x.example", retryBaseMs: 10 });
      const queue = (to: string, cancelKey: string | null, inMs: number) =>
        db
          .insertInto("outbox")
          .values({
            recipients: [to],
            subject: "Finish your application",
            text_body: "x",
            cancel_key: cancelKey,
            send_after: sql<Date>`now() + ${inMs} * interval '1 millisecond'`,
          })
          .execute();
      await queue("later@example.com", "reminder:a", 3_600_000);
      await queue("cancelled@example.com", "reminder:b", 3_600_000);
      await queue("kept@example.com", "reminder:c", 3_600_000);
      expect(await worker.deliverDue()).toBe(0);
      // Cancelled by key while it waits: gone, whatever other keys are asked for with it.
      const cancel = (...keys: (string | null)[]) =>
        sql<{ id: string }>`WITH c AS (${cancelQueuedEmails(
          keys.map((key) => sql<string | null>`${key}::text`),
        )}) SELECT id FROM c`.execute(db);
      expect((await cancel("reminder:b", null, "reminder:none")).rows).toHaveLength(1);
      // The hour has passed.
      await db
        .updateTable("outbox")
        .set({ send_after: sql<Date>`now() - interval '1 second'` })
        .execute();
      expect(await worker.deliverDue()).toBe(2);
      expect(transport.sent.map((sent) => sent.to[0])).toEqual([
        "later@example.com",
        "kept@example.com",
      ]);
      // Sent: nothing left to cancel.
      expect((await cancel("reminder:a")).rows).toHaveLength(0);
      expect(
        await db
          .selectFrom("outbox")
          .select("cancel_key")
          .where("cancelled_at", "is", null)
          .orderBy("id")
          .execute(),
      ).toEqual([{ cancel_key: "reminder:a" }, { cancel_key: "reminder:c" }]);
      // One a worker has claimed and is sending now goes, cancelled or not.
      await queue("sending@example.com", "reminder:d", 0);
      await db
        .updateTable("outbox")
        .set({ locked_until: sql<Date>`now() + interval '2 minutes'` })
        .where("cancel_key", "=", "reminder:d")
        .execute();
      expect((await cancel("reminder:d")).rows).toHaveLength(0);
    });
  });

  it("a running worker delivers what is enqueued without being asked", async () => {
    await withDatabase(kind.open, async (database) => {
      const transport = recordingTransport();
      const worker = new OutboxWorker({
        db: database.db,
        transport,
        from: "desk@x.example",
        retryBaseMs: 10,
      });
      worker.start(60_000);
      try {
        await enqueueEmail(database.db, email);
        await expect.poll(() => transport.sent.length, { timeout: 5_000 }).toBe(1);
      } finally {
        await worker.stop();
      }
    });
  });
});

describe("mail transports", () => {
  it("writes an email's HTML part as its alternative, in the .eml file and by SMTP alike", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "coverpilot-mail-"));
    const transport = createMailTransport(parseEnv({ DATA_DIR: dataDir }));
    const html = "<p>Tom &amp; Jerry&#39;s</p>";
    await transport.send({ id: "8", from: "CoverPilot <no-reply@x.example>", ...email, html });
    const [written] = readWrittenEmails(dataDir);
    expect(written).toEqual({
      to: "desk@agency.example",
      subject: "New lead",
      body: email.text,
      html,
    });
    const raw = readFileSync(path.join(dataDir, "outbox", "00000008.eml"), "utf8");
    expect(raw).toMatch(/^Content-Type: multipart\/alternative;/m);
    expect(raw).toMatch(/^Content-Type: text\/html; charset=utf-8$/m);
  });

  it("without SMTP_URL, writes each email as an .eml file under DATA_DIR/outbox", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "coverpilot-mail-"));
    const transport = createMailTransport(parseEnv({ DATA_DIR: dataDir }));
    await transport.send({ id: "7", from: "CoverPilot <no-reply@x.example>", ...email });
    const files = readdirSync(path.join(dataDir, "outbox"));
    expect(files).toEqual(["00000007.eml"]);
    const message = readFileSync(path.join(dataDir, "outbox", files[0]!), "utf8");
    expect(message).toContain("To: desk@agency.example");
    expect(message).toContain("Subject: New lead");
    expect(message).toContain("Ana Ruiz, 555-0100");
  });

  it("with SMTP_URL, delivers through that server", async () => {
    const received: string[] = [];
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS"],
      onData(stream, _session, callback) {
        let data = "";
        stream.on("data", (chunk: Buffer) => (data += chunk.toString()));
        stream.on("end", () => {
          received.push(data);
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
    const { port } = server.server.address() as AddressInfo;
    try {
      const dataDir = mkdtempSync(path.join(tmpdir(), "coverpilot-mail-"));
      const transport = createMailTransport(
        parseEnv({ DATA_DIR: dataDir, SMTP_URL: `smtp://127.0.0.1:${port}` }),
      );
      await transport.send({ id: "1", from: "CoverPilot <no-reply@x.example>", ...email });
      expect(received).toHaveLength(1);
      expect(received[0]).toContain("Subject: New lead");
      await transport.send({
        id: "2",
        from: "CoverPilot <no-reply@x.example>",
        ...email,
        html: "<p>Ana Ruiz</p>",
      });
      expect(received[1]).toMatch(/^Content-Type: multipart\/alternative;/m);
      expect(received[1]).toMatch(/^Content-Type: text\/html; charset=utf-8\r?$/m);
      expect(received[1]).toContain("<p>Ana Ruiz</p>");
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
