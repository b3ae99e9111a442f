/**
 * npm run db:restore -- FILE
 *
 * Brings a backup made by `npm run db:backup` back into DATA_DIR, which must be empty or missing:
 * nothing is ever restored over a database. Then start the server on that DATA_DIR. On PostgreSQL
 * (DATABASE_URL) use pg_restore instead (README, Backups).
 */
import { parseArgs } from "node:util";

import { requireEmbeddedDatabase, restoreFromFile } from "#app/server/db/backup.server.ts";
import { CliError, describeCliFailure } from "#app/server/admin/cli.server.ts";
import { parseSettings } from "#app/server/env.server.ts";

const USAGE = "Usage: npm run db:restore -- FILE";

try {
  const { positionals } = parseArgs({ allowPositionals: true, options: {}, strict: true });
  const [file] = positionals;
  if (file === undefined || positionals.length > 1) throw new CliError(USAGE);
  requireEmbeddedDatabase(process.env, "pg_restore");
  // The settings only: DATA_DIR must be found as it is (parseEnv would write a secret into it).
  const settings = parseSettings(process.env);
  await restoreFromFile(settings.DATA_DIR, file);
  process.stdout.write(`Restored ${file} into ${settings.DATA_DIR}. Start the server on it.\n`);
} catch (error) {
  console.error(describeCliFailure(error, USAGE));
  process.exitCode = 1;
}
