/**
 * Makes the Vitest run's PGlite templates: one embedded database, migrated, saved as PGlite's
 * data-directory archive (PGLITE_TEMPLATE_FILE, for the tests of backups and restores) and as a
 * data directory (PGLITE_TEMPLATE_DIR, which each test file copies). Run by
 * tests/support/vitest-global-setup.ts in a process of its own.
 */
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";

import { PGlite } from "@electric-sql/pglite";
import { Kysely, PGliteDialect } from "kysely";

import {
  migrateToLatest,
  PGLITE_OPTIONS,
  type DatabaseSchema,
} from "#app/server/db/database.server.ts";

import { PGLITE_TEMPLATE_DIR, PGLITE_TEMPLATE_FILE } from "./databases.ts";

const pglite = await PGlite.create(PGLITE_OPTIONS);
let archive: Blob;
try {
  await migrateToLatest(new Kysely<DatabaseSchema>({ dialect: new PGliteDialect({ pglite }) }));
  archive = await pglite.dumpDataDir("none");
  mkdirSync(path.dirname(PGLITE_TEMPLATE_FILE), { recursive: true });
  writeFileSync(PGLITE_TEMPLATE_FILE, Buffer.from(await archive.arrayBuffer()));
} finally {
  await pglite.close();
}

rmSync(PGLITE_TEMPLATE_DIR, { recursive: true, force: true });
const onDisk = await PGlite.create({
  dataDir: PGLITE_TEMPLATE_DIR,
  loadDataDir: archive,
  ...PGLITE_OPTIONS,
});
await onDisk.close();
