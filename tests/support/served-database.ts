import type { Kysely } from "kysely";

import {
  openDatabase,
  type Database,
  type DatabaseSchema,
} from "#app/server/db/database.server.ts";

import { openDataDirDatabase, testPostgresUrl } from "./databases.ts";
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
  /** Stops the server (idempotent); the run's teardown drops its PostgreSQL database. */
  stop(): Promise<void>;
}

/**
 * Starts `node server.ts` with a database the test can look into while the server runs.
 *
 * With TEST_DATABASE_URL (CI sets it) the server runs on a PostgreSQL database of its own (a copy
 * of the run's migrated template, server-process.ts), and a look is a query beside the running
 * server: no restart. Without it, on the embedded database
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

  // The data directory's own PostgreSQL database, a copy of the run's migrated template.
  let server: ServerProcess | undefined;
  let database: Database | undefined;
  const stop = async () => {
    if (server) await stopServer(server);
    await database?.close();
    database = undefined;
  };
  try {
    database = await openDataDirDatabase(dataDir);
    await options.prepare?.(database.db);
    server = await startServer({ dataDir, env: options.env });
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
