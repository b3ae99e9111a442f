import { sql, type Kysely } from "kysely";

// The Quote step (decision 017): the optional answers that sharpen the coverage plan are part of the
// application, so they are columns of the submission (null: not answered), kept by its revisions
// like every other field. A quote request belongs to a submission; one open request (new,
// contacted, quoted) per submission, so asking again updates it; a closed one (bound, lost) stays
// as it was. Its reference is read over the phone, so it is short, and unique.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("business_wizard_submissions")
    .addColumn("full_time_employees", "integer", (col) =>
      col.check(sql`full_time_employees BETWEEN 0 AND 100000`),
    )
    .addColumn("part_time_employees", "integer", (col) =>
      col.check(sql`part_time_employees BETWEEN 0 AND 100000`),
    )
    .addColumn("annual_revenue", "bigint", (col) => col.check(sql`annual_revenue >= 0`))
    .addColumn("revenue_band", "text")
    .addColumn("claims_last_3_years", "boolean")
    .addColumn("currently_insured", "boolean")
    .execute();

  await db.schema
    .createTable("quote_requests")
    .addColumn("id", "uuid", (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn("submission_id", "uuid", (col) =>
      col.notNull().references("business_wizard_submissions.id").onDelete("cascade"),
    )
    .addColumn("reference", "text", (col) => col.notNull())
    .addColumn("lines", sql`text[]`, (col) => col.notNull())
    .addColumn("start_date", "date", (col) => col.notNull())
    .addColumn("contact_channel", "text", (col) => col.notNull())
    .addColumn("note", "text")
    .addColumn("consent_text", "text", (col) => col.notNull())
    .addColumn("consent_given_at", "timestamptz", (col) => col.notNull())
    .addColumn("status", "text", (col) =>
      col
        .notNull()
        .defaultTo("new")
        .check(sql`status IN ('new', 'contacted', 'quoted', 'bound', 'lost')`),
    )
    .addColumn("status_changed_at", "timestamptz")
    .addColumn("created_at", "timestamptz", (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn("updated_at", "timestamptz", (col) => col.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint("quote_requests_reference_key", ["reference"])
    .execute();
  await db.schema
    .createIndex("quote_requests_open_key")
    .on("quote_requests")
    .unique()
    .column("submission_id")
    .where(sql.ref("status"), "in", ["new", "contacted", "quoted"])
    .execute();
  await db.schema
    .createIndex("quote_requests_submission_idx")
    .on("quote_requests")
    .columns(["submission_id", "created_at"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("quote_requests").execute();
  await db.schema
    .alterTable("business_wizard_submissions")
    .dropColumn("full_time_employees")
    .dropColumn("part_time_employees")
    .dropColumn("annual_revenue")
    .dropColumn("revenue_band")
    .dropColumn("claims_last_3_years")
    .dropColumn("currently_insured")
    .execute();
}
