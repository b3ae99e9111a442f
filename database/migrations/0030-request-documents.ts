import { sql, type Kysely } from "kysely";

// Issue 29 (decision 043): documents exchanged on a quote request, kept in the database so that
// backups and every server have them. `purpose` says whose and what: the visitor's (with the
// `kind` they gave), the insurer's quote (a PDF on one insurer quote; a newer one replaces it and
// the older keeps its bytes with `replaced_at`). The bytes are kept in chunks of at most 256 KB
// (`request_document_chunks`), written and read one at a time, so that no server holds a whole
// file in memory. The type is what the first bytes showed; the size and SHA-256 are of the bytes
// kept. `uploaded_by` is the operator; none means the visitor. The timeline takes "document".
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("request_documents")
    .addColumn("id", "uuid", (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn("submission_id", "uuid", (col) =>
      col.notNull().references("business_wizard_submissions.id").onDelete("cascade"),
    )
    .addColumn("quote_request_id", "uuid", (col) =>
      col.notNull().references("quote_requests.id").onDelete("cascade"),
    )
    .addColumn("insurer_quote_id", "uuid", (col) =>
      col.references("insurer_quotes.id").onDelete("cascade"),
    )
    .addColumn("purpose", "text", (col) =>
      col.notNull().check(sql`purpose IN ('visitor', 'insurer-quote')`),
    )
    .addColumn("kind", "text", (col) =>
      col.check(sql`kind IN ('declarations', 'loss-runs', 'contract-requirements', 'other')`),
    )
    .addColumn("file_name", "text", (col) =>
      col.notNull().check(sql`char_length(file_name) BETWEEN 1 AND 120`),
    )
    .addColumn("content_type", "text", (col) =>
      col.notNull().check(sql`content_type IN ('application/pdf', 'image/jpeg', 'image/png')`),
    )
    .addColumn("byte_size", "integer", (col) =>
      col.notNull().check(sql`byte_size BETWEEN 1 AND 10485760`),
    )
    .addColumn("sha256", "text", (col) => col.notNull().check(sql`sha256 ~ '^[0-9a-f]{64}$'`))
    .addColumn("uploaded_by", "uuid", (col) => col.references("operators.id"))
    .addColumn("created_at", "timestamptz", (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn("replaced_at", "timestamptz")
    .addCheckConstraint(
      "request_documents_purpose_check_fields",
      sql`(purpose = 'insurer-quote') = (insurer_quote_id IS NOT NULL AND uploaded_by IS NOT NULL)`,
    )
    .execute();
  await db.schema
    .createIndex("request_documents_submission_idx")
    .on("request_documents")
    .columns(["submission_id", "created_at"])
    .execute();
  await db.schema
    .createIndex("request_documents_quote_idx")
    .on("request_documents")
    .column("insurer_quote_id")
    .where(sql.ref("insurer_quote_id"), "is not", null)
    .execute();
  await db.schema
    .createTable("request_document_chunks")
    .addColumn("document_id", "uuid", (col) =>
      col.notNull().references("request_documents.id").onDelete("cascade"),
    )
    .addColumn("seq", "integer", (col) => col.notNull().check(sql`seq >= 0`))
    .addColumn("bytes", "bytea", (col) =>
      col.notNull().check(sql`octet_length(bytes) BETWEEN 1 AND 262144`),
    )
    .addPrimaryKeyConstraint("request_document_chunks_pkey", ["document_id", "seq"])
    .execute();

  await sql`ALTER TABLE lead_activities DROP CONSTRAINT lead_activities_kind_check`.execute(db);
  await sql`ALTER TABLE lead_activities ADD CONSTRAINT lead_activities_kind_check CHECK (kind IN
    ('note', 'call', 'voicemail', 'email', 'status', 'owner', 'next-action', 'quote',
     'document'))`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DELETE FROM lead_activities WHERE kind = 'document'`.execute(db);
  await sql`ALTER TABLE lead_activities DROP CONSTRAINT lead_activities_kind_check`.execute(db);
  await sql`ALTER TABLE lead_activities ADD CONSTRAINT lead_activities_kind_check CHECK (kind IN
    ('note', 'call', 'voicemail', 'email', 'status', 'owner', 'next-action', 'quote'))`.execute(db);
  await db.schema.dropTable("request_document_chunks").execute();
  await db.schema.dropTable("request_documents").execute();
}
