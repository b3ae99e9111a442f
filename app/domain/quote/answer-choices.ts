/**
 * The choices two of the Quote step's optional questions offer (issue 26): the vehicles a business
 * uses for work, and its annual revenue as a band. Reference lists, apart from the plan's rules
 * (coverage-plan.ts) and the forms (quote-request.ts), so that the application's field registry can
 * name their labels without bringing either into the wizard's scripts.
 */
import { m } from "#app/paraglide/messages.js";
import { BASE_LOCALE, type Locale, type Message } from "#app/domain/site/locales.ts";

/** The answers to "Does the business use vehicles for work?" (issue 26), each with its words. */
const VEHICLE_USE_TERMS = {
  owned: m.plan_vehicles_owned,
  personal: m.plan_vehicles_personal,
  none: m.plan_vehicles_none,
} as const satisfies Record<string, Message>;
export type VehicleUse = keyof typeof VEHICLE_USE_TERMS;

/** The annual revenue bands the optional question offers ("just starting" allowed). */
const REVENUE_BAND_TERMS = {
  "just-starting": m.plan_revenue_just_starting,
  "under-100k": m.plan_revenue_under_100k,
  "100k-500k": m.plan_revenue_100k_500k,
  "500k-1m": m.plan_revenue_500k_1m,
  "1m-5m": m.plan_revenue_1m_5m,
  "5m-plus": m.plan_revenue_5m_plus,
} as const satisfies Record<string, Message>;
export type RevenueBand = keyof typeof REVENUE_BAND_TERMS;

/** A list of choices in the order written, each with its words in `locale`. */
function choices<Id extends string>(
  terms: Readonly<Record<Id, Message>>,
  locale: Locale,
): { id: Id; label: string }[] {
  // Object.keys loses the keys' type; they are the record's own.
  return (Object.keys(terms) as Id[]).map((id) => ({ id, label: terms[id]({}, { locale }) }));
}

/** The vehicles answers in `locale` (English: the lead desk's, the CSV's). */
export function vehicleUses(locale: Locale = BASE_LOCALE) {
  return choices(VEHICLE_USE_TERMS, locale);
}

/** The revenue bands in `locale`. */
export function revenueBands(locale: Locale = BASE_LOCALE) {
  return choices(REVENUE_BAND_TERMS, locale);
}

export const VEHICLE_USES = vehicleUses();
export const REVENUE_BANDS = revenueBands();

/** The band a revenue typed as a number of dollars falls in; 0 counts as just starting. */
export function revenueBandFor(dollars: number): RevenueBand {
  if (dollars <= 0) return "just-starting";
  if (dollars < 100_000) return "under-100k";
  if (dollars < 500_000) return "100k-500k";
  if (dollars < 1_000_000) return "500k-1m";
  if (dollars < 5_000_000) return "1m-5m";
  return "5m-plus";
}

/** The label of a revenue band. */
export function revenueBandLabel(band: string): string {
  return REVENUE_BANDS.find((candidate) => candidate.id === band)?.label ?? band;
}

/** The label of a vehicles answer. */
export function vehicleUseLabel(use: string): string {
  return VEHICLE_USES.find((candidate) => candidate.id === use)?.label ?? use;
}
