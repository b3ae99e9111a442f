/**
 * `npm run bench`: builds the working tree in a scratch copy, serves it on 127.0.0.1 and measures
 * it against the performance targets (docs/decisions/README.md): Lighthouse beside a static reference page, bytes
 * shipped, throughput beside a bare Node server, the email step's save beside the database's own
 * upsert rate, and memory. Writes bench/report.md and bench/report.json; raw outputs go to
 * bench/results/. Settings (all optional):
 * - BENCH_DATABASE_URL: a PostgreSQL server whose role may CREATEDB, for the save on PostgreSQL
 *   (a fresh database is made for the run and dropped after it).
 * - BENCH_RUNS (5): Lighthouse runs per page. BENCH_VISITORS (2000): visitors per save run.
 * `npm run bench -- --only desk` measures only the lead desk at scale (bench/desk.ts),
 * `--only memory` only the server's memory (bench/memory.ts), and `--only saves` only the email
 * step's saves (PGlite, PostgreSQL with one server and two); each merges its figures into the
 * committed report, which then says which run measured which. `--only uploads` measures the
 * memory of documents arriving at once (bench/uploads.ts) and writes bench/uploads.md.
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { cpus, loadavg, totalmem } from "node:os";
import path from "node:path";

import * as prettier from "prettier";

import { pageBytes } from "./bytes.ts";
import { jsComposition } from "./composition.ts";
import { measureDeskFigures } from "./desk.ts";
import {
  DIAGNOSTICS,
  writePrerenderedDiagnosticPages,
  writeRenderedDiagnosticPages,
} from "./diagnostics.ts";
import { CHROMIUM, runLighthouse } from "./lighthouse.ts";
import { measureMemory, type MemoryFigures } from "./memory.ts";
import { measureUploads } from "./uploads.ts";
import { freePort, residentMb, startAppServer, type Child } from "./processes.ts";
import { RoundTripCounter } from "./round-trips.ts";
import {
  checkTargets,
  renderMarkdown,
  type BenchReport,
  type PageKind,
  type SaveComparison,
  type ScaleOut,
} from "./report.ts";
import {
  committedTransactions,
  measureEmailSaves,
  pgbenchReference,
  pgliteReference,
} from "./saves.ts";
import { compareThroughput, type Throughput } from "./throughput.ts";
import { buildWorkspace, dataDirOf, REFERENCE_PATH, ROOT } from "./workspace.ts";

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const VISITORS = Number(process.env.BENCH_VISITORS ?? 2000);
// The diagnostic variants explain a figure rather than make one: fewer runs keep the bench short.
const DIAGNOSTIC_RUNS = Math.min(RUNS, 3);
const DATABASE_URL = process.env.BENCH_DATABASE_URL ?? "";
const PAGES: { path: string; kind: PageKind }[] = [
  { path: "/", kind: "marketing" },
  { path: "/workers-comp", kind: "marketing" },
  { path: "/business-wizard", kind: "wizard" },
];
const THROUGHPUT_PATHS = ["/", "/workers-comp"];
const CONCURRENT_VISITORS = 100;
const RESULTS = path.join(ROOT, "bench/results");
const ONLY = process.argv.includes("--only")
  ? process.argv[process.argv.indexOf("--only") + 1]
  : undefined;

const startedAt = performance.now();
const log = (line: string) =>
  process.stdout.write(
    `[bench ${((performance.now() - startedAt) / 1000).toFixed(0)} s] ${line}\n`,
  );

if (ONLY === "desk") {
  const previous = JSON.parse(
    readFileSync(path.join(ROOT, "bench/report.json"), "utf8"),
  ) as BenchReport;
  const measured = { ...previous, desk: await measureDeskFigures(log) };
  await writeReport({ ...measured, targets: checkTargets(measured) });
  process.exit(0);
} else if (ONLY === "memory") {
  await memoryAlone();
  process.exit(0);
} else if (ONLY === "saves") {
  await savesAlone();
  process.exit(0);
} else if (ONLY === "uploads") {
  await measureUploads(log);
  process.exit(0);
} else if (ONLY !== undefined) {
  throw new Error(`--only takes desk, memory, saves or uploads, not ${ONLY}`);
}

const loadAtStart = loadavg()[0] ?? 0;
rmSync(RESULTS, { recursive: true, force: true });
mkdirSync(RESULTS, { recursive: true });

const port = await freePort();
const siteUrl = `http://127.0.0.1:${port}`;
log(`building the working tree for ${siteUrl}`);
const workspace = buildWorkspace(siteUrl);
log(`built in ${(workspace.buildMs / 1000).toFixed(1)} s in ${workspace.dir}`);
writePrerenderedDiagnosticPages(path.join(workspace.dir, "build/client"), siteUrl);

const servers: Child[] = [];
let report: BenchReport;
try {
  const app = await startAppServer(workspace.dir, port, path.join(RESULTS, "server-pglite.log"), {
    DATA_DIR: dataDirOf(workspace.dir),
  });
  servers.push(app);
  if (!app.output().includes('"msg":"serving prerendered pages"')) {
    throw new Error(`The server did not serve the prerendered pages:\n${app.output()}`);
  }
  const idleMb = residentMb(app.pid);
  log(`server on PGlite up, ${idleMb.toFixed(0)} MB resident`);

  const bytes = [];
  for (const page of [...PAGES, { path: REFERENCE_PATH, kind: "reference" as const }]) {
    bytes.push({ ...(await pageBytes(app.url, page.path)), kind: page.kind });
  }
  const wizardFiles = bytes.find((page) => page.kind === "wizard")?.js.files ?? [];
  const wizardJs = jsComposition(
    path.join(workspace.dir, "build/client"),
    wizardFiles.map((file) => file.slice(1)),
  );
  log("bytes shipped measured");

  await writeRenderedDiagnosticPages(app.url, path.join(workspace.dir, "build/client"));
  const summaries = await runLighthouse(
    app.url,
    [
      ...[...PAGES.map((page) => page.path), REFERENCE_PATH].map((p) => ({ path: p, runs: RUNS })),
      ...DIAGNOSTICS.map((diagnostic) => ({ path: diagnostic.path, runs: DIAGNOSTIC_RUNS })),
    ],
    path.join(RESULTS, "lighthouse"),
    log,
  );
  const reference = summaries.find((summary) => summary.path === REFERENCE_PATH);
  if (!reference) throw new Error("No Lighthouse figures for the reference page");

  const throughput: Throughput[] = [];
  for (const pagePath of THROUGHPUT_PATHS) {
    const run = await compareThroughput(app.url, app.pid, pagePath, {
      connections: 50,
      seconds: 8,
      warmupSeconds: 2,
      rawDir: RESULTS,
    });
    throughput.push(run);
    log(
      `GET ${pagePath}: ${Math.round(run.app.requestsPerSecond)} req/s, bare ${Math.round(run.bare.requestsPerSecond)} req/s`,
    );
  }

  let pgliteMemory: MemoryFigures | undefined;
  const pglite = await measurePgliteSaves(app, workspace.dir, idleMb, async () => {
    pgliteMemory = await measureMemory(workspace.dir, {
      port,
      resultsDir: RESULTS,
      commit: commitName(),
      alone: false,
      log,
    });
  });
  const saves: SaveComparison[] = [pglite.comparison];
  const memory = [pglite.memory];

  const postgres = await measurePostgresSaves(workspace.dir, servers);
  saves.push(postgres.comparison);
  const scaleOut = postgres.scaleOut;
  if (postgres.memory) memory.push(postgres.memory);

  log("lead desk at scale");
  const desk = await measureDeskFigures(log);

  const measured: Omit<BenchReport, "targets"> = {
    date: new Date().toISOString(),
    seconds: (performance.now() - startedAt) / 1000,
    environment: environment(),
    lighthouse: {
      runs: RUNS,
      referencePath: REFERENCE_PATH,
      pages: PAGES.map((page) => {
        const summary = summaries.find((found) => found.path === page.path);
        if (!summary) throw new Error(`No Lighthouse figures for ${page.path}`);
        return {
          ...summary,
          kind: page.kind,
          lcpRatio: summary.median.lcpMs / reference.median.lcpMs,
        };
      }),
      reference,
      diagnostics: DIAGNOSTICS.map((diagnostic) => {
        const summary = summaries.find((found) => found.path === diagnostic.path);
        if (!summary) throw new Error(`No Lighthouse figures for ${diagnostic.path}`);
        return {
          ...summary,
          ...diagnostic,
          lcpRatio: summary.median.lcpMs / reference.median.lcpMs,
        };
      }),
    },
    bytes,
    wizardJs,
    throughput,
    saves,
    scaleOut,
    memory,
    desk,
    pgliteMemory,
  };
  report = { ...measured, targets: checkTargets(measured) };
} finally {
  for (const server of servers) await server.stop();
  workspace.remove();
}

await writeReport(report);

/**
 * The email step's saves on the server `app` on PGlite, which is then stopped (`afterStop` runs
 * next), and a plain PGlite loop's rate for the same upsert.
 */
