import { randomBytes } from "node:crypto";

import pg from "pg";

import { openDatabase, type Database } from "#app/server/database.server.ts";

/** A database kind the data-layer tests run against, opened empty and migrated. */
export interface TestDatabaseKind {
  name: "pglite" | "postgres";
  open(): Promise<Database>;
}

/**
 * PGlite (in memory) always; PostgreSQL as well when TEST_DATABASE_URL is set (CI sets it). Each
 * PostgreSQL database is made fresh from that URL's server and dropped when it is closed.
 */
/** The PostgreSQL server the tests may use, from TEST_DATABASE_URL. */
export const testPostgresUrl: string | undefined = process.env.TEST_DATABASE_URL || undefined;

export const testDatabaseKinds: TestDatabaseKind[] = [
  { name: "pglite", open: () => openDatabase({ kind: "pglite" }) },
  ...(testPostgresUrl
    ? [
        {
          name: "postgres" as const,
          open: () => openFreshPostgres(testPostgresUrl),
        },
      ]
    : []),
];

async function adminQuery(url: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/** A fresh, empty PostgreSQL database on the server of `url`, and a function that drops it. */
export async function createFreshPostgres(
  url: string,
): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `coverpilot_test_${randomBytes(6).toString("hex")}`;
  await adminQuery(url, `create database ${name}`);
  const fresh = new URL(url);
  fresh.pathname = `/${name}`;
  return {
    url: fresh.toString(),
    drop: async () => {
      try {
        await adminQuery(url, `drop database if exists ${name} with (force)`);
      } catch (error) {
        // FORCE refuses when a session of another role is in the database, such as an autovacuum
        // worker that has just started on it; a plain DROP stops autovacuum itself.
        if ((error as { code?: unknown }).code !== "42501") throw error;
        await adminQuery(url, `drop database if exists ${name}`);
      }
    },
  };
}

/** Opens (and migrates) a fresh PostgreSQL database; closing it also drops it. */
export async function openFreshPostgres(url: string): Promise<Database> {
  const fresh = await createFreshPostgres(url);
  const database = await openDatabase({ kind: "postgres", url: fresh.url });
  return {
    ...database,
    close: async () => {
      await database.close();
      await fresh.drop();
    },
  };
}

/**
 * Every submission in a stopped server's embedded database (the server holds DATA_DIR while it
 * runs), oldest first.
 */
export async function readSubmissions(dataDir: string) {
  const database = await openDatabase({ kind: "pglite", dataDir });
  try {
    return await database.db
      .selectFrom("business_wizard_submissions")
      .selectAll()
      .orderBy("created_at")
      .execute();
  } finally {
    await database.close();
  }
}
