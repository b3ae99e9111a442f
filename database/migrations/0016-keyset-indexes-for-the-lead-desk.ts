import { sql, type Kysely } from "kysely";

// Decision 020: the lead desk pages by keyset, newest first by (created_at, id). Each index below
// serves one filter's pages from their first row: the filter's equal column, then the list's order,
// so a page reads about 51 index entries however many leads there are. The filter on submissions
// that stopped at the email step gets a partial index: on a desk of completed applications it
// matches few rows, and walking the whole list to find them would read every row. Call-back
// requests and contact messages are paged the same way.
const INDEXES = [
  { name: "business_wizard_submissions_industry_created_idx", equal: "industry" },
  { name: "business_wizard_submissions_state_created_idx", equal: "state" },
] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const { name, equal } of INDEXES) {
    await db.schema
      .createIndex(name)
      .on("business_wizard_submissions")
      .columns([equal, "created_at desc", "id desc"])
      .execute();
  }
  await db.schema
    .createIndex("business_wizard_submissions_email_step_created_idx")
    .on("business_wizard_submissions")
    .columns(["created_at desc", "id desc"])
    .where(sql.ref("completed_at"), "is", null)
    .execute();
  for (const table of ["callback_requests", "contact_messages"]) {
    await db.schema
      .createIndex(`${table}_created_idx`)
      .on(table)
      .columns(["created_at desc", "id desc"])
      .execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const name of [
    ...INDEXES.map((index) => index.name),
    "business_wizard_submissions_email_step_created_idx",
    "callback_requests_created_idx",
    "contact_messages_created_idx",
  ]) {
    await db.schema.dropIndex(name).execute();
  }
}
