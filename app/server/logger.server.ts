import { pino } from "pino";
import SonicBoom from "sonic-boom";

/**
 * What of an error may be logged. Database errors carry the failing row's values (detail, query,
 * params, and sometimes the message), which may be a visitor's email: of those only the SQLSTATE
 * code and the names of the constraint and table are kept.
 */
export function serializeError(error: unknown): Record<string, unknown> {
  if (!(error instanceof Error)) return { type: typeof error };
  const fields = error as Error & {
    code?: unknown;
    constraint?: unknown;
    table?: unknown;
  };
  if (typeof fields.code === "string" && /^[0-9A-Z]{5}$/.test(fields.code)) {
    return {
      type: error.name,
      sqlState: fields.code,
      constraint: fields.constraint,
      table: fields.table,
    };
  }
  return {
    type: error.name,
    message: error.message,
    stack: error.stack,
    ...(error.cause ? { cause: serializeError(error.cause) } : {}),
  };
}

/** The most log output held while standard output takes none; past it, new lines are dropped. */
const LOG_BUFFER_BYTES = 1024 * 1024;

/**
 * Standard output, written asynchronously: a log reader that is slow, stuck or gone (a full or a
 * closed pipe) never holds up the server, which goes on serving and stopping. While the output
 * takes nothing, up to LOG_BUFFER_BYTES of lines wait and later ones are dropped; a line the
 * output refuses (EPIPE) is dropped. (pino's own asynchronous destination would flush on exit
 * with a synchronous loop that never ends on a full pipe.)
 */
const output = new SonicBoom({ fd: 1, sync: false, maxLength: LOG_BUFFER_BYTES });
// Nowhere to report a failing log to: the line is dropped, the server goes on.
output.on("error", () => {});

/** Set by closeLogs: the process is ending, and lines logged after that are dropped. */
let closing: Promise<void> | undefined;

/**
 * The one logger: JSON lines on standard output. Never pass it a visitor's email, name, phone or
 * address; log ids and counts instead. It logs at `info` until the server sets LOG_LEVEL's level
 * (startApp): importing it reads no settings.
 */
export const logger = pino(
  {
    level: "info",
    base: undefined,
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label) => ({ level: label }) },
    serializers: { err: serializeError },
  },
  {
    write: (line: string) => {
      if (!closing) output.write(line);
    },
  },
);

/**
 * Writes out the lines still waiting, for at most `ms` (the output may take nothing), and closes
 * the log: call it last, just before the process exits.
 */
export function closeLogs(ms: number): Promise<void> {
  closing ??= new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    output.once("close", () => {
      clearTimeout(timer);
      resolve();
    });
    output.end();
  });
  return closing;
}
