import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

import type { Page } from "@playwright/test";
import type { Kysely } from "kysely";

import { createOperator } from "#app/server/admin/operators.server.ts";
import {
  openDatabase,
  type Database,
  type DatabaseSchema,
} from "#app/server/db/database.server.ts";

import { createFreshPostgres, testPostgresUrl } from "../support/databases.ts";
import { htmlErrors } from "../support/html-checker.ts";
import { daysFromToday, leadWithPolicy } from "../support/lead-fixtures.ts";
import { signIn } from "../support/lead-desk.ts";
import { readWrittenEmails } from "../support/outbox-files.ts";
import {
  makeDataDir,
  startServer,
  stopServer,
  type ServerProcess,
} from "../support/server-process.ts";
import { expect, expectNoAxeViolations, layoutProblems, test } from "./helpers.ts";

const DESK = { email: "renewals-desk@agency.example", password: "renewals desk password 2026" };

async function noLayoutProblems(page: Page) {
  for (const width of [360, 1920]) {
    await page.setViewportSize({ width, height: 900 });
    expect(await layoutProblems(page)).toEqual([]);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

test("a policy ending in 59 days: one alert to the agency across two servers and a restart; the desk lists it first", async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const pdfs = mkdtempSync(join(tmpdir(), "renewals-"));
  const prepare = async (db: Kysely<DatabaseSchema>) => {
    await leadWithPolicy(db, "Bakers", pdfs, { number: "GL-200", end: daysFromToday(200) });
    await leadWithPolicy(db, "Roofers", pdfs, { number: "GL-59", end: daysFromToday(59) });
    await createOperator(db, DESK.email, DESK.password);
  };
  // Checked every 200 ms, so that a test need not wait an hour.
  const env = { LEAD_NOTIFY_TO: "desk@agency.example", REMINDER_CHECK_INTERVAL_MS: "200" };
  const dataDirs = [makeDataDir(), makeDataDir()];
  const servers: ServerProcess[] = [];
  let fresh: { url: string; drop(): Promise<void> } | undefined;
  let database: Database | undefined;
  // Two servers on one PostgreSQL when the run has one; the embedded database takes one server.
  const start = async (index: number) => {
    const dataDir = dataDirs[index] ?? makeDataDir();
    servers[index] = await startServer({
      dataDir,
      env: fresh
        ? { ...env, DATABASE_URL: fresh.url, SESSION_SECRET: "e2e-session-secret-".repeat(2) }
        : env,
    });
  };
  try {
    if (testPostgresUrl) {
      fresh = await createFreshPostgres(testPostgresUrl);
      database = await openDatabase({ kind: "postgres", url: fresh.url, poolSize: 1 });
      await prepare(database.db);
      await Promise.all([start(0), start(1)]);
    } else {
      const embedded = await openDatabase({ kind: "pglite", dataDir: dataDirs[0] ?? "" });
      try {
        await prepare(embedded.db);
      } finally {
        await embedded.close();
      }
      await start(0);
    }
    const alerts = () =>
      dataDirs
        .flatMap((dataDir) => readWrittenEmails(dataDir))
        .filter((email) => email.subject.startsWith("Renewal in"));
    await expect.poll(alerts, { timeout: 15_000 }).toHaveLength(1);
    // More checks from each server, a restart, and more checks: still the one alert.
    await pause(1_000);
    const first = servers[0];
    if (first) await stopServer(first);
    await start(0);
    await pause(1_500);
    expect(alerts()).toHaveLength(1);
    // 59 days in UTC, which in the agency's time zone may still be 60.
    expect(alerts()[0]?.subject).toMatch(/^Renewal in (59|60) days: GL-59 \(Roofers\)$/);
    expect(alerts()[0]?.to).toBe("desk@agency.example");

    // The desk lists the policies by their end; the one due is first, with its reminder.
    const url = servers[0]?.url ?? "";
    const desk = await (await browser.newContext()).newPage();
    await signIn(desk, url, DESK.email, DESK.password);
    await desk.getByRole("link", { name: "Renewals" }).click();
    const table = desk.getByRole("table", {
      name: "Bound policies, those with no renewal request first, by the day they end",
    });
    const rows = table.getByRole("row");
    await expect(rows.nth(1)).toContainText("GL-59");
    await expect(rows.nth(1)).toContainText("No renewal request: act now");
    await expect(rows.nth(1)).toContainText("60 days before");
    await expect(rows.nth(2)).toContainText("GL-200");
    await expect(rows.nth(2)).toContainText("None yet");
    await noLayoutProblems(desk);
    await expectNoAxeViolations(desk);
    const html = await (await desk.request.get(desk.url())).text();
    expect(await htmlErrors(new Map([["renewals", html]]))).toEqual([]);
    // The lead's timeline says so.
    await table.getByRole("link", { name: "GL-59" }).click();
    await desk.getByRole("link", { name: "Roofers", exact: true }).click();
    await expect(desk.getByText(/policy GL-59 ends .* \(reminder 60 days before\)/)).toBeVisible();
  } finally {
    for (const server of servers) await stopServer(server);
    await database?.close();
    await fresh?.drop();
    rmSync(pdfs, { recursive: true, force: true });
  }
});
