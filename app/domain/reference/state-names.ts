/**
 * The states' names in each language (messages/states/<locale>.json), by the English name that
 * states.ts lists and the application stores ("Nueva York" for New York). Only the server reads
 * them: a screen gets the names in its language from its loader, so that fifty names in two
 * languages never reach the wizard's scripts (decision 049).
 */
import { m } from "#app/paraglide/messages.js";
import type { Locale, Message } from "#app/domain/site/locales.ts";
import { US_STATES, type UsState } from "#app/domain/reference/states.ts";
import type { ZipPlace } from "#app/domain/reference/zip-codes.ts";

const STATE_TERMS: Readonly<Record<UsState, Message>> = {
  Alabama: m.state_alabama,
  Alaska: m.state_alaska,
  Arizona: m.state_arizona,
  Arkansas: m.state_arkansas,
  California: m.state_california,
  Colorado: m.state_colorado,
  Connecticut: m.state_connecticut,
  Delaware: m.state_delaware,
  Florida: m.state_florida,
  Georgia: m.state_georgia,
  Hawaii: m.state_hawaii,
  Idaho: m.state_idaho,
  Illinois: m.state_illinois,
  Indiana: m.state_indiana,
  Iowa: m.state_iowa,
  Kansas: m.state_kansas,
  Kentucky: m.state_kentucky,
  Louisiana: m.state_louisiana,
  Maine: m.state_maine,
  Maryland: m.state_maryland,
  Massachusetts: m.state_massachusetts,
  Michigan: m.state_michigan,
  Minnesota: m.state_minnesota,
  Mississippi: m.state_mississippi,
  Missouri: m.state_missouri,
  Montana: m.state_montana,
  Nebraska: m.state_nebraska,
  Nevada: m.state_nevada,
  "New Hampshire": m.state_new_hampshire,
  "New Jersey": m.state_new_jersey,
  "New Mexico": m.state_new_mexico,
  "New York": m.state_new_york,
  "North Carolina": m.state_north_carolina,
  "North Dakota": m.state_north_dakota,
  Ohio: m.state_ohio,
  Oklahoma: m.state_oklahoma,
  Oregon: m.state_oregon,
  Pennsylvania: m.state_pennsylvania,
  "Rhode Island": m.state_rhode_island,
  "South Carolina": m.state_south_carolina,
  "South Dakota": m.state_south_dakota,
  Tennessee: m.state_tennessee,
  Texas: m.state_texas,
  Utah: m.state_utah,
  Vermont: m.state_vermont,
  Virginia: m.state_virginia,
  Washington: m.state_washington,
  "West Virginia": m.state_west_virginia,
  Wisconsin: m.state_wisconsin,
  Wyoming: m.state_wyoming,
};

/** The other places a ZIP code may belong to (zip-codes.ts), by their English names. */
const PLACE_TERMS: Readonly<Record<Exclude<ZipPlace, UsState>, Message>> = {
  "the District of Columbia": m.place_district_of_columbia,
  "Puerto Rico": m.place_puerto_rico,
  "the U.S. Virgin Islands": m.place_virgin_islands,
  "military mail (APO/FPO)": m.place_military_mail,
  "Guam or the Pacific islands": m.place_pacific_islands,
};

/** A state's name in `locale`. */
export function stateName(state: UsState, locale: Locale): string {
  return STATE_TERMS[state]({}, { locale });
}

/** A state as a list of choices shows it: its stored (English) name and its name in `locale`. */
export interface StateChoice {
  value: UsState;
  name: string;
}

/** The 50 states as choices in `locale`, in that language's alphabetical order. */
export function stateChoices(locale: Locale): StateChoice[] {
  return US_STATES.map((value) => ({ value, name: stateName(value, locale) })).sort((a, b) =>
    a.name.localeCompare(b.name, locale),
  );
}

/**
 * The states' and the other ZIP places' names in `locale`, by English name, where they differ
 * from it: what a screen is given to name them in its messages (AskContext.placeNames).
 */
export function placeNames(locale: Locale): Record<string, string> {
  const terms: [string, Message][] = [
    ...Object.entries(STATE_TERMS),
    ...Object.entries(PLACE_TERMS),
  ];
  return Object.fromEntries(
    terms
      .map(([english, term]) => [english, term({}, { locale })] as const)
      .filter(([english, name]) => english !== name),
  );
}
