import { pino } from "pino";

import { getEnv } from "./env.server.ts";

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

/**
 * The one logger: JSON lines on standard output. Never pass it a visitor's email, name, phone or
 * address; log ids and counts instead.
 */
export const logger = pino({
  level: getEnv().LOG_LEVEL,
  base: undefined,
  timestamp: pino.stdTimeFunctions.isoTime,
  formatters: { level: (label) => ({ level: label }) },
  serializers: { err: serializeError },
});
