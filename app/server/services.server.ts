import { createContext, type RouterContextProvider } from "react-router";

import type { Database } from "./db/database.server.ts";
import type { Env } from "./env.server.ts";
import {
  DatabaseRateLimiter,
  MemoryRateLimiter,
  type RateLimiter,
} from "./http/rate-limiter.server.ts";
import { FunnelTally } from "./wizard/funnel.server.ts";
import { DraftCache } from "./wizard/wizard-drafts.server.ts";

/**
 * What loaders and actions need from the running server: built once by startApp (or a test) and
 * passed to every request through the router context, never kept by a module of its own.
 */
export interface AppServices {
  env: Env;
  database: Database;
  /** Posts per client address and minute: shared through PostgreSQL, or in memory on PGlite. */
  rateLimiter: RateLimiter;
  /** The wizard funnel's counts, kept in memory and written now and then (funnel.server.ts). */
  funnel: FunnelTally;
  /** The wizard drafts this server read or wrote last (decision 029). */
  drafts: DraftCache;
}

/** The services of a server with these settings and this open database. */
export function createServices(env: Env, database: Database): AppServices {
  return {
    env,
    database,
    rateLimiter:
      database.kind === "postgres"
        ? new DatabaseRateLimiter(database.db, env.RATE_LIMIT_PER_MINUTE)
        : new MemoryRateLimiter(env.RATE_LIMIT_PER_MINUTE),
    funnel: new FunnelTally(database.db),
    drafts: new DraftCache(),
  };
}

export const servicesContext = createContext<AppServices>();

/** The running server's services, from a loader's or action's context. */
export function getServices(context: Readonly<RouterContextProvider>): AppServices {
  return context.get(servicesContext);
}
