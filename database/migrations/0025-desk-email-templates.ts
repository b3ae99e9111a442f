import { sql, type Kysely } from "kysely";

// Issue 28: the emails an operator sends from a lead's page start from templates the agency edits.
// Each save of a template is kept (desk_email_template_versions: who saved what, and when), as
// every change an operator makes is. Two templates to start with, which the agency may change.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("desk_email_templates")
    .addColumn("id", "uuid", (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn("name", "text", (col) => col.notNull().check(sql`char_length(name) <= 80`))
    .addColumn("subject", "text", (col) => col.notNull().check(sql`char_length(subject) <= 150`))
    .addColumn("body", "text", (col) => col.notNull().check(sql`char_length(body) <= 3000`))
    .addColumn("updated_at", "timestamptz", (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex("desk_email_templates_name_key")
    .on("desk_email_templates")
    .unique()
    .expression(sql`lower(name)`)
    .execute();
  await db.schema
    .createTable("desk_email_template_versions")
    .addColumn("id", "bigint", (col) => col.primaryKey().generatedAlwaysAsIdentity())
    .addColumn("template_id", "uuid", (col) =>
      col.notNull().references("desk_email_templates.id").onDelete("cascade"),
    )
    .addColumn("name", "text", (col) => col.notNull())
    .addColumn("subject", "text", (col) => col.notNull())
    .addColumn("body", "text", (col) => col.notNull())
    // Null for the templates this migration adds.
    .addColumn("saved_by", "uuid", (col) => col.references("operators.id"))
    .addColumn("saved_at", "timestamptz", (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex("desk_email_template_versions_template_idx")
    .on("desk_email_template_versions")
    .columns(["template_id", "id"])
    .execute();
  await sql`
    WITH added AS (
      INSERT INTO desk_email_templates (name, subject, body) VALUES
        ('We need your ZIP code', 'Your quote request {reference}: one more detail',
         ${"Hello {first_name},\n\nThank you for asking us to quote {business_name}. To ask insurers for prices we need the ZIP code of the business's main location. Could you call us on {agency_phone} with it?\n\n{agency_name}"}),
        ('Your quotes are on the way', 'Your quote request {reference}',
         ${"Hello {first_name},\n\nWe have what we need for {business_name} and are asking insurers for their prices now. We will be in touch as soon as we have them. Questions in the meantime? Call us on {agency_phone}.\n\n{agency_name}"})
      RETURNING id, name, subject, body
    )
    INSERT INTO desk_email_template_versions (template_id, name, subject, body)
    SELECT id, name, subject, body FROM added`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("desk_email_template_versions").execute();
  await db.schema.dropTable("desk_email_templates").execute();
}
