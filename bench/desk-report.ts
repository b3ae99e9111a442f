import { CAPPED_HEAP_MB, DESK_PAGES, type DeskFigures, type DeskSize } from "./desk.ts";
import type { TargetCheck } from "./target-check.ts";

/**
 * The pages held to the time limit: the list pages an index serves in list order, the work queue's
 * views and the searches an agent makes on the phone (issue 28), the Needs action list and a
 * lead's quotes page (issue 32).
 */
const LIMITED_PAGES: string[] = [
  DESK_PAGES.newRequests,
  DESK_PAGES.mine,
  DESK_PAGES.dueToday,
  DESK_PAGES.overdue,
  DESK_PAGES.first,
  DESK_PAGES.filtered,
  DESK_PAGES.older,
  DESK_PAGES.search,
  DESK_PAGES.reference,
  DESK_PAGES.phone,
  DESK_PAGES.waiting,
  DESK_PAGES.quotes,
];

const LIMITS = { listPageMs: 50, exportRssGrowthMb: 50 };

const ms = (value: number) => `${value < 10 ? value.toFixed(1) : Math.round(value)} ms`;
const mb = (value: number) => `${Math.round(value)} MB`;
const count = (value: number) => value.toLocaleString("en-US");
const times = (ratio: number) => `${ratio.toFixed(ratio < 10 ? 2 : 0)}x`;

function smallestAndLargest(desk: DeskFigures): [DeskSize, DeskSize] | undefined {
  const sorted = [...desk.sizes].sort((a, b) => a.applications - b.applications);
  const [smallest, largest] = [sorted[0], sorted.at(-1)];
  return smallest && largest && smallest !== largest ? [smallest, largest] : undefined;
}

/**
 * The lead desk's targets (docs/decisions/README.md, Performance targets: Scale): list pages within 50 ms server time (p99) at the
 * largest size; each export's peak RSS there within 50 MB of the smallest size's.
 */
export function deskTargets(desk: DeskFigures | undefined): TargetCheck[] {
  const ends = desk && smallestAndLargest(desk);
  if (!ends) {
    return [
      {
        target: "Lead desk at scale",
        figure: "not measured: run `npm run bench -- --only desk`",
        met: null,
      },
    ];
  }
  const [smallest, largest] = ends;
  const checks: TargetCheck[] = [];
  for (const page of largest.pages) {
    if (!LIMITED_PAGES.includes(page.what)) continue;
    checks.push({
      target: `Lead desk, ${page.what.toLowerCase()} at ${count(largest.applications)} leads: <= ${LIMITS.listPageMs} ms server time (p99)`,
      figure: `p50 ${ms(page.p50Ms)}, p99 ${ms(page.p99Ms)} (CPU time p99 ${ms(page.cpuP99Ms)})`,
      met: page.p99Ms <= LIMITS.listPageMs,
    });
  }
  for (const run of largest.exports) {
    const base = smallest.exports.find((candidate) => candidate.format === run.format);
    if (!base) continue;
    const growth = run.peakRssMb - base.peakRssMb;
    checks.push({
      target: `Lead desk, ${run.format.toUpperCase()} export of everything: peak RSS at ${count(largest.applications)} within ${LIMITS.exportRssGrowthMb} MB of ${count(smallest.applications)}'s`,
      figure: `${mb(run.peakRssMb)} vs ${mb(base.peakRssMb)}: ${growth >= 0 ? "+" : ""}${mb(growth)}`,
      met: growth <= LIMITS.exportRssGrowthMb,
    });
  }
  return checks;
}

