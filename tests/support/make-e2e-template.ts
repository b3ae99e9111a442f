/**
 * Makes the run's DATA_DIR template: an embedded database created and migrated once. Playwright's
 * web server starts on a copy of it, and so does each journey's own server on the embedded database
 * (makeDataDir), which skips PGlite's initdb (seconds a server). With the run's PostgreSQL, the same
 * migrated database there, which the journeys' own servers copy. Run by the webServer command of playwright.config.ts,
 * before the shared server starts: a global setup would run only after that server is ready, and
 * the shared server would pay for an initdb of its own.
 */
import { mkdirSync, readdirSync, rmSync } from "node:fs";
import path from "node:path";

import { openDatabase } from "#app/server/db/database.server.ts";

import { E2E_TMPDIR } from "./run-dirs.ts";
import {
  DATA_DIRS,
  dropJourneyPostgres,
  JOURNEY_POSTGRES_TEMPLATE,
  JOURNEY_POSTGRES_URL,
  postgresAdminQuery,
  TEMPLATE_DATA_DIR,
} from "./server-process.ts";

// What the last run left (its workers remove their data directories, unless they were killed).
rmSync(DATA_DIRS, { recursive: true, force: true });
mkdirSync(E2E_TMPDIR, { recursive: true });
for (const entry of readdirSync(E2E_TMPDIR)) {
  rmSync(path.join(E2E_TMPDIR, entry), { recursive: true, force: true });
}
rmSync(TEMPLATE_DATA_DIR, { recursive: true, force: true });
const database = await openDatabase({ kind: "pglite", dataDir: TEMPLATE_DATA_DIR });
await database.close();

if (JOURNEY_POSTGRES_URL) {
  // What the last run left, then a template migrated afresh: nobody may be connected to it.
  await dropJourneyPostgres({ template: true });
  await postgresAdminQuery(`create database ${JOURNEY_POSTGRES_TEMPLATE}`);
  const url = new URL(JOURNEY_POSTGRES_URL);
  url.pathname = `/${JOURNEY_POSTGRES_TEMPLATE}`;
  const migrated = await openDatabase({ kind: "postgres", url: url.toString(), poolSize: 1 });
  await migrated.close();
}
