import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { renderDeskPage } from "#tests/support/desk-page.tsx";
import { testDatabaseKinds } from "#tests/support/databases.ts";

import type { Database } from "#app/server/db/database.server.ts";
import { saveEmailStep } from "#app/server/wizard/submission-saves.server.ts";

import * as submissions from "#app/routes/admin/submissions.tsx";

/** The desk's pages as an operator reads them (issue 56), on a real database. */
describe.each(testDatabaseKinds)("the lead desk's pages on $name", (kind) => {
  let database: Database;
  beforeAll(async () => {
    database = await kind.open();
  });
  afterAll(async () => {
    await database.close();
  });

  it("the submissions list links each lead by its business name as well as its email", async () => {
    const id = await saveEmailStep(database.db, {
      industry: "food",
      state: "Ohio",
      segments: ["Bakery"],
      email: "baker@example.com",
    });
    await database.db
      .updateTable("business_wizard_submissions")
      .set({ business_name: "Lena's Loaves" })
      .where("id", "=", id)
      .execute();
    const html = await renderDeskPage(submissions, "/admin/submissions", database);
    const links = [...html.matchAll(/<a href="([^"]+)"[^>]*>([^<]+)<\/a>/g)].map((match) => [
      match[1],
      match[2],
    ]);
    expect(links).toContainEqual([`/admin/submissions/${id}`, "Lena&#x27;s Loaves"]);
    expect(links).toContainEqual([`/admin/submissions/${id}`, "baker@example.com"]);
  });
});
