import { sql, type Kysely } from "kysely";

// Requests from /login for a link back to an application, waiting for the outbox worker: the
// page answers once a request is stored, the same for every address, and the look-up happens
// after. Each row is deleted as soon as it is handled.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("resume_requests")
    .addColumn("id", "bigint", (col) => col.primaryKey().generatedAlwaysAsIdentity())
    .addColumn("email", "text", (col) => col.notNull())
    .addColumn("created_at", "timestamptz", (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("resume_requests").execute();
}
