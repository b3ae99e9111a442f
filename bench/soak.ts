/**
 * `npm run soak`: one production server on a throwaway PostgreSQL database, under mixed traffic
 * (bench/soak-traffic.ts: visitors through the wizard to a quote request with documents, some
 * uploads cut off mid-body, the desk working the leads, pages read) and a local webhook receiver,
 * killed with SIGKILL and started again every few minutes. At the end it checks that every save
 * the server acknowledged is in the database (bench/soak-ledger.ts), that the webhook events those
 * saves send arrived, what is left in the server's temporary folder, and the server's memory at
 * the start and the end; it prints a Markdown summary and writes bench/soak-report.md
 * (bench/soak-report.ts). Exits with 1 if an acknowledged save was lost.
 *
 * It builds nothing: run `npm run build` first. It needs a PostgreSQL server whose role may create
 * databases: SOAK_DATABASE_URL, else TEST_DATABASE_URL (the database named there is not touched; a
 * fresh one is made beside it and dropped at the end). Everything goes to 127.0.0.1.
 *
 *   npm run soak                      an hour, a kill about every 3 minutes
 *   npm run soak -- --minutes 2       the short setting (CI): a kill about every 30 s
 *   options: --minutes N, --kill-every SECONDS, --visitors N (visitors at once, 4), --keep
 *   (keeps the database and the run's folder, and says where they are)
 */
import {
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import { sql } from "kysely";
import * as prettier from "prettier";

import { createOperator } from "#app/server/admin/operators.server.ts";
import { openDatabase } from "#app/server/db/database.server.ts";
import { UPLOADS_FOLDER } from "#app/server/http/upload-area.server.ts";
import { createFreshPostgres } from "#tests/support/databases.ts";
import { WebhookReceiver } from "#tests/support/webhook-receiver.ts";

import { freePort, peakResidentMb, residentMb, startAppServer, type Child } from "./processes.ts";
import { commitName } from "./report-files.ts";
import { checkLedger, missingEvents, readStoredRows, receivedEvents } from "./soak-ledger.ts";
import { soakMarkdown, type Memory, type SoakFigures } from "./soak-report.ts";
import {
  deskLoop,
  MailWatcher,
  readerLoop,
  sleep,
  Tally,
  visitorLoop,
  type Traffic,
} from "./soak-traffic.ts";
import { median } from "./stats.ts";
import { ROOT } from "./workspace.ts";

/** A number option (`--name N`), or its default. */
function option(name: string, fallback: number): number {
  const index = process.argv.indexOf(`--${name}`);
  if (index < 0) return fallback;
  const value = Number(process.argv[index + 1]);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`--${name} takes a positive number`);
  return value;
}

const MINUTES = option("minutes", 60);
/** A kill about every 3 minutes, and at least four in a short run. */
const KILL_EVERY_SECONDS = option("kill-every", Math.min(180, Math.max(20, (MINUTES * 60) / 4)));
const VISITORS = option("visitors", 4);
const KEEP = process.argv.includes("--keep");
/** How long the server idles after the traffic before its open files are counted. */
const SETTLE_MS = 10_000;
/** How long the last server has to deliver what the kills held up. */
const DRAIN_MS = 120_000;

const started = performance.now();
function log(line: string): void {
  process.stdout.write(`[soak ${((performance.now() - started) / 1000).toFixed(0)} s] ${line}\n`);
}

const adminUrl = process.env.SOAK_DATABASE_URL || process.env.TEST_DATABASE_URL;
if (!adminUrl) {
  process.stderr.write(
    "npm run soak needs a PostgreSQL server whose role may create databases: set SOAK_DATABASE_URL (or TEST_DATABASE_URL).\n",
  );
  process.exit(2);
}
if (!existsSync(path.join(ROOT, "build/server/index.js"))) {
  process.stderr.write("npm run soak serves the build: run `npm run build` first.\n");
  process.exit(2);
}

