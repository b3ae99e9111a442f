import { sql, type Kysely } from "kysely";

// Issue 53 (decision 055): /login counts the links asked for each inbox, whatever the address and
// whether or not an application holds it, so that the page can say plainly when the next link can
// be asked for without telling who has applied. Keyed by the hash of the inbox (as
// mail_recipient_sends is), with the times of the last hour's requests and, beside each, a keyed
// hash of the client address that asked.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("login_link_requests")
    .addColumn("address_key", "text", (col) => col.primaryKey())
    .addColumn("asked_at", sql`timestamptz[]`, (col) => col.notNull())
    .addColumn("asked_by", sql`text[]`, (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("login_link_requests").execute();
}
