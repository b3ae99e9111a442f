import { sql, type Kysely } from "kysely";

// Issue 55: what the customer tells the agency on their own, each waiting in the desk's "Needs
// action" until an operator marks it dealt with (`handled_at`, `handled_by`): a question they ask
// from their quotes or policy page (`kind` "question", `body` their words, in `language`), and
// their declining every quote (`kind` "declined", `body` the reason's id). Kept as written.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("customer_messages")
    .addColumn("id", "uuid", (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn("submission_id", "uuid", (col) =>
      col.notNull().references("business_wizard_submissions.id").onDelete("cascade"),
    )
    .addColumn("quote_request_id", "uuid", (col) =>
      col.notNull().references("quote_requests.id").onDelete("cascade"),
    )
    .addColumn("kind", "text", (col) => col.notNull().check(sql`kind IN ('question', 'declined')`))
    .addColumn("body", "text", (col) =>
      col.notNull().check(sql`char_length(body) BETWEEN 1 AND 2000`),
    )
    .addColumn("language", "text", (col) => col.notNull().check(sql`language IN ('en', 'es')`))
    .addColumn("created_at", "timestamptz", (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn("handled_at", "timestamptz")
    .addColumn("handled_by", "uuid", (col) => col.references("operators.id"))
    .addCheckConstraint(
      "customer_messages_handled_check",
      sql`(handled_at IS NULL) = (handled_by IS NULL)`,
    )
    .execute();
  await db.schema
    .createIndex("customer_messages_request_idx")
    .on("customer_messages")
    .columns(["quote_request_id", "created_at"])
    .execute();
  await db.schema
    .createIndex("customer_messages_waiting_idx")
    .on("customer_messages")
    .column("created_at")
    .where(sql.ref("handled_at"), "is", null)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("customer_messages").execute();
}
