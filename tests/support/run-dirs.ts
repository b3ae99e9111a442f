import path from "node:path";

/**
 * Where each run keeps its temporary files (each test's mkdtemp under os.tmpdir()), so that what a
 * test leaves goes with the run: Vitest's global setup empties its folder and its teardown removes
 * it; the journeys' folder is emptied when the next run starts (tests/support/make-e2e-template.ts).
 */
export const VITEST_TMPDIR = path.resolve(".tmp/vitest-tmp");

/** The journeys' temporary folder, one per E2E_PORT as the rest of the run's files. */
export const E2E_TMPDIR = path.resolve(`.tmp/e2e-tmp-${process.env.E2E_PORT ?? "3210"}`);
