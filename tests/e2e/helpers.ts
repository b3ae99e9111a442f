import { AxeBuilder } from "@axe-core/playwright";
import { expect, test as base, type ConsoleMessage, type Page } from "@playwright/test";

/**
 * The journeys' `test`: any console error or uncaught page error fails the test, and so does any
 * Content-Security-Policy violation the page reports.
 */
export const test = base.extend<{ pageErrors: string[] }>({
  pageErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on("console", (message) => {
        if (message.type() !== "error" || isDeliberateHttpError(message)) return;
        errors.push(message.text());
      });
      page.on("pageerror", (error) => errors.push(error.message));
      await use(errors);
      expect(errors, "console errors on the page").toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/**
 * Chromium logs every 4xx and 5xx answer as a console error, including the app's deliberate ones: a
 * form posted with mistakes (400), a page that is not there (404), a save the database refused
 * (503). Those are answers to a page or data request; a failed script, style or image is not.
 */
function isDeliberateHttpError(message: ConsoleMessage): boolean {
  if (
    !message.text().startsWith("Failed to load resource: the server responded with a status of")
  ) {
    return false;
  }
  const { pathname } = new URL(message.location().url);
  return !pathname.startsWith("/assets/") && !/\.(js|css|svg|png|webp|ico|woff2?)$/.test(pathname);
}

/** Asserts that axe finds no WCAG 2.x A/AA violation on the page as it is now. */
export async function expectNoAxeViolations(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"])
    .analyze();
  const summary = results.violations.map(
    (violation) =>
      `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`,
  );
  expect(summary, "axe violations").toEqual([]);
}

/** Step 1: chooses an industry tile and a state, then continues. */
export async function chooseIndustryAndState(
  page: Page,
  industry: string,
  state: string,
): Promise<void> {
  await page.getByRole("radio", { name: industry }).check();
  await page.getByLabel("Your business is in the state of:", { exact: true }).selectOption(state);
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page).toHaveURL(/\/business-wizard\/segments$/);
}

/** Step 2 for the industries with checkboxes: checks each segment, then continues. */
export async function chooseSegments(page: Page, segments: string[]): Promise<void> {
  for (const segment of segments) await page.getByRole("checkbox", { name: segment }).check();
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page).toHaveURL(/\/business-wizard\/email$/);
}

/** The email step: types the email and continues to questionnaire 1. */
export async function enterEmail(page: Page, email: string): Promise<void> {
  await page.getByLabel("What email can we use to save your quote?", { exact: true }).fill(email);
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page).toHaveURL(/\/business-wizard\/questionnaire-1$/);
}

/** Questionnaire 1: the business name, then on to questionnaire 2. */
export async function enterBusinessName(page: Page, name: string): Promise<void> {
  await page.getByLabel("Business name", { exact: true }).fill(name);
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page).toHaveURL(/\/business-wizard\/questionnaire-2$/);
}

/** What questionnaire 2 asks. */
export interface AboutYouAnswers {
  firstName: string;
  lastName: string;
  phone: string;
  consent?: boolean;
  legalBusinessName?: string;
  streetAddress: string;
  unit?: string;
  mailingAddress?: string;
}

/** Questionnaire 2: fills what is given (a mailing address answers "No"), then continues. */
export async function enterAboutYou(page: Page, answers: AboutYouAnswers): Promise<void> {
  await page.getByLabel("First name", { exact: true }).fill(answers.firstName);
  await page.getByLabel("Last name", { exact: true }).fill(answers.lastName);
  await page.getByLabel("Phone number", { exact: true }).fill(answers.phone);
  if (answers.consent)
    await page.getByRole("checkbox", { name: /I agree to receive texts/ }).check();
  if (answers.legalBusinessName !== undefined) {
    await page.getByLabel("Legal business name", { exact: true }).fill(answers.legalBusinessName);
  }
  await page
    .getByLabel("Primary location: street address", { exact: true })
    .fill(answers.streetAddress);
  if (answers.unit) await page.getByLabel(/^Unit or suite/).fill(answers.unit);
  if (answers.mailingAddress) {
    await page.getByRole("radio", { name: "No" }).check();
    await page
      .getByLabel("Recognized mailing address or PO Box", { exact: true })
      .fill(answers.mailingAddress);
  }
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page).toHaveURL(/\/business-wizard\/questionnaire-3$/);
}

/** Questionnaire 3: the ownership structure and start year, without continuing. */
export async function enterOwnership(page: Page, structure: string, year: string): Promise<void> {
  await page.getByRole("radio", { name: structure }).check();
  await page.getByLabel("What year did your business start?", { exact: true }).fill(year);
}
