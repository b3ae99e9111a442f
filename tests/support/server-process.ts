import { spawn, type ChildProcess } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { createServer, type AddressInfo } from "node:net";
import path from "node:path";

import { SERVER_MEMORY_SETTINGS } from "#app/server/process-settings.server.ts";

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
 * Where the run's data directories go, each some 40 MB: a worker removes its own when it exits,
 * and tests/support/make-e2e-template.ts what a killed worker left, when the next run starts.
 */
export const DATA_DIRS = path.resolve(`.tmp/e2e-data-dirs-${process.env.E2E_PORT ?? "3210"}`);
const madeDataDirs: string[] = [];

/**
 * A fresh directory for one server's embedded database: a copy of the run's migrated template when
 * there is one (as if a server had started there once and stopped), else empty.
 */
export function makeDataDir(): string {
  mkdirSync(DATA_DIRS, { recursive: true });
  const dataDir = mkdtempSync(path.join(DATA_DIRS, "data-"));
  madeDataDirs.push(dataDir);
  if (existsSync(TEMPLATE_DATA_DIR)) cpSync(TEMPLATE_DATA_DIR, dataDir, { recursive: true });
  return dataDir;
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
  const given = options.ownSettings ? undefined : SERVER_MEMORY_SETTINGS;
  const child = spawn(
    process.execPath,
    [...TEST_NODE_FLAGS, ...(given?.flags ?? []), "server.ts"],
    {
      env: {
        ...process.env,
        ...TEST_NODE_ENV,
        ...given?.env,
        NODE_ENV: "production",
        PORT: String(port),
        HOST: "127.0.0.1",
        DATA_DIR: options.dataDir,
        DATABASE_URL: "",
        LOG_LEVEL: "info",
        RATE_LIMIT_PER_MINUTE: "100000",
        ...options.env,
      },
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
