import { createRequestHandler } from "@react-router/express";
import type { RequestHandler } from "express";
import { RouterContextProvider } from "react-router";

import { cspNonceContext } from "#app/context.ts";
import { agencyFrom, agencyStamp } from "#app/domain/site/agency.ts";
import { countedAddress } from "#app/domain/site/client-address.ts";
import { languagesStamp, siteLanguages } from "#app/domain/site/locales.ts";

import { operatorCommand } from "#app/server/admin/operators.server.ts";
import { startBackupEndpoint } from "#app/server/db/backup.server.ts";
import { startPlannerStatistics } from "#app/server/db/planner-statistics.server.ts";
import { openDatabase, type Database } from "#app/server/db/database.server.ts";
import {
  agencyMailLimits,
  getEnv,
  postgresTimeouts,
  refuseUnfinishedPublicSite,
  unsetAgencySettings,
  type Env,
} from "#app/server/env.server.ts";
import {
  clientAddressContext,
  refuseCrossSitePosts,
  refuseOtherMethods,
} from "#app/server/http/guards.server.ts";
import { logEachRequest } from "#app/server/http/request-log.server.ts";
import { withTrieMatching } from "#app/server/http/route-matching.server.ts";
import { closeLogs, logger } from "#app/server/logger.server.ts";
import { createMailTransport, OutboxWorker } from "#app/server/mail/outbox.server.ts";
import { processResumeRequests } from "#app/server/wizard/resume-tokens.server.ts";
import { queueLeadEvent, WebhookWorker } from "#app/server/leads/webhooks.server.ts";
import { RenewalReminderWorker } from "#app/server/leads/renewal-reminders.server.ts";
import { StateWaitlistWorker } from "#app/server/wizard/state-waitlist.server.ts";
import { servicesContext } from "#app/server/services.server.ts";
import { createServices } from "#app/server/create-services.server.ts";

// `react-router build` prerenders the marketing pages by loading this bundle as a plain server
// build (through Vite's preview server), so the bundle exports the build as well as startApp.
import * as serverBuild from "virtual:react-router/server-build";
export * from "virtual:react-router/server-build";

/** The app as server.ts runs it: settings, logger, the React Router handler and a way to stop. */
export interface RunningApp {
  env: Env;
  logger: typeof logger;
  handler: RequestHandler;
  /**
   * What the prerendered pages were built for, to compare with (prerendered-pages.server.ts): the
   * agency's details and the languages, as this server's settings give them. server.ts reads them
   * here (and the access log below) rather than importing the domain's modules itself, which would
   * load the message catalogs a second time beside the bundle's copy (some 1,700 modules, a third
   * of a second of each start: decision 075).
   */
  prerenderStamps: { agencyStamp: string; languagesStamp: string };
  /** The first handler of every request: its line in the access log (request-log.server.ts). */
  logEachRequest(isStopping: () => boolean): RequestHandler;
  /** Refuses posts from other sites (403); goes in front of every other handler of posts. */
  refuseCrossSitePosts: RequestHandler;
  /** Answers methods the site does not take (405 with Allow); goes in front of the app. */
  refuseOtherMethods: RequestHandler;
  /** Closes the database cleanly; call once no request is in flight. */
  close(): Promise<void>;
  /** Writes out the waiting log lines, for at most `ms`, and closes the log: call it last. */
  closeLogs(ms: number): Promise<void>;
}

/**
 * Checks the environment, opens and migrates the database, and builds the request handler. This
 * module is the entry of the server bundle (vite.config.ts).
 */
