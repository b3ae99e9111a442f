import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from "node:fs";
import path from "node:path";

/** Thrown when another live process holds DATA_DIR. */
export class DataDirLockedError extends Error {
  override name = "DataDirLockedError";
}

/** The lock's file in DATA_DIR: the holder's process id, as text. */
export const LOCK_FILE = "server.lock";

/**
 * Whether process `pid` runs: "running" (and this user may signal it: this user's, or anyone's for
 * root), "another user's" (it exists, but belongs to someone else), or "gone".
 */
export function processState(pid: number): "running" | "another user's" | "gone" {
  try {
    process.kill(pid, 0);
    return "running";
  } catch (error) {
    // EPERM: the process exists but belongs to someone else; ESRCH: there is none.
    return error instanceof Error && "code" in error && error.code === "EPERM"
      ? "another user's"
      : "gone";
  }
}

/**
 * The process id that DATA_DIR's lock names, or undefined when there is no lock (or no id in it).
 * Whether that process still runs is processState's question: a lock outlives a server that
 * crashed, and its id may since have gone to another process.
 */
export function lockHolder(dataDir: string): number | undefined {
  let text: string;
  try {
    text = readFileSync(path.join(dataDir, LOCK_FILE), "utf8");
  } catch (error) {
    if (error instanceof Error && "code" in error && error.code === "ENOENT") return undefined;
    throw error;
  }
  const pid = Number.parseInt(text, 10);
  return Number.isInteger(pid) && pid > 0 ? pid : undefined;
}

/**
 * Takes DATA_DIR for this process, so that no second server opens the same embedded database
 * (PGlite is single-process: two writers would corrupt it). A lock left by a process that died
 * (SIGKILL, power loss) is taken over. Returns the release function.
 */
export function lockDataDir(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const file = path.join(dataDir, LOCK_FILE);
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = openSync(file, "wx", 0o600);
      writeSync(fd, `${process.pid}\n`);
      closeSync(fd);
      return () => rmSync(file, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
    const holder = lockHolder(dataDir);
    // A container restarts its server with the same pid, so our own pid in the file is stale too.
    // A process of another user's counts as alive: the lock is not taken from under it.
    if (holder !== undefined && holder !== process.pid && processState(holder) !== "gone") {
      throw new DataDirLockedError(
        `The data directory ${path.resolve(dataDir)} is in use by another server (process ${holder}). ` +
          `Stop that server, or give this one another DATA_DIR or a DATABASE_URL.`,
      );
    }
    rmSync(file, { force: true });
  }
  throw new DataDirLockedError(`Could not lock the data directory ${path.resolve(dataDir)}.`);
}
