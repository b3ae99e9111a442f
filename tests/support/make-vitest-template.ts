/**
 * Makes the Vitest run's PGlite template (PGLITE_TEMPLATE_FILE): one embedded database, migrated,
 * saved as PGlite's data-directory archive. Run by tests/support/vitest-global-setup.ts in a
 * process of its own.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";

import { PGlite } from "@electric-sql/pglite";
import { Kysely, PGliteDialect } from "kysely";

import { migrateToLatest, type DatabaseSchema } from "#app/server/db/database.server.ts";

import { PGLITE_TEMPLATE_FILE } from "./databases.ts";

const pglite = await PGlite.create();
try {
  await migrateToLatest(new Kysely<DatabaseSchema>({ dialect: new PGliteDialect({ pglite }) }));
  const archive = await pglite.dumpDataDir("none");
  mkdirSync(path.dirname(PGLITE_TEMPLATE_FILE), { recursive: true });
  writeFileSync(PGLITE_TEMPLATE_FILE, Buffer.from(await archive.arrayBuffer()));
} finally {
  await pglite.close();
}
