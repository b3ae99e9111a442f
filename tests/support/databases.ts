import { randomBytes } from "node:crypto";
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import path from "node:path";

import { PGlite } from "@electric-sql/pglite";
import { Kysely, PGliteDialect, sql } from "kysely";
import pg from "pg";

import {
  migrateToLatest,
  openDatabase,
  PGLITE_OPTIONS,
  type Database,
  type DatabaseSchema,
} from "#app/server/db/database.server.ts";

import { dropTestDatabase } from "./drop-database.ts";
import { databaseUrlOf } from "./server-process.ts";

/** A database kind the data-layer tests run against, opened empty and migrated. */
export interface TestDatabaseKind {
  name: "pglite" | "postgres";
  open(): Promise<Database>;
}

/** Runs `run` on a database that `open` hands out (a kind's `open`), then closes it, even on failure. */
export async function withDatabase(
  open: () => Promise<Database>,
  run: (database: Database) => Promise<void>,
): Promise<void> {
  const database = await open();
  try {
    await run(database);
  } finally {
    await database.close();
  }
}

/** The PostgreSQL server the tests may use, from TEST_DATABASE_URL. */
export const testPostgresUrl: string | undefined = process.env.TEST_DATABASE_URL || undefined;

/**
 * PGlite (in memory) always; PostgreSQL as well when TEST_DATABASE_URL is set (CI sets it).
 *
 * Each `open()` hands out an empty, migrated database. Making one costs seconds (PGlite's initdb in
 * WebAssembly, or a PostgreSQL database plus every migration), so each test file makes one of each
 * kind the first time it asks and empties it for every later `open()`: the tables are truncated,
 * their sequences restarted. Closing a handle ends that handle only (its queries fail from then on,
 * as a closed database's would); `closeSharedTestDatabases` (tests/support/vitest-setup.ts) closes
 * and drops the file's databases after its last test. Files that share their worker's modules
 * (vitest.config.ts) share its databases too: the run's teardown removes what they leave.
 */
export const testDatabaseKinds: TestDatabaseKind[] = [
  { name: "pglite", open: () => openEmpty("pglite") },
  ...(testPostgresUrl ? [{ name: "postgres" as const, open: () => openEmpty("postgres") }] : []),
];

interface SharedDatabase {
  /** A new handle on the shared database; its close() leaves the shared one open. */
  handle(): Promise<Database>;
  /** Every table of the app's, for emptying between tests. */
  tables: string[];
  closeForGood(): Promise<void>;
}

const shared = new Map<TestDatabaseKind["name"], Promise<SharedDatabase>>();

async function openEmpty(kind: TestDatabaseKind["name"]): Promise<Database> {
  let opening = shared.get(kind);
  if (!opening) {
    opening =
      kind === "pglite" || !testPostgresUrl ? sharedPglite() : sharedPostgres(testPostgresUrl);
    shared.set(kind, opening);
  }
  const database = await opening;
  const handle = await database.handle();
  await sql
    .raw(`truncate table ${database.tables.map((name) => `"${name}"`).join(", ")} restart identity`)
    .execute(handle.db);
  return handle;
}

async function appTables(db: Kysely<DatabaseSchema>): Promise<string[]> {
  const { rows } = await sql<{ tablename: string }>`
    select tablename from pg_tables
    where schemaname = 'public' and tablename not like 'kysely_%'
  `.execute(db);
  return rows.map((row) => row.tablename);
}

/** The migrated embedded database that Vitest's global setup saves for the run's test files. */
export const PGLITE_TEMPLATE_FILE = path.resolve(".tmp/vitest-pglite-template.tar");

/**
 * The same database as a data directory. A test file opens a copy of it (some 0.6 s) rather than
 * loading the archive into memory (some 2 s: PGlite unpacks the archive file by file in
 * JavaScript).
 */
export const PGLITE_TEMPLATE_DIR = path.resolve(".tmp/vitest-pglite-template");

/** Where the test files' copies live; the global teardown removes what a crashed file left. */
export const PGLITE_COPIES_DIR = path.resolve(".tmp/vitest-pglite-copies");

