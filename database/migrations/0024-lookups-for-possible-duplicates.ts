import { sql, type Kysely } from "kysely";

// Issue 28: the desk flags leads that share an email, a phone number or a business name, and links
// them to each other. Emails are looked up by lower(email) already (0001, 0017); these two indexes
// make the other two lookups cheap at any number of leads. Business names compare ignoring case and
// the spaces around them, as an operator would.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex("business_wizard_submissions_phone_idx")
    .on("business_wizard_submissions")
    .column("phone_number")
    .where(sql.ref("phone_number"), "is not", null)
    .execute();
  await db.schema
    .createIndex("business_wizard_submissions_business_name_idx")
    .on("business_wizard_submissions")
    .expression(sql`lower(btrim(business_name))`)
    .where(sql.ref("business_name"), "is not", null)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("business_wizard_submissions_business_name_idx").execute();
  await db.schema.dropIndex("business_wizard_submissions_phone_idx").execute();
}
