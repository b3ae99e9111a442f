import { sql, type Kysely } from "kysely";

// Issue 17. The NAICS code a submission is filed under, with its official title (null: none known,
// such as "other" text that matched no code the visitor picked). And the webhook deliveries: one
// row per event and receiving URL, holding the exact body that is signed, so that every retry sends
// the same bytes under the same delivery id (the receiver deduplicates by it). Rows wait here across
// restarts until delivered or given up, like the outbox's emails.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("business_wizard_submissions")
    .addColumn("naics_code", "text", (col) => col.check(sql`naics_code ~ '^[0-9]{6}$'`))
    .addColumn("naics_title", "text")
    .execute();

  await db.schema
    .createTable("webhook_deliveries")
    .addColumn("id", "uuid", (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn("event", "text", (col) => col.notNull())
    .addColumn("url", "text", (col) => col.notNull())
    .addColumn("submission_id", "uuid", (col) =>
      col.references("business_wizard_submissions.id").onDelete("cascade"),
    )
    .addColumn("body", "text", (col) => col.notNull())
    .addColumn("attempts", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("next_attempt_at", "timestamptz", (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn("locked_until", "timestamptz")
    .addColumn("last_status", "integer")
    .addColumn("last_error", "text")
    .addColumn("delivered_at", "timestamptz")
    .addColumn("failed_at", "timestamptz")
    .addColumn("created_at", "timestamptz", (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex("webhook_deliveries_due_idx")
    .on("webhook_deliveries")
    .column("next_attempt_at")
    .where(sql.ref("delivered_at"), "is", null)
    .execute();
  await db.schema
    .createIndex("webhook_deliveries_created_idx")
    .on("webhook_deliveries")
    .column("created_at")
    .execute();
}
