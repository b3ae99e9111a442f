/**
 * Renewals (issue 30, decisions 046, 047 and 073): every REMINDER_CHECK_INTERVAL_MS each server
 * asks the database which bound policies have reached one of the agency's renewal windows
 * (RENEWAL_WINDOWS_DAYS, 120, 90 and 60 days before the end by default). At the first window the
 * site opens the renewal request (last term's lines, tied to the policy) and emails the insured a
 * link to tell what has changed; at each window the agency is reminded, until the renewal is
 * bound. Each step's record and its emails go in one transaction, and the record's key (policy,
 * kind) lets only one server's insert through, so each goes once however many servers run and
 * however often they restart. The insured's email goes only under the agency's hourly limit: past
 * it, nothing is recorded or opened, and the next check tries again. A check that fails is logged
 * and tried again at the next one.
 */
import { sql } from "kysely";

import {
  agencyRenewalReminders,
  daysUntil,
  insuredReminderKind,
  renewalAlertLines,
  renewalOpensDays,
  renewalReminderEmail,
  REMINDERS_PER_CHECK,
  renewalReminderLabel,
  renewalStartDate,
  RENEWALS_PATH,
  type AgencyRenewalReminder,
} from "#app/domain/quote/renewals.ts";
import { LEAD_NAME_COLUMN } from "#app/domain/application/application-fields.ts";
import { OPEN_QUOTE_STATUSES } from "#app/domain/leads/lead-desk.ts";
import { CONTACT_CHANNELS, lineName } from "#app/domain/quote/quote-request.ts";
import { agencyLines, type Agency } from "#app/domain/site/agency.ts";
import { BASE_LOCALE, isLocale, type Locale } from "#app/domain/site/locales.ts";
import { addDays } from "#app/domain/values/days.ts";
import { dayIn } from "#app/domain/values/time-zones.ts";

import type { Db } from "#app/server/db/database.server.ts";
import { inTransaction } from "#app/server/db/transactions.server.ts";
import { addActivity } from "#app/server/leads/desk-work.server.ts";
import { queueVisitorLinkEmail } from "#app/server/leads/insurer-quote-store.server.ts";
import { logger } from "#app/server/logger.server.ts";
import { enqueueEmail } from "#app/server/mail/outbox.server.ts";
import type { AgencyMailLimits } from "#app/domain/site/mailbox.ts";
import { DeliveryLoop } from "#app/server/mail/delivery-loop.server.ts";
import { openRenewalRequest } from "#app/server/wizard/quote-requests.server.ts";

/** Whom a check's alerts go to, what they name, and the agency's renewal windows. */
export interface ReminderSending {
  /** LEAD_NOTIFY_TO: none means the desk's timeline and list alone tell. */
  notifyTo: readonly string[];
  siteUrl: string;
  agency: Agency;
  /**
   * The agency's hourly limits (decision 054): the insured's email is an agency email, not
   * capped per inbox; held by the site's limit, it waits for the next check.
   */
  limits: AgencyMailLimits;
  /** RENEWAL_WINDOWS_DAYS, farthest first (decision 073). */
  windows: readonly number[];
  /** Told of each renewal request the site opened, once it is saved (the webhook's event). */
  onRequestOpened?: (submissionId: string) => Promise<void>;
}

/** What the consent of a request the site opened says: the insured agreed to nothing for it. */
export function siteOpenedRenewalText(policyNumber: string, days: number): string {
  return `Opened by the site for the renewal of policy ${policyNumber}, ${days} days before it ends (the agency's first renewal window); the insured has not yet confirmed it.`;
}

/** A policy whose renewal step is due. */
interface DuePolicy {
  id: string;
  submission_id: string;
  reference: string;
  policy_number: string;
  policy_end: string;
  insurer: string;
  /** What the lead goes by (application-fields.ts, LEAD_NAME_COLUMN). */
  lead_name: string | null;
  email: string;
  first_name: string | null;
  /** The application's language (`en` or `es`, migration 0038's check). */
  language: string;
  /** The lines and contact channel of the request the policy was bound on. */
  lines: string[];
  contact_channel: string;
  /** The newest request that renews the policy, if any. */
  renewal_reference: string | null;
  renewal_status: string | null;
}

