/**
 * What the command-line scripts (scripts/*.ts, run by Node as they are) share: the database from
 * the server's own settings, and their options. Nothing here logs: a script's standard output may
 * be the data itself (the CSV export).
 */
import { isDay } from "#app/domain/values/days.ts";

import { DataDirLockedError } from "#app/server/db/data-dir-lock.server.ts";
import { openDatabase, type Database } from "#app/server/db/database.server.ts";
import {
  InvalidEnvironmentError,
  postgresTimeouts,
  type Settings,
} from "#app/server/env.server.ts";

/** A problem the user can fix: printed as it is, without a stack, and the script exits with 1. */
export class CliError extends Error {
  override name = "CliError";
}

/**
 * Opens the database the server uses, from the same settings: PostgreSQL at DATABASE_URL, or the
 * embedded database in DATA_DIR. The embedded one serves one process at a time, so while the server
 * runs on it the script stops with a message that says so and what to do instead. It needs the
 * settings only (parseSettings): no SESSION_SECRET.
 */
export async function openCliDatabase(env: Settings): Promise<Database> {
  if (env.DATABASE_URL)
    return openDatabase({
      kind: "postgres",
      url: env.DATABASE_URL,
      poolSize: 2,
      timeouts: postgresTimeouts(env),
    });
  try {
    return await openDatabase({ kind: "pglite", dataDir: env.DATA_DIR });
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      throw new CliError(
        [
          "The server is running on the embedded database (PGlite), which only one process can open at a time.",
          error.message,
          "Stop the server and run this again, or use the lead desk (/admin) while it runs. To run",
          "commands beside a running server, run it on PostgreSQL (DATABASE_URL).",
        ].join("\n"),
        { cause: error },
      );
    }
    throw error;
  }
}

/**
 * `--since` of the export: a day (YYYY-MM-DD, from its start in UTC) or an ISO 8601 instant with
 * its time zone (2026-03-01T09:00:00Z, 2026-03-01T09:00:00-05:00).
 */
export function parseSince(text: string): Date {
  const trimmed = text.trim();
  if (isDay(trimmed)) return new Date(`${trimmed}T00:00:00Z`);
  const instant = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,6})?)?(?:Z|[+-]\d{2}:\d{2})$/;
  const date = new Date(trimmed);
  if (!instant.test(trimmed) || Number.isNaN(date.getTime()) || !isDay(trimmed.slice(0, 10))) {
    throw new CliError(
      `--since must be a day (2026-03-01) or an instant with its time zone (2026-03-01T09:00:00Z), not "${text}".`,
    );
  }
  return date;
}

/** The password as given on standard input when it is no terminal: its first line. */
export function passwordFromInput(input: string): string {
  const [first = ""] = input.split("\n");
  return first.replace(/\r$/, "");
}

/**
 * What a script prints when it fails: the message of a problem the user can fix (bad option,
 * bad setting, database in use), with the usage after a bad option; anything else in full.
 */
export function describeCliFailure(error: unknown, usage: string): unknown {
  if (error instanceof CliError || error instanceof InvalidEnvironmentError) return error.message;
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === "string" && code.startsWith("ERR_PARSE_ARGS")) {
    return `${(error as Error).message}\n${usage}`;
  }
  return error;
}
