/**
 * Compresses the client build's hashed assets and its prerendered pages once, at build time, at
 * each format's best setting (brotli quality 11, gzip level 9): server.ts sends these files as they
 * are, so no request pays for compression, and each byte a browser downloads is as few as the
 * format allows.
 */
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { brotliCompressSync, constants as zlib, gzipSync } from "node:zlib";

/** The kinds of asset worth compressing: text. Images and fonts are compressed already. */
const COMPRESSIBLE = /\.(js|css|svg|json|txt)$/;

/** Writes `<file>.br` and `<file>.gz` beside `file`. */
export function compressFile(file: string): void {
  const content = readFileSync(file);
  writeFileSync(
    `${file}.br`,
    brotliCompressSync(content, {
      params: {
        [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY,
        [zlib.BROTLI_PARAM_SIZE_HINT]: content.length,
      },
    }),
  );
  writeFileSync(`${file}.gz`, gzipSync(content, { level: zlib.Z_BEST_COMPRESSION }));
}

/** Writes `<file>.br` and `<file>.gz` beside each compressible file of `dir`. */
export function compressAssets(dir: string): { files: number } {
  let files = 0;
  for (const name of readdirSync(dir)) {
    if (!COMPRESSIBLE.test(name)) continue;
    compressFile(path.join(dir, name));
    files += 1;
  }
  return { files };
}

/**
 * Writes `index.html.br` and `index.html.gz` beside each prerendered page under `clientDir`
 * (server.ts sends them when they are of the page beside them).
 */
export function compressPages(clientDir: string): { pages: number } {
  let pages = 0;
  for (const file of readdirSync(clientDir, { recursive: true, encoding: "utf8" })) {
    if (path.basename(file) !== "index.html") continue;
    compressFile(path.join(clientDir, file));
    pages += 1;
  }
  return { pages };
}
