import { execFile } from "node:child_process";
import { mkdirSync, rmSync } from "node:fs";
import { promisify } from "node:util";

import pg from "pg";

import {
  copiesPrefix,
  PGLITE_COPIES_DIR,
  PGLITE_TEMPLATE_DIR,
  PGLITE_TEMPLATE_FILE,
  POSTGRES_TEMPLATE_ENV,
  testDatabaseName,
  testPostgresUrl,
} from "./databases.ts";
import { dropTestDatabase } from "./drop-database.ts";
import { VITEST_TMPDIR } from "./run-dirs.ts";

/**
 * Before the run: one embedded database, migrated, saved as PGlite's data-directory archive and as
 * a data directory. Each test file then opens a copy of the directory (some 0.6 s) instead of making
 * its own database (initdb and every migration, about four seconds on two cores).
 *
 * Made in a process of its own, on V8's baseline compiler only (as the test files' workers run,
 * vitest.config.ts): made here, in Vitest's own process, it took some 4 s longer, and V8's
 * optimising compiler went on compiling PostgreSQL's hot paths there for the whole run.
 */
export async function setup(): Promise<void> {
  // Each of Vitest's projects (vitest.config.ts) runs the global setup: the first makes the
  // databases, the others wait for them, and the last teardown removes them.
  run.users += 1;
  run.ready ??= makeTemplates();
  await run.ready;
}

/** The run's global setup, shared by the projects' copies of this module. */
const run = ((globalThis as Record<symbol, unknown>)[Symbol.for("coverpilot.vitestRun")] ??= {
  users: 0,
}) as { users: number; ready?: Promise<void> };

async function makeTemplates(): Promise<void> {
  rmSync(VITEST_TMPDIR, { recursive: true, force: true });
  mkdirSync(VITEST_TMPDIR, { recursive: true });
  // The PostgreSQL template's name, for the process that makes it and the test files' workers
  // (which Vitest starts after this, with this process's environment).
  if (testPostgresUrl) process.env[POSTGRES_TEMPLATE_ENV] = testDatabaseName("template");
  await promisify(execFile)(process.execPath, [
    "--liftoff-only",
    "tests/support/make-vitest-template.ts",
  ]);
}

export async function teardown(): Promise<void> {
  run.users -= 1;
  if (run.users > 0) return;
  run.ready = undefined;
  const template = process.env[POSTGRES_TEMPLATE_ENV];
  if (testPostgresUrl && template) {
    const client = new pg.Client({ connectionString: testPostgresUrl });
    await client.connect();
    const query = (statement: string, values?: unknown[]) => client.query(statement, values);
    try {
      // The copies that workers kept open for their files (vitest-setup.ts), then the template.
      const { rows } = await client.query<{ datname: string }>(
        "select datname from pg_database where starts_with(datname, $1)",
        [copiesPrefix(template)],
      );
      for (const { datname } of rows) {
        if (!/^coverpilot_test_[0-9a-f]{12}_[0-9a-f]{12}$/.test(datname)) continue;
        await dropTestDatabase(query, datname);
      }
      await dropTestDatabase(query, template);
    } finally {
      await client.end();
    }
  }
  for (const made of [
    PGLITE_TEMPLATE_FILE,
    PGLITE_TEMPLATE_DIR,
    PGLITE_COPIES_DIR,
    VITEST_TMPDIR,
  ]) {
    rmSync(made, { recursive: true, force: true });
  }
}
