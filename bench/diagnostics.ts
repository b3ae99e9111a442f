import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

import { compressFile } from "../tools/compress-assets.ts";

/**
 * Variants of the measured pages, less one thing each, to show in the same run what a page's
 * largest paint waits for; never part of a target. The landing page's are prerendered pages of the
 * bench's build (written before its server starts, so that it serves them as it serves the page
 * itself: same headers, its inline style allowed by its hash); the wizard's is a static file.
 */
export interface Diagnostic {
  path: string;
  /** The page it is a variant of. */
  of: string;
  what: string;
}

const HOME_WITHOUT_SCRIPT = "/bench-home-without-script";
const HOME_UNSTYLED = "/bench-home-without-script-or-style";

export const DIAGNOSTICS: Diagnostic[] = [
  {
    path: HOME_WITHOUT_SCRIPT,
    of: "/",
    what: "/ without the site script (nor its inline loader)",
  },
  {
    path: HOME_UNSTYLED,
    of: "/",
    what: "/ without the site script and its CSS (unstyled)",
  },
  {
    path: "/bench-wizard-without-scripts.html",
    of: "/business-wizard",
    what: "/business-wizard without its scripts (no hydration)",
  },
];

/** Every `<script>` but structured data, and module preloads. */
const SCRIPTS =
  /<script\b(?![^>]*application\/ld\+json)[^>]*>[\s\S]*?<\/script>|<link\b[^>]*rel="modulepreload"[^>]*>/g;
const STYLES = /<style\b[^>]*>[\s\S]*?<\/style>|<link\b[^>]*rel="stylesheet"[^>]*>/g;

/**
 * Writes the landing page's variants into the build's client folder as prerendered pages of their
 * own (their canonical link names their own address, as the server asks of a prerendered page).
 */
export function writePrerenderedDiagnosticPages(clientDir: string, siteUrl: string): void {
  const home = readFileSync(path.join(clientDir, "index.html"), "utf8");
  const canonical = `<link rel="canonical" href="${siteUrl}/"/>`;
  if (!home.includes(canonical)) throw new Error(`The landing page is not built for ${siteUrl}`);
  const write = (pagePath: string, html: string) => {
    const file = path.join(clientDir, pagePath, "index.html");
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(
      file,
      html.replace(canonical, `<link rel="canonical" href="${siteUrl}${pagePath}"/>`),
    );
    // Compressed as the build compresses the page itself.
    compressFile(file);
  };
  write(HOME_WITHOUT_SCRIPT, home.replace(SCRIPTS, ""));
  write(HOME_UNSTYLED, home.replace(SCRIPTS, "").replace(STYLES, ""));
}

/** Writes the wizard's variant into the build's client folder, from the page as the server sends it. */
export async function writeRenderedDiagnosticPages(
  baseUrl: string,
  clientDir: string,
): Promise<void> {
  const response = await fetch(`${baseUrl}/business-wizard`);
  if (!response.ok) throw new Error(`GET /business-wizard answered ${response.status}`);
  const wizard = await response.text();
  writeFileSync(
    path.join(clientDir, "bench-wizard-without-scripts.html"),
    wizard.replace(SCRIPTS, ""),
  );
}
