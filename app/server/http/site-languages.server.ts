import { data, type RouterContextProvider } from "react-router";

import { localeOfPath, siteLanguages, type Locale } from "#app/domain/site/locales.ts";

import { getEnv } from "#app/server/env.server.ts";
import { getServices } from "#app/server/services.server.ts";

/**
 * The languages the site speaks (the SPANISH setting). Like SITE_URL, prerendered pages take the
 * build's setting (site-url.server.ts); server.ts serves a prerendered page only when it was built
 * for the same languages.
 */
export function getSiteLanguages(context: Readonly<RouterContextProvider>): readonly Locale[] {
  const spanish =
    process.env.IS_RR_BUILD_REQUEST === "yes" ? getEnv().SPANISH : getServices(context).env.SPANISH;
  return siteLanguages(spanish);
}

/**
 * A page in a language the site does not speak is not found: /es and below while SPANISH is
 * off. For the middleware of the routes with a Spanish address.
 */
export function refuseLanguagesOff(request: Request, context: Readonly<RouterContextProvider>) {
  const locale = requestLocale(request);
  if (!getSiteLanguages(context).includes(locale)) {
    throw data(null, { status: 404 });
  }
}

/** The language of the page a request is for (or was posted from): its address's. */
export function requestLocale(request: Request): Locale {
  return localeOfPath(new URL(request.url).pathname);
}
