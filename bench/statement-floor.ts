/**
 * The database's own floor for the email step's save: the step's one statement
 * (emailStepStatement, decision 028), run without HTTP, React Router or cookies, on drafts made
 * beforehand as a visitor's first two steps leave them. On PGlite it runs in-process through the
 * app's own save function; on PostgreSQL pgbench runs the same statement's text.
 */
import { execFileSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import { writeFileSync } from "node:fs";
import path from "node:path";

import { sql } from "kysely";

import { savedSubmission } from "#app/domain/application/application-record.ts";
import { BASE_LOCALE } from "#app/domain/site/locales.ts";
import type { WizardDraft } from "#app/domain/wizard/wizard-draft.ts";
import { createServices } from "#app/server/create-services.server.ts";
import { openDatabase, type Db } from "#app/server/db/database.server.ts";
import { parseEnv } from "#app/server/env.server.ts";
import type { AppServices } from "#app/server/services.server.ts";
import {
  emailStepStatement,
  saveEmailStepWithDraft,
  type EmailStepSave,
} from "#app/server/wizard/email-step.server.ts";

import { BENCH_SESSION_SECRET } from "./settings.ts";

/** The floor's rate, beside which a save over HTTP is set. */
export interface SaveFloor {
  tool: string;
  clients: number;
  saves: number;
  seconds: number;
  savesPerSecond: number;
  meanLatencyMs: number;
}

/** A visitor's draft after step 1 and the segments step, as the bench's visitors post them. */
const FIRST_STEPS: WizardDraft = { industry: "food", state: "Ohio", segments: ["Bakery"] };

/** The email step's save for the visitor whose draft is `keptId` (at `version`), saving `email`. */
function emailSave(keptId: string, version: string, email: string): EmailStepSave {
  const draft: WizardDraft = { ...FIRST_STEPS, email };
  return {
    record: { industry: "food", state: "Ohio", segments: ["Bakery"], email, language: BASE_LOCALE },
    writer: { draft: keptId, client: null, proven: null },
    draft: { keptId, version, named: undefined },
    keptFor: (id) => ({ ...draft, submission: savedSubmission(draft, id, email) }),
  };
}

/** `count` drafts as the first two steps leave them; their ids and versions. */
async function makeDrafts(db: Db, count: number): Promise<{ id: string; version: string }[]> {
  const made: { id: string; version: string }[] = [];
  for (let start = 0; start < count; start += 1000) {
    const ids = Array.from({ length: Math.min(1000, count - start) }, () => randomUUID());
    const { rows } = await sql<{ id: string; version: string }>`
      INSERT INTO wizard_drafts (id, data, expires_at)
      SELECT id, ${JSON.stringify({ draft: FIRST_STEPS })}::jsonb, now() + interval '1 day'
      FROM unnest(${ids}::uuid[]) AS id
      RETURNING id::text, xmin::text AS version
    `.execute(db);
    made.push(...rows);
  }
  return made;
}

/** The settings of the bench's servers (production's defaults), with this data directory. */
function benchEnv(dataDir: string) {
  return parseEnv({
    NODE_ENV: "production",
    DATA_DIR: dataDir,
    SESSION_SECRET: BENCH_SESSION_SECRET,
  });
}

/** The app's services on a PGlite database of its own in `dataDir`, migrated. */
async function pgliteServices(dataDir: string): Promise<AppServices> {
  return createServices(benchEnv(dataDir), await openDatabase({ kind: "pglite", dataDir }));
}

/**
 * The email step's statement in-process on PGlite (a new database in `dataDir`): the app's own
 * save function (saveEmailStepWithDraft), `concurrency` saves at a time on drafts made first, for
 * about `seconds`. PGlite runs one statement at a time, as in the server.
 */
export async function pgliteStatementFloor(
  dataDir: string,
  options: { seconds: number; concurrency: number; maxSaves: number },
): Promise<SaveFloor> {
  const services = await pgliteServices(dataDir);
  const db = services.database.db;
  try {
    // A warm-up, as the server's saves have had (its visitors' first steps).
    for (const draft of await makeDrafts(db, 200)) {
      await saveEmailStepWithDraft(
        services,
        emailSave(draft.id, draft.version, `warmup-${draft.id}@example.com`),
      );
    }
    const drafts = await makeDrafts(db, options.maxSaves);
    let next = 0;
    let saves = 0;
    const started = performance.now();
    const deadline = started + options.seconds * 1000;
    const client = async () => {
      while (next < drafts.length && performance.now() < deadline) {
        const draft = drafts[next];
        next += 1;
        if (!draft) continue;
        await saveEmailStepWithDraft(
          services,
          emailSave(draft.id, draft.version, `floor-${draft.id}@example.com`),
        );
        saves += 1;
      }
    };
    await Promise.all(Array.from({ length: options.concurrency }, client));
    const seconds = (performance.now() - started) / 1000;
    return {
      tool: "PGlite in-process",
      clients: options.concurrency,
      saves,
      seconds,
      savesPerSecond: saves / seconds,
      meanLatencyMs: (seconds * 1000 * options.concurrency) / saves,
    };
  } finally {
    await services.database.close();
  }
}

/** Values the statement is compiled with, each replaced by a pgbench expression per transaction. */
const PLACEHOLDER = {
  draftId: "00000000-0000-4000-8000-00000000f100",
  version: "bench-version-placeholder",
  email: "bench-placeholder@example.com",
};
/** Drafts made for pgbench's transactions to pick from at random. */
const PGBENCH_DRAFTS = 200_000;
/** pgbench's variables :n (the draft) and :r (this transaction) as text. */
const N = "CAST(:n AS text)";
const R = "CAST(:r AS text)";
/** A draft's id from pgbench's variable :n, as made beforehand. */
const DRAFT_ID = `md5('floor-' || ${N})::uuid`;

/** A value as an SQL literal. */
function literal(value: unknown): string {
  if (value === null || value === undefined) return "NULL";
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  if (value instanceof Date) return `'${value.toISOString()}'`;
  if (Array.isArray(value)) return `ARRAY[${value.map(literal).join(", ")}]::text[]`;
  return `'${String(value).replaceAll("'", "''")}'`;
}

/**
 * The statement's text for pgbench: each parameter as a literal, or an expression of `:n` and `:r`
 * that is the same wherever the parameter's value recurs.
 */
function pgbenchStatement(text: string, parameters: readonly unknown[]): string {
  let statement = text;
  // Each distinct hash (the link's token, the recipient's key) stays one value per transaction.
  const hashes = [
    ...new Set(
      parameters.filter(
        (value): value is string => typeof value === "string" && /^[0-9a-f]{64}$/.test(value),
      ),
    ),
  ];
  // From the last, so that $1 does not match the start of $10.
  for (let index = parameters.length; index >= 1; index -= 1) {
    const value = parameters[index - 1];
    const expression =
      value === PLACEHOLDER.draftId
        ? DRAFT_ID
        : value === PLACEHOLDER.version
          ? `(SELECT xmin::text FROM wizard_drafts WHERE id = ${DRAFT_ID})`
          : value === PLACEHOLDER.email
            ? `'floor-' || ${N} || '-' || ${R} || '@example.com'`
            : typeof value === "string" && hashes.includes(value)
              ? `md5(${N} || '-' || ${R} || '-${hashes.indexOf(value)}') || md5(${R} || '-${hashes.indexOf(value)}')`
              : literal(value);
    statement = statement.replaceAll(new RegExp(`\\$${index}(?!\\d)`, "g"), `(${expression})`);
  }
  return statement.replace(/\s+/g, " ").trim();
}

/**
 * pgbench running the email step's statement (its text, compiled by the app as a save would send
 * it) on PostgreSQL at `url`, already migrated: `clients` connections for `seconds`, each
 * transaction on one of the drafts made first, picked at random, with a new email and link. The
 * draft's version is read inside the statement (pgbench cannot carry it from a query of its own):
 * one index lookup more than the app's statement.
 */
export async function pgbenchStatementFloor(
  url: string,
  options: { clients: number; seconds: number; rawDir: string; pgbench: string; psql: string },
): Promise<SaveFloor> {
  execFileSync(options.psql, [
    "-q",
    "-v",
    "ON_ERROR_STOP=1",
    "-c",
    `INSERT INTO wizard_drafts (id, data, expires_at)
     SELECT md5('floor-' || n)::uuid, ${literal(JSON.stringify({ draft: FIRST_STEPS }))}::jsonb,
       now() + interval '1 day'
     FROM generate_series(1, ${PGBENCH_DRAFTS}) AS n`,
    url,
  ]);
  const env = benchEnv(options.rawDir);
  const database = await openDatabase({ kind: "postgres", url, poolSize: 1 });
  let compiled: { sql: string; parameters: readonly unknown[] };
  try {
    const services = createServices(env, database);
    const save = emailSave(PLACEHOLDER.draftId, PLACEHOLDER.version, PLACEHOLDER.email);
    compiled = emailStepStatement(services, save, true).statement.compile(database.db);
  } finally {
    await database.close();
  }
  const script = path.join(options.rawDir, "email-statement.pgbench.sql");
  writeFileSync(
    script,
    [
      String.raw`\set n random(1, ${PGBENCH_DRAFTS})`,
      String.raw`\set r random(1, 1000000000)`,
      pgbenchStatement(compiled.sql, compiled.parameters) + ";",
      "",
    ].join("\n"),
  );
  const output = execFileSync(
    options.pgbench,
    [
      "--no-vacuum",
      // The statement's text in full each time, parsed and planned each time, as the app's client
      // sends it (node-postgres's unnamed statements); pgbench's extended protocol would send
      // its variables as parameters of no type, which this statement's expressions cannot take.
      "--protocol=simple",
      `--client=${options.clients}`,
      `--jobs=${Math.min(options.clients, 2)}`,
      `--time=${options.seconds}`,
      `--file=${script}`,
      url,
    ],
    { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] },
  );
  writeFileSync(path.join(options.rawDir, "pgbench.txt"), output);
  const tps = Number(/tps = ([\d.]+)/.exec(output)?.[1]);
  const latency = Number(/latency average = ([\d.]+) ms/.exec(output)?.[1]);
  const transactions = Number(/number of transactions actually processed: (\d+)/.exec(output)?.[1]);
  if (!Number.isFinite(tps)) throw new Error(`pgbench printed no rate:\n${output}`);
  return {
    tool: "pgbench",
    clients: options.clients,
    saves: transactions,
    seconds: options.seconds,
    savesPerSecond: tps,
    meanLatencyMs: latency,
  };
}
