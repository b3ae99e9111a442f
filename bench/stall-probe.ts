/**
 * Preloaded into a server by bench/stalls.ts (`--import`): what the server's main thread and its
 * database waited on, each with when it began (milliseconds since the epoch) and how long it took.
 * Garbage collection pauses (V8's own report), event-loop stalls (a 5 ms timer that ran late by
 * more than 5 ms) and PostgreSQL queries (node-postgres's `Client.query`, from its call to its
 * answer). Written to BENCH_STALL_FILE every second; the bench reads the file after the load.
 */
import { writeFileSync } from "node:fs";
import { performance, PerformanceObserver } from "node:perf_hooks";

import pg from "pg";

/** [began, lasted] in milliseconds. */
type Span = [number, number];

const file = process.env.BENCH_STALL_FILE;
if (file) {
  const epoch = (at: number) => performance.timeOrigin + at;
  const spans: { gc: Span[]; stalls: Span[]; queries: Span[] } = {
    gc: [],
    stalls: [],
    queries: [],
  };

  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) spans.gc.push([epoch(entry.startTime), entry.duration]);
  }).observe({ entryTypes: ["gc"] });

  const TICK_MS = 5;
  let last = performance.now();
  setInterval(() => {
    const now = performance.now();
    const late = now - last - TICK_MS;
    if (late > 5) spans.stalls.push([epoch(last + TICK_MS), late]);
    last = now;
  }, TICK_MS).unref();

  // The same module the app's database layer uses (one node_modules): its queries are timed.
  const query = pg.Client.prototype.query;
  const timed = function (this: pg.Client, ...args: unknown[]): unknown {
    const began = performance.now();
    const done = () => spans.queries.push([epoch(began), performance.now() - began]);
    // The cast: query's overloads cannot be named one by one here; the arguments pass unchanged.
    const answer = (query as (...given: unknown[]) => unknown).apply(this, args);
    if (answer instanceof Promise) answer.then(done, done);
    return answer;
  };
  // The cast: the timed function stands for every overload of the one it wraps.
  pg.Client.prototype.query = timed as typeof query;

  setInterval(() => writeFileSync(file, JSON.stringify(spans)), 1000).unref();
}
