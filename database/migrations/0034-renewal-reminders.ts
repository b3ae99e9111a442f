import { sql, type Kysely } from "kysely";

// Issue 30 (decision 046): renewal reminders. One row per reminder sent for a bound policy
// (`kind`: "agency-90", "agency-60"), whose key lets only one server's insert through: each goes
// once however many servers check and however often they restart. The desk lists bound policies by
// their end (the index). The timeline takes "renewal".
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("renewal_reminders")
    .addColumn("bind_request_id", "uuid", (col) =>
      col.notNull().references("bind_requests.id").onDelete("cascade"),
    )
    .addColumn("kind", "text", (col) =>
      col.notNull().check(sql`kind IN ('agency-90', 'agency-60')`),
    )
    .addColumn("sent_at", "timestamptz", (col) => col.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint("renewal_reminders_pkey", ["bind_request_id", "kind"])
    .execute();
  await db.schema
    .createIndex("bind_requests_policy_end_idx")
    .on("bind_requests")
    .column("policy_end")
    .where(sql<boolean>`status = 'bound'`)
    .execute();

  await sql`ALTER TABLE lead_activities DROP CONSTRAINT lead_activities_kind_check`.execute(db);
  await sql`ALTER TABLE lead_activities ADD CONSTRAINT lead_activities_kind_check CHECK (kind IN
    ('note', 'call', 'voicemail', 'email', 'status', 'owner', 'next-action', 'quote',
     'document', 'question', 'bind', 'certificate', 'renewal'))`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DELETE FROM lead_activities WHERE kind = 'renewal'`.execute(db);
  await sql`ALTER TABLE lead_activities DROP CONSTRAINT lead_activities_kind_check`.execute(db);
  await sql`ALTER TABLE lead_activities ADD CONSTRAINT lead_activities_kind_check CHECK (kind IN
    ('note', 'call', 'voicemail', 'email', 'status', 'owner', 'next-action', 'quote',
     'document', 'question', 'bind', 'certificate'))`.execute(db);
  await db.schema.dropIndex("bind_requests_policy_end_idx").execute();
  await db.schema.dropTable("renewal_reminders").execute();
}
