import { sql, type Kysely } from "kysely";

// Issue 30 (decision 048): a contract's insurance requirements, as the visitor gives them on the
// plan page. Each save is a new row (the newest counts; `removed` marks a removal), with the
// session that wrote it, so what the visitor said and when stays evidence. The timeline takes
// "contract".
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("contract_requirements")
    .addColumn("id", "bigserial", (col) => col.primaryKey())
    .addColumn("submission_id", "uuid", (col) =>
      col.notNull().references("business_wizard_submissions.id").onDelete("cascade"),
    )
    .addColumn("removed", "boolean", (col) => col.notNull().defaultTo(false))
    .addColumn("contract_party", "text", (col) =>
      col.check(sql`char_length(contract_party) <= 200`),
    )
    .addColumn("lines", sql`text[]`, (col) => col.notNull().defaultTo(sql`'{}'`))
    .addColumn("occurrence_limit_dollars", "bigint")
    .addColumn("aggregate_limit_dollars", "bigint")
    .addColumn("additional_insured", "boolean", (col) => col.notNull().defaultTo(false))
    .addColumn("waiver_of_subrogation", "boolean", (col) => col.notNull().defaultTo(false))
    .addColumn("primary_non_contributory", "boolean", (col) => col.notNull().defaultTo(false))
    .addColumn("needed_by", "date")
    .addColumn("other_requirements", "text", (col) =>
      col.check(sql`char_length(other_requirements) <= 500`),
    )
    .addColumn("draft_id", "uuid")
    .addColumn("client_hash", "text")
    .addColumn("created_at", "timestamptz", (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex("contract_requirements_submission_idx")
    .on("contract_requirements")
    .columns(["submission_id", "id desc"])
    .execute();

  // The lead's timeline says when the visitor gives, changes or removes them.
  await sql`ALTER TABLE lead_activities DROP CONSTRAINT lead_activities_kind_check`.execute(db);
  await sql`ALTER TABLE lead_activities ADD CONSTRAINT lead_activities_kind_check CHECK (kind IN
    ('note', 'call', 'voicemail', 'email', 'status', 'owner', 'next-action', 'quote',
     'document', 'question', 'bind', 'certificate', 'renewal', 'contract'))`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DELETE FROM lead_activities WHERE kind = 'contract'`.execute(db);
  await sql`ALTER TABLE lead_activities DROP CONSTRAINT lead_activities_kind_check`.execute(db);
  await sql`ALTER TABLE lead_activities ADD CONSTRAINT lead_activities_kind_check CHECK (kind IN
    ('note', 'call', 'voicemail', 'email', 'status', 'owner', 'next-action', 'quote',
     'document', 'question', 'bind', 'certificate', 'renewal'))`.execute(db);
  await db.schema.dropTable("contract_requirements").execute();
}
