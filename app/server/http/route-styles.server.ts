import { readFileSync } from "node:fs";
import path from "node:path";

/**
 * The CSS a wizard page's first paint needs, inside the page (decision 053). The build
 * (tools/route-styles.ts) keeps, for each of the wizard's routes, the stylesheet's rules that the
 * scripts of that route and the routes around it may use, in a file beside the server's bundle.
 * A page of such a route then carries them in a `<style>` in place of the link to the
 * stylesheet, which it would otherwise wait for before painting anything. On a page that hydrates
 * the whole stylesheet still comes (React adds its link once the page is hydrated, after the
 * largest paint); a page that does not (decision 077) needs no more than its route's rules, which
 * cover every state its modules render; a browser without scripts reads the whole stylesheet from a
 * `<noscript>`.
 */

/** The file the build writes beside the server's bundle. */
export const ROUTE_STYLES_FILE = "route-styles.json";

/** What the build writes: the stylesheet's address, and each route's rules (an index into `styles`). */
export interface RouteStyles {
  stylesheet: string;
  styles: string[];
  routes: Record<string, number>;
}

/**
 * The link to the site's stylesheet as React renders it: with the request's nonce in a page the
 * server renders, without one in a prerendered page. Its address is the first group.
 */
export const STYLESHEET_LINK =
  /<link (?:nonce="[^"]*" )?rel="stylesheet" href="(\/assets\/app-[\w-]+\.css)" data-precedence="default"\/>/g;

let loaded: RouteStyles | null | undefined;

/** The build's file of route styles; null where there is none (the development server, tests). */
function routeStyles(): RouteStyles | null {
  if (loaded === undefined) {
    try {
      // import.meta.dirname: the server's bundle (build/server), where the build writes the file.
      const text = readFileSync(path.join(import.meta.dirname, ROUTE_STYLES_FILE), "utf8");
      loaded = JSON.parse(text) as RouteStyles;
    } catch {
      loaded = null;
    }
  }
  return loaded;
}

/** Whether the build kept rules for route `routeId` (the wizard's routes). */
export function hasRouteStyles(
  routeId: string | undefined,
  styles: RouteStyles | null = routeStyles(),
): boolean {
  return routeId !== undefined && styles?.routes[routeId] !== undefined;
}

/**
 * `html` with route `routeId`'s rules in a `<style>` (allowed by the request's `nonce`) in place
 * of the link to the whole stylesheet, which moves into a `<noscript>`; as it is when the build
 * kept no rules for the route or the link is not the one they were taken from.
 */
export function withRouteStyles(
  html: string,
  routeId: string | undefined,
  nonce: string,
  styles: RouteStyles | null = routeStyles(),
): string {
  const index = routeId === undefined ? undefined : styles?.routes[routeId];
  const css = index === undefined ? undefined : styles?.styles[index];
  const [link] = html.matchAll(STYLESHEET_LINK);
  if (css === undefined || !link || link[1] !== styles?.stylesheet || !nonce) return html;
  return html.replace(
    link[0],
    () =>
      `<style nonce="${nonce}">${css}</style>` +
      `<noscript><link rel="stylesheet" href="${link[1]}"/></noscript>`,
  );
}
