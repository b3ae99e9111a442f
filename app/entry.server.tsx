import { PassThrough } from "node:stream";

import { renderToPipeableStream } from "react-dom/server";
import {
  isRouteErrorResponse,
  ServerRouter,
  type EntryContext,
  type HandleErrorFunction,
  type RouterContextProvider,
} from "react-router";

import { NonceProvider } from "#app/components/nonce-provider.tsx";
import {
  AFTER_LARGEST_PAINT,
  SITE_SCRIPT_TAG,
  siteScriptLoader,
} from "#app/components/site/site-script-loader.ts";
import { cspNonceContext } from "#app/context.ts";
import { forTheBrowser } from "#app/server/http/route-matching.server.ts";
import { hasRouteStyles, withRouteStyles } from "#app/server/http/route-styles.server.ts";
import { logger } from "#app/server/logger.server.ts";

export const streamTimeout = 5_000;

/**
 * Renders every page in full before sending it (no streaming): pages are served ready to read, a
 * failure can still change the status code, and the document can be finished as a whole.
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
): Promise<Response> {
  const nonce = loadContext.get(cspNonceContext);
  return new Promise((resolve, reject) => {
    let status = responseStatusCode;
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <ServerRouter context={forTheBrowser(routerContext)} url={request.url} nonce={nonce} />
      </NonceProvider>,
      {
        nonce,
        onAllReady() {
          const rendered = new PassThrough();
          const chunks: Buffer[] = [];
          rendered.on("data", (chunk: Buffer) => chunks.push(chunk));
          rendered.on("error", reject);
          rendered.on("end", () => {
            const html = withHydrationAfterFirstPaint(
              withoutModulePreloads(Buffer.concat(chunks).toString("utf8")),
              nonce,
              routerContext.staticHandlerContext.matches.at(-1)?.route.id,
            );
            responseHeaders.set("Content-Type", "text/html; charset=utf-8");
            // A post to a page without a form: the page itself can only be read.
            if (status === 405) responseHeaders.set("Allow", "GET, HEAD");
            resolve(new Response(html, { headers: responseHeaders, status }));
          });
          pipe(rendered);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          status = 500;
          logger.error({ err: error }, "render failed");
        },
      },
    );
    setTimeout(abort, streamTimeout + 1_000);
  });
}

/**
 * A hydrating page without its `<link rel="modulepreload">` tags (React Router's `<Scripts>`
 * renders one per module, with no option to leave them out): the page is whole and works without
 * its scripts, so the browser spends its first moments on the document and the stylesheet, paints,
 * and only then fetches the modules, as the hydration script imports them (decision 010).
 */
function withoutModulePreloads(html: string): string {
  return html.replace(/<link rel="modulepreload"[^>]*>/g, "");
}

/** React Router's hydration script (`<Scripts>`): a module script importing each route's module. */
const HYDRATION_SCRIPT =
  /(<script\b(?![^>]*\bsrc=)[^>]*type="module"[^>]*>)([\s\S]*?)(<\/script>)/g;
/**
 * One of its imports of a route's module: `route2`, or one part of a route whose module the build
 * split (`route2_clientAction`, `route2_main`, which a later statement joins as `route2`).
 */
const STATIC_IMPORT = /^import \* as (route\d+(?:_[A-Za-z]+)?) from ("\/assets\/[\w.-]+\.js");$/gm;

/**
 * A hydrating page that fetches nothing but itself before its largest paint (decisions 027 and
 * 053): its hydration script's static imports of the route modules become imports it makes once
 * the browser reports that paint (AFTER_LARGEST_PAINT), all at once; the site script's tag becomes
 * the inline loader that adds it then (siteScriptLoader, allowed by the request's `nonce`); and a
 * wizard page carries the stylesheet's rules it uses (withRouteStyles, for route `routeId`) in
 * place of the link to the stylesheet. The hydration script's other statements run as before,
 * after the imports. A wizard page that does not hydrate (decision 077) gets the same loader and
 * rules. Any other page is left as it is.
 */
function withHydrationAfterFirstPaint(
  html: string,
  nonce: string,
  routeId: string | undefined,
): string {
  let hydrates = false;
  const deferred = html.replace(
    HYDRATION_SCRIPT,
    (whole, open: string, body: string, close: string) => {
      const imports = [...body.matchAll(STATIC_IMPORT)];
      const rest = body.replace(STATIC_IMPORT, "");
      if (imports.length === 0 || /^\s*import\s/m.test(rest)) return whole;
      hydrates = true;
      const names = imports.map((match) => match[1]).join(",");
      const urls = imports.map((match) => `import(${match[2]})`).join(",");
      return `${open}await new Promise(${AFTER_LARGEST_PAINT});const [${names}]=await Promise.all([${urls}]);${rest}${close}`;
    },
  );
  // A wizard page that does not hydrate (decision 077) paints from its own rules too.
  if (!nonce || (!hydrates && !hasRouteStyles(routeId))) return deferred;
  return withRouteStyles(
    deferred.replace(
      SITE_SCRIPT_TAG,
      (_tag, src: string) => `<script nonce="${nonce}">${siteScriptLoader(src)}</script>`,
    ),
    routeId,
    nonce,
  );
}

/**
 * Logs errors thrown by loaders and actions, except aborted requests and the answers to a client's
 * own error (4xx: a missing page, a refused post, a method a page does not take), which the
 * request's log line already records by status.
 */
export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted) return;
  if (isRouteErrorResponse(error) && error.status < 500) return;
  logger.error({ err: error, path: new URL(request.url).pathname }, "request failed");
};
