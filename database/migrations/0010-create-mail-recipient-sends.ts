import { sql, type Kysely } from "kysely";

// When the site last emailed each visitor's address, for the per-recipient cap
// (MAIL_PER_RECIPIENT_PER_HOUR): keyed by a hash of the lowercased address, so the table names no
// one, with the times of the sends of the last hour. Shared by every server on one database.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("mail_recipient_sends")
    .addColumn("recipient_key", "text", (col) => col.primaryKey())
    .addColumn("sent_at", sql`timestamptz[]`, (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("mail_recipient_sends").execute();
}
