import { sql, type Kysely } from "kysely";

// Migrations see the database as it was when they were written, so they take no app types.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("business_wizard_submissions")
    .addColumn("id", "uuid", (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn("industry", "text", (col) => col.notNull())
    .addColumn("state", "text", (col) => col.notNull())
    .addColumn("segments", sql`text[]`, (col) => col.notNull())
    .addColumn("email", "text", (col) => col.notNull())
    .addColumn("business_name", "text")
    .addColumn("first_name", "text")
    .addColumn("last_name", "text")
    .addColumn("phone_number", "text")
    .addColumn("consent_to_texts", "boolean")
    .addColumn("legal_business_name", "text")
    .addColumn("primary_location", "text")
    .addColumn("same_address", "text")
    .addColumn("mailing_address", "text")
    .addColumn("ownership_structure", "text")
    .addColumn("start_year", "text")
    .addColumn("created_at", "timestamptz", (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn("updated_at", "timestamptz", (col) => col.notNull().defaultTo(sql`now()`))
    .execute();

  // The email step looks a submission up by email and updates it, or inserts one: with this index
  // that is a single race-free INSERT ... ON CONFLICT.
  await db.schema
    .createIndex("business_wizard_submissions_email_key")
    .on("business_wizard_submissions")
    .unique()
    .expression(sql`lower(email)`)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("business_wizard_submissions").execute();
}
