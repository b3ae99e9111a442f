import { sql } from "kysely";

import type { UsState } from "#app/domain/states.ts";

import type { Db } from "../db/database.server.ts";
import { takeRecipientAllowance } from "../mail/outbox.server.ts";

/**
 * What noting an address did: `noted` (a new row), `known` (that address was on that state's list
 * already: nothing changed, nothing counted) or `capped` (the address's per-recipient allowance
 * for the hour was used up: nothing kept). The page answers all three alike (decision 031).
 */
export type WaitlistOutcome = "noted" | "known" | "capped";

/**
 * Notes an address to tell when the agency can help in `state` (decision 031), in one statement.
 * A new note counts as one against the address's per-recipient cap (MAIL_PER_RECIPIENT_PER_HOUR,
 * `takeRecipientAllowance`): it is a promise of an email to that inbox, so a form that could be
 * filled with a stranger's address as often as one likes is held to the cap every other form is;
 * past it nothing is kept. The same address and state again changes nothing and takes nothing.
 * Never a lead: no lead alert, no webhook, no submission.
 */
export async function noteStateWaitlist(
  db: Db,
  perHour: number,
  entry: { email: string; state: UsState },
): Promise<WaitlistOutcome> {
  const { email, state } = entry;
  const { rows } = await sql<{ known: boolean; allowed: boolean; noted: boolean }>`
    WITH known AS (
      SELECT 1 FROM state_waitlist WHERE email = ${email} AND state = ${state}
    ), allowed AS (
      ${takeRecipientAllowance(email, perHour, sql<boolean>`NOT EXISTS (SELECT 1 FROM known)`)}
    ), noted AS (
      INSERT INTO state_waitlist (email, state)
      SELECT ${email}, ${state} WHERE EXISTS (SELECT 1 FROM allowed)
      ON CONFLICT (email, state) DO NOTHING
      RETURNING 1
    )
    SELECT EXISTS (SELECT 1 FROM known) AS known, EXISTS (SELECT 1 FROM allowed) AS allowed,
      EXISTS (SELECT 1 FROM noted) AS noted
  `.execute(db);
  const row = rows[0];
  if (row?.noted) return "noted";
  // Allowed but not inserted: the same pair's other post, at the same moment, noted it first.
  if (row?.known || row?.allowed) return "known";
  return "capped";
}
