import { sql, type Kysely } from "kysely";

// Decision 018. What is looked up becomes columns, widened first and copied, so that the version
// before this one (which reads JSON and start_year) keeps working beside it during a rolling deploy:
// - wizard_drafts.submission_id and email_proven: a resume link finds the live draft of its
//   submission by an indexed column, not by a path into the draft's JSON;
// - business_wizard_submissions.completed_at: when the final step saved the whole application
//   ("complete" no longer read from start_year being set);
// - business_wizard_submissions.unit: the unit or suite on its own, so a saved application comes
//   back into the wizard as it was entered (the primary location still holds it after the street).
// The copies write no revisions: they change no answer anyone gave.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("wizard_drafts")
    .addColumn("submission_id", "uuid")
    .addColumn("email_proven", "boolean", (col) => col.notNull().defaultTo(false))
    .execute();
  await sql`
    UPDATE wizard_drafts
    SET submission_id = (data->'draft'->'submission'->>'id')::uuid,
        email_proven = coalesce(data->'draft'->'submission'->>'emailProven' = 'true', false)
    WHERE data->'draft'->'submission'->>'id' ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
  `.execute(db);
  await db.schema
    .createIndex("wizard_drafts_submission_idx")
    .on("wizard_drafts")
    .column("submission_id")
    .where(sql.ref("submission_id"), "is not", null)
    .execute();

  await db.schema
    .alterTable("business_wizard_submissions")
    .addColumn("unit", "text")
    .addColumn("completed_at", "timestamptz")
    .execute();
  await sql`ALTER TABLE business_wizard_submissions DISABLE TRIGGER business_wizard_submissions_revision`.execute(
    db,
  );
  await sql`
    UPDATE business_wizard_submissions SET completed_at = updated_at WHERE start_year IS NOT NULL
  `.execute(db);
  await sql`ALTER TABLE business_wizard_submissions ENABLE TRIGGER business_wizard_submissions_revision`.execute(
    db,
  );
}
