import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import { createStaticHandler, RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { operatorMessages } from "#app/domain/leads/desk-operators.ts";
import { operatorContext } from "#app/server/admin/admin-auth.server.ts";
import { createOperator, type Operator } from "#app/server/admin/operators.server.ts";
import type { Database } from "#app/server/db/database.server.ts";
import { parseEnv } from "#app/server/env.server.ts";
import { servicesContext } from "#app/server/services.server.ts";
import { createServices } from "#app/server/create-services.server.ts";
import { testDatabaseKinds } from "#tests/support/databases.ts";

import { action as operatorsAction } from "#app/routes/admin/operators.tsx";
import { action as templatesAction } from "#app/routes/admin/templates.tsx";

/** The operators' and templates' pages at their addresses (app/routes.ts), past the sign-in gate. */
const handler = createStaticHandler([
  { id: "operators", path: "/admin/operators", action: operatorsAction },
  { id: "templates", path: "/admin/templates", action: templatesAction },
]);

const PASSWORD = "correct horse battery staple";

describe.each(testDatabaseKinds)("the owner and the agents, on $name", (kind) => {
  let database: Database;
  let owner: Operator;
  let agent: Operator;
  let other: Operator;
  beforeAll(async () => {
    database = await kind.open();
    // The install's first operator is the owner; those after are agents unless named otherwise.
    owner = await createOperator(database.db, "owner@agency.example", PASSWORD);
    agent = await createOperator(database.db, "agent@agency.example", PASSWORD);
    other = await createOperator(database.db, "other@agency.example", PASSWORD);
  });
  afterAll(async () => {
    await database.close();
  });

  /** What the page answers `by` posting `form` to `pathname`: its status and what it says. */
  async function post(by: Operator, pathname: string, form: object) {
    const context = new RouterContextProvider();
    const env = parseEnv({ DATA_DIR: mkdtempSync(path.join(tmpdir(), "coverpilot-roles-")) });
    context.set(servicesContext, createServices(env, database));
    // As the admin layout's middleware leaves it for a signed-in operator.
    context.set(operatorContext, by);
    // A refusal (4xx) comes back thrown, as queryRoute answers an error status.
    const answer: unknown = await handler
      .queryRoute(
        new Request(`https://coverpilot.example${pathname}`, {
          method: "POST",
          body: new URLSearchParams(Object.entries(form)),
        }),
        { requestContext: context },
      )
      .catch((thrown: unknown) => thrown);
    if (!(answer instanceof Response)) throw new Error(`${pathname} answered no response`);
    const json = answer.headers.get("Content-Type")?.includes("json");
    return { status: answer.status, data: json ? ((await answer.json()) as unknown) : undefined };
  }

  async function disabled(email: string): Promise<boolean> {
    const row = await database.db
      .selectFrom("operators")
      .select("disabled_at")
      .where("email", "=", email)
      .executeTakeFirstOrThrow();
    return row.disabled_at !== null;
  }

  it("makes the first operator the owner and the others agents", () => {
    expect([owner.role, agent.role, other.role]).toEqual(["owner", "agent", "agent"]);
  });

  it("refuses an agent who disables the owner, saying why, and changes nothing", async () => {
    expect(await post(agent, "/admin/operators", { intent: "disable", id: owner.id })).toEqual({
      status: 403,
      data: { invite: [], problem: operatorMessages.ownerOnly },
    });
    expect(await disabled("owner@agency.example")).toBe(false);
    // Nor another agent, nor an invitation.
    expect(
      (await post(agent, "/admin/operators", { intent: "disable", id: other.id })).status,
    ).toBe(403);
    expect(
      (await post(agent, "/admin/operators", { intent: "invite", email: "new@agency.example" }))
        .status,
    ).toBe(403);
    expect(await disabled("other@agency.example")).toBe(false);
    expect(await database.db.selectFrom("operator_invitations").select("id").execute()).toEqual([]);
  });

  it("refuses an agent who changes a template", async () => {
    const answer = await post(agent, "/admin/templates", {
      name: "Agent's own",
      subject: "Hello",
      body: "Hello {first_name}",
    });
    expect(answer).toMatchObject({
      status: 403,
      data: { problem: operatorMessages.templatesOwnerOnly },
    });
    const names = await database.db.selectFrom("desk_email_templates").select("name").execute();
    expect(names.map((row) => row.name)).not.toContain("Agent's own");
  });

  it("lets the owner disable an agent and invite an owner", async () => {
    expect(
      (await post(owner, "/admin/operators", { intent: "disable", id: other.id })).status,
    ).toBe(302);
    expect(await disabled("other@agency.example")).toBe(true);
    expect(
      (
        await post(owner, "/admin/operators", {
          intent: "invite",
          email: "partner@agency.example",
          role: "owner",
        })
      ).status,
    ).toBe(302);
    const invitation = await database.db
      .selectFrom("operator_invitations")
      .select(["email", "role"])
      .executeTakeFirstOrThrow();
    expect(invitation).toEqual({ email: "partner@agency.example", role: "owner" });
  });
});
