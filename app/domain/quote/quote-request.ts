/**
 * The Quote step's forms and rules (issue 15, decision 017): the optional questions that sharpen the
 * coverage plan, the quote request (which lines, when, a note, how to be contacted), its reference
 * and the statuses the lead desk gives it. Pure TypeScript: the browser and the server validate with
 * the same schemas.
 */
import {
  REVENUE_BANDS,
  revenueBandFor,
  VEHICLE_USES,
  type RevenueBand,
  type VehicleUse,
} from "#app/domain/quote/answer-choices.ts";
import type { FieldColumn } from "#app/domain/application/application-fields.ts";
import { PLAN_LINES, type PlanAnswers } from "#app/domain/quote/coverage-plan.ts";
import { agencyLines, type Agency } from "#app/domain/site/agency.ts";
import { greeting, renderEmail, type RenderedEmail } from "#app/domain/site/email-content.ts";
import { formList, optionalText } from "#app/domain/values/fields.ts";
import { isIndustryId } from "#app/domain/reference/industries.ts";
import { isDay, utcDay } from "#app/domain/values/days.ts";
import { OWNERSHIP_STRUCTURES } from "#app/domain/reference/ownership-structures.ts";
import { RESUME_LINK_DAYS } from "#app/domain/wizard/resume-links.ts";
import { site } from "#app/domain/site/site.ts";
import { isUsState } from "#app/domain/reference/states.ts";
import { QUOTE_REQUESTED_PATH } from "#app/domain/wizard/wizard-screens.ts";

export { QUOTE_REQUESTED_PATH };
import { z } from "#app/domain/values/zod.ts";
import { BASE_LOCALE, type Locale } from "#app/domain/site/locales.ts";
import { m } from "#app/paraglide/messages.js";

/** The button that sends a quote request, in English; the consent words name it. */
export const REQUEST_QUOTES_LABEL = m.quote_request_button({}, { locale: BASE_LOCALE });

/** The query parameter that tells that page a copy of the request was just emailed. */
export const EMAILED_PARAM = "emailed";

/**
 * What a plan page form just saved, named in the address it goes back to (`saved=`), which the
 * page confirms first and focused (decision 055): the plan's answers, a contract's requirements,
 * or their removal.
 */
export const PLAN_SAVED_PARAM = "saved";
export const PLAN_SAVES = ["answers", "contract", "contract-removed"] as const;
export type PlanSaved = (typeof PLAN_SAVES)[number];

/** What an address says was saved, if it names one of PLAN_SAVES. */
export function planSavedOf(search: URLSearchParams): PlanSaved | undefined {
  const named = search.get(PLAN_SAVED_PARAM);
  return PLAN_SAVES.find((saved) => saved === named);
}

/** The plan page's messages, in `locale` (English by default). */
export function quoteMessages(locale: Locale = BASE_LOCALE) {
  const words = { locale };
  return {
    employeesInvalid: m.quote_error_employees({}, words),
    workingOwnersInvalid: m.quote_error_working_owners({}, words),
    vehiclesInvalid: m.quote_error_vehicles({}, words),
    revenueInvalid: m.quote_error_revenue({}, words),
    linesRequired: m.quote_error_lines_required({}, words),
    lineUnknown: m.quote_error_line_unknown({}, words),
    startDateRequired: m.quote_error_start_required({}, words),
    startDateInvalid: m.quote_error_start_invalid({}, words),
    startDatePast: m.quote_error_start_past({}, words),
    startDateTooFar: m.quote_error_start_too_far({}, words),
    channelRequired: m.quote_error_channel_required({}, words),
    yesNo: m.quote_error_yes_no({}, words),
    answersSaved: m.quote_answers_saved({}, words),
  };
}

/** The most employees the questions take: any more is a typing slip, and the plan reads no more. */
export const MAX_EMPLOYEES = 100_000;
/** The most working owners, officers or members the question takes. */
export const MAX_WORKING_OWNERS = 1000;
/** The largest revenue taken, in dollars. */
export const MAX_REVENUE = 100_000_000_000;
/** The longest note a visitor may add to a request. */
export const NOTE_MAX_LENGTH = 1000;

