import { execFileSync } from "node:child_process";
import { Agent, request } from "node:http";

import { cpuSplit, postgresCpuMs, type CpuSplit } from "./processes.ts";
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
  cpuMsPerSave?: {
    servers: number;
    postgres?: number;
    loadGenerator: number;
    /** The servers' time split: user and system, their main threads and the others. */
    serverSplit?: CpuSplit;
  };
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
  const split = cpu.serverPids.map(cpuSplit).reduce(
    (total, each) => ({
      user: total.user + each.user,
      system: total.system + each.system,
      mainThread: total.mainThread + each.mainThread,
      otherThreads: total.otherThreads + each.otherThreads,
    }),
    { user: 0, system: 0, mainThread: 0, otherThreads: 0 },
  );
  return {
    split,
    servers: split.user + split.system,
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
 * `count` visitors (shared out among `servers` in turn, each staying with its own) who have posted
 * step 1 and the segments step, `concurrency` at a time until `deadline`: each is ready to post the
 * email step, as a new visitor whose first save inserts a submission.
 */
async function prepareVisitors(
  agent: Agent,
  servers: readonly string[],
  count: number,
  concurrency: number,
  deadline: number,
): Promise<Visitor[]> {
  const visitors = Array.from(
    { length: count },
    (_, index) => new Visitor(servers[index % servers.length] ?? ""),
  );
  const prepared = await pool(count, concurrency, deadline, async (index) => {
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
  });
  return visitors.slice(0, prepared);
}

/** Whether an email post answered as a save does: the redirect to questionnaire 1. */
function savedEmail(answer: Answer): boolean {
  return answer.status === 302 && answer.location === "/business-wizard/questionnaire-1";
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
  const started = Date.now();
  try {
    const visitors = await prepareVisitors(
      agent,
      servers,
      options.visitors,
      options.concurrency,
      started + options.deadlineMs / 2,
    );
    const prepared = visitors.length;
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
        if (!savedEmail(answer)) failures += 1;
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
              serverSplit: {
                user: perSave(cpuBefore.split.user, cpuAfter.split.user) ?? 0,
                system: perSave(cpuBefore.split.system, cpuAfter.split.system) ?? 0,
                mainThread: perSave(cpuBefore.split.mainThread, cpuAfter.split.mainThread) ?? 0,
                otherThreads:
                  perSave(cpuBefore.split.otherThreads, cpuAfter.split.otherThreads) ?? 0,
              },
            },
          }
        : {}),
    };
  } finally {
    agent.destroy();
  }
}

/** The email step's saves at a steady arrival rate (open loop). */
export interface OpenLoopFigures {
  /** The arrival rate asked for, and the rate at which posts were actually sent. */
  ratePerSecond: number;
  sentPerSecond: number;
  seconds: number;
  sent: number;
  /** Posts that did not answer the redirect to questionnaire 1. */
  failures: number;
  /** Latency from each post's planned start, so that a late start counts against the server. */
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
}

/**
 * The email step's saves at a steady arrival rate: `ratePerSecond` new visitors' email posts a
 * second for `seconds`, each sent at its planned moment whether or not the earlier ones have been
 * answered (an open loop: a slow answer does not slow the load, so no coordinated omission). Each
 * latency runs from the post's planned moment to its answer. The visitors are prepared first, as
 * in measureEmailSaves (not measured).
 */
export async function measureOpenLoopSaves(
  baseUrl: string,
  options: {
    ratePerSecond: number;
    seconds: number;
    label: string;
    /** Told each post's planned moment (ms since the epoch) and latency (bench/stalls.ts). */
    onAnswer?: (plannedAt: number, latencyMs: number) => void;
  },
): Promise<OpenLoopFigures> {
  const count = Math.round(options.ratePerSecond * options.seconds);
  const agent = new Agent({ keepAlive: true, maxSockets: Infinity });
  const started = Date.now();
  try {
    const visitors = await prepareVisitors(agent, [baseUrl], count, 50, started + 120_000);
    const latencies: number[] = [];
    let failures = 0;
    const answers: Promise<void>[] = [];
    const interval = 1000 / options.ratePerSecond;
    const start = performance.now();
    let next = 0;
    while (next < visitors.length) {
      const now = performance.now();
      for (; next < visitors.length && start + next * interval <= now; next += 1) {
        const planned = start + next * interval;
        const visitor = visitors[next];
        if (!visitor) continue;
        const email = `open-${options.label}-${started}-${next}@example.com`;
        answers.push(
          postForm(
            agent,
            baseUrl,
            "/business-wizard/email",
            { email, intent: "continue" },
            visitor.cookieHeader(),
          ).then(
            (answer) => {
              latencies.push(performance.now() - planned);
              options.onAnswer?.(performance.timeOrigin + planned, performance.now() - planned);
              if (!savedEmail(answer)) failures += 1;
            },
            () => {
              latencies.push(performance.now() - planned);
              options.onAnswer?.(performance.timeOrigin + planned, performance.now() - planned);
              failures += 1;
            },
          ),
        );
      }
      await new Promise((resolve) => setTimeout(resolve, 1));
    }
    const sentSeconds = (performance.now() - start) / 1000;
    await Promise.all(answers);
    return {
      ratePerSecond: options.ratePerSecond,
      sentPerSecond: visitors.length / sentSeconds,
      seconds: options.seconds,
      sent: visitors.length,
      failures,
      p50Ms: median(latencies),
      p99Ms: percentile(latencies, 99),
      maxMs: Math.max(...latencies),
    };
  } finally {
    agent.destroy();
  }
}

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
