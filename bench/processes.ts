import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { closeSync, openSync, readdirSync, readFileSync } from "node:fs";
import { createServer, type AddressInfo } from "node:net";
import path from "node:path";

/** A server the bench started, in a child process of its own. */
export interface Child {
  url: string;
  pid: number;
  /** Everything the process has printed so far (kept in its log file). */
  output(): string;
  /** Stops it with SIGTERM and waits for it to exit. */
  stop(): Promise<void>;
  /** Kills it with SIGKILL, as a crash would, and waits for it to be gone. */
  kill(): Promise<void>;
  /** Resolves once it has exited, with its code (or the signal that ended it). */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** A loopback port that nothing listens on now. */
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
 * Starts the production server (`node server.ts`) of a built workspace on 127.0.0.1 and waits for
 * /healthz. It runs with the production defaults (a log line per request included), the
 * environment given, and a rate limit that one address posting thousands of saves stays under.
 */
export async function startAppServer(
  dir: string,
  port: number,
  logFile: string,
  env: Record<string, string>,
): Promise<Child> {
  return startChild(
    [path.join(dir, "server.ts")],
    dir,
    logFile,
    {
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      SITE_URL: `http://127.0.0.1:${port}`,
      // The most the settings allow (RATE_LIMIT_PER_MINUTE <= 1,000,000); the guards still run.
      RATE_LIMIT_PER_MINUTE: "1000000",
      DATABASE_URL: "",
      // Spanish on, as the bench's build is (bench/workspace.ts): the prerendered pages are served.
      SPANISH: "true",
      ...env,
    },
    `http://127.0.0.1:${port}`,
    "/healthz",
  );
}

/**
 * Starts a bare Node http server (bench/bare-server.ts) that answers every request with the given
 * status line's headers and body, as recorded from the app.
 */
export async function startBareServer(
  bodyFile: string,
  headersFile: string,
  logFile: string,
): Promise<Child> {
  const port = await freePort();
  return startChild(
    [path.join(import.meta.dirname, "bare-server.ts")],
    import.meta.dirname,
    logFile,
    { PORT: String(port), BARE_BODY: bodyFile, BARE_HEADERS: headersFile },
    `http://127.0.0.1:${port}`,
    "/",
  );
}

async function startChild(
  args: string[],
  cwd: string,
  logFile: string,
  env: Record<string, string>,
  url: string,
  readyPath: string,
): Promise<Child> {
  // A file, not a pipe: reading a pipe would cost the bench's own process time under load.
  const log = openSync(logFile, "w");
  const child: ChildProcess = spawn(process.execPath, args, {
    cwd,
    env: { ...process.env, ...env },
    stdio: ["ignore", log, log],
  });
  closeSync(log);
  const printed = () => readFileSync(logFile, "utf8");
  const pid = child.pid;
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once("exit", (code, signal) => resolve({ code, signal })),
  );
  const ending = (signal: NodeJS.Signals) => async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill(signal);
    await exited;
  };
  const stop = ending("SIGTERM");
  const kill = ending("SIGKILL");
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`${args[0]} exited before it was ready:\n${printed()}`);
    }
    try {
      const response = await fetch(`${url}${readyPath}`);
      await response.arrayBuffer();
      if (response.ok && pid !== undefined) {
        return { url, pid, output: printed, stop, kill, exited };
      }
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill("SIGKILL");
  throw new Error(`${args[0]} was not ready within 30 s:\n${printed()}`);
}

const CLOCK_TICKS =
  Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).trim()) || 100;

/** User and system CPU time from a /proc stat line, in milliseconds. */
function statTimes(statFile: string): { user: number; system: number } {
  const stat = readFileSync(statFile, "utf8");
  // Fields after the command name (which may hold spaces): state is the 3rd, utime the 14th.
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return {
    user: (Number(fields[11]) * 1000) / CLOCK_TICKS,
    system: (Number(fields[12]) * 1000) / CLOCK_TICKS,
  };
}

/** The CPU time a process has used so far (user and system), in milliseconds. */
export function cpuMs(pid: number): number {
  const { user, system } = statTimes(`/proc/${pid}/stat`);
  return user + system;
}

/** A process's CPU time so far, in milliseconds, split two ways. */
export interface CpuSplit {
  user: number;
  system: number;
  /** The JavaScript thread's (its id is the process's). */
  mainThread: number;
  /** Every other thread's: V8's helpers (garbage collection, compiling), libuv's pool. */
  otherThreads: number;
}

/** A process's CPU time so far: user and system, and its main thread's beside the others'. */
export function cpuSplit(pid: number): CpuSplit {
  const whole = statTimes(`/proc/${pid}/stat`);
  const main = statTimes(`/proc/${pid}/task/${pid}/stat`);
  const mainThread = main.user + main.system;
  return { ...whole, mainThread, otherThreads: whole.user + whole.system - mainThread };
}

/** A process's resident set size (VmRSS), in megabytes. */
export function residentMb(pid: number): number {
  return statusMb(pid, "VmRSS");
}

/** The most a process has held resident so far (VmHWM), in megabytes. */
export function peakResidentMb(pid: number): number {
  return statusMb(pid, "VmHWM");
}

function statusMb(pid: number, field: "VmRSS" | "VmHWM"): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = new RegExp(`^${field}:\\s+(\\d+) kB$`, "m").exec(status)?.[1];
  if (!kb) throw new Error(`No ${field} for process ${pid}`);
  return Number(kb) / 1024;
}

/** The CPU time every PostgreSQL process of the machine has used so far, in milliseconds. */
export function postgresCpuMs(): number {
  let total = 0;
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // The server ("…/bin/postgres\0-D…") and its processes ("postgres: walwriter", a session).
      const command = readFileSync(`/proc/${entry}/cmdline`, "utf8");
      if (!/^(?:\S*\/)?postgres(?::|\0)/.test(command)) continue;
      total += cpuMs(Number(entry));
    } catch {
      // The process ended while it was read.
    }
  }
  return total;
}
