import { createCookieSessionStorage, type SessionStorage } from "react-router";

import { SITE_COOKIES } from "#app/domain/site/site-cookies.ts";
import type { Toast } from "#app/domain/site/toast.ts";

import { siteCookie } from "#app/server/http/signed-cookies.server.ts";
import type { Env } from "#app/server/env.server.ts";

type FlashStorage = SessionStorage<Record<string, never>, { toast: Toast }>;

/** The flash cookie's storage: cheap to build (a cookie's settings), so built where it is used. */
function flashStorage(env: Env): FlashStorage {
  return createCookieSessionStorage({
    cookie: siteCookie(env, SITE_COOKIES.flash.name, {
      maxAgeSeconds: SITE_COOKIES.flash.maxAgeSeconds,
    }),
  });
}

/** A Set-Cookie value that shows `toast` on the next page the visitor sees (a flash message). */
export async function flashToast(env: Env, request: Request, toast: Toast): Promise<string> {
  const storage = flashStorage(env);
  const session = await storage.getSession(request.headers.get("Cookie"));
  session.flash("toast", toast);
  return storage.commitSession(session);
}

/**
 * The toast flashed for this request, if any, and the Set-Cookie value that clears it (undefined
 * when there was none, so that pages without one set no cookie).
 */
export async function takeToast(
  env: Env,
  request: Request,
): Promise<{ toast: Toast | undefined; setCookie: string | undefined }> {
  const cookieHeader = request.headers.get("Cookie");
  if (!cookieHeader?.includes(`${SITE_COOKIES.flash.name}=`)) {
    return { toast: undefined, setCookie: undefined };
  }
  const storage = flashStorage(env);
  const session = await storage.getSession(cookieHeader);
  const toast = session.get("toast");
  return { toast, setCookie: await storage.destroySession(session) };
}
