import { execFileSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { Agent, request } from "node:http";
import path from "node:path";

import { PGlite } from "@electric-sql/pglite";

import { cpuMs, postgresCpuMs } from "./processes.ts";
import { median, percentile } from "./stats.ts";

/** The email step's saves over HTTP at a number of concurrent visitors. */
export interface SaveFigures {
  visitors: number;
  concurrency: number;
  saves: number;
  /** Email posts that did not answer the redirect to questionnaire 1. */
  failures: number;
  seconds: number;
  savesPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  /** CPU time per measured save, where it went: the servers, PostgreSQL, the bench's own load. */
  cpuMsPerSave?: { servers: number; postgres?: number; loadGenerator: number };
}

/** The database's own single-row upsert rate, measured beside the app's saves. */
export interface UpsertReference {
  tool: string;
  clients: number;
  upserts: number;
  seconds: number;
  upsertsPerSecond: number;
  meanLatencyMs: number;
}

interface Answer {
  status: number;
  location: string | undefined;
  setCookies: string[];
}

/** A visitor without a browser, keeping the wizard's cookies as a browser would. */
class Visitor {
  private readonly cookies = new Map<string, string>();

  /** The server this visitor uses (one of several, when the bench runs more than one). */
  readonly baseUrl: string;

  constructor(baseUrl: string) {
    this.baseUrl = baseUrl;
  }

  cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }

  keep(setCookies: string[]): void {
    for (const cookie of setCookies) {
      const pair = cookie.split(";")[0] ?? "";
      const equals = pair.indexOf("=");
      if (equals > 0) this.cookies.set(pair.slice(0, equals), pair.slice(equals + 1));
    }
  }
}

function postForm(
  agent: Agent,
  baseUrl: string,
  formPath: string,
  fields: Record<string, string>,
  cookie: string,
): Promise<Answer> {
  const body = new URLSearchParams(fields).toString();
  return new Promise((resolve, reject) => {
    const req = request(
      `${baseUrl}${formPath}`,
      {
        method: "POST",
        agent,
        headers: {
          "content-type": "application/x-www-form-urlencoded",
          "content-length": Buffer.byteLength(body),
          // A browser's form post names the site it comes from.
          origin: baseUrl,
          cookie,
        },
        timeout: 30_000,
      },
      (res) => {
        res.resume();
        res.on("end", () =>
          resolve({
            status: res.statusCode ?? 0,
            location: res.headers.location,
            setCookies: res.headers["set-cookie"] ?? [],
          }),
        );
        res.on("error", reject);
      },
    );
    req.on("timeout", () => req.destroy(new Error(`POST ${formPath} timed out`)));
    req.on("error", reject);
    req.end(body);
  });
}

/** CPU time used so far by the servers, PostgreSQL (if asked) and this process, in ms. */
function cpuNow(cpu: { serverPids: readonly number[]; postgres: boolean } | undefined) {
  if (!cpu) return undefined;
  const own = process.cpuUsage();
  return {
    servers: cpu.serverPids.reduce((total, pid) => total + cpuMs(pid), 0),
    postgres: cpu.postgres ? postgresCpuMs() : undefined,
    loadGenerator: (own.user + own.system) / 1000,
  };
}

