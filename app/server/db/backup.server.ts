/**
 * Backups of the embedded database (decision 013). Only one process may open PGlite's files, so a
 * backup taken while the server runs comes from the server itself: it listens on a Unix domain
 * socket inside DATA_DIR (owner-only, 0700), apart from the site, and answers only a request that
 * carries the random token it wrote beside it. `npm run db:backup` asks it only once it has made
 * sure that the server the lock names is alive, is the one that published the endpoint, and that
 * only DATA_DIR's owner could have made the socket; with no server running it opens the database
 * itself. Either way it checks the archive it wrote before it reports a backup.
 *
 * The same endpoint takes the few other commands that must reach the embedded database while the
 * server runs (`npm run operator:create`, issue 28): each is a JSON body posted to a path of its
 * own, with the same token, answered by a handler the server registers (EndpointCommands).
 */
import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import {
  chmodSync,
  createWriteStream,
  existsSync,
  lstatSync,
  readdirSync,
  readFileSync,
  realpathSync,
  renameSync,
  rmSync,
  writeFileSync,
  type Stats,
} from "node:fs";
import {
  request,
  createServer,
  STATUS_CODES,
  type IncomingMessage,
  type ServerResponse,
} from "node:http";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { createGzip, gunzipSync } from "node:zlib";

import { CliError, openCliDatabase } from "#app/server/admin/cli.server.ts";
import { NotABackupError, verifyBackupArchive } from "#app/server/db/backup-archive.server.ts";
import {
  DataDirLockedError,
  lockHolder,
  processState,
} from "#app/server/db/data-dir-lock.server.ts";
import { openDatabase, type Database } from "#app/server/db/database.server.ts";
import type { Settings } from "#app/server/env.server.ts";
import type { logger as Logger } from "#app/server/logger.server.ts";

/**
 * Where the running server says how to ask it for a backup: its process id (the lock's) and the
 * token, as JSON, mode 0600. An older version wrote a TCP port here instead: such a file is never
 * acted on.
 */
export const BACKUP_ENDPOINT_FILE = "backup-endpoint.json";

/** The socket the running server answers backups on, in DATA_DIR (mode 0600). */
export const BACKUP_SOCKET_FILE = "backup.sock";

/**
 * The longest socket path bind() and connect() take, in bytes: sun_path holds 108 on Linux and 104
 * on macOS, with a terminating NUL. Some Node versions cut a longer path short without a word,
 * which would put the socket elsewhere, outside DATA_DIR.
 */
const SOCKET_PATH_MAX = 103;

/** The embedded database's own folder in DATA_DIR, and the file a PostgreSQL data directory has. */
const PGLITE_VERSION_FILE = path.join("pglite", "PG_VERSION");

interface Endpoint {
  pid: number;
  token: string;
}

/** The longest command body the endpoint reads (an operator's email and password, as JSON). */
export const COMMAND_BODY_MAX_BYTES = 4096;

/** What a command's handler answers: an HTTP status and a JSON body. */
export interface CommandAnswer {
  status: number;
  body: Record<string, unknown>;
}

/** The endpoint's commands besides /backup, by path ("/operators"); each gets the parsed body. */
export type EndpointCommands = Readonly<Record<string, (body: unknown) => Promise<CommandAnswer>>>;

/** A running backup endpoint. */
export interface BackupEndpoint {
  /** The socket it listens on; undefined when DATA_DIR's path is too long for one (see the log). */
  socketPath: string | undefined;
  /** Stops answering and removes the endpoint file and the socket. */
  close(): Promise<void>;
}

function errorCode(error: unknown): string | undefined {
  return error instanceof Error && "code" in error && typeof error.code === "string"
    ? error.code
    : undefined;
}

function digest(text: string): Buffer {
  return createHash("sha256").update(text).digest();
}

/** A snapshot's tar archive, gzipped as it streams. */
function gzipped(snapshot: Blob): Readable {
  return Readable.from(snapshot.stream()).pipe(createGzip());
}

/**
 * How this process can name the socket `socket` (absolute) to bind() or connect(): as it is, or
 * relative to the working folder when that is short enough; undefined when neither is.
 */
function socketAddress(socket: string): string | undefined {
  for (const candidate of [socket, path.relative(process.cwd(), socket)]) {
    if (candidate && Buffer.byteLength(candidate) <= SOCKET_PATH_MAX) return candidate;
  }
  return undefined;
}

