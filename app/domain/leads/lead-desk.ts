/**
 * The lead desk's rules: what operators may filter submissions by, how a page of results is cut,
 * the columns of the CSV export, the funnel's steps and the sign-in policy. Pure TypeScript, shared
 * by the admin routes, the repositories and the command-line scripts.
 */
import { APPLICATION_EXPORT_COLUMNS } from "#app/domain/application/application-fields.ts";
import { REFERENCE_ALPHABET, REFERENCE_LENGTH } from "#app/domain/quote/quote-request.ts";
import { isDay } from "#app/domain/values/days.ts";
import { normalizeUsPhone } from "#app/domain/values/phone.ts";
import { emailAddress } from "#app/domain/values/fields.ts";
import { INDUSTRY_IDS } from "#app/domain/reference/industries.ts";
import { PRODUCT_LINES } from "#app/domain/reference/products.ts";
import { US_STATES } from "#app/domain/reference/states.ts";
import { WIZARD_STEP_ORDER, type WizardStepId } from "#app/domain/wizard/wizard-screens.ts";
import { z } from "#app/domain/values/zod.ts";
import type { InsurerQuote } from "#app/domain/quote/insurer-quotes.ts";
import { totalCents } from "#app/domain/quote/quote-proposal.ts";
import { formatCents } from "#app/domain/values/money.ts";

/** Rows per page in every admin list. */
export const PAGE_SIZE = 50;

/**
 * The export's columns: the record's id, then its fields (APPLICATION_FIELDS by their `csv`
 * positions: the original record's columns, the industry code, the primary location's parts, the
 * Quote step's optional answers, the language, then any field added since; decision 060), then the
 * newest quote request (decision 017) and its quotes (decision 062); empty when not given or not
 * asked.
 */
export const SUBMISSION_EXPORT_COLUMNS = ["id", ...APPLICATION_EXPORT_COLUMNS] as const;

export type SubmissionExportColumn = (typeof SUBMISSION_EXPORT_COLUMNS)[number];

/** The newest quote request's columns, after the application's. */
export const QUOTE_EXPORT_COLUMNS = [
  "quote_reference",
  "quote_status",
  "quote_lines",
  "quote_start_date",
  "quote_contact_channel",
  "quote_note",
  "quote_requested_at",
  "quote_updated_at",
  "quotes_published",
  "quotes",
] as const;

/**
 * The newest request's quotes in one CSV cell (decision 062): each as "insurer (kind, market,
 * status): total $X", separated by "; ". The lead record carries every part.
 */
export function quotesCell(
  quotes: readonly Pick<
    InsurerQuote,
    "insurer" | "kind" | "market" | "status" | "premiumCents" | "charges"
  >[],
): string {
  return quotes
    .map(
      (quote) =>
        `${quote.insurer} (${quote.kind}, ${quote.market ?? "market not recorded"}, ${quote.status}): total ${formatCents(totalCents(quote))}`,
    )
    .join("; ");
}

/** The newest request to bind's columns, after the request's (issue 55): binder, then policy. */
export const BIND_EXPORT_COLUMNS = [
  "bind_reference",
  "bind_status",
  "bind_insurer",
  "binder_number",
  "binder_effective",
  "binder_expires",
  "policy_number",
  "policy_start",
  "policy_end",
] as const;

/**
 * The customer's book (issue 56, decision 070): every policy it holds, one cell; its certificates,
 * one cell; how many changes and notices were recorded on its policies.
 */
export const BOOK_EXPORT_COLUMNS = ["policies", "certificates", "policy_changes"] as const;

/** Every policy in one cell: "Insurer policy N (start to end)", or its binder before the policy. */
export function policiesCell(
  policies: readonly {
    insurer: string;
    binder: { number: string; effective: string } | null;
    policy: { number: string; start: string; end: string } | null;
  }[],
): string {
  return policies
    .map(({ insurer, binder, policy }) =>
      policy
        ? `${insurer} policy ${policy.number} (${policy.start} to ${policy.end})`
        : `${insurer} binder ${binder?.number ?? ""} (from ${binder?.effective ?? ""})`,
    )
    .join("; ");
}

/** Every certificate in one cell: "Reference for holder (issued or requested)". */
export function certificatesCell(
  certificates: readonly { reference: string; holder: string; issuedAt: string | null }[],
): string {
  return certificates
    .map(
      (certificate) =>
        `${certificate.reference} for ${certificate.holder} (${certificate.issuedAt ? "issued" : "requested"})`,
    )
    .join("; ");
}

