import { AxeBuilder } from "@axe-core/playwright";
import { expect, test as base, type ConsoleMessage, type Page } from "@playwright/test";

import { isUsState } from "#app/domain/reference/states.ts";
import { sampleZipOf } from "#app/domain/reference/zip-codes.ts";

/**
 * The journeys' `test`: any console error or uncaught page error fails the test, and so does any
 * Content-Security-Policy violation the page reports.
 */
export const test = base.extend<{ pageErrors: string[] }>({
  // A hydrating page fetches its scripts only after its largest paint (decision 027), so `goto`
  // also waits until React has taken the page over, as the journeys expect of a visitor's page;
  // without JavaScript, on pages with no hydration script, and when asked to return at the
  // first byte ("commit"), it waits for nothing more.
  page: async ({ page, javaScriptEnabled }, provide) => {
    if (javaScriptEnabled !== false) {
      const goto = page.goto.bind(page);
      page.goto = async (...args: Parameters<typeof page.goto>) => {
        const response = await goto(...args);
        // A journey that asks for the page as soon as it starts to arrive takes it as it is.
        if (args[1]?.waitUntil === "commit") return response;
        await page
          .locator('html[data-hydrated], html:not(:has(script[type="module"]:not([src])))')
          .waitFor({ state: "attached" });
        return response;
      };
    }
    await provide(page);
  },
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

/**
 * Records every Content-Security-Policy violation the page reports, from its first script on, in
 * every document it opens; the function returned reads those of the document open now.
 */
export async function watchCsp(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener("securitypolicyviolation", (event) => {
      seen.push(`${event.violatedDirective} ${event.blockedURI}`);
    });
  });
  return () =>
    page.evaluate(() => (window as unknown as { cspViolations?: string[] }).cspViolations ?? []);
}

/** Asserts that axe finds no WCAG 2.x A/AA violation on the page as it is now. */
export async function expectNoAxeViolations(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page })
    // By default AxeBuilder runs axe in each frame and then merges the frames' results in a new,
    // blank page of its own (for frames from other origins): a second page and a second copy of
    // axe for every check, half its time. A page without frames has nothing to merge, and axe's
    // run in the page itself finds the same violations (the same rules on the same elements).
    .setLegacyMode(page.frames().length === 1)
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"])
    // Every rule still runs on every element; only the violations are written up in full (the
    // passes, which nothing reads, made each check a fifth slower).
    .options({ resultTypes: ["violations"] })
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

/** Step 2: checks each segment (a checkbox, or the radio of an industry with one choice), then continues. */
export async function chooseSegments(page: Page, segments: string[]): Promise<void> {
  for (const segment of segments) {
    const choice = page.getByRole("checkbox", { name: segment, exact: true });
    await choice.or(page.getByRole("radio", { name: segment, exact: true })).check();
  }
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
  /** A city, and a ZIP code of the state shown, unless given. */
  city?: string;
  zipCode?: string;
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
  await page.getByLabel("City", { exact: true }).fill(answers.city ?? "Springfield");
  const state =
    (await page
      .locator("p", { hasText: /^State$/ })
      .locator("+ p")
      .textContent()) ?? "";
  const zipCode = answers.zipCode ?? sampleZipOf(isUsState(state) ? state : "Ohio");
  await page.getByLabel("ZIP code", { exact: true }).fill(zipCode);
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

/** A whole application as a browser journey enters it. */
export interface Application {
  industry: string;
  state: string;
  segments: string[];
  email: string;
  businessName: string;
  about: AboutYouAnswers;
  ownership: string;
  startYear: string;
}

/**
 * Every step from the start to the ownership question, filled in but not sent: the walk every
 * journey that needs a whole application takes (completeApplication sends it). `siteUrl`: a
 * server of the journey's own; the shared one when absent.
 */
export async function fillApplication(
  page: Page,
  application: Application,
  siteUrl = "",
): Promise<void> {
  await page.goto(`${siteUrl}/business-wizard`);
  await chooseIndustryAndState(page, application.industry, application.state);
  await chooseSegments(page, application.segments);
  await enterEmail(page, application.email);
  await enterBusinessName(page, application.businessName);
  await enterAboutYou(page, application.about);
  await enterOwnership(page, application.ownership, application.startYear);
}

/** A whole application, sent: the page is the Quote step's plan. */
export async function completeApplication(
  page: Page,
  application: Application,
  siteUrl = "",
): Promise<void> {
  await fillApplication(page, application, siteUrl);
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page).toHaveURL(/\/business-wizard\/quote$/);
}

/**
 * The fixed header's links and buttons that the viewport does not wholly show, each with its
 * edges: a fixed element running past the screen scrolls nothing, so `layoutProblems` misses it
 * ("Pedir cotización" ran to x=379 on a 360 px phone, issue 53).
 */
