import { createContext, type RouterContextProvider } from "react-router";

import type { Database } from "#app/server/db/database.server.ts";
import type { Env } from "#app/server/env.server.ts";
import type { RateLimiter } from "#app/server/http/rate-limiter.server.ts";
import type { UploadArea } from "#app/server/http/upload-area.server.ts";
import type { FunnelTally } from "#app/server/wizard/funnel-tally.server.ts";
import type { DraftCache } from "#app/server/wizard/draft-cache.server.ts";

/**
 * What loaders and actions need from the running server: built once by startApp (or a test) with
 * createServices (create-services.server.ts) and passed to every request through the router
 * context, never kept by a module of its own. Only types are imported here, so that the stores
 * the services hold may read the context without an import cycle.
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
  /** Where uploads are kept while they arrive, each removed when it ends (upload-area.server.ts). */
  uploads: UploadArea;
}

export const servicesContext = createContext<AppServices>();

/** The running server's services, from a loader's or action's context. */
export function getServices(context: Readonly<RouterContextProvider>): AppServices {
  return context.get(servicesContext);
}
