import { sql, type Kysely } from "kysely";

// Nothing is lost by an overwrite (decision 013): every write of a submission leaves a revision
// with the row as it was before (null when the write created it) and who wrote: the wizard session
// (draft) and a keyed hash of the client's address, never the address itself. A trigger writes it,
// so it is in the same statement as every insert and update, whoever issues them; the saves name
// their writer in the transaction-local setting coverpilot.writer (JSON), read here.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("business_wizard_submission_revisions")
    .addColumn("id", "bigint", (col) => col.primaryKey().generatedAlwaysAsIdentity())
    .addColumn("submission_id", "uuid", (col) =>
      col.notNull().references("business_wizard_submissions.id").onDelete("cascade"),
    )
    .addColumn("revised_at", "timestamptz", (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn("draft_id", "uuid")
    .addColumn("client_hash", "text")
    .addColumn("email_proven", "boolean", (col) => col.notNull().defaultTo(false))
    .addColumn("old_values", "jsonb")
    .execute();
  await db.schema
    .createIndex("business_wizard_submission_revisions_submission_idx")
    .on("business_wizard_submission_revisions")
    .columns(["submission_id", "id"])
    .execute();

  await sql`
    CREATE FUNCTION record_submission_revision() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      writer jsonb := nullif(current_setting('coverpilot.writer', true), '')::jsonb;
    BEGIN
      INSERT INTO business_wizard_submission_revisions
        (submission_id, draft_id, client_hash, email_proven, old_values)
      VALUES (
        NEW.id,
        (writer->>'draft')::uuid,
        writer->>'client',
        coalesce(writer->>'proven' = NEW.id::text, false),
        CASE WHEN TG_OP = 'UPDATE' THEN to_jsonb(OLD) END
      );
      RETURN NULL;
    END
    $$
  `.execute(db);
  await sql`
    CREATE TRIGGER business_wizard_submissions_revision
    AFTER INSERT OR UPDATE ON business_wizard_submissions
    FOR EACH ROW EXECUTE FUNCTION record_submission_revision()
  `.execute(db);

  // History begins now for the rows already there: one revision each, by no known writer, that
  // stands for the version found.
  await sql`
    INSERT INTO business_wizard_submission_revisions (submission_id, revised_at)
    SELECT id, updated_at FROM business_wizard_submissions
  `.execute(db);

  // A link restores what the session it was sent for wrote (draft_id), or for a link from /login
  // the application as it was when the link was sent (revision_id): never what others wrote later.
  await db.schema
    .alterTable("resume_tokens")
    .addColumn("draft_id", "uuid")
    .addColumn("revision_id", "bigint")
    .execute();
  await sql`
    UPDATE resume_tokens AS token SET revision_id = revision.id
    FROM business_wizard_submission_revisions AS revision
    WHERE revision.submission_id = token.submission_id
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("resume_tokens")
    .dropColumn("draft_id")
    .dropColumn("revision_id")
    .execute();
  await sql`DROP TRIGGER business_wizard_submissions_revision ON business_wizard_submissions`.execute(
    db,
  );
  await sql`DROP FUNCTION record_submission_revision()`.execute(db);
  await db.schema.dropTable("business_wizard_submission_revisions").execute();
}
