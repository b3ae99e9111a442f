/**
 * What happens to a bound policy after binding (issue 56): the changes and notices the desk
 * records on it (endorsements, cancellations, the insurer's renewal notices, premium audits and
 * payments the insurer reports missed), each typed with its own fields, and the changes the
 * customer asks for from "Your policy". One schema per form, read the same in the browser and in
 * the action (decision 010). Amounts are what the insurer states, entered by the desk: the site
 * computes none.
 */
import { centsFromText, formatCents, MAX_CENTS } from "#app/domain/quote/insurer-quotes.ts";
import { BASE_LOCALE, type Locale } from "#app/domain/site/locales.ts";
import { isDay } from "#app/domain/values/days.ts";
import { checkbox, requiredLines } from "#app/domain/values/fields.ts";
import { z } from "#app/domain/values/zod.ts";
import { m } from "#app/paraglide/messages.js";

/** The kinds of change the desk records, in the order its forms offer them. */
export const POLICY_CHANGE_KINDS = [
  { id: "endorsement", label: "Endorsement" },
  { id: "cancellation", label: "Cancellation" },
  { id: "renewal-notice", label: "Renewal notice from the insurer" },
  { id: "premium-audit", label: "Premium audit" },
  { id: "missed-payment", label: "Missed payment reported by the insurer" },
] as const;
export type PolicyChangeKind = (typeof POLICY_CHANGE_KINDS)[number]["id"];

export function policyChangeKindLabel(kind: PolicyChangeKind): string {
  return POLICY_CHANGE_KINDS.find((entry) => entry.id === kind)?.label ?? kind;
}

/** Who asked for a cancellation. */
export const CANCELLED_BY = ["insured", "insurer", "agency"] as const;
/** The insurer's notice about the next term. */
export const RENEWAL_NOTICES = ["non-renewal", "conditional-renewal"] as const;
/** What a premium audit found: not yet known, more to pay, money back, or no change. */
export const AUDIT_RESULTS = ["pending", "additional", "return", "none"] as const;

/** The longest "what changed" or "reason" the desk may write. */
export const POLICY_CHANGE_TEXT_MAX_LENGTH = 1000;

const deskMessages = {
  text: "Please describe it",
  day: "Please enter a date as YYYY-MM-DD",
  money: "Please enter an amount in dollars, such as 1,250 or 1250.50",
  choice: "Please choose one",
  auditAmount: "Please enter the amount the audit found",
} as const;

/** A day the form sends as YYYY-MM-DD. */
function day() {
  return z.string({ error: deskMessages.day }).check(z.refine(isDay, deskMessages.day));
}

/** An optional day: left empty, null. */
function optionalDay() {
  return z.pipe(
    z.optional(z.string().check(z.refine((text) => text === "" || isDay(text), deskMessages.day))),
    z.transform((text) => (text ? text : null)),
  );
}

/** Dollars (not negative) as cents; optional ones left empty are null. */
function money(required: boolean) {
  const amount = z.string({ error: deskMessages.money }).check(
    z.trim(),
    z.refine((text) => (!required && text === "") || centsFromText(text) !== undefined, {
      error: deskMessages.money,
    }),
  );
  return z.pipe(
    required ? amount : z.optional(amount),
    z.transform((text) => (text ? (centsFromText(text) ?? null) : null)),
  );
}

/** A change of premium, "+120", "-45.50" or "0", as signed cents. */
function signedMoney() {
  return z.pipe(
    z.string({ error: deskMessages.money }).check(
      z.trim(),
      z.refine((text) => centsFromText(text.replace(/^[+-]/, "")) !== undefined, {
        error: deskMessages.money,
      }),
    ),
    z.transform(
      (text) => (text.startsWith("-") ? -1 : 1) * (centsFromText(text.replace(/^[+-]/, "")) ?? 0),
    ),
  );
}

const deskText = () => requiredLines(deskMessages.text, POLICY_CHANGE_TEXT_MAX_LENGTH, BASE_LOCALE);

/**
 * One change as the desk records it: its kind and that kind's fields; `showCustomer` says whether
 * "Your policy" shows it. The desk's forms are English only (docs/architecture.md).
 */
export const policyChangeFormSchema = z.discriminatedUnion("kind", [
  z.object({
    kind: z.literal("endorsement"),
    description: deskText(),
    effectiveOn: day(),
    premiumChange: signedMoney(),
    showCustomer: checkbox(),
  }),
  z.object({
    kind: z.literal("cancellation"),
    requestedBy: z.enum(CANCELLED_BY, { error: deskMessages.choice }),
    reason: deskText(),
    effectiveOn: day(),
    returnPremium: money(false),
    showCustomer: checkbox(),
  }),
  z.object({
    kind: z.literal("renewal-notice"),
    notice: z.enum(RENEWAL_NOTICES, { error: deskMessages.choice }),
    receivedOn: day(),
    effectiveOn: day(),
    reason: deskText(),
    showCustomer: checkbox(),
  }),
  z
    .object({
      kind: z.literal("premium-audit"),
      dueOn: day(),
      result: z.enum(AUDIT_RESULTS, { error: deskMessages.choice }),
      amount: money(false),
      showCustomer: checkbox(),
    })
    .check(
      z.refine(
        (audit) =>
          audit.result === "additional" || audit.result === "return" ? audit.amount !== null : true,
        { error: deskMessages.auditAmount, path: ["amount"] },
      ),
    ),
  z.object({
    kind: z.literal("missed-payment"),
    noticeOn: day(),
    amountDue: money(true),
    cancelOn: optionalDay(),
    showCustomer: checkbox(),
  }),
]);
export type PolicyChangeForm = z.output<typeof policyChangeFormSchema>;

