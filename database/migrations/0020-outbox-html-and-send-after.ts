import { sql, type Kysely } from "kysely";

// Decision 032: what the visitor is told, and when.
// - The HTML part of an email: html_body has been in the outbox since 0005 (nullable, sent as the
//   email's HTML alternative); nothing to add for it here.
// - send_after: an email is not sent before it (the email step's "finish your application"
//   reminder waits RESUME_REMINDER_DELAY_MS). Every row so far, and every email queued without
//   one, is due at once. The default is not volatile: PostgreSQL adds the column without rewriting
//   the table.
// - cancel_key: what a later write cancels a queued email by, while it is not sent (the final
//   step's save drops the reminder of its application); null for emails nothing cancels. The
//   partial index holds only the emails still waiting that have a key: a handful.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("outbox")
    .addColumn("send_after", "timestamptz", (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn("cancel_key", "text")
    .execute();
  await db.schema
    .createIndex("outbox_cancel_key_idx")
    .on("outbox")
    .column("cancel_key")
    .where(sql<boolean>`cancel_key IS NOT NULL AND sent_at IS NULL`)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("outbox_cancel_key_idx").execute();
  await db.schema.alterTable("outbox").dropColumn("cancel_key").dropColumn("send_after").execute();
}
