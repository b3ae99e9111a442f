/**
 * The Node entry: the HTTP server's order of work (request log, prerendered pages, assets, security
 * headers, compression, guards, the app), and graceful shutdown. The headers and the prerendered
 * pages are app/server/http/'s. The app itself (settings, database, pages) comes from the server bundle that
 * `npm run build` writes, or from Vite in development.
 */
import { randomBytes } from "node:crypto";
import type { Server } from "node:http";
import { Worker } from "node:worker_threads";

import compression from "compression";
import express from "express";
import expressStaticGzip from "express-static-gzip";

import { agencyFrom, agencyStamp } from "#app/domain/site/agency.ts";
import { languagesStamp, siteLanguages } from "#app/domain/site/locales.ts";
import { pathForLogs } from "#app/domain/site/log-paths.ts";
import type { RunningApp, startApp as StartApp } from "#app/server/app.server.ts";
import {
  loadPrerenderedPages,
  type PrerenderedPage,
} from "#app/server/http/prerendered-pages.server.ts";
import { headersSetBy, securityHeaders } from "#app/server/http/security-headers.server.ts";
import {
  restartWithSettings,
  SERVER_MEMORY_SETTINGS,
} from "#app/server/process-settings.server.ts";

const DEVELOPMENT = process.env.NODE_ENV === "development";
/** After SIGTERM, requests still in flight this long are cut off. */
const SHUTDOWN_DEADLINE_MS = 9_000;
/** After SIGTERM, the process has ended by then, whatever hangs (README: "within 10 seconds"). */
const EXIT_DEADLINE_MS = 10_000;
/** At exit, the longest the log lines still waiting may take to go out. */
const LOG_CLOSE_MS = 500;

// A log reader that went away (EPIPE) must not stop the server: the lines are lost, nothing more.
// (The app's own log lines go through app/server/logger.server.ts, which drops them itself.)
for (const stream of [process.stdout, process.stderr]) stream.on("error", () => {});

restartWithSettings(SERVER_MEMORY_SETTINGS);

const viteServer = DEVELOPMENT
  ? await import("vite").then((vite) => vite.createServer({ server: { middlewareMode: true } }))
  : undefined;

const server = express();
server.disable("x-powered-by");

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
// Client addresses (for the rate limit) come from X-Forwarded-For only behind a trusted proxy: then
// the address the nearest proxy saw.
server.set("trust proxy", env.TRUST_PROXY ? 1 : false);

server.use((req, res, next) => {
  const started = process.hrtime.bigint();
  res.on("finish", () => {
    // Path only: a query string may carry what a visitor typed, and a link's token is a key.
    logger.info({
      method: req.method,
      path: pathForLogs(req.path),
      status: res.statusCode,
      durationMs: Number(process.hrtime.bigint() - started) / 1e6,
    });
  });
  // While shutting down, each keep-alive connection closes after its current answer.
  if (stopping) res.setHeader("Connection", "close");
  closeIfBodyUnread(req, res);
  next();
});

/** What every answer's security headers depend on. */
const siteHeaders = { siteUrl: env.SITE_URL, development: DEVELOPMENT };

// The marketing pages as `npm run build` prerendered them (decision 001), from memory.
const prerendered = viteServer
  ? new Map<string, PrerenderedPage>()
  : loadPrerenderedPages("build/client", {
      siteUrl: env.SITE_URL,
      agencyStamp: agencyStamp(agencyFrom(env)),
      languagesStamp: languagesStamp(siteLanguages(env.SPANISH)),
      logger,
    });

// A prerendered page's policy needs no nonce: it allows the page's own inline script and style by
// their hashes, so its security headers are the same for every answer, worked out once. They are
// served before any other work, from memory, compressed as the build left them.
const prerenderedHeaders = headersSetBy(securityHeaders({ ...siteHeaders, scriptNonce: false }));
const assetHeaders: [string, string][] = [
  ["X-Content-Type-Options", "nosniff"],
  ["Cross-Origin-Resource-Policy", "same-origin"],
  // An SVG opened on its own is a document: it may run nothing and load nothing.
  ["Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'; sandbox"],
  ["X-Frame-Options", "DENY"],
  ...prerenderedHeaders.filter(([name]) => name.toLowerCase() === "strict-transport-security"),
];
server.use((req, res, next) => {
  const page =
    req.method === "GET" || req.method === "HEAD" ? prerendered.get(req.path) : undefined;
  if (!page) return next();
  const encoding = req.acceptsEncodings("br")
    ? "br"
    : req.acceptsEncodings("gzip")
      ? "gzip"
      : undefined;
  const body = encoding ? page[encoding] : page.identity;
  for (const [name, value] of page.headers) res.setHeader(name, value);
  res.setHeader("Cache-Control", "no-store");
  res.setHeader("Content-Type", "text/html; charset=utf-8");
  res.setHeader("Vary", "Accept-Encoding");
  if (encoding) res.setHeader("Content-Encoding", encoding);
  res.setHeader("Content-Length", body.length);
  res.end(req.method === "HEAD" ? undefined : body);
});
if (!viteServer) {
  // Hashed file names: safe to keep for a year. Sent as `npm run build` compressed them (brotli or
  // gzip, as the browser accepts), with only the headers a script, stylesheet or image needs: a
  // policy for documents would add some 600 bytes to each file and protect nothing.
  server.use(
    "/assets",
    (_req, res, next) => {
      for (const [name, value] of assetHeaders) res.setHeader(name, value);
      next();
    },
    expressStaticGzip("build/client/assets", {
      enableBrotli: true,
      orderPreference: ["br", "gzip"],
      index: false,
      serveStatic: { immutable: true, maxAge: "1y", index: false, redirect: false },
    }),
  );
}
server.use((_req, res, next) => {
  res.locals.cspNonce = randomBytes(16).toString("base64");
  next();
});
server.use(securityHeaders({ ...siteHeaders, scriptNonce: true }));
server.use(compression());
// Methods no page or form takes (405), then posts from other sites (403), before anything else.
server.use(running.refuseOtherMethods);
server.use(running.refuseCrossSitePosts);

