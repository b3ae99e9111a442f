import { sql } from "kysely";

import type { Db } from "#app/server/db/database.server.ts";

/** What to do once each open transaction has committed, by transaction. */
const committed = new WeakMap<Db, (() => void)[]>();

/**
 * Runs `work` in one transaction (a wizard save, decision 023), then what it asked to run once
 * committed (`onCommit`): nothing of those runs if the transaction rolls back.
 */
export async function inTransaction<T>(db: Db, work: (trx: Db) => Promise<T>): Promise<T> {
  const afterwards: (() => void)[] = [];
  const result = await db.transaction().execute((trx) => {
    committed.set(trx, afterwards);
    return work(trx);
  });
  for (const run of afterwards) run();
  return result;
}

/**
 * Runs `run` once what `db` wrote is there for others to read: at once outside a transaction, after
 * the commit inside one of `inTransaction`'s. For waking a worker that reads what was just queued
 * (on PostgreSQL it reads on another connection, which sees nothing before the commit).
 */
export function onCommit(db: Db, run: () => void): void {
  const afterwards = db.isTransaction ? committed.get(db) : undefined;
  if (afterwards) afterwards.push(run);
  else run();
}

const SAVEPOINT = sql.id("best_effort");

/**
 * Runs `work`, whose failure the caller means to log and go past, so that the failure cannot undo
 * the statements around it. Inside a transaction it runs in a savepoint, rolled back on failure: a
 * failed statement would otherwise abort the whole transaction, whose COMMIT then quietly rolls
 * everything back. Outside one it runs as it is. Rethrows the failure.
 *
 * A savepoint that was not needed is left for the COMMIT (which keeps its work) rather than
 * released: one statement fewer per save. A later one of the same name hides it, so a rollback
 * goes back to the latest only.
 */
export async function bestEffort<T>(db: Db, work: (db: Db) => Promise<T>): Promise<T> {
  if (!db.isTransaction) return work(db);
  await sql`savepoint ${SAVEPOINT}`.execute(db);
  try {
    return await work(db);
  } catch (error) {
    await sql`rollback to savepoint ${SAVEPOINT}`.execute(db);
    throw error;
  }
}
