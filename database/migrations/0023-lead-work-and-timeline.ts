import { sql, type Kysely } from "kysely";

// Issue 28: the lead desk records every touch. lead_activities is a lead's timeline: what an
// operator did or noted (a call, a voicemail, a note, an email sent, a status, owner or next-action
// change), by whom and when; rows are only ever added. lead_work holds where the lead stands at the
// desk now: its owner and its next action with a due day (a day at the agency, AGENCY_TIME_ZONE).
// Operators are never deleted (their history names them), so both reference them without cascade.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("lead_activities")
    .addColumn("id", "bigint", (col) => col.primaryKey().generatedAlwaysAsIdentity())
    .addColumn("submission_id", "uuid", (col) =>
      col.notNull().references("business_wizard_submissions.id").onDelete("cascade"),
    )
    .addColumn("operator_id", "uuid", (col) => col.notNull().references("operators.id"))
    .addColumn("kind", "text", (col) =>
      col
        .notNull()
        .check(
          sql`kind IN ('note', 'call', 'voicemail', 'email', 'status', 'owner', 'next-action')`,
        ),
    )
    .addColumn("body", "text", (col) => col.notNull().check(sql`char_length(body) <= 4000`))
    .addColumn("created_at", "timestamptz", (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  // A lead's timeline, newest first; and whether it was reached since a request (the promise).
  await db.schema
    .createIndex("lead_activities_submission_idx")
    .on("lead_activities")
    .columns(["submission_id", "created_at"])
    .execute();

  await db.schema
    .createTable("lead_work")
    .addColumn("submission_id", "uuid", (col) =>
      col.primaryKey().references("business_wizard_submissions.id").onDelete("cascade"),
    )
    .addColumn("owner_id", "uuid", (col) => col.references("operators.id"))
    .addColumn("next_action", "text", (col) => col.check(sql`char_length(next_action) <= 200`))
    .addColumn("next_action_due", "date")
    .addColumn("updated_at", "timestamptz", (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex("lead_work_owner_idx")
    .on("lead_work")
    .columns(["owner_id", "next_action_due"])
    .execute();
  await db.schema
    .createIndex("lead_work_due_idx")
    .on("lead_work")
    .column("next_action_due")
    .where(sql.ref("next_action_due"), "is not", null)
    .execute();
  // The queue: open requests nobody has worked yet, oldest first.
  await db.schema
    .createIndex("quote_requests_new_idx")
    .on("quote_requests")
    .columns(["created_at", "id"])
    .where(sql.ref("status"), "=", "new")
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("quote_requests_new_idx").execute();
  await db.schema.dropTable("lead_work").execute();
  await db.schema.dropTable("lead_activities").execute();
}
