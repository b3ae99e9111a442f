/**
 * Working leads at the desk (issue 28): the timeline's kinds of entry, the forms that add to it,
 * the queue's views, and the response time the agency promises. Pure TypeScript, shared by the
 * desk's routes and the data layer.
 */
import { isDay } from "#app/domain/values/days.ts";
import { z } from "#app/domain/values/zod.ts";

/** What a timeline entry records; `logged` ones an operator writes by hand, the others the desk. */
export const ACTIVITY_KINDS = [
  { id: "call", label: "Call", logged: true, reaches: true },
  { id: "voicemail", label: "Voicemail", logged: true, reaches: true },
  { id: "note", label: "Note", logged: true, reaches: false },
  { id: "email", label: "Email sent", logged: false, reaches: true },
  { id: "status", label: "Status changed", logged: false, reaches: false },
  { id: "owner", label: "Owner changed", logged: false, reaches: false },
  { id: "next-action", label: "Next action set", logged: false, reaches: false },
  // The agency's quotes (issue 29): added, changed, withdrawn, published to the visitor.
  { id: "quote", label: "Quotes", logged: false, reaches: false },
  // Documents sent by the visitor or attached by the desk (issue 29).
  { id: "document", label: "Document", logged: false, reaches: false },
  // The agency's questions to the visitor, and their answers (issue 29).
  { id: "question", label: "Question", logged: false, reaches: false },
  // The visitor's request to bind a quote, and the agency binding it (issue 29).
  { id: "bind", label: "Request to bind", logged: false, reaches: false },
  // Certificates of insurance: asked for by the visitor, issued by the desk (issue 30).
  { id: "certificate", label: "Certificate", logged: false, reaches: false },
  // A bound policy's renewal reminders (issue 30).
  { id: "renewal", label: "Renewal", logged: false, reaches: false },
  { id: "contract", label: "Contract", logged: false, reaches: false },
  // What happens to a bound policy: changes and notices the desk records, changes the customer
  // asks for (issue 56).
  { id: "policy-change", label: "Policy change", logged: false, reaches: false },
  // An email the agency meant to send and did not, and why (decision 054).
  { id: "not-sent", label: "Not sent", logged: false, reaches: false },
] as const;

export type ActivityKind = (typeof ACTIVITY_KINDS)[number]["id"];

/** The kinds an operator logs by hand, in the order the form offers them. */
export const LOGGED_KINDS = ACTIVITY_KINDS.filter((kind) => kind.logged);
type LoggedKind = (typeof LOGGED_KINDS)[number]["id"];

/**
 * The kinds that count as answering the visitor: a call or a voicemail left, an email sent. (A
 * status change out of New counts too: see `responseState`.) Each moves a New request on to
 * Contacted (`markContacted`, decision 066).
 */
export const REACHING_KINDS: readonly ActivityKind[] = ACTIVITY_KINDS.filter(
  (kind) => kind.reaches,
).map((kind) => kind.id);

/** A kind's label. */
export function activityLabel(kind: string): string {
  return ACTIVITY_KINDS.find((candidate) => candidate.id === kind)?.label ?? kind;
}

/** The lead page's forms (its action panel and timeline), each posted with its `intent`. */
export type LeadIntent =
  | "status"
  | "owner"
  | "next-action"
  | "clear-next-action"
  | "log"
  | "email"
  | "resend"
  | "open-request";

/** What the lead page answers a form it refused with: which form, and each field's messages. */
export interface LeadFormErrors {
  intent: LeadIntent;
  fields: Record<string, readonly string[] | null | undefined>;
  form?: string;
  /** What was typed, to show again (the email's subject and words). */
  values?: Record<string, string>;
}

/** The most timeline entries the lead page shows (the newest). */
export const TIMELINE_LIMIT = 100;

/** The longest note an operator writes on a timeline entry. */
export const ACTIVITY_NOTE_MAX = 2000;

/** The longest next action ("Call back about the ZIP code"). */
export const NEXT_ACTION_MAX = 200;