export async function startApp(): Promise<RunningApp> {
  const env = getEnv();
  logger.level = env.LOG_LEVEL;
  // A public address without the agency's details (and not a declared demonstration) stops here.
  refuseUnfinishedPublicSite(env);
  const unsetAgency = unsetAgencySettings(env);
  if (env.NODE_ENV === "production" && unsetAgency.length > 0) {
    // Pages and emails then name the sample agency, marked as a sample: fine to try the site, not
    // to run it (California, for one, requires the agency's real name and licence number).
    logger.warn(
      { unset: unsetAgency },
      "agency settings unset: the site shows sample agency details",
    );
  }
  const database: Database = await openDatabase(
    env.DATABASE_URL
      ? { kind: "postgres", url: env.DATABASE_URL, timeouts: postgresTimeouts(env) }
      : { kind: "pglite", dataDir: env.DATA_DIR },
  );
  const services = createServices(env, database);
  // What uploads a crash cut short left in DATA_DIR/uploads (decision 057).
  const leftovers = await services.uploads.removeLeftovers();
  if (leftovers > 0) logger.info({ removed: leftovers }, "uploads left by an ended server removed");
  const statistics = startPlannerStatistics(database, logger);
  // Emails wait in the outbox table; this worker delivers them (SMTP, or .eml files), after
  // turning /login's waiting requests into emails, away from the requests that stored them.
  const outbox = new OutboxWorker({
    db: database.db,
    transport: createMailTransport(env),
    from: env.MAIL_FROM,
    retryBaseMs: env.MAIL_RETRY_BASE_MS,
    beforeEachPass: () => processResumeRequests(services),
  });
  outbox.start();
  // Leads' webhooks (issue 17): queued by the saves, posted and retried by this worker.
  const webhooks = new WebhookWorker({ db: database.db, env });
  webhooks.start();
  // Renewals (decisions 046, 073): every server checks; the database lets each step go once.
  const reminders = new RenewalReminderWorker({
    db: database.db,
    intervalMs: env.REMINDER_CHECK_INTERVAL_MS,
    timeZone: env.AGENCY_TIME_ZONE,
    sending: {
      notifyTo: env.LEAD_NOTIFY_TO,
      siteUrl: env.SITE_URL,
      agency: agencyFrom(env),
      limits: agencyMailLimits(env),
      windows: env.RENEWAL_WINDOWS_DAYS,
      onRequestOpened: (submissionId) =>
        queueLeadEvent(services, "quote_request.created", submissionId),
    },
  });
  reminders.start();
  // The not-licensed page's promise: told once when their state is served (decision 066).
  const waitlist = new StateWaitlistWorker(database.db, env);
  waitlist.start();
  // `npm run db:backup` and `npm run operator:create` ask the server itself: no other process may
  // open the embedded database.
  const backups =
    database.kind === "pglite"
      ? await startBackupEndpoint(env.DATA_DIR, database, logger, {
          "/operators": operatorCommand(database.db),
        })
      : undefined;
  const handler = createRequestHandler({
    // In development, a fresh import per request picks up edits to the routes. Either way, routes
    // are found by the framework's trie matcher (decision 081).
    build: import.meta.env.DEV
      ? () => import("virtual:react-router/server-build").then(withTrieMatching)
      : withTrieMatching(serverBuild),
    mode: env.NODE_ENV === "development" ? "development" : "production",
    getLoadContext(req, res) {
      const context = new RouterContextProvider();
      context.set(servicesContext, services);
      // The socket's address, or with TRUST_PROXY the nearest proxy's word for it (server.ts), as
      // the rate limit and the lockout count it (an IPv6 host by its /64).
      context.set(clientAddressContext, countedAddress(req.ip ?? "unknown"));
      context.set(cspNonceContext, String(res.locals.cspNonce ?? ""));
      return context;
    },
  });
  // The languages the refusals answered before the app may speak (the SPANISH setting).
  const languages = siteLanguages(env.SPANISH);
  return {
    env,
    logger,
    handler,
    prerenderStamps: {
      agencyStamp: agencyStamp(agencyFrom(env)),
      languagesStamp: languagesStamp(languages),
    },
    logEachRequest: (isStopping) => logEachRequest(logger, isStopping),
    refuseCrossSitePosts: refuseCrossSitePosts(env.SITE_URL, languages),
    refuseOtherMethods: refuseOtherMethods(languages),
    close: async () => {
      // Uploads still arriving stop, and their files go, before the database closes.
      await services.uploads.close();
      await backups?.close();
      await outbox.stop();
      await webhooks.stop();
      await reminders.stop();
      await waitlist.stop();
      await statistics.stop();
      // The funnel's and the rate limit's counts still in memory.
      await services.funnel.flush();
      await services.rateLimiter.close();
      await database.close();
    },
    closeLogs,
  };
}
