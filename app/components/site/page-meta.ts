import type { MetaDescriptor } from "react-router";

import faviconUrl from "#app/assets/favicon.svg?no-inline";
import type { Faq } from "#app/domain/reference/product-pages.ts";
import { telHref, type Agency } from "#app/domain/site/agency.ts";
import { site } from "#app/domain/site/site.ts";
import { m } from "#app/paraglide/messages.js";
import { BASE_LOCALE, localeOfPath, localizedPath, type Locale } from "#app/domain/site/locales.ts";
import { alternatePaths } from "#app/domain/site/site-pages.ts";

type JsonLd = Record<string, unknown>;

/** Open Graph's name of each language (language_TERRITORY). */
const OPEN_GRAPH_LOCALES: Readonly<Record<Locale, string>> = { en: "en_US", es: "es_US" };

/** What a page says about itself to browsers, search engines and link previews. */
export interface PageMetaOptions {
  /** The site's public address, without a trailing slash (SITE_URL, from the root loader). */
  siteUrl: string;
  /** The page's path in its language, e.g. "/about" or "/es/about". */
  path: string;
  /** The languages the site speaks (the root loader's): a page offered in two links to both. */
  languages?: readonly Locale[];
  /** The page's own title; the brand is added unless `fullTitle` is set. */
  title: string;
  fullTitle?: boolean;
  description: string;
  /** Structured data besides the Organization, which every page has. */
  jsonLd?: readonly JsonLd[];
  /** Keep the page out of search results (placeholders). */
  noindex?: boolean;
  /** The agency (the root loader's): the Organization's name, phones, email and profiles. */
  agency?: Agency;
}

/** The absolute URL of a path on this site. */
export function absoluteUrl(siteUrl: string, path: string): string {
  return `${siteUrl}${path}`;
}

/**
 * schema.org Organization: the agency that runs the site, from its settings (the same details the
 * pages show: its name, address, phone or phones, email and social profiles), under the brand.
 */
export function organizationJsonLd(siteUrl: string, agency?: Agency): JsonLd {
  const contactPoint = (contactType: string, phone: string) => ({
    "@type": "ContactPoint",
    contactType,
    telephone: telHref(phone).slice("tel:".length),
    areaServed: "US",
    availableLanguage: "English",
  });
  return {
    "@context": "https://schema.org",
    "@type": "Organization",
    name: agency?.name ?? site.brand,
    brand: { "@type": "Brand", name: site.brand },
    url: absoluteUrl(siteUrl, "/"),
    logo: absoluteUrl(siteUrl, faviconUrl),
    description: site.headline,
    ...(agency
      ? {
          address: agency.address,
          telephone: telHref(agency.phone).slice("tel:".length),
          ...(agency.sample ? {} : { email: agency.email }),
          ...(agency.social.length > 0
            ? { sameAs: agency.social.map((profile) => profile.href) }
            : {}),
          contactPoint: agency.servicePhone
            ? [
                contactPoint("customer service", agency.servicePhone),
                contactPoint("sales", agency.phone),
              ]
            : [contactPoint("customer service", agency.phone)],
        }
      : {}),
  };
}

/** schema.org FAQPage of a page's questions and answers, in the page's language. */
export function faqPageJsonLd(faqs: readonly Faq[], locale: Locale = BASE_LOCALE): JsonLd {
  return {
    "@context": "https://schema.org",
    "@type": "FAQPage",
    inLanguage: locale,
    mainEntity: faqs.map((faq) => ({
      "@type": "Question",
      name: faq.question({}, { locale }),
      acceptedAnswer: { "@type": "Answer", text: faq.answer({}, { locale }) },
    })),
  };
}

/**
 * A page's title, description, canonical URL, Open Graph and Twitter card tags, and JSON-LD
 * (the Organization, plus any the page adds).
 */
