import { type Kysely } from "kysely";

// Form posts per client address and minute, shared by every server on one PostgreSQL database.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("rate_limit_hits")
    .addColumn("key", "text", (col) => col.notNull())
    .addColumn("window_start", "timestamptz", (col) => col.notNull())
    .addColumn("hits", "integer", (col) => col.notNull())
    .addPrimaryKeyConstraint("rate_limit_hits_pkey", ["key", "window_start"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("rate_limit_hits").execute();
}
