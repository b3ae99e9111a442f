import { sql, type Kysely } from "kysely";

// Issue 31 (decision 049): a call-back request or a contact message keeps the language of the page
// it was sent from ("en" or "es", as app/domain/site/locales.ts names them), so that the agent who
// calls or writes back knows to do it in Spanish. Rows from before were all sent in English.
const TABLES = ["callback_requests", "contact_messages"] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const table of TABLES) {
    await db.schema
      .alterTable(table)
      .addColumn("language", "text", (col) =>
        col
          .notNull()
          .defaultTo("en")
          .check(sql`language IN ('en', 'es')`),
      )
      .execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of TABLES) {
    await db.schema.alterTable(table).dropColumn("language").execute();
  }
}
