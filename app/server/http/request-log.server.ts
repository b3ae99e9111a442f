/**
 * The first handler of every request: its log line once the answer is out (method, path, status,
 * time: never a query string or a body), and the connection's fate (closed after this answer while
 * the server stops, or when the answer went out before the body it refused was read).
 */
import type { RequestHandler, Response } from "express";
import type { Logger } from "pino";

import { pathForLogs } from "#app/domain/site/log-paths.ts";

export function logEachRequest(logger: Logger, isStopping: () => boolean): RequestHandler {
  return (req, res, next) => {
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
    if (isStopping()) res.setHeader("Connection", "close");
    if (
      req.headers["transfer-encoding"] !== undefined ||
      Number(req.headers["content-length"]) > 0
    ) {
      closeIfBodyUnread(res, () => req.complete);
    }
    next();
  };
}

/**
 * A request whose body is still arriving when its answer starts had it refused unread (411, 413).
 * Kept open, the connection would read the rest of that body (or take the client's next request
 * for it, some 65 s of waiting), so such an answer closes the connection: nothing more is read,
 * and the client sends its next request on a fresh connection at once. Decided as the headers go
 * out, the last moment they can still say so, since the refusal is React Router's (guards.server.ts).
 */
function closeIfBodyUnread(res: Response, bodyRead: () => boolean): void {
  const writeHead = res.writeHead;
  // The casts: the wrapper passes writeHead's arguments on as they came, whichever of its overloads
  // they are, which a rest list of unknown cannot spell for TypeScript.
  res.writeHead = function (this: Response, ...args: unknown[]) {
    if (!bodyRead()) this.setHeader("Connection", "close");
    return Reflect.apply(writeHead, this, args) as Response;
  } as typeof res.writeHead;
}
