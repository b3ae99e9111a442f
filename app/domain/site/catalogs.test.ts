import { globSync, readFileSync } from "node:fs";

import { describe, expect, it } from "vitest";

import { UNKEPT_PROMISES } from "#tests/support/honest-copy.ts";

import { LOCALES } from "#app/domain/site/locales.ts";

/**
 * The message catalogs (decision 049): messages/<locale>.json and the insurance terms' glossary,
 * messages/glossary/<locale>.json, as project.inlang/settings.json names them.
 */
const settings = JSON.parse(readFileSync("project.inlang/settings.json", "utf8")) as {
  locales: string[];
  "plugin.inlang.messageFormat": { pathPattern: string[] };
};
const PATTERNS = settings["plugin.inlang.messageFormat"].pathPattern;

/** A catalog's messages by key, without its $schema. */
function catalog(pattern: string, locale: string): Map<string, string> {
  const file = pattern.replace("{locale}", locale);
  const entries = Object.entries(JSON.parse(readFileSync(file, "utf8")) as Record<string, unknown>);
  return new Map(
    entries
      .filter(([key]) => key !== "$schema")
      .map(([key, value]) => {
        if (typeof value !== "string") throw new Error(`${file}: ${key} is not a plain message`);
        return [key, value];
      }),
  );
}

/** Every message of a language, all files together. */
function allMessages(locale: string): Map<string, string> {
  return new Map(PATTERNS.flatMap((pattern) => [...catalog(pattern, locale)]));
}

/** The inputs a message names: {time}, {brand}, ... */
function inputs(message: string): string[] {
  return [...message.matchAll(/\{(\w+)\}/g)].map((match) => match[1]!).sort();
}

/** The app's own source, tests and the compiled catalogs aside. */
const SOURCE = globSync("app/**/*.{ts,tsx}", {
  exclude: (file) => /\.test\.tsx?$/.test(file) || file.startsWith("app/paraglide"),
})
  .map((file) => readFileSync(file, "utf8"))
  .join("\n");

describe("the message catalogs", () => {
  it("are the languages the site knows", () => {
    expect(settings.locales).toEqual([...LOCALES]);
  });

  for (const pattern of PATTERNS) {
    it(`${pattern}: every key in every language, with the same inputs, none empty`, () => {
      const [base, ...others] = LOCALES.map((locale) => catalog(pattern, locale));
      for (const [index, other] of others.entries()) {
        const locale = LOCALES[index + 1];
        expect([...other.keys()].sort(), `keys of ${locale}`).toEqual([...base!.keys()].sort());
        for (const [key, message] of other) {
          expect(inputs(message), `${locale} ${key}`).toEqual(inputs(base!.get(key)!));
        }
      }
      for (const messages of [base!, ...others]) {
        for (const [key, message] of messages) expect(message.trim(), key).not.toBe("");
      }
    });
  }

  it("holds no key twice across its files", () => {
    const keys = PATTERNS.flatMap((pattern) => [...catalog(pattern, LOCALES[0]!).keys()]);
    expect(keys.length).toBe(new Set(keys).size);
  });

  it("holds only keys the code uses, each by name (m.key)", () => {
    const unused = [...allMessages(LOCALES[0]!).keys()].filter(
      (key) => !new RegExp(`\\bm\\.${key}\\b`).test(SOURCE),
    );
    expect(unused).toEqual([]);
  });

  it("promises nothing the site does not do, in any language", () => {
    for (const locale of LOCALES) {
      for (const [key, message] of allMessages(locale)) {
        expect(message, `${locale} ${key}`).not.toMatch(UNKEPT_PROMISES);
      }
    }
  });
});

/**
 * One Spanish term for binding (decision 064): what English calls binding (bind, bound, bindable,
 * a request to bind) is "contratar" and its family in Spanish, a binder is a "nota de cobertura",
 * and the words that said it otherwise ("poner en vigor", "vincular") are gone: "en vigor" says
 * when cover is in force, which a bound policy starting next month is not.
 */
describe("the Spanish word for binding", () => {
  const english = allMessages("en");
  const spanish = allMessages("es");

  it("says contratar wherever English says bind or bound", () => {
    const other = [...english]
      .filter(([, text]) => /\b(bind|bound|binding|bindable)\b/i.test(text))
      .filter(([key]) => !/contrat/i.test(spanish.get(key) ?? ""))
      .map(([key]) => key);
    expect(other).toEqual([]);
  });

  it("says nota de cobertura wherever English says binder", () => {
    const other = [...english]
      .filter(([, text]) => /\bbinders?\b/i.test(text))
      .filter(([key]) => !/nota de cobertura/i.test(spanish.get(key) ?? ""))
      .map(([key]) => key);
    expect(other).toEqual([]);
  });

  it("never says binding with the words of another term", () => {
    const mixed = [...spanish]
      .filter(([, text]) => /\b(pon\w*|puso|pusiera)\b[^.]{0,60}\ben vigor\b|\bvincul/i.test(text))
      .map(([key]) => key);
    expect(mixed).toEqual([]);
  });
});
