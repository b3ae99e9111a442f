import { expect, expectNoAxeViolations, test } from "./helpers.ts";

/**
 * At a phone's width, the pages whose markup differs most: the home page, the richest product page
 * (sample quotes, the policy card) and a page with a form. The header, menu and footer are the same
 * on every page; page-quality.spec checks every page's layout at 360, 768 and 1280 px, and
 * marketing-prerender.spec runs axe on every prerendered page at 1280 px, as it compares them.
 */
const PHONE_PATHS = ["/", "/workers-comp", "/contact"];

for (const width of [390, 1280]) {
  test.describe(`at ${width} px wide`, () => {
    test.use({ viewport: { width, height: 900 } });

    if (width === 390) {
      // One browser page for them all, a step each: a new page per path cost a browser context and
      // a renderer process each time.
      test("those three pages: no axe violations and no sideways scrolling (a step a page)", async ({
        page,
      }) => {
        for (const path of PHONE_PATHS) {
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
    }

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