/** Runs `work` for items 0..count-1 with `concurrency` at a time; stops taking new ones past the deadline. */
async function pool(
  count: number,
  concurrency: number,
  deadline: number,
  work: (index: number) => Promise<void>,
): Promise<number> {
  let next = 0;
  const worker = async () => {
    while (next < count && Date.now() < deadline) {
      const index = next;
      next += 1;
      await work(index);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return next;
}

/**
 * `visitors` visitors each post step 1 and the segments step (not measured), then `concurrency` of
 * them at a time post the email step (measured: its latency and the rate of saves). Each email is
 * new, so each save inserts a submission, as a visitor's first save does. With several servers
 * (`baseUrls`), the visitors are shared out among them in turn, each staying with its own.
 */
export async function measureEmailSaves(
  baseUrls: string | readonly string[],
  options: {
    visitors: number;
    concurrency: number;
    label: string;
    deadlineMs: number;
    /** Called right before the first email post and right after the last one. */
    aroundEmails?: { before(): Promise<void>; after(): Promise<void> };
    /** The servers' processes, whose CPU time is measured over the email posts (and PostgreSQL's). */
    cpu?: { serverPids: readonly number[]; postgres: boolean };
  },
): Promise<SaveFigures> {
  const agent = new Agent({ keepAlive: true, maxSockets: options.concurrency });
  const servers = typeof baseUrls === "string" ? [baseUrls] : baseUrls;
  const visitors = Array.from(
    { length: options.visitors },
    (_, index) => new Visitor(servers[index % servers.length] ?? ""),
  );
  const started = Date.now();
  try {
    const prepared = await pool(
      options.visitors,
      options.concurrency,
      started + options.deadlineMs / 2,
      async (index) => {
        const visitor = visitors[index];
        if (!visitor) return;
        const first = await postForm(
          agent,
          visitor.baseUrl,
          "/business-wizard",
          { industry: "food", state: "Ohio", intent: "continue" },
          visitor.cookieHeader(),
        );
        visitor.keep(first.setCookies);
        const second = await postForm(
          agent,
          visitor.baseUrl,
          "/business-wizard/segments",
          { segments: "Bakery", intent: "continue" },
          visitor.cookieHeader(),
        );
        visitor.keep(second.setCookies);
        if (first.status !== 302 || second.status !== 302) {
          throw new Error(`Preparing a visitor answered ${first.status} and ${second.status}`);
        }
      },
    );
    const latencies: number[] = [];
    let failures = 0;
    await options.aroundEmails?.before();
    const cpuBefore = cpuNow(options.cpu);
    const measureStart = performance.now();
    const posted = await pool(
      prepared,
      options.concurrency,
      Date.now() + options.deadlineMs / 2,
      async (index) => {
        const visitor = visitors[index];
        if (!visitor) return;
        const sent = performance.now();
        const answer = await postForm(
          agent,
          visitor.baseUrl,
          "/business-wizard/email",
          { email: `bench-${options.label}-${started}-${index}@example.com`, intent: "continue" },
          visitor.cookieHeader(),
        );
        latencies.push(performance.now() - sent);
        if (answer.status !== 302 || answer.location !== "/business-wizard/questionnaire-1") {
          failures += 1;
        }
      },
    );
    const seconds = (performance.now() - measureStart) / 1000;
    const cpuAfter = cpuNow(options.cpu);
    await options.aroundEmails?.after();
    const saves = posted - failures;
    const perSave = (before: number | undefined, after: number | undefined) =>
      before === undefined || after === undefined || saves === 0
        ? undefined
        : (after - before) / saves;
    return {
      visitors: posted,
      concurrency: options.concurrency,
      saves: posted - failures,
      failures,
      seconds,
      savesPerSecond: (posted - failures) / seconds,
      p50Ms: median(latencies),
      p99Ms: percentile(latencies, 99),
      ...(cpuBefore && cpuAfter
        ? {
            cpuMsPerSave: {
              servers: perSave(cpuBefore.servers, cpuAfter.servers) ?? 0,
              postgres: perSave(cpuBefore.postgres, cpuAfter.postgres),
              loadGenerator: perSave(cpuBefore.loadGenerator, cpuAfter.loadGenerator) ?? 0,
            },
          }
        : {}),
    };
  } finally {
    agent.destroy();
  }
}

/** The email step's upsert (app/server/wizard/submission-saves.server.ts) into a scratch table of the same shape. */
const SCRATCH_TABLE = `
  CREATE TABLE bench_upsert (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    industry text NOT NULL,
    state text NOT NULL,
    segments text[] NOT NULL,
    email text NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now()
  );
  CREATE UNIQUE INDEX bench_upsert_email_key ON bench_upsert (lower(email));
`;
const UPSERT = `INSERT INTO bench_upsert (industry, state, segments, email)
  VALUES ($1, $2, $3, $4)
  ON CONFLICT (lower(email)) DO UPDATE SET industry = excluded.industry, state = excluded.state,
    segments = excluded.segments, email = excluded.email, updated_at = now()
  RETURNING id`;

/** Transactions committed in the database of `url` so far, by every session. */
export async function committedTransactions(url: string, psql: string): Promise<number> {
  // The statistics reach pg_stat_database within a second of a transaction's end.
  await new Promise((resolve) => setTimeout(resolve, 1_500));
  const output = execFileSync(
    psql,
    [
      "-qtA",
      "-c",
      "SELECT xact_commit FROM pg_stat_database WHERE datname = current_database()",
      url,
    ],
    { encoding: "utf8" },
  );
  return Number(output.trim());
}

/** pgbench: PostgreSQL's own rate for the email step's upsert, `clients` connections at once. */
export function pgbenchReference(
  url: string,
  options: { clients: number; seconds: number; rawDir: string; pgbench: string; psql: string },
): UpsertReference {
  execFileSync(options.psql, ["-q", "-v", "ON_ERROR_STOP=1", "-c", SCRATCH_TABLE, url]);
  const script = path.join(options.rawDir, "upsert.pgbench.sql");
  writeFileSync(
    script,
    [
      String.raw`\set n random(1, 1000000000)`,
      UPSERT.replace("$1", "'food'")
        .replace("$2", "'Ohio'")
        .replace("$3", "ARRAY['Bakery']")
        .replace("$4", "'bench-' || :n || '@example.com'")
        .replace(/\s+/g, " ") + ";",
      "",
    ].join("\n"),
  );
  const output = execFileSync(
    options.pgbench,
    [
      "--no-vacuum",
      "--protocol=extended",
      `--client=${options.clients}`,
      `--jobs=${Math.min(options.clients, 2)}`,
      `--time=${options.seconds}`,
      `--file=${script}`,
      url,
    ],
    { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] },
  );
  writeFileSync(path.join(options.rawDir, "pgbench.txt"), output);
  const tps = Number(/tps = ([\d.]+)/.exec(output)?.[1]);
  const latency = Number(/latency average = ([\d.]+) ms/.exec(output)?.[1]);
  const transactions = Number(/number of transactions actually processed: (\d+)/.exec(output)?.[1]);
  if (!Number.isFinite(tps)) throw new Error(`pgbench printed no rate:\n${output}`);
  return {
    tool: "pgbench",
    clients: options.clients,
    upserts: transactions,
    seconds: options.seconds,
    upsertsPerSecond: tps,
    meanLatencyMs: latency,
  };
}

/**
 * A plain loop of the email step's upsert on PGlite (files in `dataDir`, as the server keeps
 * them), one at a time: PGlite runs one query at a time anyway.
 */
export async function pgliteReference(
  dataDir: string,
  options: { seconds: number; maxUpserts: number },
): Promise<UpsertReference> {
  const pglite = await PGlite.create(dataDir);
  try {
    await pglite.exec(SCRATCH_TABLE);
    // A short warm-up, as the server's saves have.
    for (let i = 0; i < 200; i += 1) {
      await pglite.query(UPSERT, ["food", "Ohio", ["Bakery"], `warmup-${i}@example.com`]);
    }
    const started = performance.now();
    const deadline = started + options.seconds * 1000;
    let upserts = 0;
    while (upserts < options.maxUpserts && performance.now() < deadline) {
      await pglite.query(UPSERT, ["food", "Ohio", ["Bakery"], `bench-${upserts}@example.com`]);
      upserts += 1;
    }
    const seconds = (performance.now() - started) / 1000;
    return {
      tool: "PGlite loop",
      clients: 1,
      upserts,
      seconds,
      upsertsPerSecond: upserts / seconds,
      meanLatencyMs: (seconds * 1000) / upserts,
    };
  } finally {
    await pglite.close();
  }
}
