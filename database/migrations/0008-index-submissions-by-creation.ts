import { type Kysely } from "kysely";

// The lead desk lists submissions newest first, a page at a time, and filters them by date; the
// export walks them in the same order.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex("business_wizard_submissions_created_at_idx")
    .on("business_wizard_submissions")
    .columns(["created_at desc", "id desc"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("business_wizard_submissions_created_at_idx").execute();
}
