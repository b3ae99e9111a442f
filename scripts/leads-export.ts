/**
 * npm run leads:export [-- --format csv|json] [--since DATE]
 *
 * Writes every submission to standard output, newest first, for scheduled jobs and CRM imports.
 * CSV (the default): a header row of the spec's field names, then one row per submission (the lead
 * desk's CSV download writes the same rows). JSON: one array of lead records, each valid against
 * docs/lead-record.schema.json (issue 17). With --since, only the submissions created or changed at
 * or after DATE: a day (2026-03-01, from midnight UTC) or an instant (2026-03-01T09:00:00-05:00).
 * Nothing but the export goes to standard output; problems go to standard error with exit code 1.
 */
import { once } from "node:events";
import { parseArgs } from "node:util";

import {
  CliError,
  describeCliFailure,
  openCliDatabase,
  parseSince,
} from "#app/server/admin/cli.server.ts";
import { parseSettings } from "#app/server/env.server.ts";
import { restartWithSettings } from "#app/server/process-settings.server.ts";
import { submissionsCsv } from "#app/server/leads/lead-export.server.ts";
import { leadRecordsJson } from "#app/server/leads/lead-records.server.ts";

/**
 * The export's memory stays flat however many leads there are (decision 024). It holds one batch
 * of rows at a time, so its JavaScript heap is capped and its young generation kept small (V8
 * would otherwise let garbage grow the heap with the number of rows). The embedded database's
 * WebAssembly runs on V8's baseline compiler only: its optimising compiler takes some 300 MB at
 * its peak to compile PostgreSQL's hot paths, and an export runs as fast without it.
 */
restartWithSettings({
  flags: ["--liftoff-only", "--max-semi-space-size=4", "--max-old-space-size=64"],
  env: { MALLOC_TRIM_THRESHOLD_: "131072" },
});

const USAGE = "Usage: npm run leads:export [-- --format csv|json] [--since YYYY-MM-DD]";

/** The reader of the output went away (`| head`): stop quietly, as Unix tools do. */
class OutputClosed extends Error {}

async function write(chunk: string): Promise<void> {
  if (process.stdout.destroyed) throw new OutputClosed();
  if (!process.stdout.write(chunk)) {
    // Whichever comes first, the other's listener goes: none piles up over a long export.
    const settled = new AbortController();
    try {
      await Promise.race([
        once(process.stdout, "drain", { signal: settled.signal }),
        once(process.stdout, "close", { signal: settled.signal }).then(() => {
          throw new OutputClosed();
        }),
      ]);
    } finally {
      settled.abort();
    }
  }
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { since: { type: "string" }, format: { type: "string", default: "csv" } },
    strict: true,
  });
  if (values.format !== "csv" && values.format !== "json") {
    throw new CliError(`--format must be csv or json.\n${USAGE}`);
  }
  const changedSince = values.since === undefined ? undefined : parseSince(values.since);
  // The settings only: the export signs nothing, so it neither asks for SESSION_SECRET nor
  // writes one into DATA_DIR.
  const database = await openCliDatabase(parseSettings(process.env));
  const exported = values.format === "json" ? leadRecordsJson : submissionsCsv;
  try {
    for await (const chunk of exported(database.db, { changedSince })) await write(chunk);
  } finally {
    await database.close();
  }
}

process.stdout.on("error", (error: NodeJS.ErrnoException) => {
  if (error.code !== "EPIPE") throw error;
});

try {
  await main();
} catch (error) {
  if (!(error instanceof OutputClosed)) {
    console.error(describeCliFailure(error, USAGE));
    process.exitCode = 1;
  }
}