export async function headerOutsideViewport(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    return [...document.querySelectorAll("header a, header button")].flatMap((element) => {
      const box = element.getBoundingClientRect();
      if (box.width === 0 || !element.checkVisibility()) return [];
      if (box.left >= 0 && box.right <= width) return [];
      const text = (element.textContent ?? "").trim().replace(/\s+/g, " ");
      return [`"${text}" spans ${Math.round(box.left)} to ${Math.round(box.right)} px of ${width}`];
    });
  });
}

/**
 * What is wrong with the page's layout at the current viewport, scrolled to the top (where the
 * fixed header covers nothing): sideways scrolling, and any two things drawn on top of each other
 * (text, controls, images and icons; neither inside the other).
 * Text is measured by its lines, not by its element's box; what is clipped by a scrolling or
 * clipping ancestor (the carousel's cards) counts only where it shows; what is hidden, invisible
 * or visually hidden (1 px, for screen readers) does not count.
 */
export async function layoutProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    window.scrollTo({ top: 0, left: 0, behavior: "instant" });
    type Box = { left: number; top: number; right: number; bottom: number };
    const problems: string[] = [];
    const root = document.documentElement;
    if (root.scrollWidth > root.clientWidth) {
      problems.push(`scrolls sideways by ${root.scrollWidth - root.clientWidth} px`);
    }
    const describe = (element: Element) => {
      const text = (element.textContent ?? "").trim().replace(/\s+/g, " ").slice(0, 40);
      const label = element.getAttribute("aria-label") ?? element.getAttribute("name") ?? "";
      return `<${element.tagName.toLowerCase()}> "${text || label}"`;
    };
    /**
     * The part of `box` that the clipping boxes around it let show, or null when none (or a
     * visually hidden pixel) does. `from` is the first of them: a text's own element, a control's
     * parent.
     */
    const clipped = (from: Element | null, box: Box): Box | null => {
      // A DOMRect's edges are getters: copied one by one (a spread copies nothing).
      let visible = { left: box.left, top: box.top, right: box.right, bottom: box.bottom };
      for (let parent = from; parent; parent = parent.parentElement) {
        const style = getComputedStyle(parent);
        // Clipped to a shape (the visually hidden pattern clips to nothing): not measured.
        if (style.clipPath !== "none") return null;
        if (style.overflowX === "visible" && style.overflowY === "visible") continue;
        const edge = parent.getBoundingClientRect();
        visible = {
          left: Math.max(visible.left, edge.left),
          top: Math.max(visible.top, edge.top),
          right: Math.min(visible.right, edge.right),
          bottom: Math.min(visible.bottom, edge.bottom),
        };
      }
      return visible.right - visible.left > 2 && visible.bottom - visible.top > 2 ? visible : null;
    };
    const drawn: { element: Element; box: Box }[] = [];
    for (const element of document.body.querySelectorAll("*")) {
      if (element.closest("svg") && element.tagName.toLowerCase() !== "svg") continue;
      if (!element.checkVisibility({ opacityProperty: true, visibilityProperty: true })) continue;
      const isControl = element.matches(
        "input:not([type=hidden]), select, textarea, button, img, svg, video",
      );
      const boxes: Box[] = [];
      if (isControl) {
        boxes.push(element.getBoundingClientRect());
      } else {
        for (const node of element.childNodes) {
          if (node.nodeType !== Node.TEXT_NODE || !node.textContent?.trim()) continue;
          const range = document.createRange();
          range.selectNodeContents(node);
          boxes.push(...range.getClientRects());
        }
      }
      for (const box of boxes) {
        const visible = clipped(isControl ? element.parentElement : element, box);
        if (visible) drawn.push({ element, box: visible });
      }
    }
    const reported = new Set<string>();
    for (let i = 0; i < drawn.length; i += 1) {
      for (let j = i + 1; j < drawn.length; j += 1) {
        const a = drawn[i]!;
        const b = drawn[j]!;
        if (a.element === b.element) continue;
        if (a.element.contains(b.element) || b.element.contains(a.element)) continue;
        // Boxes that only touch, or overlap by a pixel of glyph overhang, are side by side.
        const across = Math.min(a.box.right, b.box.right) - Math.max(a.box.left, b.box.left);
        const down = Math.min(a.box.bottom, b.box.bottom) - Math.max(a.box.top, b.box.top);
        if (across <= 2 || down <= 2) continue;
        const message = `${describe(a.element)} overlaps ${describe(b.element)}`;
        if (!reported.has(message)) problems.push(message);
        reported.add(message);
      }
    }
    return problems;
  });
}
