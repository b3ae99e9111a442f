/**
 * A contract's insurance requirements (issue 30, decision 048): a client, general contractor or
 * landlord may ask a business for proof of insurance before work starts, with lines, limits and
 * endorsements of their own. The visitor gives them on the plan page; the plan flags each line
 * and limit the contract asks for (beside the line's own recommendation, which it never lowers),
 * the request ticks those lines, and the desk sees the requirements beside the quotes. What the
 * visitor says the contract asks for is theirs to say: the site repeats it and checks nothing of
 * it against the contract. Pure TypeScript: the browser and the server check it with one schema.
 */
import {
  CERTIFICATE_ENDORSEMENTS,
  ENDORSEMENTS_NOTE,
  type CertificateEndorsement,
} from "#app/domain/quote/certificates.ts";
import { formatDollars } from "#app/domain/quote/insurer-quotes.ts";
import { chosenLines, lineName } from "#app/domain/quote/quote-request.ts";
import { addDays, isDay } from "#app/domain/values/days.ts";
import { checkbox, optionalLines, requiredText } from "#app/domain/values/fields.ts";
import { z } from "#app/domain/values/zod.ts";
import { BASE_LOCALE, type Locale } from "#app/domain/site/locales.ts";
import { m } from "#app/paraglide/messages.js";

/** The line whose limits a contract states most often, and the only one whose limits it takes. */
export const GENERAL_LIABILITY_SLUG = "general-liability";

export const CONTRACT_PARTY_MAX_LENGTH = 200;
export const CONTRACT_OTHER_MAX_LENGTH = 500;
/** How far ahead the day proof is needed by may be. */
export const CONTRACT_NEEDED_MAX_DAYS = 365;

/** General liability's limits a contract most often asks for, in dollars. */
export const OCCURRENCE_LIMITS = [500_000, 1_000_000, 2_000_000] as const;
export const AGGREGATE_LIMITS = [1_000_000, 2_000_000, 4_000_000] as const;

/** The endorsements a contract may ask for: a certificate's (one list, certificates.ts). */
export const CONTRACT_ENDORSEMENTS = CERTIFICATE_ENDORSEMENTS;
export { ENDORSEMENTS_NOTE };

/** The contract form's messages, in `locale` (English by default). */
export function contractMessages(locale: Locale = BASE_LOCALE) {
  const words = { locale };
  return {
    party: m.contract_error_party({}, words),
    lines: m.contract_error_lines({}, words),
    limit: m.contract_error_limit({}, words),
    aggregateBelow: m.contract_error_aggregate_below({}, words),
    neededBy: m.contract_error_needed_by({}, words),
    saved: m.contract_saved({}, words),
    removed: m.contract_removed({}, words),
  };
}

function limitChoice(limits: readonly number[], error: string) {
  return z.optional(
    z.pipe(
      z.enum(limits.map(String) as [string, ...string[]], { error }),
      z.transform((text: string) => Number(text)),
    ),
  );
}

/** The form for a day `today` (YYYY-MM-DD), its messages in `locale`. */
export function contractRequirementsSchema(today: string, locale: Locale = BASE_LOCALE) {
  const latest = addDays(today, CONTRACT_NEEDED_MAX_DAYS);
  const messages = contractMessages(locale);
  return z
    .object({
      contractParty: requiredText(messages.party, CONTRACT_PARTY_MAX_LENGTH, locale),
      contractLines: chosenLines(messages.lines, locale),
      occurrenceLimit: limitChoice(OCCURRENCE_LIMITS, messages.limit),
      aggregateLimit: limitChoice(AGGREGATE_LIMITS, messages.limit),
      additionalInsured: checkbox(),
      waiverOfSubrogation: checkbox(),
      primaryNonContributory: checkbox(),
      neededBy: z.optional(
        z.string().check(
          z.trim(),
          z.refine((text) => text === "" || (isDay(text) && text >= today && text <= latest), {
            error: messages.neededBy,
          }),
        ),
      ),
      otherRequirements: optionalLines(CONTRACT_OTHER_MAX_LENGTH, locale),
    })
    .check(
      // A contract's aggregate limit is never below its limit for each occurrence.
      z.refine(
        (value) =>
          value.occurrenceLimit === undefined ||
          value.aggregateLimit === undefined ||
          value.aggregateLimit >= value.occurrenceLimit,
        { error: messages.aggregateBelow, path: ["aggregateLimit"] },
      ),
    );
}

export type ContractRequirementsInput = z.output<ReturnType<typeof contractRequirementsSchema>>;

