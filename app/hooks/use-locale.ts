import { useLocation, useRouteLoaderData } from "react-router";

import { BASE_LOCALE, pageLocale, type Locale } from "#app/domain/site/locales.ts";
import type { RootData } from "#app/domain/site/root-data.ts";

/**
 * The language of the page being rendered, from its address (decision 049): the same on the
 * server, in the prerendered file and in the browser. English where the site does not speak the
 * address's language (the not-found page at /es while SPANISH is off).
 */
export function useLocale(): Locale {
  const languages = useRouteLoaderData<RootData>("root")?.languages ?? [BASE_LOCALE];
  return pageLocale(useLocation().pathname, languages);
}
