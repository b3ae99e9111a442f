/**
 * The bench's settings, from the environment (all optional), and its log: one place for what every
 * part of a run reads.
 * - BENCH_DATABASE_URL: a PostgreSQL server whose role may CREATEDB, for the save on PostgreSQL
 *   (a fresh database is made for the run and dropped after it).
 * - BENCH_RUNS (5): Lighthouse runs per page. BENCH_VISITORS (2000): visitors per save run.
 */
import path from "node:path";

import { ROOT } from "./workspace.ts";

export const RUNS = Number(process.env.BENCH_RUNS ?? 5);
export const VISITORS = Number(process.env.BENCH_VISITORS ?? 2000);
// The diagnostic variants explain a figure rather than make one: fewer runs keep the bench short.
export const DIAGNOSTIC_RUNS = Math.min(RUNS, 3);
export const DATABASE_URL = process.env.BENCH_DATABASE_URL ?? "";
/** The SESSION_SECRET every server the bench starts shares (two servers must read each other's cookies). */
export const BENCH_SESSION_SECRET = "bench-session-secret-of-more-than-32-characters";
/** Visitors saving at once in the save runs. */
export const CONCURRENT_VISITORS = 100;
/** Where raw outputs go (Lighthouse's reports, autocannon's, the servers' logs). */
export const RESULTS = path.join(ROOT, "bench/results");

const startedAt = performance.now();

/** Seconds since the bench started. */
export function elapsedSeconds(): number {
  return (performance.now() - startedAt) / 1000;
}

/** A line of progress, with the seconds since the bench started. */
export function log(line: string): void {
  process.stdout.write(`[bench ${elapsedSeconds().toFixed(0)} s] ${line}\n`);
}
