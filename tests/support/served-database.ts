import type { Kysely } from "kysely";

import {
  openDatabase,
  type Database,
  type DatabaseSchema,
} from "#app/server/db/database.server.ts";

import { createFreshPostgres, testPostgresUrl } from "./databases.ts";
import { makeDataDir, startServer, stopServer, type ServerProcess } from "./server-process.ts";

/**
 * A journey's own server, and a way to look at (or change) what its database holds meanwhile.
 * Use `url` and `server` afresh after each look: on the embedded database they change.
 */
export interface ServerWithDatabase {
  readonly url: string;
  readonly server: ServerProcess;
  /** The server's DATA_DIR (its outbox, on PostgreSQL too). */
  readonly dataDir: string;
  /** Runs `work` on the server's database as it is now; the server serves again afterwards. */
  query<T>(work: (db: Kysely<DatabaseSchema>) => Promise<T>): Promise<T>;
  /** Stops the server (idempotent) and drops a PostgreSQL database it had. */
  stop(): Promise<void>;
}

/**
 * Starts `node server.ts` with a database the test can look into while the server runs.
 *
 * With TEST_DATABASE_URL (CI sets it) the server runs on a fresh PostgreSQL database of its own,
 * and a look is a query beside the running server: no restart. Without it, on the embedded database
 * (which one process only can open), each look stops the server, opens DATA_DIR, and starts the
 * server again: some 3 s a look, so a journey should look as seldom as it can.
 */
export async function startServerWithDatabase(
  options: {
    env?: Record<string, string>;
    /** Work on the migrated database before the server starts (rows it should find). */
    prepare?: (db: Kysely<DatabaseSchema>) => Promise<void>;
  } = {},
): Promise<ServerWithDatabase> {
  const dataDir = makeDataDir();
  if (!testPostgresUrl) {
    if (options.prepare) {
      const database = await openDatabase({ kind: "pglite", dataDir });
      try {
        await options.prepare(database.db);
      } finally {
        await database.close();
      }
    }
    let server = await startServer({ dataDir, env: options.env });
    return {
      dataDir,
      get url() {
        return server.url;
      },
      get server() {
        return server;
      },
      async query(work) {
        await stopServer(server);
        let result;
        const database = await openDatabase({ kind: "pglite", dataDir });
        try {
          result = await work(database.db);
        } finally {
          await database.close();
          server = await startServer({ dataDir, env: options.env });
        }
        return result;
      },
      stop: () => stopServer(server),
    };
  }

  const fresh = await createFreshPostgres(testPostgresUrl);
  let server: ServerProcess | undefined;
  let database: Database | undefined;
  const stop = async () => {
    if (server) await stopServer(server);
    await database?.close();
    database = undefined;
    await fresh.drop();
  };
  try {
    // Opening migrates the database, before the server starts on it.
    database = await openDatabase({ kind: "postgres", url: fresh.url, poolSize: 1 });
    await options.prepare?.(database.db);
    server = await startServer({
      dataDir,
      env: {
        DATABASE_URL: fresh.url,
        SESSION_SECRET: "e2e-session-secret-".repeat(2),
        ...options.env,
      },
    });
  } catch (error) {
    await stop();
    throw error;
  }
  const running = server;
  const opened = database;
  return {
    dataDir,
    url: running.url,
    server: running,
    query: (work) => work(opened.db),
    stop,
  };
}
