/**
 * What the slowest saves of an open loop waited on (issue 58): a server of its own on the run's
 * PostgreSQL database, with bench/stall-probe.ts preloaded, takes the same open loop as the
 * measured one (after a warm-up); each save's interval, from its planned moment to its answer, is
 * laid over the probe's spans. For the saves at or above the run's p99: the share of their time
 * during which the server's main thread was in a garbage collection pause, its event loop was
 * stalled (a pause counts there too), and a PostgreSQL query slower than 10 ms was in flight. The
 * measured open loop stays the probe-free one; this run only explains.
 */
import { readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

import type { Child } from "./processes.ts";
import { measureOpenLoopSaves } from "./saves.ts";
import { startWarmedServer } from "./server-profile.ts";
import { RESULTS } from "./settings.ts";
import { largest, median, percentile } from "./stats.ts";

/** [began, lasted] in milliseconds since the epoch and milliseconds. */
type Span = [number, number];

/** A query slower than this counts as PostgreSQL keeping a save waiting. */
export const SLOW_QUERY_MS = 10;

export interface StallFigures {
  ratePerSecond: number;
  seconds: number;
  sent: number;
  p50Ms: number;
  p99Ms: number;
  /** The saves at or above the run's p99, and their time added up. */
  slowest: number;
  slowestMs: number;
  gc: { pauses: number; totalMs: number; maxMs: number; slowestShare: number };
  stalls: { count: number; maxMs: number; slowestShare: number };
  queries: { count: number; p50Ms: number; p99Ms: number; maxMs: number; slowestShare: number };
}

/** How much of [from, to] the spans cover (overlapping spans counted once). */
export function coveredMs(from: number, to: number, spans: readonly Span[]): number {
  const clipped = spans
    .map(([began, lasted]): [number, number] => [
      Math.max(from, began),
      Math.min(to, began + lasted),
    ])
    .filter(([start, end]) => end > start)
    .sort((a, b) => a[0] - b[0]);
  let covered = 0;
  let reached = from;
  for (const [start, end] of clipped) {
    if (end <= reached) continue;
    covered += end - Math.max(start, reached);
    reached = end;
  }
  return covered;
}

/** The share of the saves' time, each from its start for its latency, that the spans cover. */
export function shareCovered(saves: readonly Span[], spans: readonly Span[]): number {
  const total = saves.reduce((sum, [, lasted]) => sum + lasted, 0);
  if (total === 0) return 0;
  const covered = saves.reduce(
    (sum, [began, lasted]) => sum + coveredMs(began, began + lasted, spans),
    0,
  );
  return covered / total;
}

/** The open loop at `ratePerSecond` on a probed server of its own, and what its slowest waited on. */
export async function diagnoseOpenLoop(
  workspaceDir: string,
  databaseUrl: string,
  servers: Child[],
  options: { ratePerSecond: number; seconds: number },
): Promise<StallFigures> {
  const spansFile = path.join(RESULTS, "stall-probe.json");
  rmSync(spansFile, { force: true });
  const probe = pathToFileURL(path.join(import.meta.dirname, "stall-probe.ts")).href;
  const app = await startWarmedServer(workspaceDir, databaseUrl, servers, "probed", {
    NODE_OPTIONS: `--import=${probe}`,
    BENCH_STALL_FILE: spansFile,
  });
  const saves: Span[] = [];
  try {
    const loadBegan = Date.now();
    const figures = await measureOpenLoopSaves(app.url, {
      ...options,
      label: "probed",
      onAnswer: (plannedAt, latencyMs) => saves.push([plannedAt, latencyMs]),
    });
    // The probe writes its spans every second.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    const written = JSON.parse(readFileSync(spansFile, "utf8")) as Record<
      "gc" | "stalls" | "queries",
      Span[]
    >;
    const during = (spans: Span[]) => spans.filter(([began]) => began >= loadBegan);
    const gc = during(written.gc);
    const stalls = during(written.stalls);
    const queries = during(written.queries);
    const p99 = figures.p99Ms;
    const slowest = saves.filter(([, lasted]) => lasted >= p99);
    const queryTimes = queries.map(([, lasted]) => lasted);
    return {
      ratePerSecond: options.ratePerSecond,
      seconds: options.seconds,
      sent: figures.sent,
      p50Ms: figures.p50Ms,
      p99Ms: p99,
      slowest: slowest.length,
      slowestMs: slowest.reduce((sum, [, lasted]) => sum + lasted, 0),
      gc: {
        pauses: gc.length,
        totalMs: gc.reduce((sum, [, lasted]) => sum + lasted, 0),
        maxMs: largest(gc.map(([, lasted]) => lasted)),
        slowestShare: shareCovered(slowest, gc),
      },
      stalls: {
        count: stalls.length,
        maxMs: largest(stalls.map(([, lasted]) => lasted)),
        slowestShare: shareCovered(slowest, stalls),
      },
      queries: {
        count: queries.length,
        p50Ms: median(queryTimes),
        p99Ms: percentile(queryTimes, 99),
        maxMs: largest(queryTimes),
        slowestShare: shareCovered(
          slowest,
          queries.filter(([, lasted]) => lasted > SLOW_QUERY_MS),
        ),
      },
    };
  } finally {
    await app.stop();
  }
}
