import { m } from "#app/paraglide/messages.js";
import { basePath, BASE_LOCALE, localizedPath, type Locale } from "#app/domain/site/locales.ts";
import type { IndustryId } from "#app/domain/reference/industries.ts";
import { PRODUCT_LINES } from "#app/domain/reference/products.ts";
import {
  BIND_PATH_PATTERN,
  CERTIFICATE_REQUEST_PATH,
  NOT_LICENSED_PATH,
  QUOTE_REQUESTED_PATH,
  QUOTE_STEP_PATH,
  QUOTES_PATH,
  POLICY_PATH,
  RENEWAL_REQUEST_PATH,
  SUMMARY_PATH,
  WIZARD_STEP_ORDER,
} from "#app/domain/wizard/wizard-screens.ts";
import { RESUME_PATH_PREFIX } from "#app/domain/wizard/resume-links.ts";

/** Where every "Get a quote" link goes: the wizard's first step. */
export const QUOTE_PATH = "/business-wizard";

/**
 * The words of every link to the wizard (the header, the side menu, the hero, the closing call to
 * action, Log in). The spec's "Get Instant Quote" promised a quote on the spot; the wizard takes an
 * application, and a licensed agent sends the quotes later (decision 014, issue 26).
 */
export const QUOTE_LINK_LABEL = m.quote_link({}, { locale: BASE_LOCALE });

/** Whether a path is one of the wizard's screens (/business-wizard and below, in any language). */
export function isWizardPath(pathname: string): boolean {
  const path = pagePath(basePath(pathname));
  return path === QUOTE_PATH || path.startsWith(`${QUOTE_PATH}/`);
}

/**
 * The wizard's first step with an industry chosen (the product pages' industry grid). A plain
 * link, so that it works without JavaScript.
 */
export function quotePathForIndustry(industry: IndustryId, locale: Locale): string {
  return linkPath(`${QUOTE_PATH}?${new URLSearchParams({ industry })}`, locale);
}

/**
 * A location's path as the site's links name it, without a trailing slash: React Router's
 * prerendering renders each page at its path with one (/workers-comp/).
 */
export function pagePath(pathname: string): string {
  return pathname.replace(/(.)\/+$/, "$1");
}

/** The page of a product line. */
export function productPath(slug: string): string {
  return `/${slug}`;
}

/** The landing page's coverage carousel (docs/product.md, "Pages and addresses": anchor id how-it-works). */
export const PRODUCTS_ANCHOR = "how-it-works";

/** The pages of the marketing site: rendered at build time (react-router.config.ts). */
export const MARKETING_PATHS: readonly string[] = [
  "/",
  ...PRODUCT_LINES.map((line) => productPath(line.slug)),
  "/about",
  "/contact",
  "/talk-to-an-expert",
  "/privacy",
  "/terms",
  "/cookies",
  "/login",
];

/** Pages search engines should not list: /login is a placeholder until sign-in exists. */
export const UNLISTED_PATHS: readonly string[] = ["/login"];

/** Every public page, for /sitemap.xml: the marketing pages and the wizard's first step. */
export const SITEMAP_PATHS: readonly string[] = [
  ...MARKETING_PATHS.filter((path) => !UNLISTED_PATHS.includes(path)),
  QUOTE_PATH,
];

/** A page of the sitemap: its address, and every language's address when it has more than one. */
export interface SitemapEntry {
  path: string;
  alternates: { locale: Locale; path: string }[];
}

/** /sitemap.xml's pages, in each language the site speaks that the page is offered in. */
export function sitemapEntries(languages: readonly Locale[]): SitemapEntry[] {
  return SITEMAP_PATHS.flatMap((path) => {
    const alternates = alternatePaths(path, languages);
    return pageLanguages(path, languages).map((locale) => ({
      path: localizedPath(path, locale),
      alternates,
    }));
  });
}

/**
 * The wizard's screens with a Spanish version (issue 31), by their English path: all of them. A
 * screen added later is English only until its path is added here.
 */
export const SPANISH_WIZARD_PATHS: readonly string[] = [
  ...WIZARD_STEP_ORDER.map((step) => step.path),
  NOT_LICENSED_PATH,
  SUMMARY_PATH,
  // The coverage plan and the quote request's confirmation.
  QUOTE_STEP_PATH,
  QUOTE_REQUESTED_PATH,
  // The quotes side by side and the request to bind one.
  QUOTES_PATH,
  BIND_PATH_PATTERN,
  // "Your policy", and asking for a certificate or the renewal from it.
  POLICY_PATH,
  CERTIFICATE_REQUEST_PATH,
  RENEWAL_REQUEST_PATH,
];

/**
 * The pages with a Spanish version (issue 31; decisions 049 and 050), by their English path: the
 * marketing site and the wizard's screens above; not the lead desk. The routes below /es, the language switch, the
 * alternate links, the sitemap and every link between pages offer only these.
 */
export const SPANISH_PAGES: readonly string[] = [
  ...MARKETING_PATHS,
  ...SPANISH_WIZARD_PATHS,
  // The page of an emailed link (a route's pattern: no link leads there but the email's).
  `${RESUME_PATH_PREFIX}:token`,
];

/**
 * Whether a page (its English path, "/business-wizard/quotes/<id>/bind") has a Spanish version: it
 * is one of SPANISH_PAGES, or matches one of its patterns (":quoteId" stands for one segment).
 */
export function hasSpanishPage(path: string): boolean {
  return SPANISH_PAGES.some((page) => matchesPage(page, path));
}

/** Whether `path` is an address of `page`, a route's pattern (":id" stands for one segment). */
export function matchesPage(page: string, path: string): boolean {
  const segments = path.split("/");
  const pattern = page.split("/");
  return (
    pattern.length === segments.length &&
    pattern.every((part, index) => part.startsWith(":") || part === segments[index])
  );
}

/** The marketing pages the build prerenders: every one in English, and in Spanish those translated. */
export function prerenderedPaths(languages: readonly Locale[]): string[] {
  const spanish = languages.includes("es")
    ? MARKETING_PATHS.filter((path) => SPANISH_PAGES.includes(path))
    : [];
  return [...MARKETING_PATHS, ...spanish.map((path) => localizedPath(path, "es"))];
}

/** The languages a page is offered in, on a site that speaks `languages`. */
export function pageLanguages(path: string, languages: readonly Locale[]): readonly Locale[] {
  return hasSpanishPage(basePath(path)) ? languages : [BASE_LOCALE];
}

/** A page's addresses in each language it is offered in, for its alternate links; none if one. */
export function alternatePaths(
  path: string,
  languages: readonly Locale[],
): { locale: Locale; path: string }[] {
  const offered = pageLanguages(path, languages);
  if (offered.length < 2) return [];
  return offered.map((locale) => ({ locale, path: localizedPath(path, locale) }));
}

/**
 * Where a link to a page goes from a page in `locale`: the page in that language if it has a
 * version in it (SPANISH_PAGES), else the English page.
 */
export function linkPath(path: string, locale: Locale): string {
  // A query or a fragment (?industry=, #sharpen) goes along as it is.
  const [, page = path, rest = ""] = /^([^?#]*)(.*)$/.exec(path) ?? [];
  const base = basePath(page);
  return `${hasSpanishPage(base) ? localizedPath(base, locale) : base}${rest}`;
}
