import { writeFileSync } from "node:fs";
import path from "node:path";

import autocannon from "autocannon";

import { BROWSER_ACCEPT_ENCODING, getRaw } from "./bytes.ts";
import { cpuMs, startBareServer } from "./processes.ts";

/** Hop-by-hop and per-response headers that the bare server does not replay. */
const NOT_REPLAYED = new Set([
  "connection",
  "content-length",
  "date",
  "keep-alive",
  "transfer-encoding",
]);

/** One autocannon run's figures. */
export interface LoadFigures {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  requests: number;
  /** Answers other than 2xx, plus connection errors and timeouts: a valid run has none. */
  failures: number;
  /**
   * The server process's CPU time per answer, in microseconds: its own cost, whoever of server and
   * load generator (which share the cores) was the bottleneck.
   */
  serverCpuUsPerRequest: number;
}

/** A page's throughput, the bare server's for the same bytes, and their ratio. */
export interface Throughput {
  path: string;
  connections: number;
  seconds: number;
  encoding: string;
  responseBytes: number;
  app: LoadFigures;
  bare: LoadFigures;
  ratio: number;
}

/**
 * autocannon on GET `path` of the app, then on a bare Node http server that answers the bytes the
 * app answered (the same headers and body, encoded as for a browser), each after a warm-up.
 */
export async function compareThroughput(
  appUrl: string,
  appPid: number,
  pagePath: string,
  options: { connections: number; seconds: number; warmupSeconds: number; rawDir: string },
): Promise<Throughput> {
  const headers = { "accept-encoding": BROWSER_ACCEPT_ENCODING };
  const recorded = await getRaw(`${appUrl}${pagePath}`, BROWSER_ACCEPT_ENCODING);
  if (recorded.status !== 200) throw new Error(`GET ${pagePath} answered ${recorded.status}`);
  const name = pagePath === "/" ? "home" : pagePath.slice(1).replace(/[^a-z0-9]+/gi, "-");
  const bodyFile = path.join(options.rawDir, `bare-${name}.body`);
  const headersFile = path.join(options.rawDir, `bare-${name}.headers.json`);
  writeFileSync(bodyFile, recorded.body);
  writeFileSync(
    headersFile,
    JSON.stringify(
      Object.fromEntries(
        Object.entries(recorded.headers).filter(([header]) => !NOT_REPLAYED.has(header)),
      ),
    ),
  );
  const app = await load(`${appUrl}${pagePath}`, appPid, headers, options);
  const bareServer = await startBareServer(
    bodyFile,
    headersFile,
    path.join(options.rawDir, `bare-${name}.log`),
  );
  let bare: LoadFigures;
  try {
    bare = await load(`${bareServer.url}${pagePath}`, bareServer.pid, headers, options);
  } finally {
    await bareServer.stop();
  }
  return {
    path: pagePath,
    connections: options.connections,
    seconds: options.seconds,
    encoding: recorded.headers["content-encoding"] ?? "identity",
    responseBytes: recorded.body.length,
    app,
    bare,
    ratio: app.requestsPerSecond / bare.requestsPerSecond,
  };
}

async function load(
  url: string,
  pid: number,
  headers: Record<string, string>,
  options: { connections: number; seconds: number; warmupSeconds: number },
): Promise<LoadFigures> {
  await autocannon({
    url,
    headers,
    connections: options.connections,
    duration: options.warmupSeconds,
  });
  const cpuBefore = cpuMs(pid);
  const result = await autocannon({
    url,
    headers,
    connections: options.connections,
    duration: options.seconds,
  });
  const cpuUsed = cpuMs(pid) - cpuBefore;
  return {
    serverCpuUsPerRequest: (cpuUsed * 1000) / result.requests.total,
    requestsPerSecond: result.requests.total / result.duration,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    requests: result.requests.total,
    failures: result.non2xx + result.errors + result.timeouts,
  };
}
