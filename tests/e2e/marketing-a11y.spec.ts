import { MARKETING_PATHS } from "#app/domain/site/site-pages.ts";

import { expect, expectNoAxeViolations, test } from "./helpers.ts";

/**
 * At a phone's width, the pages whose markup differs most: the home page, the richest product page
 * (sample quotes, the policy card) and a page with a form. The header, menu and footer are the same
 * on every page; page-quality.spec checks every page's layout at 360, 768 and 1280 px.
 */
const PHONE_PATHS = ["/", "/workers-comp", "/contact"];

// Every marketing page, and the not-found page, at a laptop's width; three pages at a phone's.
for (const { width, paths, which } of [
  { width: 390, paths: PHONE_PATHS, which: "those three pages" },
  { width: 1280, paths: MARKETING_PATHS, which: "every marketing page" },
]) {
  test.describe(`at ${width} px wide`, () => {
    test.use({ viewport: { width, height: 900 } });

    // One browser page for them all, a step each: a new page per path cost a browser context and a
    // renderer process each time.
    test(`${which}: no axe violations and no sideways scrolling (a step a page)`, async ({
      page,
    }) => {
      test.setTimeout(30_000 + paths.length * 10_000);
      for (const path of paths) {
        await test.step(path, async () => {
          await page.goto(path);
          await expectNoAxeViolations(page);
          const overflow = await page.evaluate(
            () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
          );
          expect(overflow, path).toBe(0);
        });
      }
    });

    test("the not-found page has no axe violations", async ({ page }) => {
      const response = await page.goto("/no-such-page");
      expect(response?.status()).toBe(404);
      await expectNoAxeViolations(page);
    });

    test("the open side menu and the open Talk to an Expert dialog have no axe violations", async ({
      page,
    }) => {
      await page.goto("/directors-and-officers");
      await page.getByRole("button", { name: "Menu" }).click();
      await page.getByRole("navigation", { name: "Site menu" }).getByText("Products").click();
      await expectNoAxeViolations(page);
      await page.keyboard.press("Escape");
      await page.getByRole("link", { name: "Talk to an Expert" }).click();
      const dialog = page.getByRole("dialog", { name: "Talk to an Expert" });
      await expect(dialog).toBeVisible();
      await dialog.getByRole("button", { name: "Request a call back" }).click();
      await expect(dialog.getByText("Please enter your name")).toBeVisible();
      await expectNoAxeViolations(page);
    });
  });
}
