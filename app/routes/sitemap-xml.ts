import { SITEMAP_PATHS } from "#app/domain/site/site-pages.ts";
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

/** /sitemap.xml: every public page, at the site's public address (SITE_URL). */
export function loader({ context }: Route.LoaderArgs) {
  const siteUrl = getSiteUrl(context);
  const urls = SITEMAP_PATHS.map(
    (path) => `  <url><loc>${escapeXml(`${siteUrl}${path}`)}</loc></url>`,
  );
  const body = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
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
