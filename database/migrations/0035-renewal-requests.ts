import { sql, type Kysely } from "kysely";

// Issue 30 (decision 047): renewal requests. A quote request may renew a bound policy
// (`renews_bind_request_id`, the policy's request to bind): it has its own reference and goes
// through the desk like any request. The visitor is reminded 60 days before the end
// (`renewal_reminders.kind` "visitor-60") by an email whose one-time link opens the renewal
// request (`resume_tokens.opens` "renewal").
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("quote_requests")
    .addColumn("renews_bind_request_id", "uuid", (col) =>
      col.references("bind_requests.id").onDelete("set null"),
    )
    .execute();
  await db.schema
    .createIndex("quote_requests_renews_idx")
    .on("quote_requests")
    .column("renews_bind_request_id")
    .where(sql<boolean>`renews_bind_request_id IS NOT NULL`)
    .execute();

  await sql`ALTER TABLE renewal_reminders DROP CONSTRAINT renewal_reminders_kind_check`.execute(db);
  await sql`ALTER TABLE renewal_reminders ADD CONSTRAINT renewal_reminders_kind_check
    CHECK (kind IN ('agency-90', 'agency-60', 'visitor-60'))`.execute(db);

  await sql`ALTER TABLE resume_tokens DROP CONSTRAINT resume_tokens_opens_check`.execute(db);
  await sql`ALTER TABLE resume_tokens ADD CONSTRAINT resume_tokens_opens_check
    CHECK (opens IN ('application', 'quotes', 'policy', 'renewal'))`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DELETE FROM resume_tokens WHERE opens = 'renewal'`.execute(db);
  await sql`ALTER TABLE resume_tokens DROP CONSTRAINT resume_tokens_opens_check`.execute(db);
  await sql`ALTER TABLE resume_tokens ADD CONSTRAINT resume_tokens_opens_check
    CHECK (opens IN ('application', 'quotes', 'policy'))`.execute(db);

  await sql`DELETE FROM renewal_reminders WHERE kind = 'visitor-60'`.execute(db);
  await sql`ALTER TABLE renewal_reminders DROP CONSTRAINT renewal_reminders_kind_check`.execute(db);
  await sql`ALTER TABLE renewal_reminders ADD CONSTRAINT renewal_reminders_kind_check
    CHECK (kind IN ('agency-90', 'agency-60'))`.execute(db);

  await db.schema.dropIndex("quote_requests_renews_idx").execute();
  await db.schema.alterTable("quote_requests").dropColumn("renews_bind_request_id").execute();
}
