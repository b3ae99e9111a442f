import { readFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

import { Ajv2020 } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";

import type { LeadRecord } from "#app/domain/leads/lead-record.ts";

const ajv = new Ajv2020({ allErrors: true, strict: false });
addFormats.default(ajv);

/** Checks a document against the published schema, as an agency's system would. */
export const validLeadRecord = ajv.compile(
  JSON.parse(readFileSync("docs/lead-record.schema.json", "utf8")) as object,
);

/** One post a receiver got. */
export interface ReceivedPost {
  event: string;
  deliveryId: string;
  signature: string;
  body: string;
  lead: LeadRecord;
  status: number;
}

/**
 * An agency's system at a local URL: records every webhook post, answering each with the next
 * status of `answers`, then 200.
 */
export class WebhookReceiver {
  readonly posts: ReceivedPost[] = [];
  private readonly answers: number[];
  private readonly server: Server;

  constructor(answers: number[] = []) {
    this.answers = [...answers];
    this.server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on("data", (chunk: Buffer) => chunks.push(chunk));
      request.on("end", () => {
        const body = Buffer.concat(chunks).toString("utf8");
        const status = this.answers.shift() ?? 200;
        const parsed = JSON.parse(body) as { event: string; deliveryId: string; lead: LeadRecord };
        this.posts.push({
          event: parsed.event,
          deliveryId: parsed.deliveryId,
          signature: String(request.headers["x-coverpilot-signature"]),
          body,
          lead: parsed.lead,
          status,
        });
        response.statusCode = status;
        response.end();
      });
    });
  }

  /** Starts listening; returns the URL to post to. */
  async listen(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, "127.0.0.1", resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/leads`;
  }

  /** The posts answered with success, once per delivery id. */
  accepted(): ReceivedPost[] {
    const seen = new Set<string>();
    return this.posts.filter((post) => {
      if (post.status >= 300 || seen.has(post.deliveryId)) return false;
      seen.add(post.deliveryId);
      return true;
    });
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}
