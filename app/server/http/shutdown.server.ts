/**
 * Graceful shutdown of the Node entry: on SIGTERM or SIGINT, stop accepting, let requests in flight
 * finish (cut off after SHUTDOWN_DEADLINE_MS), close the database, write out the log, and exit;
 * whatever hangs, the process has ended EXIT_DEADLINE_MS after the signal (README: "within 10
 * seconds").
 */
import type { Server } from "node:http";
import { Worker } from "node:worker_threads";

import type { Logger } from "pino";

/** After the signal, requests still in flight this long are cut off. */
const SHUTDOWN_DEADLINE_MS = 9_000;
/** After the signal, the process has ended by then, whatever hangs. */
const EXIT_DEADLINE_MS = 10_000;
/** At exit, the longest the log lines still waiting may take to go out. */
const LOG_CLOSE_MS = 500;

/** What shutting down closes, in this order: the database, then the log. */
export interface StoppableApp {
  logger: Logger;
  close(): Promise<void>;
  closeLogs(ms: number): Promise<void>;
}

export interface Shutdown {
  /** True once a signal came: each answer then closes its connection. */
  isStopping(): boolean;
  /** Stops `http` and `app` on SIGTERM and SIGINT. */
  onSignals(http: Server): void;
}

export function gracefulShutdown(app: StoppableApp): Shutdown {
  const { logger } = app;
  let stopping = false;
  let exiting: Promise<void> | undefined;
  /** Ends the process once the log is out, with the code of the first call. */
  const exit = (code: number): Promise<void> => {
    exiting ??= app.closeLogs(LOG_CLOSE_MS).then(() => process.exit(code));
    return exiting;
  };

  async function shutdown(http: Server, signal: string): Promise<void> {
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
      await app.close();
      logger.info("stopped cleanly");
      await exit(0);
    } catch (error) {
      logger.error({ err: error }, "the database did not close cleanly");
      await exit(1);
    }
  }

  return {
    isStopping: () => stopping,
    onSignals(http) {
      process.on("SIGTERM", () => void shutdown(http, "SIGTERM"));
      process.on("SIGINT", () => void shutdown(http, "SIGINT"));
    },
  };
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
