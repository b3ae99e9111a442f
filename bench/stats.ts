/** The middle value (of an even count, the mean of the two middle ones); NaN for none. */
export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  if (sorted.length === 0) return Number.NaN;
  if (sorted.length % 2 === 1) return sorted[middle] ?? Number.NaN;
  return ((sorted[middle - 1] ?? Number.NaN) + (sorted[middle] ?? Number.NaN)) / 2;
}

/** The nearest-rank percentile (0 < p <= 100); NaN for none. */
export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.min(sorted.length, Math.max(1, Math.ceil((p / 100) * sorted.length)));
  return sorted[rank - 1] ?? Number.NaN;
}

/**
 * The largest value, 0 for none (a duration's maximum). A loop, not `Math.max(...values)`: an
 * open loop's queries can be more than a call's arguments may be.
 */
export function largest(values: readonly number[]): number {
  let max = 0;
  for (const value of values) if (value > max) max = value;
  return max;
}
