/**
 * The choices two of the Quote step's optional questions offer (issue 26): the vehicles a business
 * uses for work, and its annual revenue as a band. Reference lists, apart from the plan's rules
 * (coverage-plan.ts) and the forms (quote-request.ts), so that the application's field registry can
 * name their labels without bringing either into the wizard's scripts.
 */

/** The answers to "Does the business use vehicles for work?" (issue 26). */
export const VEHICLE_USES = [
  { id: "owned", label: "Yes, the business owns or leases vehicles" },
  { id: "personal", label: "Only our own cars, for work trips or errands" },
  { id: "none", label: "No, we don't drive for work" },
] as const;
export type VehicleUse = (typeof VEHICLE_USES)[number]["id"];

/** The annual revenue bands the optional question offers ("just starting" allowed). */
export const REVENUE_BANDS = [
  { id: "just-starting", label: "Just starting (no revenue yet)" },
  { id: "under-100k", label: "Under $100,000" },
  { id: "100k-500k", label: "$100,000 to $499,999" },
  { id: "500k-1m", label: "$500,000 to $999,999" },
  { id: "1m-5m", label: "$1 million to $4,999,999" },
  { id: "5m-plus", label: "$5 million or more" },
] as const;
export type RevenueBand = (typeof REVENUE_BANDS)[number]["id"];

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
