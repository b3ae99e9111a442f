import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { promisify } from "node:util";

import { PGlite, type PGliteOptions } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import {
  Kysely,
  PGliteAdapter,
  PGliteDialect,
  PostgresDialect,
  sql,
  type PostgresCursor,
  type PostgresPool,
  type PostgresPoolClient,
  type PostgresQueryResult,
} from "kysely";
import { Migrator, type MigrationProvider } from "kysely/migration";
import pg from "pg";

import { migrations } from "../../../database/migrations/index.ts";

import { prepareDataDir, restrictDataDir } from "#app/server/db/data-dir.server.ts";
import { lockDataDir } from "#app/server/db/data-dir-lock.server.ts";
import type { DatabaseSchema } from "#app/server/db/database-schema.server.ts";

const execFileAsync = promisify(execFile);

export type { DatabaseSchema };
export type Db = Kysely<DatabaseSchema>;

/** An open database and what the server needs to run and stop it. */
export interface Database {
  db: Db;
  kind: "pglite" | "postgres";
  /** Resolves when the database answers a query; rejects otherwise. */
  check(): Promise<void>;
  /** Flushes and closes the database (PGlite: CHECKPOINT, close, release DATA_DIR). */
  close(): Promise<void>;
  /**
   * PGlite only: a consistent copy of the database's files as a tar archive, taken between two
   * statements (a transaction still open is left out, as after a crash). Queries wait meanwhile.
   */
  snapshot?(): Promise<Blob>;
}

/**
 * How long PostgreSQL may take before the server gives up on it (DATABASE_CONNECT_TIMEOUT_MS,
 * DATABASE_STATEMENT_TIMEOUT_MS): to hand out a connection (connecting, or waiting for a free one),
 * and to answer a statement. Left out, nothing is bounded (tests and tools that want none).
 */
export interface PostgresTimeouts {
  connectMs: number;
  statementMs: number;
}

export type DatabaseOptions =
  | { kind: "postgres"; url: string; poolSize?: number; timeouts?: PostgresTimeouts }
  /**
   * dataDir undefined: an in-memory database (tests). restoreFrom: a snapshot to start from, into
   * a DATA_DIR that holds no database yet (a restore).
   */
  | { kind: "pglite"; dataDir?: string; restoreFrom?: Blob };

/** Opens PostgreSQL through a pool, or PGlite in DATA_DIR/pglite, and applies every migration. */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.kind === "postgres") {
    // Migrations go through a connection of their own without the statement timeout: one may take
    // long, and a server waits on purpose while another one migrates.
    const migrating = openPostgres({
      url: options.url,
      poolSize: 1,
      timeouts: options.timeouts && { connectMs: options.timeouts.connectMs, statementMs: 0 },
    });
    try {
      await migrateToLatest(migrating.db);
    } finally {
      await migrating.close();
    }
    return openPostgres(options);
  }
  const database = await openPglite(options);
  try {
    await migrateToLatest(database.db);
  } catch (error) {
    await database.close();
    throw error;
  }
  return database;
}

/** How long /healthz waits for `select 1` before it says the database is unavailable. */
const HEALTH_CHECK_TIMEOUT_MS = 1_000;

/**
 * A statement's answer may take this much longer on the client's clock than the server's own
 * statement timeout: while the server is there, its cancellation comes first and the connection
 * stays usable; the client's fires only when nothing answers at all.
 */
const UNANSWERED_MARGIN_MS = 250;

/** The connections a server keeps to PostgreSQL at most, unless told otherwise. */
export const POSTGRES_POOL_SIZE = 10;

