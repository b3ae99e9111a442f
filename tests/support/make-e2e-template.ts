/**
 * Makes the run's DATA_DIR template: an embedded database created and migrated once. Playwright's
 * web server starts on a copy of it, and so does each journey's own server (makeDataDir), which
 * skips PGlite's initdb (seconds a server). Run by the webServer command of playwright.config.ts,
 * before the shared server starts: a global setup would run only after that server is ready, and
 * the shared server would pay for an initdb of its own.
 */
import { rmSync } from "node:fs";

import { openDatabase } from "#app/server/db/database.server.ts";

import { DATA_DIRS, TEMPLATE_DATA_DIR } from "./server-process.ts";

rmSync(DATA_DIRS, { recursive: true, force: true });
rmSync(TEMPLATE_DATA_DIR, { recursive: true, force: true });
const database = await openDatabase({ kind: "pglite", dataDir: TEMPLATE_DATA_DIR });
await database.close();
