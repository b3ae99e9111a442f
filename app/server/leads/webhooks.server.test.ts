import { createHmac } from "node:crypto";
import { mkdtempSync, readFileSync } from "node:fs";
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";

import { Ajv2020 } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import type { CompleteRecord } from "#app/domain/application-record.ts";
import { testDatabaseKinds } from "#tests/support/databases.ts";

import type { Database } from "../db/database.server.ts";
import { parseEnv } from "../env.server.ts";
import { createServices, type AppServices } from "../services.server.ts";
import { saveCompleteSubmission } from "../wizard/submissions.server.ts";
import {
  listWebhookDeliveries,
  queueLeadEvent,
  resendWebhookDelivery,
  WebhookWorker,
  webhookSignature,
} from "./webhooks.server.ts";

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

  async listen(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, "127.0.0.1", resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/hook`;
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

const record: CompleteRecord = {
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
};

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
