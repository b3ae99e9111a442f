/**
 * A US phone number as typed ("(555) 234-5678", "555.234.5678", "+1 555 234 5678") in E.164 form
 * ("+15552345678"), or null when it is not a valid 10-digit North American number: the area code
 * and the exchange each start with 2 to 9.
 */
export function normalizeUsPhone(input: string): string | null {
  if (!/^[\d\s().+-]*$/.test(input)) return null;
  let digits = input.replace(/\D/g, "");
  if (digits.length === 11 && digits.startsWith("1")) digits = digits.slice(1);
  if (!/^[2-9]\d{2}[2-9]\d{6}$/.test(digits)) return null;
  return `+1${digits}`;
}

/** "+15552345678" as people read it: "(555) 234-5678". */
export function formatUsPhone(e164: string): string {
  const digits = e164.replace(/^\+1/, "");
  return `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`;
}
