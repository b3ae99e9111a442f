import { createConnection, createServer, type Server } from "node:net";

/** A statement that reads or writes a wizard draft. */
const DRAFTS = /\bwizard_drafts\b/;
/**
 * A statement of the counts the server keeps in memory and writes in batches, off the requests'
 * path (decision 023): the rate limit's and the funnel's.
 */
const BATCHED_COUNTS = /\b(rate_limit_hits|wizard_funnel_daily)\b/;

/** Round trips counted, over every connection. */
interface Counted {
  roundTrips: number;
  draftRoundTrips: number;
  batchedCountRoundTrips: number;
}

/** PostgreSQL's wire protocol: the codes of an untyped first message that is not the startup. */
const SSL_REQUEST = 80877103;
const GSSENC_REQUEST = 80877104;

/**
 * A TCP proxy in front of PostgreSQL that counts the round trips its clients make: each simple
 * query ('Q') and each Sync ('S', which ends an extended-protocol query: Parse, Bind, Execute) is
 * one, answered when the server is ready for the next. It reads the client's side only.
 */
export class RoundTripCounter {
  readonly port: number;
  private readonly server: Server;
  private readonly counted: Counted;

  private constructor(server: Server, port: number, counted: Counted) {
    this.server = server;
    this.port = port;
    this.counted = counted;
  }

  /** Round trips counted since the proxy started, over every connection. */
  get roundTrips(): number {
    return this.counted.roundTrips;
  }

  /**
   * Of those, the round trips whose statements read or write a wizard draft: every request of the
   * wizard's does, and the server's background work (the rate limit's batched counts, the outbox's
   * emails, the funnel's tally) never does.
   */
  get draftRoundTrips(): number {
    return this.counted.draftRoundTrips;
  }

  /**
   * Of those, the round trips that write the counts kept in memory (BATCHED_COUNTS): requests
   * cause them, a batch at a time, but never wait for them.
   */
  get batchedCountRoundTrips(): number {
    return this.counted.batchedCountRoundTrips;
  }

  static async start(target: { host: string; port: number }): Promise<RoundTripCounter> {
    const counted: Counted = { roundTrips: 0, draftRoundTrips: 0, batchedCountRoundTrips: 0 };
    const server = createServer((client) => {
      const upstream = createConnection(target);
      client.pipe(upstream).pipe(client);
      client.on("close", () => upstream.destroy());
      upstream.on("close", () => client.destroy());
      client.on("error", () => upstream.destroy());
      upstream.on("error", () => client.destroy());
      let pending: Buffer = Buffer.alloc(0);
      let started = false;
      let touchesDraft = false;
      let touchesCounts = false;
      client.on("data", (chunk: Buffer) => {
        pending = pending.length === 0 ? chunk : Buffer.concat([pending, chunk]);
        for (;;) {
          if (!started) {
            if (pending.length < 8) return;
            const length = pending.readInt32BE(0);
            if (pending.length < length) return;
            const code = pending.readInt32BE(4);
            // An SSL or GSS request comes before the startup message, which is untyped as well.
            started = code !== SSL_REQUEST && code !== GSSENC_REQUEST;
            pending = pending.subarray(length);
            continue;
          }
          if (pending.length < 5) return;
          const length = pending.readInt32BE(1);
          if (pending.length < 1 + length) return;
          const type = String.fromCharCode(pending[0] ?? 0);
          // Parse: the statement's name, then its text; a simple query: its text.
          if (type === "P" || type === "Q") {
            const body = pending.subarray(5, 1 + length);
            const text = type === "P" ? body.subarray(body.indexOf(0) + 1) : body;
            const statement = text.toString("utf8", 0, text.indexOf(0));
            if (DRAFTS.test(statement)) touchesDraft = true;
            if (BATCHED_COUNTS.test(statement)) touchesCounts = true;
          }
          if (type === "Q" || type === "S") {
            counted.roundTrips += 1;
            if (touchesDraft) counted.draftRoundTrips += 1;
            else if (touchesCounts) counted.batchedCountRoundTrips += 1;
            touchesDraft = false;
            touchesCounts = false;
          }
          pending = pending.subarray(1 + length);
        }
      });
    });
    const port = await new Promise<number>((resolve) =>
      server.listen(0, "127.0.0.1", () => {
        const address = server.address();
        resolve(typeof address === "object" && address ? address.port : 0);
      }),
    );
    return new RoundTripCounter(server, port, counted);
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}
