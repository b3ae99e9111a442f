import pg from "pg";

import { createFreshPostgres, submissionsIn, testPostgresUrl } from "../support/databases.ts";
import { startServerWithDatabase, type ServerWithDatabase } from "../support/served-database.ts";
import { makeDataDir, startServer, stopServer } from "../support/server-process.ts";
import {
  chooseIndustryAndState,
  chooseSegments,
  completeApplication,
  enterAboutYou,
  enterBusinessName,
  enterEmail,
  enterOwnership,
  expect,
  expectNoAxeViolations,
  test,
} from "./helpers.ts";

// One server for the journeys that read what it saved, one after another; each uses an address of
// its own.
test.describe.configure({ mode: "default" });

let served: ServerWithDatabase;
test.beforeAll(async () => {
  served = await startServerWithDatabase({ env: { SITE_URL: "http://127.0.0.1" } });
});
test.afterAll(async () => served?.stop());

/** The submissions saved for `email`, oldest first. */
function submissionsOf(email: string) {
  return served.query(async (db) =>
    (await submissionsIn(db)).filter((row) => row.email.toLowerCase() === email.toLowerCase()),
  );
}

test.describe("with JavaScript off", () => {
  test.use({ javaScriptEnabled: false });

  test("the whole wizard works, with the server's messages, and saves the record", async ({
    page,
  }) => {
    await page.goto(`${served.url}/business-wizard`);
    // Nothing can be disabled without JavaScript: the server answers instead.
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(
      page.getByText("Please choose the industry that best fits your business"),
    ).toBeVisible();
    await expect(page.getByText("Please select a state")).toBeVisible();
    await chooseIndustryAndState(page, "Retail & E-Commerce", "Oregon");

    for (const segment of ["Bookstore", "Florist", "Toy Store", "Bike Shop"]) {
      await page.getByRole("checkbox", { name: segment }).check();
    }
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(page.getByText("You can only select up to 3 segments")).toBeVisible();
    await page.getByRole("checkbox", { name: "Bike Shop" }).uncheck();
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(page).toHaveURL(/email$/);

    await page.getByRole("button", { name: "Continue" }).click();
    await expect(page.getByText("Please enter your email address")).toBeVisible();
    await page
      .getByLabel("What email can we use to save your quote?", { exact: true })
      .fill("books@");
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(page.getByText("Please enter a valid email address")).toBeVisible();
    await expect(
      page.getByLabel("What email can we use to save your quote?", { exact: true }),
    ).toHaveValue("books@");
    await enterEmail(page, "Books@Example.com ");
    await expect(page.getByText("Information saved successfully!")).toBeVisible();

    await enterBusinessName(page, "Chapter One");
    await page.getByRole("radio", { name: "No" }).check();
    // A ZIP code usually in Washington for a business in Oregon: checked, and kept once confirmed.
    await page.getByLabel("ZIP code", { exact: true }).fill("98101");
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(page.getByText("Please enter your mailing address or PO Box")).toBeVisible();
    await expect(
      page.getByLabel("Recognized mailing address or PO Box", { exact: true }),
    ).toBeVisible();
    await expect(
      page.getByText(
        'This ZIP code usually belongs to Washington, not Oregon. Please check it, or tick "This ZIP code is right".',
      ),
    ).toBeVisible();
    await page.getByRole("checkbox", { name: "This ZIP code is right" }).check();
    await enterAboutYou(page, {
      firstName: "Rae",
      lastName: "Ng",
      phone: "503-555-0188",
      streetAddress: "5 Pine St",
      zipCode: "98101",
      mailingAddress: "PO Box 5, Portland OR",
    });
    await enterOwnership(page, "Corporation", "2019");
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(
      page.locator("#main").getByText("Your information has been saved successfully!"),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/business-wizard\/quote$/);

    const [row, ...others] = await submissionsOf("books@example.com");
    expect(others).toHaveLength(0);
    expect(row).toMatchObject({
      industry: "retail",
      state: "Oregon",
      segments: ["Bookstore", "Florist", "Toy Store"],
      email: "books@example.com",
      business_name: "Chapter One",
      first_name: "Rae",
      last_name: "Ng",
      phone_number: "+15035550188",
      consent_to_texts: false,
      consent_text: null,
      consent_given_at: null,
      legal_business_name: "Chapter One",
      primary_location: "5 Pine St, Springfield, OR 98101",
      street_address: "5 Pine St",
      unit: null,
      city: "Springfield",
      zip_code: "98101",
      zip_confirmed: true,
      same_address: "No",
      mailing_address: "PO Box 5, Portland OR",
      ownership_structure: "Corporation",
      start_year: "2019",
    });
  });
});

