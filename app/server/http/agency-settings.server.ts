import type { RouterContextProvider } from "react-router";

import { agencyFrom, type Agency } from "#app/domain/site/agency.ts";

import { getEnv } from "#app/server/env.server.ts";
import { getServices } from "#app/server/services.server.ts";

/**
 * The agency the pages name (AGENCY_* settings, or the sample). Like SITE_URL, prerendered pages
 * take the settings the build runs with (site-url.server.ts); server.ts serves a prerendered page
 * only when it names the same agency.
 */
export function getAgency(context: Readonly<RouterContextProvider>): Agency {
  if (process.env.IS_RR_BUILD_REQUEST === "yes") return agencyFrom(getEnv());
  return agencyFrom(getServices(context).env);
}
