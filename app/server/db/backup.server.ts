/**
 * Backups of the embedded database (decision 013). Only one process may open PGlite's files, so a
 * backup taken while the server runs comes from the server itself: it listens on a port of the
 * loopback interface only, apart from the site, and answers only a request that carries the
 * random token it wrote to DATA_DIR, which only the server's user can read. `npm run db:backup`
 * reads that file and asks; with no server running it opens the database itself.
 */
import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import {
  createWriteStream,
  existsSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { request, createServer, STATUS_CODES, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { createGzip, gunzipSync } from "node:zlib";

import { CliError, openCliDatabase } from "../admin/cli.server.ts";
import { DataDirLockedError } from "./data-dir-lock.server.ts";
import { openDatabase, type Database } from "./database.server.ts";
import type { Env } from "../env.server.ts";
import type { logger as Logger } from "../logger.server.ts";

/** Where the running server says how to ask it for a backup (port and token, JSON, mode 0600). */
export const BACKUP_ENDPOINT_FILE = "backup-endpoint.json";

interface Endpoint {
  port: number;
  token: string;
}

/** A running backup endpoint. */
export interface BackupEndpoint {
  port: number;
  /** Stops answering and removes the endpoint file. */
  close(): Promise<void>;
}

const LOOPBACK = new Set(["127.0.0.1", "::1", "::ffff:127.0.0.1"]);

function digest(text: string): Buffer {
  return createHash("sha256").update(text).digest();
}

/** A snapshot's tar archive, gzipped as it streams. */
function gzipped(snapshot: Blob): Readable {
  return Readable.from(snapshot.stream()).pipe(createGzip());
}

/**
 * Starts the backup endpoint of a server running on the embedded database: `POST /backup` on
 * 127.0.0.1 (a port the system picks), answered with a gzipped snapshot only when the request comes
 * from the loopback interface, carries no Origin (no web page may ask, DNS rebinding included) and
 * has the token as a bearer credential. One backup at a time.
 */
export async function startBackupEndpoint(
  dataDir: string,
  database: Pick<Database, "snapshot">,
  log: typeof Logger,
): Promise<BackupEndpoint> {
  const { snapshot } = database;
  if (!snapshot) throw new Error("Backups through the server are for the embedded database.");
  const token = randomBytes(32).toString("base64url");
  const expected = digest(`Bearer ${token}`);
  let busy = false;
  const server = createServer((req, res) => {
    req.resume();
    const refuse = (status: number) => {
      res.writeHead(status, { "Content-Type": "text/plain", "Cache-Control": "no-store" });
      res.end(`${STATUS_CODES[status]}\n`);
    };
    if (!LOOPBACK.has(req.socket.remoteAddress ?? "")) return refuse(403);
    if (req.headers.origin !== undefined) return refuse(403);
    if (req.method !== "POST" || req.url !== "/backup") return refuse(404);
    if (!timingSafeEqual(digest(req.headers.authorization ?? ""), expected)) return refuse(401);
    if (busy) return refuse(409);
    busy = true;
    const started = Date.now();
    snapshot()
      .then(async (tar) => {
        res.writeHead(200, { "Content-Type": "application/gzip", "Cache-Control": "no-store" });
        await pipeline(gzipped(tar), res);
        log.info({ bytes: tar.size, durationMs: Date.now() - started }, "backup sent");
      })
      .catch((error: unknown) => {
        log.error({ err: error }, "backup failed");
        if (!res.headersSent) refuse(500);
        else res.destroy();
      })
      .finally(() => {
        busy = false;
      });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const file = path.join(dataDir, BACKUP_ENDPOINT_FILE);
  // Written whole, then put in place: a reader never sees half a file. Owner-only, as the token
  // is what lets a backup out.
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, `${JSON.stringify({ port, token } satisfies Endpoint)}\n`, {
    mode: 0o600,
  });
  renameSync(temporary, file);
  return {
    port,
    close: async () => {
      rmSync(file, { force: true });
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** The running server's endpoint, from DATA_DIR; undefined when no server has written one. */
function readEndpoint(dataDir: string): Endpoint | undefined {
  let text: string;
  try {
    text = readFileSync(path.join(dataDir, BACKUP_ENDPOINT_FILE), "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw error;
  }
  const parsed = JSON.parse(text) as Partial<Endpoint>;
  if (typeof parsed.port !== "number" || typeof parsed.token !== "string") return undefined;
  return { port: parsed.port, token: parsed.token };
}

/** Asks the server for a backup; undefined when no server answers there (it has stopped). */
function askServer(endpoint: Endpoint): Promise<IncomingMessage | undefined> {
  return new Promise((resolve, reject) => {
    const req = request({
      host: "127.0.0.1",
      port: endpoint.port,
      method: "POST",
      path: "/backup",
      headers: { Authorization: `Bearer ${endpoint.token}` },
    });
    req.on("response", (res) => {
      if (res.statusCode === 200) return resolve(res);
      res.resume();
      const busy = res.statusCode === 409 ? " Another backup is running; try again after it." : "";
      reject(new CliError(`The server refused the backup (${res.statusCode ?? "?"}).${busy}`));
    });
    req.on("error", (error: NodeJS.ErrnoException) =>
      error.code === "ECONNREFUSED" ? resolve(undefined) : reject(error),
    );
    req.end();
  });
}

/** Writes `data` to a new file that only this user can read; a file already there is kept. */
async function writePrivate(file: string, data: Readable): Promise<number> {
  let bytes = 0;
  data.on("data", (chunk: Buffer) => (bytes += chunk.length));
  try {
    await pipeline(data, createWriteStream(file, { flags: "wx", mode: 0o600 }));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") {
      throw new CliError(`${file} already exists; give another file name.`, { cause: error });
    }
    rmSync(file, { force: true });
    throw error;
  }
  return bytes;
}

/**
 * The backup commands are for the embedded database; PostgreSQL has tools of its own. Checked on
 * the environment as given, before the settings (which ask more of a PostgreSQL setup).
 */
export function requireEmbeddedDatabase(
  environment: Record<string, string | undefined>,
  tool: "pg_dump" | "pg_restore",
): void {
  if (environment.DATABASE_URL) {
    throw new CliError(
      `DATABASE_URL is set: use ${tool} for PostgreSQL (see the README's Backups section).`,
    );
  }
}

/**
 * `npm run db:backup`: a gzipped snapshot of the embedded database in `file` (mode 0600), through
 * the running server, or straight from DATA_DIR when no server runs on it. Returns how it was taken
 * and its size.
 */
export async function backUpToFile(
  env: Env,
  file: string,
): Promise<{ through: "server" | "files"; bytes: number }> {
  if (existsSync(file)) throw new CliError(`${file} already exists; give another file name.`);
  const endpoint = readEndpoint(env.DATA_DIR);
  const answer = endpoint ? await askServer(endpoint) : undefined;
  if (answer) return { through: "server", bytes: await writePrivate(file, answer) };
  let database: Database;
  try {
    database = await openCliDatabase(env);
  } catch (error) {
    if (error instanceof CliError && error.cause instanceof DataDirLockedError) {
      throw new CliError(
        `${error.cause.message}\nIt did not answer for a backup: is it an older version? Stop it and try again.`,
        { cause: error },
      );
    }
    throw error;
  }
  try {
    if (!database.snapshot) throw new Error("The embedded database takes no snapshot.");
    const tar = await database.snapshot();
    return { through: "files", bytes: await writePrivate(file, gzipped(tar)) };
  } finally {
    await database.close();
  }
}

/**
 * `npm run db:restore FILE`: brings a backup back into DATA_DIR, which must be empty or missing
 * (nothing is ever restored over a database). Applies any newer migrations, as a start would.
 */
export async function restoreFromFile(dataDir: string, file: string): Promise<void> {
  if (existsSync(dataDir) && readdirSync(dataDir).length > 0) {
    throw new CliError(
      `${path.resolve(dataDir)} is not empty. Restore into an empty or new DATA_DIR (move the ` +
        "old one aside first, or set DATA_DIR to a new folder).",
    );
  }
  let archive: Buffer;
  try {
    archive = readFileSync(file);
  } catch (error) {
    throw new CliError(`Cannot read ${file}: ${(error as Error).message}`, { cause: error });
  }
  // A backup is gzipped; a plain tar archive (PGlite's own dumpDataDir) is taken as it is.
  const tar = archive[0] === 0x1f && archive[1] === 0x8b ? gunzipSync(archive) : archive;
  try {
    const database = await openDatabase({
      kind: "pglite",
      dataDir,
      restoreFrom: new Blob([new Uint8Array(tar)]),
    });
    await database.close();
  } catch (error) {
    // Leave the folder as empty as it was found, for another try.
    const left = existsSync(dataDir) ? readdirSync(dataDir) : [];
    for (const entry of left) rmSync(path.join(dataDir, entry), { recursive: true, force: true });
    throw new CliError(`${file} could not be restored: is it a backup of CoverPilot's database?`, {
      cause: error,
    });
  }
}
