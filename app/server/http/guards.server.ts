import { createContext, data, redirect, type MiddlewareFunction } from "react-router";

import type { RequestHandler as ExpressHandler } from "express";

import { MAX_UPLOAD_BODY_BYTES, takesUploads } from "#app/domain/quote/request-documents.ts";
import { isBoundedForm } from "#app/domain/values/form-submission.ts";
import { HONEYPOT_FIELD } from "#app/domain/site/honeypot.ts";
import { refusal as refusalIn } from "#app/domain/site/messages.ts";
import { localizedPath, pageLocale, type Locale } from "#app/domain/site/locales.ts";
import { m } from "#app/paraglide/messages.js";
import { site } from "#app/domain/site/site.ts";

import { logger } from "#app/server/logger.server.ts";
import { getServices } from "#app/server/services.server.ts";
import { isMultipart } from "#app/server/http/multipart-upload.server.ts";

/**
 * The address a request came from (the socket's, or the proxy's word for it with TRUST_PROXY), as
 * the site counts clients: an IPv6 address by its /64 (app/domain/site/client-address.ts).
 */
export const clientAddressContext = createContext<string>("unknown");

/** The largest request body the site accepts: every form of the site fits in far less. */
export const MAX_BODY_BYTES = 64 * 1024;

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Refuses, with 403 and a short page, every post whose Origin (or Referer) names another site. It
 * runs in front of React Router, whose own check would answer a bare 400. The page is in the
 * address's language if the site speaks it (`languages`, the SPANISH setting), else in English.
 */
export function refuseCrossSitePosts(
  siteUrl: string,
  languages: readonly Locale[],
): ExpressHandler {
  return (req, res, next) => {
    if (SAFE_METHODS.has(req.method)) return next();
    const source = req.get("origin") ?? req.get("referer") ?? null;
    if (namesThisSite(source, req.get("host") ?? "", siteUrl)) return next();
    logger.warn({ path: req.path, reason: "cross-site" }, "post refused");
    res
      .status(403)
      .type("html")
      .send(refusalPage(403, pageLocale(req.path, languages)));
  };
}

/** The methods the site answers: its pages (GET, HEAD) and its forms (POST). */
const ALLOWED_METHODS = ["GET", "HEAD", "POST"] as const;

/**
 * Answers every other method before anything else runs: 405 with `Allow` and a short page (TRACE,
 * PUT, PROPFIND…; React Router would fail on some of them with a 500), and OPTIONS, the one that
 * asks, with 204 and `Allow`. The page is in the address's language if the site speaks it
 * (`languages`), else in English.
 */
export function refuseOtherMethods(languages: readonly Locale[]): ExpressHandler {
  return (req, res, next) => {
    if ((ALLOWED_METHODS as readonly string[]).includes(req.method)) return next();
    res.setHeader("Allow", ALLOWED_METHODS.join(", "));
    if (req.method === "OPTIONS") {
      res.status(204).end();
      return;
    }
    res
      .status(405)
      .type("html")
      .send(refusalPage(405, pageLocale(req.path, languages)));
  };
}

/** A refusal as a short page of its own in `locale`, for answers given in front of React Router. */
function refusalPage(status: number, locale: Locale): string {
  const refusal = refusalIn(status, locale);
  if (!refusal) throw new Error(`No refusal for status ${status}`);
  const home = localizedPath("/", locale);
  return (
    `<!DOCTYPE html><html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${refusal.title} | ${site.brand}</title></head>` +
    `<body><main><h1>${refusal.title}</h1><p>${refusal.body}</p><p><a href="${home}">${m.error_return_home({}, { locale })}</a></p></main></body></html>`
  );
}

/**
 * Whether a request that changes something comes from the site's own pages. Browsers name the page
 * that sent a form in Origin (or, failing that, Referer); a request naming neither is no browser's
 * cross-site form, so it passes. Compared with the host the request was sent to and SITE_URL's.
 */
export function isSameSite(request: Request, siteUrl: string): boolean {
  const source = request.headers.get("Origin") ?? request.headers.get("Referer");
  return namesThisSite(source, new URL(request.url).host, siteUrl);
}