/** The form that logs a touch: what it was and what happened. A note needs its text. */
export const activityFormSchema = z
  .object({
    kind: z.enum(LOGGED_KINDS.map((kind) => kind.id) as [LoggedKind, ...LoggedKind[]], {
      error: "Choose what you are logging",
    }),
    body: z._default(
      z
        .string()
        .check(
          z.trim(),
          z.maxLength(ACTIVITY_NOTE_MAX, `Keep it to ${ACTIVITY_NOTE_MAX} characters or fewer`),
        ),
      "",
    ),
  })
  .check(
    z.refine((form) => form.kind !== "note" || form.body !== "", {
      error: "Write the note",
      path: ["body"],
    }),
  );

/** The form that sets the next action: what, and the day (at the agency) it is due by. */
export const nextActionFormSchema = z.object({
  action: z
    .string({ error: "Say what is to be done next" })
    .check(
      z.trim(),
      z.minLength(1, "Say what is to be done next"),
      z.maxLength(NEXT_ACTION_MAX, `Keep it to ${NEXT_ACTION_MAX} characters or fewer`),
    ),
  due: z
    .string({ error: "Choose the day it is due" })
    .check(z.trim(), z.refine(isDay, "Choose the day it is due")),
});

/** The form that gives a lead an owner: an operator's id, or "" for nobody. */
export const ownerFormSchema = z.object({
  owner: z._default(z.string().check(z.trim(), z.maxLength(36)), ""),
});

/**
 * What two leads may share that makes them possibly the same business, for an operator to check:
 * the same email (any case), phone number, or business name (any case, spaces around ignored).
 */
export const SAME_LEAD_SIGNS = ["email", "phone", "business name"] as const;
export type SameLeadSign = (typeof SAME_LEAD_SIGNS)[number];

/** The views of the desk's work queue, the first the desk opens on. */
export const QUEUE_VIEWS = [
  // Not "Needs action", the menu's page of answers, documents and binds (decision 066).
  {
    id: "new-requests",
    label: "New requests",
    intro:
      "Quote requests nobody has worked yet: still New (no call, voicemail or email logged), with no owner and no next action, oldest first.",
  },
  { id: "mine", label: "My leads", intro: "Leads you own, the next action due soonest first." },
  {
    id: "unassigned",
    label: "Unassigned",
    intro: "Open quote requests without an owner, oldest first.",
  },
  {
    id: "due-today",
    label: "Due today",
    intro: "Leads whose next action is due today.",
  },
  {
    id: "overdue",
    label: "Overdue",
    intro: "Leads whose next action was due before today, the longest overdue first.",
  },
] as const;

export type QueueView = (typeof QUEUE_VIEWS)[number]["id"];

/** The view a link names, or the first: an edited link still shows the queue. */
export function queueView(text: string | null): QueueView {
  return QUEUE_VIEWS.find((view) => view.id === text)?.id ?? QUEUE_VIEWS[0].id;
}

/**
 * Where a request stands against the agency's promise to answer within `promisedHours`: answered
 * (a status past New, or a call, voicemail or email since it was made), waiting with time left, or
 * missed. No promise (AGENCY_RESPONSE_HOURS unset): nothing to track.
 */
export type ResponseState =
  | { kind: "none" }
  | { kind: "answered" }
  | { kind: "waiting"; dueAt: Date }
  | { kind: "missed"; dueAt: Date };

export function responseState(
  request: { createdAt: Date; status: string; reachedAt: Date | null },
  promisedHours: number | undefined,
  now: Date,
): ResponseState {
  if (promisedHours === undefined) return { kind: "none" };
  const dueAt = new Date(request.createdAt.getTime() + promisedHours * 3_600_000);
  if (request.status !== "new") return { kind: "answered" };
  if (request.reachedAt && request.reachedAt >= request.createdAt) return { kind: "answered" };
  return now > dueAt ? { kind: "missed", dueAt } : { kind: "waiting", dueAt };
}

/** How long since an instant, as an operator says it: "5 min", "3 h", "2 days". */
export function waitedText(since: Date, now: Date): string {
  const minutes = Math.max(0, Math.floor((now.getTime() - since.getTime()) / 60_000));
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `${hours} h`;
  return `${Math.floor(hours / 24)} days`;
}
