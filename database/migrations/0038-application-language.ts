import { sql, type Kysely } from "kysely";

// Issue 31 (decision 049): an application keeps the language of the wizard's pages the visitor saved
// from ("en" or "es", as app/domain/site/locales.ts names them), so that the agent who calls back,
// and every later email, can use it. Applications from before were all made in English.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("business_wizard_submissions")
    .addColumn("language", "text", (col) =>
      col
        .notNull()
        .defaultTo("en")
        .check(sql`language IN ('en', 'es')`),
    )
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("business_wizard_submissions").dropColumn("language").execute();
}
