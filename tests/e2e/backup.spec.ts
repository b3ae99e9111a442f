import {
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import { readSubmissions } from "../support/databases.ts";
import { runScript } from "../support/lead-desk.ts";
import { readWrittenEmails } from "../support/outbox-files.ts";
import {
  makeDataDir,
  startServer,
  stopServer,
  type ServerProcess,
} from "../support/server-process.ts";
import { HttpVisitor } from "../support/visitor.ts";
import { expect, test } from "./helpers.ts";

test.describe.configure({ mode: "serial" });

let server: ServerProcess;
let dataDir: string;

test.beforeAll(async () => {
  dataDir = makeDataDir({ embedded: true });
  // What an older version left: a world-readable folder and email.
  mkdirSync(path.join(dataDir, "outbox"), { mode: 0o755 });
  writeFileSync(path.join(dataDir, "outbox", "00000000.eml"), "To: old@example.com\n\nold", {
    mode: 0o644,
  });
  // The email step's link written at once (by default it waits half an hour, decision 032). Started
  // as an operator would, so that it takes its memory settings itself.
  server = await startServer({
    dataDir,
    env: { RESUME_REMINDER_DELAY_MS: "0" },
    ownSettings: true,
  });
});

test.afterAll(async () => stopServer(server));

/** Files and folders under `dir` whose permissions are not the owner's only (0600, 0700). */
function openToOthers(dir: string): string[] {
  const found: string[] = [];
  for (const entry of [".", ...readdirSync(dir, { recursive: true, encoding: "utf8" })]) {
    let mode: number;
    let folder: boolean;
    try {
      const stat = statSync(path.join(dir, entry));
      mode = stat.mode & 0o777;
      folder = stat.isDirectory();
    } catch {
      continue; // The database removed it meanwhile (a WAL segment, a temporary file).
    }
    if (mode !== (folder ? 0o700 : 0o600)) found.push(`${entry} ${mode.toString(8)}`);
  }
  return found;
}

test("DATA_DIR is the server's user's only: the folder 0700, the database, secret and emails 0600", async () => {
  expect(await new HttpVisitor(server.url).saveEmailStep("private@example.com")).toBe(true);
  // The email step's link, written as an email file.
  await expect.poll(() => readWrittenEmails(dataDir).length).toBe(2);
  const entries = readdirSync(dataDir, { recursive: true, encoding: "utf8" });
  expect(entries).toEqual(
    expect.arrayContaining(["session-secret", "backup-endpoint.json", "pglite/PG_VERSION"]),
  );
  expect(entries.some((entry) => entry.startsWith("pglite/pg_wal/0"))).toBe(true);
  expect(openToOthers(dataDir)).toEqual([]);
});

test("the server runs, under the process id it started with, with its memory settings (decision 021)", () => {
  const pid = server.child.pid;
  const environment = readFileSync(`/proc/${pid}/environ`, "utf8").split("\0");
  const commandLine = readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0");
  expect(environment).toContain("MALLOC_TRIM_THRESHOLD_=131072");
  expect(environment).toContain("MALLOC_ARENA_MAX=2");
  expect(commandLine).toContain("--max-semi-space-size=16");
  expect(commandLine.some((argument) => argument.endsWith("server.ts"))).toBe(true);
});

test("db:backup snapshots the embedded database while the server serves; db:restore brings it back", async () => {
  test.setTimeout(120_000);
  const file = path.join(mkdtempSync(path.join(tmpdir(), "coverpilot-backups-")), "backup.tar.gz");
  const saved: string[] = [];
  for (let n = 1; n <= 3; n++) {
    const email = `backed.up.${n}@example.com`;
    expect(await new HttpVisitor(server.url).saveEmailStep(email)).toBe(true);
    saved.push(email);
  }
  const complete = new HttpVisitor(server.url);
  expect(await complete.saveEmailStep("complete@example.com")).toBe(true);
  expect(
    await complete.completeApplication({
      businessName: "Kept Bakery",
      firstName: "Kim",
      lastName: "Keep",
      phoneNumber: "(503) 555-0111",
      streetAddress: "3 Safe St",
      mailingAddress: "PO Box 3, Bend OR",
    }),
  ).toBe(true);
  saved.push("complete@example.com");

  // The backup runs through the server, which answers visitors meanwhile and after.
  const [backup, during] = await Promise.all([
    runScript("db-backup", [file], { dataDir }),
    new HttpVisitor(server.url).saveEmailStep("during@example.com"),
  ]);
  expect(backup.stderr).toBe("");
  expect(backup.code).toBe(0);
  expect(backup.stdout).toContain("through the running server");
  expect(during).toBe(true);
  expect(await new HttpVisitor(server.url).saveEmailStep("after@example.com")).toBe(true);
  expect(statSync(file).mode & 0o777).toBe(0o600);

  // No visitor can ask the site for one.
  const anonymous = await fetch(`${server.url}/backup`, { method: "POST" });
  expect(anonymous.headers.get("Content-Type")).not.toContain("gzip");

  // Never over a database; into an empty DATA_DIR, every row saved before the backup is back.
  const over = await runScript("db-restore", [file], { dataDir });
  expect(over.code).toBe(1);
  expect(over.stderr).toContain("is not empty");
  const restoredDir = path.join(makeDataDir({ embedded: true }), "restored");
  const restore = await runScript("db-restore", [file], { dataDir: restoredDir });
  expect(restore.stderr).toBe("");
  expect(restore.code).toBe(0);
  expect(openToOthers(restoredDir)).toEqual([]);
  // Opened as the server opens it (migrations, lock), once the restore is done.
  const rows = await readSubmissions(restoredDir);
  expect(rows.map((row) => row.email)).toEqual(expect.arrayContaining(saved));
  expect(rows.find((row) => row.email === "complete@example.com")).toMatchObject({
    business_name: "Kept Bakery",
    start_year: "2010",
  });
  expect(rows.map((row) => row.email)).not.toContain("after@example.com");
});
