/**
 * Where a ZIP code usually is, by its first three digits (issue 27): reference data read from the
 * USPS's "L002 3-Digit ZIP Code Prefix Matrix" (Postal Explorer, Domestic Mail Manual), checked
 * against the per-state prefix lists of the List of ZIP Code prefixes. A prefix is a sectional
 * centre's area, and a few ZIP codes lie across a state line from their centre (Fishers Island, New
 * York, is 06390, a Connecticut prefix; Texhoma, Texas, is 73960, an Oklahoma one; Fort Campbell's
 * 42223 is Kentucky's, though much of the post lies in Tennessee). So the wizard never refuses a ZIP code for its state:
 * when the prefix says another place, it asks the visitor to check it or confirm it.
 *
 * Pure reference data; docs/product.md, "About you", says how the wizard uses it.
 */
import type { UsState } from "#app/domain/reference/states.ts";

/** A place a prefix belongs to: a state, or somewhere the site's state list does not hold. */
export type ZipPlace =
  | UsState
  | "the District of Columbia"
  | "Puerto Rico"
  | "the U.S. Virgin Islands"
  | "military mail (APO/FPO)"
  | "Guam or the Pacific islands";

/** First and last three-digit prefix of a range, and where its ZIP codes are. */
const PREFIX_RANGES: readonly (readonly [number, number, ZipPlace])[] = [
  [5, 5, "New York"],
  [6, 7, "Puerto Rico"],
  [8, 8, "the U.S. Virgin Islands"],
  [9, 9, "Puerto Rico"],
  [10, 27, "Massachusetts"],
  [28, 29, "Rhode Island"],
  [30, 38, "New Hampshire"],
  [39, 49, "Maine"],
  [50, 54, "Vermont"],
  [55, 55, "Massachusetts"],
  [56, 59, "Vermont"],
  [60, 69, "Connecticut"],
  [70, 89, "New Jersey"],
  [90, 99, "military mail (APO/FPO)"],
  [100, 149, "New York"],
  [150, 196, "Pennsylvania"],
  [197, 199, "Delaware"],
  [200, 200, "the District of Columbia"],
  [201, 201, "Virginia"],
  [202, 205, "the District of Columbia"],
  [206, 219, "Maryland"],
  [220, 246, "Virginia"],
  [247, 268, "West Virginia"],
  [270, 289, "North Carolina"],
  [290, 299, "South Carolina"],
  [300, 319, "Georgia"],
  [320, 339, "Florida"],
  [340, 340, "military mail (APO/FPO)"],
  [341, 349, "Florida"],
  [350, 369, "Alabama"],
  [370, 385, "Tennessee"],
  [386, 397, "Mississippi"],
  [398, 399, "Georgia"],
  [400, 427, "Kentucky"],
  [430, 459, "Ohio"],
  [460, 479, "Indiana"],
  [480, 499, "Michigan"],
  [500, 528, "Iowa"],
  [530, 549, "Wisconsin"],
  [550, 567, "Minnesota"],
  [569, 569, "the District of Columbia"],
  [570, 577, "South Dakota"],
  [580, 588, "North Dakota"],
  [590, 599, "Montana"],
  [600, 629, "Illinois"],
  [630, 658, "Missouri"],
  [660, 679, "Kansas"],
  [680, 693, "Nebraska"],
  [700, 714, "Louisiana"],
  [716, 729, "Arkansas"],
  [730, 732, "Oklahoma"],
  [733, 733, "Texas"],
  [734, 749, "Oklahoma"],
  [750, 799, "Texas"],
  [800, 816, "Colorado"],
  [820, 831, "Wyoming"],
  [832, 838, "Idaho"],
  [840, 847, "Utah"],
  [850, 865, "Arizona"],
  [870, 884, "New Mexico"],
  [885, 885, "Texas"],
  [889, 898, "Nevada"],
  [900, 961, "California"],
  [962, 966, "military mail (APO/FPO)"],
  [967, 968, "Hawaii"],
  [969, 969, "Guam or the Pacific islands"],
  [970, 979, "Oregon"],
  [980, 994, "Washington"],
  [995, 999, "Alaska"],
];

/** A five-digit ZIP code, or ZIP+4 ("43215" or "43215-1234"). */
export const ZIP_CODE_PATTERN = /^\d{5}(?:-\d{4})?$/;

/** Where a ZIP code's prefix usually is; undefined for a prefix no range names. */
export function usualPlaceOfZip(zip: string): ZipPlace | undefined {
  const prefix = Number(zip.slice(0, 3));
  return PREFIX_RANGES.find(([first, last]) => prefix >= first && prefix <= last)?.[2];
}

/**
 * Where a ZIP code as typed (spaces around it allowed) usually is, when that is not `state`: the
 * wizard then asks the visitor to check it. Undefined when it is not yet a whole ZIP code, when its
 * prefix is `state`'s or names no place, and when there is no state to check against.
 */
export function zipUsuallyElsewhere(
  typed: string,
  state: string | undefined,
): ZipPlace | undefined {
  const zip = typed.trim();
  if (!state || !ZIP_CODE_PATTERN.test(zip)) return undefined;
  const place = usualPlaceOfZip(zip);
  return place === undefined || place === state ? undefined : place;
}

/** A ZIP code in `state` (its first prefix, ending 01), for examples and tests. */
export function sampleZipOf(state: UsState): string {
  const range = PREFIX_RANGES.find(([, , place]) => place === state);
  if (!range) throw new Error(`No ZIP code prefix for ${state}`);
  return `${String(range[0]).padStart(3, "0")}01`;
}
