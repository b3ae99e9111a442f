import { afterAll } from "vitest";

import { DATABASES_PER_WORKER_ENV } from "./vitest-workers.ts";

// Each test file shares one database of each kind among its tests (tests/support/databases.ts),
// which closes them after the file's last test, unless its worker keeps them for its next files. Looked up rather than imported: a file that never
// loads databases.ts has none to close, and need not load PGlite for nothing.
afterAll(async () => {
  if (process.env[DATABASES_PER_WORKER_ENV] === "1") return;
  const close = (globalThis as Record<symbol, unknown>)[
    Symbol.for("coverpilot.closeSharedTestDatabases")
  ];
  if (typeof close === "function") await (close as () => Promise<void>)();
});
