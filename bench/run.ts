/**
 * `npm run bench`: builds the working tree in a scratch copy, serves it on 127.0.0.1 and measures
 * it against the performance targets (docs/decisions/README.md): Lighthouse beside a static reference page, bytes
 * shipped, throughput beside a bare Node server, the email step's save beside the database's own
 * rate for the same statement (bench/statement-floor.ts), at a steady arrival rate and under the
 * profiler (bench/server-profile.ts), and memory. Writes bench/report.md and bench/report.json; raw outputs go to
 * bench/results/. Its settings are bench/settings.ts's.
 * `npm run bench -- --only desk` measures only the lead desk at scale (bench/desk.ts),
 * `--only memory` only the server's memory (bench/memory.ts), and `--only saves` only the email
 * step's saves (PGlite, PostgreSQL with one server and two); each merges its figures into the
 * committed report, which then says which run measured which. `--only uploads` measures the
 * memory of documents arriving at once (bench/uploads.ts) and writes bench/uploads.md.
 */
import { mkdirSync, rmSync } from "node:fs";
import { loadavg } from "node:os";
import path from "node:path";

import { QUOTE_STEP_PATH } from "#app/domain/wizard/wizard-screens.ts";
import { HttpVisitor } from "#tests/support/visitor.ts";

import { pageBytes } from "./bytes.ts";
import { jsComposition } from "./composition.ts";
import { customerPages } from "./customer-pages.ts";
import { measurePgliteSaves, measurePostgresSaves } from "./database-saves.ts";
import { measureDeskFigures } from "./desk.ts";
import {
  DIAGNOSTICS,
  writePrerenderedDiagnosticPages,
  writeRenderedDiagnosticPages,
} from "./diagnostics.ts";
import { runLighthouse } from "./lighthouse.ts";
import { measureMemory, type MemoryFigures } from "./memory.ts";
import { measureOnly } from "./partial-runs.ts";
import { freePort, residentMb, startAppServer, type Child } from "./processes.ts";
import { checkTargets, type BenchReport, type PageKind, type SaveComparison } from "./report.ts";
import { commitName, environment, writeReport } from "./report-files.ts";
import { DIAGNOSTIC_RUNS, elapsedSeconds, log, RESULTS, RUNS } from "./settings.ts";
import { compareThroughput, type Throughput } from "./throughput.ts";
import { buildWorkspace, dataDirOf, REFERENCE_PATH } from "./workspace.ts";

const PAGES: { path: string; kind: PageKind }[] = [
  { path: "/", kind: "marketing" },
  { path: "/workers-comp", kind: "marketing" },
  { path: "/es", kind: "marketing" },
  { path: "/business-wizard", kind: "wizard" },
];
const THROUGHPUT_PATHS = ["/", "/workers-comp"];
const ONLY = process.argv.includes("--only")
  ? process.argv[process.argv.indexOf("--only") + 1]
  : undefined;

if (ONLY !== undefined) {
  // A partial run keeps the raw outputs of the full run before it, and adds its own.
  mkdirSync(RESULTS, { recursive: true });
  await measureOnly(ONLY);
  process.exit(0);
}

const loadAtStart = loadavg()[0] ?? 0;
rmSync(RESULTS, { recursive: true, force: true });
mkdirSync(RESULTS, { recursive: true });

const port = await freePort();
const siteUrl = `http://127.0.0.1:${port}`;
log(`building the working tree for ${siteUrl}`);
const workspace = buildWorkspace(siteUrl);
log(`built in ${(workspace.buildMs / 1000).toFixed(1)} s in ${workspace.dir}`);
writePrerenderedDiagnosticPages(path.join(workspace.dir, "build/client"), siteUrl);

