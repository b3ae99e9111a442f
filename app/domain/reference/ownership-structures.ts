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
