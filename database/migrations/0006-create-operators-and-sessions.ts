import { sql, type Kysely } from "kysely";

// The agency's operators (the lead desk), their sign-in sessions, and failed sign-ins counted per
// email for the lockout. Sessions and failures are kept by hash only: the table alone signs nobody
// in and names nobody who tried.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("operators")
    .addColumn("id", "uuid", (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn("email", "text", (col) => col.notNull())
    .addColumn("password_hash", "text", (col) => col.notNull())
    .addColumn("created_at", "timestamptz", (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn("updated_at", "timestamptz", (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex("operators_email_key")
    .on("operators")
    .unique()
    .expression(sql`lower(email)`)
    .execute();

  await db.schema
    .createTable("operator_sessions")
    // SHA-256 of the token the cookie carries.
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("operator_id", "uuid", (col) =>
      col.notNull().references("operators.id").onDelete("cascade"),
    )
    .addColumn("expires_at", "timestamptz", (col) => col.notNull())
    .addColumn("created_at", "timestamptz", (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex("operator_sessions_operator_idx")
    .on("operator_sessions")
    .column("operator_id")
    .execute();
  await db.schema
    .createIndex("operator_sessions_expires_at_idx")
    .on("operator_sessions")
    .column("expires_at")
    .execute();

  await db.schema
    .createTable("operator_sign_in_failures")
    // SHA-256 of the lowercased email typed, whether or not an operator has it.
    .addColumn("key", "text", (col) => col.primaryKey())
    .addColumn("failures", "integer", (col) => col.notNull())
    .addColumn("first_failed_at", "timestamptz", (col) => col.notNull())
    .addColumn("locked_until", "timestamptz")
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("operator_sign_in_failures").execute();
  await db.schema.dropTable("operator_sessions").execute();
  await db.schema.dropTable("operators").execute();
}
