import { mkdirSync, rmSync } from "node:fs";
import { loadavg } from "node:os";
import path from "node:path";

import { peakResidentMb, residentMb, startAppServer } from "./processes.ts";
import { measureEmailSaves, type SaveFigures } from "./saves.ts";

/** What the server's process holds (VmRSS) at one moment, and the most it has held so far (VmHWM). */
export interface Resident {
  rssMb: number;
  peakMb: number;
}

/** The server on the embedded database: its resident size idle, under saves, and after them. */
export interface MemoryFigures {
  /** When it was measured, and whether by `npm run bench -- --only memory` rather than the full run. */
  date: string;
  commit: string;
  alone: boolean;
  /** The machine's 1-minute load average at the start and the end of this measurement. */
  load: [number, number];
  idleSeconds: number;
  settleSeconds: number;
  /** On a new DATA_DIR, idle after the start. */
  idle: Resident;
  saves: SaveFigures;
  /** Right after the last save. */
  afterSaves: Resident;
  /** Idle again, settleSeconds later. */
  settled: Resident;
  /** Started again on the same DATA_DIR (the saves' rows in it), idle after the start. */
  restartedIdle: Resident;
}

/** Email saves driven through HTTP between the idle and the after-saves figures. */
export const MEMORY_SAVES = 10_000;
const IDLE_SECONDS = 10;
// V8 gives back its young generation and empty pages some 20 s after the load ends.
const SETTLE_SECONDS = 30;

const sleep = (seconds: number) => new Promise((resolve) => setTimeout(resolve, seconds * 1000));

function resident(pid: number): Resident {
  return { rssMb: residentMb(pid), peakMb: peakResidentMb(pid) };
}

/**
 * Starts the built workspace's server (as `npm start` runs it) on a new DATA_DIR, reads its
 * resident size idle, then after MEMORY_SAVES email saves over HTTP (as bench/saves.ts posts them),
 * then idle again; then starts it once more on the same DATA_DIR and reads it idle.
 */
export async function measureMemory(
  workspaceDir: string,
  options: {
    /** The port the workspace was built for, so that the server serves the prerendered pages. */
    port: number;
    resultsDir: string;
    commit: string;
    alone: boolean;
    log: (line: string) => void;
  },
): Promise<MemoryFigures> {
  const loadAtStart = loadavg()[0] ?? 0;
  const dataDir = path.join(workspaceDir, ".bench-data-memory");
  rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(options.resultsDir, { recursive: true });
  const start = async (name: string) =>
    startAppServer(workspaceDir, options.port, path.join(options.resultsDir, name), {
      DATA_DIR: dataDir,
    });

  const app = await start("server-memory.log");
  let idle: Resident;
  let saves: SaveFigures;
  let afterSaves: Resident;
  let settled: Resident;
  try {
    await sleep(IDLE_SECONDS);
    idle = resident(app.pid);
    options.log(`memory: idle ${idle.rssMb.toFixed(0)} MB; ${MEMORY_SAVES} saves next`);
    saves = await measureEmailSaves(app.url, {
      visitors: MEMORY_SAVES,
      concurrency: 100,
      label: "memory",
      deadlineMs: 30 * 60_000,
    });
    afterSaves = resident(app.pid);
    await sleep(SETTLE_SECONDS);
    settled = resident(app.pid);
    options.log(
      `memory: ${saves.saves} saves, ${afterSaves.rssMb.toFixed(0)} MB right after, ${settled.rssMb.toFixed(0)} MB ${SETTLE_SECONDS} s later`,
    );
  } finally {
    await app.stop();
  }

  const again = await start("server-memory-restarted.log");
  let restartedIdle: Resident;
  try {
    await sleep(IDLE_SECONDS);
    restartedIdle = resident(again.pid);
  } finally {
    await again.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
  return {
    date: new Date().toISOString(),
    commit: options.commit,
    alone: options.alone,
    load: [Number(loadAtStart.toFixed(2)), Number((loadavg()[0] ?? 0).toFixed(2))],
    idleSeconds: IDLE_SECONDS,
    settleSeconds: SETTLE_SECONDS,
    idle,
    saves,
    afterSaves,
    settled,
    restartedIdle,
  };
}
