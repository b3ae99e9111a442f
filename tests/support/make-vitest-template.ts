/**
 * Makes the Vitest run's templates: one embedded database, migrated, saved as PGlite's
 * data-directory archive (PGLITE_TEMPLATE_FILE, for the tests of backups and restores) and as a
 * data directory (PGLITE_TEMPLATE_DIR, which each test file copies); and with TEST_DATABASE_URL a
 * migrated PostgreSQL database, which each test file's database copies. Run by
 * tests/support/vitest-global-setup.ts in a process of its own.
 */
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";

import { PGlite } from "@electric-sql/pglite";
import { Kysely, PGliteDialect } from "kysely";
import pg from "pg";

import {
  migrateToLatest,
  openDatabase,
  PGLITE_OPTIONS,
  type DatabaseSchema,
} from "#app/server/db/database.server.ts";

import {
  createFreshPostgres,
  PGLITE_TEMPLATE_DIR,
  PGLITE_TEMPLATE_FILE,
  POSTGRES_TEMPLATE_ENV,
  testPostgresUrl,
} from "./databases.ts";

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

// With TEST_DATABASE_URL: the same migrated database on PostgreSQL, under the name the global setup
// chose, for the test files to copy.
const templateName = process.env[POSTGRES_TEMPLATE_ENV];
if (testPostgresUrl && templateName) {
  const made = await createFreshPostgres(testPostgresUrl);
  const migrated = await openDatabase({ kind: "postgres", url: made.url, poolSize: 1 });
  await migrated.close();
  const name = new URL(made.url).pathname.slice(1);
  const client = new pg.Client({ connectionString: testPostgresUrl });
  await client.connect();
  try {
    await client.query(`alter database ${name} rename to ${templateName}`);
  } finally {
    await client.end();
  }
}
