import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";

import * as chromeLauncher from "chrome-launcher";
import lighthouse, { type Result } from "lighthouse";

import { median } from "./stats.ts";

/** Debian's Chromium; nothing here ever downloads a browser. */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

const CHROMIUM_FLAGS = [
  "--headless=new",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];

export const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;
export type Category = (typeof CATEGORIES)[number];

/** One Lighthouse run's figures (scores 0 to 100, times in milliseconds, sizes in bytes). */
export interface LighthouseRun {
  scores: Record<Category, number>;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  /** Scripts as transferred (compressed, with headers), from Lighthouse's network records. */
  scriptBytes: number;
  /**
   * The page's document as transferred (compressed, with its response's headers), as the first
   * round trip of Lighthouse's simulation carries it. Absent from reports before it was kept.
   */
  documentBytes?: number;
  /** What the LCP element was, as Lighthouse names it. */
  lcpElement: string;
  /** Audits that a category weighs and that did not pass: id and display value. */
  failing: string[];
}

/** The median of each figure over a page's runs, with the runs themselves. */
export interface LighthouseSummary {
  path: string;
  runs: LighthouseRun[];
  median: Omit<LighthouseRun, "lcpElement" | "failing">;
  /** Every scored audit that failed in at least one run, with how many runs it failed in. */
  failing: string[];
}

/**
 * Lighthouse with its defaults (mobile form factor, simulated throttling) on each path, its `runs`
 * times, in rounds (every path once per round while it has runs left) so that any drift of the
 * machine touches all alike. Each report is kept in `rawDir`.
 */
export async function runLighthouse(
  baseUrl: string,
  /**
   * `cookie`: the visitor's cookies, for a page only they may see. Such a page is kept out of
   * search engines (`noindex`), as it must be: Lighthouse's is-crawlable audit is left out of its
   * SEO score.
   */
  pages: { path: string; runs: number; cookie?: string | undefined }[],
  rawDir: string,
  log: (line: string) => void,
): Promise<LighthouseSummary[]> {
  mkdirSync(rawDir, { recursive: true });
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: CHROMIUM_FLAGS,
    logLevel: "silent",
  });
  const byPath = new Map<string, LighthouseRun[]>(pages.map((page) => [page.path, []]));
  const rounds = Math.max(...pages.map((page) => page.runs));
  try {
    for (let round = 1; round <= rounds; round += 1) {
      for (const { path: pagePath, cookie } of pages.filter((page) => page.runs >= round)) {
        // Lighthouse itself asks for another try when its trace breaks (e.g. NO_NAVSTART).
        let lhr: Result | undefined;
        for (let attempt = 1; attempt <= 3 && !lhr; attempt += 1) {
          const result = await lighthouse(`${baseUrl}${pagePath}`, {
            port: chrome.port,
            output: "json",
            logLevel: "error",
            onlyCategories: [...CATEGORIES],
            // Each run starts without the cookies the runs before it left (Lighthouse keeps them
            // by default): a step's draft cookie from /business-wizard's run went out beside the
            // plan visitor's own, and the plan page answered with the first step.
            clearStorageTypes: [
              "file_systems",
              "shader_cache",
              "service_workers",
              "cache_storage",
              "cookies",
            ],
            ...(cookie ? { extraHeaders: { Cookie: cookie }, skipAudits: ["is-crawlable"] } : {}),
          });
          // A page that sent Lighthouse elsewhere would be measured as another page.
          const landed = result?.lhr.finalDisplayedUrl;
          if (landed !== undefined && landed !== `${baseUrl}${pagePath}`) {
            throw new Error(`Lighthouse was redirected from ${pagePath} to ${landed}`);
          }
          if (result && !result.lhr.runtimeError) lhr = result.lhr;
          else
            log(
              `lighthouse ${pagePath} run ${round}: ${result?.lhr.runtimeError?.code ?? "no result"}, again`,
            );
        }
        if (!lhr) throw new Error(`Lighthouse failed three times on ${pagePath}`);
        const name = pagePath === "/" ? "home" : pagePath.replace(/[^a-z0-9]+/gi, "-").slice(1);
        writeFileSync(path.join(rawDir, `${name}-${round}.json`), JSON.stringify(lhr));
        const run = figuresOf(lhr);
        byPath.get(pagePath)?.push(run);
        log(
          `lighthouse ${pagePath} run ${round}: performance ${run.scores.performance}, LCP ${Math.round(run.lcpMs)} ms`,
        );
      }
    }
  } finally {
    chrome.kill();
  }
  return pages.map((page) => summarize(page.path, byPath.get(page.path) ?? []));
}

