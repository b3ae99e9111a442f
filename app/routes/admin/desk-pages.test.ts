import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { renderDeskPage } from "#tests/support/desk-page.tsx";
import { testDatabaseKinds } from "#tests/support/databases.ts";

import type { Database } from "#app/server/db/database.server.ts";
import { operatorContext } from "#app/server/admin/admin-auth.server.ts";
import { createServices } from "#app/server/create-services.server.ts";
import { parseEnv } from "#app/server/env.server.ts";
import { servicesContext } from "#app/server/services.server.ts";
import {
  noteStateWaitlist,
  StateWaitlistWorker,
} from "#app/server/wizard/state-waitlist.server.ts";
import { saveEmailStep } from "#app/server/wizard/submission-saves.server.ts";

import * as submissions from "#app/routes/admin/submissions.tsx";
import * as waitlist from "#app/routes/admin/waitlist.tsx";
import { loader as waitlistCsv } from "#app/routes/admin/waitlist-csv.ts";

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

  it("the states' waitlist: its page and CSV, and each address told once when its state is licensed", async () => {
    // An agency licensed in California and Texas, as AGENCY_LICENSES says.
    const agency = {
      SITE_URL: "https://coverpilot.example",
      SESSION_SECRET: "e".repeat(32),
      AGENCY_NAME: "Harbor Insurance Agency LLC",
      AGENCY_HOME_STATE: "CA",
      AGENCY_NPN: "12345678",
      AGENCY_LICENSES: "CA:0K12345,TX:2345678",
      AGENCY_ADDRESS: "1 Harbor Way, San Diego, CA 92101",
      AGENCY_PHONE: "(619) 555-0100",
      AGENCY_EMAIL: "service@harbor-insurance.example",
    };
    await noteStateWaitlist(database.db, {
      email: "tex@example.com",
      state: "Texas",
      language: "es",
    });
    await noteStateWaitlist(database.db, {
      email: "ohio@example.com",
      state: "Ohio",
      language: "en",
    });
    const before = await renderDeskPage(waitlist, "/admin/waitlist", database, {
      settings: agency,
    });
    expect(before).toContain("tex@example.com");
    expect(before).toContain("Licensed: those waiting are emailed at the next check");
    expect(before).toContain("Not licensed: they wait");
    expect(before.match(/Not yet/g)).toHaveLength(2);

    // The server starts: Texas, now licensed, is told once; Ohio waits. A second start tells no one.
    const env = parseEnv({
      DATA_DIR: mkdtempSync(path.join(tmpdir(), "coverpilot-waitlist-")),
      ...agency,
    });
    for (let start = 0; start < 2; start++) {
      const worker = new StateWaitlistWorker(database.db, env);
      worker.start();
      await worker.stop();
    }
    const sent = await database.db.selectFrom("outbox").select(["recipients", "subject"]).execute();
    expect(sent).toEqual([
      {
        recipients: ["tex@example.com"],
        subject: "Harbor Insurance Agency LLC ya puede ayudar a negocios en Texas",
      },
    ]);
    const after = await renderDeskPage(waitlist, "/admin/waitlist", database, { settings: agency });
    expect(after.match(/Not yet/g)).toHaveLength(1);

    // The CSV: every address, by state.
    const context = new RouterContextProvider();
    context.set(servicesContext, createServices(env, database));
    context.set(operatorContext, { id: "1", email: "desk@agency.example", role: "agent" });
    // The loader reads its context only; the framework's other arguments are not built here.
    const csv = await waitlistCsv({
      context,
      request: new Request("https://coverpilot.example/admin/waitlist.csv"),
      params: {},
      url: new URL("https://coverpilot.example/admin/waitlist.csv"),
      unstable_pattern: "",
    } as never);
    const lines = (await csv.text())
      .replace(/^\uFEFF/, "")
      .trimEnd()
      .split("\r\n");
    expect(lines[0]).toBe("state,email,language,noted_at,told_at");
    expect(lines.slice(1).map((line) => line.split(",").slice(0, 3).join(","))).toEqual([
      "Ohio,ohio@example.com,en",
      "Texas,tex@example.com,es",
    ]);
    expect(lines[2]!.split(",")[4]).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(csv.headers.get("Content-Disposition")).toMatch(/^attachment; filename="waitlist-/);
  });
});
