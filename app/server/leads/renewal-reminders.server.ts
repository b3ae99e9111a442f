/**
 * Renewal reminders (issue 30, decisions 046 and 047): every REMINDER_CHECK_INTERVAL_MS each server
 * asks the database which bound policies have a reminder due (RENEWAL_REMINDERS) and not yet sent,
 * and sends it: the row that records it and the email go in one transaction, and the row's key
 * (policy, kind) lets only one server's insert through, so each reminder goes once however many
 * servers run and however often they restart. The visitor's reminder goes only under their hourly
 * cap: past it, nothing is recorded, and the next check tries again. A check that fails is logged
 * and tried again at the next one.
 */
import { sql } from "kysely";

import {
  daysUntil,
  renewalAlertLines,
  RENEWAL_REMINDERS,
  renewalReminderEmail,
  REMINDERS_PER_CHECK,
  renewalReminderLabel,
  RENEWALS_PATH,
} from "#app/domain/quote/renewals.ts";
import { LEAD_NAME_COLUMN } from "#app/domain/application/application-fields.ts";
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

/** Whom a check's alerts go to, and what they name. */
export interface ReminderSending {
  /** LEAD_NOTIFY_TO: none means the desk's timeline and list alone tell. */
  notifyTo: readonly string[];
  siteUrl: string;
  agency: Agency;
  /**
   * The agency's hourly limits (decision 054): the insured's reminder is an agency email, not
   * capped per inbox; held by the site's limit, it waits for the next check.
   */
  limits: AgencyMailLimits;
}

/** A policy whose reminder is due. */
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
}

/**
 * The bound policies for which `reminder` is due on `today` and not sent: ending within its days,
 * with no renewal under way (a quote request made since binding needs no reminder).
 */
function duePolicies(today: string, reminder: (typeof RENEWAL_REMINDERS)[number]) {
  return sql`
    SELECT b.id, b.submission_id, b.reference, b.policy_number, b.policy_end::text AS policy_end,
      q.insurer, s.${sql.ref(LEAD_NAME_COLUMN)} AS lead_name, s.email, s.first_name, s.language
    FROM bind_requests b
    JOIN insurer_quotes q ON q.id = b.insurer_quote_id
    JOIN business_wizard_submissions s ON s.id = b.submission_id
    WHERE b.status = 'bound'
      AND b.policy_end BETWEEN ${addDays(today, reminder.toDays)}::date
        AND ${addDays(today, reminder.fromDays)}::date
      AND NOT EXISTS (SELECT 1 FROM renewal_reminders r
        WHERE r.bind_request_id = b.id AND r.kind = ${reminder.kind})
      AND NOT EXISTS (SELECT 1 FROM quote_requests n
        WHERE n.submission_id = b.submission_id
          AND (n.created_at > b.bound_at OR n.renews_bind_request_id = b.id))
    ORDER BY b.policy_end, b.id
    LIMIT ${REMINDERS_PER_CHECK}`;
}

/**
 * Sends the renewal reminders due on `today` (YYYY-MM-DD, the agency's day) that have not been
 * sent: for each, the record that it went, the lead's timeline entry and the agency's alert, in one
 * transaction. Returns how many went.
 */
