import { globSync, readFileSync } from "node:fs";

import { defineConfig } from "vitest/config";

import { VITEST_TMPDIR } from "./tests/support/run-dirs.ts";
import { DATABASES_PER_WORKER_ENV } from "./tests/support/vitest-workers.ts";

const TEST_FILES = [
  "app/**/*.test.{ts,tsx}",
  "database/**/*.test.ts",
  "tools/**/*.test.ts",
  "tests/support/**/*.test.ts",
  "bench/**/*.test.ts",
];

/**
 * Test files that replace a module (`vi.mock`) or a variable (`vi.stubEnv`, `vi.stubGlobal`) for
 * themselves. Each runs in a process of its own, so that nothing it replaced reaches another file.
 */
const REPLACES_MODULES = /\bvi\.(?:mock|doMock|stubEnv|stubGlobal)\(/;
const ISOLATED_FILES = globSync(TEST_FILES).filter((file) =>
  REPLACES_MODULES.test(readFileSync(file, "utf8")),
);

export default defineConfig({
  test: {
    environment: "node",
    env: { TMPDIR: VITEST_TMPDIR },
    globalSetup: ["tests/support/vitest-global-setup.ts"],
    // PGlite instances are heavy; two cores run two files at a time at most.
    maxWorkers: 2,
    // A worker's process opens PGlite and ends within a minute or two: V8's optimising compiler
    // would only be starting on PostgreSQL's hot paths, and the process would wait for it to end
    // (see TEST_NODE_FLAGS in tests/support/server-process.ts).
    execArgv: ["--liftoff-only"],
    // The compiled message catalogs (some 1,700 plain JavaScript modules, nothing to transform) are
    // loaded by Node itself, not through Vite: 7 s less CPU a run (decision 075).
    server: { deps: { external: [/[\\/]app[\\/]paraglide[\\/]/] } },
    testTimeout: 60_000,
    hookTimeout: 60_000,
    projects: [
      {
        // Most files share their worker's process, modules and databases (each test still starts
        // from empty tables): loading the app's modules and opening PGlite once a worker rather
        // than once a file took Vitest from about 150 s to 100 s (decision 022).
        extends: true,
        test: {
          name: "shared",
          include: TEST_FILES,
          exclude: ISOLATED_FILES,
          isolate: false,
          setupFiles: ["tests/support/vitest-setup.ts", "tests/support/vitest-cheap-passwords.ts"],
          env: { TMPDIR: VITEST_TMPDIR, [DATABASES_PER_WORKER_ENV]: "1" },
        },
      },
      {
        extends: true,
        test: {
          name: "isolated",
          include: ISOLATED_FILES,
          setupFiles: ["tests/support/vitest-setup.ts"],
        },
      },
    ],
  },
});
