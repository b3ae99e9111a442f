/**
 * The email step's saves beside each database's own rate for the same statement
 * (bench/statement-floor.ts): on the embedded database (PGlite), and on PostgreSQL with one server
 * and two, with the round trips a save makes and the latency at a steady arrival rate.
 */
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";

import { POSTGRES_POOL_SIZE } from "#app/server/db/database.server.ts";

import { HttpVisitor, type ApplicationAnswers } from "#tests/support/visitor.ts";

import { freePort, residentMb, startAppServer, type Child } from "./processes.ts";
import type { SaveComparison, ScaleOut } from "./report.ts";
import { RoundTripCounter } from "./round-trips.ts";
import {
  committedTransactions,
  measureEmailSaves,
  measureOpenLoopSaves,
  type OpenLoopFigures,
  type SaveFigures,
} from "./saves.ts";
import {
  BENCH_SESSION_SECRET,
  CONCURRENT_VISITORS,
  DATABASE_URL,
  log,
  RESULTS,
  VISITORS,
} from "./settings.ts";
import { profileEmailSaves } from "./server-profile.ts";
import { diagnoseOpenLoop } from "./stalls.ts";
import { pgbenchStatementFloor, pgliteStatementFloor } from "./statement-floor.ts";

/** Seconds of steady arrivals in an open-loop run. */
const OPEN_LOOP_SECONDS = 15;

/**
 * The email step's saves at half the rate `closed` reached on the server at `url` (its maximum
 * with as many visitors as CONCURRENT_VISITORS at once), in an open loop.
 */
async function openLoopAtHalf(
  url: string,
  closed: SaveFigures,
  label: string,
): Promise<OpenLoopFigures> {
  const figures = await measureOpenLoopSaves(url, {
    ratePerSecond: Math.max(1, Math.round(closed.savesPerSecond / 2)),
    seconds: OPEN_LOOP_SECONDS,
    label,
  });
  log(
    `email saves on ${label} at ${figures.ratePerSecond}/s, open loop: p99 ${Math.round(figures.p99Ms)} ms`,
  );
  return figures;
}

/**
 * The email step's saves on the server `app` on PGlite, closed loop then open loop at half the
 * rate reached; the server is then stopped (`afterStop` runs next), and the same statement is run
 * in-process on a PGlite database of its own.
 */
export async function measurePgliteSaves(
  app: Child,
  workspaceDir: string,
  idleMb: number,
  afterStop?: () => Promise<void>,
): Promise<{
  comparison: SaveComparison;
  memory: { server: string; idleMb: number; afterLoadMb: number };
}> {
  const figures = await measureEmailSaves(app.url, {
    visitors: VISITORS,
    concurrency: CONCURRENT_VISITORS,
    label: "pglite",
    deadlineMs: 60_000,
    cpu: { serverPids: [app.pid], postgres: false },
  });
  log(`email saves on PGlite: ${Math.round(figures.savesPerSecond)}/s`);
  const memory = { server: "PGlite", idleMb, afterLoadMb: residentMb(app.pid) };
  const openLoop = await openLoopAtHalf(app.url, figures, "PGlite");
  await app.stop();
  await afterStop?.();
  const reference = await pgliteStatementFloor(path.join(workspaceDir, ".bench-pglite-reference"), {
    seconds: 8,
    concurrency: CONCURRENT_VISITORS,
    maxSaves: 20_000,
  });
  log(`PGlite in-process: ${Math.round(reference.savesPerSecond)} email statements/s`);
  return {
    comparison: {
      database: "PGlite",
      app: figures,
      reference,
      ratio: figures.savesPerSecond / reference.savesPerSecond,
      openLoop,
    },
    memory,
  };
}

/**
 * The email step's saves on PostgreSQL (a database made for the run on BENCH_DATABASE_URL and
 * dropped after it): one server, closed loop then open loop at half the rate reached; then two
 * beside each other; then pgbench's own rate for the same statement.
 */
