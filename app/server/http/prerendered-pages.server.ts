/**
 * The marketing pages as `npm run build` prerendered them (decisions 004 and 025), held in memory
 * with their compressed copies and their security headers, to be served before any other work.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import {
  brotliCompressSync,
  brotliDecompressSync,
  constants as zlib,
  gunzipSync,
  gzipSync,
} from "node:zlib";

import type { RequestHandler } from "express";
import type { Logger } from "pino";

import {
  headersSetBy,
  inlineHashesOf,
  securityHeaders,
} from "#app/server/http/security-headers.server.ts";

/** A prerendered page as sent: as built, compressed with brotli and gzip, and its headers. */
export interface PrerenderedPage {
  identity: Buffer;
  br: Buffer;
  gzip: Buffer;
  headers: [string, string][];
}

/**
 * The compressed copy `npm run build` wrote beside a page (brotli's and gzip's best settings, too
 * slow to run here for every page), if it is of this very page; else the page compressed now.
 */
function compressedPage(file: string, html: Buffer, encoding: "br" | "gzip"): Buffer {
  const built = `${file}.${encoding === "br" ? "br" : "gz"}`;
  if (existsSync(built)) {
    const body = readFileSync(built);
    const unpacked = encoding === "br" ? brotliDecompressSync(body) : gunzipSync(body);
    if (unpacked.equals(html)) return body;
  }
  return encoding === "br"
    ? brotliCompressSync(html, {
        params: {
          [zlib.BROTLI_PARAM_QUALITY]: 5,
          [zlib.BROTLI_PARAM_SIZE_HINT]: html.length,
        },
      })
    : gzipSync(html, { level: 9 });
}

/**
 * The prerendered pages (`<dir>/<path>/index.html`) by path, keeping only those rendered for this
 * server's SITE_URL and agency: each names its own address in its canonical link, and the agency
 * in its footer's data-agency. A page built for another address or agency is left to the request
 * handler, which renders it for this one. Each is sent as `npm run build` compressed it, at
 * brotli's best quality (some 1.3 kB less than quality 5 on a page: what its first round trip
 * carries), which would take seconds here for all.
 */
export function loadPrerenderedPages(
  dir: string,
  site: { siteUrl: string; agencyStamp: string; languagesStamp: string; logger: Logger },
): Map<string, PrerenderedPage> {
  const { siteUrl, logger } = site;
  const pages = new Map<string, PrerenderedPage>();
  let elsewhere = 0;
  const agency = `data-agency="${site.agencyStamp}"`;
  const languages = `data-languages="${site.languagesStamp}"`;
  for (const file of readdirSync(dir, { recursive: true, encoding: "utf8" })) {
    if (path.basename(file) !== "index.html") continue;
    const folder = path.dirname(file);
    const urlPath = folder === "." ? "/" : `/${folder.split(path.sep).join("/")}`;
    const html = readFileSync(path.join(dir, file));
    const canonical = /<link rel="canonical" href="([^"]*)"/.exec(html.toString("utf8"))?.[1];
    if (
      canonical !== `${siteUrl}${urlPath}` ||
      !html.includes(agency) ||
      !html.includes(languages)
    ) {
      elsewhere += 1;
      continue;
    }
    const filePath = path.join(dir, file);
    pages.set(urlPath, {
      identity: html,
      br: compressedPage(filePath, html, "br"),
      gzip: compressedPage(filePath, html, "gzip"),
      headers: headersSetBy(
        securityHeaders({
          scriptNonce: false,
          inline: inlineHashesOf(html.toString("utf8")),
          siteUrl,
          development: false,
        }),
      ),
    });
  }
  if (elsewhere > 0) {
    logger.warn(
      { pages: elsewhere, siteUrl },
      "prerendered pages were built for another SITE_URL, agency or SPANISH setting: rendering them on request (build with these settings to serve them prerendered)",
    );
  }
  if (pages.size > 0) logger.info({ pages: pages.size }, "serving prerendered pages");
  return pages;
}

/**
 * Answers a GET or HEAD for a prerendered page from memory, compressed as the browser accepts, with
 * the page's own security headers; any other request goes on.
 */
export function servePrerenderedPages(pages: Map<string, PrerenderedPage>): RequestHandler {
  return (req, res, next) => {
    const page = req.method === "GET" || req.method === "HEAD" ? pages.get(req.path) : undefined;
    if (!page) return next();
    const encoding = req.acceptsEncodings("br")
      ? "br"
      : req.acceptsEncodings("gzip")
        ? "gzip"
        : undefined;
    const body = encoding ? page[encoding] : page.identity;
    for (const [name, value] of page.headers) res.setHeader(name, value);
    res.setHeader("Cache-Control", "no-store");
    res.setHeader("Content-Type", "text/html; charset=utf-8");
    res.setHeader("Vary", "Accept-Encoding");
    if (encoding) res.setHeader("Content-Encoding", encoding);
    res.setHeader("Content-Length", body.length);
    res.end(req.method === "HEAD" ? undefined : body);
  };
}