/** The section of bench/report.md with every figure at every size, and its growth. */
export function deskMarkdown(desk: DeskFigures | undefined): string[] {
  if (!desk || desk.sizes.length === 0) return [];
  const sizes = [...desk.sizes].sort((a, b) => a.applications - b.applications);
  const ends = smallestAndLargest(desk);
  const header = `| | ${sizes.map((size) => `${count(size.applications)} leads`).join(" | ")} |${ends ? ` ${count(ends[0].applications)} → ${count(ends[1].applications)} |` : ""}`;
  const rule = `| --- | ${sizes.map(() => "---").join(" | ")} |${ends ? " --- |" : ""}`;
  const growth = (of: (size: DeskSize) => number | undefined) => {
    if (!ends) return "";
    const [first, last] = [of(ends[0]), of(ends[1])];
    return first && last !== undefined ? ` ${times(last / first)} |` : " |";
  };
  const row = (
    label: string,
    of: (size: DeskSize) => number | undefined,
    show: (n: number) => string,
  ) =>
    `| ${label} | ${sizes
      .map((size) => {
        const value = of(size);
        return value === undefined ? "" : show(value);
      })
      .join(" | ")} |${growth(of)}`;
  const lines = [
    "## The lead desk at scale",
    "",
    `Measured by \`npm run bench -- --only desk\` (or the full run) on ${desk.date}, commit ${desk.commit}; load average ${desk.loadAtStart} at its start and ${desk.loadAtEnd} at its end. Each size is a fresh embedded database (PGlite on files, as the server keeps them) seeded with that many completed applications, one a minute up to now across the industries and states, a third with a quote request. The planner's statistics are then gathered, as the server does at its start and every hour (PGlite runs no autovacuum). **Page times are server time measured in-process** (wall time, and the process's CPU time beside it): the database work of the page's loader (the same data-layer calls: the list with its quote requests and the week's funnel; the submission with its history, quote request and webhook deliveries), ${sizes[0]?.pages[0]?.samples ?? 0} requests after a warm-up, one at a time; rendering the HTML is left out (it does not grow with the leads). **Exports are \`npm run leads:export\` itself** in a process of its own writing everything to a pipe the bench counts (every row checked there), median of ${sizes[0]?.exports[0]?.runs ?? 0} runs each. Peak RSS is the kernel's high-water mark (VmHWM, ru_maxrss) read inside that process by a preloaded module (bench/peak-rss.ts): over its whole life (the target), and from its first write to its last with the mark reset at the first (the export itself, without the engine's start before it and its checkpoint and close after it). Both include the embedded database engine, which runs in that process; the JavaScript heap is what the export's own code holds. The last column is how each figure grows from the smallest size to the largest (100x the leads: flat is 1x, linear 100x).`,
    "",
    header,
    rule,
    row("Quote requests", (size) => size.quoteRequests, count),
    row(
      "Seeding (bulk inserts)",
      (size) => size.seedSeconds,
      (s) => `${s.toFixed(1)} s`,
    ),
  ];
  for (const what of Object.values(DESK_PAGES)) {
    const page = (size: DeskSize) => size.pages.find((candidate) => candidate.what === what);
    lines.push(
      row(`${what}, p50`, (size) => page(size)?.p50Ms, ms),
      row(`${what}, p99`, (size) => page(size)?.p99Ms, ms),
      row(`${what}, CPU time p99`, (size) => page(size)?.cpuP99Ms, ms),
    );
  }
  for (const format of ["csv", "json"] as const) {
    const run = (size: DeskSize) => size.exports.find((candidate) => candidate.format === format);
    const name = format.toUpperCase();
    lines.push(
      row(
        `${name} export: time`,
        (size) => run(size)?.seconds,
        (s) => `${s.toFixed(1)} s`,
      ),
      row(
        `${name} export: size`,
        (size) => run(size)?.bytes,
        (b) => `${(b / 1e6).toFixed(1)} MB`,
      ),
      row(`${name} export: peak RSS of the process`, (size) => run(size)?.peakRssMb, mb),
      row(
        `${name} export: peak RSS before its first row (the engine started)`,
        (size) => run(size)?.startRssMb,
        mb,
      ),
      row(
        `${name} export: peak RSS from its first write to its last`,
        (size) => run(size)?.exportPeakRssMb,
        mb,
      ),
      row(`${name} export: JavaScript heap in use, most`, (size) => run(size)?.heapMb, mb),
      `| ${name} export: runs to the end with ${CAPPED_HEAP_MB} MB of JavaScript old space | ${sizes.map((size) => (run(size)?.cappedHeapCompletes ? "yes" : "no")).join(" | ")} |${ends ? " |" : ""}`,
    );
  }
  lines.push(
    "",
    "A search by text (a piece of an email, a business or legal name, a contact's name) is served by trigram indexes (decision 041) for any text of three characters or more; one of one or two characters still reads every lead.",
    "",
  );
  return lines;
}

/** "What limits the targets not met", for the lead desk's. */
export function deskLimits(desk: DeskFigures | undefined): string[] {
  const ends = desk && smallestAndLargest(desk);
  if (!ends) return [];
  const [smallest, largest] = ends;
  const limits: string[] = [];
  for (const page of largest.pages) {
    if (LIMITED_PAGES.includes(page.what) && page.p99Ms > LIMITS.listPageMs) {
      limits.push(
        `- Lead desk, ${page.what.toLowerCase()}: p99 ${ms(page.p99Ms)} at ${count(largest.applications)} leads (p50 ${ms(page.p50Ms)}), while the process's own CPU time per request was ${ms(page.cpuP99Ms)} at p99: the rest is waiting for a core. The machine's load average was ${desk.loadAtStart} at the start of the section and ${desk.loadAtEnd} at its end; p99 is where other work on the shared cores shows.`,
      );
    }
  }
  for (const run of largest.exports) {
    const base = smallest.exports.find((candidate) => candidate.format === run.format);
    if (!base || run.peakRssMb - base.peakRssMb <= LIMITS.exportRssGrowthMb) continue;
    limits.push(
      `- Lead desk, ${run.format.toUpperCase()} export: peak RSS ${desk.sizes.map((size) => `${mb(size.exports.find((each) => each.format === run.format)?.peakRssMb ?? Number.NaN)} at ${count(size.applications)}`).join(", ")} leads. The export's own memory is flat: it holds one batch of 500 rows, and ${run.cappedHeapCompletes && base.cappedHeapCompletes ? "runs to the end" : "was meant to run to the end"} with its JavaScript old space capped at ${CAPPED_HEAP_MB} MB at both sizes (the heap in use, ${mb(base.heapMb)} and ${mb(run.heapMb)}, is mostly garbage V8 has not yet collected). The process's size is the embedded database engine's, which runs in it: ${mb(base.startRssMb)} and ${mb(run.startRssMb)} before the first row is written, growing while it reads (its 16 MB buffer cache fills, and WebAssembly memory is never given back while the process runs). On PostgreSQL the export's process holds no engine.`,
    );
  }
  return limits;
}
