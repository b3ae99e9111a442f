import { sql, type Kysely } from "kysely";

// Issue 56 (decision 069): certificates drawn from the policy, holders kept, reissue at renewal.
// The visitor's request says more of what the certificate needs: the operations it should describe
// (`operations_wanted`), the limits the contract requires (`limits_required`), and for an
// additional insured, ongoing or completed operations or both (`additional_insured_operations`).
// `contents` keeps the certificate the desk drew (every field it printed, JSON the domain reads):
// a draft while the request waits, what it showed once issued; null for one uploaded. A
// certificate reissued on a renewed policy records the one it replaces (`reissued_from`).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("certificate_requests")
    .addColumn("operations_wanted", "text", (col) =>
      col.check(sql`char_length(operations_wanted) <= 1000`),
    )
    .addColumn("limits_required", "text", (col) =>
      col.check(sql`char_length(limits_required) <= 500`),
    )
    .addColumn("additional_insured_operations", "text", (col) =>
      col.check(sql`additional_insured_operations IN ('ongoing', 'completed', 'both')`),
    )
    .addColumn("contents", "jsonb")
    .addColumn("reissued_from", "uuid", (col) =>
      col.references("certificate_requests.id").onDelete("set null"),
    )
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("certificate_requests")
    .dropColumn("reissued_from")
    .dropColumn("contents")
    .dropColumn("additional_insured_operations")
    .dropColumn("limits_required")
    .dropColumn("operations_wanted")
    .execute();
}
