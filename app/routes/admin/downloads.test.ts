import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import { createStaticHandler, RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

import { operatorContext } from "#app/server/admin/admin-auth.server.ts";
import type { Database } from "#app/server/db/database.server.ts";
import { parseEnv } from "#app/server/env.server.ts";
import { logger } from "#app/server/logger.server.ts";
import { servicesContext } from "#app/server/services.server.ts";
import { createServices } from "#app/server/create-services.server.ts";
import { saveEmailStep } from "#app/server/wizard/submission-saves.server.ts";
import { testDatabaseKinds } from "#tests/support/databases.ts";

import { loader as leadJson } from "#app/routes/admin/submission-json.ts";
import { loader as submissionsCsv } from "#app/routes/admin/submissions-csv.ts";

/** The lead desk's downloads at their addresses (app/routes.ts), past the sign-in gate. */
const handler = createStaticHandler([
  { id: "submissions-csv", path: "/admin/submissions.csv", loader: submissionsCsv },
  {
    id: "submission-json",
    path: "/admin/submissions/:id/lead.json",
    // The route's own loader, its `:id` typed as framework mode types it (the path always has one).
    loader: ({ params, ...args }) => leadJson({ ...args, params: { id: params.id ?? "" } }),
  },
]);

describe.each(testDatabaseKinds)("the lead desk's downloads on $name", (kind) => {
  let database: Database;
  beforeAll(async () => {
    database = await kind.open();
  });
  afterAll(async () => {
    await database.close();
  });

  /** What the server answers an operator who downloads `pathname`. */
  async function download(pathname: string): Promise<Response> {
    const context = new RouterContextProvider();
    const env = parseEnv({ DATA_DIR: mkdtempSync(path.join(tmpdir(), "coverpilot-downloads-")) });
    context.set(servicesContext, createServices(env, database));
    // As the admin layout's middleware leaves it for a signed-in operator.
    context.set(operatorContext, { id: "1", email: "desk@agency.example", role: "agent" });
    const logged = vi.spyOn(logger, "info").mockImplementation(() => undefined);
    try {
      const answer = await handler.queryRoute(
        new Request(`https://coverpilot.example${pathname}`),
        { requestContext: context },
      );
      if (!(answer instanceof Response)) throw new Error(`${pathname} answered no file`);
      return answer;
    } finally {
      logged.mockRestore();
    }
  }

  it("are every one a file that is neither cached nor indexed", async () => {
    const id = await saveEmailStep(database.db, {
      industry: "food",
      state: "Ohio",
      segments: ["Bakery"],
      email: "baker@example.com",
    });
    const downloads = {
      csv: await download("/admin/submissions.csv"),
      json: await download(`/admin/submissions/${id}/lead.json`),
    };
    expect(downloads.csv.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(await downloads.csv.text()).toContain("baker@example.com");
    expect(downloads.json.headers.get("Content-Type")).toBe("application/json; charset=utf-8");
    expect(downloads.json.headers.get("Content-Disposition")).toBe(
      `attachment; filename="lead-${id}.json"`,
    );
    expect(await downloads.json.json()).toMatchObject({
      id,
      contact: { email: "baker@example.com" },
    });
    for (const [name, response] of Object.entries(downloads)) {
      expect(response.status, name).toBe(200);
      expect(response.headers.get("X-Robots-Tag"), name).toBe("noindex");
      expect(response.headers.get("Content-Disposition"), name).toMatch(/^attachment; filename=/);
    }
  });
});
