import { createHmac } from "node:crypto";
import { mkdtempSync, readFileSync } from "node:fs";
import {
  createServer,
  type IncomingHttpHeaders,
  type Server,
  type ServerResponse,
} from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";

import { Ajv2020 } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { testDatabaseKinds } from "#tests/support/databases.ts";

import type { Database } from "#app/server/db/database.server.ts";
import { parseEnv } from "#app/server/env.server.ts";
import { type AppServices } from "#app/server/services.server.ts";
import { createServices } from "#app/server/create-services.server.ts";
import { saveCompleteSubmission } from "#app/server/wizard/submission-saves.server.ts";
import {
  listWebhookDeliveries,
  queueLeadEvent,
  resendWebhookDelivery,
  WebhookWorker,
  webhookSignature,
} from "#app/server/leads/webhooks.server.ts";
import { completeRecord } from "#tests/support/application-records.ts";

const SECRET = "a-webhook-secret-of-some-length";

const ajv = new Ajv2020({ allErrors: true, strict: false });
addFormats.default(ajv);
const validLead = ajv.compile(
  JSON.parse(readFileSync("docs/lead-record.schema.json", "utf8")) as object,
);

/** A receiver that answers each post with the next status of `answers` (then 200). */
class Receiver {
  readonly posts: Array<{ headers: IncomingHttpHeaders; body: string }> = [];
  private readonly answers: number[];
  private readonly server: Server;

