import type { Locator, Page } from "@playwright/test";

import { continueHint } from "#app/domain/site/messages.ts";
import { TOAST_CLOSES_AFTER_MS } from "#app/domain/site/toast.ts";

import {
  chooseIndustryAndState,
  chooseSegments,
  enterAboutYou,
  enterBusinessName,
  enterEmail,
  expect,
  expectNoAxeViolations,
  test,
} from "./helpers.ts";

const uniqueEmail = (label: string) =>
  `${label}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;

/** Presses Tab until `target` has focus, as a keyboard user would; fails after `limit` presses. */
async function tabTo(page: Page, target: Locator, limit = 25): Promise<void> {
  for (let presses = 0; presses < limit; presses += 1) {
    await page.keyboard.press("Tab");
    if (await target.evaluate((element) => element === document.activeElement)) return;
  }
  throw new Error(`Tab never reached ${target.toString()}`);
}

/** The screen's heading has focus: a screen reader says where the visitor has arrived. */
async function expectArrivedAt(page: Page, path: RegExp, heading: string): Promise<void> {
  await expect(page).toHaveURL(path);
  await expect(page.getByRole("heading", { level: 1, name: heading })).toBeFocused();
}

/** Whether two boxes share any area. */
function overlap(
  a: { x: number; y: number; width: number; height: number },
  b: { x: number; y: number; width: number; height: number },
): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

test("a keyboard-only run of the whole wizard: each screen's heading has focus on arrival", async ({
  page,
}) => {
  await page.goto("/business-wizard");
  const keyboard = page.keyboard;

  // Step 1: the first industry tile, then the state by typing its name, then Continue.
  await tabTo(page, page.getByRole("radio", { name: "Construction" }));
  await keyboard.press("Space");
  await tabTo(page, page.getByLabel("Your business is in the state of:", { exact: true }));
  await keyboard.type("Colorado");
  await tabTo(page, page.getByRole("button", { name: "Continue" }));
  await keyboard.press("Enter");
  await expectArrivedAt(
    page,
    /\/segments$/,
    "What type of construction work does your business do?",
  );

  // The next Tab goes into the form: the filter box, which narrows the list as one types.
  await keyboard.press("Tab");
  await expect(page.getByLabel("Filter the list")).toBeFocused();
  await keyboard.type("plumb");
  await keyboard.press("Tab");
  await expect(page.getByRole("checkbox", { name: "Plumbing" })).toBeFocused();
  await keyboard.press("Space");
  // Back comes before Continue, as on screen.
  await keyboard.press("Tab");
  await expect(page.getByRole("button", { name: "Back" })).toBeFocused();
  await keyboard.press("Tab");
  await expect(page.getByRole("button", { name: "Continue" })).toBeFocused();
  await keyboard.press("Enter");
  await expectArrivedAt(page, /\/email$/, "Great, we can help get your business covered!");

  // Enter in a field goes on, not back.
  await keyboard.press("Tab");
  await expect(
    page.getByLabel("What email can we use to save your quote?", { exact: true }),
  ).toBeFocused();
  await keyboard.type(uniqueEmail("keys"));
  await keyboard.press("Enter");
  await expectArrivedAt(page, /\/questionnaire-1$/, "What's your business name?");
  // The success toast is there, yet the next Tab goes into the form, not to its close button.
  await expect(page.locator("[data-toast=success]")).toBeVisible();
  await keyboard.press("Tab");
  await expect(page.getByLabel("Business name", { exact: true })).toBeFocused();
  await keyboard.type("Keyed Plumbing");
  await keyboard.press("Enter");
  await expectArrivedAt(page, /\/questionnaire-2$/, "Tell us about you");

  for (const [label, text] of [
    ["First name", "Kay"],
    ["Last name", "Board"],
    ["Phone number", "(720) 555-0199"],
  ] as const) {
    await tabTo(page, page.getByLabel(label, { exact: true }));
    await keyboard.type(text);
  }
  await tabTo(page, page.getByLabel("Primary location: street address", { exact: true }));
  await keyboard.type("1 Key St");
  await tabTo(page, page.getByLabel("City", { exact: true }));
  await keyboard.type("Denver");
  await tabTo(page, page.getByLabel("ZIP code", { exact: true }));
  await keyboard.type("80202");
  await keyboard.press("Enter");
  await expectArrivedAt(page, /\/questionnaire-3$/, "About your ownership structure");

  await keyboard.press("Tab");
  await expect(page.getByRole("radio", { name: "Individual / Sole Proprietorship" })).toBeFocused();
  await keyboard.press("Space");
  await tabTo(page, page.getByLabel("What year did your business start?", { exact: true }));
  await keyboard.type("2012");
  // Back, by keyboard, arrives at the screen before with its heading focused too.
  await tabTo(page, page.getByRole("button", { name: "Back" }));
  await keyboard.press("Enter");
  await expectArrivedAt(page, /\/questionnaire-2$/, "Tell us about you");
  await keyboard.press("Tab");
  await expect(page.getByLabel("First name", { exact: true })).toHaveValue("Kay");
  await keyboard.press("Enter");
  await expectArrivedAt(page, /\/questionnaire-3$/, "About your ownership structure");
  await tabTo(page, page.getByRole("button", { name: "Continue" }));
  await keyboard.press("Enter");
  await expect(page).toHaveURL(/\/business-wizard\/quote$/);
});

test("a disabled Continue says what it waits for, next to it and as its description", async ({
  page,
}) => {
  await page.goto("/business-wizard");
  const next = page.getByRole("button", { name: "Continue" });
  const hint = page.getByText(continueHint("start", "en"), { exact: true });
  await expect(next).toBeDisabled();
  await expect(hint).toBeVisible();
  await expect(next).toHaveAccessibleDescription(continueHint("start", "en"));
  await expectNoAxeViolations(page);
  await page.getByRole("radio", { name: "Food & Beverage" }).check();
  await expect(hint).toBeVisible();
  await page.getByLabel("Your business is in the state of:", { exact: true }).selectOption("Ohio");
  await expect(next).toBeEnabled();
  await expect(hint).toBeHidden();
  await expect(next).toHaveAccessibleDescription("");

  await next.click();
  await expect(page).toHaveURL(/\/segments$/);
  await expect(next).toHaveAccessibleDescription(continueHint("multiple", "en"));
  await page.getByRole("checkbox", { name: "Bakery" }).check();
  await expect(next).toHaveAccessibleDescription("");
});

test("at 360 and 1280 px, Back is before Continue on screen as in the tab order", async ({
  page,
}) => {
  await page.goto("/business-wizard");
  await chooseIndustryAndState(page, "Cleaning", "Maine");
  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    const boxes = async () => ({
      back: (await page.getByRole("button", { name: "Back" }).boundingBox())!,
      next: (await page.getByRole("button", { name: "Continue" }).boundingBox())!,
    });
    // Side by side on one line, Back on the left; measured once the new step has settled (one run
    // in three measured a button still moving, 3 px off).
    await expect
      .poll(async () => {
        const { back, next } = await boxes();
        return Math.abs(back.y - next.y);
      }, `${width} px`)
      .toBeLessThan(2);
    const { back, next } = await boxes();
    expect(back.x + back.width, `${width} px`).toBeLessThanOrEqual(next.x);
    expect(next.x + next.width, `${width} px`).toBeLessThanOrEqual(width);
  }
});

test("toasts sit clear of the progress bar and heading; success closes by itself, an error stays", async ({
  page,
}) => {
  await page.clock.install();
  await page.goto("/business-wizard");
  await chooseIndustryAndState(page, "Food & Beverage", "Ohio");

  // An error (the fourth segment) stays until it is closed.
  for (const segment of ["Bakery", "Bar", "Caterer"]) {
    await page.getByRole("checkbox", { name: segment }).check();
  }
  await page.getByRole("checkbox", { name: "Food Truck" }).click({ force: true });
  const error = page.locator("[data-toast=error]");
  await expect(error).toHaveText(new RegExp("You can only select up to 3 segments"));
  await expect(page.getByRole("alert")).toHaveText("You can only select up to 3 segments");
  await page.clock.fastForward(TOAST_CLOSES_AFTER_MS * 2);
  await expect(error).toBeVisible();
  await error.getByRole("button", { name: "Dismiss message" }).click();
  await expect(error).toBeHidden();
  // Raised again, it shows again.
  await page.getByRole("checkbox", { name: "Food Truck" }).click({ force: true });
  await expect(error).toBeVisible();
  await page.getByRole("checkbox", { name: "Bar" }).uncheck();
  await page.getByRole("button", { name: "Continue" }).click();
  await enterEmail(page, uniqueEmail("toast"));

  // A success toast covers neither the progress bar nor the heading, and closes by itself.
  const success = page.locator("[data-toast=success]");
  await expect(success).toHaveText(new RegExp("Information saved successfully!"));
  await expect(
    page.getByRole("status").filter({ hasText: "Information saved successfully!" }),
  ).toHaveCount(1);
  const toastBox = (await success.boundingBox())!;
  for (const covered of [
    page.getByRole("navigation", { name: "Application progress" }),
    page.getByRole("heading", { level: 1 }),
  ]) {
    expect(overlap(toastBox, (await covered.boundingBox())!)).toBe(false);
  }
  // The pointer on it holds it open.
  await success.hover();
  await page.clock.fastForward(TOAST_CLOSES_AFTER_MS * 2);
  await expect(success).toBeVisible();
  await page.mouse.move(0, 700);
  await page.clock.fastForward(TOAST_CLOSES_AFTER_MS + 100);
  await expect(success).toBeHidden();
});

test("a long segment list has a filter box that narrows it as one types", async ({ page }) => {
  await page.goto("/business-wizard");
  await chooseIndustryAndState(page, "Retail & E-Commerce", "Texas");
  const filter = page.getByLabel("Filter the list");
  const boxes = page.getByRole("checkbox");
  await expect(boxes).toHaveCount(42);
  await page.getByRole("checkbox", { name: "Florist" }).check();
  await filter.fill("store");
  await expect(page.getByText(/^\d+ of 42 match$/)).toBeVisible();
  await expect(page.getByRole("checkbox", { name: "Toy Store" })).toBeVisible();
  await expect(page.getByRole("checkbox", { name: "Gas Station" })).toBeHidden();
  // What is chosen stays in sight.
  await expect(page.getByRole("checkbox", { name: "Florist" })).toBeVisible();
  await expectNoAxeViolations(page);
  await filter.fill("submarine");
  await expect(
    page.getByText('Nothing matches "submarine". Clear the filter to see all 42.'),
  ).toBeVisible();
  await filter.fill("");
  await expect(boxes).toHaveCount(42);
  for (const box of await boxes.all()) await expect(box).toBeVisible();
  // The filter is not part of the application: the choice goes on as before.
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page).toHaveURL(/\/email$/);
  await page.getByRole("button", { name: "Back" }).click();
  await expect(page.getByRole("checkbox", { name: "Florist" })).toBeChecked();

  // Short lists have none.
  await page.getByRole("button", { name: "Back" }).click();
  await chooseIndustryAndState(page, "Cleaning", "Texas");
  await expect(page.getByLabel("Filter the list")).toHaveCount(0);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a long segment list is a plain list, with no filter box", async ({ page }) => {
    await page.goto("/business-wizard");
    await chooseIndustryAndState(page, "Construction", "Texas");
    await expect(page.getByLabel("Filter the list")).toBeHidden();
    const boxes = page.getByRole("checkbox");
    await expect(boxes).toHaveCount(27);
    for (const box of await boxes.all()) await expect(box).toBeVisible();
    await chooseSegments(page, ["Roofing"]);
  });
});

test("at 360 px, checkboxes and radios keep their size beside long labels; the row takes the click", async ({
  page,
}) => {
  await page.setViewportSize({ width: 360, height: 800 });
  /**
   * Every visible checkbox or radio of the step whose screen shows `choiceOfStep`: 20 px square,
   * inside a label at least 24 px square.
   */
  const expectFullSizeChoices = async (choiceOfStep: Locator) => {
    // The step's screen may still be arriving after its URL has changed (the last step's choices
    // were measured as they were taken away): wait for one of this step's own.
    await expect(choiceOfStep).toBeVisible();
    const choices = page.locator("input[type=checkbox]:visible, input[type=radio]:visible");
    const sizes = await choices.evaluateAll((inputs) =>
      inputs.map((input) => {
        const box = input.getBoundingClientRect();
        const row = input.closest("label")?.getBoundingClientRect();
        return {
          name: input.closest("label")?.textContent?.trim(),
          width: Math.round(box.width),
          height: Math.round(box.height),
          rowWidth: row ? Math.round(row.width) : 0,
          rowHeight: row ? Math.round(row.height) : 0,
        };
      }),
    );
    for (const size of sizes) {
      expect(size, size.name).toMatchObject({ width: 20, height: 20 });
      expect(size.rowWidth, size.name).toBeGreaterThanOrEqual(24);
      expect(size.rowHeight, size.name).toBeGreaterThanOrEqual(24);
    }
  };

  await page.goto("/business-wizard");
  await chooseIndustryAndState(page, "Construction", "Texas");
  await expectFullSizeChoices(page.getByRole("checkbox", { name: "Roofing", exact: true }));
  // Clicking the words, not the box, checks it.
  await page.getByText("Door and Window Installation Service and Repair").click();
  await expect(
    page.getByRole("checkbox", { name: "Door and Window Installation Service and Repair" }),
  ).toBeChecked();
  await page.getByRole("button", { name: "Continue" }).click();
  await enterEmail(page, uniqueEmail("sizes"));
  await enterBusinessName(page, "Sized Doors");
  await expectFullSizeChoices(page.getByRole("checkbox", { name: /I agree to receive texts/ }));
  await page.getByText(/I agree to receive texts/).click();
  await expect(page.getByRole("checkbox", { name: /I agree to receive texts/ })).toBeChecked();
  await page.getByText("No", { exact: true }).click();
  await expect(page.getByRole("radio", { name: "No" })).toBeChecked();
  await enterAboutYou(page, {
    firstName: "Sam",
    lastName: "Size",
    phone: "(512) 555-0101",
    streetAddress: "2 Wide Rd",
    mailingAddress: "PO Box 2, Austin TX",
  });
  await expectFullSizeChoices(page.getByRole("radio", { name: "Corporation" }));
});

test("a ZIP code usually in another state asks to be confirmed as it is typed, and is kept once it is", async ({
  page,
}) => {
  await page.goto("/business-wizard");
  await chooseIndustryAndState(page, "Food & Beverage", "Ohio");
  await chooseSegments(page, ["Bakery"]);
  await enterEmail(page, uniqueEmail("zip"));
  await enterBusinessName(page, "Lakeside Bakery");
  const zip = page.getByLabel("ZIP code", { exact: true });
  const confirm = page.getByRole("checkbox", { name: "This ZIP code is right" });
  await expect(confirm).toHaveCount(0);
  // Chicago's ZIP code for a business in Ohio: the box appears; Columbus's takes it away.
  await zip.fill("60601");
  await expect(confirm).toBeVisible();
  await zip.fill("43215");
  await expect(confirm).toHaveCount(0);
  await zip.fill("60601");
  await page.getByLabel("First name", { exact: true }).fill("Ana");
  await page.getByLabel("Last name", { exact: true }).fill("Ruiz");
  await page.getByLabel("Phone number", { exact: true }).fill("(614) 555-0101");
  await page.getByLabel("Primary location: street address", { exact: true }).fill("12 Main St");
  await page.getByLabel("City", { exact: true }).fill("Columbus");
  await page.getByRole("button", { name: "Continue" }).click();
  const elsewhere = page.getByText(
    'This ZIP code usually belongs to Illinois, not Ohio. Please check it, or tick "This ZIP code is right".',
  );
  await expect(elsewhere).toBeVisible();
  await expect(page).toHaveURL(/\/questionnaire-2$/);
  await expectNoAxeViolations(page);
  await confirm.check();
  // Ticked, the message goes and Continue moves up with the page: clicked only once it has (a
  // click aimed while the page still moved could land beside the button).
  await expect(elsewhere).toHaveCount(0);
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page).toHaveURL(/\/questionnaire-3$/);
  // Back keeps the ZIP code and its confirmation.
  await page.getByRole("button", { name: "Back" }).click();
  await expect(zip).toHaveValue("60601");
  await expect(confirm).toBeChecked();
});
