import { mkdtempSync, readFileSync, statSync, writeFileSync, existsSync } from "node:fs";
import { request } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { gunzipSync } from "node:zlib";

import { describe, expect, it } from "vitest";

import { BACKUP_ENDPOINT_FILE, restoreFromFile, startBackupEndpoint } from "./backup.server.ts";
import { CliError } from "../admin/cli.server.ts";
import { logger } from "../logger.server.ts";

const tempDir = () => mkdtempSync(path.join(tmpdir(), "coverpilot-backup-"));

/** Posts to the endpoint as a client of this machine would; answers the status and the body. */
function post(
  port: number,
  options: { path?: string; method?: string; headers?: Record<string, string> },
): Promise<{ status: number; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = request({
      host: "127.0.0.1",
      port,
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
    req.end();
  });
}

describe("the backup endpoint", () => {
  it("gives a snapshot only for the token in DATA_DIR, and never to a web page", async () => {
    const dataDir = tempDir();
    const endpoint = await startBackupEndpoint(
      dataDir,
      { snapshot: async () => new Blob(["the database's files"]) },
      logger,
    );
    try {
      const file = path.join(dataDir, BACKUP_ENDPOINT_FILE);
      expect(statSync(file).mode & 0o777).toBe(0o600);
      const { port, token } = JSON.parse(readFileSync(file, "utf8")) as {
        port: number;
        token: string;
      };
      expect(port).toBe(endpoint.port);
      const owner = { Authorization: `Bearer ${token}` };

      expect((await post(port, {})).status).toBe(401);
      expect(
        (await post(port, { headers: { Authorization: `Bearer ${"x".repeat(43)}` } })).status,
      ).toBe(401);
      expect(
        (await post(port, { headers: { ...owner, Origin: "https://evil.example" } })).status,
      ).toBe(403);
      expect((await post(port, { method: "GET", headers: owner })).status).toBe(404);
      expect((await post(port, { path: "/backup/../x", headers: owner })).status).toBe(404);
      const granted = await post(port, { headers: owner });
      expect(granted.status).toBe(200);
      expect(gunzipSync(granted.body).toString()).toBe("the database's files");
    } finally {
      await endpoint.close();
    }
    expect(existsSync(path.join(dataDir, BACKUP_ENDPOINT_FILE))).toBe(false);
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
