import { type Kysely } from "kysely";

// Issue 54: one more of the plan page's optional answers (decision 017), kept like the others as a
// column of the submission (null: not answered) and so in its revisions: whether the business
// sponsors a retirement plan for its staff, such as a 401(k). ERISA section 412 then requires a
// fidelity bond on the people who handle the plan's money, which the plan shows as required.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("business_wizard_submissions")
    .addColumn("retirement_plan", "boolean")
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("business_wizard_submissions").dropColumn("retirement_plan").execute();
}
