import { mkdirSync, mkdtempSync, readdirSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import { describe, expect, it } from "vitest";

import { openDatabase } from "./database.server.ts";
import { parseEnv } from "./env.server.ts";
import { createMailTransport } from "./outbox.server.ts";
import { saveEmailStep } from "./submissions.server.ts";

/** Every file and folder under `dir` (and `dir`), with its permission bits as octal text. */
function modes(dir: string): Map<string, string> {
  const found = new Map<string, string>([[".", (statSync(dir).mode & 0o777).toString(8)]]);
  for (const entry of readdirSync(dir, { recursive: true, encoding: "utf8" })) {
    found.set(entry, (statSync(path.join(dir, entry)).mode & 0o777).toString(8));
  }
  return found;
}

describe("DATA_DIR", () => {
  it("is the owner's only: the folder 0700, the database's files, the secret and emails 0600", async () => {
    // The usual umask, under which files are made world-readable unless the server says otherwise.
    process.umask(0o022);
    const dataDir = path.join(mkdtempSync(path.join(tmpdir(), "coverpilot-modes-")), "data");
    // A folder an older version made, with a world-readable file in it.
    mkdirSync(path.join(dataDir, "outbox"), { recursive: true, mode: 0o755 });
    writeFileSync(path.join(dataDir, "outbox", "00000001.eml"), "old", { mode: 0o644 });

    const env = parseEnv({ DATA_DIR: dataDir });
    const database = await openDatabase({ kind: "pglite", dataDir });
    try {
      await saveEmailStep(database.db, {
        industry: "food",
        state: "Ohio",
        segments: ["Bakery"],
        email: "owner@example.com",
      });
      await createMailTransport(env).send({
        from: env.MAIL_FROM,
        to: ["owner@example.com"],
        subject: "Finish your CoverPilot application",
        text: "A link",
        id: "2",
      });
    } finally {
      await database.close();
    }
    // Files the database makes on later starts (a checkpoint, new WAL) are the owner's too.
    const reopened = await openDatabase({ kind: "pglite", dataDir });
    try {
      await reopened.db.deleteFrom("business_wizard_submissions").execute();
      await reopened.db.schema.createTable("later").addColumn("id", "integer").execute();
    } finally {
      await reopened.close();
    }

    const found = modes(dataDir);
    expect(found.get("session-secret")).toBe("600");
    expect(found.get("outbox/00000002.eml")).toBe("600");
    expect([...found.keys()].some((entry) => entry.startsWith("pglite/pg_wal/"))).toBe(true);
    const open = [...found].filter(([entry, mode]) => {
      const folder = statSync(path.join(dataDir, entry)).isDirectory();
      return mode !== (folder ? "700" : "600");
    });
    expect(open).toEqual([]);
  });
});