/**
 * Starts the backup endpoint of a server running on the embedded database, once it holds
 * DATA_DIR's lock: `POST /backup` on the Unix socket DATA_DIR/backup.sock, answered with a gzipped
 * snapshot only when the request carries no Origin (no web page may ask) and has the token as a
 * bearer credential (compared in constant time). One backup at a time. Only DATA_DIR's owner can
 * make a file in it, so no other user can listen in the server's place, even on a socket left by
 * a server that crashed; and only that owner may connect.
 */
export async function startBackupEndpoint(
  dataDir: string,
  database: Pick<Database, "snapshot">,
  log: typeof Logger,
  commands: EndpointCommands = {},
): Promise<BackupEndpoint> {
  const { snapshot } = database;
  if (!snapshot) throw new Error("Backups through the server are for the embedded database.");
  const file = path.join(dataDir, BACKUP_ENDPOINT_FILE);
  const socket = path.resolve(dataDir, BACKUP_SOCKET_FILE);
  // What a server that crashed left (this one holds the lock: no other is running on DATA_DIR).
  rmSync(file, { force: true });
  rmSync(socket, { force: true });
  const address = socketAddress(socket);
  if (!address) {
    log.warn(
      { socket, maxBytes: SOCKET_PATH_MAX },
      "no backup endpoint: DATA_DIR's path is too long for a socket; stop the server to back up",
    );
    return { socketPath: undefined, close: async () => {} };
  }
  const token = randomBytes(32).toString("base64url");
  const expected = digest(`Bearer ${token}`);
  let busy = false;
  const server = createServer((req, res) => {
    const refuse = (status: number) => {
      req.resume();
      res.writeHead(status, { "Content-Type": "text/plain", "Cache-Control": "no-store" });
      res.end(`${STATUS_CODES[status]}\n`);
    };
    if (req.headers.origin !== undefined) return refuse(403);
    const command =
      req.url !== undefined && Object.hasOwn(commands, req.url) ? commands[req.url] : undefined;
    if (req.method !== "POST" || (req.url !== "/backup" && !command)) return refuse(404);
    if (!timingSafeEqual(digest(req.headers.authorization ?? ""), expected)) return refuse(401);
    if (command) return void answerCommand(req, res, command, log);
    req.resume();
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
    server.listen(address, () => resolve());
  });
  // Owner-only, like everything in DATA_DIR (a socket is made with the umask's mode).
  chmodSync(socket, 0o600);
  // Written whole, then put in place: a reader never sees half a file. Owner-only, as the token
  // is what lets a backup out.
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, `${JSON.stringify({ pid: process.pid, token } satisfies Endpoint)}\n`, {
    mode: 0o600,
  });
  renameSync(temporary, file);
  return {
    socketPath: socket,
    close: async () => {
      rmSync(file, { force: true });
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      rmSync(socket, { force: true });
    },
  };
}

/**
 * Reads a command's JSON body (at most COMMAND_BODY_MAX_BYTES: past that it is refused with 413,
 * and what follows is dropped unread) and answers with its handler's answer. What the body holds is
 * never logged.
 */
async function answerCommand(
  req: IncomingMessage,
  res: ServerResponse,
  command: (body: unknown) => Promise<CommandAnswer>,
  log: typeof Logger,
): Promise<void> {
  const answer = (status: number, body: Record<string, unknown>) => {
    res.writeHead(status, { "Content-Type": "application/json", "Cache-Control": "no-store" });
    res.end(`${JSON.stringify(body)}\n`);
  };
  const chunks: Buffer[] = [];
  let bytes = 0;
  try {
    // A request without setEncoding yields Buffers; Node types its chunks as any.
    for await (const chunk of req as AsyncIterable<Buffer>) {
      bytes += chunk.length;
      if (bytes > COMMAND_BODY_MAX_BYTES) {
        // The rest is read and dropped, keeping nothing: the owner's command was too long.
        answer(413, { error: "too long" });
        req.resume();
        return;
      }
      chunks.push(chunk);
    }
    let body: unknown;
    try {
      body = JSON.parse(Buffer.concat(chunks).toString("utf8"));
    } catch {
      return answer(400, { error: "not JSON" });
    }
    const { status, body: answered } = await command(body);
    answer(status, answered);
  } catch (error) {
    log.error({ err: error, path: req.url }, "endpoint command failed");
    if (!res.headersSent) answer(500, { error: "failed" });
  }
}