/** Every column of the export, in order. */
export const LEAD_EXPORT_COLUMNS = [
  ...SUBMISSION_EXPORT_COLUMNS,
  ...QUOTE_EXPORT_COLUMNS,
  ...BIND_EXPORT_COLUMNS,
  ...BOOK_EXPORT_COLUMNS,
] as const;

/** How far a submission got: only the email step saved, or the final step too. */
export const SUBMISSION_STATUSES = [
  { id: "email-step", label: "Email step only" },
  { id: "complete", label: "Complete" },
] as const;

export type SubmissionStatus = (typeof SUBMISSION_STATUSES)[number]["id"];

/** The statuses an operator gives a quote request, in the order a lead goes through them. */
export const QUOTE_STATUSES = [
  { id: "new", label: "New" },
  { id: "contacted", label: "Contacted" },
  { id: "quoted", label: "Quoted" },
  { id: "bound", label: "Bound" },
  { id: "lost", label: "Lost" },
] as const;
export type QuoteStatus = (typeof QUOTE_STATUSES)[number]["id"];
export const QUOTE_STATUS_IDS = QUOTE_STATUSES.map((status) => status.id) as [
  QuoteStatus,
  ...QuoteStatus[],
];
/** A request with one of these statuses is open: asking again updates it. */
export const OPEN_QUOTE_STATUSES: readonly QuoteStatus[] = ["new", "contacted", "quoted"];

/** Whether a stored status is an open one. */
export function isOpenQuoteStatus(status: string): boolean {
  return OPEN_QUOTE_STATUSES.some((open) => open === status);
}

/** A status's label. */
export function quoteStatusLabel(status: string): string {
  return QUOTE_STATUSES.find((candidate) => candidate.id === status)?.label ?? status;
}

/** The lead desk's form that sets a request's status. */
export const quoteStatusSchema = z.object({
  status: z.enum(QUOTE_STATUS_IDS, { error: "Please choose a status" }),
});

/** The list's filter by quote request: a status of the newest request, or none asked. */
export const QUOTE_FILTERS = [...QUOTE_STATUSES, { id: "none", label: "No request" }] as const;
export type QuoteFilter = (typeof QUOTE_FILTERS)[number]["id"];

/** The label of a status. */
export function statusLabel(status: SubmissionStatus): string {
  return SUBMISSION_STATUSES.find((candidate) => candidate.id === status)?.label ?? status;
}

/** A product line's name from its slug (a call-back's page of origin), or the slug. */
export function productName(slug: string): string {
  return PRODUCT_LINES.find((line) => line.slug === slug)?.name ?? slug;
}

/** The longest search text taken (the longest email address). */
export const SEARCH_MAX_LENGTH = 254;

/** The search box's label: what it finds. */
export const SEARCH_LABEL = "Search by reference, phone, email or name";

/**
 * What the desk's one search box looks for in what an operator typed (issue 28): the text anywhere
 * in the email, the business names and the contact's name, ignoring case; and, when the text reads
 * as one, a quote request's reference (as the customer quotes it: "CP-7K3F9Q", "cp 7k3f9q",
 * "7K3F9Q") or a US phone number however it is written, each matched exactly.
 */
export interface LeadSearch {
  text: string;
  /** The reference in its stored form, "CP-7K3F9Q". */
  reference?: string;
  /** The phone number in its stored form, "+15552345678". */
  phone?: string;
}

const REFERENCE_TYPED = new RegExp(
  `^(?:CP[\\s-]?)?([${REFERENCE_ALPHABET}]{${REFERENCE_LENGTH}})$`,
);

/** The searches in `text` (already trimmed, at most SEARCH_MAX_LENGTH characters). */
export function leadSearch(text: string): LeadSearch {
  const reference = REFERENCE_TYPED.exec(text.toUpperCase())?.[1];
  const phone = normalizeUsPhone(text);
  return {
    text,
    ...(reference ? { reference: `CP-${reference}` } : {}),
    ...(phone ? { phone } : {}),
  };
}

/** A day (YYYY-MM-DD) or nothing: a bad value in a link is ignored, not an error page. */
const optionalDay = z.catch(
  z.pipe(
    z.optional(z.string().check(z.trim())),
    z.transform((text) => (text && isDay(text) ? text : undefined)),
  ),
  undefined,
);

