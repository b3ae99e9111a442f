import type { Page } from "@playwright/test";

import { pageBytes, WIZARD_JS_MAX_BYTES } from "../../bench/bytes.ts";

import {
  chooseIndustryAndState,
  chooseSegments,
  enterAboutYou,
  enterEmail,
  enterOwnership,
  expect,
  expectNoAxeViolations,
  test,
} from "./helpers.ts";
import { HONEYPOT_FIELD } from "#app/domain/site/honeypot.ts";

const uniqueEmail = (label: string) =>
  `${label}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;

async function expectToast(page: Page, message: string) {
  await expect(page.locator("[data-toast]").filter({ hasText: message })).toBeVisible();
}

test.describe("step 1", () => {
  test("Continue waits for an industry and a state; the state list has the 50 states", async ({
    page,
  }) => {
    await page.goto("/business-wizard");
    await expect(
      page.getByRole("heading", { level: 1, name: "What industry best fits your business?" }),
    ).toBeVisible();
    await expect(page.getByRole("radio")).toHaveCount(6);
    const state = page.getByLabel("Your business is in the state of:", { exact: true });
    await expect(state.locator("option").first()).toHaveText("Select a state");
    await expect(state.locator("option")).toHaveCount(51);
    await expect(
      page.getByText('By clicking "Continue", you agree to our Terms of Use and Privacy Policy'),
    ).toBeVisible();
    await expect(page.getByRole("link", { name: "Terms of Use" })).toHaveAttribute(
      "href",
      "/terms",
    );
    await expect(page.getByRole("link", { name: "Privacy Policy" })).toHaveAttribute(
      "href",
      "/privacy",
    );
    const next = page.getByRole("button", { name: "Continue" });
    await expect(next).toBeDisabled();
    await page.getByRole("radio", { name: "Cleaning" }).check();
    await expect(next).toBeDisabled();
    await state.selectOption("Vermont");
    await expect(next).toBeEnabled();
    await expect(page.getByRole("listitem").filter({ hasText: "Start" })).toHaveAttribute(
      "aria-current",
      "step",
    );
    // The honeypot is in the form for bots, out of sight and reach for people.
    await expect(page.locator(`input[name="${HONEYPOT_FIELD}"]`)).toHaveCount(1);
    await expect(page.getByRole("textbox", { name: "Leave this field empty" })).toHaveCount(0);
    await expectNoAxeViolations(page);
  });

  test("what was chosen before the scripts arrived still counts once they have", async ({
    page,
  }) => {
    // The scripts wait while the visitor chooses, as on a slow phone.
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/assets/*.js", async (route) => {
      await released;
      await route.continue();
    });
    // The page is there, and usable, long before it has finished loading.
    await page.goto("/business-wizard", { waitUntil: "commit" });
    await page.getByRole("radio", { name: "Cleaning" }).check();
    await page
      .getByLabel("Your business is in the state of:", { exact: true })
      .selectOption("Vermont");
    release();
    // React has taken the page over once the document is its container.
    await page.waitForFunction(() =>
      Object.keys(document).some((key) => key.startsWith("__reactContainer")),
    );
    await page.evaluate(
      () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 200))),
    );
    const next = page.getByRole("button", { name: "Continue" });
    await expect(next).toBeEnabled();
    await page.getByLabel("Your business is in the state of:", { exact: true }).selectOption("");
    await expect(next).toBeDisabled();
  });

  test("an industry passed from a product page is chosen already", async ({ page }) => {
    await page.goto("/business-wizard?industry=cleaning");
    await expect(page.getByRole("radio", { name: "Cleaning" })).toBeChecked();
  });

  test("its scripts stay within the performance budget, and the step table's server side is not among them", async ({
    baseURL,
    request,
  }) => {
    // As the server sends them to Chromium: every script loaded or preloaded, and their imports.
    const { js } = await pageBytes(baseURL!, "/business-wizard");
    expect(js.wire).toBeLessThanOrEqual(WIZARD_JS_MAX_BYTES);
    // The steps' saves (issue 18): only the server runs them, so no script names one.
    for (const file of js.files) {
      expect(await (await request.get(file)).text()).not.toContain("complete-application");
    }
  });
});

test.describe("segments", () => {
  test("opening segments with no industry goes back to step 1 with the spec's toast", async ({
    page,
  }) => {
    await page.goto("/business-wizard/segments");
    await expect(page).toHaveURL(/\/business-wizard$/);
    await expectToast(page, "Please select an industry first.");
  });

  test("food: up to 3 checkboxes; at 3 the rest are refused with the toast", async ({ page }) => {
    await page.goto("/business-wizard");
    await chooseIndustryAndState(page, "Food & Beverage", "Ohio");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(
      "What type of food and beverage business do you run?",
    );
    await expect(page.getByRole("checkbox")).toHaveCount(6);
    const next = page.getByRole("button", { name: "Continue" });
    await expect(next).toBeDisabled();
    for (const segment of ["Bakery", "Bar", "Caterer"])
      await page.getByRole("checkbox", { name: segment }).check();
    await expect(next).toBeEnabled();
    const fourth = page.getByRole("checkbox", { name: "Food Truck" });
    await expect(fourth).toHaveAttribute("aria-disabled", "true");
    // aria-disabled, not disabled: the click reaches the page, which refuses it with the toast.
    await fourth.click({ force: true });
    await expect(fourth).not.toBeChecked();
    await expectToast(page, "You can only select up to 3 segments");
    await expectNoAxeViolations(page);
    await page.getByRole("checkbox", { name: "Bar" }).uncheck();
    await expect(fourth).not.toHaveAttribute("aria-disabled", "true");
  });

  test("construction and retail list their own segments", async ({ page }) => {
    await page.goto("/business-wizard");
    await chooseIndustryAndState(page, "Construction", "Texas");
    await expect(page.getByRole("checkbox")).toHaveCount(27);
    await page.getByRole("button", { name: "Back" }).click();
    await chooseIndustryAndState(page, "Retail & E-Commerce", "Texas");
    await expect(page.getByRole("checkbox")).toHaveCount(42);
  });

  test("offices: one choice that replaces the last, and typed text", async ({ page }) => {
    await page.goto("/business-wizard");
    await chooseIndustryAndState(page, "Offices & Professionals", "New York");
    await page.getByRole("radio", { name: "Accountant" }).check();
    await page.getByRole("radio", { name: "Law Office" }).check();
    await expect(page.getByRole("radio", { name: "Accountant" })).not.toBeChecked();
    const search = page.getByPlaceholder("Example: Architect, Marketing, etc");
    await expect(search).toBeVisible();
    await search.fill("Architect");
    await expectNoAxeViolations(page);
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(page).toHaveURL(/\/business-wizard\/email$/);
  });

  test("cleaning: radio buttons under the spec's prompt", async ({ page }) => {
    await page.goto("/business-wizard");
    await chooseIndustryAndState(page, "Cleaning", "Maine");
    const group = page.getByRole("group", { name: "Select your main service:" });
    await expect(group.getByRole("radio")).toHaveCount(15);
    await expect(page.getByRole("button", { name: "Continue" })).toBeDisabled();
    await group.getByRole("radio", { name: "Window Cleaning" }).check();
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(page).toHaveURL(/\/business-wizard\/email$/);
  });

  test("other: free text under the spec's line", async ({ page }) => {
    await page.goto("/business-wizard");
    await chooseIndustryAndState(page, "Other Industries", "Utah");
    const text = page.getByLabel("We insure 1000+ professions, let's find yours:", { exact: true });
    await expect(text).toHaveAttribute("placeholder", "Example: Handyperson, Photographer");
    const next = page.getByRole("button", { name: "Continue" });
    await text.fill("   ");
    await expect(next).toBeDisabled();
    await text.fill("Photographer");
    await expect(next).toBeEnabled();
    await expectNoAxeViolations(page);
    await next.click();
    // The closest industries for what was typed (issue 17), own words kept unless one is picked.
    const codes = page.getByRole("group", { name: 'Which of these is closest to "Photographer"?' });
    await expect(
      codes.getByRole("radio", { name: "None of these: keep my own words" }),
    ).toBeChecked();
    await expectNoAxeViolations(page);
    await codes.getByRole("radio", { name: "Photography Studios, Portrait" }).check();
    await next.click();
    await expect(page).toHaveURL(/\/business-wizard\/email$/);
  });
});

test.describe("the email step", () => {
  test("shows the spec's messages and moves on with the success toast", async ({ page }) => {
    await page.goto("/business-wizard");
    await chooseIndustryAndState(page, "Food & Beverage", "Ohio");
    await chooseSegments(page, ["Bakery"]);
    await expect(
      page.getByRole("heading", {
        level: 1,
        name: "Great, we can help get your business covered!",
      }),
    ).toBeVisible();
    await expect(page.getByRole("link", { name: "Log in" }).last()).toHaveAttribute(
      "href",
      "/login",
    );
    const email = page.getByLabel("What email can we use to save your quote?", { exact: true });
    await email.fill("owner@example");
    await email.blur();
    await expect(page.getByText("Please enter a valid email address")).toBeVisible();
    await expectNoAxeViolations(page);
    await enterEmail(page, uniqueEmail("toast"));
    await expectToast(page, "Information saved successfully!");
    const progress = page.getByRole("navigation", { name: "Application progress" });
    await expect(progress.getByRole("listitem").filter({ hasText: "Coverage" })).toHaveAttribute(
      "aria-current",
      "step",
    );
    await expect(progress.getByRole("listitem").filter({ hasText: "Start" })).toContainText(
      "(completed)",
    );
  });
});

test.describe("questionnaires", () => {
  test("direct visits to a later step go to the first step still missing", async ({ page }) => {
    await page.goto("/business-wizard/questionnaire-3");
    await expect(page).toHaveURL(/\/business-wizard$/);
    await chooseIndustryAndState(page, "Cleaning", "Iowa");
    await page.goto("/business-wizard/questionnaire-2");
    await expect(page).toHaveURL(/\/business-wizard\/segments$/);
  });

  test("the whole wizard, with Back on every step keeping every value and a reload mid-way", async ({
    page,
  }) => {
    await page.goto("/business-wizard");
    await chooseIndustryAndState(page, "Construction", "Colorado");
    await chooseSegments(page, ["Plumbing", "Roofing"]);
    const email = uniqueEmail("back");
    await enterEmail(page, email);

    const name = page.getByLabel("Business name", { exact: true });
    await expect(
      page.getByText("Use your DBA or the name your customers use to find you"),
    ).toBeVisible();
    await expectNoAxeViolations(page);
    await name.fill("Peak Plumbing");
    await expect(page.getByRole("button", { name: "Clear business name" })).toBeVisible();
    await page.getByRole("button", { name: "Clear business name" }).click();
    await expect(name).toHaveValue("");
    await expect(page.getByRole("button", { name: "Continue" })).toBeDisabled();
    await name.fill("Peak Plumbing");
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(page.getByRole("button", { name: "Processing..." })).toBeVisible();
    await expect(page).toHaveURL(/questionnaire-2$/);

    await expect(page.getByRole("heading", { level: 1, name: "Tell us about you" })).toBeVisible();
    await expect(page.getByLabel("Legal business name", { exact: true })).toHaveValue(
      "Peak Plumbing",
    );
    await expect(page.getByLabel("Phone number", { exact: true })).toHaveAttribute(
      "placeholder",
      "(---) --- ----",
    );
    await expect(
      page.getByRole("checkbox", { name: /I agree to receive texts/ }),
    ).not.toBeChecked();
    await expect(page.getByText(/Consent is not required to purchase/)).toBeVisible();
    await expect(
      page.getByLabel("Recognized mailing address or PO Box", { exact: true }),
    ).toBeHidden();
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(page.getByText("Please enter your first name")).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByLabel("Phone number", { exact: true }).fill("555");
    await page.getByLabel("Phone number", { exact: true }).blur();
    await expect(page.getByText("Please enter a valid 10-digit US phone number")).toBeVisible();
    await enterAboutYou(page, {
      firstName: "Pat",
      lastName: "Lee",
      phone: "(720) 555-0134",
      consent: true,
      streetAddress: "10 Elm St",
      unit: "Unit 3",
      mailingAddress: "PO Box 12, Denver CO",
    });

    await expect(
      page.getByRole("heading", { level: 1, name: "About your ownership structure" }),
    ).toBeVisible();
    await expect(page.getByRole("button", { name: "Continue" })).toBeDisabled();
    await enterOwnership(page, "Partnership", "2009");
    await expectNoAxeViolations(page);
    await page.reload();
    // A reload forgets only what was never sent.
    await expect(page.getByRole("radio", { name: "Partnership" })).not.toBeChecked();
    await enterOwnership(page, "Partnership", "2009");

    // Back through every step: each keeps what was entered.
    await page.getByRole("button", { name: "Back" }).click();
    await expect(page).toHaveURL(/questionnaire-2$/);
    await expect(page.getByLabel("First name", { exact: true })).toHaveValue("Pat");
    await expect(page.getByLabel("Phone number", { exact: true })).toHaveValue("(720) 555-0134");
    await expect(page.getByRole("checkbox", { name: /I agree to receive texts/ })).toBeChecked();
    await expect(page.getByLabel(/^Unit or suite/)).toHaveValue("Unit 3");
    await expect(
      page.getByLabel("Recognized mailing address or PO Box", { exact: true }),
    ).toHaveValue("PO Box 12, Denver CO");
    await page.getByRole("button", { name: "Back" }).click();
    await expect(page).toHaveURL(/questionnaire-1$/);
    await expect(page.getByLabel("Business name", { exact: true })).toHaveValue("Peak Plumbing");
    await page.getByRole("button", { name: "Back" }).click();
    await expect(page).toHaveURL(/email$/);
    await expect(
      page.getByLabel("What email can we use to save your quote?", { exact: true }),
    ).toHaveValue(email);
    await page.getByRole("button", { name: "Back" }).click();
    await expect(page).toHaveURL(/segments$/);
    await expect(page.getByRole("checkbox", { name: "Plumbing" })).toBeChecked();
    await expect(page.getByRole("checkbox", { name: "Roofing" })).toBeChecked();
    await page.getByRole("button", { name: "Back" }).click();
    await expect(page).toHaveURL(/business-wizard$/);
    await expect(page.getByRole("radio", { name: "Construction" })).toBeChecked();
    await expect(page.getByLabel("Your business is in the state of:", { exact: true })).toHaveValue(
      "Colorado",
    );

    // Forward again with the browser's own history, then to the end.
    await page.goBack();
    await expect(page).toHaveURL(/segments$/);
    await expect(page.getByRole("checkbox", { name: "Roofing" })).toBeChecked();
    await page.goto("/business-wizard/questionnaire-3");
    await expect(page.getByRole("radio", { name: "Partnership" })).toBeChecked();
    await expect(
      page.getByLabel("What year did your business start?", { exact: true }),
    ).toHaveValue("2009");
    await page.getByRole("button", { name: "Continue" }).click();
    await expectToast(page, "Your information has been saved successfully!");
    await expect(page).toHaveURL(/\/business-wizard\/quote$/);
    await expect(page.getByRole("heading", { level: 1, name: "Your coverage plan" })).toBeVisible();
    await expect(
      page.getByRole("listitem").filter({ hasText: "Quote (current step)" }),
    ).toBeVisible();

    // The completed draft is kept for the Quote step: the wizard shows the answers, to correct.
    await page.goto("/business-wizard");
    await expect(page.getByRole("radio", { name: "Construction" })).toBeChecked();
  });
});
