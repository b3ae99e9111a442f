import { sql, type Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  // What a visitor has entered so far, named by their signed wizard cookie (decision 003).
  await db.schema
    .createTable("wizard_drafts")
    .addColumn("id", "uuid", (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn("data", "jsonb", (col) => col.notNull())
    .addColumn("expires_at", "timestamptz", (col) => col.notNull())
    .addColumn("created_at", "timestamptz", (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn("updated_at", "timestamptz", (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex("wizard_drafts_expires_at_idx")
    .on("wizard_drafts")
    .column("expires_at")
    .execute();

  // Evidence of consent to texts: the exact words shown and when they were agreed to.
  await db.schema
    .alterTable("business_wizard_submissions")
    .addColumn("consent_text", "text")
    .addColumn("consent_given_at", "timestamptz")
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("business_wizard_submissions")
    .dropColumn("consent_text")
    .dropColumn("consent_given_at")
    .execute();
  await db.schema.dropTable("wizard_drafts").execute();
}
