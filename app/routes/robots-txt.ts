import { getSiteUrl } from "#app/server/http/site-url.server.ts";

import type { Route } from "./+types/robots-txt";

/** /robots.txt: everything may be crawled; it names the sitemap. */
export function loader({ context }: Route.LoaderArgs) {
  const body = ["User-agent: *", "Allow: /", "", `Sitemap: ${getSiteUrl(context)}/sitemap.xml`, ""];
  return new Response(body.join("\n"), {
    headers: {
      "Content-Type": "text/plain; charset=utf-8",
    },
  });
}
