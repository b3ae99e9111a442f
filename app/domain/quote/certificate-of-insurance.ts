/**
 * A certificate of insurance the agency draws from the policy record (issue 56, decision 069): the
 * fields of the standard certificate-of-liability layout (ACORD 25) — the producer (the agency, from
 * its settings), the insured, insurers A to F with their NAIC numbers, for each line its insurer,
 * policy number, dates and limits, the description of operations, the holder, and the additional
 * insured and waiver of subrogation marks with the endorsement forms named — with the agency's own
 * words that a certificate informs and changes nothing. The site draws a layout with these fields;
 * the ACORD form and logo themselves are the agency's to use under its ACORD licence
 * (docs/product.md, "Certificates"). The policy gives the insurers, numbers, dates and the quoted
 * limits; the agent enters what the record lacks. Pure TypeScript.
 */
import { formatCents, type QuoteLine } from "#app/domain/quote/insurer-quotes.ts";
import type { Agency } from "#app/domain/site/agency.ts";
import { checkbox, optionalText, requiredLines } from "#app/domain/values/fields.ts";
import { z } from "#app/domain/values/zod.ts";

/** The insurers a certificate can name: letters A to F, as the layout has rows for. */
export const INSURER_LETTERS = ["A", "B", "C", "D", "E", "F"] as const;
export type InsurerLetter = (typeof INSURER_LETTERS)[number];

/**
 * What the certificate says of itself, in the agency's words (not the form's): it informs, gives
 * the holder no rights, and does not change the cover the policies give.
 */
export const CERTIFICATE_DISCLAIMER =
  "This certificate is issued for information only. It gives the certificate holder no rights, and it does not amend, extend or alter the cover the policies below provide. It is not a contract between the insurers, the agency that issued it and the holder. The policies' own terms, exclusions and conditions govern, and limits shown may have been reduced by paid claims.";

/** What it says where a holder is an additional insured or has a waiver: the policy must say so. */
export const ENDORSEMENT_DISCLAIMER =
  "If the holder is an additional insured, the policies must be endorsed to say so; if a waiver of subrogation is shown, it applies only as the policy's endorsement grants it. A mark on this certificate grants neither.";

/** What it says of cancellation: notice follows the policies' own provisions. */
export const CANCELLATION_NOTE =
  "Should any policy above be cancelled before its expiration date, notice will be delivered as the policy's provisions say.";

/** The section of the layout a line of cover fills. */
export type CoverageKind = "general-liability" | "auto" | "umbrella" | "workers-comp" | "other";

/** The section a quoted line (its product slug) fills on the certificate. */
export function coverageKind(line: string): CoverageKind {
  if (line === "general-liability" || line === "business-owners-policy") return "general-liability";
  if (line === "workers-comp") return "workers-comp";
  if (line.includes("auto")) return "auto";
  if (line.includes("umbrella") || line.includes("excess")) return "umbrella";
  return "other";
}

/** A section's heading on the certificate. */
export const COVERAGE_TITLES: Record<CoverageKind, string> = {
  "general-liability": "Commercial general liability",
  auto: "Automobile liability",
  umbrella: "Umbrella / excess liability",
  "workers-comp": "Workers compensation and employers' liability",
  other: "Other",
};

/** One limit as the certificate prints it: its label and the amount (blank when not given). */
export interface CertificateLimit {
  label: string;
  amount: string;
}

/** One line of cover on the certificate. */
export interface CertificateCoverage {
  kind: CoverageKind;
  /** The line's name (the product's), for "Other". */
  title: string;
  insurerLetter: InsurerLetter;
  policyNumber: string;
  effective: string;
  expiry: string;
  additionalInsured: boolean;
  waiverOfSubrogation: boolean;
  limits: CertificateLimit[];
}

/** The certificate as drawn and as kept ("what it showed"): every field the PDF prints. */
export interface CertificateContents {
  reference: string;
  /** The day it was drawn (YYYY-MM-DD, the agency's). */
  issuedOn: string;
  producer: { name: string; address: string; phone: string; email: string; npn: string };
  insured: { name: string; address: string };
  insurers: { letter: InsurerLetter; name: string; naic: string | null }[];
  coverages: CertificateCoverage[];
  description: string;
  holder: { name: string; address: string };
  endorsementForms: { additionalInsured: string | null; waiverOfSubrogation: string | null };
}

/** A bound policy of the customer as the record holds it. */
export interface PolicyOnRecord {
  insurer: string;
  policyNumber: string;
  start: string;
  end: string;
  /** The published quote's lines the policy was bound on. */
  lines: QuoteLine[];
}

export const NAIC_PATTERN = /^\d{5}$/;
export const FORM_NAME_MAX_LENGTH = 80;
export const DESCRIPTION_MAX_LENGTH = 1000;
export const LIMIT_TEXT_MAX_LENGTH = 40;

