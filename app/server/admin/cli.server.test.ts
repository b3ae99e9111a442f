import { spawn } from "node:child_process";
import { once } from "node:events";
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import { describe, expect, it } from "vitest";

import { LEAD_EXPORT_COLUMNS } from "#app/domain/leads/lead-desk.ts";
import {
  createFreshPostgres,
  PGLITE_TEMPLATE_FILE,
  testPostgresUrl,
} from "#tests/support/databases.ts";

import {
  CliError,
  describeCliFailure,
  openCliDatabase,
  parseSince,
  passwordFromInput,
} from "#app/server/admin/cli.server.ts";
import { openDatabase } from "#app/server/db/database.server.ts";
import { InvalidEnvironmentError, parseEnv } from "#app/server/env.server.ts";
import { saveEmailStep } from "#app/server/wizard/submission-saves.server.ts";

describe("--since", () => {
  it("takes a day from midnight UTC, or an instant with its zone", () => {
    expect(parseSince("2026-03-01").toISOString()).toBe("2026-03-01T00:00:00.000Z");
    expect(parseSince(" 2026-03-01T09:30:00Z ").toISOString()).toBe("2026-03-01T09:30:00.000Z");
    expect(parseSince("2026-03-01T09:30-05:00").toISOString()).toBe("2026-03-01T14:30:00.000Z");
  });

  it("refuses anything ambiguous or wrong, saying what it expects", () => {
    for (const bad of [
      "",
      "yesterday",
      "2026-02-30",
      "2026-03-01T09:30",
      "03/01/2026",
      "1700000000",
    ]) {
      expect(() => parseSince(bad), bad).toThrow(CliError);
    }
    expect(() => parseSince("2026-13-01")).toThrow(/--since must be a day \(2026-03-01\)/);
  });
});

describe("the password from standard input", () => {
  it("is the first line, without its line ending", () => {
    expect(passwordFromInput("correct horse battery staple\n")).toBe(
      "correct horse battery staple",
    );
    expect(passwordFromInput("with windows ending\r\nsecond line")).toBe("with windows ending");
    expect(passwordFromInput(" spaces kept \n")).toBe(" spaces kept ");
    expect(passwordFromInput("")).toBe("");
  });
});

describe("failures", () => {
  it("print a fixable problem's message, with the usage after a bad option", () => {
    expect(describeCliFailure(new CliError("No operator."), "Usage: x")).toBe("No operator.");
    expect(describeCliFailure(new InvalidEnvironmentError("Invalid environment"), "Usage: x")).toBe(
      "Invalid environment",
    );
    const badOption = Object.assign(new TypeError("Unknown option '--x'"), {
      code: "ERR_PARSE_ARGS_UNKNOWN_OPTION",
    });
    expect(describeCliFailure(badOption, "Usage: x")).toBe("Unknown option '--x'\nUsage: x");
    const unexpected = new Error("boom");
    expect(describeCliFailure(unexpected, "Usage: x")).toBe(unexpected);
  });
});

describe("the database of a script", () => {
  it("is the server's embedded one, and a clear refusal while a server holds it", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "coverpilot-cli-"));
    const env = parseEnv({ DATA_DIR: dataDir, SESSION_SECRET: "x".repeat(32) });
    // A live process named in the lock file, as a running server leaves it.
    const holder = spawn("sleep", ["60"], { stdio: "ignore" });
    writeFileSync(path.join(dataDir, "server.lock"), `${holder.pid}\n`);
    try {
      const refusal = await openCliDatabase(env).then(
        () => undefined,
        (error: unknown) => error,
      );
      expect(refusal).toBeInstanceOf(CliError);
      expect((refusal as Error).message).toMatch(/^The server is running on the embedded database/);
      expect((refusal as Error).message).toContain(`process ${holder.pid}`);
      expect((refusal as Error).message).toContain("DATABASE_URL");
    } finally {
      holder.kill();
      await once(holder, "exit");
    }
    // The server gone, the script opens (and migrates) the same database.
    const database = await openCliDatabase(env);
    try {
      await database.check();
      expect(database.kind).toBe("pglite");
    } finally {
      await database.close();
    }
  });
});

/** Runs `npm run leads:export` as an operator would: in production, with the environment given. */
async function runExport(env: Record<string, string>) {
  const child = spawn(process.execPath, ["scripts/leads-export.ts"], {
    env: { ...process.env, NODE_ENV: "production", SESSION_SECRET: "", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.on("exit", resolve));
  return { code, stdout, stderr };
}

describe("npm run leads:export", () => {
  it("signs nothing, so it needs no SESSION_SECRET and writes none into DATA_DIR", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "coverpilot-export-"));
    // The server's embedded database with one lead, made from the run's migrated template when
    // there is one (making a new one under the script's baseline compiler takes half a minute).
    const database = await openDatabase({
      kind: "pglite",
      dataDir,
      restoreFrom: existsSync(PGLITE_TEMPLATE_FILE)
        ? new Blob([readFileSync(PGLITE_TEMPLATE_FILE)])
        : undefined,
    });
    try {
      await saveEmailStep(database.db, {
        industry: "food",
        state: "Ohio",
        segments: ["Bakery"],
        email: "baker@example.com",
      });
    } finally {
      await database.close();
    }
    const exported = await runExport({ DATA_DIR: dataDir, DATABASE_URL: "" });
    expect(exported.stderr).toBe("");
    expect(exported.code).toBe(0);
    const [header, lead] = exported.stdout.split("\r\n");
    expect(header).toBe(LEAD_EXPORT_COLUMNS.join(","));
    expect(lead).toContain("baker@example.com");
    expect(existsSync(path.join(dataDir, "session-secret"))).toBe(false);
  }, 120_000);

  it.runIf(testPostgresUrl)(
    "exports from PostgreSQL in production without SESSION_SECRET",
    async () => {
      const postgres = await createFreshPostgres(testPostgresUrl ?? "");
      try {
        const dataDir = mkdtempSync(path.join(tmpdir(), "coverpilot-export-"));
        const exported = await runExport({ DATA_DIR: dataDir, DATABASE_URL: postgres.url });
        expect(exported.stderr).toBe("");
        expect(exported.code).toBe(0);
        expect(exported.stdout).toBe(`${LEAD_EXPORT_COLUMNS.join(",")}\r\n`);
      } finally {
        await postgres.drop();
      }
    },
    120_000,
  );
});