/** A whole number typed in a field ("1,200" and "1200" alike), within `max`; empty is unanswered. */
function optionalWholeNumber(max: number, error: string) {
  return z.optional(
    z.pipe(
      z.string().check(
        z.overwrite((text) => text.replace(/[\s,$]/g, "")),
        z.regex(/^\d{1,12}$/, { error }),
      ),
      z.pipe(
        z.transform((text: string) => Number(text)),
        z.number().check(z.maximum(max, { error })),
      ),
    ),
  );
}

/** The plan page's optional questions, their messages in `locale`: every field may be left empty. */
export function optionalAnswersSchema(locale: Locale = BASE_LOCALE) {
  const messages = quoteMessages(locale);
  const yesNo = z.optional(z.enum(["yes", "no"], { error: messages.yesNo }));
  return z.object({
    fullTimeEmployees: optionalWholeNumber(MAX_EMPLOYEES, messages.employeesInvalid),
    partTimeEmployees: optionalWholeNumber(MAX_EMPLOYEES, messages.employeesInvalid),
    annualRevenue: optionalWholeNumber(MAX_REVENUE, messages.revenueInvalid),
    revenueBand: z.optional(
      z.enum(
        REVENUE_BANDS.map((band) => band.id) as [RevenueBand, ...RevenueBand[]],
        messages.revenueInvalid,
      ),
    ),
    claimsInLast3Years: yesNo,
    currentlyInsured: yesNo,
    workingOwners: optionalWholeNumber(MAX_WORKING_OWNERS, messages.workingOwnersInvalid),
    vehicles: z.optional(
      z.enum(
        VEHICLE_USES.map((use) => use.id) as [VehicleUse, ...VehicleUse[]],
        messages.vehiclesInvalid,
      ),
    ),
    retirementPlan: yesNo,
  });
}

export type OptionalAnswersInput = z.output<ReturnType<typeof optionalAnswersSchema>>;

/** The optional answers as the application keeps them (null: not answered). */
export interface OptionalAnswers {
  fullTimeEmployees: number | null;
  partTimeEmployees: number | null;
  /** The revenue as typed, in dollars, when a number was given. */
  annualRevenue: number | null;
  /** The band chosen, or the band of the number typed. */
  revenueBand: RevenueBand | null;
  claimsInLast3Years: boolean | null;
  currentlyInsured: boolean | null;
  /** Owners, officers or members who work in the business. */
  workingOwners: number | null;
  /** Whether the business owns, or its people use, vehicles for work. */
  vehicles: VehicleUse | null;
  /** Whether the business sponsors a retirement plan for its staff, such as a 401(k). */
  retirementPlan: boolean | null;
}

/**
 * Where each optional answer is kept: its column of the application (the field registry's,
 * app/domain/application/application-fields.ts). The reads, the writes and the selects of these
 * answers are derived from it.
 */
export const OPTIONAL_ANSWER_COLUMNS = {
  fullTimeEmployees: "full_time_employees",
  partTimeEmployees: "part_time_employees",
  annualRevenue: "annual_revenue",
  revenueBand: "revenue_band",
  claimsInLast3Years: "claims_last_3_years",
  currentlyInsured: "currently_insured",
  workingOwners: "working_owners",
  vehicles: "vehicles",
  retirementPlan: "retirement_plan",
} as const satisfies { [Answer in keyof OptionalAnswers]: FieldColumn };

type OptionalAnswerColumns = typeof OPTIONAL_ANSWER_COLUMNS;

/** The optional answers' columns, as a select lists them. */
export const OPTIONAL_ANSWER_COLUMN_LIST = Object.values(OPTIONAL_ANSWER_COLUMNS);

/** The optional answers as the application's columns hold them (a save's values). */
export type OptionalAnswerValues = {
  [Answer in keyof OptionalAnswers as OptionalAnswerColumns[Answer]]: OptionalAnswers[Answer];
};

