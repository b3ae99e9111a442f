import { sql, type Kysely } from "kysely";

// Issue 29: the agency's questions to the visitor on a quote request, and their answers. A question
// is asked by an operator (`asked_by`); its answer is the visitor's, written once (`answer`,
// `answered_at`) and never changed. An answer, and a document the visitor sent, wait in the desk's
// "Needs action" view until an operator marks them dealt with (`handled_at`, `handled_by`). The
// timeline takes "question".
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("request_questions")
    .addColumn("id", "uuid", (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn("submission_id", "uuid", (col) =>
      col.notNull().references("business_wizard_submissions.id").onDelete("cascade"),
    )
    .addColumn("quote_request_id", "uuid", (col) =>
      col.notNull().references("quote_requests.id").onDelete("cascade"),
    )
    .addColumn("question", "text", (col) =>
      col.notNull().check(sql`char_length(question) BETWEEN 1 AND 1000`),
    )
    .addColumn("asked_by", "uuid", (col) => col.notNull().references("operators.id"))
    .addColumn("asked_at", "timestamptz", (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn("answer", "text", (col) => col.check(sql`char_length(answer) BETWEEN 1 AND 2000`))
    .addColumn("answered_at", "timestamptz")
    .addColumn("handled_at", "timestamptz")
    .addColumn("handled_by", "uuid", (col) => col.references("operators.id"))
    .addCheckConstraint(
      "request_questions_answered_check",
      sql`(answer IS NULL) = (answered_at IS NULL) AND (handled_at IS NULL OR answer IS NOT NULL)`,
    )
    .execute();
  await db.schema
    .createIndex("request_questions_request_idx")
    .on("request_questions")
    .columns(["quote_request_id", "asked_at"])
    .execute();
  // The desk's "Needs action": answers not yet dealt with, oldest first.
  await db.schema
    .createIndex("request_questions_waiting_idx")
    .on("request_questions")
    .column("answered_at")
    .where(sql.ref("handled_at"), "is", null)
    .execute();

  await db.schema.alterTable("request_documents").addColumn("handled_at", "timestamptz").execute();
  await db.schema
    .alterTable("request_documents")
    .addColumn("handled_by", "uuid", (col) => col.references("operators.id"))
    .execute();
  await db.schema
    .createIndex("request_documents_waiting_idx")
    .on("request_documents")
    .column("created_at")
    .where(sql<boolean>`purpose = 'visitor' AND handled_at IS NULL`)
    .execute();

  await sql`ALTER TABLE lead_activities DROP CONSTRAINT lead_activities_kind_check`.execute(db);
  await sql`ALTER TABLE lead_activities ADD CONSTRAINT lead_activities_kind_check CHECK (kind IN
    ('note', 'call', 'voicemail', 'email', 'status', 'owner', 'next-action', 'quote',
     'document', 'question'))`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DELETE FROM lead_activities WHERE kind = 'question'`.execute(db);
  await sql`ALTER TABLE lead_activities DROP CONSTRAINT lead_activities_kind_check`.execute(db);
  await sql`ALTER TABLE lead_activities ADD CONSTRAINT lead_activities_kind_check CHECK (kind IN
    ('note', 'call', 'voicemail', 'email', 'status', 'owner', 'next-action', 'quote',
     'document'))`.execute(db);
  await db.schema.dropIndex("request_documents_waiting_idx").execute();
  await db.schema.alterTable("request_documents").dropColumn("handled_by").execute();
  await db.schema.alterTable("request_documents").dropColumn("handled_at").execute();
  await db.schema.dropTable("request_questions").execute();
}