/** A contract's requirements as kept. */
export interface ContractRequirements {
  party: string;
  /** The lines it asks for (slugs). */
  lines: string[];
  /** General liability's limits it asks for, in dollars; null when not stated. */
  occurrenceLimit: number | null;
  aggregateLimit: number | null;
  endorsements: Record<CertificateEndorsement, boolean>;
  /** The day proof is needed by (YYYY-MM-DD), if given. */
  neededBy: string | null;
  other: string | null;
}

/** The form's value as kept. A limit stated asks for general liability, ticked or not. */
export function toContractRequirements(value: ContractRequirementsInput): ContractRequirements {
  const limited = value.occurrenceLimit !== undefined || value.aggregateLimit !== undefined;
  const lines =
    limited && !value.contractLines.includes(GENERAL_LIABILITY_SLUG)
      ? [...value.contractLines, GENERAL_LIABILITY_SLUG]
      : value.contractLines;
  return {
    party: value.contractParty,
    lines,
    occurrenceLimit: value.occurrenceLimit ?? null,
    aggregateLimit: value.aggregateLimit ?? null,
    endorsements: {
      additionalInsured: value.additionalInsured,
      waiverOfSubrogation: value.waiverOfSubrogation,
      primaryNonContributory: value.primaryNonContributory,
    },
    neededBy: value.neededBy ? value.neededBy : null,
    other: value.otherRequirements ?? null,
  };
}

/**
 * The limits asked for in words, in `locale` ("$1,000,000 each occurrence, $2,000,000 aggregate"),
 * or null.
 */
export function limitsText(
  requirements: ContractRequirements,
  locale: Locale = BASE_LOCALE,
): string | null {
  const { occurrenceLimit, aggregateLimit } = requirements;
  const parts: string[] = [];
  if (occurrenceLimit !== null) {
    parts.push(m.contract_limit_occurrence({ amount: formatDollars(occurrenceLimit) }, { locale }));
  }
  if (aggregateLimit !== null) {
    parts.push(m.contract_limit_aggregate({ amount: formatDollars(aggregateLimit) }, { locale }));
  }
  return parts.length > 0 ? parts.join(", ") : null;
}

/** The endorsements asked for in words, or "none". */
export function contractEndorsementsText(requirements: ContractRequirements): string {
  const asked = CONTRACT_ENDORSEMENTS.filter(
    (endorsement) => requirements.endorsements[endorsement.id],
  );
  return asked.length > 0 ? asked.map((endorsement) => endorsement.short).join(", ") : "None";
}

/**
 * What the plan says on a line the contract asks for, or null for a line it does not: who asks,
 * and for general liability the limits, at least.
 */
export function contractFlag(
  requirements: ContractRequirements | null,
  slug: string,
  locale: Locale = BASE_LOCALE,
): string | null {
  if (!requirements || !requirements.lines.includes(slug)) return null;
  const limits = slug === GENERAL_LIABILITY_SLUG ? limitsText(requirements, locale) : null;
  return m.contract_flag(
    {
      party: requirements.party,
      line: lineName(slug, locale),
      limits: limits ? m.contract_flag_limits({ limits }, { locale }) : "",
    },
    { locale },
  );
}

/**
 * The lines a first quote request starts with ticked: the plan's, and those the contract asks for,
 * but not a line only a state fund sells (no agency can quote it; the plan says so).
 */
export function linesToStartTicked(
  planLines: readonly { slug: string; ticked: boolean; stateFund?: unknown }[],
  contractLines: readonly string[],
): string[] {
  return [
    ...new Set([
      ...planLines.filter((line) => line.ticked).map((line) => line.slug),
      ...contractLines.filter((slug) =>
        planLines.some((line) => line.slug === slug && !line.stateFund),
      ),
    ]),
  ];
}

/** The day proof is needed by, while it is still ahead (a form takes today or later), else "". */
export function neededByAhead(requirements: ContractRequirements, today: string): string {
  return requirements.neededBy && requirements.neededBy >= today ? requirements.neededBy : "";
}

/**
 * Kept requirements as the form shows them again on `today`, every value as a form field holds
 * it; a needed-by day that has passed is left out.
 */
export function contractFormValues(requirements: ContractRequirements, today: string) {
  const ticked = (on: boolean) => (on ? "on" : "");
  return {
    contractParty: requirements.party,
    contractLines: requirements.lines,
    occurrenceLimit: requirements.occurrenceLimit?.toString() ?? "",
    aggregateLimit: requirements.aggregateLimit?.toString() ?? "",
    additionalInsured: ticked(requirements.endorsements.additionalInsured),
    waiverOfSubrogation: ticked(requirements.endorsements.waiverOfSubrogation),
    primaryNonContributory: ticked(requirements.endorsements.primaryNonContributory),
    neededBy: neededByAhead(requirements, today),
    otherRequirements: requirements.other ?? "",
  };
}
