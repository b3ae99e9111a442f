import { sql, type Kysely } from "kysely";

// One-time links that bring a visitor back to their application (issue 8). Only a hash of each
// token is kept: the database alone cannot open anyone's application.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("resume_tokens")
    .addColumn("token_hash", "text", (col) => col.primaryKey())
    .addColumn("submission_id", "uuid", (col) =>
      col.notNull().references("business_wizard_submissions.id").onDelete("cascade"),
    )
    .addColumn("expires_at", "timestamptz", (col) => col.notNull())
    .addColumn("used_at", "timestamptz")
    .addColumn("created_at", "timestamptz", (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex("resume_tokens_submission_idx")
    .on("resume_tokens")
    .columns(["submission_id", "created_at"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("resume_tokens").execute();
}