/** Bound policies with a policy, ending within `fromDays` and at least `toDays` from `today`. */
function policiesEnding(today: string, fromDays: number, toDays: number) {
  return sql`
    SELECT b.id, b.submission_id, b.reference, b.policy_number, b.policy_end::text AS policy_end,
      q.insurer, s.${sql.ref(LEAD_NAME_COLUMN)} AS lead_name, s.email, s.first_name, s.language,
      r.lines, r.contact_channel,
      renewal.reference AS renewal_reference, renewal.status AS renewal_status
    FROM bind_requests b
    JOIN insurer_quotes q ON q.id = b.insurer_quote_id
    JOIN quote_requests r ON r.id = b.quote_request_id
    JOIN business_wizard_submissions s ON s.id = b.submission_id
    LEFT JOIN LATERAL (SELECT n.reference, n.status FROM quote_requests n
      WHERE n.renews_bind_request_id = b.id ORDER BY n.created_at DESC LIMIT 1) renewal ON true
    WHERE b.status = 'bound'
      AND b.policy_end BETWEEN ${addDays(today, toDays)}::date AND ${addDays(today, fromDays)}::date
      AND NOT EXISTS (SELECT 1 FROM policy_changes c
        WHERE c.bind_request_id = b.id AND c.kind = 'cancellation')`;
}

/**
 * The bound policies whose agency reminder `reminder` is due on `today` and not sent: ending within
 * its days, not cancelled, whose renewal is not bound, and reminded of no window as near or nearer
 * (a kind written under other windows counts by its days, so a changed setting repeats none).
 */
function dueForAgency(today: string, reminder: AgencyRenewalReminder) {
  return sql`${policiesEnding(today, reminder.fromDays, reminder.toDays)}
      AND NOT EXISTS (SELECT 1 FROM renewal_reminders m
        WHERE m.bind_request_id = b.id AND m.kind LIKE 'agency-%'
          AND split_part(m.kind, '-', 2)::int <= ${reminder.fromDays})
      AND NOT EXISTS (SELECT 1 FROM quote_requests n
        JOIN bind_requests nb ON nb.quote_request_id = n.id AND nb.status = 'bound'
        WHERE n.renews_bind_request_id = b.id)
    ORDER BY b.policy_end, b.id
    LIMIT ${REMINDERS_PER_CHECK}`;
}

/**
 * The bound policies whose renewal the site opens on `today`: within the first window, not
 * cancelled, with no request renewing them, and opened by the site never before.
 */
function dueToOpen(today: string, windows: readonly number[]) {
  return sql<DuePolicy>`${policiesEnding(today, renewalOpensDays(windows), 1)}
      AND renewal.reference IS NULL
      AND NOT EXISTS (SELECT 1 FROM renewal_reminders m
        WHERE m.bind_request_id = b.id AND m.kind LIKE 'visitor-%')
    ORDER BY b.policy_end, b.id
    LIMIT ${REMINDERS_PER_CHECK}`;
}

/**
 * Opens the renewals and sends the agency's reminders due on `today` (YYYY-MM-DD, the agency's
 * day) that have not gone. Returns how many steps went (requests opened and reminders sent).
 */
export async function sendDueRenewalReminders(
  db: Db,
  today: string,
  sending: ReminderSending,
): Promise<number> {
  let sent = await openDueRenewals(db, today, sending);
  for (const reminder of agencyRenewalReminders(sending.windows)) {
    sent += await remindAgency(db, today, reminder, sending);
  }
  return sent;
}

/** What the agency is told of where the renewal stands. */
function renewalStandingText(policy: DuePolicy): string {
  return policy.renewal_reference
    ? `request ${policy.renewal_reference} (${policy.renewal_status ?? "open"})`
    : "not opened: another request of this customer is open; the renewal opens at the first check after it is closed";
}

/**
 * For each policy due for `reminder`, in one transaction: the record that it went, the lead's
 * timeline entry and the agency's alert.
 */
async function remindAgency(
  db: Db,
  today: string,
  reminder: AgencyRenewalReminder,
  sending: ReminderSending,
): Promise<number> {
  return inTransaction(db, async (trx) => {
    const { rows } = await sql<DuePolicy>`
      WITH due AS (${dueForAgency(today, reminder)}), recorded AS (
        INSERT INTO renewal_reminders (bind_request_id, kind)
        SELECT id, ${reminder.kind} FROM due
        ON CONFLICT DO NOTHING
        RETURNING bind_request_id
      )
      SELECT due.* FROM due JOIN recorded ON recorded.bind_request_id = due.id
      ORDER BY due.policy_end, due.id`.execute(trx);
    for (const row of rows) {
      const daysLeft = daysUntil(today, row.policy_end);
      await addActivity(trx, {
        submissionId: row.submission_id,
        operatorId: null,
        kind: "renewal",
        body: `${row.reference}: policy ${row.policy_number} ends ${row.policy_end}, in ${daysLeft} days (reminder ${renewalReminderLabel(reminder.kind)}); renewal ${renewalStandingText(row)}`,
      });
      if (sending.notifyTo.length === 0) continue;
      const alert = renewalAlertLines({
        reference: row.reference,
        businessName: row.lead_name,
        insurer: row.insurer,
        policyNumber: row.policy_number,
        policyEnd: row.policy_end,
        daysLeft,
        renewal: renewalStandingText(row),
      });
      await enqueueEmail(trx, {
        to: [...sending.notifyTo],
        subject: alert.subject.replace(/[\p{Cc}\p{Zl}\p{Zp}]+/gu, " ").slice(0, 200),
        text: [
          `A policy bound through ${sending.agency.name} ends in ${daysLeft} days and its renewal is not bound. Remarket it or renew it as is with the insurer.`,
          "",
          ...alert.facts.map(([label, value]) => `${label}: ${value}`),
          "",
          `The customer: ${sending.siteUrl}/admin/submissions/${row.submission_id}/quotes`,
          `Every policy by its end: ${sending.siteUrl}${RENEWALS_PATH}`,
          "",
          ...agencyLines(sending.agency),
          "",
        ].join("\n"),
      });
    }
    return rows.length;
  });
}

