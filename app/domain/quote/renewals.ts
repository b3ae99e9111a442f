/**
 * Renewals (issue 30, decision 046): a bound policy's end date drives reminders so that the agency
 * never misses one. The agency is told 90 and 60 days before (on the desk and by alert). Each
 * reminder is sent once, whatever the number of servers and restarts: the database keeps which
 * went. Pure TypeScript.
 */
import { dayText } from "#app/domain/quote/insurer-quotes.ts";

/** Where the desk lists bound policies by their end. */
export const RENEWALS_PATH = "/admin/renewals";

/** Each reminder: who it is for, and the days before the end in which it is due. */
export const RENEWAL_REMINDERS = [
  { kind: "agency-90", who: "agency", fromDays: 90, toDays: 61, label: "90 days before" },
  { kind: "agency-60", who: "agency", fromDays: 60, toDays: 1, label: "60 days before" },
] as const;
export type RenewalReminderKind = (typeof RENEWAL_REMINDERS)[number]["kind"];

/** How often a server checks which reminders are due, unless REMINDER_CHECK_INTERVAL_MS says. */
export const REMINDER_CHECK_INTERVAL_MS = 60 * 60 * 1000;

/** The most reminders of one kind one check sends (the next check sends the rest). */
export const REMINDERS_PER_CHECK = 200;

/** Whole days from `today` to `day` (both YYYY-MM-DD): negative once it has passed. */
export function daysUntil(today: string, day: string): number {
  const ms = Date.parse(`${day}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`);
  return Math.round(ms / 86_400_000);
}

/** The label of a reminder's kind ("60 days before"), or the kind itself if unknown. */
export function renewalReminderLabel(kind: string): string {
  return RENEWAL_REMINDERS.find((reminder) => reminder.kind === kind)?.label ?? kind;
}

/** Where a policy's renewal stands on the desk. */
export function renewalStanding(daysLeft: number, hasRequest: boolean): string {
  if (hasRequest) return "Renewal requested";
  if (daysLeft < 0) return "Ended with no renewal request";
  if (daysLeft <= 60) return "No renewal request: act now";
  if (daysLeft <= 90) return "No renewal request yet";
  return "Not due yet";
}

/** What the agency is told of a policy coming up for renewal. */
export interface RenewalAlert {
  reference: string;
  businessName: string | null;
  insurer: string;
  policyNumber: string;
  policyEnd: string;
  daysLeft: number;
}

/** The alert's subject and its facts, one per line (the server adds the desk's link). */
export function renewalAlertLines(alert: RenewalAlert): {
  subject: string;
  facts: [string, string][];
} {
  return {
    subject: `Renewal in ${alert.daysLeft} days: ${alert.policyNumber} (${alert.businessName ?? alert.reference})`,
    facts: [
      ["Business", alert.businessName ?? "(not given)"],
      ["Insurer", alert.insurer],
      ["Policy", alert.policyNumber],
      ["Ends", `${dayText(alert.policyEnd)} (in ${alert.daysLeft} days)`],
      ["Request", alert.reference],
    ],
  };
}
