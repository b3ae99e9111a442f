import { sql, type Kysely } from "kysely";

// Issue 26: two more of the plan page's optional answers (decision 017), kept like the others as
// columns of the submission (null: not answered) and so in its revisions:
// - working_owners: how many owners, officers or members work in the business, which several
//   states count toward their workers' compensation threshold;
// - vehicles: whether the business owns or leases vehicles ("owned"), uses only its people's own
//   vehicles for work ("personal"), or uses none ("none"): it decides whether the plan shows
//   commercial auto.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("business_wizard_submissions")
    .addColumn("working_owners", "integer", (col) =>
      col.check(sql`working_owners BETWEEN 0 AND 1000`),
    )
    .addColumn("vehicles", "text", (col) =>
      col.check(sql`vehicles IN ('owned', 'personal', 'none')`),
    )
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("business_wizard_submissions")
    .dropColumn("working_owners")
    .dropColumn("vehicles")
    .execute();
}
