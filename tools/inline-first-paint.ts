/**
 * Rewrites the prerendered pages (build/client/**\/index.html) so that their first paint waits for
 * nothing but the page itself (decision 025):
 * - the stylesheet's rules that the page uses go into a `<style>` in its head, in place of the
 *   link to the site's stylesheet (the browser would otherwise ask for it, and paint nothing until
 *   it came); a rule stays when every class, element and attribute its selector names occurs in
 *   the page or in the site script, whatever state (hover, open, focus) the selector also asks for;
 * - the site script's tag becomes a small inline script that asks for it once the page's largest
 *   content has painted (app/components/site/site-script-loader.ts).
 * server.ts allows each page's inline style and script by their hashes. Pages the server renders
 * on request (the wizard, the lead desk) keep the linked stylesheet; those that hydrate load the
 * site script after the largest paint too (app/entry.server.tsx).
 */
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

import { PurgeCSS } from "purgecss";

import { SITE_SCRIPT_TAG, siteScriptLoader } from "#app/components/site/site-script-loader.ts";
import { STYLESHEET_LINK } from "#app/server/http/route-styles.server.ts";

/** Selector parts that name a state no page's words can show: an element open as a popover. */
const OPEN_STATES = [/^:popover-open$/, /^:open$/];

/** The characters React escapes in the HTML it writes (escapeTextForBrowser), as it writes them. */
const ESCAPED: Record<string, string> = {
  "&amp;": "&",
  "&quot;": '"',
  "&#x27;": "'",
  "&lt;": "<",
  "&gt;": ">",
};

/**
 * Class names, element names, attribute names and values as they occur in a page or a script; a
 * page's are read unescaped (`[&_a]:underline` is written `[&amp;_a]:underline`).
 */
function words(content: string): string[] {
  const text = content.replace(/&(?:amp|quot|#x27|lt|gt);/g, (entity) => ESCAPED[entity] ?? entity);
  // Whole (a class such as aria-[current=page]:bg-brand-50) and split at "=" (an attribute's
  // name and value: aria-current="page").
  return [...(text.match(/[^\s"'`<>]+/g) ?? []), ...(text.match(/[^\s"'`<>=]+/g) ?? [])];
}

/**
 * The rules of `css` that `content` (pages and scripts) may use: a rule stays when every class,
 * element and attribute its selector names occurs in them, whatever state (hover, open, focus) the
 * selector also asks for. Undefined when none can go inside a `<style>` element.
 */
export async function usedCss(
  purger: PurgeCSS,
  css: string,
  content: { raw: string; extension: string }[],
): Promise<string | undefined> {
  const [used] = await purger.purge({
    content,
    css: [{ raw: css }],
    defaultExtractor: words,
    variables: true,
    keyframes: true,
    fontFace: true,
    // Tailwind's open: variant lists three ways an element is open, `:is([open], :popover-open,
    // :open)`; PurgeCSS would keep the first alone, since no word of a page names the others.
    safelist: { greedy: OPEN_STATES },
  });
  return used && used.css.length > 0 && !used.css.includes("</") ? used.css : undefined;
}

/** The one match of `pattern` in `html`, or an error naming the page: the build stops. */
function onlyMatch(html: string, pattern: RegExp, what: string, page: string): RegExpExecArray {
  const matches = [...html.matchAll(pattern)];
  const [match] = matches;
  if (matches.length !== 1 || !match) {
    throw new Error(`${page}: expected one ${what}, found ${matches.length}`);
  }
  return match;
}

/** Rewrites every prerendered page under `clientDir`; returns how many it rewrote. */
export async function inlineFirstPaint(clientDir: string): Promise<{ pages: number }> {
  const files = readdirSync(clientDir, { recursive: true, encoding: "utf8" }).filter(
    (file) => path.basename(file) === "index.html",
  );
  const purger = new PurgeCSS();
  for (const file of files) {
    const page = path.join(clientDir, file);
    const html = readFileSync(page, "utf8");
    const stylesheet = onlyMatch(html, STYLESHEET_LINK, "link to the site's stylesheet", page);
    const script = onlyMatch(html, SITE_SCRIPT_TAG, "site script tag", page);
    const css = readFileSync(path.join(clientDir, stylesheet[1] ?? ""), "utf8");
    const siteScript = readFileSync(path.join(clientDir, script[1] ?? ""), "utf8");
    const used = await usedCss(purger, css, [
      { raw: html, extension: "html" },
      { raw: siteScript, extension: "js" },
    ]);
    if (used === undefined) throw new Error(`${page}: no usable CSS`);
    writeFileSync(
      page,
      html
        .replace(stylesheet[0], () => `<style>${used}</style>`)
        .replace(script[0], () => `<script>${siteScriptLoader(script[1] ?? "")}</script>`),
    );
  }
  return { pages: files.length };
}