export async function measurePostgresSaves(
  workspaceDir: string,
  servers: Child[],
): Promise<{
  comparison: SaveComparison;
  scaleOut?: ScaleOut;
  memory?: { server: string; idleMb: number; afterLoadMb: number };
}> {
  if (!DATABASE_URL) {
    return {
      comparison: { database: "PostgreSQL", notMeasured: "BENCH_DATABASE_URL was not set" },
    };
  }
  const tools = postgresTools();
  if (!tools) {
    return { comparison: { database: "PostgreSQL", notMeasured: "psql or pgbench was not found" } };
  }
  const database = `coverpilot_bench_${process.pid}_${Date.now()}`;
  const databaseUrl = withDatabase(DATABASE_URL, database);
  execFileSync(tools.psql, [
    "-q",
    "-v",
    "ON_ERROR_STOP=1",
    "-c",
    `CREATE DATABASE ${database}`,
    DATABASE_URL,
  ]);
  try {
    const pgPort = await freePort();
    const pgApp = await startAppServer(
      workspaceDir,
      pgPort,
      path.join(RESULTS, "server-postgres.log"),
      {
        DATA_DIR: path.join(workspaceDir, ".bench-data-postgres"),
        DATABASE_URL: databaseUrl,
        SESSION_SECRET: BENCH_SESSION_SECRET,
      },
    );
    servers.push(pgApp);
    const pgIdleMb = residentMb(pgApp.pid);
    let transactions = 0;
    const pgSaves = await measureEmailSaves(pgApp.url, {
      visitors: VISITORS,
      concurrency: CONCURRENT_VISITORS,
      label: "postgres",
      deadlineMs: 60_000,
      cpu: { serverPids: [pgApp.pid], postgres: true },
      aroundEmails: {
        before: async () => {
          transactions = -(await committedTransactions(databaseUrl, tools.psql));
        },
        after: async () => {
          transactions += await committedTransactions(databaseUrl, tools.psql);
        },
      },
    });
    log(`email saves on PostgreSQL: ${Math.round(pgSaves.savesPerSecond)}/s`);
    const openLoop = await openLoopAtHalf(pgApp.url, pgSaves, "PostgreSQL");
    const memory = {
      server: "PostgreSQL",
      idleMb: pgIdleMb,
      afterLoadMb: residentMb(pgApp.pid),
    };
    // Scale-out: a second server beside the first, as the README runs several (same database,
    // same SESSION_SECRET), the same number of visitors shared out between the two.
    const secondPort = await freePort();
    const secondApp = await startAppServer(
      workspaceDir,
      secondPort,
      path.join(RESULTS, "server-postgres-2.log"),
      {
        DATA_DIR: path.join(workspaceDir, ".bench-data-postgres-2"),
        DATABASE_URL: databaseUrl,
        SESSION_SECRET: BENCH_SESSION_SECRET,
      },
    );
    servers.push(secondApp);
    const twoSaves = await measureEmailSaves([pgApp.url, secondApp.url], {
      visitors: VISITORS,
      concurrency: CONCURRENT_VISITORS,
      label: "postgres-two",
      deadlineMs: 60_000,
      cpu: { serverPids: [pgApp.pid, secondApp.pid], postgres: true },
    });
    log(`email saves on PostgreSQL, two servers: ${Math.round(twoSaves.savesPerSecond)}/s`);
    const stored = Number(
      execFileSync(
        tools.psql,
        [
          "-qtA",
          "-c",
          "SELECT count(*) FROM business_wizard_submissions WHERE email LIKE 'bench-postgres-two-%'",
          databaseUrl,
        ],
        { encoding: "utf8" },
      ).trim(),
    );
    const scaleOut: ScaleOut = {
      processes: 2,
      app: twoSaves,
      stored,
      oneProcessSavesPerSecond: pgSaves.savesPerSecond,
      ratio: twoSaves.savesPerSecond / pgSaves.savesPerSecond,
    };
    await Promise.all([pgApp.stop(), secondApp.stop()]);
    const roundTrips = await countRoundTrips(workspaceDir, databaseUrl, servers);
    log(
      `round trips to PostgreSQL per save: ${roundTrips.all.toFixed(2)}, ${roundTrips.requests.toFixed(2)} by the requests; per final save ${roundTrips.finalSave.toFixed(2)}`,
    );
    const profile = await profileEmailSaves(workspaceDir, databaseUrl, servers);
    log(`server profiled over ${profile.saves} email saves`);
    const stalls = await diagnoseOpenLoop(workspaceDir, databaseUrl, servers, {
      ratePerSecond: openLoop.ratePerSecond,
      seconds: OPEN_LOOP_SECONDS,
    });
    log(
      `open loop again with the stall probe: p99 ${Math.round(stalls.p99Ms)} ms; the slowest saves' time in GC ${(100 * stalls.gc.slowestShare).toFixed(0)} %, event-loop stalls ${(100 * stalls.stalls.slowestShare).toFixed(0)} %, slow queries ${(100 * stalls.queries.slowestShare).toFixed(0)} %`,
    );
    // The same concurrency at the database as the server's saves had: its pool's connections.
    const floor = await pgbenchStatementFloor(databaseUrl, {
      clients: POSTGRES_POOL_SIZE,
      seconds: 8,
      rawDir: RESULTS,
      ...tools,
    });
    log(`pgbench: ${Math.round(floor.savesPerSecond)} email statements/s`);
    return {
      comparison: {
        database: "PostgreSQL",
        app: pgSaves,
        reference: floor,
        ratio: pgSaves.savesPerSecond / floor.savesPerSecond,
        openLoop,
        stalls,
        profile,
        transactionsPerSave: transactions / pgSaves.saves,
        roundTripsPerSave: roundTrips.all,
        finalSaveRoundTrips: roundTrips.finalSave,
        requestRoundTripsPerSave: roundTrips.requests,
      },
      scaleOut,
      memory,
    };
  } finally {
    execFileSync(tools.psql, [
      "-q",
      "-c",
      `DROP DATABASE IF EXISTS ${database} WITH (FORCE)`,
      DATABASE_URL,
    ]);
  }
}