/** The limits the record lacks, which the agent enters: their field names and labels. */
export const ENTERED_LIMITS = [
  {
    id: "damageToRented",
    kind: "general-liability",
    label: "Damage to rented premises (each occurrence)",
  },
  { id: "medExp", kind: "general-liability", label: "Med exp (any one person)" },
  { id: "personalAdv", kind: "general-liability", label: "Personal & adv injury" },
  { id: "productsAgg", kind: "general-liability", label: "Products - comp/op agg" },
  { id: "autoCombined", kind: "auto", label: "Combined single limit (each accident)" },
  { id: "elEachAccident", kind: "workers-comp", label: "E.L. each accident" },
  { id: "elDiseaseEmployee", kind: "workers-comp", label: "E.L. disease - each employee" },
  { id: "elDiseasePolicy", kind: "workers-comp", label: "E.L. disease - policy limit" },
] as const;
export type EnteredLimit = (typeof ENTERED_LIMITS)[number]["id"];

export const certificateDraftMessages = {
  naic: "Please enter the insurer's five-digit NAIC number, or leave it empty",
  description: "Please describe the operations the certificate covers",
  additionalInsuredForm: "Please name the additional insured endorsement form",
  waiverForm: "Please name the waiver of subrogation endorsement form",
} as const;

/** The desk's form to draw a certificate (English: the desk's language), browser and server. */
export function certificateDraftSchema() {
  const naic = z.optional(
    z.string().check(
      z.trim(),
      z.refine((text) => text === "" || NAIC_PATTERN.test(text), certificateDraftMessages.naic),
    ),
  );
  const limits: Record<string, ReturnType<typeof optionalText>> = {};
  for (const entry of ENTERED_LIMITS) limits[entry.id] = optionalText(LIMIT_TEXT_MAX_LENGTH);
  return z
    .object({
      naicA: naic,
      naicB: naic,
      naicC: naic,
      naicD: naic,
      naicE: naic,
      naicF: naic,
      description: requiredLines(certificateDraftMessages.description, DESCRIPTION_MAX_LENGTH),
      additionalInsured: checkbox(),
      additionalInsuredForm: optionalText(FORM_NAME_MAX_LENGTH),
      waiverOfSubrogation: checkbox(),
      waiverForm: optionalText(FORM_NAME_MAX_LENGTH),
      damageToRented: optionalText(LIMIT_TEXT_MAX_LENGTH),
      medExp: optionalText(LIMIT_TEXT_MAX_LENGTH),
      personalAdv: optionalText(LIMIT_TEXT_MAX_LENGTH),
      productsAgg: optionalText(LIMIT_TEXT_MAX_LENGTH),
      autoCombined: optionalText(LIMIT_TEXT_MAX_LENGTH),
      elEachAccident: optionalText(LIMIT_TEXT_MAX_LENGTH),
      elDiseaseEmployee: optionalText(LIMIT_TEXT_MAX_LENGTH),
      elDiseasePolicy: optionalText(LIMIT_TEXT_MAX_LENGTH),
    })
    .check(
      z.superRefine((draft, context) => {
        if (draft.additionalInsured && !draft.additionalInsuredForm) {
          context.issues.push({
            code: "custom",
            input: draft.additionalInsuredForm,
            path: ["additionalInsuredForm"],
            message: certificateDraftMessages.additionalInsuredForm,
          });
        }
        if (draft.waiverOfSubrogation && !draft.waiverForm) {
          context.issues.push({
            code: "custom",
            input: draft.waiverForm,
            path: ["waiverForm"],
            message: certificateDraftMessages.waiverForm,
          });
        }
      }),
    );
}
export type CertificateDraft = z.output<ReturnType<typeof certificateDraftSchema>>;

function naicOf(draft: CertificateDraft, letter: InsurerLetter): string | null {
  const value = draft[`naic${letter}`];
  return value ? value : null;
}

function amount(cents: number | null): string {
  return cents === null ? "" : formatCents(cents);
}

/** A quoted line's limits in the section's rows, with what the agent entered. */
function limitsOf(
  kind: CoverageKind,
  entry: QuoteLine,
  draft: CertificateDraft,
): CertificateLimit[] {
  const entered = (id: EnteredLimit) => ({
    label: ENTERED_LIMITS.find((limit) => limit.id === id)?.label ?? id,
    amount: draft[id] ?? "",
  });
  switch (kind) {
    case "general-liability":
      return [
        { label: "Each occurrence", amount: amount(entry.occurrenceCents) },
        entered("damageToRented"),
        entered("medExp"),
        entered("personalAdv"),
        { label: "General aggregate", amount: amount(entry.aggregateCents) },
        entered("productsAgg"),
      ];
    case "auto":
      return [
        {
          label: "Combined single limit (each accident)",
          amount: draft.autoCombined ?? amount(entry.occurrenceCents),
        },
      ];
    case "umbrella":
      return [
        { label: "Each occurrence", amount: amount(entry.occurrenceCents) },
        { label: "Aggregate", amount: amount(entry.aggregateCents) },
      ];
    case "workers-comp":
      return [
        { label: "Per statute", amount: "Statutory" },
        {
          label: "E.L. each accident",
          amount: draft.elEachAccident ?? amount(entry.occurrenceCents),
        },
        entered("elDiseaseEmployee"),
        {
          label: "E.L. disease - policy limit",
          amount: draft.elDiseasePolicy ?? amount(entry.aggregateCents),
        },
      ];
    case "other":
      return [
        { label: "Each occurrence", amount: amount(entry.occurrenceCents) },
        { label: "Aggregate", amount: amount(entry.aggregateCents) },
        ...(entry.limitText ? [{ label: "Limit", amount: entry.limitText }] : []),
      ];
  }
}

