import {
  createContext,
  data,
  redirect,
  type Cookie,
  type MiddlewareFunction,
  type RouterContextProvider,
} from "react-router";

import { SITE_COOKIES } from "#app/domain/site/site-cookies.ts";
import { safeAdminPath } from "#app/domain/leads/lead-desk.ts";

import { siteCookie } from "#app/server/http/signed-cookies.server.ts";
import type { Env } from "#app/server/env.server.ts";
import { isSameSite } from "#app/server/http/guards.server.ts";
import { logger } from "#app/server/logger.server.ts";
import {
  createOperatorSession,
  deleteOperatorSession,
  findSessionOperator,
  OPERATOR_SESSION_SECONDS,
  type SessionOperator,
} from "#app/server/admin/operator-sessions.server.ts";
import { getServices, type AppServices } from "#app/server/services.server.ts";

/** The sign-in page. */
export const SIGN_IN_PATH = "/admin/login";

/**
 * The operator's session cookie: signed, httpOnly, SameSite=Lax like every cookie of the site, and
 * sent only to /admin, so the public pages never see it.
 */
function sessionCookie(env: Env): Cookie {
  return siteCookie(env, SITE_COOKIES.admin.name, {
    maxAgeSeconds: OPERATOR_SESSION_SECONDS,
    path: SITE_COOKIES.admin.path,
  });
}

async function sessionToken(env: Env, request: Request): Promise<string | undefined> {
  const value: unknown = await sessionCookie(env).parse(request.headers.get("Cookie"));
  return typeof value === "string" ? value : undefined;
}

/** The signed-in operator of a request, or undefined. */
export async function operatorOfRequest(
  services: AppServices,
  request: Request,
): Promise<SessionOperator | undefined> {
  const token = await sessionToken(services.env, request);
  return token ? findSessionOperator(services.database.db, token) : undefined;
}

/** Starts a session; returns the Set-Cookie that carries it. */
export async function startOperatorSession(
  services: AppServices,
  operatorId: string,
): Promise<string> {
  const { token } = await createOperatorSession(services.database.db, operatorId);
  return sessionCookie(services.env).serialize(token);
}

/** Ends the request's session (if any); returns the Set-Cookie that forgets it. */
export async function endOperatorSession(services: AppServices, request: Request): Promise<string> {
  const token = await sessionToken(services.env, request);
  if (token) await deleteOperatorSession(services.database.db, token);
  return sessionCookie(services.env).serialize("", { maxAge: 0 });
}

/** The page a request was for, as a path to come back to after signing in. */
function requestedPage(url: URL): string {
  const pathname = url.pathname.replace(/\.data$/, "").replace(/\/_root$/, "") || "/";
  const params = new URLSearchParams(url.search);
  params.delete("_routes");
  const search = params.toString();
  return safeAdminPath(`${pathname}${search ? `?${search}` : ""}`);
}

/** The sign-in page's address, with where to come back to. */
export function signInUrl(url: URL): string {
  const back = requestedPage(url);
  return back === "/admin" ? SIGN_IN_PATH : `${SIGN_IN_PATH}?next=${encodeURIComponent(back)}`;
}

/** The operator the admin layout's middleware found, for the lead desk's loaders and actions. */
export const operatorContext = createContext<SessionOperator | null>(null);

/**
 * The lead desk's gate, on the admin layout (every /admin route but the sign-in page): without a
 * live session, a redirect to the sign-in page before any loader or action runs, for pages, data
 * requests and downloads alike. Posts must also name this site as their origin: the site-wide check
 * lets a request that names none through, an operator's never does.
 */
export const requireOperator: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const services = getServices(context);
  const url = new URL(request.url);
  if (request.method !== "GET" && request.method !== "HEAD") {
    const named = request.headers.get("Origin") ?? request.headers.get("Referer");
    if (named === null || !isSameSite(request, services.env.SITE_URL)) {
      logger.warn({ path: url.pathname, reason: "no-origin" }, "admin post refused");
      throw data({ reason: "cross-site" }, { status: 403 });
    }
  }
  let operator: SessionOperator | undefined;
  try {
    operator = await operatorOfRequest(services, request);
  } catch (error) {
    logger.error({ err: error }, "operator session unreadable");
    throw data({ reason: "unavailable" }, { status: 503 });
  }
  if (!operator) throw redirect(signInUrl(url));
  context.set(operatorContext, operator);
  return next();
};

/** The signed-in operator (the admin layout's middleware has made sure there is one). */
export function getOperator(context: Readonly<RouterContextProvider>): SessionOperator {
  const operator = context.get(operatorContext);
  if (!operator) throw redirect(SIGN_IN_PATH);
  return operator;
}
