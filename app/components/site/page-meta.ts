import type { MetaDescriptor } from "react-router";

import faviconUrl from "#app/assets/favicon.svg?no-inline";
import type { Faq } from "#app/domain/reference/product-pages.ts";
import { site } from "#app/domain/site/site.ts";

type JsonLd = Record<string, unknown>;

/** What a page says about itself to browsers, search engines and link previews. */
export interface PageMetaOptions {
  /** The site's public address, without a trailing slash (SITE_URL, from the root loader). */
  siteUrl: string;
  /** The page's path, e.g. "/about". */
  path: string;
  /** The page's own title; the brand is added unless `fullTitle` is set. */
  title: string;
  fullTitle?: boolean;
  description: string;
  /** Structured data besides the Organization, which every page has. */
  jsonLd?: readonly JsonLd[];
  /** Keep the page out of search results (placeholders). */
  noindex?: boolean;
}

/** The absolute URL of a path on this site. */
export function absoluteUrl(siteUrl: string, path: string): string {
  return `${siteUrl}${path}`;
}

/** schema.org Organization: the brand, its address on the web and its two phone lines. */
export function organizationJsonLd(siteUrl: string): JsonLd {
  return {
    "@context": "https://schema.org",
    "@type": "Organization",
    name: site.brand,
    url: absoluteUrl(siteUrl, "/"),
    logo: absoluteUrl(siteUrl, faviconUrl),
    description: site.headline,
    sameAs: site.social.map((profile) => profile.href),
    contactPoint: [
      {
        "@type": "ContactPoint",
        contactType: "customer support",
        telephone: site.supportPhone.tel,
        areaServed: "US",
        availableLanguage: "English",
      },
      {
        "@type": "ContactPoint",
        contactType: "sales",
        telephone: site.salesPhone.tel,
        areaServed: "US",
        availableLanguage: "English",
      },
    ],
  };
}

/** schema.org FAQPage of a page's questions and answers. */
export function faqPageJsonLd(faqs: readonly Faq[]): JsonLd {
  return {
    "@context": "https://schema.org",
    "@type": "FAQPage",
    mainEntity: faqs.map((faq) => ({
      "@type": "Question",
      name: faq.question,
      acceptedAnswer: { "@type": "Answer", text: faq.answer },
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
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:site_name", content: site.brand },
    { property: "og:type", content: "website" },
    { property: "og:locale", content: "en_US" },
    { property: "og:title", content: title },
    { property: "og:description", content: options.description },
    { property: "og:url", content: url },
    { name: "twitter:card", content: "summary" },
    { "script:ld+json": organizationJsonLd(options.siteUrl) },
    ...(options.jsonLd ?? []).map((data) => ({ "script:ld+json": data })),
  ];
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
export function errorPageMeta(notFound: boolean): MetaDescriptor[] {
  return [
    { title: notFound ? `Page not found | ${site.brand}` : "Unexpected Application Error!" },
    { name: "robots", content: "noindex" },
  ];
}