async function measurePgliteSaves(
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
  await app.stop();
  await afterStop?.();
  const reference = await pgliteReference(path.join(workspaceDir, ".bench-pglite-reference"), {
    seconds: 5,
    maxUpserts: 200_000,
  });
  log(`PGlite loop: ${Math.round(reference.upsertsPerSecond)} upserts/s`);
  return {
    comparison: {
      database: "PGlite",
      app: figures,
      reference,
      ratio: figures.savesPerSecond / reference.upsertsPerSecond,
    },
    memory,
  };
}

/**
 * The email step's saves on PostgreSQL (a database made for the run on BENCH_DATABASE_URL and
 * dropped after it): one server, then two beside each other, then pgbench's own rate for the upsert.
 */
async function measurePostgresSaves(
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
        SESSION_SECRET: "bench-session-secret-of-more-than-32-characters",
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
        SESSION_SECRET: "bench-session-secret-of-more-than-32-characters",
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
    const scaleOut: ScaleOut = {
      processes: 2,
      app: twoSaves,
      oneProcessSavesPerSecond: pgSaves.savesPerSecond,
      ratio: twoSaves.savesPerSecond / pgSaves.savesPerSecond,
    };
    await Promise.all([pgApp.stop(), secondApp.stop()]);
    const roundTrips = await countRoundTrips(workspaceDir, databaseUrl, servers);
    log(
      `round trips to PostgreSQL per save: ${roundTrips.all.toFixed(2)}, ${roundTrips.requests.toFixed(2)} by the requests`,
    );
    const pgUpserts = pgbenchReference(databaseUrl, {
      clients: 10,
      seconds: 8,
      rawDir: RESULTS,
      ...tools,
    });
    log(`pgbench: ${Math.round(pgUpserts.upsertsPerSecond)} upserts/s`);
    return {
      comparison: {
        database: "PostgreSQL",
        app: pgSaves,
        reference: pgUpserts,
        ratio: pgSaves.savesPerSecond / pgUpserts.upsertsPerSecond,
        transactionsPerSave: transactions / pgSaves.saves,
        roundTripsPerSave: roundTrips.all,
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
): Promise<{ all: number; requests: number }> {
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
      SESSION_SECRET: "bench-session-secret-of-more-than-32-characters",
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
    return { all: counted / run.saves, requests: requests / run.saves };
  } finally {
    await app.stop();
    await counter.close();
  }
}

/** Writes bench/report.json and bench/report.md, formatted as `npm run lint` checks them. */
async function writeReport(written: BenchReport): Promise<void> {
  for (const [file, text] of [
    ["bench/report.json", JSON.stringify(written)],
    ["bench/report.md", renderMarkdown(written)],
  ] as const) {
    const filepath = path.join(ROOT, file);
    const options = await prettier.resolveConfig(filepath);
    writeFileSync(filepath, await prettier.format(text, { ...options, filepath }));
  }
  const met = written.targets.filter((check) => check.met === true).length;
  log(
    `targets met: ${met} of ${written.targets.length}; wrote bench/report.md and bench/report.json`,
  );
}

/**
 * `--only saves`: builds the working tree, measures the email step's saves on PGlite and on
 * PostgreSQL (one server and two) beside each database's own upsert rate, and puts the figures into
 * the committed report in place of the earlier ones, saying which run measured them.
 */
async function savesAlone(): Promise<void> {
  const previous = JSON.parse(
    readFileSync(path.join(ROOT, "bench/report.json"), "utf8"),
  ) as BenchReport;
  const savesPort = await freePort();
  log(`building the working tree for http://127.0.0.1:${savesPort}`);
  const built = buildWorkspace(`http://127.0.0.1:${savesPort}`);
  const running: Child[] = [];
  const loadAtStart = loadavg()[0] ?? 0;
  try {
    const app = await startAppServer(
      built.dir,
      savesPort,
      path.join(RESULTS, "server-pglite.log"),
      { DATA_DIR: dataDirOf(built.dir) },
    );
    running.push(app);
    const pglite = await measurePgliteSaves(app, built.dir, residentMb(app.pid));
    const memory = [pglite.memory];
    const postgres = await measurePostgresSaves(built.dir, running);
    if (postgres.memory) memory.push(postgres.memory);
    const measured: Omit<BenchReport, "targets"> = {
      ...previous,
      saves: [pglite.comparison, postgres.comparison],
      scaleOut: postgres.scaleOut,
      memory,
      savesAlone: {
        date: new Date().toISOString(),
        commit: commitName(),
        loadAtStart: Number(loadAtStart.toFixed(2)),
        loadAtEnd: Number((loadavg()[0] ?? 0).toFixed(2)),
      },
    };
    await writeReport({ ...measured, targets: checkTargets(measured) });
  } finally {
    for (const server of running) await server.stop();
    built.remove();
  }
}

/**
 * `--only memory`: builds the working tree, measures the server's memory (bench/memory.ts) and
 * puts the figures into the committed report in place of the earlier ones; the rest of the
 * report stays as its own run measured it, and the report says which run measured which.
 */
async function memoryAlone(): Promise<void> {
  const previous = JSON.parse(
    readFileSync(path.join(ROOT, "bench/report.json"), "utf8"),
  ) as BenchReport;
  const memoryPort = await freePort();
  log(`building the working tree for http://127.0.0.1:${memoryPort}`);
  const built = buildWorkspace(`http://127.0.0.1:${memoryPort}`);
  let pgliteMemory: MemoryFigures;
  try {
    pgliteMemory = await measureMemory(built.dir, {
      port: memoryPort,
      resultsDir: RESULTS,
      commit: commitName(),
      alone: true,
      log,
    });
  } finally {
    built.remove();
  }
  const measured: Omit<BenchReport, "targets"> = { ...previous, pgliteMemory };
  await writeReport({ ...measured, targets: checkTargets(measured) });
}

/** The checked-out commit, and how many files differ from it. */
function commitName(): string {
  const git = (...args: string[]) =>
    execFileSync("git", args, { cwd: ROOT, encoding: "utf8" }).trim();
  const uncommitted = git("status", "--porcelain").split("\n").filter(Boolean).length;
  return (
    git("rev-parse", "--short", "HEAD") +
    (uncommitted ? ` with ${uncommitted} uncommitted files` : "")
  );
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

function environment(): Record<string, string | number> {
  const git = (...args: string[]) =>
    execFileSync("git", args, { cwd: ROOT, encoding: "utf8" }).trim();
  const lighthouse = JSON.parse(
    readFileSync(path.join(ROOT, "node_modules/lighthouse/package.json"), "utf8"),
  ) as { version: string };
  return {
    node: process.versions.node,
    chromium: execFileSync(CHROMIUM, ["--version"], {
      encoding: "utf8",
      stdio: ["ignore", "pipe", "ignore"],
    }).trim(),
    lighthouse: lighthouse.version,
    cpus: cpus().length,
    cpuModel: cpus()[0]?.model.trim() ?? "unknown CPU",
    memory: `${Math.round(totalmem() / 2 ** 30)} GiB`,
    commit: git("rev-parse", "--short", "HEAD"),
    uncommitted: git("status", "--porcelain").split("\n").filter(Boolean).length,
    buildSeconds: Number((workspace.buildMs / 1000).toFixed(1)),
    // Anything else running on the machine skews every figure: the 1-minute load average.
    loadAtStart: Number(loadAtStart.toFixed(2)),
    loadAtEnd: Number((loadavg()[0] ?? 0).toFixed(2)),
  };
}
