import { spawn, spawnSync } from "node:child_process";
import { once } from "node:events";
import { chmodSync, existsSync, mkdtempSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { createServer, request, type Server } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { gunzipSync, gzipSync } from "node:zlib";

import { describe, expect, it } from "vitest";

import { PGLITE_TEMPLATE_FILE } from "#tests/support/databases.ts";

import { verifyBackupArchive } from "#app/server/db/backup-archive.server.ts";
import {
  BACKUP_ENDPOINT_FILE,
  BACKUP_SOCKET_FILE,
  backUpToFile,
  restoreFromFile,
  startBackupEndpoint,
} from "#app/server/db/backup.server.ts";
import { openDatabase } from "#app/server/db/database.server.ts";
import { CliError } from "#app/server/admin/cli.server.ts";
import { parseEnv } from "#app/server/env.server.ts";
import { logger } from "#app/server/logger.server.ts";

const tempDir = () => mkdtempSync(path.join(tmpdir(), "coverpilot-backup-"));
const envFor = (dataDir: string) => parseEnv({ DATA_DIR: dataDir, SESSION_SECRET: "x".repeat(32) });

/** Posts to the endpoint's socket as a client of this machine would; answers status and body. */
function post(
  socketPath: string,
  options: { path?: string; method?: string; headers?: Record<string, string>; body?: string },
): Promise<{ status: number; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = request({
      socketPath,
      method: options.method ?? "POST",
      path: options.path ?? "/backup",
      headers: options.headers,
    });
    req.on("response", (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks) }));
    });
    req.on("error", reject);
    req.end(options.body);
  });
}

/** A process id that no process has any more. */
function deadPid(): number {
  return spawnSync(process.execPath, ["-e", "0"]).pid;
}

/**
 * Someone else's listener where a server once was: it answers every request with a fake archive
 * and keeps what it was sent. On a TCP port of 127.0.0.1, or on a socket path.
 */
