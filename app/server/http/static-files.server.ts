/**
 * The files `npm run build` wrote, as the Node entry serves them: the hashed assets (compressed as
 * the build left them, kept a year) and the rest of build/client (an hour).
 */
import express, { type RequestHandler } from "express";
import expressStaticGzip from "express-static-gzip";

/**
 * The hashed assets under build/client/assets: sent as `npm run build` compressed them (brotli or
 * gzip, as the browser accepts), with only the headers a script, stylesheet or image needs (a
 * policy for documents would add some 600 bytes to each file and protect nothing), plus the site's
 * Strict-Transport-Security if it has one.
 */
export function serveAssets(dir: string, siteHeaders: [string, string][]): RequestHandler[] {
  const headers: [string, string][] = [
    ["X-Content-Type-Options", "nosniff"],
    ["Cross-Origin-Resource-Policy", "same-origin"],
    // An SVG opened on its own is a document: it may run nothing and load nothing.
    ["Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'; sandbox"],
    ["X-Frame-Options", "DENY"],
    ...siteHeaders.filter(([name]) => name.toLowerCase() === "strict-transport-security"),
  ];
  return [
    (_req, res, next) => {
      for (const [name, value] of headers) res.setHeader(name, value);
      next();
    },
    expressStaticGzip(dir, {
      enableBrotli: true,
      orderPreference: ["br", "gzip"],
      index: false,
      serveStatic: { immutable: true, maxAge: "1y", index: false, redirect: false },
    }),
  ];
}

/** The rest of build/client (favicon, robots.txt, the route data files): kept an hour. */
export function serveBuiltFiles(dir: string): RequestHandler {
  return express.static(dir, { maxAge: "1h", index: false, redirect: false });
}
