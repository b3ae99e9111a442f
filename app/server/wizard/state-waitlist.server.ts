import type { UsState } from "#app/domain/reference/states.ts";
import type { Locale } from "#app/domain/site/locales.ts";

import type { Db } from "#app/server/db/database.server.ts";

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