/** The columns' values for these answers: every answer, an empty one as null. */
export function optionalAnswerValues(answers: OptionalAnswers): OptionalAnswerValues {
  const entries = Object.entries(OPTIONAL_ANSWER_COLUMNS).map(([answer, column]) => [
    column,
    answers[answer as keyof OptionalAnswers], // Object.entries loses the key type.
  ]);
  // Built from OPTIONAL_ANSWER_COLUMNS, one entry per answer: the mapped type describes it.
  return Object.fromEntries(entries) as OptionalAnswerValues;
}

/**
 * A record's optional answers as the domain keeps them: from its columns (a number PostgreSQL
 * sends as text is read as one; a band or use that is not one of the list's is none).
 */
export function optionalAnswersOf(row: {
  [Column in OptionalAnswerColumns[keyof OptionalAnswers]]: unknown;
}): OptionalAnswers {
  const column = <Answer extends keyof OptionalAnswers>(answer: Answer) =>
    row[OPTIONAL_ANSWER_COLUMNS[answer]];
  const count = (value: unknown) =>
    typeof value === "number" ? value : typeof value === "string" ? Number(value) : null;
  const yesNo = (value: unknown) => (typeof value === "boolean" ? value : null);
  const band = column("revenueBand");
  const use = column("vehicles");
  return {
    fullTimeEmployees: count(column("fullTimeEmployees")),
    partTimeEmployees: count(column("partTimeEmployees")),
    annualRevenue: count(column("annualRevenue")),
    revenueBand: REVENUE_BANDS.find((entry) => entry.id === band)?.id ?? null,
    claimsInLast3Years: yesNo(column("claimsInLast3Years")),
    currentlyInsured: yesNo(column("currentlyInsured")),
    workingOwners: count(column("workingOwners")),
    vehicles: VEHICLE_USES.find((entry) => entry.id === use)?.id ?? null,
    retirementPlan: yesNo(column("retirementPlan")),
  };
}

export const NO_OPTIONAL_ANSWERS: OptionalAnswers = {
  fullTimeEmployees: null,
  partTimeEmployees: null,
  annualRevenue: null,
  revenueBand: null,
  claimsInLast3Years: null,
  currentlyInsured: null,
  workingOwners: null,
  vehicles: null,
  retirementPlan: null,
};

/** What the optional questions' form gave, as kept: a typed revenue decides the band. */
export function toOptionalAnswers(value: OptionalAnswersInput): OptionalAnswers {
  const yes = (answer: "yes" | "no" | undefined) =>
    answer === undefined ? null : answer === "yes";
  return {
    fullTimeEmployees: value.fullTimeEmployees ?? null,
    partTimeEmployees: value.partTimeEmployees ?? null,
    annualRevenue: value.annualRevenue ?? null,
    revenueBand:
      value.annualRevenue !== undefined
        ? revenueBandFor(value.annualRevenue)
        : (value.revenueBand ?? null),
    claimsInLast3Years: yes(value.claimsInLast3Years),
    currentlyInsured: yes(value.currentlyInsured),
    workingOwners: value.workingOwners ?? null,
    vehicles: value.vehicles ?? null,
    retirementPlan: yes(value.retirementPlan),
  };
}

/** A stored yes/no answer in words. */
export function yesNoText(answer: boolean | null): string {
  return answer === null ? "Not answered" : answer ? "Yes" : "No";
}

/** What the plan is worked out from: a complete application's record and its optional answers. */
export function planAnswersOf(
  record: {
    industry: string;
    segments: string[];
    state: string;
    ownershipStructure: string;
    /** The NAICS code the application is filed under, if any. */
    naicsCode?: string | null | undefined;
  },
  optional: OptionalAnswers,
): PlanAnswers | undefined {
  const { industry, state } = record;
  const ownership = OWNERSHIP_STRUCTURES.find(
    (structure) => structure === record.ownershipStructure,
  );
  if (!isIndustryId(industry) || !isUsState(state) || !ownership) return undefined;
  return withOptionalAnswers(
    {
      industry,
      segments: record.segments,
      state,
      ownership,
      ...(record.naicsCode ? { naicsCode: record.naicsCode } : {}),
    },
    optional,
  );
}

