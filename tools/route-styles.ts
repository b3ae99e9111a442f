/**
 * Writes, for each of the wizard's routes, the stylesheet's rules that its page may use
 * (app/server/http/route-styles.server.ts, decision 053): those whose every class, element and
 * attribute occurs in the scripts the page loads (React Router's client entry, the route's module
 * and those of the routes around it, with what they import) or in the site script. A route's
 * scripts render every state of its page, so its rules cover what the page shows with or without
 * them; the same rules are kept once.
 */
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

import { PurgeCSS } from "purgecss";

import { ROUTE_STYLES_FILE, type RouteStyles } from "#app/server/http/route-styles.server.ts";
import { usedCss } from "./inline-first-paint.ts";

/** The routes whose pages carry their rules: the wizard's, where most visitors land. */
const WIZARD_ROUTE = /^routes\/wizard\//;

interface ManifestEntry {
  module: string;
  imports?: string[];
}
interface Manifest {
  entry: ManifestEntry;
  routes: Record<string, ManifestEntry & { parentId?: string }>;
}

/** The one file in `dir` whose name matches `pattern`, or an error: the build stops. */
function onlyFile(dir: string, pattern: RegExp, what: string): string {
  const found = readdirSync(dir).filter((name) => pattern.test(name));
  const [file] = found;
  if (found.length !== 1 || !file)
    throw new Error(`Expected one ${what} in ${dir}, found ${found.length}`);
  return file;
}

/** React Router's manifest of the client build (`window.__reactRouterManifest = {…};`). */
function clientManifest(assets: string): Manifest {
  const text = readFileSync(
    path.join(assets, onlyFile(assets, /^manifest-[\w-]+\.js$/, "route manifest")),
    "utf8",
  );
  return JSON.parse(text.slice(text.indexOf("{"), text.lastIndexOf("}") + 1)) as Manifest;
}

/** Writes the wizard's routes' rules beside the server's bundle; returns how many routes have them. */
export async function writeRouteStyles(buildDir: string): Promise<{ routes: number }> {
  const client = path.join(buildDir, "client");
  const assets = path.join(client, "assets");
  const manifest = clientManifest(assets);
  const stylesheet = onlyFile(assets, /^app-[\w-]+\.css$/, "stylesheet");
  const css = readFileSync(path.join(assets, stylesheet), "utf8");
  const siteScript = onlyFile(assets, /^site-enhancements-[\w-]+\.js$/, "site script");
  const read = (file: string) => ({
    raw: readFileSync(path.join(client, file), "utf8"),
    extension: "js",
  });
  const purger = new PurgeCSS();
  const result: RouteStyles = { stylesheet: `/assets/${stylesheet}`, styles: [], routes: {} };
  const byScripts = new Map<string, number>();
  for (const id of Object.keys(manifest.routes).filter((routeId) => WIZARD_ROUTE.test(routeId))) {
    const files = new Set([manifest.entry.module, ...(manifest.entry.imports ?? [])]);
    for (let route = manifest.routes[id]; route;) {
      files.add(route.module);
      for (const file of route.imports ?? []) files.add(file);
      route = route.parentId ? manifest.routes[route.parentId] : undefined;
    }
    files.add(`/assets/${siteScript}`);
    const key = [...files].sort().join(" ");
    let index = byScripts.get(key);
    if (index === undefined) {
      const used = await usedCss(purger, css, [...files].map(read));
      if (used === undefined) throw new Error(`No usable CSS for ${id}`);
      const same = result.styles.indexOf(used);
      index = same >= 0 ? same : result.styles.push(used) - 1;
      byScripts.set(key, index);
    }
    result.routes[id] = index;
  }
  writeFileSync(path.join(buildDir, "server", ROUTE_STYLES_FILE), JSON.stringify(result));
  return { routes: Object.keys(result.routes).length };
}
