import { sql, type Kysely } from "kysely";

import { FUNNEL_STEP_RENAMES } from "#app/domain/wizard/wizard-screens.ts";

/**
 * Issue 27: the wizard's steps are named by what they ask, not by their place. The funnel's rows
 * (and the funnel's cookie of counted steps, which app/server/wizard/funnel.server.ts reads through
 * the same list, FUNNEL_STEP_RENAMES in app/domain/wizard/wizard-screens.ts) carry the old names over to the new, so that no day's counts are lost.
 */

async function rename(db: Kysely<unknown>, from: string, to: string): Promise<void> {
  // Added to any row of the new name a server has written meanwhile, then the old row removed.
  await sql`
    insert into wizard_funnel_daily (day, step, visitors)
    select day, ${to}, visitors from wizard_funnel_daily where step = ${from}
    on conflict (day, step)
    do update set visitors = wizard_funnel_daily.visitors + excluded.visitors
  `.execute(db);
  await sql`delete from wizard_funnel_daily where step = ${from}`.execute(db);
}

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const [from, to] of Object.entries(FUNNEL_STEP_RENAMES)) await rename(db, from, to);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const [from, to] of Object.entries(FUNNEL_STEP_RENAMES)) await rename(db, to, from);
}
