import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { createServer, type AddressInfo } from "node:net";
import path from "node:path";

import pg from "pg";

import { serverMemorySettings } from "#app/server/process-settings.server.ts";
import { dropTestDatabase } from "./drop-database.ts";

/** A built production server running in a child process. */
export interface ServerProcess {
  url: string;
  child: ChildProcess;
  /** Everything the process has printed so far (standard output and error). */
  output(): string;
  /** Resolves with the exit code (or signal) once the process has ended. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** A port that nothing listens on now, as the operating system hands it out. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/**
 * The migrated embedded database that tests/support/make-e2e-template.ts makes for each run; one
 * per E2E_PORT, so that runs on other ports at the same time do not remove it under this one.
 */
export const TEMPLATE_DATA_DIR = path.resolve(
  `.tmp/e2e-template-data-${process.env.E2E_PORT ?? "3210"}`,
);

/**
 * Where the run's data directories go: a worker removes its own when it exits, and
 * tests/support/make-e2e-template.ts what a killed worker left, when the next run starts.
 */
export const DATA_DIRS = path.resolve(`.tmp/e2e-data-dirs-${process.env.E2E_PORT ?? "3210"}`);
const madeDataDirs: string[] = [];

/**
 * The PostgreSQL server the journeys' own servers run on, when the run has one (TEST_DATABASE_URL,
 * which `.ci/run` sets): each journey's server gets a database of its own, a copy of a migrated
 * template that make-e2e-template.ts makes once a run. Copying a database takes a fraction of the
 * time of copying an embedded one's 40 MB, and the server then starts without PGlite's WebAssembly
 * (a second of CPU a start) and answers a test's looks at its database while it runs (issue 57).
 * Without one, every journey runs on the embedded database, as before.
 */
export const JOURNEY_POSTGRES_URL: string | undefined = process.env.TEST_DATABASE_URL || undefined;

/** The migrated template of the run's journey databases, one per E2E_PORT as the rest. */
export const JOURNEY_POSTGRES_TEMPLATE = `coverpilot_e2e_template_${process.env.E2E_PORT ?? "3210"}`;

/** What the names of the template's copies start with (the run's teardown drops them). */
export const JOURNEY_POSTGRES_PREFIX = `coverpilot_e2e_${process.env.E2E_PORT ?? "3210"}_`;

/** The secret every server on PostgreSQL needs (they sign cookies alike). */
const JOURNEY_SESSION_SECRET = "e2e-session-secret-".repeat(2);

/** The PostgreSQL database of each data directory made for one, once it has been made. */
const postgresOf = new Map<string, Promise<string>>();

/** Runs one statement as the PostgreSQL server's test role. */
export async function postgresAdminQuery(
  statement: string,
  values: unknown[] = [],
): Promise<pg.QueryResult> {
  const client = new pg.Client({ connectionString: JOURNEY_POSTGRES_URL });
  await client.connect();
  try {
    return await client.query(statement, values);
  } finally {
    await client.end();
  }
}

/**
 * Drops the copies of the run's template (and the template itself when asked): the run's global
 * teardown, and the next run's start for what a killed run left.
 */
export async function dropJourneyPostgres(options: { template: boolean }): Promise<void> {
  const { rows } = await postgresAdminQuery(
    "select datname from pg_database where starts_with(datname, $1)",
    [JOURNEY_POSTGRES_PREFIX],
  );
  const names = rows.map((row: { datname: string }) => row.datname);
  if (options.template) names.push(JOURNEY_POSTGRES_TEMPLATE);
  for (const name of names) await dropTestDatabase(postgresAdminQuery, name);
}

/**
 * A fresh directory for one server's data. On the run's PostgreSQL (unless `embedded` asks for the
 * embedded database, as the journeys about DATA_DIR itself do) it holds the server's outbox and
 * uploads, and its database is a copy of the run's template, made when a server or a script first
 * asks (databaseUrlOf). On the embedded database it is a copy of the run's migrated template (as if
 * a server had started there once and stopped), else empty.
 */
export function makeDataDir(options: { embedded?: boolean } = {}): string {
  mkdirSync(DATA_DIRS, { recursive: true });
  const dataDir = mkdtempSync(path.join(DATA_DIRS, "data-"));
  madeDataDirs.push(dataDir);
  if (JOURNEY_POSTGRES_URL && !options.embedded) {
    pendingPostgres.add(dataDir);
  } else if (existsSync(TEMPLATE_DATA_DIR)) {
    cpSync(TEMPLATE_DATA_DIR, dataDir, { recursive: true });
  }
  return dataDir;
}

/** Data directories made for PostgreSQL whose database is not made yet. */
const pendingPostgres = new Set<string>();

/**
 * The URL of the PostgreSQL database that goes with `dataDir` (made from the run's template on the
 * first call), or undefined for a data directory on the embedded database.
 */
export function databaseUrlOf(dataDir: string): Promise<string> | undefined {
  const made = postgresOf.get(dataDir);
  if (made) return made;
  if (!pendingPostgres.has(dataDir) || !JOURNEY_POSTGRES_URL) return undefined;
  pendingPostgres.delete(dataDir);
  const name = `${JOURNEY_POSTGRES_PREFIX}${randomBytes(6).toString("hex")}`;
  const url = new URL(JOURNEY_POSTGRES_URL);
  url.pathname = `/${name}`;
  const making = postgresAdminQuery(
    `create database ${name} template ${JOURNEY_POSTGRES_TEMPLATE}`,
  ).then(() => url.toString());
  postgresOf.set(dataDir, making);
  return making;
}

/**
 * The settings that put a process on `dataDir`'s database: its PostgreSQL database, or the
 * embedded one in DATA_DIR.
 */
export async function databaseSettingsOf(dataDir: string): Promise<Record<string, string>> {
  const url = await databaseUrlOf(dataDir);
  return url
    ? { DATA_DIR: dataDir, DATABASE_URL: url, SESSION_SECRET: JOURNEY_SESSION_SECRET }
    : { DATA_DIR: dataDir, DATABASE_URL: "" };
}

/**
 * Node flags for the servers and scripts the tests start. V8 compiles PGlite's WebAssembly with
 * Liftoff at once and then, as functions get hot, with TurboFan on a background thread; a process
 * that ends waits for the TurboFan work under way (some 2 s on two cores, nearly all of it after
 * the database has closed), and that work competes with the browser for the machine. The tests'
 * processes live a few seconds each: Liftoff only. What the process does is the same; how fast
 * V8's code for the database runs is all that changes (the shared server of playwright.config.ts,
 * which lives through the run, keeps V8's defaults).
 */
export const TEST_NODE_FLAGS: readonly string[] = ["--liftoff-only"];

/**
 * The environment those processes get besides their settings: Node's compile cache, so that each
 * start reads the TypeScript it has stripped and the code it has compiled before (some 0.4 s of a
 * server's start) instead of doing it again. Node checks each entry against the file's contents.
 */
export const TEST_NODE_ENV: Readonly<Record<string, string>> = {
  NODE_COMPILE_CACHE: path.resolve(".tmp/node-compile-cache"),
};

/** Every server this test worker started and has not seen exit. */
const running = new Set<ChildProcess>();
// A journey that fails before its stopServer would leave its server running after the run, holding
// a port and a DATA_DIR: whatever is still running when the worker exits is killed with it. The
// worker's data directories go with it.
process.once("exit", () => {
  for (const child of running) child.kill("SIGKILL");
  for (const dataDir of madeDataDirs) rmSync(dataDir, { recursive: true, force: true });
});

/**
 * Starts `node server.ts` (the build must exist) on a free port and, unless told otherwise, waits
 * until /healthz answers. The server's memory settings are given on its command line, as it would
 * give them itself by starting again (restartWithSettings: a second start of Node, some 0.6 s of
 * CPU), unless `ownSettings` asks to see it do so.
 */
export async function startServer(options: {
  dataDir: string;
  env?: Record<string, string>;
  waitUntilReady?: boolean;
  ownSettings?: boolean;
}): Promise<ServerProcess> {
  const port = await freePort();
  const settings = {
    NODE_ENV: "production",
    PORT: String(port),
    HOST: "127.0.0.1",
    ...(options.env?.DATABASE_URL === undefined
      ? await databaseSettingsOf(options.dataDir)
      : { DATA_DIR: options.dataDir }),
    LOG_LEVEL: "info",
    RATE_LIMIT_PER_MINUTE: "100000",
    ...options.env,
  };
  // The settings for the database the child will use: what it is given over what it inherits.
  const given = options.ownSettings
    ? undefined
    : serverMemorySettings({ ...process.env, ...settings });
  const child = spawn(
    process.execPath,
    [...TEST_NODE_FLAGS, ...(given?.flags ?? []), "server.ts"],
    {
      env: { ...process.env, ...TEST_NODE_ENV, ...given?.env, ...settings },
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  running.add(child);
  child.once("exit", () => running.delete(child));
  let printed = "";
  child.stdout?.on("data", (chunk: Buffer) => (printed += chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => (printed += chunk.toString()));
  const exited = new Promise<{
    code: number | null;
    signal: NodeJS.Signals | null;
  }>((resolve) => child.on("exit", (code, signal) => resolve({ code, signal })));
  const server: ServerProcess = {
    url: `http://127.0.0.1:${port}`,
    child,
    output: () => printed,
    exited,
  };
  if (options.waitUntilReady === false) return server;
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`The server exited before it was ready:\n${printed}`);
    }
    try {
      const response = await fetch(`${server.url}/healthz`);
      if (response.ok) return server;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill("SIGKILL");
  throw new Error(`The server was not ready within 30 s:\n${printed}`);
}

/** Stops the server with SIGTERM and waits until it has exited. */
export async function stopServer(server: ServerProcess): Promise<void> {
  if (server.child.exitCode !== null || server.child.signalCode !== null) return;
  server.child.kill("SIGTERM");
  await server.exited;
}
