/**
 * `npm test`: the suite's parts in order, each timed, with a line per part at the end (issue 57:
 * the CI log says where a run's time went). A failing part stops the run with its exit code; the
 * times of the parts run so far are printed all the same.
 */
import { spawnSync } from "node:child_process";

/** The parts, in order: what each runs (npm scripts of package.json). */
const PARTS: readonly { name: string; scripts: readonly string[] }[] = [
  { name: "messages", scripts: ["messages"] },
  // Lint and build side by side: one is single-threaded, the other mostly waits on the other core.
  { name: "lint and build", scripts: ["lint", "build:bundle"] },
  { name: "typecheck", scripts: ["typecheck"] },
  { name: "Vitest", scripts: ["test:unit"] },
  { name: "journeys", scripts: ["test:e2e"] },
];

const times: string[] = [];
let failed = 0;
for (const part of PARTS) {
  const started = performance.now();
  const args =
    part.scripts.length === 1
      ? ["run", part.scripts[0] ?? ""]
      : ["exec", "--", "run-p", "--aggregate-output", ...part.scripts];
  const result = spawnSync("npm", args, { stdio: "inherit" });
  const seconds = ((performance.now() - started) / 1000).toFixed(0);
  times.push(`${part.name}: ${seconds} s${result.status === 0 ? "" : " (failed)"}`);
  if (result.status !== 0) {
    failed = result.status ?? 1;
    break;
  }
}
process.stdout.write(
  `\nTime per part of npm test\n${times.map((line) => `  ${line}`).join("\n")}\n`,
);
process.exit(failed);