/** Thrown to roll a renewal's opening back when the site's hourly limit holds its email. */
class CapReached extends Error {}

/** The language the insured's emails are written in: their application's. */
function languageOf(policy: DuePolicy): Locale {
  return isLocale(policy.language) ? policy.language : BASE_LOCALE;
}

/**
 * The renewals due to open on `today`: for each policy, in its own transaction, the record that
 * it opened (only one server's insert gets through; another waits for it and then finds it), the
 * renewal request with last term's lines, the insured's email with its one-time link to tell what
 * has changed, and the timeline's entries. When the site's hourly limit for agency emails holds
 * the email (decision 054), all of it is rolled back, so the next check tries again; while the
 * customer has another request open, nothing is opened and the agency's reminder says why; an
 * application whose email is not proven gets its request but no email, and the timeline says so.
 */
async function openDueRenewals(db: Db, today: string, sending: ReminderSending): Promise<number> {
  const { rows: due } = await dueToOpen(today, sending.windows).execute(db);
  const kind = insuredReminderKind(sending.windows);
  const days = renewalOpensDays(sending.windows);
  let opened = 0;
  for (const policy of due) {
    try {
      const request = await inTransaction(db, async (trx) => {
        const recorded = await trx
          .insertInto("renewal_reminders")
          .values({ bind_request_id: policy.id, kind })
          .onConflict((conflict) => conflict.doNothing())
          .returning("bind_request_id")
          .executeTakeFirst();
        if (!recorded) return undefined;
        const channel = CONTACT_CHANNELS.find(({ id }) => id === policy.contact_channel);
        const request = await openRenewalRequest(
          trx,
          policy.submission_id,
          {
            lines: policy.lines,
            startDate: renewalStartDate(policy.policy_end, today),
            contactChannel: channel?.id ?? "email",
            note: undefined,
            renewsBindRequestId: policy.id,
          },
          siteOpenedRenewalText(policy.policy_number, days),
        );
        if (!request) throw new OtherRequestOpen();
        await addActivity(trx, {
          submissionId: policy.submission_id,
          operatorId: null,
          kind: "renewal",
          body: `${request.reference}: renewal of policy ${policy.policy_number} opened by the site, ${daysUntil(today, policy.policy_end)} days before it ends, for ${request.lines.map((slug) => lineName(slug)).join(", ")}`,
        });
        const emailed = await queueVisitorLinkEmail(trx, policy.submission_id, policy.email, {
          siteUrl: sending.siteUrl,
          operatorId: null,
          limits: sending.limits,
          opens: "renewal",
          locale: languageOf(policy),
          render: (link) =>
            renewalReminderEmail({
              firstName: policy.first_name,
              insurer: policy.insurer,
              policyNumber: policy.policy_number,
              policyEnd: policy.policy_end,
              reference: request.reference,
              link,
              agency: sending.agency,
              locale: languageOf(policy),
            }),
        });
        if (emailed === "limit") throw new CapReached();
        if (emailed !== "unproven") {
          await addActivity(trx, {
            submissionId: policy.submission_id,
            operatorId: null,
            kind: "renewal",
            body: `${request.reference}: the insured was emailed a link to tell what has changed for the renewal of policy ${policy.policy_number}`,
          });
        }
        return request;
      });
      if (!request) continue;
      opened += 1;
      await sending.onRequestOpened?.(policy.submission_id);
    } catch (error) {
      if (error instanceof OtherRequestOpen) continue;
      if (!(error instanceof CapReached)) throw error;
      logger.warn(
        { bindRequestId: policy.id, reason: "agency-limit" },
        "renewal waits for the next check to open",
      );
    }
  }
  return opened;
}

/** Thrown to roll a renewal's record back while the customer has another request open. */
class OtherRequestOpen extends Error {}

