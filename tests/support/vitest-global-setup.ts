import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";

import { PGlite } from "@electric-sql/pglite";
import { Kysely, PGliteDialect } from "kysely";

import { migrateToLatest, type DatabaseSchema } from "#app/server/db/database.server.ts";

import { PGLITE_TEMPLATE_FILE } from "./databases.ts";

/**
 * Before the run: one embedded database, migrated, saved as PGlite's data-directory archive. Each
 * test file then loads it (half a second) instead of making its own (initdb and every migration,
 * about four seconds on two cores).
 */
export async function setup(): Promise<void> {
  const pglite = await PGlite.create();
  try {
    await migrateToLatest(new Kysely<DatabaseSchema>({ dialect: new PGliteDialect({ pglite }) }));
    const archive = await pglite.dumpDataDir("none");
    mkdirSync(path.dirname(PGLITE_TEMPLATE_FILE), { recursive: true });
    writeFileSync(PGLITE_TEMPLATE_FILE, Buffer.from(await archive.arrayBuffer()));
  } finally {
    await pglite.close();
  }
}

export function teardown(): void {
  rmSync(PGLITE_TEMPLATE_FILE, { force: true });
}
