import type { Page } from "@playwright/test";

import { MARKETING_PATHS, UNLISTED_PATHS } from "#app/domain/site/site-pages.ts";
import { expect, fillApplication, test } from "./helpers.ts";

/** Records every Content-Security-Policy violation the page reports, from its first script on. */
async function watchCsp(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener("securitypolicyviolation", (event) => {
      seen.push(`${event.violatedDirective} ${event.blockedURI}`);
    });
  });
  return () =>
    page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);
}

test("no page of the site, and no step of the wizard, breaks the Content-Security-Policy", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const violations = await watchCsp(page);
  const seen: string[] = [];
  for (const path of [...MARKETING_PATHS, ...UNLISTED_PATHS, "/no-such-page"]) {
    await page.goto(path);
    await page.waitForLoadState("load");
    seen.push(...(await violations()).map((violation) => `${path}: ${violation}`));
  }
  await fillApplication(page, {
    industry: "Food & Beverage",
    state: "Ohio",
    segments: ["Bar"],
    email: `csp-${Date.now()}@example.com`,
    businessName: "Night Owl",
    about: { firstName: "Cy", lastName: "Sp", phone: "(206) 555-0110", streetAddress: "4 Pike St" },
    ownership: "Trust",
    startYear: "1999",
  });
  seen.push(...(await violations()).map((violation) => `wizard: ${violation}`));
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page).toHaveURL(/\/business-wizard\/quote$/);
  seen.push(...(await violations()).map((violation) => `coverage plan after saving: ${violation}`));
  expect(seen).toEqual([]);
});
