import { m } from "#app/paraglide/messages.js";
import type { Locale, Message } from "#app/domain/site/locales.ts";

/** The ownership structures questionnaire 3 offers (docs/product.md, "The saved application"). */
export const OWNERSHIP_STRUCTURES = [
  "Individual / Sole Proprietorship",
  "Partnership",
  "Limited Liability Company",
  "Corporation",
  "Trust",
  "Other Entity",
] as const;

export type OwnershipStructure = (typeof OWNERSHIP_STRUCTURES)[number];

/** Each ownership structure's words; the form sends, and the application keeps, the English. */
const OWNERSHIP_TERMS: Record<OwnershipStructure, Message> = {
  "Individual / Sole Proprietorship": m.wizard_ownership_sole,
  Partnership: m.wizard_ownership_partnership,
  "Limited Liability Company": m.wizard_ownership_llc,
  Corporation: m.wizard_ownership_corporation,
  Trust: m.wizard_ownership_trust,
  "Other Entity": m.wizard_ownership_other,
};

/** A stored ownership structure in `locale` (anything else as it is). */
export function ownershipName(stored: string, locale: Locale): string {
  // Read by any stored text: one that is no structure of the list has no term.
  const term = (OWNERSHIP_TERMS as Partial<Record<string, Message>>)[stored];
  return term ? term({}, { locale }) : stored;
}