/** The plan's answers with the plan page's optional answers in place of any given before. */
export function withOptionalAnswers(answers: PlanAnswers, optional: OptionalAnswers): PlanAnswers {
  return {
    industry: answers.industry,
    segments: answers.segments,
    state: answers.state,
    ownership: answers.ownership,
    naicsCode: answers.naicsCode,
    fullTimeEmployees: optional.fullTimeEmployees ?? undefined,
    partTimeEmployees: optional.partTimeEmployees ?? undefined,
    revenue: optional.revenueBand ?? undefined,
    claimsInLast3Years: optional.claimsInLast3Years ?? undefined,
    currentlyInsured: optional.currentlyInsured ?? undefined,
    workingOwners: optional.workingOwners ?? undefined,
    vehicles: optional.vehicles ?? undefined,
    retirementPlan: optional.retirementPlan ?? undefined,
  };
}

/** How the visitor wants the agent to reach them. */
const CHANNEL_TERMS = { email: m.quote_channel_email, phone: m.quote_channel_phone };
export type ContactChannel = keyof typeof CHANNEL_TERMS;
export const CONTACT_CHANNELS: readonly { id: ContactChannel; label: string }[] = (
  ["email", "phone"] as const
).map((id) => ({ id, label: CHANNEL_TERMS[id]({}, { locale: BASE_LOCALE }) }));

/** A channel's label, in `locale` (the lead desk's in English). */
export function contactChannelLabel(id: string, locale: Locale = BASE_LOCALE): string {
  return id === "email" || id === "phone" ? CHANNEL_TERMS[id]({}, { locale }) : id;
}

/** The lines a request may name: every line the plan can show. */
export const QUOTABLE_LINES = PLAN_LINES.map((line) => line.slug);

/** A line's name from its slug, in `locale` (in Spanish with the English term beside it). */
export function lineName(slug: string, locale: Locale = BASE_LOCALE): string {
  return PLAN_LINES.find((line) => line.slug === slug)?.term({}, { locale }) ?? slug;
}

/**
 * The lines a form offers: the plan's, then any of `also` (a policy's, a contract's, a request's)
 * the plan leaves out, by name, so that a line asked for before is never dropped unseen.
 */
export function linesOffered(
  planLines: readonly { slug: string; name: string; recommendationLabel: string }[],
  also: readonly string[],
  locale: Locale = BASE_LOCALE,
): { slug: string; name: string; recommendation: string }[] {
  const extra = [...new Set(also)].filter(
    (slug) => QUOTABLE_LINES.includes(slug) && !planLines.some((line) => line.slug === slug),
  );
  return [
    ...planLines.map(({ slug, name, recommendationLabel }) => ({
      slug,
      name,
      recommendation: recommendationLabel,
    })),
    ...extra.map((slug) => ({
      slug,
      name: lineName(slug, locale),
      recommendation: m.quote_not_in_plan({}, { locale }),
    })),
  ];
}

/** The latest preferred start date: a year after `today` (YYYY-MM-DD). */
export function latestStartDate(today: string): string {
  const date = new Date(`${today}T00:00:00Z`);
  date.setUTCFullYear(date.getUTCFullYear() + 1);
  return utcDay(date);
}

/**
 * What a request the agent opened at the desk keeps where a visitor's keeps the words they agreed
 * to (issue 56): the customer asked by phone or email, and agreed to nothing on the site for it.
 */
export const DESK_OPENED_REQUEST_TEXT =
  "Opened at the lead desk by an agent, at the customer's request: the customer did not send this request from the site.";

/**
 * The words the visitor agrees to by requesting, stored with the request as evidence. They call
 * the agency licensed only when its own details are set: sample details name no real agency.
 */
