import type { Kysely } from "kysely";

// Issue 27: the primary location in its parts, as an agent needs them to rate a lead: street,
// city and ZIP code (the unit has its column since 0014, the state is step 1's). The one-line
// primary_location stays, written from the parts; a record saved before keeps its line, and these
// stay null for it. zip_confirmed: the visitor confirmed a ZIP code usually in another state.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("business_wizard_submissions")
    .addColumn("street_address", "text")
    .addColumn("city", "text")
    .addColumn("zip_code", "text")
    .addColumn("zip_confirmed", "boolean")
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("business_wizard_submissions")
    .dropColumn("street_address")
    .dropColumn("city")
    .dropColumn("zip_code")
    .dropColumn("zip_confirmed")
    .execute();
}
