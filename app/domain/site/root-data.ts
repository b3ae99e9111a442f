import type { Agency } from "#app/domain/site/agency.ts";
import type { Locale } from "#app/domain/site/locales.ts";

/** What the root loader gives every page that the site's frame reads (app/root.tsx). */
export interface RootData {
  agency: Agency;
  /** The languages the site speaks (the SPANISH setting). */
  languages: readonly Locale[];
}
