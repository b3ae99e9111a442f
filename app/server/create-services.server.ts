import type { Database } from "#app/server/db/database.server.ts";
import type { Env } from "#app/server/env.server.ts";
import { DatabaseRateLimiter, MemoryRateLimiter } from "#app/server/http/rate-limiter.server.ts";
import { UploadArea } from "#app/server/http/upload-area.server.ts";
import type { AppServices } from "#app/server/services.server.ts";
import { FunnelTally } from "#app/server/wizard/funnel-tally.server.ts";
import { DraftCache } from "#app/server/wizard/draft-cache.server.ts";

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
    uploads: new UploadArea(env.DATA_DIR),
  };
}
