import { sql, type Kysely } from "kysely";

// Decision 030: knowing an email is not proving it.
// - A session that has not proven an email, saving under an email another application already
//   holds, gets an application of its own beside it (email_not_proven), never that one's row: one
//   application per email stays unique among those not so marked, and every copy can be found by
//   its email.
// - Quote requests keep every version like submissions do (decision 013): a trigger writes the row
//   as it was before each write with its writer, read from the same transaction-local setting
//   coverpilot.writer (a wizard session, or an operator of the lead desk).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("business_wizard_submissions")
    .addColumn("email_not_proven", "boolean", (col) => col.notNull().defaultTo(false))
    .execute();
  await db.schema.dropIndex("business_wizard_submissions_email_key").execute();
  await db.schema
    .createIndex("business_wizard_submissions_email_key")
    .on("business_wizard_submissions")
    .unique()
    .expression(sql`lower(email)`)
    .where(sql.ref("email_not_proven"), "=", false)
    .execute();
  await db.schema
    .createIndex("business_wizard_submissions_email_idx")
    .on("business_wizard_submissions")
    .expression(sql`lower(email)`)
    .execute();

  await db.schema
    .createTable("quote_request_revisions")
    .addColumn("id", "bigint", (col) => col.primaryKey().generatedAlwaysAsIdentity())
    .addColumn("quote_request_id", "uuid", (col) =>
      col.notNull().references("quote_requests.id").onDelete("cascade"),
    )
    .addColumn("revised_at", "timestamptz", (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn("draft_id", "uuid")
    .addColumn("client_hash", "text")
    .addColumn("email_proven", "boolean", (col) => col.notNull().defaultTo(false))
    .addColumn("operator_id", "uuid")
    .addColumn("old_values", "jsonb")
    .execute();
  await db.schema
    .createIndex("quote_request_revisions_request_idx")
    .on("quote_request_revisions")
    .columns(["quote_request_id", "id"])
    .execute();
  await sql`
    CREATE FUNCTION record_quote_request_revision() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      writer jsonb := nullif(current_setting('coverpilot.writer', true), '')::jsonb;
    BEGIN
      INSERT INTO quote_request_revisions
        (quote_request_id, draft_id, client_hash, email_proven, operator_id, old_values)
      VALUES (
        NEW.id,
        (writer->>'draft')::uuid,
        writer->>'client',
        coalesce(writer->>'proven' = NEW.submission_id::text, false),
        (writer->>'operator')::uuid,
        CASE WHEN TG_OP = 'UPDATE' THEN to_jsonb(OLD) END
      );
      RETURN NULL;
    END
    $$
  `.execute(db);
  await sql`
    CREATE TRIGGER quote_requests_revision
    AFTER INSERT OR UPDATE ON quote_requests
    FOR EACH ROW EXECUTE FUNCTION record_quote_request_revision()
  `.execute(db);
  // History begins now for the requests already there: one revision each, by no known writer.
  await sql`
    INSERT INTO quote_request_revisions (quote_request_id, revised_at)
    SELECT id, updated_at FROM quote_requests
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TRIGGER quote_requests_revision ON quote_requests`.execute(db);
  await sql`DROP FUNCTION record_quote_request_revision()`.execute(db);
  await db.schema.dropTable("quote_request_revisions").execute();
  await db.schema.dropIndex("business_wizard_submissions_email_idx").execute();
  await db.schema.dropIndex("business_wizard_submissions_email_key").execute();
  await db.schema
    .createIndex("business_wizard_submissions_email_key")
    .on("business_wizard_submissions")
    .unique()
    .expression(sql`lower(email)`)
    .execute();
  await db.schema
    .alterTable("business_wizard_submissions")
    .dropColumn("email_not_proven")
    .execute();
}
