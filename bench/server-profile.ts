/**
 * Where the server's CPU time per email save goes: a server on PostgreSQL run under V8's sampling
 * profiler (`--cpu-prof`) through a warm-up and a run of email saves, its main thread's profile
 * read back for the saves alone and summed by where the time went.
 */
import { mkdirSync, readdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";

import { freePort, startAppServer, type Child, type CpuSplit } from "./processes.ts";
import { measureEmailSaves } from "./saves.ts";
import { BENCH_SESSION_SECRET, CONCURRENT_VISITORS, RESULTS, VISITORS } from "./settings.ts";

/** A share of the profiled CPU time. */
export interface ProfileShare {
  what: string;
  percent: number;
}

/** The server's profile over the email saves. */
export interface ServerProfile {
  saves: number;
  /** Server CPU time per save in the profiled run (the profiler's own cost included). */
  cpuMsPerSave: number;
  /** The profiled run's server CPU time per save: user and system, the main thread and the others. */
  cpuSplit?: CpuSplit;
  /** Of the samples in the saves' window, the share where the thread was idle. */
  idlePercent: number;
  /**
   * Of the busy samples and these, the share that fell in a socket write's system call: left out
   * of the shares below (SOCKET_WRITES).
   */
  socketWritePercent?: number;
  /** Self time by part (library, the app, Node's own), of the busy samples, largest first. */
  parts: ProfileShare[];
  /** Self time by function, of the busy samples, largest first. */
  functions: ProfileShare[];
  /** Time inside each of the app's steps named in APP_STEPS, callees included, of the busy samples. */
  appSteps: ProfileShare[];
}

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}

interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}

/** A function in the save's statement, found in every save's stack and nowhere else. */
const SAVE_MARKER = "emailStepStatement";
/** The app's steps of an email save whose inclusive time the report shows. */
const APP_STEPS: Record<string, string> = {
  guardPosts: "The posts' guard (length, rate limit, the form read to check it)",
  requireEarlierSteps: "The earlier steps' checks (the draft from this server's copy)",
  parseForm: "The form's check against the step's schema",
  emailStepStatement: "Building the save's statement (SQL, the link's email)",
  saveEmailStepWithDraft: "The save's statement, built, sent and answered",
  readDraftCookie: "Reading the draft's signed cookie",
  funnelMarks: "The funnel's cookie",
  flashToast: "The toast's cookie",
};
/** Idle time and the like: not the server's work. */
const NOT_WORK = new Set(["(idle)", "(program)"]);
/**
 * A socket write's system call. V8's profiler samples by the clock, and a thread that wakes
 * PostgreSQL or the client with a write on loopback is often preempted right there, waiting for a
 * core: the next sample lands in the write. So these samples are mostly not CPU time (the whole
 * process's system time, every system call together, is a small part of a save's: the report
 * gives it beside them), and they are counted apart from the busy samples.
 */
const SOCKET_WRITES = /^(?:writev|writeLatin1String|writeUtf8String|writeString|writeBuffer)$/;

/** What a frame belongs to: a package, the app, Node's own modules, or V8's. */
function partOf(frame: ProfileNode["callFrame"]): string {
  const url = frame.url;
  const modulePath = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url)?.[1];
  if (modulePath) return modulePath;
  if (url.includes("/build/server/")) return "the app (build/server)";
  if (url.endsWith("/server.ts") || url.includes("/app/")) return "the app (server.ts, app/)";
  if (url.startsWith("node:")) {
    const name = url.slice("node:".length).replace(/^internal\//, "");
    if (name.includes("crypto")) return "Node: crypto";
    if (/http|net|stream|stream_base|url|querystring|undici|webstreams/.test(name))
      return "Node: HTTP, sockets and streams";
    return "Node: other";
  }
  if (frame.functionName === "(garbage collector)") return "V8: garbage collection";
  return `V8 and native: ${frame.functionName || "(anonymous)"}`;
}

