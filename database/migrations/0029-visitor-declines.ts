import { sql, type Kysely } from "kysely";

// Issue 29: the visitor may decline every quote, with an optional reason; the request becomes Lost
// with it (quote_requests.lost_reason, kept in the request's history like every column). The
// lead's timeline now also records what the visitor did: an entry without an operator is theirs.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("quote_requests")
    .addColumn("lost_reason", "text", (col) =>
      col.check(
        sql`lost_reason IN ('price', 'coverage', 'bought-elsewhere', 'other', 'none-given')`,
      ),
    )
    .execute();
  await sql`ALTER TABLE lead_activities ALTER COLUMN operator_id DROP NOT NULL`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DELETE FROM lead_activities WHERE operator_id IS NULL`.execute(db);
  await sql`ALTER TABLE lead_activities ALTER COLUMN operator_id SET NOT NULL`.execute(db);
  await db.schema.alterTable("quote_requests").dropColumn("lost_reason").execute();
}
