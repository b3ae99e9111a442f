import { sql } from "kysely";

import { isUsState, type UsState } from "#app/domain/reference/states.ts";
import { stateName } from "#app/domain/reference/state-names.ts";
import { agencyFrom } from "#app/domain/site/agency.ts";
import { servedStates } from "#app/domain/site/licensed-states.ts";
import { linkPath } from "#app/domain/site/site-pages.ts";
import { stateOpenEmail } from "#app/domain/site/waitlist-email.ts";
import { dayIn } from "#app/domain/values/time-zones.ts";
import { WIZARD_PATH } from "#app/domain/wizard/wizard-screens.ts";
import type { Locale } from "#app/domain/site/locales.ts";

import type { RenderedEmail } from "#app/domain/site/email-content.ts";

import type { Db } from "#app/server/db/database.server.ts";
import { inTransaction } from "#app/server/db/transactions.server.ts";
import type { Env } from "#app/server/env.server.ts";
import { logger } from "#app/server/logger.server.ts";
import { DeliveryLoop } from "#app/server/mail/delivery-loop.server.ts";
import { queueCappedEmail } from "#app/server/mail/outbox.server.ts";

/**
 * What noting an address did: `noted` (a new row) or `known` (that address was on that state's
 * list already: nothing changed). The page answers both alike (decision 031).
 */
export type WaitlistOutcome = "noted" | "known";

/**
 * Notes an address to tell when the agency can help in `state` (decision 031), in one statement.
 * No email goes now, so nothing is counted against the address's per-recipient cap: a note that
 * did would let a stranger use up someone's allowance, and hold back their own login links, by
 * noting their address. One row per address and state bounds what a form can keep of one address;
 * the email that comes later goes through the outbox and its cap. Never a lead: no lead alert, no
 * webhook, no submission. An address already on the list keeps the language it was noted in.
 */
export async function noteStateWaitlist(
  db: Db,
  entry: { email: string; state: UsState; language: Locale },
): Promise<WaitlistOutcome> {
  const noted = await db
    .insertInto("state_waitlist")
    .values({ email: entry.email, state: entry.state, language: entry.language })
    .onConflict((conflict) => conflict.columns(["email", "state"]).doNothing())
    .returning("id")
    .executeTakeFirst();
  return noted ? "noted" : "known";
}

/** An address on the waitlist, as the desk lists it. */
export interface WaitlistEntry {
  id: string;
  email: string;
  state: string;
  language: Locale;
  notedAt: Date;
  /** When it was told the agency now helps in its state; null: not yet. */
  toldAt: Date | null;
}

/** The most rows the desk's page lists (its CSV has them all). */
export const WAITLIST_PAGE_LIMIT = 500;

/**
 * The waitlist by state, then the oldest note first: at most `limit` rows (none: all, for the
 * CSV).
 */
export async function listStateWaitlist(db: Db, limit?: number): Promise<WaitlistEntry[]> {
  let query = db
    .selectFrom("state_waitlist")
    .select(["id", "email", "state", "language", "created_at", "told_at"])
    .orderBy("state")
    .orderBy("created_at")
    .orderBy("id");
  if (limit !== undefined) query = query.limit(limit);
  const rows = await query.execute();
  return rows.map((row) => ({
    id: String(row.id),
    email: row.email,
    state: row.state,
    language: row.language,
    notedAt: new Date(row.created_at),
    toldAt: row.told_at === null ? null : new Date(row.told_at),
  }));
}

/** How the email of a newly served state is written and sent. */
export interface StateOpenSending {
  /** The email for one address, in its language. */
  email: (entry: { state: UsState; language: Locale }) => RenderedEmail;
  /** MAIL_PER_RECIPIENT_PER_HOUR: the address's cap, as every email a visitor caused. */
  perHour: number;
}

/** The most addresses one pass tells (the next pass goes on). */
const TELL_BATCH = 200;

/**
 * Keeps the not-licensed page's promise (issue 56, decision 066): each address noted for a state
 * in `served` and not yet told is emailed once, in its language. The row is marked told in the
 * same transaction as the email is queued, and only if no other server marked it first, so the
 * email goes once however many servers run this at once. An address past its hourly cap is left
 * untold, for the next pass. Answers how many were told.
 */
export async function tellServedStates(
  db: Db,
  served: readonly UsState[],
  sending: StateOpenSending,
): Promise<number> {
  if (served.length === 0) return 0;
  const waiting = await db
    .selectFrom("state_waitlist")
    .select(["id", "email", "state", "language"])
    .where("state", "in", served)
    .where("told_at", "is", null)
    .orderBy("id")
    .limit(TELL_BATCH)
    .execute();
  let told = 0;
  for (const entry of waiting) {
    const sent = await inTransaction(db, async (trx) => {
      const marked = await trx
        .updateTable("state_waitlist")
        .set({ told_at: sql<Date>`now()` })
        .where("id", "=", entry.id)
        .where("told_at", "is", null)
        .returning("id")
        .executeTakeFirst();
      if (!marked) return false;
      if (!isUsState(entry.state)) return false;
      const email = sending.email({ state: entry.state, language: entry.language });
      if (await queueCappedEmail(trx, entry.email, email, sending.perHour)) return true;
      // Past the address's cap: untold again, for the next pass.
      await trx
        .updateTable("state_waitlist")
        .set({ told_at: null })
        .where("id", "=", entry.id)
        .execute();
      return false;
    });
    if (sent) told += 1;
  }
  return told;
}

/**
 * The email of `env`'s agency to a waitlisted address whose state it now serves: in the language
 * the address was noted in (English when the site speaks only English), linking to the wizard.
 */
export function stateOpenSending(env: Env): StateOpenSending {
  const agency = agencyFrom(env);
  return {
    perHour: env.MAIL_PER_RECIPIENT_PER_HOUR,
    email: ({ state, language }) => {
      const locale = env.SPANISH ? language : "en";
      return stateOpenEmail({
        state: stateName(state, locale),
        agency,
        applyUrl: `${env.SITE_URL}${linkPath(WIZARD_PATH, locale)}`,
        locale,
      });
    },
  };
}

/**
 * Tells the waitlist of every state the agency serves today, at start and every
 * REMINDER_CHECK_INTERVAL_MS after: a state added to AGENCY_LICENSES is served from the server's
 * next start. Nothing while the sample details are in use: no licensed agency runs the site then.
 */
export class StateWaitlistWorker {
  private readonly loop: DeliveryLoop;
  private readonly intervalMs: number;

  constructor(db: Db, env: Env) {
    this.intervalMs = env.REMINDER_CHECK_INTERVAL_MS;
    const agency = agencyFrom(env);
    const sending = stateOpenSending(env);
    this.loop = new DeliveryLoop("state waitlist", new Set(), async () => {
      if (agency.sample) return;
      const served = servedStates(agency, dayIn(new Date(), env.AGENCY_TIME_ZONE));
      const told = await tellServedStates(db, served, sending);
      if (told > 0) logger.info({ told }, "waitlisted addresses told their state is served");
    });
  }

  start(): void {
    this.loop.start(this.intervalMs);
  }

  stop(): Promise<void> {
    return this.loop.stop();
  }
}
