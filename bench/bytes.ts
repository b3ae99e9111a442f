import { request } from "node:http";
import { brotliDecompressSync, gunzipSync, zstdDecompressSync } from "node:zlib";

/** The budget (docs/decisions/README.md, "Performance targets") for a wizard screen's JavaScript, in bytes as served (compressed). */
export const WIZARD_JS_MAX_BYTES = 130_000;

/** What Chromium 156 asks for; the server picks the encoding it prefers of these. */
export const BROWSER_ACCEPT_ENCODING = "gzip, deflate, br, zstd";

/** A response as it came over the wire: headers, and the body still encoded. */
export interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

/** GET without decoding the body, so that its size is the size as served. */
export function getRaw(url: string, acceptEncoding: string, cookie = ""): Promise<RawResponse> {
  const headers = { "accept-encoding": acceptEncoding, ...(cookie ? { cookie } : {}) };
  return new Promise((resolve, reject) => {
    const req = request(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => {
        const headers: Record<string, string> = {};
        for (const [name, value] of Object.entries(res.headers)) {
          if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(", ") : value;
        }
        resolve({ status: res.statusCode ?? 0, headers, body: Buffer.concat(chunks) });
      });
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end();
  });
}

/**
 * One page's document, scripts and stylesheets: bytes as the server sends them to a browser
 * (`wire`, in whichever encoding the server chose for each file), and decoded (`raw`).
 */
export interface PageBytes {
  path: string;
  html: { wire: number; raw: number };
  js: { wire: number; raw: number; files: string[] };
  css: { wire: number; raw: number; files: string[] };
  /** The encodings the server chose, each with how many of the page's files it sent so. */
  encodings: Record<string, number>;
}

/**
 * What loading a page fetches before it is complete: its document, the stylesheets it links, and
 * the scripts it loads or preloads with every module those import statically (lazy imports are
 * left out: they load on a later navigation). Sizes are as the server sends them to Chromium.
 * `cookie`: the visitor's cookies, for a page only they may see (the document only asks for them).
 */
export async function pageBytes(baseUrl: string, path: string, cookie = ""): Promise<PageBytes> {
  const encodings: Record<string, number> = {};
  const get = async (url: string, withCookie = "") => {
    const file = await getAsBrowser(url, withCookie);
    encodings[file.encoding] = (encodings[file.encoding] ?? 0) + 1;
    return file;
  };
  const page = await get(`${baseUrl}${path}`, cookie);
  const html = page.text;
  const attr = (tag: string, name: string) => new RegExp(`${name}="([^"]+)"`).exec(tag)?.[1];
  const tags = html.match(/<(script|link)\b[^>]*>/g) ?? [];
  const scripts = new Set<string>();
  const styles = new Set<string>();
  for (const tag of tags) {
    if (tag.startsWith("<script")) {
      const src = attr(tag, "src");
      if (src) scripts.add(src);
    } else if (/rel="modulepreload"/.test(tag)) {
      const href = attr(tag, "href");
      if (href) scripts.add(href);
    } else if (/rel="stylesheet"/.test(tag)) {
      const href = attr(tag, "href");
      if (href) styles.add(href);
    }
  }
  // Inline module scripts (React Router's hydration entry) import the entry and route modules; a
  // prerendered page's inline script adds the site script after the first paint (`.src="…"`).
  for (const inline of html.match(/<script\b[^>]*>[\s\S]*?<\/script>/g) ?? []) {
    for (const match of inline.matchAll(
      /import\s*(?:[^"'()]*?from\s*)?\(?\s*["']([^"']+\.js)["']|\.src=["']([^"']+\.js)["']/g,
    )) {
      const src = match[1] ?? match[2];
      if (src) scripts.add(src);
    }
  }
  const js = { wire: 0, raw: 0, files: [] as string[] };
  const queue = [...scripts];
  const seen = new Set<string>();
  while (queue.length > 0) {
    const src = queue.shift() ?? "";
    const url = new URL(src, `${baseUrl}${path}`);
    if (seen.has(url.pathname)) continue;
    seen.add(url.pathname);
    const file = await get(url.href);
    js.wire += file.wireBytes;
    js.raw += file.rawBytes;
    js.files.push(url.pathname);
    // Static imports only: `import … from "./x.js"`, `import "./x.js"` and `export … from`.
    for (const match of file.text.matchAll(
      /(?:import|export)\s*(?:[^"'()]*?from\s*)?["'](\.{1,2}\/[^"']+\.js)["']/g,
    )) {
      if (match[1]) queue.push(new URL(match[1], url).pathname);
    }
  }
  const css = { wire: 0, raw: 0, files: [] as string[] };
  for (const href of styles) {
    const url = new URL(href, `${baseUrl}${path}`);
    const file = await get(url.href);
    css.wire += file.wireBytes;
    css.raw += file.rawBytes;
    css.files.push(url.pathname);
  }
  return { path, html: { wire: page.wireBytes, raw: page.rawBytes }, js, css, encodings };
}

async function getAsBrowser(
  url: string,
  cookie: string,
): Promise<{ wireBytes: number; rawBytes: number; text: string; encoding: string }> {
  const response = await getRaw(url, BROWSER_ACCEPT_ENCODING, cookie);
  if (response.status !== 200) throw new Error(`GET ${url} answered ${response.status}`);
  const encoding = response.headers["content-encoding"] ?? "identity";
  const decode: Record<string, (body: Buffer) => Buffer> = {
    identity: (body) => body,
    gzip: gunzipSync,
    br: brotliDecompressSync,
    zstd: zstdDecompressSync,
  };
  const decoder = decode[encoding];
  if (!decoder)
    throw new Error(`GET ${url} answered in an encoding the bench cannot read: ${encoding}`);
  const decoded = decoder(response.body);
  return {
    wireBytes: response.body.length,
    rawBytes: decoded.length,
    text: decoded.toString("utf8"),
    encoding,
  };
}
