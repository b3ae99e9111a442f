import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from "node:fs";
import path from "node:path";

/** Thrown when another live process holds DATA_DIR. */
export class DataDirLockedError extends Error {
  override name = "DataDirLockedError";
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * Takes DATA_DIR for this process, so that no second server opens the same embedded database
 * (PGlite is single-process: two writers would corrupt it). A lock left by a process that died
 * (SIGKILL, power loss) is taken over. Returns the release function.
 */
export function lockDataDir(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const file = path.join(dataDir, "server.lock");
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = openSync(file, "wx", 0o600);
      writeSync(fd, `${process.pid}\n`);
      closeSync(fd);
      return () => rmSync(file, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
    const holder = Number.parseInt(readFileSync(file, "utf8"), 10);
    // A container restarts its server with the same pid, so our own pid in the file is stale too.
    if (Number.isInteger(holder) && holder !== process.pid && isAlive(holder)) {
      throw new DataDirLockedError(
        `The data directory ${path.resolve(dataDir)} is in use by another server (process ${holder}). ` +
          `Stop that server, or give this one another DATA_DIR or a DATABASE_URL.`,
      );
    }
    rmSync(file, { force: true });
  }
  throw new DataDirLockedError(`Could not lock the data directory ${path.resolve(dataDir)}.`);
}
