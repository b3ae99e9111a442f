import { sql, type Kysely } from "kysely";

// Issue 30 (decision 045): certificates of insurance. The visitor of a bound policy asks for a
// certificate naming a holder (name, postal address, optionally an email), with the endorsements
// the holder's contract asks for (additional insured, waiver of subrogation, primary and
// non-contributory), for a job, by a day. One row per request, kept as the visitor sent it. The
// desk issues it by uploading the certificate (a PDF among the request's documents, `purpose`
// "certificate"): the row then holds the document, who issued it and when, and, if the holder gave
// an email, the hash of the secret link that email carries (`holder_token_hash`, valid until
// `holder_link_expires_at`). The desk's queue reads open requests by the day they are needed. The
// timeline takes "certificate".
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE request_documents DROP CONSTRAINT request_documents_purpose_check`.execute(
    db,
  );
  await sql`ALTER TABLE request_documents ADD CONSTRAINT request_documents_purpose_check
    CHECK (purpose IN ('visitor', 'insurer-quote', 'policy', 'certificate'))`.execute(db);

  await db.schema
    .createTable("certificate_requests")
    .addColumn("id", "uuid", (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn("submission_id", "uuid", (col) =>
      col.notNull().references("business_wizard_submissions.id").onDelete("cascade"),
    )
    .addColumn("bind_request_id", "uuid", (col) =>
      col.notNull().references("bind_requests.id").onDelete("cascade"),
    )
    .addColumn("reference", "text", (col) => col.notNull().unique())
    .addColumn("holder_name", "text", (col) =>
      col.notNull().check(sql`char_length(holder_name) BETWEEN 1 AND 200`),
    )
    .addColumn("holder_address", "text", (col) =>
      col.notNull().check(sql`char_length(holder_address) BETWEEN 1 AND 300`),
    )
    .addColumn("holder_email", "text", (col) =>
      col.check(sql`char_length(holder_email) BETWEEN 3 AND 254`),
    )
    .addColumn("additional_insured", "boolean", (col) => col.notNull())
    .addColumn("waiver_of_subrogation", "boolean", (col) => col.notNull())
    .addColumn("primary_non_contributory", "boolean", (col) => col.notNull())
    .addColumn("job", "text", (col) => col.notNull().check(sql`char_length(job) BETWEEN 1 AND 500`))
    .addColumn("needed_by", "date", (col) => col.notNull())
    .addColumn("requested_at", "timestamptz", (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn("status", "text", (col) =>
      col
        .notNull()
        .defaultTo("requested")
        .check(sql`status IN ('requested', 'issued')`),
    )
    .addColumn("document_id", "uuid", (col) => col.references("request_documents.id"))
    .addColumn("issued_at", "timestamptz")
    .addColumn("issued_by", "uuid", (col) => col.references("operators.id"))
    .addColumn("holder_token_hash", "text", (col) => col.unique())
    .addColumn("holder_link_expires_at", "timestamptz")
    .addCheckConstraint(
      "certificate_requests_issued_check",
      sql`(status = 'issued') = (document_id IS NOT NULL AND issued_at IS NOT NULL
        AND issued_by IS NOT NULL)
        AND (holder_token_hash IS NULL) = (holder_link_expires_at IS NULL)
        AND (holder_token_hash IS NULL OR (status = 'issued' AND holder_email IS NOT NULL))`,
    )
    .execute();
  // The visitor's list and the holders offered again: the application's requests, newest first.
  await db.schema
    .createIndex("certificate_requests_submission_idx")
    .on("certificate_requests")
    .columns(["submission_id", "requested_at"])
    .execute();
  // The desk's queue: open requests by the day they are needed.
  await db.schema
    .createIndex("certificate_requests_waiting_idx")
    .on("certificate_requests")
    .columns(["needed_by", "requested_at"])
    .where(sql<boolean>`status = 'requested'`)
    .execute();

  await sql`ALTER TABLE lead_activities DROP CONSTRAINT lead_activities_kind_check`.execute(db);
  await sql`ALTER TABLE lead_activities ADD CONSTRAINT lead_activities_kind_check CHECK (kind IN
    ('note', 'call', 'voicemail', 'email', 'status', 'owner', 'next-action', 'quote',
     'document', 'question', 'bind', 'certificate'))`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DELETE FROM lead_activities WHERE kind = 'certificate'`.execute(db);
  await sql`ALTER TABLE lead_activities DROP CONSTRAINT lead_activities_kind_check`.execute(db);
  await sql`ALTER TABLE lead_activities ADD CONSTRAINT lead_activities_kind_check CHECK (kind IN
    ('note', 'call', 'voicemail', 'email', 'status', 'owner', 'next-action', 'quote',
     'document', 'question', 'bind'))`.execute(db);
  await db.schema.dropTable("certificate_requests").execute();
  await sql`DELETE FROM request_documents WHERE purpose = 'certificate'`.execute(db);
  await sql`ALTER TABLE request_documents DROP CONSTRAINT request_documents_purpose_check`.execute(
    db,
  );
  await sql`ALTER TABLE request_documents ADD CONSTRAINT request_documents_purpose_check
    CHECK (purpose IN ('visitor', 'insurer-quote', 'policy'))`.execute(db);
}
