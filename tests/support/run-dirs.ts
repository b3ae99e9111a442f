import { createHash } from "node:crypto";
import { tmpdir } from "node:os";
import path from "node:path";

/**
 * The run's short temporary root: a folder of the system's temporary directory named by a hash of
 * the checkout's path, so two checkouts never share it and its length does not grow with the
 * checkout's. Chromium keeps its profile, and so its Unix socket, under TMPDIR; a socket's path may
 * not pass 107 bytes, and under a checkout whose path was 55 characters long every journey failed
 * at launch with "Socket path too long" (issue 57). Fixed once in the environment, so the processes
 * a run starts (whose TMPDIR is already one of these folders) name the same root.
 */
const RUN_ROOT_ENV = "COVERPILOT_RUN_TMP";
const checkout = createHash("sha256").update(path.resolve(".")).digest("hex").slice(0, 10);
process.env[RUN_ROOT_ENV] ??= path.join(tmpdir(), `coverpilot-${checkout}`);
export const RUN_TMP_ROOT = process.env[RUN_ROOT_ENV];

/**
 * Where each run keeps its temporary files (each test's mkdtemp under os.tmpdir()), so that what a
 * test leaves goes with the run: Vitest's global setup empties its folder and its teardown removes
 * it; the journeys' folder is emptied when the next run starts (tests/support/make-e2e-template.ts).
 */
export const VITEST_TMPDIR = path.join(RUN_TMP_ROOT, "vitest");

/** The journeys' temporary folder, one per E2E_PORT as the rest of the run's files. */
export const E2E_TMPDIR = path.join(RUN_TMP_ROOT, `e2e-${process.env.E2E_PORT ?? "3210"}`);
