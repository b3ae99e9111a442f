import { type Kysely } from "kysely";

// How many visitors reached each wizard step (and completed) per day, counted by the server
// (app/server/wizard/funnel.server.ts): counts only, nothing about who.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("wizard_funnel_daily")
    .addColumn("day", "date", (col) => col.notNull())
    .addColumn("step", "text", (col) => col.notNull())
    .addColumn("visitors", "integer", (col) => col.notNull())
    .addPrimaryKeyConstraint("wizard_funnel_daily_pkey", ["day", "step"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("wizard_funnel_daily").execute();
}
