/**
 * npm run db:backup [-- FILE]
 *
 * Writes a consistent snapshot of the embedded database (PGlite, in DATA_DIR) to FILE, a gzipped
 * tar archive readable by this user only (mode 0600); by default
 * coverpilot-backup-YYYY-MM-DDTHH-MM-SSZ.tar.gz in the current folder. While the server runs, the
 * server takes it (only it may open the database) and keeps serving: it is asked on its socket in
 * DATA_DIR, and only once the lock shows that it is alive and that it published that endpoint.
 * Otherwise (no server, or an endpoint left by one that crashed) nothing is asked and the files are
 * read directly, under the lock. The file is checked to be a whole backup before success is
 * reported; if it is not, it is removed and the command exits with 1. On PostgreSQL (DATABASE_URL)
 * use pg_dump instead (README, Backups).
 */
import { parseArgs } from "node:util";

import { backUpToFile, requireEmbeddedDatabase } from "#app/server/db/backup.server.ts";
import { CliError, describeCliFailure } from "#app/server/admin/cli.server.ts";
import { parseSettings } from "#app/server/env.server.ts";

const USAGE = "Usage: npm run db:backup [-- FILE]";

try {
  const { positionals } = parseArgs({ allowPositionals: true, options: {}, strict: true });
  if (positionals.length > 1) throw new CliError(USAGE);
  const stamp = new Date().toISOString().slice(0, 19).replace(/:/g, "-");
  const file = positionals[0] ?? `coverpilot-backup-${stamp}Z.tar.gz`;
  requireEmbeddedDatabase(process.env, "pg_dump");
  // The settings alone (parseSettings, not getEnv): a backup signs nothing, so no session secret
  // is asked for or written, and a mistyped DATA_DIR is not made (then called empty).
  const { through, bytes } = await backUpToFile(parseSettings(process.env), file);
  const how = through === "server" ? "through the running server" : "from the stopped database";
  process.stdout.write(
    `Backed up the embedded database ${how} to ${file} (${bytes} bytes, checked).\n`,
  );
} catch (error) {
  console.error(describeCliFailure(error, USAGE));
  process.exitCode = 1;
}
