import { sitemapEntries } from "#app/domain/site/site-pages.ts";
import { getSiteLanguages } from "#app/server/http/site-languages.server.ts";
import { getSiteUrl } from "#app/server/http/site-url.server.ts";

import type { Route } from "./+types/sitemap-xml";

function escapeXml(text: string): string {
  return text
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;")
    .replaceAll("'", "&apos;");
}

/**
 * /sitemap.xml: every public page, at the site's public address (SITE_URL), in each language it
 * is offered in, each naming its other languages' addresses (hreflang).
 */
export function loader({ context }: Route.LoaderArgs) {
  const siteUrl = getSiteUrl(context);
  const urls = sitemapEntries(getSiteLanguages(context)).map(({ path, alternates }) =>
    [
      `  <url><loc>${escapeXml(`${siteUrl}${path}`)}</loc>`,
      ...alternates.map(
        (page) =>
          `<xhtml:link rel="alternate" hreflang="${page.locale}" href="${escapeXml(`${siteUrl}${page.path}`)}"/>`,
      ),
      "</url>",
    ].join(""),
  );
  const body = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ...urls,
    "</urlset>",
    "",
  ].join("\n");
  return new Response(body, {
    headers: {
      "Content-Type": "application/xml; charset=utf-8",
    },
  });
}
