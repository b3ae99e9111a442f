import { sql, type Kysely } from "kysely";

// Issue 28: operators invite operators from the desk, and disable them without deleting their
// history. operators.disabled_at: a disabled operator cannot sign in and has no session, and their
// name stays on everything they did. operator_invitations: a link emailed to a new operator, kept
// by the SHA-256 of its token only, working once until it expires. operator_events: who invited,
// joined, was disabled or enabled, or was given a password, by whom (null: the command line) and
// when; rows are only ever added.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("operators").addColumn("disabled_at", "timestamptz").execute();

  await db.schema
    .createTable("operator_invitations")
    .addColumn("id", "uuid", (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn("token_hash", "text", (col) => col.notNull().unique())
    .addColumn("email", "text", (col) => col.notNull().check(sql`char_length(email) <= 254`))
    .addColumn("invited_by", "uuid", (col) => col.notNull().references("operators.id"))
    .addColumn("created_at", "timestamptz", (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn("expires_at", "timestamptz", (col) => col.notNull())
    .execute();
  // One invitation waits per address: a new one replaces it.
  await db.schema
    .createIndex("operator_invitations_email_key")
    .on("operator_invitations")
    .unique()
    .expression(sql`lower(email)`)
    .execute();

  await db.schema
    .createTable("operator_events")
    .addColumn("id", "bigint", (col) => col.primaryKey().generatedAlwaysAsIdentity())
    .addColumn("email", "text", (col) => col.notNull().check(sql`char_length(email) <= 254`))
    .addColumn("kind", "text", (col) =>
      col
        .notNull()
        .check(
          sql`kind IN ('created', 'invited', 'invitation-withdrawn', 'joined', 'disabled', 'enabled', 'password-reset')`,
        ),
    )
    .addColumn("by_operator_id", "uuid", (col) => col.references("operators.id"))
    .addColumn("created_at", "timestamptz", (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("operator_events").execute();
  await db.schema.dropTable("operator_invitations").execute();
  await db.schema.alterTable("operators").dropColumn("disabled_at").execute();
}
