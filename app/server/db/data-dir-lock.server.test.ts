import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import { describe, expect, it } from "vitest";

import { DataDirLockedError, lockDataDir } from "./data-dir-lock.server.ts";

describe("lockDataDir", () => {
  it("refuses a directory held by a live process", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "coverpilot-lock-"));
    // The parent of this test process is alive for the whole test.
    writeFileSync(path.join(dir, "server.lock"), `${process.ppid}\n`);
    expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
    expect(() => lockDataDir(dir)).toThrow(/in use by another server/);
  });

  it("takes over a lock left by a dead process and releases it", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "coverpilot-lock-"));
    const dead = spawnSync(process.execPath, ["-e", "0"]).pid;
    writeFileSync(path.join(dir, "server.lock"), `${dead}\n`);
    const release = lockDataDir(dir);
    expect(existsSync(path.join(dir, "server.lock"))).toBe(true);
    release();
    expect(existsSync(path.join(dir, "server.lock"))).toBe(false);
  });
});
