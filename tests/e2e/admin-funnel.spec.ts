import { FUNNEL_STEPS } from "#app/domain/leads/lead-desk.ts";
import { readFunnel } from "#app/server/wizard/funnel.server.ts";

import { createDeskOperator, signIn } from "../support/lead-desk.ts";
import { HttpVisitor } from "../support/visitor.ts";
import { openDataDirDatabase } from "../support/databases.ts";
import { makeDataDir, startServer, stopServer } from "../support/server-process.ts";
import {
  chooseIndustryAndState,
  chooseSegments,
  enterAboutYou,
  enterBusinessName,
  enterEmail,
  enterOwnership,
  expect,
  expectNoAxeViolations,
  test,
} from "./helpers.ts";

/** A visitor without JavaScript who also opens each page, as a browser does after each redirect. */
function walker(baseUrl: string, userAgent = "Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0") {
  return new HttpVisitor(baseUrl, { userAgent, opensPages: true });
}

/** The cleaning business each walker applies for, up to its email. */
const WINDOW_CLEANER = { industry: "cleaning", state: "Nevada", segment: "Window Cleaning" };

test("the funnel counts each visitor once per step reached, and each completion, by day", async ({
  page,
  browser,
}) => {
  const dataDir = makeDataDir();
  await createDeskOperator(dataDir, "desk@agency.example", "funnel desk password 1");
  const server = await startServer({ dataDir });
  try {
    // 1. Without JavaScript, all the way, reloading and going back on the way.
    const finisher = walker(server.url);
    expect((await finisher.open("/business-wizard")).status).toBe(200);
    expect(await finisher.saveEmailStep("finisher@example.com", WINDOW_CLEANER)).toBe(true);
    await finisher.open("/business-wizard/questionnaire-1");
    await finisher.open("/business-wizard");
    await finisher.open("/business-wizard/segments");
    expect(
      await finisher.completeApplication({
        businessName: "Clear View",
        legalBusinessName: "Clear View LLC",
        firstName: "Vic",
        lastName: "Window",
        phoneNumber: "702-555-0111",
        consentToTexts: false,
        streetAddress: "9 Glass Ave",
        ownershipStructure: "Limited Liability Company",
        startYear: "2015",
      }),
    ).toBe(true);

    // 2. Looks at the first step three times and leaves.
    const browsing = walker(server.url);
    for (let visit = 0; visit < 3; visit++) await browsing.open("/business-wizard");

    // 3. Saves the email step, sees the business name question and leaves.
    const leaver = walker(server.url);
    expect((await leaver.open("/business-wizard")).status).toBe(200);
    expect(await leaver.saveEmailStep("leaver@example.com", WINDOW_CLEANER)).toBe(true);

    // 4. Opens a later step without having started: sent to the start, not counted there.
    const lost = walker(server.url);
    expect((await lost.open("/business-wizard/questionnaire-2")).status).toBe(302);

    // 5. A crawler counts for nothing.
    await walker(server.url, "Mozilla/5.0 (compatible; bingbot/2.0)").open("/business-wizard");

    // 6. With JavaScript: the steps load through React Router's data requests.
    const visitor = await browser.newPage();
    await visitor.goto(`${server.url}/business-wizard`);
    await chooseIndustryAndState(visitor, "Food & Beverage", "Ohio");
    await chooseSegments(visitor, ["Caterer"]);
    await enterEmail(visitor, "browser@example.com");
    await visitor.reload();
    await enterBusinessName(visitor, "Good Plates");
    await enterAboutYou(visitor, {
      firstName: "Bea",
      lastName: "Plate",
      phone: "614-555-0123",
      streetAddress: "3 Fork St",
    });
    await enterOwnership(visitor, "Trust", "1999");
    await visitor.getByRole("button", { name: "Continue" }).click();
    await expect(visitor).toHaveURL(/\/business-wizard\/quote$/);
    await visitor.close();

    const expected = {
      "industry-and-state": 4,
      segments: 3,
      email: 3,
      "business-name": 3,
      "about-you": 2,
      ownership: 2,
      complete: 2,
    };
    expect(FUNNEL_STEPS.map((step) => step.id)).toEqual(Object.keys(expected));

    await signIn(page, server.url, "desk@agency.example", "funnel desk password 1");
    // The desk's funnel page: the last 30 days' totals, each with its share of the first step.
    await page.getByRole("link", { name: "Funnel", exact: true }).click();
    await expect(page).toHaveURL(`${server.url}/admin/funnel`);
    const chart = page.getByRole("table", { name: /Visitors at each step/ });
    for (const step of FUNNEL_STEPS) {
      const row = chart.getByRole("row", { name: new RegExp(`^${step.label}\\b`) });
      const share = `${Math.round((expected[step.id] / expected["industry-and-state"]) * 100)}%`;
      await expect(row.getByRole("cell")).toHaveText([String(expected[step.id]), "", share]);
    }

    // Day by day: today's row holds the same counts.
    const today = new Date().toISOString().slice(0, 10);
    const days = page.getByRole("table", { name: /per day/ });
    await expect(
      days.getByRole("row", { name: new RegExp(`^${today}`) }).getByRole("cell"),
    ).toHaveText(Object.values(expected).map(String));
    await expect(days.getByRole("row")).toHaveCount(31);
    await expectNoAxeViolations(page);

    // 7. Counted in memory just before the server stops: written as it stops, not lost.
    await walker(server.url).open("/business-wizard");
  } finally {
    await stopServer(server);
  }
  const database = await openDataDirDatabase(dataDir);
  try {
    const today = new Date().toISOString().slice(0, 10);
    expect((await readFunnel(database.db, today, today)).totals["industry-and-state"]).toBe(5);
  } finally {
    await database.close();
  }
});
