import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import { describe, expect, it } from "vitest";

import {
  DataDirLockedError,
  LOCK_FILE,
  lockDataDir,
  lockHolder,
  processState,
} from "#app/server/db/data-dir-lock.server.ts";

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

  it("takes over a lock that names no process", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "coverpilot-lock-"));
    // 0 would mean this process's group to kill(): never a holder.
    for (const text of ["0\n", "-1\n", "garbage\n", ""]) {
      writeFileSync(path.join(dir, LOCK_FILE), text);
      lockDataDir(dir)();
    }
    expect(existsSync(path.join(dir, LOCK_FILE))).toBe(false);
  });
});

describe("lockHolder and processState", () => {
  it("tell which process the lock names and whether it still runs", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "coverpilot-lock-"));
    expect(lockHolder(dir)).toBeUndefined();
    expect(lockHolder(path.join(dir, "missing"))).toBeUndefined();
    const release = lockDataDir(dir);
    expect(lockHolder(dir)).toBe(process.pid);
    expect(processState(process.pid)).toBe("running");
    release();
    expect(lockHolder(dir)).toBeUndefined();

    const dead = spawnSync(process.execPath, ["-e", "0"]).pid;
    writeFileSync(path.join(dir, LOCK_FILE), `${dead}\n`);
    expect(lockHolder(dir)).toBe(dead);
    expect(processState(dead)).toBe("gone");
    writeFileSync(path.join(dir, LOCK_FILE), "not a pid\n");
    expect(lockHolder(dir)).toBeUndefined();
  });

  it("counts another user's process as existing, but not as this user's", () => {
    // Process 1 (init) is root's: to anyone else it is another user's.
    expect(processState(1)).toBe(process.getuid?.() === 0 ? "running" : "another user's");
  });
});
