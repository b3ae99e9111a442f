/** A statement run on a connection of the tests' PostgreSQL role. */
type Query = (statement: string, values?: unknown[]) => Promise<unknown>;

/** PostgreSQL's error code for "insufficient privilege". */
const INSUFFICIENT_PRIVILEGE = "42501";

/**
 * Drops the tests' database `name` (a name the tests made, never one a client sent). WITH (FORCE)
 * ends the sessions a test or a killed run left in it, but PostgreSQL 15 refuses it when a session
 * the tests' role may not signal is in the database: an autovacuum worker just started on it (seen
 * at the journeys' teardown in a fresh-clone run). Then the role's own sessions are ended, and a
 * plain DROP stops the autovacuum worker itself.
 */
export async function dropTestDatabase(query: Query, name: string): Promise<void> {
  try {
    await query(`drop database if exists ${name} with (force)`);
  } catch (error) {
    if (!(error instanceof Error && "code" in error && error.code === INSUFFICIENT_PRIVILEGE)) {
      throw error;
    }
    await query(
      "select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and usename = current_user and pid <> pg_backend_pid()",
      [name],
    );
    await query(`drop database if exists ${name}`);
  }
}