/**
 * The certificate's contents from the customer's policies on record (the one the certificate is
 * for first, then the customer's other policies in force; insurers lettered A to F in that order,
 * at most six) and what the agent entered.
 */
export function certificateContents(options: {
  reference: string;
  issuedOn: string;
  agency: Agency;
  insured: { name: string; address: string };
  holder: { name: string; address: string };
  policies: readonly PolicyOnRecord[];
  lineName: (line: string) => string;
  draft: CertificateDraft;
}): CertificateContents {
  const { agency, draft } = options;
  const insurers: CertificateContents["insurers"] = [];
  const coverages: CertificateCoverage[] = [];
  for (const policy of options.policies) {
    let insurer = insurers.find((known) => known.name === policy.insurer);
    if (!insurer) {
      const letter = INSURER_LETTERS[insurers.length];
      if (letter === undefined) break;
      insurer = { letter, name: policy.insurer, naic: naicOf(draft, letter) };
      insurers.push(insurer);
    }
    for (const entry of policy.lines) {
      const kind = coverageKind(entry.line);
      coverages.push({
        kind,
        title: kind === "other" ? options.lineName(entry.line) : COVERAGE_TITLES[kind],
        insurerLetter: insurer.letter,
        policyNumber: policy.policyNumber,
        effective: policy.start,
        expiry: policy.end,
        // The marks apply where the endorsements do: general liability and auto carry additional
        // insureds; the waiver is written on liability, auto and workers' compensation.
        additionalInsured:
          draft.additionalInsured && (kind === "general-liability" || kind === "auto"),
        waiverOfSubrogation: draft.waiverOfSubrogation && kind !== "other",
        limits: limitsOf(kind, entry, draft),
      });
    }
  }
  return {
    reference: options.reference,
    issuedOn: options.issuedOn,
    producer: {
      name: agency.name,
      address: agency.address,
      phone: agency.phone,
      email: agency.email,
      npn: agency.npn,
    },
    insured: options.insured,
    insurers,
    coverages,
    description: draft.description,
    holder: options.holder,
    endorsementForms: {
      additionalInsured: draft.additionalInsured ? (draft.additionalInsuredForm ?? null) : null,
      waiverOfSubrogation: draft.waiverOfSubrogation ? (draft.waiverForm ?? null) : null,
    },
  };
}

/** A short account of what a certificate showed, for the desk's list of holders. */
export function contentsSummary(contents: CertificateContents): string {
  const parts = [
    contents.coverages.map((coverage) => `${coverage.title} ${coverage.policyNumber}`).join("; "),
  ];
  if (contents.endorsementForms.additionalInsured) {
    parts.push(`additional insured (${contents.endorsementForms.additionalInsured})`);
  }
  if (contents.endorsementForms.waiverOfSubrogation) {
    parts.push(`waiver of subrogation (${contents.endorsementForms.waiverOfSubrogation})`);
  }
  return parts.join(", ");
}

/** The draft that drew `contents`: to draw the same certificate again on a renewed policy. */
export function draftFromContents(contents: CertificateContents): CertificateDraft {
  const limit = (label: string) => {
    for (const coverage of contents.coverages) {
      const found = coverage.limits.find((entry) => entry.label === label);
      if (found?.amount) return found.amount;
    }
    return undefined;
  };
  const draft: CertificateDraft = {
    description: contents.description,
    additionalInsured: contents.endorsementForms.additionalInsured !== null,
    additionalInsuredForm: contents.endorsementForms.additionalInsured ?? undefined,
    waiverOfSubrogation: contents.endorsementForms.waiverOfSubrogation !== null,
    waiverForm: contents.endorsementForms.waiverOfSubrogation ?? undefined,
  };
  for (const entry of ENTERED_LIMITS) {
    if (
      entry.id === "autoCombined" ||
      entry.id === "elEachAccident" ||
      entry.id === "elDiseasePolicy"
    )
      continue;
    const value = limit(entry.label);
    if (value) draft[entry.id] = value;
  }
  return draft;
}