export function pageMeta(options: PageMetaOptions): MetaDescriptor[] {
  const title = options.fullTitle ? options.title : `${options.title} | ${site.brand}`;
  const url = absoluteUrl(options.siteUrl, options.path);
  return [
    { title },
    { name: "description", content: options.description },
    ...(options.noindex ? [{ name: "robots", content: "noindex" }] : []),
    ...languageLinks(options.siteUrl, options.path, options.languages ?? [BASE_LOCALE]),
    { property: "og:site_name", content: site.brand },
    { property: "og:type", content: "website" },
    { property: "og:locale", content: OPEN_GRAPH_LOCALES[localeOfPath(options.path)] },
    { property: "og:title", content: title },
    { property: "og:description", content: options.description },
    { property: "og:url", content: url },
    { name: "twitter:card", content: "summary" },
    { "script:ld+json": organizationJsonLd(options.siteUrl, options.agency) },
    ...(options.jsonLd ?? []).map((data) => ({ "script:ld+json": data })),
  ];
}

/**
 * A page's canonical address and, where it is offered in several languages, each language's
 * address and English for any other reader (hreflang x-default).
 */
export function languageLinks(
  siteUrl: string,
  path: string,
  languages: readonly Locale[],
): MetaDescriptor[] {
  const alternates = alternatePaths(path, languages);
  return [
    { tagName: "link", rel: "canonical", href: absoluteUrl(siteUrl, path) },
    ...[...alternates, ...alternates.filter((page) => page.locale === BASE_LOCALE)].map(
      (page, index) => ({
        tagName: "link",
        rel: "alternate",
        hrefLang: index < alternates.length ? page.locale : "x-default",
        href: absoluteUrl(siteUrl, page.path),
      }),
    ),
  ];
}

/** The languages the site speaks, as the root loader gives them (English alone if it has not). */
export function languagesFromMatches(
  matches: ReadonlyArray<{ id: string; loaderData?: unknown } | undefined>,
): readonly Locale[] {
  // React Router types loader data as unknown here; the root loader's (app/root.tsx) has these.
  const root = matches.find((match) => match?.id === "root")?.loaderData as
    { languages?: readonly Locale[] } | undefined;
  return root?.languages ?? [BASE_LOCALE];
}

/** What a meta function is given that `localizedPageMeta` reads. */
export interface MetaArgs {
  matches: ReadonlyArray<{ id: string; loaderData?: unknown } | undefined>;
  location: { pathname: string };
}

/**
 * The meta of a page offered in several languages: its words in the language of its address, its
 * canonical and alternate links, from the root loader's site address and languages. `page` gives
 * the page's English path (localized here) and words in a language.
 */
export function localizedPageMeta(
  { matches, location }: MetaArgs,
  page: (
    locale: Locale,
    agency: Agency | undefined,
  ) => Omit<PageMetaOptions, "siteUrl" | "languages" | "agency">,
): MetaDescriptor[] {
  const locale = localeOfPath(location.pathname);
  const agency = agencyFromMatches(matches);
  const options = page(locale, agency);
  return pageMeta({
    ...options,
    agency,
    siteUrl: siteUrlFromMatches(matches),
    languages: languagesFromMatches(matches),
    path: localizedPath(options.path, locale),
  });
}

/** The agency, as the root loader gives it to every page's meta function (none on an error screen). */
export function agencyFromMatches(
  matches: ReadonlyArray<{ id: string; loaderData?: unknown } | undefined>,
): Agency | undefined {
  // React Router types loader data as unknown here; the root loader's (app/root.tsx) has this.
  const root = matches.find((match) => match?.id === "root")?.loaderData as
    { agency?: Agency } | undefined;
  return root?.agency;
}

/** The site's public address, as the root loader gives it to every page's meta function. */
export function siteUrlFromMatches(
  matches: ReadonlyArray<{ id: string; loaderData?: unknown } | undefined>,
): string {
  const root = matches.find((match) => match?.id === "root")?.loaderData as
    { siteUrl?: unknown } | undefined;
  if (typeof root?.siteUrl !== "string") {
    throw new Error("The root loader did not provide the site's URL.");
  }
  return root.siteUrl;
}

/** The meta of the error screens: the not-found page and "Unexpected Application Error!". */
export function errorPageMeta(notFound: boolean, locale: Locale = BASE_LOCALE): MetaDescriptor[] {
  return [
    {
      title: notFound
        ? `${m.error_not_found_title({}, { locale })} | ${site.brand}`
        : m.error_unexpected_title({}, { locale }),
    },
    { name: "robots", content: "noindex" },
  ];
}
