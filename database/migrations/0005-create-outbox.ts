import { sql, type Kysely } from "kysely";

// Emails waiting to go, so that sending never slows or fails a visitor's save: a worker delivers
// them with retries and backoff, and on PostgreSQL several servers share the queue safely.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("outbox")
    .addColumn("id", "bigint", (col) => col.primaryKey().generatedAlwaysAsIdentity())
    .addColumn("recipients", sql`text[]`, (col) => col.notNull())
    .addColumn("subject", "text", (col) => col.notNull())
    .addColumn("text_body", "text", (col) => col.notNull())
    .addColumn("html_body", "text")
    .addColumn("attempts", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("next_attempt_at", "timestamptz", (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn("locked_until", "timestamptz")
    .addColumn("last_error", "text")
    .addColumn("sent_at", "timestamptz")
    .addColumn("failed_at", "timestamptz")
    .addColumn("created_at", "timestamptz", (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex("outbox_due_idx")
    .on("outbox")
    .column("next_attempt_at")
    .where(sql.ref("sent_at"), "is", null)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("outbox").execute();
}