/** Files and folders under `dir` (the folder itself not counted). */
function countTree(dir: string): { files: number; folders: number } {
  const count = { files: 0, folders: 0 };
  if (!existsSync(dir)) return count;
  for (const entry of readdirSync(dir)) {
    const full = path.join(dir, entry);
    if (lstatSync(full).isDirectory()) {
      count.folders += 1;
      const inner = countTree(full);
      count.files += inner.files;
      count.folders += inner.folders;
    } else count.files += 1;
  }
  return count;
}

/** The files a process holds open under `dir`. */
function openFilesUnder(pid: number, dir: string): number {
  let open = 0;
  try {
    for (const fd of readdirSync(`/proc/${pid}/fd`)) {
      try {
        if (readlinkSync(`/proc/${pid}/fd/${fd}`).startsWith(dir)) open += 1;
      } catch {
        // Closed while it was read.
      }
    }
  } catch {
    // The process is gone.
  }
  return open;
}

function memoryOf(pid: number): Memory {
  return { rssMb: residentMb(pid), peakMb: peakResidentMb(pid) };
}

/** The server's log lines at level error (50) or fatal (60). */
function errorLines(logFile: string): number {
  if (!existsSync(logFile)) return 0;
  return readFileSync(logFile, "utf8")
    .split("\n")
    .filter((line) => /"level":(50|60)\b/.test(line)).length;
}

/** The commit measured (read at the start: files changed during the run are not the build's). */
const commit = commitName();
const runId = Date.now().toString(36);
const runDir = mkdtempSync(path.join(tmpdir(), "coverpilot-soak-"));
const dataDir = path.join(runDir, "data");
/** The server's temporary folder (TMPDIR): its uploads' temporary files go there and only there. */
const serverTmp = path.join(runDir, "tmp");
const logDir = path.join(ROOT, "bench/results/soak");
mkdirSync(dataDir, { recursive: true });
mkdirSync(serverTmp, { recursive: true });
rmSync(logDir, { recursive: true, force: true });
mkdirSync(logDir, { recursive: true });

/** Where the server keeps uploads while they arrive (DATA_DIR/uploads, decision 057). */
const uploadsDir = path.join(dataDir, UPLOADS_FOLDER);

/**
 * What the server leaves of its uploads: everything in its upload area (each server's folder and
 * each upload's folder and file in it) and in its TMPDIR (where uploads went before, and where
 * nothing of the server's should stay).
 */
function leftovers(): { files: number; folders: number } {
  const area = countTree(uploadsDir);
  const tmp = countTree(serverTmp);
  return { files: area.files + tmp.files, folders: area.folders + tmp.folders };
}

/** The files the server holds open in its upload area or its TMPDIR. */
function openTempFiles(pid: number): number {
  return openFilesUnder(pid, uploadsDir) + openFilesUnder(pid, serverTmp);
}

