import { sql, type Kysely } from "kysely";

// Issue 56 (decision 068): what happens to a bound policy after binding. `policy_changes` holds
// what the desk records on a policy (its request to bind): endorsements, cancellations, the
// insurer's non-renewal or conditional-renewal notices, premium audits and missed payments, each
// with its kind's fields in `details` (checked by the domain's schema), whether "Your policy"
// shows it, who recorded it and when; rows are never changed (a correction is another change).
// `policy_change_requests` holds the changes the customer asks for from "Your policy", numbered on
// the policy's request (`CP-…-R1`), waiting in Needs action until an operator marks them done or
// records the change that answers them. The timeline takes "policy-change".
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("policy_changes")
    .addColumn("id", "uuid", (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn("submission_id", "uuid", (col) =>
      col.notNull().references("business_wizard_submissions.id").onDelete("cascade"),
    )
    .addColumn("bind_request_id", "uuid", (col) =>
      col.notNull().references("bind_requests.id").onDelete("cascade"),
    )
    .addColumn("kind", "text", (col) =>
      col
        .notNull()
        .check(
          sql`kind IN ('endorsement', 'cancellation', 'renewal-notice', 'premium-audit', 'missed-payment')`,
        ),
    )
    .addColumn("details", "jsonb", (col) =>
      col.notNull().check(sql`details->>'kind' = kind AND octet_length(details::text) <= 8000`),
    )
    .addColumn("show_customer", "boolean", (col) => col.notNull())
    .addColumn("recorded_by", "uuid", (col) => col.notNull().references("operators.id"))
    .addColumn("recorded_at", "timestamptz", (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex("policy_changes_submission_idx")
    .on("policy_changes")
    .columns(["submission_id", "recorded_at"])
    .execute();

  await db.schema
    .createTable("policy_change_requests")
    .addColumn("id", "uuid", (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn("submission_id", "uuid", (col) =>
      col.notNull().references("business_wizard_submissions.id").onDelete("cascade"),
    )
    .addColumn("bind_request_id", "uuid", (col) =>
      col.notNull().references("bind_requests.id").onDelete("cascade"),
    )
    .addColumn("reference", "text", (col) => col.notNull().unique())
    .addColumn("kind", "text", (col) =>
      col
        .notNull()
        .check(sql`kind IN ('vehicle', 'location', 'additional-insured', 'employees', 'other')`),
    )
    .addColumn("details", "text", (col) =>
      col.notNull().check(sql`char_length(details) BETWEEN 1 AND 1000`),
    )
    .addColumn("requested_at", "timestamptz", (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn("done_at", "timestamptz")
    .addColumn("done_by", "uuid", (col) => col.references("operators.id"))
    .addColumn("answered_by_change_id", "uuid", (col) => col.references("policy_changes.id"))
    .addCheckConstraint(
      "policy_change_requests_done_check",
      sql`(done_at IS NULL) = (done_by IS NULL)
        AND (answered_by_change_id IS NULL OR done_at IS NOT NULL)`,
    )
    .execute();
  await db.schema
    .createIndex("policy_change_requests_submission_idx")
    .on("policy_change_requests")
    .columns(["submission_id", "requested_at"])
    .execute();
  // Needs action: the requests not yet done, oldest first.
  await db.schema
    .createIndex("policy_change_requests_waiting_idx")
    .on("policy_change_requests")
    .columns(["requested_at", "id"])
    .where(sql<boolean>`done_at IS NULL`)
    .execute();

  await sql`ALTER TABLE lead_activities DROP CONSTRAINT lead_activities_kind_check`.execute(db);
  await sql`ALTER TABLE lead_activities ADD CONSTRAINT lead_activities_kind_check CHECK (kind IN
    ('note', 'call', 'voicemail', 'email', 'status', 'owner', 'next-action', 'quote',
     'document', 'question', 'bind', 'certificate', 'renewal', 'contract', 'not-sent',
     'policy-change'))`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DELETE FROM lead_activities WHERE kind = 'policy-change'`.execute(db);
  await sql`ALTER TABLE lead_activities DROP CONSTRAINT lead_activities_kind_check`.execute(db);
  await sql`ALTER TABLE lead_activities ADD CONSTRAINT lead_activities_kind_check CHECK (kind IN
    ('note', 'call', 'voicemail', 'email', 'status', 'owner', 'next-action', 'quote',
     'document', 'question', 'bind', 'certificate', 'renewal', 'contract', 'not-sent'))`.execute(
    db,
  );
  await db.schema.dropTable("policy_change_requests").execute();
  await db.schema.dropTable("policy_changes").execute();
}
