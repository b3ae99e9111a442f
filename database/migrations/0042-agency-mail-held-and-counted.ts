import { sql, type Kysely } from "kysely";

// Issue 53 (decision 054): the agency's emails reach its customer.
// - mail_recipient_sends.outbox_ids: beside each time counted under a visitor's hourly cap, the
//   outbox id of the email it counted (null for the counts made before, which stay counted for
//   their hour). An email later cancelled no longer counts.
// - outbox.cancelled_at: a cancelled email (the email step's reminder) is kept, marked, its words
//   dropped, so that the count above can tell it from one still queued or sent. The worker never
//   claims it.
// - outbox.agency, operator_id, submission_id, counted_at: an email the agency sends to a customer
//   whose address is proven, by whom and about which lead; it is bounded per operator and over the
//   whole site by the hour (counted_at: when it took its place under those limits).
// - outbox.held: why an agency email was not sent ('limit', 'unproven'); the worker never claims
//   it, and "Send again" at the desk releases it.
// - lead_activities.outbox_id and the kind 'not-sent': the timeline's entry for an email the
//   agency meant to send and did not, naming it so that the desk can send it again.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("mail_recipient_sends")
    .addColumn("outbox_ids", sql`bigint[]`, (col) => col.notNull().defaultTo(sql`'{}'`))
    .execute();
  await sql`UPDATE mail_recipient_sends
    SET outbox_ids = array_fill(NULL::bigint, ARRAY[cardinality(sent_at)])`.execute(db);
  await db.schema
    .alterTable("outbox")
    .addColumn("cancelled_at", "timestamptz")
    .addColumn("agency", "boolean", (col) => col.notNull().defaultTo(false))
    .addColumn("operator_id", "uuid")
    .addColumn("submission_id", "uuid")
    .addColumn("counted_at", "timestamptz")
    .addColumn("held", "text", (col) => col.check(sql`held IN ('limit', 'unproven')`))
    .execute();
  await db.schema
    .createIndex("outbox_agency_counted_idx")
    .on("outbox")
    .column("counted_at")
    .where(sql<boolean>`agency AND counted_at IS NOT NULL`)
    .execute();
  await db.schema.alterTable("lead_activities").addColumn("outbox_id", "bigint").execute();
  await sql`ALTER TABLE lead_activities DROP CONSTRAINT lead_activities_kind_check`.execute(db);
  await sql`ALTER TABLE lead_activities ADD CONSTRAINT lead_activities_kind_check CHECK (kind IN
    ('note', 'call', 'voicemail', 'email', 'status', 'owner', 'next-action', 'quote',
     'document', 'question', 'bind', 'certificate', 'renewal', 'contract', 'not-sent'))`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DELETE FROM lead_activities WHERE kind = 'not-sent'`.execute(db);
  await sql`ALTER TABLE lead_activities DROP CONSTRAINT lead_activities_kind_check`.execute(db);
  await sql`ALTER TABLE lead_activities ADD CONSTRAINT lead_activities_kind_check CHECK (kind IN
    ('note', 'call', 'voicemail', 'email', 'status', 'owner', 'next-action', 'quote',
     'document', 'question', 'bind', 'certificate', 'renewal', 'contract'))`.execute(db);
  await db.schema.alterTable("lead_activities").dropColumn("outbox_id").execute();
  await db.schema.dropIndex("outbox_agency_counted_idx").execute();
  await sql`DELETE FROM outbox WHERE cancelled_at IS NOT NULL OR held IS NOT NULL`.execute(db);
  await db.schema
    .alterTable("outbox")
    .dropColumn("held")
    .dropColumn("counted_at")
    .dropColumn("submission_id")
    .dropColumn("operator_id")
    .dropColumn("agency")
    .dropColumn("cancelled_at")
    .execute();
  await db.schema.alterTable("mail_recipient_sends").dropColumn("outbox_ids").execute();
}
