import { execFile } from "node:child_process";
import { mkdirSync, rmSync } from "node:fs";
import { promisify } from "node:util";

import { PGLITE_COPIES_DIR, PGLITE_TEMPLATE_DIR, PGLITE_TEMPLATE_FILE } from "./databases.ts";
import { VITEST_TMPDIR } from "./run-dirs.ts";

/**
 * Before the run: one embedded database, migrated, saved as PGlite's data-directory archive and as
 * a data directory. Each test file then opens a copy of the directory (some 0.6 s) instead of making
 * its own database (initdb and every migration, about four seconds on two cores).
 *
 * Made in a process of its own, on V8's baseline compiler only (as the test files' workers run,
 * vitest.config.ts): made here, in Vitest's own process, it took some 4 s longer, and V8's
 * optimising compiler went on compiling PostgreSQL's hot paths there for the whole run.
 */
export async function setup(): Promise<void> {
  rmSync(VITEST_TMPDIR, { recursive: true, force: true });
  mkdirSync(VITEST_TMPDIR, { recursive: true });
  await promisify(execFile)(process.execPath, [
    "--liftoff-only",
    "tests/support/make-vitest-template.ts",
  ]);
}

export function teardown(): void {
  for (const made of [
    PGLITE_TEMPLATE_FILE,
    PGLITE_TEMPLATE_DIR,
    PGLITE_COPIES_DIR,
    VITEST_TMPDIR,
  ]) {
    rmSync(made, { recursive: true, force: true });
  }
}