/** The rule behind isSameSite, on the header's value and the host the request was sent to. */
function namesThisSite(source: string | null, requestHost: string, siteUrl: string): boolean {
  if (source === null) return true;
  let host: string;
  try {
    host = new URL(source).host;
  } catch {
    return false;
  }
  return host === requestHost || host === new URL(siteUrl).host;
}

/** Headers that go with the page explaining a refusal (Retry-After on a 429). */
const refusalHeadersContext = createContext<Record<string, string> | null>(null);

/**
 * Puts a refusal's headers on the page that explains it: React Router renders the error screen of a
 * response thrown by middleware from its status alone and sends none of its headers. Goes in front
 * of guardPosts.
 */
export const sendRefusalHeaders: MiddlewareFunction<Response> = async ({ context }, next) => {
  const response = await next();
  const headers = context.get(refusalHeadersContext);
  for (const [name, value] of Object.entries(headers ?? {})) response.headers.set(name, value);
  return response;
};

/**
 * Every post passes here before any action reads it (docs/decisions/README.md, "Security by default"; posts from other sites were
 * refused before, by refuseCrossSitePosts): bodies without a length or over 64 KB are refused (411,
 * 413) before they are read (a file's form, on the pages that take one, may hold one document:
 * MAX_UPLOAD_BODY_BYTES; its action reads it as it streams, decision 043),
 * and each client address may post RATE_LIMIT_PER_MINUTE times a minute (429). The refusals are
 * route error responses, so the root's error screen explains them, with JavaScript or without.
 * Only forms are taken (415 otherwise, 400 if unreadable or if its field names reach past
 * FORM_LIMITS, before any parser builds what they name), and a form whose honeypot field is filled
 * in is dropped quietly: it goes home, and the log counts it.
 */
export const guardPosts: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  if (SAFE_METHODS.has(request.method)) return next();
  const services = getServices(context);
  const path = new URL(request.url).pathname;
  const upload = isMultipart(request) && takesUploads(path);
  const length = request.headers.get("Content-Length");
  if (length === null) throw data({ reason: "length-required" }, { status: 411 });
  if (!/^\d+$/.test(length) || Number(length) > (upload ? MAX_UPLOAD_BODY_BYTES : MAX_BODY_BYTES)) {
    logger.warn({ path, reason: "too-large" }, "post refused");
    throw data({ reason: "too-large" }, { status: 413 });
  }
  // With the database out of reach the count cannot be kept; the post goes on (its save will
  // answer with the spec's error toast) rather than fail here.
  const decision = await services.rateLimiter
    .hit(context.get(clientAddressContext))
    .catch((error: unknown) => {
      logger.warn({ err: error }, "rate limit not counted");
      return { allowed: true, retryAfterSeconds: 0 };
    });
  if (!decision.allowed) {
    logger.warn({ path, reason: "rate-limited" }, "post refused");
    // The seconds until the client's window frees.
    const headers = { "Retry-After": String(decision.retryAfterSeconds) };
    context.set(refusalHeadersContext, headers);
    throw data({ reason: "rate-limited" }, { status: 429, headers });
  }
  const type = request.headers.get("Content-Type") ?? "";
  if (!/^(application\/x-www-form-urlencoded|multipart\/form-data)\b/i.test(type)) {
    throw data({ reason: "unsupported-type" }, { status: 415 });
  }
  // A file's form is read once, as it streams, by its action (app/server/http/multipart-upload.server.ts),
  // which bounds its fields; reading it here too would hold the whole file in memory.
  if (upload) return next();
  const form = await request
    .clone()
    .formData()
    .catch(() => null);
  if (!form) throw data({ reason: "unreadable-form" }, { status: 400 });
  if (!isBoundedForm(form)) {
    logger.warn({ path, reason: "unbounded-form" }, "post refused");
    throw data({ reason: "unbounded-form" }, { status: 400 });
  }
  const honeypot = form.get(HONEYPOT_FIELD);
  if (honeypot !== null && honeypot !== "") {
    logger.info({ path, event: "honeypot" }, "bot post dropped");
    throw redirect("/");
  }
  return next();
};
