import { sql, type Kysely } from "kysely";

// Issue 55 (decision 063): each operator records their producer licences (a state, its number, the
// lines of authority, the last day in force) under the name they are licensed by; the request
// keeps its producer of record (the operator who last published its quotes or bound it) as the
// visitor was shown them: name, state and licence number. Changes to licences are operator events
// whose detail (0046) says what the licence was.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("operators")
    .addColumn("producer_name", "text", (col) => col.check(sql`length(producer_name) <= 200`))
    .execute();
  await db.schema
    .createTable("producer_licenses")
    .addColumn("id", "uuid", (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn("operator_id", "uuid", (col) =>
      col.notNull().references("operators.id").onDelete("cascade"),
    )
    .addColumn("state", "text", (col) => col.notNull().check(sql`state ~ '^[A-Z]{2}$'`))
    .addColumn("number", "text", (col) => col.notNull().check(sql`length(number) BETWEEN 1 AND 20`))
    .addColumn("lines", sql`text[]`, (col) =>
      col.notNull().check(sql`cardinality(lines) BETWEEN 1 AND 10`),
    )
    .addColumn("expires", "date", (col) => col.notNull())
    .addColumn("created_at", "timestamptz", (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn("updated_at", "timestamptz", (col) => col.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint("producer_licenses_operator_state_key", ["operator_id", "state"])
    .execute();
  await sql`ALTER TABLE operator_events DROP CONSTRAINT operator_events_kind_check`.execute(db);
  await sql`ALTER TABLE operator_events ADD CONSTRAINT operator_events_kind_check CHECK (kind IN
    ('created', 'invited', 'invitation-withdrawn', 'joined', 'disabled', 'enabled', 'password-reset',
     'licence-added', 'licence-changed', 'licence-removed', 'producer-name'))`.execute(db);
  await db.schema
    .alterTable("quote_requests")
    .addColumn("producer_operator_id", "uuid", (col) => col.references("operators.id"))
    .addColumn("producer_name", "text")
    .addColumn("producer_license_number", "text")
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DELETE FROM operator_events WHERE kind IN
    ('licence-added', 'licence-changed', 'licence-removed', 'producer-name')`.execute(db);
  await sql`ALTER TABLE operator_events DROP CONSTRAINT operator_events_kind_check`.execute(db);
  await sql`ALTER TABLE operator_events ADD CONSTRAINT operator_events_kind_check CHECK (kind IN
    ('created', 'invited', 'invitation-withdrawn', 'joined', 'disabled', 'enabled', 'password-reset'))`.execute(
    db,
  );
  await db.schema
    .alterTable("quote_requests")
    .dropColumn("producer_license_number")
    .dropColumn("producer_name")
    .dropColumn("producer_operator_id")
    .execute();
  await db.schema.dropTable("producer_licenses").execute();
  await db.schema.alterTable("operators").dropColumn("producer_name").execute();
}
