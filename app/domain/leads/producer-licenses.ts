/**
 * A licensed producer on every quote (issue 55, decision 063). Each operator records the producer
 * licences they hold: a state, its number, the lines of authority it grants, and its expiry. The
 * operator who publishes a request's quotes, or binds it, must hold a licence for the business's
 * state that is in force and grants every line of authority the request's lines need; they become
 * the request's producer of record, whom the quotes page and the agency's emails name with the
 * licence number (Cal. Ins. Code 1725.5 asks for it on written price quotations).
 *
 * Sources (read 2026-11-28):
 * - NAIC Producer Licensing Model Act (Model 218), section 7: the major lines of authority, among
 *   them Property ("coverage for the direct or consequential loss or damage to property of every
 *   kind") and Casualty ("coverage against legal liability, including that for death, injury or
 *   disability or damage to real or personal property"); Personal Lines is for non-commercial
 *   purposes, so it grants none of the business lines sold here.
 *   https://content.naic.org/sites/default/files/inline-files/MDL-218.pdf
 * - California Insurance Code 1725.5 and the Department's Bulletin 96-08: a licensee's licence
 *   number on written price quotations distributed in California.
 *   https://www.insurance.ca.gov/0250-insurers/0300-insurers/0200-bulletins/bulletin-notices-commiss-opinion/bulletin-96-08.cfm
 *
 * States name their lines alike but not identically; where a line's authority is not settled by
 * those definitions (a package with property and liability parts, crime, cyber, a vehicle's
 * physical damage), both Property and Casualty are asked for, which every state's
 * property-and-casualty producer holds.
 */
import { isCalendarDay } from "#app/domain/site/agency.ts";
import { stateOfCode, uspsCode, type UsState } from "#app/domain/reference/states.ts";
import { formList, requiredText } from "#app/domain/values/fields.ts";
import { z } from "#app/domain/values/zod.ts";

/** The lines of authority an operator may record, as the desk names them. */
export const LINES_OF_AUTHORITY = {
  property: "Property",
  casualty: "Casualty",
  "accident-health": "Accident and health or sickness",
  life: "Life",
  "personal-lines": "Personal lines",
} as const;

export type LineOfAuthority = keyof typeof LINES_OF_AUTHORITY;

// Object.keys types its answer as string[]; these are exactly the object's own keys.
const AUTHORITY_IDS = Object.keys(LINES_OF_AUTHORITY) as [LineOfAuthority, ...LineOfAuthority[]];

/** Whether a stored text names a line of authority. */
export function isLineOfAuthority(text: string): text is LineOfAuthority {
  return Object.hasOwn(LINES_OF_AUTHORITY, text);
}

const CASUALTY: readonly LineOfAuthority[] = ["casualty"];
const PROPERTY: readonly LineOfAuthority[] = ["property"];
const BOTH: readonly LineOfAuthority[] = ["property", "casualty"];

/**
 * The lines of authority each line of insurance a request may ask for needs (by its slug: the
 * product lines, the plan's extra lines and commercial auto). Liability lines need Casualty (the
 * Model Act's definition; bonds too, which most states now fold into Casualty); contractors'
 * equipment is first-party property; the rest need both (see the module's note).
 */
const AUTHORITY_BY_LINE: Readonly<Record<string, readonly LineOfAuthority[]>> = {
  "general-liability": CASUALTY,
  "workers-comp": CASUALTY,
  "business-owners-policy": BOTH,
  "cyber-insurance": BOTH,
  "errors-and-omissions": CASUALTY,
  "professional-liability": CASUALTY,
  "employment-practices-liability": CASUALTY,
  "directors-and-officers": CASUALTY,
  "crime-insurance": BOTH,
  "fiduciary-liability": CASUALTY,
  "liquor-liability": CASUALTY,
  "erisa-bond": CASUALTY,
  "contractors-equipment": PROPERTY,
  "commercial-umbrella": CASUALTY,
  garagekeepers: BOTH,
  "license-and-permit-bonds": CASUALTY,
  "commercial-auto": BOTH,
};

/** The lines of authority a request's lines need together (both, for a line not listed). */
export function authorityNeeded(lines: readonly string[]): LineOfAuthority[] {
  const needed = new Set<LineOfAuthority>();
  for (const line of lines)
    for (const authority of AUTHORITY_BY_LINE[line] ?? BOTH) needed.add(authority);
  return AUTHORITY_IDS.filter((authority) => needed.has(authority));
}

/** One producer licence an operator holds. */
export interface ProducerLicense {
  id: string;
  /** The state's two-letter code. */
  state: string;
  number: string;
  lines: LineOfAuthority[];
  /** The last day in force, YYYY-MM-DD. */
  expires: string;
}