/** The endpoint file's contents; undefined when there is none, or none of this version. */
function readEndpoint(dataDir: string): Endpoint | undefined {
  let text: string;
  try {
    text = readFileSync(path.join(dataDir, BACKUP_ENDPOINT_FILE), "utf8");
  } catch (error) {
    if (errorCode(error) === "ENOENT") return undefined;
    throw error;
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (typeof parsed !== "object" || parsed === null) return undefined;
  const { pid, token } = parsed as Partial<Record<keyof Endpoint, unknown>>; // Checked just below.
  if (typeof pid !== "number" || !Number.isInteger(pid) || typeof token !== "string") {
    return undefined;
  }
  return { pid, token };
}

/**
 * Whom `npm run db:backup` may ask, before anything is sent anywhere:
 * - "server": the lock names a live process of this user's, the endpoint file was written by that
 *   same process, DATA_DIR can be written by its owner only, and the socket is a socket made by
 *   that owner: whoever answers on it is the server (or its user), and the token goes to it alone;
 * - "none": no lock, or the process it names is gone: the endpoint file and the socket are what a
 *   server that crashed left, and nothing is asked: the files are read under the lock instead;
 * - "busy": a live process holds the lock but cannot be asked (it has published no endpoint of this
 *   version, or is another user's): nothing is asked, and the lock refuses the files too.
 * A DATA_DIR that others may write, or a socket that is not its owner's, stops the command.
 */
type ServerToAsk =
  | { kind: "server"; address: string; token: string }
  | { kind: "none" }
  | { kind: "busy"; why: string };

function serverToAsk(dataDir: string): ServerToAsk {
  const holder = lockHolder(dataDir);
  if (holder === undefined) return { kind: "none" };
  const state = processState(holder);
  if (state === "gone") return { kind: "none" };
  if (state === "another user's") {
    return { kind: "busy", why: `Process ${holder} is another user's: it cannot be asked.` };
  }
  const endpoint = readEndpoint(dataDir);
  if (!endpoint || endpoint.pid !== holder) {
    return {
      kind: "busy",
      why:
        `It has published no backup endpoint: it is still starting (try again in a moment), ` +
        `an older version, or its DATA_DIR path is too long for a socket (see its log). ` +
        `Stop it and try again.`,
    };
  }
  const socket = path.resolve(dataDir, BACKUP_SOCKET_FILE);
  const folder = lstatSync(realpathSync(dataDir));
  const uid = process.getuid?.();
  if (uid !== undefined && folder.uid !== uid && uid !== 0) {
    throw new CliError(`${path.resolve(dataDir)} belongs to another user: run this as its owner.`);
  }
  if ((folder.mode & 0o022) !== 0) {
    throw new CliError(
      `${path.resolve(dataDir)} can be written by other users, who could stand in for the server: ` +
        `nothing was asked. Make it the owner's only (chmod 700) and restart the server.`,
    );
  }
  let stat: Stats;
  try {
    stat = lstatSync(socket);
  } catch (error) {
    if (errorCode(error) === "ENOENT") {
      return { kind: "busy", why: `Its backup socket ${socket} is missing: restart it.` };
    }
    throw error;
  }
  if (!stat.isSocket() || stat.uid !== folder.uid) {
    throw new CliError(
      `${socket} is not a socket of DATA_DIR's owner: nothing was asked. Restart the server.`,
    );
  }
  const address = socketAddress(socket);
  if (!address) {
    return { kind: "busy", why: `The path of its socket ${socket} is too long to connect to.` };
  }
  return { kind: "server", address, token: endpoint.token };
}

/** Asks the server for a backup; undefined when nothing listens on the socket (it has stopped). */
function askServer(server: {
  address: string;
  token: string;
}): Promise<IncomingMessage | undefined> {
  return new Promise((resolve, reject) => {
    const req = request({
      // A connection of its own: never one kept from an earlier request (a server since gone).
      agent: false,
      socketPath: server.address,
      method: "POST",
      path: "/backup",
      headers: { Authorization: `Bearer ${server.token}` },
    });
    req.on("response", (res) => {
      if (res.statusCode === 200) return resolve(res);
      res.resume();
      const busy = res.statusCode === 409 ? " Another backup is running; try again after it." : "";
      reject(new CliError(`The server refused the backup (${res.statusCode ?? "?"}).${busy}`));
    });
    req.on("error", (error) => {
      const code = errorCode(error);
      return code === "ECONNREFUSED" || code === "ENOENT" ? resolve(undefined) : reject(error);
    });
    req.end();
  });
}

/**
 * Posts `body` as JSON to `command` ("/operators") on the server running on DATA_DIR, when one can
 * be asked (serverToAsk); "no server" when none runs there (the caller opens the database itself).
 * A server that holds DATA_DIR but cannot be asked is a CliError saying why.
 */
export async function askRunningServer(
  dataDir: string,
  command: string,
  body: Record<string, unknown>,
): Promise<CommandAnswer | "no server"> {
  const server = serverToAsk(dataDir);
  if (server.kind === "none") return "no server";
  if (server.kind === "busy") {
    throw new CliError(`The server is running on DATA_DIR and cannot be asked. ${server.why}`);
  }
  const text = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = request({
      agent: false,
      socketPath: server.address,
      method: "POST",
      path: command,
      headers: {
        Authorization: `Bearer ${server.token}`,
        "Content-Type": "application/json",
        "Content-Length": Buffer.byteLength(text),
      },
    });
    req.on("response", (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("error", reject);
      res.on("end", () => {
        let answered: unknown;
        try {
          answered = JSON.parse(Buffer.concat(chunks).toString("utf8"));
        } catch {
          answered = undefined;
        }
        if (typeof answered !== "object" || answered === null || res.statusCode === 404) {
          reject(
            new CliError(
              `The running server did not take the command (${res.statusCode ?? "?"}): is it an older version? Stop it and try again.`,
            ),
          );
          return;
        }
        // An object, checked just above; its fields are the handler's to read.
        resolve({ status: res.statusCode ?? 0, body: answered as Record<string, unknown> });
      });
    });
    req.on("error", (error) => {
      const code = errorCode(error);
      // Nothing listens any more: the server stopped meanwhile.
      if (code === "ECONNREFUSED" || code === "ENOENT") resolve("no server");
      else reject(error);
    });
    req.end(text);
  });
}

