import { execFile } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";

import { afterAll, describe, expect, it } from "vitest";

import { serverMemorySettings } from "#app/server/process-settings.server.ts";

const run = promisify(execFile);
const scratch = mkdtempSync(path.join(tmpdir(), "coverpilot-settings-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** A script that restarts itself with settings, then says what it runs with. */
function script(): string {
  const file = path.join(scratch, "restart.ts");
  writeFileSync(
    file,
    [
      `import { restartWithSettings } from ${JSON.stringify(path.resolve("app/server/process-settings.server.ts"))};`,
      `restartWithSettings({ flags: ["--max-semi-space-size=4", "--stack-size=900"], env: { COVERPILOT_SETTING: "set" } });`,
      `console.log(JSON.stringify({ execArgv: process.execArgv, setting: process.env.COVERPILOT_SETTING, args: process.argv.slice(2) }));`,
    ].join("\n"),
  );
  return file;
}

describe("restartWithSettings", () => {
  it.runIf(process.platform === "linux")(
    "runs the process again in its place with the flags and environment, keeping its arguments",
    async () => {
      const { stdout } = await run(process.execPath, [script(), "--format", "csv"]);
      const lines = stdout.trim().split("\n");
      // Only the restarted process got as far as printing.
      expect(lines).toHaveLength(1);
      expect(JSON.parse(lines[0] ?? "")).toMatchObject({
        execArgv: ["--max-semi-space-size=4", "--stack-size=900"],
        setting: "set",
        args: ["--format", "csv"],
      });
    },
  );

  it.runIf(process.platform === "linux")(
    "leaves a flag or variable a person gave as they gave it",
    async () => {
      const { stdout } = await run(process.execPath, ["--stack-size=700", script()], {
        env: { ...process.env, COVERPILOT_SETTING: "mine" },
      });
      expect(JSON.parse(stdout.trim())).toMatchObject({
        execArgv: ["--stack-size=700", "--max-semi-space-size=4"],
        setting: "mine",
      });
    },
  );
});

describe("serverMemorySettings (decisions 021 and 081)", () => {
  it("keeps V8's young generation at 16 MB a half on the embedded database, 32 on PostgreSQL", () => {
    expect(serverMemorySettings({}).flags).toEqual(["--max-semi-space-size=16", "--liftoff-only"]);
    expect(serverMemorySettings({ DATABASE_URL: " " }).flags).toContain("--max-semi-space-size=16");
    expect(serverMemorySettings({ DATABASE_URL: "postgres://db/coverpilot" }).flags).toEqual([
      "--max-semi-space-size=32",
      "--liftoff-only",
    ]);
    expect(serverMemorySettings({ DATABASE_URL: "postgres://db/coverpilot" }).env).toEqual({
      MALLOC_TRIM_THRESHOLD_: "131072",
      MALLOC_ARENA_MAX: "2",
    });
  });
});
