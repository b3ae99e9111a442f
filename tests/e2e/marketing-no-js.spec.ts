import { expect, test } from "./helpers.ts";

// Marketing pages must work as plain HTML: the site script only improves them.
test.use({ javaScriptEnabled: false });

test("the side menu opens, expands Products and its links work", async ({ page }) => {
  await page.goto("/");
  const menu = page.getByRole("navigation", { name: "Site menu" });
  await page.getByRole("button", { name: "Menu" }).click();
  await expect(menu).toBeVisible();
  await menu.getByText("Products", { exact: true }).click();
  await menu.getByRole("link", { name: "Crime Insurance" }).click();
  await expect(page).toHaveURL(/\/crime-insurance$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Commercial Crime Insurance");
  await expect(menu).toBeHidden();

  await page.getByRole("button", { name: "Menu" }).click();
  await expect(menu).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(menu).toBeHidden();
});

test("Talk to an Expert is a page with the call-back form, validated on the server", async ({
  page,
}) => {
  await page.goto("/employment-practices-liability");
  await page.getByRole("link", { name: "Talk to an Expert" }).click();
  await expect(page).toHaveURL(/\/talk-to-an-expert$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Talk to an Expert");
  await expect(
    page.getByRole("main").getByRole("link", { name: "(888) 555-0199" }),
  ).toHaveAttribute("href", "tel:+18885550199");

  await page.getByLabel("Your name").fill("Lee Park");
  await page.getByLabel("Best time to call").selectOption({ label: "Any time" });
  const invalid = page.waitForResponse((response) => response.request().method() === "POST");
  await page.getByRole("button", { name: "Request a call back" }).click();
  expect((await invalid).status()).toBe(400);
  await expect(page.getByText("Please enter your phone number")).toBeVisible();
  await expect(page.getByLabel("Your name")).toHaveValue("Lee Park");
  await expect(page.getByLabel("Best time to call")).toHaveValue("anytime");

  await page.getByLabel("Phone number").fill("+1 555 345 6789");
  await page.getByRole("button", { name: "Request a call back" }).click();
  await expect(
    page.getByRole("heading", { name: "Thanks, Lee Park! We'll call you back." }),
  ).toBeVisible();
  await expect(page.getByText("(555) 345-6789")).toBeVisible();
});
