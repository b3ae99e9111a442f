import { sql, type Kysely } from "kysely";

// Issue 55 (decision 063): operators have roles. The owner manages the operators and the
// templates; agents work leads. Every operator made before is an agent, but for the earliest
// enabled one, who becomes the owner (the install's first operator, or the longest serving who may
// still sign in). An invitation carries the role its holder will have. An operator event may say
// what changed (a producer licence's state and number), in `detail`.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("operators")
    .addColumn("role", "text", (col) =>
      col
        .notNull()
        .defaultTo("agent")
        .check(sql`role IN ('owner', 'agent')`),
    )
    .execute();
  await sql`
    UPDATE operators SET role = 'owner'
    WHERE id = (SELECT id FROM operators WHERE disabled_at IS NULL ORDER BY created_at, id LIMIT 1)
  `.execute(db);
  await db.schema
    .alterTable("operator_invitations")
    .addColumn("role", "text", (col) =>
      col
        .notNull()
        .defaultTo("agent")
        .check(sql`role IN ('owner', 'agent')`),
    )
    .execute();
  await db.schema
    .alterTable("operator_events")
    .addColumn("detail", "text", (col) => col.check(sql`length(detail) <= 500`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("operator_events").dropColumn("detail").execute();
  await db.schema.alterTable("operator_invitations").dropColumn("role").execute();
  await db.schema.alterTable("operators").dropColumn("role").execute();
}
