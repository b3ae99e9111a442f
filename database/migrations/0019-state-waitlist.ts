import { sql, type Kysely } from "kysely";

// Decision 031: a visitor whose business is in a state the agency holds no licence in may leave an
// email address to be told when the agency can help there. Only the address (trimmed and
// lowercased, as every email field keeps it) and the state's name, never a lead: no application,
// plan or request is kept for such a state. One row per address and state; a second note of the
// same pair changes nothing.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("state_waitlist")
    .addColumn("id", "bigint", (col) => col.primaryKey().generatedAlwaysAsIdentity())
    .addColumn("email", "text", (col) => col.notNull())
    .addColumn("state", "text", (col) => col.notNull())
    .addColumn("created_at", "timestamptz", (col) => col.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint("state_waitlist_email_state_key", ["email", "state"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("state_waitlist").execute();
}