async function sharedPglite(): Promise<SharedDatabase> {
  // A copy of the run's migrated template when there is one; migrating it again finds nothing to do.
  let dataDir: string | undefined;
  if (existsSync(PGLITE_TEMPLATE_DIR)) {
    mkdirSync(PGLITE_COPIES_DIR, { recursive: true });
    dataDir = mkdtempSync(path.join(PGLITE_COPIES_DIR, "file-"));
    cpSync(PGLITE_TEMPLATE_DIR, dataDir, { recursive: true });
  }
  const pglite = await PGlite.create({ dataDir, ...PGLITE_OPTIONS });
  const admin = new Kysely<DatabaseSchema>({ dialect: new PGliteDialect({ pglite }) });
  await migrateToLatest(admin);
  return {
    tables: await appTables(admin),
    handle: async () => pgliteHandle(pglite),
    closeForGood: async () => {
      await pglite.close();
      if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * A handle on a shared PGlite whose close() closes only the handle. PGlite's methods use private
 * fields, so each is called on the instance itself, never through the proxy.
 */
function pgliteHandle(pglite: PGlite): Database {
  let closed = false;
  const refuse = () => Promise.reject(new Error("The database is closed."));
  const view = new Proxy(pglite, {
    get(target, property) {
      if (property === "closed") return closed || target.closed;
      if (property === "close") return async () => void (closed = true);
      const value: unknown = Reflect.get(target, property, target);
      if (typeof value !== "function") return value;
      return closed ? refuse : (value as (...args: unknown[]) => unknown).bind(target);
    },
  });
  const db = new Kysely<DatabaseSchema>({ dialect: new PGliteDialect({ pglite: view }) });
  return {
    db,
    kind: "pglite",
    check: async () => {
      if (view.closed) throw new Error("The database is closed.");
      await sql`select 1`.execute(db);
    },
    close: () => db.destroy(),
  };
}

async function sharedPostgres(url: string): Promise<SharedDatabase> {
  // A copy of the run's migrated template when Vitest's global setup made one: migrating it again
  // finds nothing to do.
  const fresh = await createFreshPostgres(url, process.env[POSTGRES_TEMPLATE_ENV]);
  const admin = await openDatabase({ kind: "postgres", url: fresh.url, poolSize: 1 });
  const tables = await appTables(admin.db);
  await admin.close();
  return {
    tables,
    // A pool of its own per handle: closing it is closing the handle, as the server's would be.
    handle: () => openDatabase({ kind: "postgres", url: fresh.url }),
    closeForGood: () => fresh.drop(),
  };
}

/** Closes (and on PostgreSQL drops) the databases this test file made; after its last test. */
export async function closeSharedTestDatabases(): Promise<void> {
  const opened = [...shared.values()];
  shared.clear();
  for (const database of opened) await (await database).closeForGood();
}

/**
 * Where Vitest's setup file (tests/support/vitest-setup.ts) finds closeSharedTestDatabases once a
 * test file has loaded this module: importing it there would load PGlite, Kysely, pg and the
 * migrations into every test file, half of which never open a database.
 */
const CLOSE_SHARED_TEST_DATABASES = Symbol.for("coverpilot.closeSharedTestDatabases");
(globalThis as Record<symbol, unknown>)[CLOSE_SHARED_TEST_DATABASES] = closeSharedTestDatabases;

async function adminQuery(url: string, text: string, values: unknown[] = []): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(text, values);
  } finally {
    await client.end();
  }
}

/**
 * Where Vitest's global setup names the migrated PostgreSQL database it made for the run (with
 * TEST_DATABASE_URL), which each test file's database copies: PostgreSQL copies a database in a
 * fraction of the time every migration takes to run again.
 */
export const POSTGRES_TEMPLATE_ENV = "TEST_DATABASE_TEMPLATE";

/**
 * A name for a database of the tests', unique to this run. A copy of a run's template carries the
 * template's mark, so that the run's teardown finds the copies that its workers kept open.
 */
export function testDatabaseName(kind: "test" | "template", template?: string): string {
  return `${template ? copiesPrefix(template) : `coverpilot_${kind}_`}${randomBytes(6).toString("hex")}`;
}

/** What the names of the copies of `template` (a name testDatabaseName made) start with. */
export function copiesPrefix(template: string): string {
  return `coverpilot_test_${template.slice("coverpilot_template_".length)}_`;
}

/**
 * A fresh PostgreSQL database on the server of `url`, empty or a copy of `template` (a database
 * nobody is connected to), and a function that drops it.
 */
export async function createFreshPostgres(
  url: string,
  template?: string,
): Promise<{ url: string; drop(): Promise<void> }> {
  const name = testDatabaseName("test", template);
  if (template !== undefined && !/^coverpilot_template_[0-9a-f]{12}$/.test(template)) {
    throw new Error(`Not a template of the tests': ${template}`);
  }
  await adminQuery(url, `create database ${name}${template ? ` template ${template}` : ""}`);
  const fresh = new URL(url);
  fresh.pathname = `/${name}`;
  return {
    url: fresh.toString(),
    drop: () => dropTestDatabase((statement, values) => adminQuery(url, statement, values), name),
  };
}

/**
 * The database of a journey's data directory (server-process.ts): its PostgreSQL database, which a
 * test may open while the server runs, or the embedded one, which only a stopped server's test
 * may (the server holds DATA_DIR while it runs).
 */
export async function openDataDirDatabase(dataDir: string): Promise<Database> {
  const url = await databaseUrlOf(dataDir);
  return url
    ? openDatabase({ kind: "postgres", url, poolSize: 1 })
    : openDatabase({ kind: "pglite", dataDir });
}

/** Every submission in a journey's database (openDataDirDatabase), oldest first. */
export async function readSubmissions(dataDir: string) {
  const database = await openDataDirDatabase(dataDir);
  try {
    return await submissionsIn(database.db);
  } finally {
    await database.close();
  }
}

/** Every submission in a database, oldest first. */
export function submissionsIn(db: Kysely<DatabaseSchema>) {
  return db.selectFrom("business_wizard_submissions").selectAll().orderBy("created_at").execute();
}
