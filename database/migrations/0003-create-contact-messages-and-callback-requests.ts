import { sql, type Kysely } from "kysely";

// Migrations see the database as it was when they were written, so they take no app types. The
// column sizes are the forms' limits (app/domain/site/contact-forms.ts) as of this migration.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("contact_messages")
    .addColumn("id", "uuid", (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn("name", "varchar(100)", (col) => col.notNull())
    .addColumn("email", "varchar(254)", (col) => col.notNull())
    .addColumn("message", "varchar(2000)", (col) => col.notNull())
    .addColumn("created_at", "timestamptz", (col) => col.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable("callback_requests")
    .addColumn("id", "uuid", (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn("name", "varchar(100)", (col) => col.notNull())
    .addColumn("phone", "varchar(30)", (col) => col.notNull())
    .addColumn("best_time", "varchar(20)", (col) => col.notNull())
    // The product page the request came from, if any.
    .addColumn("product", "varchar(64)")
    .addColumn("created_at", "timestamptz", (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("callback_requests").execute();
  await db.schema.dropTable("contact_messages").execute();
}
