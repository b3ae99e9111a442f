import type { RouterContextProvider } from "react-router";

import { getEnv } from "#app/server/env.server.ts";
import { getServices } from "#app/server/services.server.ts";

/**
 * The site's public address (SITE_URL), for canonical links, Open Graph and the sitemap.
 *
 * `react-router build` prerenders the marketing pages by requesting them from the server bundle
 * without our server around it, so without its services: those pages take the SITE_URL the
 * build runs with. (server.ts serves a prerendered page only when it was built for its own
 * SITE_URL.) React Router marks those requests with IS_RR_BUILD_REQUEST.
 */
export function getSiteUrl(context: Readonly<RouterContextProvider>): string {
  if (process.env.IS_RR_BUILD_REQUEST === "yes") return getEnv().SITE_URL;
  return getServices(context).env.SITE_URL;
}