function openPostgres(options: {
  url: string;
  poolSize?: number;
  timeouts?: PostgresTimeouts;
}): Database {
  const statementMs = options.timeouts?.statementMs ?? 0;
  const pool = new pg.Pool({
    connectionString: options.url,
    max: options.poolSize ?? POSTGRES_POOL_SIZE,
    connectionTimeoutMillis: options.timeouts?.connectMs ?? 0,
    idleTimeoutMillis: 30_000,
    keepAlive: true,
    ...(statementMs > 0
      ? { statement_timeout: statementMs, query_timeout: statementMs + UNANSWERED_MARGIN_MS }
      : {}),
  });
  // An idle client whose server went away emits 'error'; the pool drops it and makes a new one later.
  pool.on("error", () => {});
  // So does a client in use: the statement in flight fails with that error, which is enough.
  pool.on("connect", (client) => client.on("error", () => {}));
  const db = new Kysely<DatabaseSchema>({
    dialect: new PostgresDialect({ pool: failingFast(pool) }),
  });
  return {
    db,
    kind: "postgres",
    check: async () => {
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<never>((_, reject) => {
        timer = setTimeout(
          () => reject(new Error("The database did not answer.")),
          HEALTH_CHECK_TIMEOUT_MS,
        );
      });
      try {
        await Promise.race([sql`select 1`.execute(db), late]);
      } finally {
        clearTimeout(timer);
      }
    },
    close: () => db.destroy(),
  };
}

/**
 * After PostgreSQL has failed to answer (no connection in time, a statement unanswered), for this
 * long every statement fails at once instead of waiting as long again: a request that needs the
 * database several times answers after one timeout, not after each.
 */
const UNAVAILABLE_FOR_MS = 2_000;

/**
 * The pool as Kysely uses it, except that it fails fast for UNAVAILABLE_FOR_MS after PostgreSQL
 * has failed to answer, and a connection on which a statement got no answer in time is closed
 * instead of going back to the pool: what it waits for may never come, and every statement queued
 * behind it on that connection would wait as long.
 */
function failingFast(pool: pg.Pool): PostgresPool {
  let unavailableUntil = 0;
  return {
    options: pool.options,
    end: () => pool.end(),
    connect: async (): Promise<PostgresPoolClient> => {
      if (Date.now() < unavailableUntil) throw new Error("The database did not answer just now.");
      // pg's client, as the part Kysely uses (what Kysely takes when given pg's pool itself).
      let client: PostgresPoolClient;
      try {
        client = await pool.connect();
      } catch (error) {
        unavailableUntil = Date.now() + UNAVAILABLE_FOR_MS;
        throw error;
      }
      let unanswered = false;
      function query<R>(
        sqlText: string,
        parameters: readonly unknown[],
      ): Promise<PostgresQueryResult<R>>;
      function query<R>(cursor: PostgresCursor<R>): PostgresCursor<R>;
      function query<R>(
        statement: string | PostgresCursor<R>,
        parameters?: readonly unknown[],
      ): Promise<PostgresQueryResult<R>> | PostgresCursor<R> {
        if (typeof statement !== "string") return client.query(statement);
        return client.query<R>(statement, parameters ?? []).catch((error: unknown) => {
          if (error instanceof Error && error.message === "Query read timeout") {
            unanswered = true;
            unavailableUntil = Date.now() + UNAVAILABLE_FOR_MS;
          }
          throw error;
        });
      }
      return { query, release: () => client.release(unanswered) };
    },
  };
}

/**
 * PostgreSQL's settings for PGlite, besides PGlite's own (decision 021). PGlite's WebAssembly memory
 * never shrinks: what PostgreSQL touches once stays resident for the life of the process, and
 * its shared buffers are resident from the start. initdb's 128 MB of them made some 150 MB of
 * the server's idle memory; 16 MB hold the rows a save touches many times over, and a page read past
 * them comes from the operating system's file cache, outside the process.
 */
const PGLITE_START_PARAMS = [...PGlite.defaultStartParams, "-c", "shared_buffers=16MB"];

/**
 * What every PGlite that opens the app's database starts with (the server's, the tests' and the
 * benchmark's): the settings above, and the extensions the migrations use (pg_trgm, migration
 * 0027), which PGlite loads only when asked.
 */
export const PGLITE_OPTIONS = {
  startParams: PGLITE_START_PARAMS,
  extensions: { pg_trgm },
} satisfies PGliteOptions;