export function quoteConsentText(
  agency: Pick<Agency, "name" | "sample">,
  locale: Locale = BASE_LOCALE,
): string {
  const who = agency.sample
    ? agency.name
    : m.quote_consent_licensed_agency({ name: agency.name }, { locale });
  const button = m.quote_request_button({}, { locale });
  return m.quote_consent({ button, who }, { locale });
}

/**
 * Lines chosen from the plan's (boxes of one name): at least one, each a line a request can name,
 * none twice; `required` says so when none is ticked, in `locale` as the other messages.
 */
export function chosenLines(required: string, locale: Locale = BASE_LOCALE) {
  const { lineUnknown } = quoteMessages(locale);
  return formList(
    z.array(z.string().check(z.maxLength(60))).check(
      z.minLength(1, required),
      z.maxLength(QUOTABLE_LINES.length, lineUnknown),
      z.refine((chosen) => chosen.every((slug) => QUOTABLE_LINES.includes(slug)), {
        error: lineUnknown,
      }),
      z.refine((chosen) => new Set(chosen).size === chosen.length, { error: lineUnknown }),
    ),
  );
}

/**
 * The quote request form for a day `today` (YYYY-MM-DD, `usToday()`, injected so that tests can fix it):
 * at least one of the plan's lines, a preferred start date from today to a year ahead, how to be
 * contacted, and an optional note.
 */
export function quoteRequestSchema(today: string, locale: Locale = BASE_LOCALE) {
  const latest = latestStartDate(today);
  const messages = quoteMessages(locale);
  return z.object({
    lines: chosenLines(messages.linesRequired, locale),
    startDate: z.string({ error: messages.startDateRequired }).check(
      z.trim(),
      z.refine((text) => isDay(text), { error: messages.startDateInvalid, abort: true }),
      z.refine((text) => text >= today, { error: messages.startDatePast, abort: true }),
      z.refine((text) => text <= latest, { error: messages.startDateTooFar }),
    ),
    contactChannel: z.enum(
      CONTACT_CHANNELS.map((channel) => channel.id) as [ContactChannel, ...ContactChannel[]],
      { error: messages.channelRequired },
    ),
    note: optionalText(NOTE_MAX_LENGTH, locale),
  });
}

export type QuoteRequestInput = z.output<ReturnType<typeof quoteRequestSchema>>;

/**
 * Today (YYYY-MM-DD) in Hawaii, the last of the fifty states to reach each day: in UTC an evening
 * visitor in New York or California would already be in tomorrow, and their today refused as past.
 */
export function usToday(now: Date = new Date()): string {
  // en-CA writes a date as YYYY-MM-DD.
  return new Intl.DateTimeFormat("en-CA", { timeZone: "Pacific/Honolulu" }).format(now);
}

/**
 * Letters and digits a person can read over the phone without mixing them up: no 0/O, 1/I/L, 5/S,
 * 2/Z, 8/B or U/V.
 */
export const REFERENCE_ALPHABET = "34679ACDEFGHJKMNPQRTWXY";
export const REFERENCE_LENGTH = 6;
export const REFERENCE_PATTERN = new RegExp(`^CP-[${REFERENCE_ALPHABET}]{${REFERENCE_LENGTH}}$`);

/**
 * A new reference like CP-7K3F9Q from `randomBytes` (at least REFERENCE_LENGTH bytes). The bytes
 * are taken modulo the alphabet's size after dropping the few that would favour some characters.
 */
export function quoteReference(randomBytes: (size: number) => Uint8Array): string {
  const size = REFERENCE_ALPHABET.length;
  const fair = 256 - (256 % size);
  let reference = "";
  while (reference.length < REFERENCE_LENGTH) {
    for (const byte of randomBytes(REFERENCE_LENGTH * 2)) {
      if (byte < fair && reference.length < REFERENCE_LENGTH)
        reference += REFERENCE_ALPHABET[byte % size];
    }
  }
  return `CP-${reference}`;
}

