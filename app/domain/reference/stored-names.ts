/**
 * The names of stored values (a state, a segment: kept in English) in a page's language, for a
 * screen that shows an application back to its visitor. Only the server reads this module (its
 * names are a hundred and fifty messages in two languages): a screen gets the names it shows from
 * its loader.
 */
import type { NamesIn } from "#app/domain/application/application-fields.ts";
import type { Locale } from "#app/domain/site/locales.ts";
import { segmentName } from "#app/domain/reference/segment-terms.ts";
import { stateName } from "#app/domain/reference/state-names.ts";
import { isUsState } from "#app/domain/reference/states.ts";

/** The stored values' names in `locale`: anything not in the catalogs as it is. */
export function namesIn(locale: Locale): NamesIn {
  return {
    locale,
    state: (stored) => (isUsState(stored) ? stateName(stored, locale) : stored),
    segment: (stored) => segmentName(stored, locale),
  };
}