/**
 * Round trips to PostgreSQL per email save: a server whose database connections go through a
 * counting proxy (bench/round-trips.ts), and a short run of saves through it (not timed: the proxy
 * costs time of its own). Everything the server sends to the database while the email posts run is
 * counted, off the request path too (the resume links' mail being marked sent).
 */
async function countRoundTrips(
  workspaceDir: string,
  databaseUrl: string,
  servers: Child[],
): Promise<{ all: number; requests: number; finalSave: number }> {
  const direct = new URL(databaseUrl);
  const counter = await RoundTripCounter.start({
    host: direct.hostname,
    port: Number(direct.port || 5432),
  });
  const proxied = new URL(databaseUrl);
  proxied.hostname = "127.0.0.1";
  proxied.port = String(counter.port);
  const app = await startAppServer(
    workspaceDir,
    await freePort(),
    path.join(RESULTS, "server-postgres-counted.log"),
    {
      DATA_DIR: path.join(workspaceDir, ".bench-data-postgres-counted"),
      DATABASE_URL: proxied.href,
      SESSION_SECRET: BENCH_SESSION_SECRET,
    },
  );
  servers.push(app);
  try {
    let counted = 0;
    let requests = 0;
    const run = await measureEmailSaves(app.url, {
      visitors: 200,
      concurrency: 10,
      label: "postgres-counted",
      deadlineMs: 60_000,
      aroundEmails: {
        before: async () => {
          counted = -counter.roundTrips;
          requests = -counter.draftRoundTrips;
        },
        after: async () => {
          counted += counter.roundTrips;
          requests += counter.draftRoundTrips;
        },
      },
    });
    const finalSave = await finalSaveRoundTrips(app.url, counter);
    return { all: counted / run.saves, requests: requests / run.saves, finalSave };
  } finally {
    await app.stop();
    await counter.close();
  }
}

/** Visitors whose final save's round trips are counted. */
const FINAL_SAVE_VISITORS = 50;

/**
 * Round trips to PostgreSQL per final save (the last questionnaire's), on the request's path:
 * FINAL_SAVE_VISITORS visitors answer every step but the last (not counted), then send the last
 * one at a time. Off the path: the counts the posts add to the server's batches (the rate limit's,
 * the funnel's), and the server's background work in an idle spell as long as those posts took,
 * counted afterwards; both are taken off.
 */
async function finalSaveRoundTrips(url: string, counter: RoundTripCounter): Promise<number> {
  const visitors: HttpVisitor[] = [];
  const answers: ApplicationAnswers = {
    businessName: "Bench Bakery",
    firstName: "Ana",
    lastName: "Bench",
    phoneNumber: "(614) 555-0101",
    streetAddress: "1 Oven St",
  };
  for (let index = 0; index < FINAL_SAVE_VISITORS; index += 1) {
    const visitor = new HttpVisitor(url);
    if (!(await visitor.saveEmailStep(`bench-final-${Date.now()}-${index}@example.com`))) {
      throw new Error("A bench visitor's email step was not saved");
    }
    await visitor.answerUntilTheLastStep(answers);
    visitors.push(visitor);
  }
  const unbatched = () => counter.roundTrips - counter.batchedCountRoundTrips;
  const before = unbatched();
  const started = performance.now();
  for (const visitor of visitors) {
    if (!(await visitor.saveTheLastStep(answers))) {
      throw new Error("A bench visitor's final save did not reach the Quote step");
    }
  }
  const during = unbatched() - before;
  const afterwards = unbatched();
  await new Promise((resolve) => setTimeout(resolve, performance.now() - started));
  const background = unbatched() - afterwards;
  return (during - background) / visitors.length;
}

function postgresTools(): { psql: string; pgbench: string } | undefined {
  const find = (candidates: string[]) => candidates.find((candidate) => existsSync(candidate));
  const psql = find(["/usr/bin/psql", "/usr/lib/postgresql/15/bin/psql"]);
  const pgbench = find([
    process.env.PGBENCH ?? "",
    "/usr/bin/pgbench",
    "/usr/lib/postgresql/15/bin/pgbench",
  ]);
  return psql && pgbench ? { psql, pgbench } : undefined;
}

function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.href;
}
