import { sql, type Kysely } from "kysely";

// Issue 31 (decision 049): a /login request keeps the language of the page it was asked on ("en"
// or "es", as app/domain/site/locales.ts names them), so that the email with the link is written
// in it. Requests from before were all asked in English.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("resume_requests")
    .addColumn("language", "text", (col) =>
      col
        .notNull()
        .defaultTo("en")
        .check(sql`language IN ('en', 'es')`),
    )
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("resume_requests").dropColumn("language").execute();
}