/** The producer a request names: who, and the licence number for the business's state. */
export interface ProducerOfRecord {
  name: string;
  state: string;
  licenseNumber: string;
}

/** Why an operator may not publish or bind for a request, as the desk says it. */
export function producerRefusal(
  producer: { name: string | null; licenses: readonly ProducerLicense[] },
  state: UsState,
  lines: readonly string[],
  today: string,
): string | undefined {
  const code = uspsCode(state);
  const needed = authorityNeeded(lines);
  const named = needed.map((authority) => LINES_OF_AUTHORITY[authority]).join(" and ");
  if (!producer.name) {
    return "Give the name you are licensed by on your profile first: the visitor's quotes and emails name their producer.";
  }
  const license = producer.licenses.find((held) => held.state === code);
  if (!license) {
    return `You hold no producer licence for ${state} on your profile: an agent licensed there for ${named} must do this.`;
  }
  if (license.expires < today) {
    return `Your ${state} producer licence (${license.number}) expired on ${license.expires}: renew it on your profile, or an agent licensed there for ${named} must do this.`;
  }
  const missing = needed.filter((authority) => !license.lines.includes(authority));
  if (missing.length > 0) {
    const lacking = missing.map((authority) => LINES_OF_AUTHORITY[authority]).join(" and ");
    return `Your ${state} producer licence (${license.number}) does not grant ${lacking}, which these lines need: an agent licensed there for ${named} must do this.`;
  }
  return undefined;
}

/** The licence that lets this producer act for the request, when producerRefusal finds none. */
export function producerOfRecord(
  producer: { name: string | null; licenses: readonly ProducerLicense[] },
  state: UsState,
  lines: readonly string[],
  today: string,
): ProducerOfRecord | undefined {
  if (producerRefusal(producer, state, lines, today) !== undefined || !producer.name) {
    return undefined;
  }
  const code = uspsCode(state);
  const license = producer.licenses.find((held) => held.state === code);
  return license && { name: producer.name, state: code, licenseNumber: license.number };
}

/** The producer of record as the desk names them: "Dana Reyes, California licence 0K12345". */
export function producerDeskLine(producer: ProducerOfRecord): string {
  const state = stateOfCode(producer.state);
  return `${producer.name}, ${state ?? producer.state} licence ${producer.licenseNumber}`;
}

/** What the desk says when the request itself leaves no producer to check. */
export const producerDeskMessages = {
  noState:
    "The application names no state of the 50, so no producer's licence can be checked: correct the application first.",
} as const;

/** What the profile's forms say when a value is not right. */
export const producerMessages = {
  name: "Type the name you are licensed by.",
  state: "Choose a state by its two-letter code, e.g. CA.",
  number: "Type the licence number: letters, digits and hyphens, up to 20.",
  lines: "Tick at least one line of authority.",
  expires: "Type the day the licence expires, as YYYY-MM-DD.",
} as const;

/** The longest licensed name the profile takes. */
export const PRODUCER_NAME_MAX_LENGTH = 200;

/** The profile's form for the name an operator is licensed by. */
export const producerNameFormSchema = z.object({
  name: requiredText(producerMessages.name, PRODUCER_NAME_MAX_LENGTH),
});

/** The profile's form for a licence: a state's code, the number, its lines and its expiry. */
export const producerLicenseFormSchema = z.object({
  state: z.pipe(
    z.string({ error: producerMessages.state }).check(z.maxLength(2, producerMessages.state)),
    z.transform((text, ctx) => {
      const state = stateOfCode(text);
      if (state) return uspsCode(state);
      ctx.issues.push({ code: "custom", message: producerMessages.state, input: text });
      return "";
    }),
  ),
  number: z.pipe(
    z.string({ error: producerMessages.number }).check(z.maxLength(40, producerMessages.number)),
    z.transform((text, ctx) => {
      const number = text.trim().toUpperCase();
      if (/^[A-Z0-9-]{1,20}$/.test(number)) return number;
      ctx.issues.push({ code: "custom", message: producerMessages.number, input: text });
      return "";
    }),
  ),
  lines: formList(
    z
      .array(z.enum(AUTHORITY_IDS, { error: producerMessages.lines }))
      .check(z.minLength(1, producerMessages.lines), z.maxLength(AUTHORITY_IDS.length)),
  ),
  expires: z.string({ error: producerMessages.expires }).check(
    z.trim(),
    z.refine((text) => isCalendarDay(text), { error: producerMessages.expires }),
  ),
});

/** A licence in a few words, as the operators' history keeps it. */
export function licenseDetail(license: Omit<ProducerLicense, "id">): string {
  const lines = license.lines.map((line) => LINES_OF_AUTHORITY[line]).join(", ");
  return `${license.state} ${license.number} (${lines}), expires ${license.expires}`;
}