/** The agency's promise in words, as the visitor reads it and the desk repeats it: "within 4 hours". */
export function responsePromiseText(hours: number, locale: Locale = BASE_LOCALE): string {
  return hours === 1
    ? m.quote_within_one_hour({}, { locale })
    : m.quote_within_hours({ hours }, { locale });
}

/**
 * What happens after a request, as the confirmation page and email say it. It names a time only
 * when the agency promises one (AGENCY_RESPONSE_HOURS): the spec's "within one business day" is the
 * agency's promise to make, not the site's (issue 26, decision 038).
 */
export function whatHappensNext(
  channel: string,
  agency: Pick<Agency, "phone" | "sample" | "responseHours">,
  locale: Locale = BASE_LOCALE,
): string {
  const by = (channel === "phone" ? m.quote_next_by_phone : m.quote_next_by_email)({}, { locale });
  const within =
    agency.responseHours === undefined
      ? ""
      : ` ${responsePromiseText(agency.responseHours, locale)}`;
  // "Licensed" only when the agency's own details are set (sample details name no real agency).
  const who = (agency.sample ? m.quote_next_agent : m.quote_next_licensed_agent)({}, { locale });
  return m.quote_next({ who, by, within, phone: agency.phone }, { locale });
}

/**
 * A start date in words, as `locale` writes it: "Tuesday, December 1, 2026", "martes, 1 de
 * diciembre de 2026" (the date as chosen, no time zone).
 */
export function startDateText(day: string, locale: Locale = BASE_LOCALE): string {
  return new Date(`${day}T00:00:00Z`).toLocaleDateString(`${locale}-US`, {
    timeZone: "UTC",
    weekday: "long",
    year: "numeric",
    month: "long",
    day: "numeric",
  });
}

/**
 * The email that confirms a quote request to the visitor (decision 032), as text and HTML with the
 * same words: greeted by first name, what they asked for (the business, the lines, the start date,
 * the contact channel), what happens next with one phone number (the agency's), a one-time link
 * back, and the agency's identity. The note is not repeated: the address may be one the session
 * has not proven, and the site must not carry anyone's free text to it; the email says it is kept.
 */
export function quoteConfirmationEmail(options: {
  firstName: string | null;
  /** What the lead goes by: the business's name. */
  leadName: string | null;
  reference: string;
  lines: readonly string[];
  startDate: string;
  contactChannel: string;
  hasNote: boolean;
  updated: boolean;
  resumeLink: string;
  agency: Agency;
  /** The application's language: the visitor reads the email in it (issue 31). */
  locale?: Locale;
}): RenderedEmail {
  const { reference, agency, locale = BASE_LOCALE } = options;
  const business = options.leadName?.trim();
  const brand = site.brand;
  return renderEmail({
    subject: (options.updated ? m.quote_email_subject_updated : m.quote_email_subject)(
      { reference },
      { locale },
    ),
    paragraphs: [
      [greeting(options.firstName, locale)],
      [
        options.updated
          ? m.quote_email_updated({ reference, brand }, { locale })
          : m.quote_email_thanks({ reference, brand }, { locale }),
      ],
      [
        ...(business ? [m.quote_email_business({ business }, { locale })] : []),
        m.quote_email_lines({}, { locale }),
        ...options.lines.map((slug) => ({ item: lineName(slug, locale) })),
        m.quote_email_start({ date: startDateText(options.startDate, locale) }, { locale }),
        m.quote_email_channel(
          { channel: contactChannelLabel(options.contactChannel, locale) },
          { locale },
        ),
        ...(options.hasNote ? [m.quote_email_note_kept({}, { locale })] : []),
      ],
      [whatHappensNext(options.contactChannel, agency, locale)],
      [
        m.quote_email_not_a_quote({ days: RESUME_LINK_DAYS }, { locale }),
        { link: options.resumeLink },
      ],
    ],
    footer: agencyLines(agency, locale),
  });
}
