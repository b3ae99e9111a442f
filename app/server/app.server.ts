import { createRequestHandler } from "@react-router/express";
import type { RequestHandler } from "express";
import { RouterContextProvider } from "react-router";

import { cspNonceContext } from "#app/context.ts";

import { openDatabase, type Database } from "./database.server.ts";
import { getEnv, type Env } from "./env.server.ts";
import { logger } from "./logger.server.ts";
import { servicesContext } from "./services.server.ts";

/** The app as server.ts runs it: settings, logger, the React Router handler and a way to stop. */
export interface RunningApp {
  env: Env;
  logger: typeof logger;
  handler: RequestHandler;
  /** Closes the database cleanly; call once no request is in flight. */
  close(): Promise<void>;
}

/**
 * Checks the environment, opens and migrates the database, and builds the request handler. This
 * module is the entry of the server bundle (vite.config.ts).
 */
export async function startApp(): Promise<RunningApp> {
  const env = getEnv();
  const database: Database = await openDatabase(
    env.DATABASE_URL
      ? { kind: "postgres", url: env.DATABASE_URL }
      : { kind: "pglite", dataDir: env.DATA_DIR },
  );
  const services = { env, database };
  const handler = createRequestHandler({
    build: () => import("virtual:react-router/server-build"),
    mode: env.NODE_ENV === "development" ? "development" : "production",
    getLoadContext(_req, res) {
      const context = new RouterContextProvider();
      context.set(servicesContext, services);
      context.set(cspNonceContext, String(res.locals.cspNonce ?? ""));
      return context;
    },
  });
  return { env, logger, handler, close: () => database.close() };
}