const servers: Child[] = [];
let report: BenchReport;
try {
  const app = await startAppServer(workspace.dir, port, path.join(RESULTS, "server-pglite.log"), {
    DATA_DIR: dataDirOf(workspace.dir),
  });
  servers.push(app);
  if (!app.output().includes('"msg":"serving prerendered pages"')) {
    throw new Error(`The server did not serve the prerendered pages:\n${app.output()}`);
  }
  const idleMb = residentMb(app.pid);
  log(`server on PGlite up, ${idleMb.toFixed(0)} MB resident`);

  // The coverage plan, as a visitor who has just finished the application is served it.
  const visitor = new HttpVisitor(app.url);
  const finished =
    (await visitor.saveEmailStep("bench-plan@example.com")) &&
    (await visitor.completeApplication({
      businessName: "Bench Bakery",
      firstName: "Ana",
      lastName: "Bench",
      phoneNumber: "(614) 555-0101",
      streetAddress: "1 Oven St",
    }));
  if (!finished) throw new Error("The bench's visitor could not finish the application");
  const pages: { path: string; kind: PageKind; cookie?: string }[] = [
    ...PAGES,
    { path: QUOTE_STEP_PATH, kind: "visitor", cookie: visitor.cookie() },
    // Their quotes, a request to bind and their policy, each with its customer's cookies.
    ...(await customerPages(app.url, workspace.dir, {
      DATA_DIR: dataDirOf(workspace.dir),
      DATABASE_URL: "",
    })),
  ];
  const bytes = [];
  for (const page of [...pages, { path: REFERENCE_PATH, kind: "reference" as const }]) {
    const cookie = "cookie" in page ? page.cookie : undefined;
    bytes.push({ ...(await pageBytes(app.url, page.path, cookie)), kind: page.kind });
  }
  const wizardFiles = bytes.find((page) => page.kind === "wizard")?.js.files ?? [];
  const wizardJs = jsComposition(
    path.join(workspace.dir, "build/client"),
    wizardFiles.map((file) => file.slice(1)),
  );
  // What the coverage plan adds to the first screen's scripts: the files it loads that the first
  // screen does not.
  const planPage = bytes.find((page) => page.kind === "visitor");
  const planOwnJs = planPage
    ? {
        path: planPage.path,
        shares: jsComposition(
          path.join(workspace.dir, "build/client"),
          planPage.js.files
            .filter((file) => !wizardFiles.includes(file))
            .map((file) => file.slice(1)),
        ),
      }
    : undefined;
  log("bytes shipped measured");

  await writeRenderedDiagnosticPages(app.url, path.join(workspace.dir, "build/client"));
  const summaries = await runLighthouse(
    app.url,
    [
      ...pages.map((page) => ({ path: page.path, runs: RUNS, cookie: page.cookie })),
      { path: REFERENCE_PATH, runs: RUNS },
      ...DIAGNOSTICS.map((diagnostic) => ({ path: diagnostic.path, runs: DIAGNOSTIC_RUNS })),
    ],
    path.join(RESULTS, "lighthouse"),
    log,
  );
  const reference = summaries.find((summary) => summary.path === REFERENCE_PATH);
  if (!reference) throw new Error("No Lighthouse figures for the reference page");

  const throughput: Throughput[] = [];
  for (const pagePath of THROUGHPUT_PATHS) {
    const run = await compareThroughput(app.url, app.pid, pagePath, {
      connections: 50,
      seconds: 8,
      warmupSeconds: 2,
      rawDir: RESULTS,
    });
    throughput.push(run);
    log(
      `GET ${pagePath}: ${Math.round(run.app.requestsPerSecond)} req/s, bare ${Math.round(run.bare.requestsPerSecond)} req/s`,
    );
  }

  let pgliteMemory: MemoryFigures | undefined;
  const pglite = await measurePgliteSaves(app, workspace.dir, idleMb, async () => {
    pgliteMemory = await measureMemory(workspace.dir, {
      port,
      resultsDir: RESULTS,
      commit: commitName(),
      alone: false,
      log,
    });
  });
  const saves: SaveComparison[] = [pglite.comparison];
  const memory = [pglite.memory];

  const postgres = await measurePostgresSaves(workspace.dir, servers);
  saves.push(postgres.comparison);
  const scaleOut = postgres.scaleOut;
  if (postgres.memory) memory.push(postgres.memory);

  log("lead desk at scale");
  const desk = await measureDeskFigures(log);

  const measured: Omit<BenchReport, "targets"> = {
    date: new Date().toISOString(),
    seconds: elapsedSeconds(),
    environment: environment({ buildMs: workspace.buildMs, loadAtStart }),
    lighthouse: {
      runs: RUNS,
      referencePath: REFERENCE_PATH,
      pages: pages.map((page) => {
        const summary = summaries.find((found) => found.path === page.path);
        if (!summary) throw new Error(`No Lighthouse figures for ${page.path}`);
        return {
          ...summary,
          kind: page.kind,
          lcpRatio: summary.median.lcpMs / reference.median.lcpMs,
        };
      }),
      reference,
      diagnostics: DIAGNOSTICS.map((diagnostic) => {
        const summary = summaries.find((found) => found.path === diagnostic.path);
        if (!summary) throw new Error(`No Lighthouse figures for ${diagnostic.path}`);
        return {
          ...summary,
          ...diagnostic,
          lcpRatio: summary.median.lcpMs / reference.median.lcpMs,
        };
      }),
    },
    bytes,
    wizardJs,
    ...(planOwnJs && { planOwnJs }),
    throughput,
    saves,
    scaleOut,
    memory,
    desk,
    pgliteMemory,
  };
  report = { ...measured, targets: checkTargets(measured) };
} finally {
  for (const server of servers) await server.stop();
  workspace.remove();
}

await writeReport(report);
