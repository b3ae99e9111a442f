import type { Kysely } from "kysely";

// Issue 56 (decision 066): the not-licensed page promises to email an address once when the agency
// can help in its state. When the state is licensed, each address on its list is emailed, and the
// row records when: the statement that sets it also queues the email, so it goes once however
// many servers start.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("state_waitlist").addColumn("told_at", "timestamptz").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("state_waitlist").dropColumn("told_at").execute();
}