async function openPglite(options: { dataDir?: string; restoreFrom?: Blob }): Promise<Database> {
  if (options.dataDir) prepareDataDir(options.dataDir);
  const release = options.dataDir ? lockDataDir(options.dataDir) : () => {};
  const pgdata = options.dataDir ? path.join(options.dataDir, "pglite") : undefined;
  let pglite: PGlite;
  try {
    if (pgdata && !options.restoreFrom && !existsSync(path.join(pgdata, "PG_VERSION"))) {
      await createPgliteDatabase(pgdata);
    }
    pglite = await PGlite.create({
      dataDir: pgdata,
      loadDataDir: options.restoreFrom,
      ...PGLITE_OPTIONS,
    });
    // A new database is copied in by PGlite with modes of its own (0666): take them back.
    if (options.dataDir) restrictDataDir(options.dataDir);
  } catch (error) {
    release();
    throw error;
  }
  const db = new Kysely<DatabaseSchema>({
    dialect: new PGliteDialect({ pglite }),
  });
  let closing: Promise<void> | undefined;
  return {
    db,
    kind: "pglite",
    check: async () => {
      if (pglite.closed) throw new Error("The database is closed.");
      await sql`select 1`.execute(db);
    },
    close: () =>
      (closing ??= (async () => {
        try {
          if (!pglite.closed) {
            await pglite.exec("CHECKPOINT");
            await pglite.close();
          }
        } finally {
          release();
        }
      })()),
    snapshot: async () => {
      // A checkpoint first, so that a restore has little write-ahead log to replay.
      await pglite.exec("CHECKPOINT");
      // Uncompressed: the copy holds every query back, so it is kept short; the caller compresses.
      return pglite.dumpDataDir("none");
    },
  };
}

/** PGlite's CommonJS entry, for the process below (its code is a script, not a module). */
const PGLITE_ENTRY = createRequire(import.meta.url).resolve("@electric-sql/pglite");

/**
 * Makes a new database in `pgdata` in a Node process of its own that ends once it is made.
 * PGlite runs initdb in a second PostgreSQL and a WebAssembly program of its own, nearly 300 MB
 * that this process would hold until a garbage collection that an idle server never runs, and
 * whose freed blocks would stay in its allocator (decision 021); a process gives all of it back.
 */
async function createPgliteDatabase(pgdata: string): Promise<void> {
  const script = `const [entry, pgdata, startParams] = process.argv.slice(1);
    require(entry)
      .PGlite.create({ dataDir: pgdata, startParams: JSON.parse(startParams) })
      .then((pglite) => pglite.close());`;
  await execFileAsync(process.execPath, [
    // initdb runs once: V8's optimising compiler would spend more time compiling PostgreSQL's hot
    // paths (some 300 MB at its peak) than it saves, and the process would wait for it to end.
    "--liftoff-only",
    "--input-type=commonjs",
    "-e",
    script,
    PGLITE_ENTRY,
    pgdata,
    JSON.stringify(PGLITE_START_PARAMS),
  ]);
}

/** The migrations in database/migrations/index.ts. */
export const migrationProvider: MigrationProvider = {
  getMigrations: async () => migrations,
};

/** Any fixed number: the key of the advisory lock that servers take while they migrate. */
const MIGRATION_LOCK_KEY = 7_236_114_901;

/**
 * Applies every pending migration. On PostgreSQL the server first takes an advisory lock on one
 * connection and migrates through it, so that of several servers starting at once against one
 * database exactly one migrates and the others wait, then find nothing left to do. (Kysely's own
 * lock is taken only after it has created its bookkeeping tables, which two servers can race on.)
 */
export async function migrateToLatest(db: Kysely<unknown> | Db): Promise<void> {
  const database = db as Kysely<unknown>;
  await database.connection().execute(async (connection) => {
    const postgres = !(database.getExecutor().adapter instanceof PGliteAdapter);
    if (postgres) await sql`select pg_advisory_lock(${MIGRATION_LOCK_KEY})`.execute(connection);
    try {
      const migrator = new Migrator({
        db: connection,
        provider: migrationProvider,
      });
      const { error, results } = await migrator.migrateToLatest();
      const failed = results?.find((result) => result.status === "Error");
      if (error || failed) {
        throw new Error(`Migration ${failed?.migrationName ?? ""} failed`, {
          cause: error,
        });
      }
    } finally {
      if (postgres) await sql`select pg_advisory_unlock(${MIGRATION_LOCK_KEY})`.execute(connection);
    }
  });
}