  constructor(answers: number[]) {
    this.answers = [...answers];
    this.server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on("data", (chunk: Buffer) => chunks.push(chunk));
      request.on("end", () => {
        this.posts.push({ headers: request.headers, body: Buffer.concat(chunks).toString("utf8") });
        response.statusCode = this.answers.shift() ?? 200;
        response.end("ok");
      });
    });
  }

  listen(): Promise<string> {
    return listenLocally(this.server);
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

/** Listens on a free local port; returns the URL to post to. */
async function listenLocally(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  // A server listening on a TCP port has an AddressInfo (a string only for a pipe).
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
}

const MIB = 1024 * 1024;

/**
 * A receiver that answers 200 and then a body of `total` bytes, made as it goes (so that it costs
 * the test nothing), writing only as fast as the client reads. Notes how many bytes it handed to
 * the socket, and whether the client went away before the end.
 */
class FloodingReceiver {
  written = 0;
  finished = false;
  /** Resolves when the answer's connection is closed, by either side. */
  readonly closed: Promise<void>;
  private readonly server: Server;

  constructor(total: number) {
    const chunk = Buffer.alloc(64 * 1024, "x");
    let closed: () => void = () => undefined;
    this.closed = new Promise((resolve) => (closed = resolve));
    this.server = createServer((request, response) => {
      request.resume();
      request.on("end", () => {
        response.writeHead(200, { "Content-Type": "text/plain" });
        response.on("close", closed);
        const write = () => {
          while (this.written < total && !response.destroyed) {
            this.written += chunk.length;
            // Backpressure: wait until the client has read what is buffered.
            if (!response.write(chunk)) return void response.once("drain", write);
          }
          if (!response.destroyed) response.end(() => (this.finished = true));
        };
        write();
      });
    });
  }

  listen(): Promise<string> {
    return listenLocally(this.server);
  }

  close(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

/** A receiver that takes each post and never answers it (until closed). */
class SilentReceiver {
  readonly held: ServerResponse[] = [];
  /** Resolves when the first post has arrived. */
  readonly reached: Promise<void>;
  private readonly server: Server;

  constructor() {
    let reached: () => void = () => undefined;
    this.reached = new Promise((resolve) => (reached = resolve));
    this.server = createServer((request, response) => {
      request.resume();
      this.held.push(response);
      reached();
    });
  }

  listen(): Promise<string> {
    return listenLocally(this.server);
  }

  /** Drops the held posts' connections (their clients see a reset), then stops listening. */
  close(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

/** Resolves when `check` holds, checking every 10 ms; rejects after `ms`. */
async function waitUntil(check: () => Promise<boolean>, ms: number, what: string): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`still not ${what} after ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** Rejects after `ms` unless `promise` settles first. */
function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`still not ${what} after ${ms} ms`)), ms);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

const record = completeRecord({
  industry: "construction",
  state: "Ohio",
  segments: ["Carpentry"],
  email: "hook@example.com",
  business_name: "Hook Carpentry",
  first_name: "Hal",
  last_name: "Hook",
  phone_number: "+15552345678",
  consent_to_texts: false,
  consent_text: null,
  consent_given_at: null,
  legal_business_name: "Hook Carpentry LLC",
  primary_location: "1 Main St, Columbus, OH 43215",
  unit: null,
  same_address: "Yes",
  mailing_address: null,
  ownership_structure: "Limited Liability Company",
  start_year: "2012",
  naics_code: "238350",
  naics_title: "Finish Carpentry Contractors",
});

function servicesFor(database: Database, url: string): AppServices {
  return createServices(
    parseEnv({
      DATA_DIR: mkdtempSync(path.join(tmpdir(), "coverpilot-webhooks-")),
      LEAD_WEBHOOK_URL: url,
      LEAD_WEBHOOK_SECRET: SECRET,
      WEBHOOK_RETRY_BASE_MS: "10",
    }),
    database,
  );
}

/** Runs passes of fresh workers (a restart each time) until nothing is left to deliver. */
async function deliverAll(services: AppServices, restarts: boolean): Promise<void> {
  let worker = new WebhookWorker({ db: services.database.db, env: services.env });
  for (let pass = 0; pass < 200; pass++) {
    await worker.deliverDue();
    const waiting = await services.database.db
      .selectFrom("webhook_deliveries")
      .select("id")
      .where("delivered_at", "is", null)
      .where("failed_at", "is", null)
      .execute();
    if (waiting.length === 0) return;
    if (restarts) worker = new WebhookWorker({ db: services.database.db, env: services.env });
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error("deliveries still waiting");
}

describe.each(testDatabaseKinds)("lead webhooks on $name", (kind) => {
  let database: Database;
  beforeAll(async () => {
    database = await kind.open();
  });
  afterAll(async () => {
    await database.close();
  });

  it("delivers each event once per delivery id, signed, retrying through failures and restarts", async () => {
    const receiver = new Receiver([500, 503]);
    const services = servicesFor(database, await receiver.listen());
    try {
      const id = await saveCompleteSubmission(database.db, undefined, record);
      await queueLeadEvent(services, "application.completed", id);
      await deliverAll(services, true);

      expect(receiver.posts).toHaveLength(3);
      const deliveryIds = new Set(
        receiver.posts.map((post) => post.headers["x-coverpilot-delivery"]),
      );
      expect(deliveryIds.size).toBe(1);
      for (const post of receiver.posts) {
        expect(post.headers["content-type"]).toBe("application/json");
        expect(post.headers["x-coverpilot-event"]).toBe("application.completed");
        const expected = `sha256=${createHmac("sha256", SECRET).update(post.body).digest("hex")}`;
        expect(post.headers["x-coverpilot-signature"]).toBe(expected);
        expect(post.body).toBe(receiver.posts[0]?.body);
      }
      const body = JSON.parse(receiver.posts[0]?.body ?? "{}") as {
        event: string;
        deliveryId: string;
        lead: unknown;
      };
      expect(body.event).toBe("application.completed");
      expect(body.deliveryId).toBe([...deliveryIds][0]);
      expect(validLead(body.lead), JSON.stringify(validLead.errors)).toBe(true);
      expect(body.lead).toMatchObject({
        id,
        status: "complete",
        natureOfBusiness: { naics: { code: "238350" } },
      });

      const [delivery] = await listWebhookDeliveries(database.db, { submissionId: id });
      expect(delivery).toMatchObject({ attempts: 3, lastStatus: 200, lastError: null });
      expect(delivery?.deliveredAt).toBeInstanceOf(Date);
    } finally {
      await receiver.close();
    }
  });

  it("sends again on an operator's word, under the same id, only for its own submission", async () => {
    const receiver = new Receiver([]);
    const services = servicesFor(database, await receiver.listen());
    try {
      const id = await saveCompleteSubmission(database.db, undefined, {
        ...record,
        email: "again@example.com",
      });
      await queueLeadEvent(services, "quote_request.created", id);
      await deliverAll(services, false);
      const [delivery] = await listWebhookDeliveries(database.db, { submissionId: id });
      if (!delivery) throw new Error("no delivery");
      const other = await saveCompleteSubmission(database.db, undefined, {
        ...record,
        email: "other@example.com",
      });
      expect(await resendWebhookDelivery(database.db, delivery.id, other)).toBe(false);
      expect(await resendWebhookDelivery(database.db, delivery.id, id)).toBe(true);
      await deliverAll(services, false);
      expect(receiver.posts.map((post) => post.headers["x-coverpilot-delivery"])).toEqual([
        delivery.id,
        delivery.id,
      ]);
    } finally {
      await receiver.close();
    }
  });

  it("reads only the start of a receiver's answer, however long the answer is", async () => {
    const total = 256 * MIB;
    const receiver = new FloodingReceiver(total);
    const services = servicesFor(database, await receiver.listen());
    try {
      const id = await saveCompleteSubmission(database.db, undefined, {
        ...record,
        email: "flood@example.com",
      });
      await queueLeadEvent(services, "application.completed", id);
      const worker = new WebhookWorker({ db: database.db, env: services.env });
      const before = process.memoryUsage.rss();
      let peak = before;
      const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage.rss())), 5);
      try {
        expect(await worker.deliverDue()).toBe(1);
      } finally {
        clearInterval(sampler);
      }
      peak = Math.max(peak, process.memoryUsage.rss());

      const [delivery] = await listWebhookDeliveries(database.db, { submissionId: id });
      expect(delivery).toMatchObject({ attempts: 1, lastStatus: 200, lastError: null });
      expect(delivery?.deliveredAt).toBeInstanceOf(Date);
      // The client hung up long before the end: the receiver got to write a few socket buffers'
      // worth (kernel and stream buffers), nowhere near the whole answer.
      await within(receiver.closed, 2_000, "closed by the client");
      expect(receiver.finished).toBe(false);
      expect(receiver.written).toBeLessThan(total / 8);
      // And the answer never sat in memory.
      expect(peak - before).toBeLessThan(total / 4);
    } finally {
      await receiver.close();
    }
  });

  it("posts to a receiver while another one has not answered an earlier post", async () => {
    const silent = new SilentReceiver();
    const quick = new Receiver([]);
    const silentUrl = await silent.listen();
    const silentServices = servicesFor(database, silentUrl);
    const quickServices = servicesFor(database, await quick.listen());
    const worker = new WebhookWorker({ db: database.db, env: quickServices.env });
    // Woken by the queueing only: the poll is far beyond the test.
    worker.start(60_000);
    try {
      const id = await saveCompleteSubmission(database.db, undefined, {
        ...record,
        email: "silent@example.com",
      });
      await queueLeadEvent(silentServices, "application.completed", id);
      await within(silent.reached, 2_000, "posted to the silent receiver");
      // Queued after the silent receiver's post began, and due at once.
      await queueLeadEvent(quickServices, "application.updated", id);
      const deliveries = () => listWebhookDeliveries(database.db, { submissionId: id });
      await waitUntil(
        async () => (await deliveries()).some((delivery) => delivery.deliveredAt !== null),
        3_000,
        "delivered to the quick receiver",
      );
      expect(quick.posts).toHaveLength(1);
      expect(quick.posts[0]?.headers["x-coverpilot-event"]).toBe("application.updated");
      // The silent receiver's post is still waiting for its answer (the timeout is 10 s).
      expect(silent.held).toHaveLength(1);
      expect(silent.held[0]?.writableEnded).toBe(false);
      const pending = (await deliveries()).find((delivery) => delivery.url === silentUrl);
      expect(pending).toMatchObject({ attempts: 1, deliveredAt: null, lastError: null });

      // stop() waits for the post under way, which ends (and is recorded) when its connection drops.
      await silent.close();
      await worker.stop();
      const ended = (await deliveries()).find((delivery) => delivery.url === silentUrl);
      expect(ended).toMatchObject({ attempts: 1, deliveredAt: null, lastError: "unreachable" });
    } finally {
      // Dropping the silent receiver's connection ends its post, so that stop() need not wait for
      // the timeout; then no row of this test is left for the others to deliver.
      await silent.close();
      await worker.stop();
      await quick.close();
      await database.db.deleteFrom("webhook_deliveries").where("url", "=", silentUrl).execute();
    }
  });

  it("queues nothing without LEAD_WEBHOOK_URL, and signs as the README says", async () => {
    const services = createServices(
      parseEnv({ DATA_DIR: mkdtempSync(path.join(tmpdir(), "coverpilot-webhooks-")) }),
      database,
    );
    const id = await saveCompleteSubmission(database.db, undefined, {
      ...record,
      email: "quiet@example.com",
    });
    await queueLeadEvent(services, "application.completed", id);
    expect(await listWebhookDeliveries(database.db, { submissionId: id })).toEqual([]);
    expect(webhookSignature("secret", '{"a":1}')).toBe(
      "sha256=" + createHmac("sha256", "secret").update('{"a":1}').digest("hex"),
    );
  });
});

describe("the webhook settings", () => {
  it("need a secret with a URL, and take only http(s) URLs", () => {
    expect(() => parseEnv({ LEAD_WEBHOOK_URL: "https://hooks.example/lead" })).toThrow(
      /LEAD_WEBHOOK_SECRET/,
    );
    expect(() =>
      parseEnv({ LEAD_WEBHOOK_URL: "ftp://hooks.example/lead", LEAD_WEBHOOK_SECRET: SECRET }),
    ).toThrow(/LEAD_WEBHOOK_URL/);
    const env = parseEnv({
      DATA_DIR: mkdtempSync(path.join(tmpdir(), "coverpilot-webhooks-")),
      LEAD_WEBHOOK_URL: "https://a.example/hook, https://b.example/hook",
      LEAD_WEBHOOK_SECRET: SECRET,
    });
    expect(env.LEAD_WEBHOOK_URL).toEqual(["https://a.example/hook", "https://b.example/hook"]);
  });
});