function optionalChoice<const T extends readonly [string, ...string[]]>(values: T) {
  return z.catch(z.optional(z.enum(values)), undefined);
}

/**
 * The filter of the submissions list, from the page's query string: search text (leadSearch),
 * industry, state, status, the quote request's status and a date range (days, UTC, both ends
 * included). Values that make no sense are dropped, so an edited link still shows something.
 */
export const submissionFilterSchema = z.object({
  q: z.catch(
    z.pipe(
      z.optional(z.string().check(z.trim(), z.maxLength(SEARCH_MAX_LENGTH))),
      z.transform((text) => text || undefined),
    ),
    undefined,
  ),
  industry: optionalChoice(INDUSTRY_IDS),
  state: optionalChoice(US_STATES),
  status: optionalChoice(["email-step", "complete"]),
  quote: optionalChoice(
    QUOTE_FILTERS.map((filter) => filter.id) as [QuoteFilter, ...QuoteFilter[]],
  ),
  from: optionalDay,
  to: optionalDay,
});

export type SubmissionFilter = z.output<typeof submissionFilterSchema>;

/** The filter named by a query string (every key optional). */
export function parseSubmissionFilter(params: URLSearchParams): SubmissionFilter {
  return z.parse(submissionFilterSchema, Object.fromEntries(params));
}

/**
 * A row's place in a newest-first list: its creation instant in whole microseconds since 1970 (the
 * database's own precision, as digits, so nothing is rounded) and its id, which breaks ties.
 */
export interface ListKey {
  createdAtMicros: string;
  id: string;
}

/** Where a page of a list starts: just after (older than) or just before (newer than) a row. */
export interface ListPosition {
  direction: "older" | "newer";
  key: ListKey;
}

/** The query parameter of each direction: `after` a row goes to older ones, `before` to newer. */
const CURSOR_PARAMS = { older: "after", newer: "before" } as const;

/** The longest cursor a link may carry: ours are 72 characters. */
export const CURSOR_MAX_LENGTH = 100;

