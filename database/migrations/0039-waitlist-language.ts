import { sql, type Kysely } from "kysely";

// Issue 31 (decision 049): an address noted to hear when the agency serves a state keeps the
// language of the page it was noted on ("en" or "es", as app/domain/site/locales.ts names them),
// so that the one email promised is written in it. Rows from before were all noted in English.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("state_waitlist")
    .addColumn("language", "text", (col) =>
      col
        .notNull()
        .defaultTo("en")
        .check(sql`language IN ('en', 'es')`),
    )
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("state_waitlist").dropColumn("language").execute();
}