const fresh = await createFreshPostgres(adminUrl);
const database = await openDatabase({ kind: "postgres", url: fresh.url, poolSize: 2 });
const receiver = new WebhookReceiver();
const operator = {
  email: `soak-desk-${runId}@agency.example`,
  password: `soak desk password ${runId}`,
};
let exitCode = 0;
try {
  const version = await sql<{ version: string }>`select version()`.execute(database.db);
  const databaseName =
    /PostgreSQL [\d.]+/.exec(version.rows[0]?.version ?? "")?.[0] ?? "PostgreSQL";
  await createOperator(database.db, operator.email, operator.password);
  const webhookUrl = await receiver.listen();
  const port = await freePort();
  const env = {
    DATABASE_URL: fresh.url,
    DATA_DIR: dataDir,
    TMPDIR: serverTmp,
    SESSION_SECRET: `soak-session-secret-${runId}-of-enough-characters`,
    LEAD_WEBHOOK_URL: webhookUrl,
    LEAD_WEBHOOK_SECRET: `soak-webhook-secret-${runId}`,
    // What a kill holds up is tried again within seconds, not the production half minute.
    WEBHOOK_RETRY_BASE_MS: "1000",
    MAIL_RETRY_BASE_MS: "1000",
    // Each visitor gets four or five emails within minutes (link, confirmation, question, quotes):
    // the hourly caps are not what the soak is about.
    MAIL_PER_RECIPIENT_PER_HOUR: "100",
    // The desk emails two visitors a few seconds apart, for the whole run (decision 054's limits).
    MAIL_PER_OPERATOR_PER_HOUR: "100000",
    MAIL_AGENCY_PER_HOUR: "1000000",
    LOG_LEVEL: "warn",
  };
  let incarnation = 0;
  const logFiles: string[] = [];
  const start = async (): Promise<Child> => {
    incarnation += 1;
    const logFile = path.join(logDir, `server-${incarnation}.log`);
    logFiles.push(logFile);
    return startAppServer(ROOT, port, logFile, env);
  };

  let server = await start();
  /** Whether the running server has exited (on its own: the run kills it only after looking). */
  let serverGone = false;
  const watch = (child: Child) => {
    serverGone = false;
    void child.exited.then(() => {
      if (child === server) serverGone = true;
    });
  };
  watch(server);
  log(
    `server on ${server.url}, ${databaseName} database ${new URL(fresh.url).pathname.slice(1)}, run folder ${runDir}`,
  );
  await sleep(5_000);
  const startMemory = memoryOf(server.pid);
  log(
    `idle: ${startMemory.rssMb.toFixed(0)} MB resident; traffic for ${MINUTES} min, a kill about every ${KILL_EVERY_SECONDS} s`,
  );

  let stop = false;
  const mail = new MailWatcher(dataDir);
  const mailTimer = setInterval(() => mail.look(), 500);
  const traffic: Traffic = {
    url: server.url,
    runId,
    ledger: [],
    tally: new Tally(),
    mail,
    leads: [],
    operator,
    uploads: { sent: 0, aborted: 0 },
    stopped: () => stop,
  };
  let visitorNumber = 0;
  const trafficStarted = performance.now();
  const actors = [
    ...Array.from({ length: VISITORS }, () => visitorLoop(traffic, () => visitorNumber++)),
    deskLoop(traffic),
    readerLoop(traffic),
  ];

  const beforeKills: SoakFigures["memory"]["beforeKills"] = [];
  const restartSeconds: number[] = [];
  let openBeforeKillMax = 0;
  let unexpectedExits = 0;
  let serverStarted = performance.now();
  const endAt = trafficStarted + MINUTES * 60_000;
  let nextKill = trafficStarted + KILL_EVERY_SECONDS * 1000 * (0.75 + Math.random() / 2);
  while (performance.now() < endAt) {
    await sleep(1_000);
    const gone = serverGone;
    if (!gone && (performance.now() < nextKill || performance.now() + 20_000 > endAt)) continue;
    const killedAt = performance.now();
    if (gone) {
      unexpectedExits += 1;
      log(`the server exited on its own: ${(await server.exited).code}`);
    } else {
      const open = openTempFiles(server.pid);
      openBeforeKillMax = Math.max(openBeforeKillMax, open);
      const memory = { ...memoryOf(server.pid), seconds: (killedAt - serverStarted) / 1000 };
      beforeKills.push(memory);
      await server.kill();
      log(
        `killed after ${(memory.seconds / 60).toFixed(1)} min at ${memory.rssMb.toFixed(0)} MB, ${open} temp files open; ${traffic.tally.served} answers, ${traffic.ledger.length} saves acknowledged so far`,
      );
    }
    server = await start();
    watch(server);
    serverStarted = performance.now();
    restartSeconds.push((serverStarted - killedAt) / 1000);
    nextKill = serverStarted + KILL_EVERY_SECONDS * 1000 * (0.75 + Math.random() / 2);
  }

  stop = true;
  await Promise.all(actors);
  const trafficMinutes = (performance.now() - trafficStarted) / 60_000;
  const endMemory = memoryOf(server.pid);
  await sleep(SETTLE_MS);
  const openFilesAtEnd = openTempFiles(server.pid);
  log(
    `traffic stopped: ${endMemory.rssMb.toFixed(0)} MB resident, ${openFilesAtEnd} temp files open ${SETTLE_MS / 1000} s later`,
  );
  // The last kill, then a server that starts on what the kills left and delivers what they held up.
  await server.kill();
  const beforeLastStart = leftovers();
  server = await start();
  const pending = async () =>
    Number(
      (
        await database.db
          .selectFrom("webhook_deliveries")
          .select((eb) => eb.fn.countAll<string>().as("count"))
          .where("delivered_at", "is", null)
          .where("failed_at", "is", null)
          .executeTakeFirstOrThrow()
      ).count,
    );
  const drainUntil = performance.now() + DRAIN_MS;
  while ((await pending()) > 0 && performance.now() < drainUntil) await sleep(1_000);
  mail.look();
  clearInterval(mailTimer);
  await server.stop();
  const { code } = await server.exited;
  const left = leftovers();

  const check = checkLedger(traffic.ledger, await readStoredRows(database.db));
  const accepted = receiver.accepted();
  const received = receivedEvents(
    accepted.map((post) => ({ event: post.event, leadId: post.lead.id })),
  );
  const missing = missingEvents(check.expectedEvents, received);
  const figures: SoakFigures = {
    date: new Date().toISOString(),
    commit,
    minutes: MINUTES,
    trafficMinutes,
    killEverySeconds: KILL_EVERY_SECONDS,
    database: databaseName,
    requests: {
      served: traffic.tally.served,
      byClass: traffic.tally.byClass,
      unexpected: traffic.tally.unexpected,
      unexpectedSamples: traffic.tally.samples,
      noAnswer: traffic.tally.noAnswer,
    },
    serverErrorLines: logFiles.reduce((sum, file) => sum + errorLines(file), 0),
    kills: beforeKills.length + 1,
    unexpectedExits,
    restartSeconds: median(restartSeconds),
    saves: {
      acknowledged: check.acknowledged,
      lost: check.lost.length,
      lostSamples: check.lost.slice(0, 10).map((entry) => JSON.stringify(entry)),
    },
    uploads: traffic.uploads,
    webhooks: {
      expected: check.expectedEvents.length,
      missing: missing.length,
      posts: receiver.posts.length,
      deliveries: accepted.length,
      pending: await pending(),
    },
    temp: {
      openFilesBeforeKillMax: openBeforeKillMax,
      openFilesAtEnd,
      filesLeft: left.files,
      foldersLeft: left.folders,
      filesBeforeLastStart: beforeLastStart.files,
      foldersBeforeLastStart: beforeLastStart.folders,
    },
    memory: { start: startMemory, end: endMemory, beforeKills },
    cleanStop: code === 0,
  };
  const markdown = soakMarkdown(figures);
  process.stdout.write(`\n${markdown}\n`);
  const reportFile = path.join(ROOT, "bench/soak-report.md");
  const options = await prettier.resolveConfig(reportFile);
  writeFileSync(reportFile, await prettier.format(markdown, { ...options, filepath: reportFile }));
  writeFileSync(path.join(logDir, "figures.json"), JSON.stringify(figures, null, 2));
  log(`wrote bench/soak-report.md; the servers' logs are in bench/results/soak/`);
  if (check.lost.length > 0) exitCode = 1;
} finally {
  await receiver.close();
  await database.close();
  if (KEEP) {
    log(`kept the database ${fresh.url} and the run folder ${runDir}`);
  } else {
    await fresh.drop();
    rmSync(runDir, { recursive: true, force: true });
  }
}
process.exit(exitCode);
