import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import { describe, expect, it } from "vitest";

import { UploadArea } from "#app/server/http/upload-area.server.ts";

/** An upload's folder with its partial file, in `server`'s folder of `root`, changed `ageMs` ago. */
function leftUpload(root: string, server: string, name: string, ageMs = 0): void {
  const folder = path.join(root, server, name);
  mkdirSync(folder, { recursive: true });
  writeFileSync(path.join(folder, "file"), "%PDF-1.7 partial");
  const when = new Date(Date.now() - ageMs);
  utimesSync(path.join(folder, "file"), when, when);
  utimesSync(folder, when, when);
}

describe("the upload area at start", () => {
  it("removes what ended servers left, and leaves running servers' uploads alone", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "coverpilot-upload-leftovers-"));
    const area = new UploadArea(dataDir, { pid: process.pid, host: "here" });
    // A process that has ended: its id names no running process.
    const ended = spawnSync(process.execPath, ["-e", ""]).pid;
    const hour = 60 * 60 * 1000;
    leftUpload(area.root, `${ended}.here`, "upload-crashed");
    leftUpload(area.root, `${process.pid}.here`, "upload-before-a-restart");
    leftUpload(area.root, `${process.ppid}.here`, "upload-running");
    leftUpload(area.root, "1.elsewhere", "upload-of-yesterday", 2 * hour);
    leftUpload(area.root, "1.elsewhere", "upload-arriving");
    writeFileSync(path.join(area.root, "stray"), "");

    expect(await area.removeLeftovers()).toBe(4);
    expect(readdirSync(area.root, { recursive: true, encoding: "utf8" }).sort()).toEqual(
      [
        `${process.ppid}.here`,
        `${process.ppid}.here/upload-running`,
        `${process.ppid}.here/upload-running/file`,
        "1.elsewhere",
        "1.elsewhere/upload-arriving",
        "1.elsewhere/upload-arriving/file",
      ].sort(),
    );
  });

  it("finds nothing to do in a DATA_DIR without uploads", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "coverpilot-upload-leftovers-"));
    expect(await new UploadArea(dataDir).removeLeftovers()).toBe(0);
  });
});