export async function sendDueRenewalReminders(
  db: Db,
  today: string,
  sending: ReminderSending,
): Promise<number> {
  let sent = 0;
  for (const reminder of RENEWAL_REMINDERS) {
    if (reminder.who === "visitor") {
      sent += await sendVisitorReminders(db, today, reminder, sending);
      continue;
    }
    sent += await inTransaction(db, async (trx) => {
      const { rows } = await sql<DuePolicy>`
        WITH due AS (${duePolicies(today, reminder)}), recorded AS (
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
          body: `${row.reference}: policy ${row.policy_number} ends ${row.policy_end}, in ${daysLeft} days (reminder ${renewalReminderLabel(reminder.kind)})`,
        });
        if (sending.notifyTo.length === 0) continue;
        const alert = renewalAlertLines({
          reference: row.reference,
          businessName: row.lead_name,
          insurer: row.insurer,
          policyNumber: row.policy_number,
          policyEnd: row.policy_end,
          daysLeft,
        });
        await enqueueEmail(trx, {
          to: [...sending.notifyTo],
          subject: alert.subject.replace(/[\p{Cc}\p{Zl}\p{Zp}]+/gu, " ").slice(0, 200),
          text: [
            `A policy bound through ${sending.agency.name} ends in ${daysLeft} days. Start its renewal with the insured and the insurer.`,
            "",
            ...alert.facts.map(([label, value]) => `${label}: ${value}`),
            "",
            `The lead: ${sending.siteUrl}/admin/submissions/${row.submission_id}/quotes`,
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
  return sent;
}

/** Thrown to roll a visitor's reminder back when the site's hourly limit holds its email. */
class CapReached extends Error {}

/**
 * The visitor's reminders due on `today`: for each policy, in its own transaction, the record that
 * it went (only one server's insert gets through; another waits for it and then finds it), the
 * email with its one-time link to the renewal request, and the timeline's entry. When the site's
 * hourly limit for agency emails holds the email (decision 054), the record is rolled back, so the
 * next check tries again; an application whose email is not proven is sent nothing, and the
 * timeline says so.
 */
/** The language the insured's emails are written in: their application's. */
function languageOf(policy: DuePolicy): Locale {
  return isLocale(policy.language) ? policy.language : BASE_LOCALE;
}

async function sendVisitorReminders(
  db: Db,
  today: string,
  reminder: (typeof RENEWAL_REMINDERS)[number],
  sending: ReminderSending,
): Promise<number> {
  const { rows: due } = await sql<DuePolicy>`${duePolicies(today, reminder)}`.execute(db);
  let sent = 0;
  for (const policy of due) {
    try {
      sent += await inTransaction(db, async (trx) => {
        const recorded = await trx
          .insertInto("renewal_reminders")
          .values({ bind_request_id: policy.id, kind: reminder.kind })
          .onConflict((conflict) => conflict.doNothing())
          .returning("bind_request_id")
          .executeTakeFirst();
        if (!recorded) return 0;
        const sent = await queueVisitorLinkEmail(trx, policy.submission_id, policy.email, {
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
              link,
              agency: sending.agency,
              locale: languageOf(policy),
            }),
        });
        if (sent === "limit") throw new CapReached();
        if (sent === "unproven") return 0;
        await addActivity(trx, {
          submissionId: policy.submission_id,
          operatorId: null,
          kind: "renewal",
          body: `${policy.reference}: the insured was emailed a link to request the renewal of policy ${policy.policy_number} (reminder ${renewalReminderLabel(reminder.kind)})`,
        });
        return 1;
      });
    } catch (error) {
      if (!(error instanceof CapReached)) throw error;
      logger.warn(
        { bindRequestId: policy.id, reason: "agency-limit" },
        "renewal reminder waits for the next check",
      );
    }
  }
  return sent;
}

/** A policy as the desk's renewals list shows it. */
export interface PolicyForRenewal {
  submissionId: string;
  reference: string;
  businessName: string | null;
  insurer: string;
  policyNumber: string;
  policyEnd: string;
  /** A quote request made since the policy was bound. */
  renewalRequested: boolean;
  /** The reference of the request that renews it, if the visitor made one (decision 047). */
  renewalReference: string | null;
  reminders: { kind: string; sentAt: Date }[];
}

/** The most policies the renewals list shows. */
export const RENEWALS_LISTED = 200;

/** Policies that ended longer ago than this leave the list: it is for renewals still to win. */
export const RENEWALS_LISTED_AFTER_END_DAYS = 30;

/**
 * Bound policies by their end, those without a quote request made since they were bound first:
 * the renewals still to start come before the ones under way. Policies that ended more than
 * RENEWALS_LISTED_AFTER_END_DAYS before `today` are left out.
 */
export async function policiesByEnd(db: Db, today: string): Promise<PolicyForRenewal[]> {
  const { rows } = await sql<{
    submission_id: string;
    reference: string;
    lead_name: string | null;
    insurer: string;
    policy_number: string;
    policy_end: string;
    requested: boolean;
    renewal_reference: string | null;
    reminders: { kind: string; sent_at: string }[] | null;
  }>`
    SELECT b.submission_id, b.reference, s.${sql.ref(LEAD_NAME_COLUMN)} AS lead_name, q.insurer, b.policy_number,
      b.policy_end::text AS policy_end,
      EXISTS (SELECT 1 FROM quote_requests r
        WHERE r.submission_id = b.submission_id
          AND (r.created_at > b.bound_at OR r.renews_bind_request_id = b.id)) AS requested,
      (SELECT r.reference FROM quote_requests r WHERE r.renews_bind_request_id = b.id
        ORDER BY r.created_at DESC LIMIT 1) AS renewal_reference,
      (SELECT json_agg(json_build_object('kind', m.kind, 'sent_at', m.sent_at) ORDER BY m.sent_at)
        FROM renewal_reminders m WHERE m.bind_request_id = b.id) AS reminders
    FROM bind_requests b
    JOIN insurer_quotes q ON q.id = b.insurer_quote_id
    JOIN business_wizard_submissions s ON s.id = b.submission_id
    WHERE b.status = 'bound'
      AND b.policy_end >= ${addDays(today, -RENEWALS_LISTED_AFTER_END_DAYS)}::date
    ORDER BY requested, b.policy_end, b.id
    LIMIT ${RENEWALS_LISTED}`.execute(db);
  return rows.map((row) => ({
    submissionId: row.submission_id,
    reference: row.reference,
    businessName: row.lead_name,
    insurer: row.insurer,
    policyNumber: row.policy_number,
    policyEnd: row.policy_end,
    renewalRequested: row.requested,
    renewalReference: row.renewal_reference,
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