test.describe("what the database holds", () => {
  test("the same email in another browser makes a record of its own (decision 030); consent is kept with its words", async ({
    browser,
  }) => {
    const first = await browser.newPage();
    await first.goto(`${served.url}/business-wizard`);
    await chooseIndustryAndState(first, "Food & Beverage", "Ohio");
    await chooseSegments(first, ["Bakery"]);
    await enterEmail(first, "twice@example.com");
    await first.close();

    const afterEmailStep = await submissionsOf("twice@example.com");
    expect(afterEmailStep).toHaveLength(1);
    expect(afterEmailStep[0]).toMatchObject({
      industry: "food",
      state: "Ohio",
      segments: ["Bakery"],
      email: "twice@example.com",
      business_name: null,
      first_name: null,
      phone_number: null,
      start_year: null,
    });

    const second = await browser.newPage();
    await completeApplication(
      second,
      {
        industry: "Cleaning",
        state: "Nevada",
        segments: ["Pressure Washing"],
        email: "TWICE@example.com",
        businessName: "Spotless",
        about: {
          firstName: "Jo",
          lastName: "Kim",
          phone: "702 555 0100",
          consent: true,
          legalBusinessName: "Spotless Inc",
          streetAddress: "9 Strip Ave",
          unit: "Suite 100",
        },
        ownership: "Individual / Sole Proprietorship",
        startYear: "2021",
      },
      served.url,
    );
    await second.close();

    // The first browser's record is as it left it; the second, which never proved the email, has
    // its own, marked so.
    const rows = await submissionsOf("twice@example.com");
    expect(rows).toHaveLength(2);
    expect(rows.find((row) => row.id === afterEmailStep[0]!.id)).toMatchObject({
      ...afterEmailStep[0],
      email_not_proven: false,
    });
    const own = rows.find((row) => row.id !== afterEmailStep[0]!.id)!;
    expect(own).toMatchObject({
      email_not_proven: true,
      industry: "cleaning",
      state: "Nevada",
      segments: ["Pressure Washing"],
      email: "twice@example.com",
      business_name: "Spotless",
      phone_number: "+17025550100",
      consent_to_texts: true,
      legal_business_name: "Spotless Inc",
      primary_location: "9 Strip Ave, Suite 100, Springfield, NV 88901",
      street_address: "9 Strip Ave",
      unit: "Suite 100",
      city: "Springfield",
      zip_code: "88901",
      same_address: "Yes",
      mailing_address: null,
      ownership_structure: "Individual / Sole Proprietorship",
      start_year: "2021",
    });
    expect(own.consent_text).toMatch(
      /^I agree to receive texts.*Consent is not required to purchase/,
    );
    expect(own.consent_given_at).toBeInstanceOf(Date);
  });
});

test.describe("when the database fails a save (PostgreSQL)", () => {
  test.skip(!testPostgresUrl, "needs TEST_DATABASE_URL");

  test("each save shows the error toast, keeps the visitor and what they typed, and a retry works", async ({
    page,
  }) => {
    const database = await createFreshPostgres(testPostgresUrl!);
    const server = await startServer({
      dataDir: makeDataDir(),
      env: {
        DATABASE_URL: database.url,
        SESSION_SECRET: "e2e-".repeat(10),
        SITE_URL: "http://127.0.0.1",
      },
    });
    const admin = new pg.Client({ connectionString: database.url });
    await admin.connect();
    const failSaves = () =>
      admin.query(`
        create or replace function fail_saves() returns trigger language plpgsql
          as $$ begin raise exception 'the disk is full'; end $$;
        create trigger fail_saves before insert or update on business_wizard_submissions
          for each row execute function fail_saves();`);
    const allowSaves = () => admin.query("drop trigger fail_saves on business_wizard_submissions");
    try {
      await page.goto(`${server.url}/business-wizard`);
      await chooseIndustryAndState(page, "Food & Beverage", "Ohio");
      await chooseSegments(page, ["Coffee Shop"]);

      await failSaves();
      const email = page.getByLabel("What email can we use to save your quote?", { exact: true });
      await email.fill("brew@example.com");
      await page.getByRole("button", { name: "Continue" }).click();
      const error = page.locator("[data-toast=error]");
      await expect(error).toHaveText(
        /There was an error saving your information\. Please try again\./,
      );
      await expect(page).toHaveURL(/email$/);
      await expect(email).toHaveValue("brew@example.com");
      await expectNoAxeViolations(page);
      await allowSaves();
      await page.getByRole("button", { name: "Continue" }).click();
      await expect(page).toHaveURL(/questionnaire-1$/);

      await enterBusinessName(page, "Brew");
      await enterAboutYou(page, {
        firstName: "Al",
        lastName: "Ma",
        phone: "614 555 0101",
        streetAddress: "3 High St",
      });
      await enterOwnership(page, "Trust", "2001");
      await failSaves();
      await page.getByRole("button", { name: "Continue" }).click();
      await expect(error).toHaveText(
        /There was an error saving your information\. Please try again\./,
      );
      await expect(page).toHaveURL(/questionnaire-3$/);
      await expect(page.getByRole("button", { name: "Continue" })).toBeEnabled();
      await expect(page.getByRole("radio", { name: "Trust" })).toBeChecked();
      await allowSaves();
      await page.getByRole("button", { name: "Continue" }).click();
      await expect(page).toHaveURL(/\/business-wizard\/quote$/);

      const { rows } = await admin.query(
        "select email, business_name, start_year from business_wizard_submissions",
      );
      expect(rows).toEqual([
        { email: "brew@example.com", business_name: "Brew", start_year: "2001" },
      ]);
      expect(server.output()).not.toContain("brew@example.com");
    } finally {
      await admin.end();
      await stopServer(server);
      await database.drop();
    }
  });
});
