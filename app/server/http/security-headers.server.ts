/**
 * The security headers of every answer (docs/decisions/README.md, "Security by default"): a strict
 * Content-Security-Policy (a nonce per request, or a prerendered page's own inline scripts and
 * styles by their hashes, decision 025), framing denied, no sniffing, a referrer policy, the
 * browser features the site never uses turned off, and HSTS when the site is served over HTTPS.
 */
import { createHash } from "node:crypto";

import type express from "express";
import helmet from "helmet";

/**
 * The browser features the site never uses, turned off for its pages and anything they could embed
 * (Permissions-Policy): a script that slipped in could not ask for them either. Only features
 * Chromium knows, since it reports an unknown one on the console of every page.
 */
const PERMISSIONS_POLICY = [
  "accelerometer",
  "autoplay",
  "browsing-topics",
  "camera",
  "display-capture",
  "encrypted-media",
  "fullscreen",
  "geolocation",
  "gyroscope",
  "hid",
  "idle-detection",
  "magnetometer",
  "microphone",
  "midi",
  "payment",
  "picture-in-picture",
  "publickey-credentials-get",
  "screen-wake-lock",
  "serial",
  "usb",
  "xr-spatial-tracking",
]
  .map((feature) => `${feature}=()`)
  .join(", ");

/** CSP source expressions of a page's own inline scripts and styles (`'sha256-…'`). */
export interface InlineHashes {
  scripts: string[];
  styles: string[];
}

/**
 * The security headers (docs/decisions/README.md, "Security by default"). With `scriptNonce`, script-src also allows the
 * request's nonce (`res.locals.cspNonce`), which React Router's scripts carry; with `inline`, the
 * inline scripts and styles of a prerendered page by their hashes (decision 025).
 */
export function securityHeaders(options: {
  scriptNonce: boolean;
  inline?: InlineHashes;
  /** The site's own address: HTTPS adds HSTS and upgrades insecure requests. */
  siteUrl: string;
  /** Vite's development server: its live reload and inline styles are allowed. */
  development: boolean;
}): express.RequestHandler {
  const helmetHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'self'"],
        connectSrc: ["'self'", ...(options.development ? ["ws:"] : [])],
        fontSrc: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        imgSrc: ["'self'", "data:"],
        objectSrc: ["'none'"],
        scriptSrc: [
          "'self'",
          ...(options.inline?.scripts ?? []),
          ...(options.scriptNonce
            ? [
                (_req: unknown, res: unknown) =>
                  `'nonce-${(res as express.Response).locals.cspNonce}'`,
              ]
            : []),
        ],
        styleSrc: [
          "'self'",
          ...(options.inline?.styles ?? []),
          ...(options.development ? ["'unsafe-inline'"] : []),
          ...(options.scriptNonce
            ? [
                (_req: unknown, res: unknown) =>
                  `'nonce-${(res as express.Response).locals.cspNonce}'`,
              ]
            : []),
        ],
        upgradeInsecureRequests: options.siteUrl.startsWith("https:") ? [] : null,
      },
    },
    crossOriginEmbedderPolicy: false,
    frameguard: { action: "deny" },
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    strictTransportSecurity: options.siteUrl.startsWith("https:"),
  });
  return (req, res, next) => {
    res.setHeader("Permissions-Policy", PERMISSIONS_POLICY);
    helmetHeaders(req, res, next);
  };
}

/** The headers a middleware sets whatever the request: run once against a stand-in answer. */
export function headersSetBy(middleware: express.RequestHandler): [string, string][] {
  const headers: [string, string][] = [];
  const standIn = {
    setHeader: (name: string, value: unknown) => headers.push([name, String(value)]),
    removeHeader: () => {},
    locals: {},
  };
  middleware({} as express.Request, standIn as unknown as express.Response, (error?: unknown) => {
    if (error) throw error;
  });
  return headers;
}

/** A CSP hash source of `content` as the browser hashes it (UTF-8, SHA-256, base64). */
function hashSource(content: string): string {
  return `'sha256-${createHash("sha256").update(content, "utf8").digest("base64")}'`;
}

/**
 * The hashes of a prerendered page's inline scripts (those without attributes: structured data,
 * which runs nothing, has a type) and styles, which `npm run build` put there (decision 025).
 */
export function inlineHashesOf(html: string): InlineHashes {
  const contents = (pattern: RegExp) =>
    [...html.matchAll(pattern)].map((match) => hashSource(match[1] ?? ""));
  return {
    scripts: contents(/<script>([\s\S]*?)<\/script>/g),
    styles: contents(/<style>([\s\S]*?)<\/style>/g),
  };
}
