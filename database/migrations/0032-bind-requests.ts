import { sql, type Kysely } from "kysely";

// Issue 29 (decision 044): the visitor's request to bind one of the agency's quotes, and the
// policy once the agency binds it. One request to bind per quote request (a replay finds it
// there). It keeps, as evidence, the quote as the visitor saw it (`quote_seen`: insurer, premium,
// term, lines), how they will pay and from when, the exact statements they confirmed
// (`statements`, their words), the name they typed to sign, when, and the address and browser
// they signed from. Bound: the policy number and its dates, the operator and when. The timeline
// takes "bind"; a policy's PDFs are the request's documents (`purpose` "policy"); a link emailed
// when the policy is bound opens it (`resume_tokens.opens` "policy").
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("bind_requests")
    .addColumn("id", "uuid", (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn("submission_id", "uuid", (col) =>
      col.notNull().references("business_wizard_submissions.id").onDelete("cascade"),
    )
    .addColumn("quote_request_id", "uuid", (col) =>
      col.notNull().unique().references("quote_requests.id").onDelete("cascade"),
    )
    .addColumn("insurer_quote_id", "uuid", (col) =>
      col.notNull().references("insurer_quotes.id").onDelete("cascade"),
    )
    .addColumn("reference", "text", (col) => col.notNull().unique())
    .addColumn("quote_seen", "jsonb", (col) => col.notNull())
    .addColumn("payment", "text", (col) =>
      col.notNull().check(sql`payment IN ('in-full', 'monthly')`),
    )
    .addColumn("start_date", "date", (col) => col.notNull())
    .addColumn("statements", "jsonb", (col) => col.notNull())
    .addColumn("signature_name", "text", (col) =>
      col.notNull().check(sql`char_length(signature_name) BETWEEN 1 AND 200`),
    )
    .addColumn("signed_at", "timestamptz", (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn("client_address", "text", (col) =>
      col.notNull().check(sql`char_length(client_address) <= 100`),
    )
    .addColumn("user_agent", "text", (col) => col.check(sql`char_length(user_agent) <= 500`))
    .addColumn("status", "text", (col) =>
      col
        .notNull()
        .defaultTo("requested")
        .check(sql`status IN ('requested', 'bound')`),
    )
    .addColumn("policy_number", "text", (col) =>
      col.check(sql`char_length(policy_number) BETWEEN 1 AND 60`),
    )
    .addColumn("policy_start", "date")
    .addColumn("policy_end", "date")
    .addColumn("bound_at", "timestamptz")
    .addColumn("bound_by", "uuid", (col) => col.references("operators.id"))
    .addCheckConstraint(
      "bind_requests_bound_check",
      sql`(status = 'bound') = (policy_number IS NOT NULL AND policy_start IS NOT NULL
        AND policy_end IS NOT NULL AND bound_at IS NOT NULL AND bound_by IS NOT NULL)
        AND (policy_end IS NULL OR policy_end > policy_start)`,
    )
    .execute();
  // The desk's "Needs action": requests to bind waiting, oldest first.
  await db.schema
    .createIndex("bind_requests_waiting_idx")
    .on("bind_requests")
    .column("signed_at")
    .where(sql<boolean>`status = 'requested'`)
    .execute();

  // A link emailed when the policy is bound opens it.
  await sql`ALTER TABLE resume_tokens DROP CONSTRAINT resume_tokens_opens_check`.execute(db);
  await sql`ALTER TABLE resume_tokens ADD CONSTRAINT resume_tokens_opens_check
    CHECK (opens IN ('application', 'quotes', 'policy'))`.execute(db);

  // A policy's documents are the request's documents too.
  await sql`ALTER TABLE request_documents DROP CONSTRAINT request_documents_purpose_check`.execute(
    db,
  );
  await sql`ALTER TABLE request_documents ADD CONSTRAINT request_documents_purpose_check
    CHECK (purpose IN ('visitor', 'insurer-quote', 'policy'))`.execute(db);

  await sql`ALTER TABLE lead_activities DROP CONSTRAINT lead_activities_kind_check`.execute(db);
  await sql`ALTER TABLE lead_activities ADD CONSTRAINT lead_activities_kind_check CHECK (kind IN
    ('note', 'call', 'voicemail', 'email', 'status', 'owner', 'next-action', 'quote',
     'document', 'question', 'bind'))`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DELETE FROM lead_activities WHERE kind = 'bind'`.execute(db);
  await sql`ALTER TABLE lead_activities DROP CONSTRAINT lead_activities_kind_check`.execute(db);
  await sql`ALTER TABLE lead_activities ADD CONSTRAINT lead_activities_kind_check CHECK (kind IN
    ('note', 'call', 'voicemail', 'email', 'status', 'owner', 'next-action', 'quote',
     'document', 'question'))`.execute(db);
  await sql`DELETE FROM request_documents WHERE purpose = 'policy'`.execute(db);
  await sql`ALTER TABLE request_documents DROP CONSTRAINT request_documents_purpose_check`.execute(
    db,
  );
  await sql`ALTER TABLE request_documents ADD CONSTRAINT request_documents_purpose_check
    CHECK (purpose IN ('visitor', 'insurer-quote'))`.execute(db);
  await sql`DELETE FROM resume_tokens WHERE opens = 'policy'`.execute(db);
  await sql`ALTER TABLE resume_tokens DROP CONSTRAINT resume_tokens_opens_check`.execute(db);
  await sql`ALTER TABLE resume_tokens ADD CONSTRAINT resume_tokens_opens_check
    CHECK (opens IN ('application', 'quotes'))`.execute(db);
  await db.schema.dropTable("bind_requests").execute();
}