function nameOf(frame: ProfileNode["callFrame"]): string {
  const file = frame.url
    .replace(/.*\/node_modules\//, "")
    .replace(/.*\/build\/server\//, "build/server/")
    .replace(/^file:\/\/.*\/(server\.ts)$/, "$1");
  return `${frame.functionName || "(anonymous)"}${file ? ` (${file}:${frame.lineNumber + 1})` : ""}`;
}

function shares(counts: Map<string, number>, total: number, top: number): ProfileShare[] {
  return [...counts]
    .sort(([, a], [, b]) => b - a)
    .slice(0, top)
    .map(([what, count]) => ({ what, percent: (100 * count) / total }));
}

/** The samples of the last run of saves: the last cluster of samples whose stack names the save. */
function savesWindow(profile: CpuProfile, stacks: (sample: number) => string[]): [number, number] {
  let time = profile.startTime;
  const marked: number[] = [];
  profile.timeDeltas.forEach((delta, index) => {
    time += delta;
    const sample = profile.samples[index];
    if (sample !== undefined && stacks(sample).some((name) => name.startsWith(SAVE_MARKER)))
      marked.push(time);
  });
  // The warm-up's saves come first, then the visitors' first steps (no save), then the saves.
  let start = marked[0] ?? 0;
  for (let index = 1; index < marked.length; index += 1) {
    if ((marked[index] ?? 0) - (marked[index - 1] ?? 0) > 1_000_000) start = marked[index] ?? 0;
  }
  return [start, marked.at(-1) ?? 0];
}

/** Sums the main thread's profile over the saves' window. */
export function summarizeProfile(
  profile: CpuProfile,
): Omit<ServerProfile, "saves" | "cpuMsPerSave" | "cpuSplit"> {
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes)
    for (const child of node.children ?? []) parent.set(child, node.id);
  const stackCache = new Map<number, string[]>();
  const stack = (id: number): string[] => {
    const known = stackCache.get(id);
    if (known) return known;
    const names: string[] = [];
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      names.push(nodes.get(at)?.callFrame.functionName ?? "");
    }
    stackCache.set(id, names);
    return names;
  };
  const [from, to] = savesWindow(profile, stack);
  const parts = new Map<string, number>();
  const functions = new Map<string, number>();
  const steps = new Map<string, number>();
  let idle = 0;
  let writes = 0;
  let busy = 0;
  let time = profile.startTime;
  profile.timeDeltas.forEach((delta, index) => {
    time += delta;
    const node = nodes.get(profile.samples[index] ?? -1);
    if (!node || time < from || time > to) return;
    if (NOT_WORK.has(node.callFrame.functionName)) {
      idle += 1;
      return;
    }
    if (SOCKET_WRITES.test(node.callFrame.functionName)) {
      writes += 1;
      return;
    }
    busy += 1;
    const part = partOf(node.callFrame);
    parts.set(part, (parts.get(part) ?? 0) + 1);
    const name = nameOf(node.callFrame);
    functions.set(name, (functions.get(name) ?? 0) + 1);
    const inStack = new Set(stack(node.id));
    for (const [step, label] of Object.entries(APP_STEPS)) {
      if (inStack.has(step)) steps.set(label, (steps.get(label) ?? 0) + 1);
    }
  });
  return {
    idlePercent: (100 * idle) / Math.max(1, idle + writes + busy),
    socketWritePercent: (100 * writes) / Math.max(1, writes + busy),
    parts: shares(parts, Math.max(1, busy), 16),
    functions: shares(functions, Math.max(1, busy), 15),
    appSteps: shares(steps, Math.max(1, busy), Object.keys(APP_STEPS).length),
  };
}

/**
 * A server of its own on the run's PostgreSQL database for a measurement with an instrument
 * (`env`: the profiler, the stall probe), warmed with 300 email saves first. Its log is
 * server-postgres-NAME.log in the results, its DATA_DIR .bench-data-postgres-NAME.
 */
export async function startWarmedServer(
  workspaceDir: string,
  databaseUrl: string,
  servers: Child[],
  name: string,
  env: Record<string, string>,
): Promise<Child> {
  const app = await startAppServer(
    workspaceDir,
    await freePort(),
    path.join(RESULTS, `server-postgres-${name}.log`),
    {
      DATA_DIR: path.join(workspaceDir, `.bench-data-postgres-${name}`),
      DATABASE_URL: databaseUrl,
      SESSION_SECRET: BENCH_SESSION_SECRET,
      ...env,
    },
  );
  servers.push(app);
  await measureEmailSaves(app.url, {
    visitors: 300,
    concurrency: CONCURRENT_VISITORS,
    label: `${name}-warmup`,
    deadlineMs: 60_000,
  });
  return app;
}

/**
 * A server on PostgreSQL at `databaseUrl` under the profiler: a warm-up of saves, then VISITORS
 * saves (CONCURRENT_VISITORS at once) profiled; the profile is kept in bench/results/profile/.
 */
export async function profileEmailSaves(
  workspaceDir: string,
  databaseUrl: string,
  servers: Child[],
): Promise<ServerProfile> {
  const profileDir = path.join(RESULTS, "profile");
  rmSync(profileDir, { recursive: true, force: true });
  mkdirSync(profileDir, { recursive: true });
  const app = await startWarmedServer(workspaceDir, databaseUrl, servers, "profiled", {
    NODE_OPTIONS: `--cpu-prof --cpu-prof-dir=${profileDir}`,
  });
  let figures;
  try {
    figures = await measureEmailSaves(app.url, {
      visitors: VISITORS,
      concurrency: CONCURRENT_VISITORS,
      label: "profiled",
      deadlineMs: 60_000,
      cpu: { serverPids: [app.pid], postgres: false },
    });
  } finally {
    // The profile is written as the process exits.
    await app.stop();
  }
  // One file a thread; the main thread's is the largest (the others are the log's).
  const files = readdirSync(profileDir)
    .filter((file) => file.endsWith(".cpuprofile"))
    .map((file) => path.join(profileDir, file));
  const main = files
    .map((file) => ({ file, text: readFileSync(file, "utf8") }))
    .sort((a, b) => b.text.length - a.text.length)[0];
  if (!main) throw new Error(`No CPU profile was written in ${profileDir}`);
  const profile = JSON.parse(main.text) as CpuProfile;
  return {
    saves: figures.saves,
    cpuMsPerSave: figures.cpuMsPerSave?.servers ?? Number.NaN,
    ...(figures.cpuMsPerSave?.serverSplit ? { cpuSplit: figures.cpuMsPerSave.serverSplit } : {}),
    ...summarizeProfile(profile),
  };
}
