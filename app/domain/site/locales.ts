/**
 * The site's languages (issue 31, decision 049): English at today's addresses, US Spanish below
 * /es. A page's language comes from its address only, so that a visitor, a search engine and the
 * build's prerenderer all get the same page at the same URL.
 */
import { locales as catalogLocales } from "#app/paraglide/runtime.js";

/** A language the catalogs hold (project.inlang/settings.json): "en" or "es". */
export type Locale = (typeof catalogLocales)[number];

/** Every language, the base first (a tuple: a schema can take it as its choices). */
export const LOCALES = catalogLocales;

/** The language of today's addresses, of the agency's alerts and of anything not yet translated. */
export const BASE_LOCALE: Locale = "en";

/** Where the Spanish pages live: /es, /es/about, ... */
export const SPANISH_PREFIX = "/es";

/** What each language is called in itself, for the language switch (its link's text). */
export const LANGUAGE_NAMES: Readonly<Record<Locale, string>> = { en: "English", es: "Español" };

/**
 * What each language is called in English: the lead desk and the agency's alerts, which stay in
 * English, say which language a visitor used.
 */
export const LANGUAGE_NAMES_IN_ENGLISH: Readonly<Record<Locale, string>> = {
  en: "English",
  es: "Spanish",
};

/** Whether a stored value names one of the site's languages. */
export function isLocale(value: string): value is Locale {
  return (LOCALES as readonly string[]).includes(value);
}

/** A stored language as the desk and the agency's alerts name it; anything else as it is. */
export function languageNameInEnglish(value: string): string {
  return isLocale(value) ? LANGUAGE_NAMES_IN_ENGLISH[value] : value;
}

/** The language of a page, from its path: /es and below are Spanish, every other path English. */
export function localeOfPath(pathname: string): Locale {
  return pathname === SPANISH_PREFIX || pathname.startsWith(`${SPANISH_PREFIX}/`) ? "es" : "en";
}

/** A path without its language: /es/about → /about, /es → /, /about → /about. */
export function basePath(pathname: string): string {
  if (localeOfPath(pathname) === "en") return pathname;
  return pathname.slice(SPANISH_PREFIX.length) || "/";
}

/** A page's path in a language: /about → /es/about; / → /es; any path in English as it is. */
export function localizedPath(path: string, locale: Locale): string {
  const base = basePath(path);
  if (locale === "en") return base;
  return base === "/" ? SPANISH_PREFIX : `${SPANISH_PREFIX}${base}`;
}

/** The languages the site speaks: English, and Spanish when the SPANISH setting is on. */
export function siteLanguages(spanish: boolean): readonly Locale[] {
  return spanish ? LOCALES : [BASE_LOCALE];
}

/**
 * The languages as a page records them (`data-languages` on <html>): a prerendered page is served
 * as built only by a server that speaks the same ones, since its language switch and alternate
 * links depend on them.
 */
export function languagesStamp(languages: readonly Locale[]): string {
  return languages.join(" ");
}

/** A catalog message that takes no inputs, as a field of reference data holds it. */
export type Message = (inputs?: Record<string, never>, options?: { locale?: Locale }) => string;

/** A page's language: its address's, if the site speaks it (`languages`), else English. */
export function pageLocale(pathname: string, languages: readonly Locale[]): Locale {
  const locale = localeOfPath(pathname);
  return languages.includes(locale) ? locale : BASE_LOCALE;
}