/** A change read back from the database: its kept details checked again. */
export const storedPolicyChangeSchema = z.discriminatedUnion("kind", [
  z.object({
    kind: z.literal("endorsement"),
    description: z.string(),
    effectiveOn: z.string(),
    premiumChange: z.int(),
  }),
  z.object({
    kind: z.literal("cancellation"),
    requestedBy: z.enum(CANCELLED_BY),
    reason: z.string(),
    effectiveOn: z.string(),
    returnPremium: z.nullable(z.int().check(z.minimum(0), z.maximum(MAX_CENTS))),
  }),
  z.object({
    kind: z.literal("renewal-notice"),
    notice: z.enum(RENEWAL_NOTICES),
    receivedOn: z.string(),
    effectiveOn: z.string(),
    reason: z.string(),
  }),
  z.object({
    kind: z.literal("premium-audit"),
    dueOn: z.string(),
    result: z.enum(AUDIT_RESULTS),
    amount: z.nullable(z.int()),
  }),
  z.object({
    kind: z.literal("missed-payment"),
    noticeOn: z.string(),
    amountDue: z.nullable(z.int()),
    cancelOn: z.nullable(z.string()),
  }),
]);

/** A change as kept: the form's fields without `showCustomer`, which has a column of its own. */
export type PolicyChangeDetails = z.output<typeof storedPolicyChangeSchema>;

/** A recorded change as the pages read it. */
export interface PolicyChange {
  id: string;
  details: PolicyChangeDetails;
  showCustomer: boolean;
  recordedAt: Date;
  recordedBy: string;
  /** The customer's request it answers, by reference. */
  answers: string | null;
}

/** The details without the form's choice of showing it. */
export function changeDetails(form: PolicyChangeForm): PolicyChangeDetails {
  // The details are checked again as stored, which leaves the form's choice out.
  return storedPolicyChangeSchema.parse(form);
}

function signedCents(cents: number): string {
  return cents < 0 ? `-${formatCents(-cents)}` : `+${formatCents(cents)}`;
}

/** A change in one line of English, for the desk's timeline and lists. */
export function policyChangeSummary(details: PolicyChangeDetails): string {
  switch (details.kind) {
    case "endorsement":
      return `Endorsement from ${details.effectiveOn}: ${details.description} (premium ${signedCents(details.premiumChange)})`;
    case "cancellation":
      return `Cancellation asked by the ${details.requestedBy}, effective ${details.effectiveOn}: ${details.reason}${details.returnPremium === null ? "" : ` (return premium ${formatCents(details.returnPremium)})`}`;
    case "renewal-notice":
      return `${details.notice === "non-renewal" ? "Non-renewal" : "Conditional renewal"} notice received ${details.receivedOn}, effective ${details.effectiveOn}: ${details.reason}`;
    case "premium-audit":
      return `Premium audit due ${details.dueOn}: ${
        details.result === "pending"
          ? "result not known yet"
          : details.result === "none"
            ? "no change"
            : `${details.result === "additional" ? "additional premium" : "return premium"} ${formatCents(details.amount ?? 0)}`
      }`;
    case "missed-payment":
      return `Missed payment reported ${details.noticeOn}: ${formatCents(details.amountDue ?? 0)} due${details.cancelOn ? `, cancellation for non-payment on ${details.cancelOn}` : ""}`;
  }
}

/** The webhook event each kind of change sends. */
export const POLICY_CHANGE_EVENTS = {
  endorsement: "policy.endorsed",
  cancellation: "policy.cancelled",
  "renewal-notice": "policy.renewal_notice_received",
  "premium-audit": "policy.audited",
  "missed-payment": "policy.payment_missed",
} as const satisfies Record<PolicyChangeKind, string>;