const CURSOR_TEXT = /^[A-Za-z0-9_-]+$/;
const CURSOR_KEY = /^(\d{1,16})\.([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;

/** A row's key as the opaque text of a page link (base64url, no padding). */
export function encodeCursor(key: ListKey): string {
  return btoa(`${key.createdAtMicros}.${key.id}`)
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");
}

/** The key in a page link's cursor, or undefined for anything this site did not make. */
export function decodeCursor(text: string): ListKey | undefined {
  if (text.length > CURSOR_MAX_LENGTH || !CURSOR_TEXT.test(text)) return undefined;
  let decoded: string;
  try {
    decoded = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
  } catch {
    return undefined;
  }
  const match = CURSOR_KEY.exec(decoded);
  if (!match?.[1] || !match[2]) return undefined;
  return { createdAtMicros: match[1], id: match[2] };
}

/**
 * Where a list's query string asks to start. A cursor that is missing gives the newest page; one
 * that is malformed (edited, cut short, or both directions at once) gives the newest page too, with
 * `invalid` set so that the page can say why.
 */
export function parseListPosition(params: URLSearchParams): {
  position?: ListPosition;
  invalid: boolean;
} {
  const after = params.get(CURSOR_PARAMS.older);
  const before = params.get(CURSOR_PARAMS.newer);
  if (after === null && before === null) return { invalid: false };
  const text = after ?? before;
  const key = text !== null && (after === null || before === null) ? decodeCursor(text) : undefined;
  if (!key) return { invalid: true };
  return { position: { direction: after === null ? "newer" : "older", key }, invalid: false };
}

/** What the lead desk says about a page link whose cursor it could not read. */
export const INVALID_CURSOR_MESSAGE =
  "That page link is not valid (it may have been cut short), so the newest entries are shown.";

/**
 * The query string (without `?`) of a filter and a page position, leaving out what is unset; no
 * position is the newest page.
 */
export function filterQuery(filter: Partial<SubmissionFilter>, position?: ListPosition): string {
  const params = new URLSearchParams();
  for (const key of ["q", "industry", "state", "status", "quote", "from", "to"] as const) {
    const value = filter[key];
    if (value) params.set(key, value);
  }
  if (position) params.set(CURSOR_PARAMS[position.direction], encodeCursor(position.key));
  return params.toString();
}

/** A list page's address: its path, then the filter and position (none: the newest page). */
export function listHref(
  path: string,
  filter: Partial<SubmissionFilter> = {},
  position?: ListPosition,
): string {
  const query = filterQuery(filter, position);
  return query ? `${path}?${query}` : path;
}

/** The funnel's stages: each wizard screen reached, then the application completed. */
export type FunnelStep = WizardStepId | "complete";

/** Every funnel stage in order, with the label the lead desk shows (WIZARD_STEP_ORDER's). */
export const FUNNEL_STEPS: readonly { id: FunnelStep; label: string }[] = [
  ...WIZARD_STEP_ORDER.map(({ id, label }) => ({ id, label })),
  { id: "complete", label: "Completed" },
];

/** Whether a text names a funnel stage. */
export function isFunnelStep(text: string): text is FunnelStep {
  return FUNNEL_STEPS.some((step) => step.id === text);
}

/** Operators' passwords: long enough to resist guessing; the cap keeps hashing bounded. */
export const PASSWORD_MIN_LENGTH = 12;
export const PASSWORD_MAX_LENGTH = 1024;

/** What is wrong with a new operator's password's length (in characters), or undefined. */
export function passwordLengthProblem(password: string): string | undefined {
  const characters = [...password].length;
  if (characters < PASSWORD_MIN_LENGTH) {
    return `The password must have at least ${PASSWORD_MIN_LENGTH} characters.`;
  }
  if (characters > PASSWORD_MAX_LENGTH) {
    return `The password may have at most ${PASSWORD_MAX_LENGTH} characters.`;
  }
  return undefined;
}

/**
 * A new operator password, by its length in characters (passwordLengthProblem); text far past the
 * cap is refused before it is counted. The command line and the invitation's page use it alike.
 */
export function newPassword(requiredMessage?: string) {
  return z.string(requiredMessage === undefined ? undefined : { error: requiredMessage }).check(
    z.maxLength(PASSWORD_MAX_LENGTH * 4),
    z.superRefine((password, ctx) => {
      const problem = passwordLengthProblem(password);
      if (problem) ctx.addIssue({ code: "custom", message: problem, input: password });
    }),
  );
}

/**
 * `npm run operator:create` as the running server takes it (issue 28): a new operator, or a new
 * password for one (`reset`), or a disabled one enabled (`enable`, with or without `reset`; alone,
 * it needs no password). Checked again on the server, as every input is.
 */
export const operatorCommandSchema = z
  .object({
    email: z.pipe(
      emailAddress(),
      z.transform((email) => email.toLowerCase()),
    ),
    password: z.optional(newPassword()),
    reset: z.boolean(),
    enable: z._default(z.boolean(), false),
    /** The new account's role; unset: the owner for the first operator, else an agent. */
    role: z.optional(z.enum(["owner", "agent"])),
  })
  .check(
    z.refine((command) => command.password !== undefined || (command.enable && !command.reset), {
      error: "a password is needed",
      path: ["password"],
    }),
  );

/**
 * The lockout: this many failed sign-ins for one email from one client address within the window
 * lock that email, from that address, for a while.
 */
export const SIGN_IN_POLICY = {
  maxFailures: 5,
  windowMinutes: 15,
  lockMinutes: 15,
} as const;

/**
 * What the sign-in page says; no message tells whether an operator has the email. A lockout's
 * words are `messages.signInLocked` (app/domain/site/messages.ts).
 */
export const signInMessages = {
  emailRequired: "Enter your email address",
  passwordRequired: "Enter your password",
  invalid: "The email address or password is not right.",
  unavailable: "Signing in is not possible right now. Please try again in a moment.",
} as const;

/**
 * The sign-in form: the email by the site's one email rule (with the lead desk's messages), the
 * password for presence and size only.
 */
export const signInSchema = z.object({
  email: emailAddress({ required: signInMessages.emailRequired, invalid: signInMessages.invalid }),
  password: z
    .string({ error: signInMessages.passwordRequired })
    .check(
      z.minLength(1, signInMessages.passwordRequired),
      z.maxLength(PASSWORD_MAX_LENGTH, signInMessages.invalid),
    ),
});

/**
 * Where to go after signing in: a path of the lead desk, or the lead desk's first page. Anything
 * else (another site, `//host`, a backslash trick) is ignored, so the link cannot send an operator
 * away.
 */
export function safeAdminPath(next: string | null | undefined): string {
  if (!next || !/^\/admin(?:[/?#]|$)/.test(next) || /[\\\s]/.test(next)) return "/admin";
  if (next.startsWith("/admin/login")) return "/admin";
  return next;
}