/**
 * Writes `data` to a new file that only this user can read (a file already there is kept), then
 * checks that it is a whole backup; a failed or refused one is removed. Returns its size.
 */
async function writeBackup(file: string, data: Readable, from: string): Promise<number> {
  let bytes = 0;
  data.on("data", (chunk: Buffer) => (bytes += chunk.length));
  try {
    await pipeline(data, createWriteStream(file, { flags: "wx", mode: 0o600 }));
  } catch (error) {
    if (errorCode(error) === "EEXIST") {
      throw new CliError(`${file} already exists; give another file name.`, { cause: error });
    }
    rmSync(file, { force: true });
    throw new CliError(
      `The backup from ${from} failed (${error instanceof Error ? error.message : String(error)}); ` +
        `${file} was removed. Nothing was backed up.`,
      { cause: error },
    );
  }
  try {
    await verifyBackupArchive(file);
  } catch (error) {
    rmSync(file, { force: true });
    if (!(error instanceof NotABackupError)) throw error;
    throw new CliError(
      `What ${from} gave is not a backup of the embedded database: ${error.message}. ` +
        `${file} was removed. Nothing was backed up.`,
      { cause: error },
    );
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
 * the running server, or straight from DATA_DIR when no server runs on it (serverToAsk says when
 * the server is asked). The file is checked to be a whole backup (backup-archive.server.ts) before
 * this returns how it was taken and its size; otherwise it is removed and a CliError thrown.
 */
export async function backUpToFile(
  env: Settings,
  file: string,
): Promise<{ through: "server" | "files"; bytes: number }> {
  if (existsSync(file)) throw new CliError(`${file} already exists; give another file name.`);
  const server = serverToAsk(env.DATA_DIR);
  if (server.kind === "server") {
    const answer = await askServer(server);
    if (answer) {
      return { through: "server", bytes: await writeBackup(file, answer, "the server") };
    }
    // Nothing listens any more: the server stopped meanwhile. The lock says whether it did.
  }
  // No server to ask: the files are read under the lock, which a live server holds. Without a
  // database there, opening one would make an empty database and back that up.
  if (server.kind === "none" && !existsSync(path.join(env.DATA_DIR, PGLITE_VERSION_FILE))) {
    throw new CliError(
      `There is no embedded database in ${path.resolve(env.DATA_DIR)}: nothing was backed up. ` +
        "Is DATA_DIR the server's?",
    );
  }
  let database: Database;
  try {
    database = await openCliDatabase(env);
  } catch (error) {
    if (error instanceof CliError && error.cause instanceof DataDirLockedError) {
      const why =
        server.kind === "busy"
          ? server.why
          : "It did not answer for a backup: is it an older version? Stop it and try again.";
      throw new CliError(`${error.cause.message}\n${why}`, { cause: error });
    }
    throw error;
  }
  try {
    if (database.kind !== "pglite" || !database.snapshot) {
      throw new Error("The embedded database takes no snapshot.");
    }
    // Under the lock no server runs: an endpoint file or a socket is a crashed server's.
    rmSync(path.join(env.DATA_DIR, BACKUP_ENDPOINT_FILE), { force: true });
    rmSync(path.join(env.DATA_DIR, BACKUP_SOCKET_FILE), { force: true });
    const tar = await database.snapshot();
    return { through: "files", bytes: await writeBackup(file, gzipped(tar), "the database files") };
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
