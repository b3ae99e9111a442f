import { defineConfig } from "vitest/config";

import { VITEST_TMPDIR } from "./tests/support/run-dirs.ts";

export default defineConfig({
  test: {
    include: ["app/**/*.test.{ts,tsx}", "database/**/*.test.ts"],
    environment: "node",
    env: { TMPDIR: VITEST_TMPDIR },
    globalSetup: ["tests/support/vitest-global-setup.ts"],
    setupFiles: ["tests/support/vitest-setup.ts"],
    // PGlite instances are heavy; two cores run two files at a time at most.
    maxWorkers: 2,
    // Each file runs in a process of its own, which opens PGlite and ends seconds later: V8's
    // optimising compiler would only be starting on PostgreSQL's hot paths, and the process would
    // wait for it to end (see TEST_NODE_FLAGS in tests/support/server-process.ts).
    execArgv: ["--liftoff-only"],
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
