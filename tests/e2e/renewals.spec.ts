import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

import type { Page } from "@playwright/test";
import type { Kysely } from "kysely";

import { createOperator } from "#app/server/admin/operators.server.ts";
import type { DatabaseSchema } from "#app/server/db/database.server.ts";

import { openDataDirDatabase } from "../support/databases.ts";
import { htmlErrors } from "../support/html-checker.ts";
import { daysFromToday, leadWithPolicy } from "../support/lead-fixtures.ts";
import { signIn } from "../support/lead-desk.ts";
import { completeRecord } from "../support/application-records.ts";
import { readWrittenEmails, resumeLinkIn } from "../support/outbox-files.ts";
import {
  databaseUrlOf,
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

test("a policy ending in 59 days: the site opens its renewal once, alerting the agency and emailing the insured across two servers and a restart; the insured tells what changed; the desk renews it as is", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const pdfs = mkdtempSync(join(tmpdir(), "renewals-"));
  const prepare = async (db: Kysely<DatabaseSchema>) => {
    await leadWithPolicy(db, "Bakers", pdfs, { number: "GL-200", end: daysFromToday(200) });
    const roofers = await leadWithPolicy(db, "Roofers", pdfs, {
      number: "GL-59",
      end: daysFromToday(59),
    });
    // The application as the wizard leaves it complete: the renewal request starts from it.
    await db
      .updateTable("business_wizard_submissions")
      .set(
        completeRecord({
          email: roofers.lead.email,
          business_name: "Roofers",
          first_name: "Ana",
          last_name: "Roofers",
          primary_location: "5 Pine St, Portland, OR 97201",
          street_address: "5 Pine St",
          unit: null,
          city: "Portland",
          zip_code: "97201",
        }),
      )
      .set({ full_time_employees: 8, vehicles: "owned" })
      .where("id", "=", roofers.lead.submissionId)
      .execute();
    await createOperator(db, DESK.email, DESK.password);
  };
  // Checked every 200 ms, so that a test need not wait an hour. The fixture has just emailed the
  // insured three times (quotes, request to bind, policy): a cap of 3 would hold the reminder.
  const env = {
    LEAD_NOTIFY_TO: "desk@agency.example",
    REMINDER_CHECK_INTERVAL_MS: "200",
    MAIL_PER_RECIPIENT_PER_HOUR: "10",
  };
  const dataDirs = [makeDataDir(), makeDataDir()];
  const servers: ServerProcess[] = [];
  // Two servers on one PostgreSQL when the run has one (the first data directory's database); the
  // embedded database takes one server.
  const shared = await databaseUrlOf(dataDirs[0] ?? "");
  const start = async (index: number) => {
    servers[index] = await startServer({
      dataDir: dataDirs[index] ?? makeDataDir(),
      env: shared
        ? { ...env, DATABASE_URL: shared, SESSION_SECRET: "e2e-session-secret-".repeat(2) }
        : env,
    });
  };
  try {
    const prepared = await openDataDirDatabase(dataDirs[0] ?? "");
    try {
      await prepare(prepared.db);
    } finally {
      await prepared.close();
    }
    await (shared ? Promise.all([start(0), start(1)]) : start(0));
    const written = (subject: RegExp) =>
      dataDirs
        .flatMap((dataDir) => readWrittenEmails(dataDir))
        .filter((email) => subject.test(email.subject));
    const alerts = () => written(/^Renewal in/);
    const reminders = () => written(/^Your policy GL-59 ends on /);
    await expect.poll(alerts, { timeout: 15_000 }).toHaveLength(1);
    await expect.poll(reminders, { timeout: 15_000 }).toHaveLength(1);
    // More checks from each server, a restart, and more checks: still the one alert and reminder.
    await pause(1_000);
    const first = servers[0];
    if (first) await stopServer(first);
    await start(0);
    await pause(1_500);
    expect(alerts()).toHaveLength(1);
    expect(reminders()).toHaveLength(1);
    expect(reminders()[0]?.to).toBe("roofers@shops.example");
    // 59 days in UTC, which in the agency's time zone may still be 60.
    expect(alerts()[0]?.subject).toMatch(/^Renewal in (59|60) days: GL-59 \(Roofers\)$/);
    expect(alerts()[0]?.to).toBe("desk@agency.example");

    // The desk lists the policies by their end; the one due is first, with its reminder.
    const url = servers[0]?.url ?? "";
    const desk = await (await browser.newContext()).newPage();
    await signIn(desk, url, DESK.email, DESK.password);
    await desk.getByRole("link", { name: "Renewals" }).click();
    const table = desk.getByRole("table", {
      name: "Bound policies, the renewals still to bind first, by the day they end",
    });
    const rows = table.getByRole("row");
    await expect(rows.nth(1)).toContainText("GL-59");
    await expect(rows.nth(1)).toContainText("Renewal request open");
    await expect(rows.nth(1)).toContainText("60 days before");
    await expect(rows.nth(1)).toContainText("Renewal opened and insured emailed, 120 days before");
    // The renewal request the site opened, by its reference.
    const renewalReference =
      (await rows.nth(1).getByRole("link", { name: /^CP-/ }).textContent()) ?? "";
    expect(renewalReference).toMatch(/^CP-[A-Z0-9]{6}$/);
    expect(renewalReference).not.toBe("CP-ROOFER");
    expect(reminders()[0]?.body).toContain(`(request ${renewalReference})`);
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
    await expect(
      desk.getByText(`${renewalReference}: renewal of policy GL-59 opened by the site`),
    ).toBeVisible();

    // The insured's link, without JavaScript: the renewal request, prefilled from the application.
    const reminder = reminders()[0];
    if (!reminder) throw new Error("no reminder");
    const noScript = await browser.newContext({ javaScriptEnabled: false });
    const visitor = await noScript.newPage();
    await visitor.goto(`${url}${resumeLinkIn(reminder)}`);
    await visitor.getByRole("button", { name: "Start my renewal request" }).click();
    await expect(visitor.getByRole("heading", { level: 1 })).toHaveText("Renew your policy GL-59");
    await expect(visitor.getByLabel("Full-time employees (not counting owners)")).toHaveValue("8");
    await expect(
      visitor.getByRole("radio", { name: "Yes, the business owns or leases vehicles" }),
    ).toBeChecked();
    await expect(visitor.getByRole("checkbox", { name: /^General Liability/ })).toBeChecked();
    await expect(visitor.getByLabel("Renewal start date")).toHaveValue(daysFromToday(59));
    await noLayoutProblems(visitor);
    // The same page with JavaScript (axe runs in the page), in a browser with the same cookies.
    const scripted = await (
      await browser.newContext({ storageState: await noScript.storageState() })
    ).newPage();
    await scripted.goto(visitor.url());
    await expect(scripted.getByRole("heading", { level: 1 })).toHaveText("Renew your policy GL-59");
    await expect(
      scripted.getByText(`Your renewal request ${renewalReference} is open.`),
    ).toBeVisible();
    await expectNoAxeViolations(scripted);
    const form = await (await visitor.request.get(visitor.url())).text();
    expect(await htmlErrors(new Map([["renewal", form]]))).toEqual([]);
    // A start date in the past is refused beside its field, and what was typed stays.
    await visitor.getByLabel("Full-time employees (not counting owners)").fill("11");
    await visitor.getByLabel("Renewal start date").fill(daysFromToday(-2));
    await visitor.getByRole("button", { name: "Request my quotes" }).click();
    await expect(visitor.getByText("Please choose today or a later date")).toBeVisible();
    await expect(visitor.getByLabel("Full-time employees (not counting owners)")).toHaveValue("11");
    await expect(visitor.getByRole("checkbox", { name: /^General Liability/ })).toBeChecked();
    await visitor.getByLabel("Renewal start date").fill(daysFromToday(59));
    await visitor.getByRole("button", { name: "Request my quotes" }).click();
    await expect(visitor.getByRole("heading", { level: 1 })).toHaveText(
      "We've updated your renewal request",
    );
    // The request the site opened, now with what the insured said.
    await expect(visitor.locator("p.font-mono")).toHaveText(renewalReference);
    // "Your policy" says the renewal is asked for; a browser that proved no email can neither see
    // the renewal request nor send one.
    await visitor.goto(`${url}/business-wizard/policy`);
    await expect(
      visitor.getByText(`Your renewal request ${renewalReference} is open`),
    ).toBeVisible();
    // ...with the way back to the renewal form, to tell more.
    await expect(visitor.getByRole("link", { name: "Tell us what has changed" })).toHaveAttribute(
      "href",
      "/business-wizard/policy/renewal",
    );
    const renewalUrl = `${url}/business-wizard/policy/renewal`;
    const stranger = await (await browser.newContext()).newPage();
    await stranger.goto(renewalUrl);
    await expect(stranger.getByText("Your policy and its renewal are shown only")).toBeVisible();
    const strangerPost = await stranger.request.post(renewalUrl, {
      headers: { Origin: url },
      form: { lines: "general-liability", startDate: daysFromToday(59), contactChannel: "email" },
    });
    expect(strangerPost.status()).toBe(403);
    // The agency is told, and the desk lists the renewal as requested, by its reference.
    await expect
      .poll(() => written(/^Renewal request (updated )?CP-/).map((email) => email.subject), {
        timeout: 15_000,
      })
      .toEqual([`Renewal request updated ${renewalReference}: Roofers`]);
    await desk.goto(`${url}/admin/renewals`);
    await expect(table.getByRole("row").filter({ hasText: "GL-59" })).toContainText(
      `Renewal request open ${renewalReference}`,
    );
    // The lead's quotes page works the renewal request, naming the policy it renews.
    await table.getByRole("link", { name: "GL-59" }).click();
    await expect(desk.getByRole("heading", { level: 1 })).toHaveText(
      `Quotes for ${renewalReference}`,
    );
    await expect(desk.getByText(/Renews policy GL-59, which ends/)).toBeVisible();
    // Renew as is: last term's quote becomes a draft for the new term, its form open to change it
    // to the insurer's renewal offer; nothing reaches the insured until it is published.
    await desk.getByRole("button", { name: "Renew as is" }).click();
    await expect(
      desk.getByText(/Saved: .*renew as is, last term's quote on policy GL-59/),
    ).toBeVisible();
    await expect(desk.getByRole("heading", { name: "Change Acme Mutual's quote" })).toBeVisible();
    await expect(desk.getByLabel("Term starts", { exact: true })).toHaveValue(daysFromToday(59));
    const quotes = desk.getByRole("table", { name: `Quotes for ${renewalReference}` });
    await expect(quotes.getByRole("row")).toHaveCount(2);
    await expect(quotes.getByRole("row").nth(1)).toContainText("Not yet published");
    await noLayoutProblems(desk);
    await expectNoAxeViolations(desk);
    expect(
      await htmlErrors(
        new Map([["renewal quotes", await (await desk.request.get(desk.url())).text()]]),
      ),
    ).toEqual([]);
  } finally {
    for (const server of servers) await stopServer(server);
    rmSync(pdfs, { recursive: true, force: true });
  }
});
