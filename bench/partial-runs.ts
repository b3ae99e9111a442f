/**
 * `npm run bench -- --only <part>`: one part of the bench measured again, its figures put into the
 * committed report in place of the earlier ones (the report says which run measured which), or,
 * for `uploads`, a report of its own.
 */
import { loadavg } from "node:os";
import path from "node:path";

import { measurePgliteSaves, measurePostgresSaves } from "./database-saves.ts";
import { measureDeskFigures } from "./desk.ts";
import { measureMemory, type MemoryFigures } from "./memory.ts";
import { freePort, residentMb, startAppServer, type Child } from "./processes.ts";
import { checkTargets, type BenchReport } from "./report.ts";
import { commitName, committedReport, writeReport } from "./report-files.ts";
import { log, RESULTS } from "./settings.ts";
import { measureUploads } from "./uploads.ts";
import { buildWorkspace, dataDirOf } from "./workspace.ts";

/** The parts `--only` takes. */
export const PARTS = ["desk", "memory", "saves", "uploads"] as const;

/** Measures `part` alone; throws for a part the bench does not have. */
export async function measureOnly(part: string): Promise<void> {
  switch (part) {
    case "desk": {
      const measured = { ...committedReport(), desk: await measureDeskFigures(log) };
      await writeReport({ ...measured, targets: checkTargets(measured) });
      return;
    }
    case "memory":
      return memoryAlone();
    case "saves":
      return savesAlone();
    case "uploads":
      return measureUploads(log);
    default:
      throw new Error(`--only takes ${PARTS.join(", ")}, not ${part}`);
  }
}

/**
 * `--only saves`: builds the working tree, measures the email step's saves on PGlite and on
 * PostgreSQL (one server and two) beside each database's own rate for the same statement, and puts the figures into
 * the committed report in place of the earlier ones, saying which run measured them.
 */
async function savesAlone(): Promise<void> {
  const previous = committedReport();
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
  const previous = committedReport();
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
