import { spawn } from "node:child_process";
import { once } from "node:events";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import { describe, expect, it } from "vitest";

import {
  CliError,
  describeCliFailure,
  openCliDatabase,
  parseSince,
  passwordFromInput,
} from "./cli.server.ts";
import { InvalidEnvironmentError, parseEnv } from "../env.server.ts";

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
