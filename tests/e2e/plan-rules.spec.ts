import type { Browser, Page } from "@playwright/test";

import {
  makeDataDir,
  startServer,
  stopServer,
  type ServerProcess,
} from "../support/server-process.ts";
import { openDataDirDatabase } from "../support/databases.ts";
import { HttpVisitor } from "../support/visitor.ts";
import { expect, expectNoAxeViolations, layoutProblems, test } from "./helpers.ts";

// Issue 26: the plan counts the people the law counts, names the state fund where only it sells
// workers' compensation, and plans (and takes requests for) general liability and commercial auto.
test.describe.configure({ mode: "serial" });
test.setTimeout(120_000);

let server: ServerProcess;
let dataDir: string;

test.beforeAll(async () => {
  dataDir = makeDataDir();
  server = await startServer({ dataDir });
});

test.afterAll(async () => {
  if (server) await stopServer(server);
});

function daysFromToday(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

/** A plan line, found by its heading. */
function planLine(page: Page, name: string) {
  return page.getByRole("listitem").filter({ has: page.getByRole("heading", { name }) });
}

/** A browser page carrying on where a visitor without a browser completed the wizard. */
async function planPageOf(
  browser: Browser,
  email: string,
  business: { industry: string; state: string; segments: string[]; ownership: string },
  javaScriptEnabled: boolean,
): Promise<Page> {
  const visitor = new HttpVisitor(server.url);
  expect(await visitor.saveEmailStep(email, business)).toBe(true);
  expect(
    await visitor.completeApplication({
      businessName: `${business.state} Test Business`,
      firstName: "Pat",
      lastName: "Owner",
      phoneNumber: "(404) 555-0107",
      streetAddress: "7 Peach St",
      mailingAddress: "PO Box 7, Atlanta GA",
      ownershipStructure: business.ownership,
    }),
  ).toBe(true);
  const context = await browser.newContext({ javaScriptEnabled });
  await context.addCookies(
    visitor
      .cookie()
      .split("; ")
      .map((pair) => {
        const [name = "", ...value] = pair.split("=");
        return { name, value: value.join("="), url: server.url };
      }),
  );
  const page = await context.newPage();
  await page.goto(`${server.url}/business-wizard/quote`);
  await expect(page.getByRole("heading", { level: 1, name: "Your coverage plan" })).toBeVisible();
  return page;
}

test("a Georgia corporation's working officer counts; general liability and commercial auto are planned and requested", async ({
  browser,
}) => {
  const page = await planPageOf(
    browser,
    "officer@example.com",
    { industry: "retail", state: "Georgia", segments: ["Florist"], ownership: "Corporation" },
    true,
  );
  const workersComp = planLine(page, "Workers' Compensation");
  // General liability is on the plan; commercial auto only once vehicles are said to be used.
  await expect(planLine(page, "General Liability")).toBeVisible();
  await expect(planLine(page, "Commercial Auto")).toHaveCount(0);

  await page.getByLabel("Full-time employees (not counting owners)").fill("2");
  await page.getByLabel("Part-time employees").fill("0");
  await page.getByLabel("Owners, officers or LLC members who work in the business").fill("1");
  await page.getByRole("radio", { name: "Yes, the business owns or leases vehicles" }).check();
  await page.getByRole("button", { name: "Update my plan" }).click();
  await expect(
    page.locator("#main").getByText("Thanks, your plan has been updated."),
  ).toBeVisible();

  await expect(workersComp).toContainText("Required by law");
  await expect(workersComp).toContainText(
    "Georgia requires it from 3 employees, and counts the owner or officer who works in the business.",
  );
  await expect(workersComp).not.toContainText("optional");
  const auto = planLine(page, "Commercial Auto");
  await expect(auto).toContainText("Required by law");
  await expect(auto).toContainText("Georgia requires liability insurance on vehicles");
  await expectNoAxeViolations(page);

  // Back at the answers, the page says what changed; the raised lines are ticked to be quoted.
  const changed = page.getByRole("status").filter({ hasText: "Your plan changed:" });
  await expect(changed).toContainText("Workers' Compensation: now Required by law");
  await expect(changed).toContainText("Commercial Auto: now Required by law");
  await expect(page).toHaveURL(/saved=answers#confirmation$/);
  const request = page.getByRole("group", { name: "Lines to quote" });
  await expect(request.getByRole("checkbox", { name: /Commercial Auto/ })).toBeChecked();
  await expect(request.getByRole("checkbox", { name: /Workers' Compensation/ })).toBeChecked();
  await request.getByRole("checkbox", { name: /General Liability/ }).check();
  await request.getByRole("checkbox", { name: /Commercial Auto/ }).check();
  await page.getByLabel("Preferred start date").fill(daysFromToday(14));
  await page.getByRole("button", { name: "Request my quotes" }).click();
  await expect(
    page.getByRole("heading", { level: 1, name: "We've got your quote request" }),
  ).toBeVisible();
  await page.context().close();
});

test("without JavaScript, an Ohio employer is sent to the state fund and its line starts unticked", async ({
  browser,
}) => {
  const page = await planPageOf(
    browser,
    "ohio.employer@example.com",
    { industry: "food", state: "Ohio", segments: ["Bakery"], ownership: "Partnership" },
    false,
  );
  await page.setViewportSize({ width: 360, height: 800 });
  await page.getByLabel("Full-time employees (not counting owners)").fill("4");
  await page.getByRole("button", { name: "Update my plan" }).click();
  const workersComp = planLine(page, "Workers' Compensation");
  await expect(workersComp).toContainText("Required by law");
  await expect(
    workersComp.getByRole("link", { name: "Ohio Bureau of Workers' Compensation" }),
  ).toHaveAttribute("href", /^https:\/\/info\.bwc\.ohio\.gov\//);
  await expect(workersComp).toContainText("stop-gap");
  await expect(workersComp).not.toContainText("What similar businesses paid");
  await expect(
    page
      .getByRole("group", { name: "Lines to quote" })
      .getByRole("checkbox", { name: /Workers' Compensation/ }),
  ).not.toBeChecked();
  // (axe runs on the same page with JavaScript on, above: it needs scripts to run.)
  expect(await layoutProblems(page)).toEqual([]);
  await page.context().close();
});

// Issue 54: a licence that requires workers' compensation whatever the head count, the lines an
// account manager adds, and the note beside every "Required by law".
test("a California roofer working alone is told the licence requires workers' compensation", async ({
  browser,
}) => {
  const page = await planPageOf(
    browser,
    "roofer@example.com",
    {
      industry: "construction",
      state: "California",
      segments: ["Roofing"],
      ownership: "Individual / Sole Proprietorship",
    },
    true,
  );
  await page.getByLabel("Full-time employees (not counting owners)").fill("0");
  await page.getByLabel("Part-time employees").fill("0");
  await page.getByRole("button", { name: "Update my plan" }).click();
  await expect(
    page.locator("#main").getByText("Thanks, your plan has been updated."),
  ).toBeVisible();
  const workersComp = planLine(page, "Workers' Compensation");
  await expect(workersComp).toContainText("Required by law");
  await expect(workersComp).toContainText(
    "California's contractors' board requires every active roofing contractor (C-39) to carry it, even with no employees.",
  );
  await expect(workersComp).toContainText(
    "General information, not legal advice: your agent confirms what the law requires of your business.",
  );
  await expect(workersComp).not.toContainText("Not usually needed");
  await expect(workersComp).toContainText("Workers' compensation is priced on payroll");
  await expect(planLine(page, "License and Permit Bonds")).toContainText("Required by law");
  await expect(planLine(page, "Contractor's Equipment (Inland Marine)")).toContainText(
    "Recommended",
  );
  await expectNoAxeViolations(page);
  await page.context().close();
});

test("without JavaScript, a bar with a 401(k) gets liquor liability and the ERISA bond, ticked", async ({
  browser,
}) => {
  const page = await planPageOf(
    browser,
    "bar@example.com",
    { industry: "food", state: "Georgia", segments: ["Bar"], ownership: "Partnership" },
    false,
  );
  await page.setViewportSize({ width: 360, height: 800 });
  await page.getByLabel("Full-time employees (not counting owners)").fill("3");
  await page.getByLabel("Part-time employees").fill("2");
  await page
    .getByRole("group", {
      name: "Does the business offer staff a retirement plan, such as a 401(k)?",
    })
    .getByRole("radio", { name: "Yes" })
    .check();
  await page.getByRole("button", { name: "Update my plan" }).click();
  const bond = planLine(page, "ERISA Fidelity Bond");
  await expect(bond).toContainText("Required by law");
  await expect(bond).toContainText("at least 10% of its assets, from $1,000 up to $500,000");
  await expect(bond).toContainText("General information, not legal advice");
  const liquor = planLine(page, "Liquor Liability");
  await expect(liquor).toContainText("Recommended");
  await expect(liquor).toContainText("General liability leaves out claims over the alcohol");
  const request = page.getByRole("group", { name: "Lines to quote" });
  await expect(request.getByRole("checkbox", { name: /ERISA Fidelity Bond/ })).toBeChecked();
  await expect(request.getByRole("checkbox", { name: /Liquor Liability/ })).toBeChecked();
  // D&O is no longer ticked for every company (issue 54).
  await expect(request.getByRole("checkbox", { name: /Directors & Officers/ })).not.toBeChecked();
  expect(await layoutProblems(page)).toEqual([]);
  await page.context().close();
});

test("the requests hold the lines asked for, general liability and commercial auto included", async () => {
  await stopServer(server);
  const database = await openDataDirDatabase(dataDir);
  try {
    const rows = await database.db
      .selectFrom("quote_requests")
      .innerJoin("business_wizard_submissions as s", "s.id", "quote_requests.submission_id")
      .select(["s.email", "s.working_owners", "s.vehicles", "quote_requests.lines"])
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      email: "officer@example.com",
      working_owners: 1,
      vehicles: "owned",
    });
    expect(rows[0]!.lines).toEqual(
      expect.arrayContaining(["general-liability", "commercial-auto"]),
    );
    // The bar's answer to the retirement plan question is kept on its application (issue 54).
    const bar = await database.db
      .selectFrom("business_wizard_submissions")
      .select(["retirement_plan", "full_time_employees"])
      .where("email", "=", "bar@example.com")
      .executeTakeFirstOrThrow();
    expect(bar).toEqual({ retirement_plan: true, full_time_employees: 3 });
  } finally {
    await database.close();
  }
  server = await startServer({ dataDir });
});