if (viteServer) {
  server.use(viteServer.middlewares);
} else {
  server.use(
    express.static("build/client", {
      maxAge: "1h",
      index: false,
      redirect: false,
    }),
  );
}
server.use((req, res, next) => {
  res.setHeader("Cache-Control", "no-store");
  running.handler(req, res, next);
});

const http: Server = server.listen(env.PORT, env.HOST, () => {
  logger.info(
    {
      port: env.PORT,
      host: env.HOST,
      database: env.DATABASE_URL ? "postgres" : "pglite",
    },
    "listening",
  );
});
// Idle keep-alive connections outlive those of clients and load balancers (60 s is common), so
// the server never closes one just as a client sends on it: that race answers ECONNRESET.
http.keepAliveTimeout = 65_000;
http.headersTimeout = 66_000;

let stopping = false;
async function shutdown(signal: string): Promise<void> {
  if (stopping) return;
  stopping = true;
  killAfter(EXIT_DEADLINE_MS);
  logger.info({ signal }, "shutting down");
  const deadline = setTimeout(() => {
    logger.error("requests still in flight at the deadline; closing them");
    http.closeAllConnections();
  }, SHUTDOWN_DEADLINE_MS);
  deadline.unref();
  // The database's close, say, hangs: end anyway, leaving time for the log to go out.
  const lastCall = setTimeout(
    () => {
      logger.error("still stopping at the deadline; exiting");
      void exit(1);
    },
    EXIT_DEADLINE_MS - LOG_CLOSE_MS - 200,
  );
  lastCall.unref();
  // Stop accepting; requests in flight finish, then idle keep-alive connections close: those idle
  // now at once, those busy now as soon as their last answer is out (Node closes idle connections
  // only when asked, and a client may keep one open for a minute).
  const closeIdle = setInterval(() => http.closeIdleConnections(), 100);
  await new Promise<void>((resolve) => {
    http.close(() => resolve());
    http.closeIdleConnections();
  });
  clearInterval(closeIdle);
  try {
    await running.close();
    logger.info("stopped cleanly");
    await exit(0);
  } catch (error) {
    logger.error({ err: error }, "the database did not close cleanly");
    await exit(1);
  }
}

/**
 * Ends the process once the log lines still waiting are out (or LOG_CLOSE_MS has passed), with the
 * code of the first call (the deadline's and a late clean stop may both call it).
 */
let exiting: Promise<void> | undefined;
function exit(code: number): Promise<void> {
  exiting ??= running.closeLogs(LOG_CLOSE_MS).then(() => process.exit(code));
  return exiting;
}

/**
 * Kills this process `ms` from now unless it has ended by then. The timer runs in a thread of its
 * own, so it fires even while the main thread is stuck in a synchronous call (a blocking write, the
 * embedded database's WebAssembly). The next server takes over the DATA_DIR lock of a killed one.
 */
function killAfter(ms: number): void {
  const watchdog = new Worker(`setTimeout(() => process.kill(${process.pid}, "SIGKILL"), ${ms});`, {
    eval: true,
  });
  watchdog.unref();
}
process.on("SIGTERM", () => void shutdown("SIGTERM"));
process.on("SIGINT", () => void shutdown("SIGINT"));

/**
 * A request whose body is still arriving when its answer starts had it refused unread (411, 413).
 * Kept open, the connection would read the rest of that body (or take the client's next request
 * for it, some 65 s of waiting), so such an answer closes the connection: nothing more is read,
 * and the client sends its next request on a fresh connection at once. Decided as the headers go
 * out, the last moment they can still say so, since the refusal is React Router's (guards.server.ts).
 */
function closeIfBodyUnread(req: express.Request, res: express.Response): void {
  if (
    req.headers["transfer-encoding"] === undefined &&
    !(Number(req.headers["content-length"]) > 0)
  ) {
    return;
  }
  const writeHead = res.writeHead;
  res.writeHead = function (this: express.Response, ...args: unknown[]) {
    if (!req.complete) this.setHeader("Connection", "close");
    return Reflect.apply(writeHead, this, args) as express.Response;
  } as typeof res.writeHead;
}

async function loadApp(): Promise<RunningApp> {
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
