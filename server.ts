/**
 * The Node entry, composition only: the HTTP server's order of work (request log, prerendered
 * pages, assets, security headers, compression, guards, the app) and its shutdown. Each part is a
 * module of app/server/http/; the app itself (settings, database, pages) comes from the server
 * bundle that `npm run build` writes, or from Vite in development. What the app's settings decide
 * (the prerendered pages' stamps, the access log) comes from the running app too: this file
 * imports nothing of app/domain, which would load the message catalogs a second time beside the
 * bundle's own copy (decision 075).
 */
import { randomBytes } from "node:crypto";
import { constants as zlibConstants } from "node:zlib";

import compression from "compression";
import express from "express";

import type { RunningApp, startApp as StartApp } from "#app/server/app.server.ts";
import {
  loadPrerenderedPages,
  servePrerenderedPages,
} from "#app/server/http/prerendered-pages.server.ts";
import { headersSetBy, securityHeaders } from "#app/server/http/security-headers.server.ts";
import { gracefulShutdown } from "#app/server/http/shutdown.server.ts";
import { serveAssets, serveBuiltFiles } from "#app/server/http/static-files.server.ts";
import { restartWithSettings, serverMemorySettings } from "#app/server/process-settings.server.ts";

const DEVELOPMENT = process.env.NODE_ENV === "development";

// A log reader that went away (EPIPE) must not stop the server: the lines are lost, nothing more.
// (The app's own log lines go through app/server/logger.server.ts, which drops them itself.)
for (const stream of [process.stdout, process.stderr]) stream.on("error", () => {});

restartWithSettings(serverMemorySettings(process.env));

const viteServer = DEVELOPMENT
  ? await import("vite").then((vite) => vite.createServer({ server: { middlewareMode: true } }))
  : undefined;

let running: RunningApp;
try {
  running = await loadApp();
} catch (error) {
  // Settings and a locked DATA_DIR fail here with a message for the operator: print it plainly.
  const message = error instanceof Error ? error.message : String(error);
  process.stderr.write(`CoverPilot could not start.\n${message}\n`);
  process.exit(1);
}
const { env, logger } = running;
const shutdown = gracefulShutdown(running);
/** What every answer's security headers depend on. */
const siteHeaders = { siteUrl: env.SITE_URL, development: DEVELOPMENT };

const server = express();
server.disable("x-powered-by");
// Client addresses (for the rate limit) come from X-Forwarded-For only behind a trusted proxy: then
// the address the nearest proxy saw.
server.set("trust proxy", env.TRUST_PROXY ? 1 : false);
server.use(running.logEachRequest(shutdown.isStopping));
if (!viteServer) {
  // The marketing pages as `npm run build` prerendered them (decision 001), from memory, before any
  // other work; then the hashed assets.
  const pages = loadPrerenderedPages("build/client", {
    siteUrl: env.SITE_URL,
    ...running.prerenderStamps,
    logger,
  });
  server.use(servePrerenderedPages(pages));
  const pageHeaders = headersSetBy(securityHeaders({ ...siteHeaders, scriptNonce: false }));
  server.use("/assets", ...serveAssets("build/client/assets", pageHeaders));
}
server.use((_req, res, next) => {
  res.locals.cspNonce = randomBytes(16).toString("base64");
  next();
});
server.use(securityHeaders({ ...siteHeaders, scriptNonce: true }));
// Pages rendered per request, at brotli's quality 5 (the middleware's default is 4): some 6 % less
// on every page, a kB on the coverage plan, for some 0.4 ms more (decision 079).
server.use(compression({ brotli: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 } } }));
// Methods no page or form takes (405), then posts from other sites (403), before anything else.
server.use(running.refuseOtherMethods);
server.use(running.refuseCrossSitePosts);
server.use(viteServer ? viteServer.middlewares : serveBuiltFiles("build/client"));
server.use((req, res, next) => {
  res.setHeader("Cache-Control", "no-store");
  running.handler(req, res, next);
});

const http = server.listen(env.PORT, env.HOST, () => {
  logger.info(
    { port: env.PORT, host: env.HOST, database: env.DATABASE_URL ? "postgres" : "pglite" },
    "listening",
  );
});
// Idle keep-alive connections outlive those of clients and load balancers (60 s is common), so
// the server never closes one just as a client sends on it: that race answers ECONNRESET.
http.keepAliveTimeout = 65_000;
http.headersTimeout = 66_000;
shutdown.onSignals(http);

async function loadApp(): Promise<RunningApp> {
  // The cast: a module loaded by path has no type; this is the server bundle's entry.
  type AppModule = { startApp: typeof StartApp };
  if (viteServer) {
    const module = (await viteServer.ssrLoadModule("./app/server/app.server.ts")) as AppModule;
    return module.startApp();
  }
  const module = (await import(
    new URL("./build/server/index.js", import.meta.url).href
  )) as AppModule;
  return module.startApp();
}