/** A policy as the desk's renewals list shows it. */
export interface PolicyForRenewal {
  submissionId: string;
  reference: string;
  businessName: string | null;
  insurer: string;
  policyNumber: string;
  policyEnd: string;
  /** Its renewal: a request tied to it still open, one bound, or the policy cancelled. */
  renewal: { open: boolean; bound: boolean; cancelled: boolean };
  /** The newest request that renews it (decisions 047, 073), if any. */
  renewalReference: string | null;
  renewalRequestId: string | null;
  reminders: { kind: string; sentAt: Date }[];
}

/** The most policies the renewals list shows. */
export const RENEWALS_LISTED = 200;

/** Policies that ended longer ago than this leave the list: it is for renewals still to win. */
export const RENEWALS_LISTED_AFTER_END_DAYS = 30;

/**
 * Bound policies by their end, the renewals still to bind first (those neither renewed nor
 * cancelled). Policies that ended more than RENEWALS_LISTED_AFTER_END_DAYS before `today` are left
 * out.
 */
export async function policiesByEnd(db: Db, today: string): Promise<PolicyForRenewal[]> {
  const { rows } = await sql<{
    submission_id: string;
    reference: string;
    lead_name: string | null;
    insurer: string;
    policy_number: string;
    policy_end: string;
    renewal_open: boolean;
    renewal_bound: boolean;
    cancelled: boolean;
    renewal_reference: string | null;
    renewal_request_id: string | null;
    reminders: { kind: string; sent_at: string }[] | null;
  }>`
    SELECT * FROM (SELECT b.id, b.submission_id, b.reference, s.${sql.ref(LEAD_NAME_COLUMN)} AS lead_name, q.insurer,
      b.policy_number, b.policy_end::text AS policy_end,
      EXISTS (SELECT 1 FROM quote_requests r WHERE r.renews_bind_request_id = b.id
        AND r.status IN (${sql.join(OPEN_QUOTE_STATUSES)})) AS renewal_open,
      EXISTS (SELECT 1 FROM quote_requests r
        JOIN bind_requests rb ON rb.quote_request_id = r.id AND rb.status = 'bound'
        WHERE r.renews_bind_request_id = b.id) AS renewal_bound,
      EXISTS (SELECT 1 FROM policy_changes c
        WHERE c.bind_request_id = b.id AND c.kind = 'cancellation') AS cancelled,
      renewal.reference AS renewal_reference, renewal.id AS renewal_request_id,
      (SELECT json_agg(json_build_object('kind', m.kind, 'sent_at', m.sent_at) ORDER BY m.sent_at)
        FROM renewal_reminders m WHERE m.bind_request_id = b.id) AS reminders
    FROM bind_requests b
    JOIN insurer_quotes q ON q.id = b.insurer_quote_id
    JOIN business_wizard_submissions s ON s.id = b.submission_id
    LEFT JOIN LATERAL (SELECT r.id, r.reference FROM quote_requests r
      WHERE r.renews_bind_request_id = b.id ORDER BY r.created_at DESC LIMIT 1) renewal ON true
    WHERE b.status = 'bound'
      AND b.policy_end >= ${addDays(today, -RENEWALS_LISTED_AFTER_END_DAYS)}::date
    ) listed
    ORDER BY renewal_bound OR cancelled, policy_end, id
    LIMIT ${RENEWALS_LISTED}`.execute(db);
  return rows.map((row) => ({
    submissionId: row.submission_id,
    reference: row.reference,
    businessName: row.lead_name,
    insurer: row.insurer,
    policyNumber: row.policy_number,
    policyEnd: row.policy_end,
    renewal: { open: row.renewal_open, bound: row.renewal_bound, cancelled: row.cancelled },
    renewalReference: row.renewal_reference,
    renewalRequestId: row.renewal_request_id,
    reminders: (row.reminders ?? []).map((reminder) => ({
      kind: reminder.kind,
      sentAt: new Date(reminder.sent_at),
    })),
  }));
}

/**
 * Each server's check for reminders due: at start and every `intervalMs`, on the agency's day.
 * One check at a time; a failed one is logged and the next tries again.
 */
export class RenewalReminderWorker {
  private readonly loop: DeliveryLoop;
  private readonly intervalMs: number;

  constructor(options: { db: Db; intervalMs: number; timeZone: string; sending: ReminderSending }) {
    this.intervalMs = options.intervalMs;
    this.loop = new DeliveryLoop("renewal reminders", new Set(), async () => {
      await sendDueRenewalReminders(
        options.db,
        dayIn(new Date(), options.timeZone),
        options.sending,
      );
    });
  }

  start(): void {
    this.loop.start(this.intervalMs);
  }

  stop(): Promise<void> {
    return this.loop.stop();
  }
}
