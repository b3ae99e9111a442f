import { createHmac, timingSafeEqual } from "node:crypto";

import { parse, serialize, type CookieSerializeOptions } from "cookie-es";
import type { Cookie } from "react-router";

import type { Env } from "#app/server/env.server.ts";

/** What every cookie of the site shares: httpOnly, SameSite=Lax, whole site unless `path` says. */
export interface SiteCookieOptions {
  maxAgeSeconds?: number;
  /** Only sent to the pages under this path (default "/"). */
  path?: string;
}

/** The attributes of a site cookie's Set-Cookie. */
function attributes(env: Env, options: SiteCookieOptions): CookieSerializeOptions {
  return {
    httpOnly: true,
    sameSite: "lax",
    path: options.path ?? "/",
    secure: env.SITE_URL.startsWith("https:"),
    ...(options.maxAgeSeconds === undefined ? {} : { maxAge: options.maxAgeSeconds }),
  };
}

/** The HMAC-SHA256 of `value` in base64 without its padding, as React Router writes it. */
function signatureOf(value: string, secret: string): string {
  return createHmac("sha256", secret).update(value).digest("base64").replace(/=+$/, "");
}

/** `value` with its signature, in React Router's signed-cookie format (`value.signature`). */
export function signCookieValue(value: string, secret: string): string {
  return `${value}.${signatureOf(value, secret)}`;
}

/** The value of a signed cookie value, or false if its signature is not `secret`'s. */
export function unsignCookieValue(signed: string, secret: string): string | false {
  const dot = signed.lastIndexOf(".");
  if (dot < 0) return false;
  const value = signed.slice(0, dot);
  const given = Buffer.from(signed.slice(dot + 1));
  const expected = Buffer.from(signatureOf(value, secret));
  return given.length === expected.length && timingSafeEqual(given, expected) ? value : false;
}

/** A value as a cookie carries it: its JSON's UTF-8 in base64 (React Router's encoding). */
function encode(value: unknown): string {
  return Buffer.from(JSON.stringify(value), "utf8").toString("base64");
}

/** A cookie's value back from `encode`; an unreadable one is `{}`, as React Router reads it. */
function decode(encoded: string): unknown {
  try {
    return JSON.parse(Buffer.from(encoded, "base64").toString("utf8"));
  } catch {
    return {};
  }
}

/**
 * A signed cookie of the site (decision 028): React Router's Cookie, in its format (cookies set
 * before read the same), signed with Node's HMAC rather than Web Crypto's. Web Crypto imports the
 * key again for every signature and answers through a promise and a thread pool job: some 13% of
 * a wizard save's CPU time, against microseconds here.
 */
export function siteCookie(env: Env, name: string, options: SiteCookieOptions = {}): Cookie {
  const secret = env.SESSION_SECRET;
  const serializeWith = attributes(env, options);
  return {
    get name() {
      return name;
    },
    get isSigned() {
      return true;
    },
    get expires() {
      return options.maxAgeSeconds === undefined
        ? undefined
        : new Date(Date.now() + options.maxAgeSeconds * 1000);
    },
    // The Cookie interface answers with promises; the work is synchronous.
    async parse(cookieHeader) {
      if (!cookieHeader) return null;
      const cookies = parse(cookieHeader);
      if (!(name in cookies)) return null;
      const signed = cookies[name];
      if (!signed) return "";
      const value = unsignCookieValue(signed, secret);
      return value === false ? null : decode(value);
    },
    async serialize(value, serializeOptions) {
      const encoded = value === "" ? "" : signCookieValue(encode(value), secret);
      return serialize(name, encoded, { ...serializeWith, ...serializeOptions });
    },
  };
}
