/**
 * The lead desk at scale (issue 18): seeds the embedded database (PGlite, on files as the server
 * keeps them) with completed applications and quote requests, then measures the lead desk's pages
 * and the exports of everything at each size.
 *
 * - Pages: the database work of a page's loader, timed in this process around the same data-layer
 *   calls the loader makes (not over HTTP: the figure is the server's time for the page's data, the
 *   part that grows with the number of leads; rendering 50 rows does not).
 * - Exports: `npm run leads:export` itself (scripts/leads-export.ts) in a process of its own, its
 *   output counted by this one and its peak resident size (ru_maxrss) read as it exits.
 */
import { execFileSync, spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";

import { sql } from "kysely";

import { exampleAnswers } from "#app/domain/application/application-fields.ts";
import { BASE_LOCALE } from "#app/domain/site/locales.ts";
import {
  PAGE_SIZE,
  parseSubmissionFilter,
  type ListPosition,
} from "#app/domain/leads/lead-desk.ts";
import { INDUSTRY_IDS } from "#app/domain/reference/industries.ts";
import { REFERENCE_ALPHABET, REFERENCE_LENGTH } from "#app/domain/quote/quote-request.ts";
import { US_STATES } from "#app/domain/reference/states.ts";
import { openDatabase, type Db } from "#app/server/db/database.server.ts";
import { startPlannerStatistics } from "#app/server/db/planner-statistics.server.ts";
import { getSubmission, listSubmissions } from "#app/server/leads/leads.server.ts";
import { listQueue } from "#app/server/leads/desk-work.server.ts";
import { leadPageReads } from "#app/server/leads/lead-page.server.ts";
import type { QueueView } from "#app/domain/leads/lead-work.ts";
import { dayIn } from "#app/domain/values/time-zones.ts";
import {
  latestQuoteRequest,
  latestQuoteRequests,
} from "#app/server/wizard/quote-requests.server.ts";
import { listWaiting } from "#app/server/leads/needs-action.server.ts";
import { quoteDeskRecords } from "#app/server/leads/quote-desk.server.ts";
import { leadWithPolicy } from "#tests/support/lead-fixtures.ts";
import { median, percentile } from "./stats.ts";
import { ROOT } from "./workspace.ts";

/** The sizes the issue asks for. */
export const DESK_SIZES = [1_000, 10_000, 100_000] as const;

/** A page's server time over many requests. */
export interface PageTiming {
  what: string;
  samples: number;
  p50Ms: number;
  p99Ms: number;
  /**
   * The process's CPU time per request (all its threads), p99: what the page costs whatever else
   * runs on the machine, where the wall time above also counts waiting for a core.
   */
  cpuP99Ms: number;
}

/** One export of everything, by the export command in a process of its own. */
export interface ExportRun {
  format: "csv" | "json";
  seconds: number;
  bytes: number;
  rows: number;
  /** The process's peak RSS over its whole life, the database engine's start included. */
  peakRssMb: number;
  /** Its peak RSS before its first write: the database engine started, nothing exported yet. */
  startRssMb: number;
  /**
   * Its peak RSS from its first write of output to its last: the export's own, without the
   * database engine's start (before) and its checkpoint and close (after).
   */
  exportPeakRssMb: number;
  /** The most JavaScript heap in use while it wrote: the export's own memory, the engine's apart. */
  heapMb: number;
  /** How many times it ran: each figure is the median of the runs. */
  runs: number;
  /**
   * Whether it also ran to the end with V8's old space capped at CAPPED_HEAP_MB: what the export
   * keeps alive fits in that however many rows there are (the heap in use counts garbage too).
   */
  cappedHeapCompletes: boolean;
}

/** Everything measured at one size. */
export interface DeskSize {
  applications: number;
  quoteRequests: number;
  seedSeconds: number;
  pages: PageTiming[];
  exports: ExportRun[];
}

/** The lead desk section of the report. */
export interface DeskFigures {
  /** When and from which commit these figures were measured (`--only desk` runs it alone). */
  date: string;
  commit: string;
  loadAtStart: number;
  loadAtEnd: number;
  sizes: DeskSize[];
}

/** The pages measured, by name; their order is the report's. */
export const DESK_PAGES = {
  newRequests: "Work queue, New requests",
  mine: "Work queue, My leads",
  dueToday: "Work queue, Due today",
  overdue: "Work queue, Overdue",
  first: "Submissions, first page",
  filtered: "Submissions filtered by industry and state, first page",
  older: "Submissions, an older page halfway down the list",
  search: "Submissions searched for one business name",
  reference: "Submissions searched for a quote reference as read out",
  phone: "Submissions searched for a phone number as typed",
  submission: "One submission's page",
  waiting: "Needs action: answers, documents and requests to bind waiting",
  quotes: "One lead's quotes page (quotes, documents, questions, the policy)",
} as const;

const SAMPLES = 200;
/**
 * Runs of each export per size. The engine's start makes a process's peak vary by a hundred MB or
 * more from one run to the next, whatever it then does: the median of a few tells sizes apart.
 */
const EXPORT_RUNS = 3;
/** The JavaScript old space an export is also run with, to show what it keeps alive is bounded. */
export const CAPPED_HEAP_MB = 48;
const WARMUP = 20;

/**
 * Seeds `count` completed applications, a minute apart up to now, spread over the industries and
 * states (a third with a quote request, in every status), in a few statements: the figures are of
 * the desk, not of the wizard's saves.
 */
export async function seed(db: Db, count: number): Promise<number> {
  const industries = sql.lit(`{${INDUSTRY_IDS.join(",")}}`);
  const states = sql.lit(`{${US_STATES.map((state) => `"${state}"`).join(",")}}`);
  // Every seeded lead gives the registry's example answers, with its own email, name and dates.
  const answers = Object.fromEntries(
    Object.entries(exampleAnswers()).map(([column, value]) => [
      column,
      value === "" ? null : value,
    ]),
  );
  const template = JSON.stringify({
    ...answers,
    segments: ["Bakery", "Cafe"],
    consent_text: "I agree to receive texts.",
    naics_code: "445291",
    naics_title: "Baked Goods Retailers",
    full_time_employees: 4,
    // jsonb_populate_record leaves a column the template does not name null, its default aside.
    language: BASE_LOCALE,
  });
  await sql`
    insert into business_wizard_submissions
    select (jsonb_populate_record(null::business_wizard_submissions,
      ${template}::jsonb || jsonb_build_object(
        'id', gen_random_uuid(),
        'industry', (${industries}::text[])[1 + (g::bigint * 7919) % ${INDUSTRY_IDS.length}],
        'state', (${states}::text[])[1 + (g::bigint * 104729 / 7) % ${US_STATES.length}],
        'email', 'owner' || g || '@bench.example',
        'legal_business_name', 'Bench Shop ' || g || ' LLC',
        'primary_location', g || ' Main St, Portland, OR 97201',
        'phone_number', '+1503555' || lpad((g % 10000)::text, 4, '0'),
        'annual_revenue', 100000 + g * 10,
        'consent_given_at', at, 'created_at', at, 'updated_at', at, 'completed_at', at,
        'email_not_proven', false))).*
    from generate_series(1, ${count}::int) as g,
         lateral (select now() - (${count}::int - g) * interval '1 minute' as at) as t`.execute(db);
  const alphabet = REFERENCE_ALPHABET.length;
  const references = alphabet ** REFERENCE_LENGTH;
  const { rows } = await sql<{ made: number }>`
    with made as (
      insert into quote_requests (
        submission_id, reference, lines, start_date, contact_channel, consent_text,
        consent_given_at, status, created_at, updated_at)
      select id, reference, array['workers-comp', 'general-liability'],
             date '2027-01-01', 'phone', 'I agree to be contacted.', created_at,
             (array['new', 'contacted', 'quoted', 'bound', 'lost'])[1 + abs(hashtext(id::text) % 5)],
             created_at, created_at
      from (select id, created_at, row_number() over (order by created_at) as n
            from business_wizard_submissions where hashtext(email) % 3 = 0) as s,
      -- A reference as the site makes them (its alphabet, its length): the row's number, spread
      -- over all of them by a factor prime to their count, written in that alphabet.
      lateral (select 'CP-' || string_agg(
          substr(${REFERENCE_ALPHABET}, 1 + ((n * 7919 % ${references}) / (${alphabet}::bigint ^ i)::bigint % ${alphabet})::int, 1),
          '' order by i) as reference
        from generate_series(0, ${REFERENCE_LENGTH - 1}) as i) as r
      returning 1)
    select count(*)::int as made from made`.execute(db);
  // The desk's work (issue 28): two operators; a quarter of the leads owned, with a next action due
  // from 30 days ago to 30 days ahead; a call and a note on every third.
  await sql`
    insert into operators (email, password_hash)
    values ('ana@bench.example', 'not a hash: nobody signs in'),
           ('ben@bench.example', 'not a hash: nobody signs in')`.execute(db);
  await sql`
    insert into lead_work (submission_id, owner_id, next_action, next_action_due)
    select s.id, (select id from operators order by email limit 1 offset (g % 2)),
           'Call back', current_date + ((g % 61) - 30)::int
    from (select id, row_number() over (order by created_at) as g
          from business_wizard_submissions) as s
    where g % 4 = 0`.execute(db);
  await sql`
    insert into lead_activities (submission_id, operator_id, kind, body, created_at)
    select s.id, (select id from operators order by email limit 1), kind, 'Bench touch', s.created_at
    from business_wizard_submissions as s, unnest(array['call', 'note']) as kind
    where hashtext(s.email) % 3 = 1`.execute(db);
  await seedQuotesWork(db);
  return rows[0]?.made ?? 0;
}

/**
 * The quotes' work (issues 29 to 35) on the seeded requests, copied from one lead the app's own
 * functions took through it (tests/support/lead-fixtures.ts: a quote published, a request to bind
 * signed, the policy bound with its PDF): on every request quoted or bound, two published quotes,
 * an answered question and a visitor's document (one in 20 of each still waiting for the desk);
 * on every bound one the policy, and on one quoted request in ten a request to bind waiting.
 */
async function seedQuotesWork(db: Db): Promise<void> {
  const scratch = mkdtempSync(path.join(tmpdir(), "coverpilot-desk-policy-"));
  try {
    const { operator, lead } = await leadWithPolicy(db, "Template", scratch);
    const template = sql.lit(lead.request.id);
    await sql`
      insert into insurer_quotes (quote_request_id, insurer, kind, premium_cents, pay_in_full,
        monthly_fee_cents, term_start, term_end, valid_until, notes, lines, status, created_by,
        created_at, updated_at, published_at)
      select r.id, t.insurer || ' ' || k, t.kind, t.premium_cents + k * 1000, t.pay_in_full,
        t.monthly_fee_cents, t.term_start, t.term_end, t.valid_until, t.notes, t.lines,
        'published', t.created_by, r.created_at, r.created_at, r.created_at
      from quote_requests as r, generate_series(1, 2) as k,
        (select * from insurer_quotes where quote_request_id = ${template}) as t
      where r.status in ('quoted', 'bound') and r.id <> ${template}`.execute(db);
    await sql`
      insert into request_questions (submission_id, quote_request_id, question, asked_by, asked_at,
        answer, answered_at, handled_at, handled_by)
      select r.submission_id, r.id, 'How many vehicles does the business own?', ${operator.id},
        r.created_at, 'Two vans.', r.created_at + interval '1 hour',
        case when n % 20 = 0 then null else r.created_at + interval '2 hours' end,
        case when n % 20 = 0 then null else ${operator.id}::uuid end
      from (select *, row_number() over (order by created_at) as n from quote_requests
            where status in ('quoted', 'bound') and id <> ${template}) as r`.execute(db);
    await sql`
      with documents as (
        insert into request_documents (submission_id, quote_request_id, purpose, kind, file_name,
          content_type, byte_size, sha256, created_at, handled_at, handled_by)
        select r.submission_id, r.id, 'visitor', 'declarations', 'declarations.pdf',
          t.content_type, t.byte_size, t.sha256, r.created_at + interval '3 hours',
          case when n % 20 = 0 then null else r.created_at + interval '4 hours' end,
          case when n % 20 = 0 then null else ${operator.id}::uuid end
        from (select *, row_number() over (order by created_at) as n from quote_requests
              where status in ('quoted', 'bound') and id <> ${template}) as r,
          (select * from request_documents where quote_request_id = ${template}
           and purpose = 'policy') as t
        returning id)
      insert into request_document_chunks (document_id, seq, bytes)
      select d.id, c.seq, c.bytes from documents as d,
        (select c.seq, c.bytes from request_document_chunks as c
         join request_documents as t on t.id = c.document_id
         where t.quote_request_id = ${template} and t.purpose = 'policy') as c`.execute(db);
    await sql`
      insert into bind_requests (submission_id, quote_request_id, insurer_quote_id, reference,
        quote_seen, payment, start_date, statements, signature_name, signed_at, client_address,
        user_agent, status, policy_number, policy_start, policy_end, bound_at, bound_by)
      select r.submission_id, r.id,
        (select q.id from insurer_quotes as q where q.quote_request_id = r.id
         order by q.created_at, q.id limit 1),
        'PB-' || substr(r.reference, 4), t.quote_seen, t.payment, t.start_date, t.statements,
        t.signature_name, r.created_at + interval '5 hours', t.client_address, t.user_agent,
        case when r.status = 'bound' then 'bound' else 'requested' end,
        case when r.status = 'bound' then 'GL-' || substr(r.reference, 4) end,
        case when r.status = 'bound' then t.policy_start end,
        case when r.status = 'bound' then t.policy_end end,
        case when r.status = 'bound' then r.created_at + interval '1 day' end,
        case when r.status = 'bound' then t.bound_by end
      from (select *, row_number() over (order by created_at) as n from quote_requests
            where status in ('quoted', 'bound') and id <> ${template}) as r,
        (select * from bind_requests where quote_request_id = ${template}) as t
      where r.status = 'bound' or r.n % 10 = 0`.execute(db);
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

async function timed(run: () => Promise<unknown>): Promise<PageTiming & { what: "" }> {
  for (let index = 0; index < WARMUP; index++) await run();
  const times: number[] = [];
  const cpuTimes: number[] = [];
  for (let index = 0; index < SAMPLES; index++) {
    const cpu = process.cpuUsage();
    const started = performance.now();
    await run();
    times.push(performance.now() - started);
    const used = process.cpuUsage(cpu);
    cpuTimes.push((used.user + used.system) / 1000);
  }
  return {
    what: "",
    samples: SAMPLES,
    p50Ms: median(times),
    p99Ms: percentile(times, 99),
    cpuP99Ms: percentile(cpuTimes, 99),
  };
}

/** The submissions list loader's database work (app/routes/admin/submissions.tsx). */
async function listPage(db: Db, query: string, position?: ListPosition) {
  const page = await listSubmissions(
    db,
    parseSubmissionFilter(new URLSearchParams(query)),
    TIME_ZONE,
    position,
  );
  await latestQuoteRequests(
    db,
    page.rows.map((row) => row.id),
  );
  return page;
}

/** The submission page loader's database work (app/routes/admin/submission.tsx). */
async function submissionPage(db: Db, id: string) {
  const row = await getSubmission(db, id);
  if (!row) throw new Error(`No submission ${id}`);
  await leadPageReads(db, row);
}

/** The quotes page loader's database work (app/routes/admin/submission-quotes.tsx). */
async function quotesPage(db: Db, submissionId: string) {
  const submission = await getSubmission(db, submissionId);
  const request = submission ? await latestQuoteRequest(db, submission.id) : undefined;
  if (!submission || !request) throw new Error(`No quote request for ${submissionId}`);
  await quoteDeskRecords(db, submission.id, request);
}

/** The agency's zone the desk's days are in (the default of AGENCY_TIME_ZONE). */
const TIME_ZONE = "America/New_York";

/** The work queue loader's database work (app/routes/admin/queue.tsx), for an operator. */
async function queuePage(db: Db, view: QueueView, operatorId: string) {
  return listQueue(db, view, {
    operatorId,
    today: dayIn(new Date(), TIME_ZONE),
    limit: PAGE_SIZE,
  });
}

/** Runs `npm run leads:export` on a data directory; its output is counted, never kept. */
export async function runExport(
  dataDir: string,
  format: "csv" | "json",
  nodeOptions: string[] = [],
): Promise<ExportRun> {
  const peakFile = path.join(dataDir, `peak-rss-${format}`);
  const started = performance.now();
  const child = spawn(
    process.execPath,
    [
      ...nodeOptions,
      "--import",
      pathToFileURL(path.join(import.meta.dirname, "peak-rss.ts")).href,
      path.join(ROOT, "scripts/leads-export.ts"),
      "--format",
      format,
    ],
    {
      cwd: ROOT,
      env: {
        ...process.env,
        NODE_ENV: "production",
        DATA_DIR: dataDir,
        DATABASE_URL: "",
        BENCH_PEAK_RSS_FILE: peakFile,
      },
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  let bytes = 0;
  let lineEnds = 0;
  let stderr = "";
  child.stdout.on("data", (chunk: Buffer) => {
    bytes += chunk.length;
    for (let index = chunk.indexOf(10); index !== -1; index = chunk.indexOf(10, index + 1)) {
      lineEnds++;
    }
  });
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.once("close", resolve));
  const seconds = (performance.now() - started) / 1000;
  if (code !== 0) throw new Error(`leads:export --format ${format} failed:\n${stderr}`);
  // CSV: a header line, then a line per row (the seeded cells hold no line break). JSON: "[", a
  // line per record, "]".
  const rows = format === "csv" ? lineEnds - 1 : lineEnds - 2;
  const peaks = JSON.parse(readFileSync(peakFile, "utf8")) as {
    startKb: number;
    exportKb: number;
    processKb: number;
    heapKb: number;
  };
  return {
    format,
    seconds,
    bytes,
    rows,
    peakRssMb: peaks.processKb / 1024,
    startRssMb: peaks.startKb / 1024,
    exportPeakRssMb: peaks.exportKb / 1024,
    heapMb: peaks.heapKb / 1024,
    runs: 1,
    cappedHeapCompletes: false,
  };
}

/** Seeds and measures one size in a scratch data directory, removed afterwards. */
async function measureSize(count: number, log: (line: string) => void): Promise<DeskSize> {
  const dataDir = mkdtempSync(path.join(tmpdir(), `coverpilot-desk-${count}-`));
  try {
    const database = await openDatabase({ kind: "pglite", dataDir });
    const pages: PageTiming[] = [];
    let quoteRequests: number;
    let seedSeconds: number;
    let applications = 0;
    try {
      const { db } = database;
      const seedStarted = performance.now();
      quoteRequests = await seed(db, count);
      seedSeconds = (performance.now() - seedStarted) / 1000;
      // What a server on this database does at its start and every hour (PGlite has no autovacuum).
      await startPlannerStatistics(database, {
        warn: (...args) => log(JSON.stringify(args)),
      }).stop();
      log(`desk ${count}: seeded in ${seedSeconds.toFixed(1)} s`);
      // The seeded leads and the one the quotes' work was copied from.
      const counted = await sql<{ n: number }>`
        select count(*)::int as n from business_wizard_submissions`.execute(db);
      applications = counted.rows[0]?.n ?? 0;
      // Halfway down: the key of the row at the middle, as an Older link would carry it.
      const middle = await sql<{ id: string; micros: string }>`
        select id, (extract(epoch from created_at) * 1000000)::bigint::text as micros
        from business_wizard_submissions order by created_at desc, id desc
        offset ${Math.floor(count / 2)} limit 1`.execute(db);
      const halfway = middle.rows[0];
      if (!halfway) throw new Error("No middle row");
      const one = await listPage(db, "");
      const target = one.rows[7]?.id;
      if (!target) throw new Error("No submission to open");
      const ana = await sql<{ id: string }>`
        select id from operators where email = 'ana@bench.example'`.execute(db);
      const operatorId = ana.rows[0]?.id;
      if (!operatorId) throw new Error("No operator");
      // A reference and a phone number from halfway down, as a customer reads them out.
      const deep = await sql<{ reference: string; phone: string }>`
        select q.reference, s.phone_number as phone from quote_requests as q
        join business_wizard_submissions as s on s.id = q.submission_id
        order by q.created_at offset ${Math.floor(quoteRequests / 2)} limit 1`.execute(db);
      const spoken = deep.rows[0];
      if (!spoken) throw new Error("No quote request to search for");
      // A lead with a policy bound, halfway down: its quotes page shows everything there is.
      const bound = await sql<{ submission_id: string }>`
        select submission_id from bind_requests where status = 'bound'
        order by signed_at offset (select count(*) / 2 from bind_requests where status = 'bound')
        limit 1`.execute(db);
      const policyLead = bound.rows[0]?.submission_id;
      if (!policyLead) throw new Error("No bound policy to open");
      const phoneTyped = spoken.phone.replace(/^\+1(\d{3})(\d{3})(\d{4})$/, "($1) $2-$3");
      const measured: [keyof typeof DESK_PAGES, () => Promise<unknown>][] = [
        ["newRequests", () => queuePage(db, "new-requests", operatorId)],
        ["mine", () => queuePage(db, "mine", operatorId)],
        ["dueToday", () => queuePage(db, "due-today", operatorId)],
        ["overdue", () => queuePage(db, "overdue", operatorId)],
        ["first", () => listPage(db, "")],
        ["filtered", () => listPage(db, "industry=food&state=Texas")],
        [
          "older",
          () =>
            listPage(db, "", {
              direction: "older",
              key: { createdAtMicros: halfway.micros, id: halfway.id },
            }),
        ],
        ["search", () => listPage(db, `q=${encodeURIComponent(`Bench Shop ${count - 100} LLC`)}`)],
        [
          "reference",
          () => listPage(db, `q=${encodeURIComponent(spoken.reference.slice(3).toLowerCase())}`),
        ],
        ["phone", () => listPage(db, `q=${encodeURIComponent(phoneTyped)}`)],
        ["submission", () => submissionPage(db, target)],
        ["waiting", () => listWaiting(db)],
        ["quotes", () => quotesPage(db, policyLead)],
      ];
      for (const [name, run] of measured) {
        pages.push({ ...(await timed(run)), what: DESK_PAGES[name] });
      }
      log(`desk ${count}: pages measured`);
    } finally {
      await database.close();
    }
    const exports: ExportRun[] = [];
    for (const format of ["csv", "json"] as const) {
      const runs: ExportRun[] = [];
      for (let index = 0; index < EXPORT_RUNS; index++) {
        const run = await runExport(dataDir, format);
        if (run.rows !== applications) {
          throw new Error(`The ${format} export had ${run.rows} rows, not ${applications}`);
        }
        runs.push(run);
      }
      const middle = (of: (run: ExportRun) => number) => median(runs.map(of));
      const run: ExportRun = {
        format,
        seconds: middle((each) => each.seconds),
        bytes: middle((each) => each.bytes),
        rows: applications,
        peakRssMb: middle((each) => each.peakRssMb),
        startRssMb: middle((each) => each.startRssMb),
        exportPeakRssMb: middle((each) => each.exportPeakRssMb),
        heapMb: middle((each) => each.heapMb),
        runs: runs.length,
        cappedHeapCompletes: await runExport(dataDir, format, [
          `--max-old-space-size=${CAPPED_HEAP_MB}`,
        ]).then(
          (capped) => capped.rows === applications,
          () => false,
        ),
      };
      exports.push(run);
      log(
        `desk ${count}: ${format} export ${run.seconds.toFixed(1)} s, peak ${run.peakRssMb.toFixed(0)} MB (before the first row ${run.startRssMb.toFixed(0)} MB), heap ${run.heapMb.toFixed(0)} MB, completes with ${CAPPED_HEAP_MB} MB: ${run.cappedHeapCompletes}`,
      );
    }
    return {
      applications: count,
      quoteRequests,
      seedSeconds,
      pages,
      exports,
    };
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Measures the lead desk at every size, smallest first. */
export async function measureDesk(
  log: (line: string) => void,
  sizes: readonly number[] = DESK_SIZES,
): Promise<DeskSize[]> {
  const measured: DeskSize[] = [];
  for (const count of sizes) measured.push(await measureSize(count, log));
  return measured;
}

/** The lead desk at every size, with when, from which commit and under what load it was measured. */
export async function measureDeskFigures(log: (line: string) => void): Promise<DeskFigures> {
  const load = () => Number((loadavg()[0] ?? 0).toFixed(2));
  const loadAtStart = load();
  const sizes = await measureDesk(log);
  const git = (...args: string[]) =>
    execFileSync("git", args, { cwd: ROOT, encoding: "utf8" }).trim();
  const uncommitted = git("status", "--porcelain").split("\n").filter(Boolean).length;
  return {
    date: new Date().toISOString(),
    commit: `${git("rev-parse", "--short", "HEAD")}${uncommitted ? ` with ${uncommitted} uncommitted files` : ""}`,
    loadAtStart,
    loadAtEnd: load(),
    sizes,
  };
}