async function startStranger(socketPath?: string) {
  const received: { authorization: string | undefined }[] = [];
  let connections = 0;
  const server: Server = createServer((req, res) => {
    received.push({ authorization: req.headers.authorization });
    req.resume();
    res.writeHead(200, { "Content-Type": "application/gzip" });
    res.end(gzipSync("a fake archive"));
  });
  server.on("connection", () => (connections += 1));
  await new Promise<void>((resolve) => {
    if (socketPath) server.listen(socketPath, resolve);
    else server.listen(0, "127.0.0.1", resolve);
  });
  const address = server.address();
  return {
    port: typeof address === "object" && address !== null ? address.port : 0,
    received,
    connections: () => connections,
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** A real embedded database in DATA_DIR, from the run's migrated template; open (and locked). */
function openRealDatabase(dataDir: string) {
  return openDatabase({
    kind: "pglite",
    dataDir,
    restoreFrom: new Blob([new Uint8Array(readFileSync(PGLITE_TEMPLATE_FILE))]),
  });
}

/** The endpoint file as a server writes it; `port` as an older version (TCP) wrote it. */
function writeEndpointFile(dataDir: string, contents: Record<string, unknown>): void {
  writeFileSync(path.join(dataDir, BACKUP_ENDPOINT_FILE), JSON.stringify(contents), {
    mode: 0o600,
  });
}

async function refusal(promise: Promise<unknown>): Promise<Error> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(CliError);
  return error as Error; // Checked just above.
}

describe("the backup endpoint", () => {
  it("gives a snapshot only for the token in DATA_DIR, and never to a web page", async () => {
    const dataDir = tempDir();
    const endpoint = await startBackupEndpoint(
      dataDir,
      { snapshot: async () => new Blob(["the database's files"]) },
      logger,
    );
    const socket = path.join(dataDir, BACKUP_SOCKET_FILE);
    try {
      expect(endpoint.socketPath).toBe(socket);
      const file = path.join(dataDir, BACKUP_ENDPOINT_FILE);
      expect(statSync(file).mode & 0o777).toBe(0o600);
      expect(statSync(socket).isSocket()).toBe(true);
      expect(statSync(socket).mode & 0o777).toBe(0o600);
      const { pid, token } = JSON.parse(readFileSync(file, "utf8")) as {
        pid: number;
        token: string;
      };
      expect(pid).toBe(process.pid);
      const owner = { Authorization: `Bearer ${token}` };

      expect((await post(socket, {})).status).toBe(401);
      expect(
        (await post(socket, { headers: { Authorization: `Bearer ${"x".repeat(43)}` } })).status,
      ).toBe(401);
      expect(
        (await post(socket, { headers: { ...owner, Origin: "https://evil.example" } })).status,
      ).toBe(403);
      expect((await post(socket, { method: "GET", headers: owner })).status).toBe(404);
      expect((await post(socket, { path: "/backup/../x", headers: owner })).status).toBe(404);
      const granted = await post(socket, { headers: owner });
      expect(granted.status).toBe(200);
      expect(gunzipSync(granted.body).toString()).toBe("the database's files");
    } finally {
      await endpoint.close();
    }
    expect(existsSync(path.join(dataDir, BACKUP_ENDPOINT_FILE))).toBe(false);
    expect(existsSync(socket)).toBe(false);
  });

  it("takes a registered command's JSON for the token only, and reads at most 4 KB of it", async () => {
    const dataDir = tempDir();
    const endpoint = await startBackupEndpoint(
      dataDir,
      { snapshot: async () => new Blob(["unused"]) },
      logger,
      { "/echo": async (body) => ({ status: 200, body: { got: body } }) },
    );
    const socket = path.join(dataDir, BACKUP_SOCKET_FILE);
    try {
      const { token } = JSON.parse(
        readFileSync(path.join(dataDir, BACKUP_ENDPOINT_FILE), "utf8"),
      ) as {
        token: string;
      };
      const owner = { Authorization: `Bearer ${token}` };
      const ask = (body: string, headers: Record<string, string> = owner, at = "/echo") =>
        post(socket, { path: at, headers, body });
      expect((await ask('{"a":1}', {})).status).toBe(401);
      const answered = await ask('{"a":1}');
      expect(answered.status).toBe(200);
      expect(JSON.parse(answered.body.toString())).toEqual({ got: { a: 1 } });
      expect((await ask("not json")).status).toBe(400);
      expect((await ask(JSON.stringify({ a: "x".repeat(5000) }))).status).toBe(413);
      expect((await ask("{}", owner, "/other")).status).toBe(404);
      expect((await ask("{}", owner, "/__proto__")).status).toBe(404);
    } finally {
      await endpoint.close();
    }
  });

  it("restores only into an empty DATA_DIR", async () => {
    const dataDir = tempDir();
    writeFileSync(path.join(dataDir, "keep-me"), "a database");
    const backup = path.join(tempDir(), "backup.tar.gz");
    writeFileSync(backup, "");
    await expect(restoreFromFile(dataDir, backup)).rejects.toThrow(CliError);
    await expect(restoreFromFile(dataDir, backup)).rejects.toThrow(/is not empty/);
    expect(readFileSync(path.join(dataDir, "keep-me"), "utf8")).toBe("a database");
  });
});

// The real database's tests restore the run's template, back it up (some 40 MB of tar, gzipped) and
// read the backup again: longer than the default on two busy cores.
describe("npm run db:backup", () => {
  it("through the running server: a checked backup; a fake archive is refused and removed", async () => {
    const dataDir = tempDir();
    const out = tempDir();
    const database = await openRealDatabase(dataDir);
    try {
      const endpoint = await startBackupEndpoint(dataDir, database, logger);
      const file = path.join(out, "backup.tar.gz");
      try {
        const result = await backUpToFile(envFor(dataDir), file);
        expect(result.through).toBe("server");
        expect(result.bytes).toBe(statSync(file).size);
        expect(statSync(file).mode & 0o777).toBe(0o600);
        expect((await verifyBackupArchive(file)).entries).toBeGreaterThan(100);
        // Never over a file already there.
        await expect(backUpToFile(envFor(dataDir), file)).rejects.toThrow(/already exists/);
      } finally {
        await endpoint.close();
      }

      // The same server, answering something that is no backup.
      const broken = await startBackupEndpoint(
        dataDir,
        { snapshot: async () => new Blob(["not a database"]) },
        logger,
      );
      const other = path.join(out, "other.tar.gz");
      try {
        const error = await refusal(backUpToFile(envFor(dataDir), other));
        expect(error.message).toMatch(/is not a backup of the embedded database/);
        expect(error.message).toContain("Nothing was backed up");
        expect(existsSync(other)).toBe(false);
      } finally {
        await broken.close();
      }
    } finally {
      await database.close();
    }
  }, 120_000);

  it("never asks what listens on a crashed server's port, and backs up no empty folder", async () => {
    // A server crashed (its lock and its endpoint file stay); another local user now listens on
    // the port it had, answering with a fake archive.
    const dataDir = tempDir();
    const stranger = await startStranger();
    const token = "t".repeat(43);
    writeFileSync(path.join(dataDir, "server.lock"), `${deadPid()}\n`);
    writeEndpointFile(dataDir, { port: stranger.port, token });
    const file = path.join(tempDir(), "backup.tar.gz");
    try {
      const error = await refusal(backUpToFile(envFor(dataDir), file));
      expect(error.message).toMatch(/no embedded database/);
      expect(error.message).toContain("nothing was backed up");
    } finally {
      await stranger.close();
    }
    expect(stranger.connections()).toBe(0);
    expect(stranger.received).toEqual([]);
    expect(existsSync(file)).toBe(false);
  });

  it("with the server gone, reads the files under the lock and asks nothing", async () => {
    const dataDir = tempDir();
    await (await openRealDatabase(dataDir)).close();
    // The crashed server's lock, endpoint file and socket, and someone listening on that socket.
    const dead = deadPid();
    writeFileSync(path.join(dataDir, "server.lock"), `${dead}\n`);
    writeEndpointFile(dataDir, { pid: dead, token: "t".repeat(43) });
    const listener = await startStranger(path.join(dataDir, BACKUP_SOCKET_FILE));
    const tcpStranger = await startStranger();
    const file = path.join(tempDir(), "backup.tar.gz");
    try {
      const result = await backUpToFile(envFor(dataDir), file);
      expect(result.through).toBe("files");
      await verifyBackupArchive(file);
      // What the crashed server left is cleared under the lock.
      expect(existsSync(path.join(dataDir, BACKUP_ENDPOINT_FILE))).toBe(false);
      expect(existsSync(path.join(dataDir, BACKUP_SOCKET_FILE))).toBe(false);
      expect(existsSync(path.join(dataDir, "server.lock"))).toBe(false);
    } finally {
      await listener.close();
      await tcpStranger.close();
    }
    expect(listener.connections()).toBe(0);
    expect(tcpStranger.connections()).toBe(0);
  }, 120_000);

  it("never asks a live server that published no endpoint of this version", async () => {
    // A live process holds the lock; the endpoint file names a TCP port (an older version's, or a
    // crashed one's), where a stranger listens.
    const dataDir = tempDir();
    const holder = spawn("sleep", ["60"], { stdio: "ignore" });
    const stranger = await startStranger();
    writeFileSync(path.join(dataDir, "server.lock"), `${holder.pid}\n`);
    writeEndpointFile(dataDir, { port: stranger.port, token: "t".repeat(43) });
    const file = path.join(tempDir(), "backup.tar.gz");
    try {
      const error = await refusal(backUpToFile(envFor(dataDir), file));
      expect(error.message).toContain(`process ${holder.pid}`);
      expect(error.message).toMatch(/published no backup endpoint/);
    } finally {
      holder.kill();
      await once(holder, "exit");
      await stranger.close();
    }
    expect(stranger.connections()).toBe(0);
    expect(stranger.received).toEqual([]);
    expect(existsSync(file)).toBe(false);
  });

  it("never asks through a DATA_DIR that other users may write", async () => {
    const dataDir = tempDir();
    const holder = spawn("sleep", ["60"], { stdio: "ignore" });
    writeFileSync(path.join(dataDir, "server.lock"), `${holder.pid}\n`);
    writeEndpointFile(dataDir, { pid: holder.pid, token: "t".repeat(43) });
    const listener = await startStranger(path.join(dataDir, BACKUP_SOCKET_FILE));
    chmodSync(dataDir, 0o777);
    const file = path.join(tempDir(), "backup.tar.gz");
    try {
      const error = await refusal(backUpToFile(envFor(dataDir), file));
      expect(error.message).toMatch(/can be written by other users/);
    } finally {
      holder.kill();
      await once(holder, "exit");
      await listener.close();
    }
    expect(listener.connections()).toBe(0);
    expect(existsSync(file)).toBe(false);
  });
});