function figuresOf(lhr: Result): LighthouseRun {
  const audit = (id: string) => {
    const found = lhr.audits[id];
    if (!found) throw new Error(`Lighthouse has no audit ${id}`);
    return found;
  };
  const numeric = (id: string) => audit(id).numericValue ?? Number.NaN;
  const scores = Object.fromEntries(
    CATEGORIES.map((category) => [
      category,
      Math.round((lhr.categories[category]?.score ?? 0) * 100),
    ]),
  ) as Record<Category, number>;
  const requests = (audit("network-requests").details as { items?: NetworkItem[] } | undefined)
    ?.items;
  const scriptBytes = (requests ?? [])
    .filter((item) => item.resourceType === "Script")
    .reduce((sum, item) => sum + (item.transferSize ?? 0), 0);
  const documentBytes = requests?.find((item) => item.resourceType === "Document")?.transferSize;
  // Audits that cost points: those a category weighs (the rest are advice).
  const weighed = new Set(
    CATEGORIES.flatMap((category) =>
      (lhr.categories[category]?.auditRefs ?? [])
        .filter((ref) => ref.weight > 0)
        .map((ref) => ref.id),
    ),
  );
  const failing = Object.entries(lhr.audits)
    .filter(
      ([id, result]) => weighed.has(id) && typeof result.score === "number" && result.score < 1,
    )
    .map(([id, result]) => (result.displayValue ? `${id} (${result.displayValue})` : id));
  // The LCP insight's details list a table of its parts and then the element itself.
  const lcpDetails = lhr.audits["lcp-breakdown-insight"]?.details as
    { items?: { type?: string; nodeLabel?: string }[] } | undefined;
  const lcpNode = lcpDetails?.items?.find((item) => item.type === "node");
  return {
    scores,
    fcpMs: numeric("first-contentful-paint"),
    lcpMs: numeric("largest-contentful-paint"),
    tbtMs: numeric("total-blocking-time"),
    cls: numeric("cumulative-layout-shift"),
    scriptBytes,
    ...(documentBytes === undefined ? {} : { documentBytes }),
    lcpElement: lcpNode?.nodeLabel ?? "",
    failing,
  };
}

interface NetworkItem {
  resourceType?: string;
  transferSize?: number;
}

function summarize(pagePath: string, runs: LighthouseRun[]): LighthouseSummary {
  const of = (pick: (run: LighthouseRun) => number) => median(runs.map(pick));
  const failures = new Map<string, number>();
  for (const run of runs) {
    for (const id of run.failing)
      failures.set(id.split(" ")[0] ?? id, (failures.get(id.split(" ")[0] ?? id) ?? 0) + 1);
  }
  return {
    path: pagePath,
    runs,
    median: {
      scores: Object.fromEntries(
        CATEGORIES.map((category) => [category, of((run) => run.scores[category])]),
      ) as Record<Category, number>,
      fcpMs: of((run) => run.fcpMs),
      lcpMs: of((run) => run.lcpMs),
      tbtMs: of((run) => run.tbtMs),
      cls: of((run) => run.cls),
      scriptBytes: of((run) => run.scriptBytes),
      ...(runs.every((run) => run.documentBytes !== undefined)
        ? { documentBytes: of((run) => run.documentBytes ?? 0) }
        : {}),
    },
    failing: [...failures].map(([id, count]) => `${id} in ${count} of ${runs.length} runs`),
  };
}
