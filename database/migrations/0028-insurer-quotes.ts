import { sql, type Kysely } from "kysely";

// Issue 29: the agency's quotes. An operator enters each insurer's quote on a quote request: the
// insurer, whether it is bindable or an estimate, the premium for the term (in cents), the payment
// options (in full; monthly with its fee), the term, the day it is valid until, notes, and for each
// line its limits and deductible (`lines`, JSON the domain's schema reads: a value of the quote,
// never queried). A quote is a draft until the desk publishes the request's quotes; it may be
// edited until chosen, or withdrawn (kept, no longer shown). Published quotes are what the visitor
// compares. A resume link now says what it opens (`opens`): the application, or the quotes. The
// lead's timeline takes the quote's events ("quote").
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("insurer_quotes")
    .addColumn("id", "uuid", (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn("quote_request_id", "uuid", (col) =>
      col.notNull().references("quote_requests.id").onDelete("cascade"),
    )
    .addColumn("insurer", "text", (col) =>
      col.notNull().check(sql`char_length(insurer) BETWEEN 1 AND 120`),
    )
    .addColumn("kind", "text", (col) => col.notNull().check(sql`kind IN ('bindable', 'estimate')`))
    .addColumn("premium_cents", "bigint", (col) =>
      col.notNull().check(sql`premium_cents BETWEEN 1 AND 10000000000`),
    )
    .addColumn("pay_in_full", "boolean", (col) => col.notNull())
    // Null: the insurer offers no monthly payments.
    .addColumn("monthly_fee_cents", "bigint", (col) =>
      col.check(sql`monthly_fee_cents BETWEEN 0 AND 10000000000`),
    )
    .addColumn("term_start", "date", (col) => col.notNull())
    .addColumn("term_end", "date", (col) => col.notNull())
    .addColumn("valid_until", "date", (col) => col.notNull())
    .addColumn("notes", "text", (col) => col.check(sql`char_length(notes) <= 2000`))
    .addColumn("lines", "jsonb", (col) => col.notNull())
    .addColumn("status", "text", (col) =>
      col
        .notNull()
        .defaultTo("draft")
        .check(sql`status IN ('draft', 'published', 'withdrawn')`),
    )
    .addColumn("created_by", "uuid", (col) => col.notNull().references("operators.id"))
    .addColumn("created_at", "timestamptz", (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn("updated_at", "timestamptz", (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn("published_at", "timestamptz")
    .addCheckConstraint("insurer_quotes_term_check", sql`term_end > term_start`)
    .addCheckConstraint(
      "insurer_quotes_payment_check",
      sql`pay_in_full OR monthly_fee_cents IS NOT NULL`,
    )
    .execute();
  await db.schema
    .createIndex("insurer_quotes_request_idx")
    .on("insurer_quotes")
    .columns(["quote_request_id", "created_at"])
    .execute();

  await db.schema
    .alterTable("resume_tokens")
    .addColumn("opens", "text", (col) =>
      col
        .notNull()
        .defaultTo("application")
        .check(sql`opens IN ('application', 'quotes')`),
    )
    .execute();

  await sql`ALTER TABLE lead_activities DROP CONSTRAINT lead_activities_kind_check`.execute(db);
  await sql`ALTER TABLE lead_activities ADD CONSTRAINT lead_activities_kind_check CHECK (kind IN
    ('note', 'call', 'voicemail', 'email', 'status', 'owner', 'next-action', 'quote'))`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DELETE FROM lead_activities WHERE kind = 'quote'`.execute(db);
  await sql`ALTER TABLE lead_activities DROP CONSTRAINT lead_activities_kind_check`.execute(db);
  await sql`ALTER TABLE lead_activities ADD CONSTRAINT lead_activities_kind_check CHECK (kind IN
    ('note', 'call', 'voicemail', 'email', 'status', 'owner', 'next-action'))`.execute(db);
  await db.schema.alterTable("resume_tokens").dropColumn("opens").execute();
  await db.schema.dropTable("insurer_quotes").execute();
}