/** What a change means for the customer, in their language: a heading and a plain sentence. */
export function customerChangeText(
  details: PolicyChangeDetails,
  day: (value: string) => string,
  locale: Locale,
): { heading: string; text: string } {
  const words = { locale };
  switch (details.kind) {
    case "endorsement":
      return {
        heading: m.policy_change_endorsement_heading({}, words),
        text:
          details.premiumChange === 0
            ? m.policy_change_endorsement_same(
                {
                  description: details.description,
                  day: day(details.effectiveOn),
                },
                words,
              )
            : details.premiumChange > 0
              ? m.policy_change_endorsement_more(
                  {
                    description: details.description,
                    day: day(details.effectiveOn),
                    amount: formatCents(details.premiumChange),
                  },
                  words,
                )
              : m.policy_change_endorsement_less(
                  {
                    description: details.description,
                    day: day(details.effectiveOn),
                    amount: formatCents(-details.premiumChange),
                  },
                  words,
                ),
      };
    case "cancellation":
      return {
        heading: m.policy_change_cancellation_heading({}, words),
        text:
          details.returnPremium === null
            ? m.policy_change_cancellation({ day: day(details.effectiveOn) }, words)
            : m.policy_change_cancellation_return(
                { day: day(details.effectiveOn), amount: formatCents(details.returnPremium) },
                words,
              ),
      };
    case "renewal-notice":
      return details.notice === "non-renewal"
        ? {
            heading: m.policy_change_nonrenewal_heading({}, words),
            text: m.policy_change_nonrenewal({ day: day(details.effectiveOn) }, words),
          }
        : {
            heading: m.policy_change_conditional_heading({}, words),
            text: m.policy_change_conditional(
              { day: day(details.effectiveOn), reason: details.reason },
              words,
            ),
          };
    case "premium-audit":
      return {
        heading: m.policy_change_audit_heading({}, words),
        text:
          details.result === "pending"
            ? m.policy_change_audit_pending({ day: day(details.dueOn) }, words)
            : details.result === "none"
              ? m.policy_change_audit_none({}, words)
              : details.result === "additional"
                ? m.policy_change_audit_additional(
                    { amount: formatCents(details.amount ?? 0) },
                    words,
                  )
                : m.policy_change_audit_return({ amount: formatCents(details.amount ?? 0) }, words),
      };
    case "missed-payment":
      return {
        heading: m.policy_change_missed_heading({}, words),
        text: details.cancelOn
          ? m.policy_change_missed_cancel(
              { amount: formatCents(details.amountDue ?? 0), day: day(details.cancelOn) },
              words,
            )
          : m.policy_change_missed({ amount: formatCents(details.amountDue ?? 0) }, words),
      };
  }
}

/** What the customer may ask to change, in the order the form offers them. */
export const CHANGE_REQUEST_KINDS = [
  "vehicle",
  "location",
  "additional-insured",
  "employees",
  "other",
] as const;
export type ChangeRequestKind = (typeof CHANGE_REQUEST_KINDS)[number];

const CHANGE_REQUEST_LABELS: Record<ChangeRequestKind, string> = {
  vehicle: "Add a vehicle",
  location: "Add a location",
  "additional-insured": "Add an additional insured",
  employees: "New number of employees",
  other: "Other change",
};

/** A kind of change request in the desk's English. */
export function changeRequestKindLabel(kind: ChangeRequestKind): string {
  return CHANGE_REQUEST_LABELS[kind];
}

/** A kind of change request in the customer's language. */
export function changeRequestKindText(kind: ChangeRequestKind, locale: Locale): string {
  const words = { locale };
  switch (kind) {
    case "vehicle":
      return m.change_request_kind_vehicle({}, words);
    case "location":
      return m.change_request_kind_location({}, words);
    case "additional-insured":
      return m.change_request_kind_additional_insured({}, words);
    case "employees":
      return m.change_request_kind_employees({}, words);
    case "other":
      return m.change_request_kind_other({}, words);
  }
}

/** The longest description of a change the customer may send. */
export const CHANGE_REQUEST_DETAILS_MAX_LENGTH = 1000;
/** The most change requests that may wait on one policy at once. */
export const OPEN_CHANGE_REQUESTS_PER_POLICY = 10;

export function changeRequestMessages(locale: Locale = BASE_LOCALE) {
  const words = { locale };
  return {
    kind: m.change_request_error_kind({}, words),
    details: m.change_request_error_details({}, words),
    tooMany: m.change_request_too_many({}, words),
    notBound: m.certificate_not_bound({}, words),
  };
}

/** The customer's change request form, in their language. */
export function changeRequestFormSchema(locale: Locale = BASE_LOCALE) {
  const messages = changeRequestMessages(locale);
  return z.object({
    kind: z.enum(CHANGE_REQUEST_KINDS, { error: messages.kind }),
    details: requiredLines(messages.details, CHANGE_REQUEST_DETAILS_MAX_LENGTH, locale),
  });
}
export type ChangeRequestForm = z.output<ReturnType<typeof changeRequestFormSchema>>;

/** The change request's reference: the quote request's, with "-R" and its number. */
export function changeRequestReference(requestReference: string, number: number): string {
  return `${requestReference}-R${number}`;
}

/** A change request as the pages read it. */
export interface ChangeRequest {
  id: string;
  reference: string;
  kind: ChangeRequestKind;
  details: string;
  requestedAt: Date;
  done: { at: Date; by: string; change: string | null } | null;
}
