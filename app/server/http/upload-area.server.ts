/**
 * Where this server keeps uploads while they arrive (decision 057): DATA_DIR/uploads, a folder of
 * its own per server (named by its process id and host, as several servers on PostgreSQL may share
 * DATA_DIR), and in it one folder per upload. An upload's folder goes when the upload ends, however
 * it ends: handled, refused, abandoned by its client, cut by the request timeout or a broken socket,
 * or stopped by the server's shutdown, which waits for each to be gone. What a crash leaves is
 * removed when the next server starts.
 */
import { lstat, mkdir, mkdtemp, readdir, rm } from "node:fs/promises";
import { hostname } from "node:os";
import path from "node:path";

/** The folder of DATA_DIR that holds the uploads in progress. */
export const UPLOADS_FOLDER = "uploads";

/**
 * How long a folder of another host's server is left alone. No upload lasts anything like it: Node
 * ends a request after its request timeout (300 s by default), and the upload's folder with it.
 */
const FOREIGN_LEFTOVER_MS = 60 * 60 * 1000;

/** A host's name as a folder's name holds it. */
function hostPart(host: string): string {
  return host.replace(/[^A-Za-z0-9-]/g, "_").slice(0, 100) || "_";
}

/** Whether a process with this id runs on this machine (one of another user still counts). */
function processRuns(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** The newest change to anything in `folder` (itself, its entries, and theirs), in ms. */
async function lastChange(folder: string): Promise<number> {
  const own = (await lstat(folder)).mtimeMs;
  const entries = await readdir(folder, { withFileTypes: true }).catch(() => []);
  const inner = await Promise.all(
    entries.map((entry) => {
      const inside = path.join(folder, entry.name);
      return entry.isDirectory() ? lastChange(inside) : lstat(inside).then((stat) => stat.mtimeMs);
    }),
  );
  return Math.max(own, ...inner);
}

/** An upload that the area's close stopped: the server is shutting down. */
export class UploadAreaClosedError extends Error {
  override name = "UploadAreaClosedError";
}

export class UploadArea {
  /** DATA_DIR/uploads: every server's folder. */
  readonly root: string;
  /** This server's folder in it. */
  readonly directory: string;
  readonly #host: string;
  readonly #closing = new AbortController();
  /** The uploads in progress, each settled once its folder is gone. */
  readonly #inProgress = new Set<Promise<void>>();

  constructor(dataDir: string, server: { pid: number; host: string } = defaultServer()) {
    this.root = path.join(dataDir, UPLOADS_FOLDER);
    this.#host = hostPart(server.host);
    this.directory = path.join(this.root, `${server.pid}.${this.#host}`);
  }

  /** How many uploads are in progress now. */
  get inProgress(): number {
    return this.#inProgress.size;
  }

  /**
   * Removes what servers that ended without cleaning up left (call at start, before any upload):
   * this host's folders whose process has ended (this server's own name among them: its process
   * id was an ended one's), and in another host's folder, the uploads untouched for an hour.
   * Anything else in the area is no upload's, and goes too. Returns how many entries went.
   */
  async removeLeftovers(now: number = Date.now()): Promise<number> {
    const entries = await readdir(this.root, { withFileTypes: true }).catch(() => []);
    let removed = 0;
    for (const entry of entries) {
      const folder = path.join(this.root, entry.name);
      const owner = /^(\d{1,10})\.([A-Za-z0-9_-]{1,100})$/.exec(entry.name);
      const pid = Number(owner?.[1]);
      if (owner && entry.isDirectory() && folder !== this.directory) {
        if (owner[2] !== this.#host) {
          removed += await this.#removeStale(folder, now);
          continue;
        }
        if (processRuns(pid)) continue;
      }
      await rm(folder, { recursive: true, force: true });
      removed += 1;
    }
    return removed;
  }

  /** Removes the uploads of another host's folder untouched for FOREIGN_LEFTOVER_MS. */
  async #removeStale(folder: string, now: number): Promise<number> {
    let removed = 0;
    for (const upload of await readdir(folder).catch(() => [])) {
      const inside = path.join(folder, upload);
      const changed = await lastChange(inside).catch(() => now);
      if (now - changed < FOREIGN_LEFTOVER_MS) continue;
      await rm(inside, { recursive: true, force: true });
      removed += 1;
    }
    return removed;
  }

  /**
   * Runs `work` with a fresh folder of its own, removed when `work` ends, whatever the way. The
   * signal `work` gets aborts when `signal` does (the request's: its client went, its socket
   * broke, or it timed out) or when the area closes; `work` must stop reading then.
   */
  async hold<T>(
    signal: AbortSignal,
    work: (folder: string, signal: AbortSignal) => Promise<T>,
  ): Promise<T> {
    if (this.#closing.signal.aborted) throw new UploadAreaClosedError("The server is stopping.");
    let settle = () => {};
    const ended = new Promise<void>((resolve) => {
      settle = resolve;
    });
    this.#inProgress.add(ended);
    try {
      await mkdir(this.directory, { recursive: true, mode: 0o700 });
      const folder = await mkdtemp(path.join(this.directory, "upload-"));
      try {
        return await work(folder, AbortSignal.any([signal, this.#closing.signal]));
      } finally {
        await rm(folder, { recursive: true, force: true });
      }
    } finally {
      this.#inProgress.delete(ended);
      settle();
    }
  }

  /**
   * Stops every upload still arriving, waits until each has removed its folder, and removes this
   * server's folder. Later uploads are refused (UploadAreaClosedError).
   */
  async close(): Promise<void> {
    this.#closing.abort(new UploadAreaClosedError("The server is stopping."));
    await Promise.all(this.#inProgress);
    await rm(this.directory, { recursive: true, force: true });
  }
}

function defaultServer(): { pid: number; host: string } {
  return { pid: process.pid, host: hostname() };
}
