import path from "node:path";

import { PGlite } from "@electric-sql/pglite";
import { Kysely, PGliteAdapter, PGliteDialect, PostgresDialect, sql } from "kysely";
import { Migrator, type MigrationProvider } from "kysely/migration";
import pg from "pg";

import { migrations } from "../../database/migrations/index.ts";

import { prepareDataDir, restrictDataDir } from "./data-dir.server.ts";
import { lockDataDir } from "./data-dir-lock.server.ts";
import type { DatabaseSchema } from "./database-schema.server.ts";

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

export type DatabaseOptions =
  | { kind: "postgres"; url: string; poolSize?: number }
  /**
   * dataDir undefined: an in-memory database (tests). restoreFrom: a snapshot to start from, into
   * a DATA_DIR that holds no database yet (a restore).
   */
  | { kind: "pglite"; dataDir?: string; restoreFrom?: Blob };

/** Opens PostgreSQL through a pool, or PGlite in DATA_DIR/pglite, and applies every migration. */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  const database = options.kind === "postgres" ? openPostgres(options) : await openPglite(options);
  try {
    await migrateToLatest(database.db);
  } catch (error) {
    await database.close();
    throw error;
  }
  return database;
}

function openPostgres(options: { url: string; poolSize?: number }): Database {
  const pool = new pg.Pool({
    connectionString: options.url,
    max: options.poolSize ?? 10,
    connectionTimeoutMillis: 5_000,
    idleTimeoutMillis: 30_000,
  });
  // An idle client whose server went away emits 'error'; the pool drops it and makes a new one later.
  pool.on("error", () => {});
  const db = new Kysely<DatabaseSchema>({
    dialect: new PostgresDialect({ pool }),
  });
  return {
    db,
    kind: "postgres",
    check: async () => {
      await sql`select 1`.execute(db);
    },
    close: () => db.destroy(),
  };
}

async function openPglite(options: { dataDir?: string; restoreFrom?: Blob }): Promise<Database> {
  if (options.dataDir) prepareDataDir(options.dataDir);
  const release = options.dataDir ? lockDataDir(options.dataDir) : () => {};
  let pglite: PGlite;
  try {
    pglite = await PGlite.create({
      dataDir: options.dataDir ? path.join(options.dataDir, "pglite") : undefined,
      loadDataDir: options.restoreFrom,
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
