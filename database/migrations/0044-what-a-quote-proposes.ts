import { sql, type Kysely } from "kysely";

// Issue 55 (decision 062): what a quote tells the insured they are buying. Each insurer's quote
// now says its market (admitted or non-admitted, i.e. surplus lines; null on quotes saved before),
// the parts of the price besides the premium (surplus lines tax and stamping fee, only on a
// surplus lines quote; policy and inspection fees; the agency's broker fee), a minimum earned
// premium, the instalments' plan (down payment, number and amount of each; `monthly_fee_cents`
// keeps the fee, now per instalment), the terrorism (TRIA) offer with its premium, the insurer's
// financial-strength rating as the agent typed it with its source and day, and the
// subjectivities (JSON the domain's schema reads, as `lines` is; each line's basis, retroactive
// date and audit join `lines`). Amounts are whole cents, within the quote's bounds.
const MONEY = "BETWEEN 0 AND 10000000000";
const AMOUNTS = [
  "surplus_lines_tax_cents",
  "stamping_fee_cents",
  "policy_fee_cents",
  "inspection_fee_cents",
  "broker_fee_cents",
  "minimum_earned_cents",
  "down_payment_cents",
  "instalment_cents",
  "terrorism_premium_cents",
] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  let table = db.schema
    .alterTable("insurer_quotes")
    .addColumn("market", "text", (col) => col.check(sql`market IN ('admitted', 'non-admitted')`));
  for (const column of AMOUNTS) {
    table = table.addColumn(column, "bigint", (col) =>
      col.check(sql`${sql.ref(column)} ${sql.raw(MONEY)}`),
    );
  }
  await table
    .addColumn("instalment_count", "integer", (col) =>
      col.check(sql`instalment_count BETWEEN 1 AND 36`),
    )
    .addColumn("terrorism_offered", "boolean")
    .addColumn("rating", "text", (col) => col.check(sql`char_length(rating) BETWEEN 1 AND 40`))
    .addColumn("rating_source", "text", (col) =>
      col.check(sql`char_length(rating_source) BETWEEN 1 AND 80`),
    )
    .addColumn("rating_as_of", "date")
    .addColumn("subjectivities", "jsonb", (col) => col.notNull().defaultTo(sql`'[]'::jsonb`))
    .execute();
  await sql`ALTER TABLE insurer_quotes
    ADD CONSTRAINT insurer_quotes_surplus_parts_check CHECK (market = 'non-admitted'
      OR (surplus_lines_tax_cents IS NULL AND stamping_fee_cents IS NULL)),
    ADD CONSTRAINT insurer_quotes_instalments_check CHECK (
      (down_payment_cents IS NULL) = (instalment_count IS NULL)
      AND (instalment_count IS NULL) = (instalment_cents IS NULL)
      AND (instalment_count IS NULL OR monthly_fee_cents IS NOT NULL)),
    ADD CONSTRAINT insurer_quotes_terrorism_offer_check CHECK (
      terrorism_premium_cents IS NULL OR terrorism_offered),
    ADD CONSTRAINT insurer_quotes_rating_whole_check CHECK (
      (rating IS NULL) = (rating_source IS NULL) AND (rating IS NULL) = (rating_as_of IS NULL))`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE insurer_quotes
    DROP CONSTRAINT insurer_quotes_surplus_parts_check,
    DROP CONSTRAINT insurer_quotes_instalments_check,
    DROP CONSTRAINT insurer_quotes_terrorism_offer_check,
    DROP CONSTRAINT insurer_quotes_rating_whole_check`.execute(db);
  let table = db.schema.alterTable("insurer_quotes").dropColumn("market");
  for (const column of AMOUNTS) table = table.dropColumn(column);
  await table
    .dropColumn("instalment_count")
    .dropColumn("terrorism_offered")
    .dropColumn("rating")
    .dropColumn("rating_source")
    .dropColumn("rating_as_of")
    .dropColumn("subjectivities")
    .execute();
}
