import { writeFileSync } from "node:fs";
import path from "node:path";

/**
 * Variants of the measured pages, less one thing each, to show in the same run what a page's
 * largest paint waits for. They are static files of the bench's build, served beside the
 * reference page, and never part of a target.
 */
export interface Diagnostic {
  path: string;
  /** The page it is a variant of. */
  of: string;
  what: string;
}

export const DIAGNOSTICS: Diagnostic[] = [
  {
    path: "/bench-home-without-script.html",
    of: "/",
    what: "/ without the site script",
  },
  {
    path: "/bench-home-without-script-or-style.html",
    of: "/",
    what: "/ without the site script and the stylesheet (unstyled)",
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

/** Writes the variants into the build's client folder, from the pages as the server sends them. */
export async function writeDiagnosticPages(baseUrl: string, clientDir: string): Promise<void> {
  const page = async (pagePath: string) => {
    const response = await fetch(`${baseUrl}${pagePath}`);
    if (!response.ok) throw new Error(`GET ${pagePath} answered ${response.status}`);
    return response.text();
  };
  const home = await page("/");
  const wizard = await page("/business-wizard");
  const write = (file: string, html: string) => writeFileSync(path.join(clientDir, file), html);
  write("bench-home-without-script.html", home.replace(SCRIPTS, ""));
  write("bench-home-without-script-or-style.html", home.replace(SCRIPTS, "").replace(STYLES, ""));
  write("bench-wizard-without-scripts.html", wizard.replace(SCRIPTS, ""));
}
