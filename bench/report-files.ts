/**
 * The committed report (bench/report.json and bench/report.md): read back, written as `npm run
 * lint` checks it, and what a run says of the machine and the commit it measured.
 */
import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { cpus, loadavg, totalmem } from "node:os";
import path from "node:path";

import * as prettier from "prettier";

import { CHROMIUM } from "./lighthouse.ts";
import { renderMarkdown, type BenchReport } from "./report.ts";
import { log } from "./settings.ts";
import { ROOT } from "./workspace.ts";

/** The report as committed: a partial run (`--only`) puts its figures into it. */
export function committedReport(): BenchReport {
  return JSON.parse(readFileSync(path.join(ROOT, "bench/report.json"), "utf8")) as BenchReport;
}

/** Writes bench/report.json and bench/report.md, formatted as `npm run lint` checks them. */
export async function writeReport(written: BenchReport): Promise<void> {
  for (const [file, text] of [
    ["bench/report.json", JSON.stringify(written)],
    ["bench/report.md", renderMarkdown(written)],
  ] as const) {
    const filepath = path.join(ROOT, file);
    const options = await prettier.resolveConfig(filepath);
    writeFileSync(filepath, await prettier.format(text, { ...options, filepath }));
  }
  const met = written.targets.filter((check) => check.met === true).length;
  log(
    `targets met: ${met} of ${written.targets.length}; wrote bench/report.md and bench/report.json`,
  );
}

/** The checked-out commit, and how many files differ from it. */
export function commitName(): string {
  const git = (...args: string[]) =>
    execFileSync("git", args, { cwd: ROOT, encoding: "utf8" }).trim();
  const uncommitted = git("status", "--porcelain").split("\n").filter(Boolean).length;
  return (
    git("rev-parse", "--short", "HEAD") +
    (uncommitted ? ` with ${uncommitted} uncommitted files` : "")
  );
}

/** The machine, the tools and the commit a run measured, and the load around it. */
export function environment(run: {
  buildMs: number;
  loadAtStart: number;
}): Record<string, string | number> {
  const git = (...args: string[]) =>
    execFileSync("git", args, { cwd: ROOT, encoding: "utf8" }).trim();
  const lighthouse = JSON.parse(
    readFileSync(path.join(ROOT, "node_modules/lighthouse/package.json"), "utf8"),
  ) as { version: string };
  return {
    node: process.versions.node,
    chromium: execFileSync(CHROMIUM, ["--version"], {
      encoding: "utf8",
      stdio: ["ignore", "pipe", "ignore"],
    }).trim(),
    lighthouse: lighthouse.version,
    cpus: cpus().length,
    cpuModel: cpus()[0]?.model.trim() ?? "unknown CPU",
    memory: `${Math.round(totalmem() / 2 ** 30)} GiB`,
    commit: git("rev-parse", "--short", "HEAD"),
    uncommitted: git("status", "--porcelain").split("\n").filter(Boolean).length,
    buildSeconds: Number((run.buildMs / 1000).toFixed(1)),
    // Anything else running on the machine skews every figure: the 1-minute load average.
    loadAtStart: Number(run.loadAtStart.toFixed(2)),
    loadAtEnd: Number((loadavg()[0] ?? 0).toFixed(2)),
  };
}
