import { sql, type Kysely } from "kysely";

// Issue 56 (decision 073): the agency sets its renewal windows (RENEWAL_WINDOWS_DAYS, 120, 90 and
// 60 days by default), so a reminder's kind names its window's days: `agency-<days>` for the
// agency's reminder at that window, `visitor-<days>` for the renewal the site opened at the first
// window and the insured's email with it. The kinds written before ("agency-90", "agency-60",
// "visitor-60") keep their meaning.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE renewal_reminders DROP CONSTRAINT renewal_reminders_kind_check`.execute(db);
  await sql`ALTER TABLE renewal_reminders ADD CONSTRAINT renewal_reminders_kind_check
    CHECK (kind ~ '^(agency|visitor)-[1-9][0-9]{0,2}$')`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DELETE FROM renewal_reminders
    WHERE kind NOT IN ('agency-90', 'agency-60', 'visitor-60')`.execute(db);
  await sql`ALTER TABLE renewal_reminders DROP CONSTRAINT renewal_reminders_kind_check`.execute(db);
  await sql`ALTER TABLE renewal_reminders ADD CONSTRAINT renewal_reminders_kind_check
    CHECK (kind IN ('agency-90', 'agency-60', 'visitor-60'))`.execute(db);
}
