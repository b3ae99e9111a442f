import { PassThrough } from "node:stream";

import { renderToPipeableStream } from "react-dom/server";
import {
  isRouteErrorResponse,
  ServerRouter,
  type EntryContext,
  type HandleErrorFunction,
  type RouterContextProvider,
} from "react-router";

import { NonceProvider } from "./components/nonce-provider.tsx";
import { cspNonceContext } from "./context.ts";
import { logger } from "./server/logger.server.ts";

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
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceProvider>,
      {
        nonce,
        onAllReady() {
          const rendered = new PassThrough();
          const chunks: Buffer[] = [];
          rendered.on("data", (chunk: Buffer) => chunks.push(chunk));
          rendered.on("error", reject);
          rendered.on("end", () => {
            const html = withoutModulePreloads(Buffer.concat(chunks).toString("utf8"));
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
