import { sql, type Kysely } from "kysely";

// Issue 28: the desk's search box finds a lead by a piece of its email, business or legal name, or
// contact's name, within 50 ms at 100,000 leads. A LIKE '%…%' cannot use a B-tree; PostgreSQL's
// pg_trgm (a trusted extension in PostgreSQL 13 and later, which a role with CREATE on the
// database may add; PGlite loads it: database.server.ts) indexes each value's three-letter pieces
// so that one matches any text of three characters or more. The expressions are exactly those
// the search writes (leads.server.ts, `containing`), or the planner would not use them.
const SEARCHED = {
  business_wizard_submissions_email_trgm_idx: sql`email`,
  business_wizard_submissions_business_name_trgm_idx: sql`business_name`,
  business_wizard_submissions_legal_business_name_trgm_idx: sql`legal_business_name`,
  business_wizard_submissions_contact_name_trgm_idx: sql`(first_name || ' ' || last_name)`,
};

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE EXTENSION IF NOT EXISTS pg_trgm`.execute(db);
  for (const [name, expression] of Object.entries(SEARCHED)) {
    await sql`CREATE INDEX ${sql.id(name)} ON business_wizard_submissions
      USING gin (${expression} gin_trgm_ops)`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const name of Object.keys(SEARCHED)) {
    await sql`DROP INDEX ${sql.id(name)}`.execute(db);
  }
  // The extension stays: another schema's objects may use it.
}
