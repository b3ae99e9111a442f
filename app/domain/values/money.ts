/**
 * Money as the site keeps it: whole cents (integers), typed by an operator as dollars and shown to
 * the visitor as dollars. Pure: no figure here is computed, only read, written and added up.
 */

/** The largest amount a quote takes: $100 million, in cents (the database's checks too). */
export const MAX_CENTS = 10_000_000_000;

/** An amount typed in dollars ("$1,250", "1250.50") as cents. */
export function centsFromText(text: string): number | undefined {
  const plain = text.replace(/[\s,$]/g, "");
  if (!/^\d{1,9}(\.\d{1,2})?$/.test(plain)) return undefined;
  const [dollars = "0", cents = ""] = plain.split(".");
  const value = Number(dollars) * 100 + Number(cents.padEnd(2, "0"));
  return value <= MAX_CENTS ? value : undefined;
}

/** An amount as the visitor reads it: "$1,250" or "$1,250.50". */
export function formatCents(cents: number): string {
  return new Intl.NumberFormat("en-US", {
    style: "currency",
    currency: "USD",
    minimumFractionDigits: cents % 100 === 0 ? 0 : 2,
  }).format(cents / 100);
}

/** Whole dollars as money: "$1,000,000". */
export function formatDollars(dollars: number): string {
  return formatCents(dollars * 100);
}

/** An amount as a form field shows it again: "1250" or "1250.50". */
export function centsAsText(cents: number | null): string {
  if (cents === null) return "";
  return cents % 100 === 0 ? String(cents / 100) : (cents / 100).toFixed(2);
}

/** The sum of the amounts given (null: not given, adds nothing). */
export function sumCents(amounts: readonly (number | null)[]): number {
  return amounts.reduce<number>((sum, amount) => sum + (amount ?? 0), 0);
}
