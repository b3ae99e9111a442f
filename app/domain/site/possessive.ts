/**
 * Whose a thing is, said of a name in the page's language (issue 56): in English the possessive,
 * "Hiscox's", and a name ending in s takes the apostrophe alone, "Travelers'" (not "Travelers's");
 * in Spanish the owner follows the thing, "de Travelers". Every sentence that says an insurer's
 * quote or an agency's desk says it through this, so the rule lives here once.
 */
import type { Locale } from "#app/domain/site/locales.ts";

export function possessive(name: string, locale: Locale = "en"): string {
  const trimmed = name.trim();
  if (locale === "es") return `de ${trimmed}`;
  return /s$/i.test(trimmed) ? `${trimmed}'` : `${trimmed}'s`;
}
