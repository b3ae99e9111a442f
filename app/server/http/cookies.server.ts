import { createCookie, type Cookie, type CookieOptions } from "react-router";

import type { Env } from "../env.server.ts";

/** The options every cookie of the site shares: signed, httpOnly, SameSite=Lax, whole site. */
export function cookieOptions(env: Env, maxAgeSeconds?: number): CookieOptions {
  return {
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    secure: env.SITE_URL.startsWith("https:"),
    secrets: [env.SESSION_SECRET],
    ...(maxAgeSeconds === undefined ? {} : { maxAge: maxAgeSeconds }),
  };
}

/** A signed cookie of the site. */
export function siteCookie(env: Env, name: string, maxAgeSeconds?: number): Cookie {
  return createCookie(name, cookieOptions(env, maxAgeSeconds));
}
