import { readFileSync } from "node:fs";

import type { Page } from "@playwright/test";

import type { Locale } from "#app/domain/site/locales.ts";

/**
 * Whether every word a page shows in a language came from that language's catalog (issue 31,
 * decision 049): the check that a hard-coded English string cannot slip into a Spanish page.
 */

const settings = JSON.parse(readFileSync("project.inlang/settings.json", "utf8")) as {
  "plugin.inlang.messageFormat": { pathPattern: string[] };
};

/** The fixed parts of every message of a language (what lies between its inputs), longest first. */
function catalogFragments(locale: Locale): string[] {
  const fragments = settings["plugin.inlang.messageFormat"].pathPattern.flatMap((pattern) => {
    const catalog = JSON.parse(readFileSync(pattern.replace("{locale}", locale), "utf8")) as Record<
      string,
      string
    >;
    return Object.entries(catalog)
      .filter(([key]) => key !== "$schema")
      .flatMap(([, message]) => message.split(/\{\w+\}/));
  });
  return [
    ...new Set(fragments.map((text) => text.trim()).filter((text) => /\p{L}/u.test(text))),
  ].sort((a, b) => b.length - a.length);
}

/**
 * The texts that hold a word (two letters or more) the catalog does not: after taking out every
 * catalog fragment and every `allowed` value (names and data, not words of the site: the brand,
 * the agency's details, people's names), what is left must hold no word.
 */
export function textsOutsideCatalog(
  texts: readonly string[],
  locale: Locale,
  allowed: readonly string[],
): string[] {
  const removable = [...catalogFragments(locale), ...allowed].sort((a, b) => b.length - a.length);
  return texts.filter((text) => {
    let rest = text.replace(/\s+/g, " ");
    for (const fragment of removable) rest = rest.replaceAll(fragment, " ");
    return /\p{L}{2,}/u.test(rest);
  });
}

/**
 * What a page says in its own language: its title and description, every text in its body (shown
 * or not: a closed dialog, text for screen readers) and the words of its attributes (labels,
 * descriptions of roles, titles, placeholders), leaving out what is marked as another language.
 */
export function pageTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const pageLanguage = document.documentElement.lang;
    const inPageLanguage = (element: Element | null) =>
      (element?.closest("[lang]")?.getAttribute("lang") ?? pageLanguage) === pageLanguage;
    const texts = [
      document.title,
      document.querySelector('meta[name="description"]')?.getAttribute("content") ?? "",
    ];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || parent.closest("script, style, template")) continue;
      if (inPageLanguage(parent)) texts.push(node.textContent ?? "");
    }
    const attributes = ["aria-label", "aria-roledescription", "title", "alt", "placeholder"];
    for (const element of document.body.querySelectorAll("*")) {
      if (!inPageLanguage(element)) continue;
      for (const name of attributes) {
        const value = element.getAttribute(name);
        if (value) texts.push(value);
      }
    }
    return texts.map((text) => text.trim()).filter((text) => text !== "");
  });
}
