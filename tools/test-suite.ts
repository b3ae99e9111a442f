/**
 * `npm test`: the suite's parts in order, each timed, with a line per part at the end (issue 57:
 * the CI log says where a run's time went). A failing part stops the run with its exit code; the
 * times of the parts run so far are printed all the same.
 */
import { spawnSync } from "node:child_process";
import { existsSync, globSync, statSync } from "node:fs";

/** The parts, in order: what each runs (npm scripts of package.json). */
const PARTS: readonly { name: string; scripts: readonly string[] }[] = [
  { name: "messages", scripts: ["messages"] },
  // Lint and build side by side: one is single-threaded, the other mostly waits on the other core.
  { name: "lint and build", scripts: ["lint", "build:bundle"] },
  // The type check beside Vitest, whose two workers leave a core idle while they import and
  // transform. After the build, which has written the route types (`react-router build` runs the
  // same type generation as `npm run typecheck`): the compiler alone (decision 076).
  { name: "typecheck and Vitest", scripts: ["tsc", "test:unit"] },
  { name: "journeys", scripts: ["test:e2e"] },
];

/**
 * Whether the compiled catalogs (app/paraglide) are newer than every message file and the
 * project's settings: `npm ci` compiles them (the prepare script) just before `npm test` runs, and
 * compiling them again would be some 8 s of the same work.
 */
function catalogsUpToDate(): boolean {
  const compiled = "app/paraglide/messages.js";
  if (!existsSync(compiled)) return false;
  const sources = [...globSync("messages/**/*.json"), ...globSync("project.inlang/*.json")];
  const compiledAt = statSync(compiled).mtimeMs;
  return sources.every((source) => statSync(source).mtimeMs < compiledAt);
}

const times: string[] = [];
let failed = 0;
for (const part of PARTS) {
  if (part.name === "messages" && catalogsUpToDate()) {
    times.push("messages: up to date, not compiled again");
    continue;
  }
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
