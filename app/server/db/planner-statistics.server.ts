import { sql } from "kysely";

import type { Database } from "#app/server/db/database.server.ts";

/** How often the embedded database's planner statistics are gathered again while the server runs. */
export const STATISTICS_INTERVAL_MS = 60 * 60 * 1000;

/**
 * The tables whose rows are mostly text no query filters on (the outbox's email bodies), sampled
 * with PostgreSQL's statistics target at this instead of its default 100: 3,000 rows instead of
 * 30,000. ANALYZE holds its whole sample in memory at once, and PGlite's memory never shrinks:
 * sampling 10,000 queued emails at the default left the server 30 MB larger for good (decision
 * 080). Their queries go by index (the due emails, a lead's emails), which a smaller sample serves.
 */
export const TEXT_TABLES_STATISTICS_TARGET = 10;
const TEXT_TABLES: ReadonlySet<string> = new Set(["outbox"]);

/**
 * Gathers the planner's statistics (ANALYZE) on the embedded database now and then every hour.
 * PostgreSQL's autovacuum does this by itself; PGlite runs no background workers, so without this
 * its planner never learns how many leads share an industry or a state, and picks a filtered list
 * page's plan blind (decision 020: at 100,000 leads a bitmap scan and a sort, 12 ms, instead of
 * reading 51 entries of the state's index, under 1 ms). On PostgreSQL it does nothing.
 * Only the app's own tables (the public schema's): a bare ANALYZE would also read every system
 * catalog, four times the work at each start. A failure is logged (statistics hold no lead's data)
 * and tried again at the next turn; stop() waits for a run in flight.
 */
export function startPlannerStatistics(
  database: Database,
  logger: { warn(details: object, message: string): void },
  intervalMs: number = STATISTICS_INTERVAL_MS,
): { stop(): Promise<void> } {
  if (database.kind !== "pglite") return { stop: async () => {} };
  let running: Promise<void> = Promise.resolve();
  const analyze = () => {
    running = running.then(() =>
      analyzeAppTables(database).catch((error: unknown) =>
        logger.warn({ err: error }, "gathering planner statistics failed"),
      ),
    );
  };
  analyze();
  const timer = setInterval(analyze, intervalMs);
  timer.unref();
  return {
    stop: async () => {
      clearInterval(timer);
      await running;
    },
  };
}

/**
 * ANALYZE on each table of the public schema: the text tables with their smaller sample (in a
 * transaction of their own, where the target is set for it alone), the rest in one statement.
 */
async function analyzeAppTables(database: Database): Promise<void> {
  const { rows } = await sql<{ name: string }>`
    select tablename as name from pg_tables where schemaname = 'public'`.execute(database.db);
  const tables = (names: string[]) => sql.join(names.map((name) => sql.id("public", name)));
  const names = rows.map((row) => row.name);
  const text = names.filter((name) => TEXT_TABLES.has(name));
  const rest = names.filter((name) => !TEXT_TABLES.has(name));
  if (text.length > 0) {
    await database.db.transaction().execute(async (trx) => {
      await sql`set local default_statistics_target = ${sql.lit(TEXT_TABLES_STATISTICS_TARGET)}`.execute(
        trx,
      );
      await sql`analyze ${tables(text)}`.execute(trx);
    });
  }
  if (rest.length > 0) await sql`analyze ${tables(rest)}`.execute(database.db);
}
