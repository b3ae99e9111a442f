import type { Page } from "@playwright/test";

import { INDUSTRIES } from "#app/domain/reference/industries.ts";
import {
  productTrustStats,
  quoteSteps,
  trustHeading,
  trustStats,
} from "#app/domain/site/marketing.ts";
import { allFaqs, getProductPage, publishedPrices } from "#app/domain/reference/product-pages.ts";
import { MENU_PRODUCT_LINES, PRODUCT_LINES } from "#app/domain/reference/products.ts";
import { QUOTE_LINK_LABEL } from "#app/domain/site/site-pages.ts";
import { site } from "#app/domain/site/site.ts";

import { expect, test } from "./helpers.ts";

/** The page's JSON-LD blocks, parsed. */
async function jsonLd(page: Page): Promise<Record<string, unknown>[]> {
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
  return blocks.map((block) => JSON.parse(block) as Record<string, unknown>);
}

test.describe("the landing page", () => {
  test("shows the spec's sections, ships only the site script, and describes itself", async ({
    page,
    baseURL,
  }) => {
    const response = await page.goto("/");
    expect(response?.status()).toBe(200);
    await expect(page).toHaveTitle(`CoverPilot: ${site.headline}`);
    await expect(page.getByRole("heading", { level: 1, name: site.headline })).toBeVisible();
    const main = page.getByRole("main");
    const quoteLinks = main.getByRole("link", { name: QUOTE_LINK_LABEL, exact: true });
    await expect(quoteLinks).toHaveCount(2);
    for (const link of await quoteLinks.all()) {
      await expect(link).toHaveAttribute("href", "/business-wizard");
    }

    const trust = page.getByRole("region", { name: trustHeading("home") });
    for (const stat of trustStats()) {
      await expect(trust.getByText(stat.value, { exact: true })).toBeVisible();
      await expect(trust.getByText(stat.label, { exact: true })).toBeVisible();
    }

    const products = page.locator("#how-it-works");
    await expect(
      products.getByRole("heading", { name: "Insurance Solutions for Small Business" }),
    ).toBeVisible();
    await expect(
      products.getByText("Learn more about coverage matching your unique needs"),
    ).toBeVisible();
    const cards = products.getByRole("article");
    await expect(cards).toHaveCount(10);
    for (const [index, line] of PRODUCT_LINES.entries()) {
      const card = cards.nth(index);
      await expect(card.getByRole("heading", { name: line.name })).toHaveCount(1);
      await expect(
        card.getByRole("link", { name: `Learn more about ${line.name}` }),
      ).toHaveAttribute("href", `/${line.slug}`);
    }

    await expect(page.getByRole("heading", { name: "Covered in three steps" })).toBeVisible();
    for (const step of quoteSteps()) {
      await expect(page.getByRole("heading", { name: step.title })).toBeVisible();
    }
    await expect(
      page.getByRole("region", { name: "What business owners say" }).getByRole("figure"),
    ).toHaveCount(3);
    const cta = page.getByRole("region", { name: "Ready to protect your business?" });
    await expect(cta.getByRole("link", { name: QUOTE_LINK_LABEL, exact: true })).toHaveAttribute(
      "href",
      "/business-wizard",
    );
    await expect(cta.getByRole("link", { name: "Talk to an Expert" })).toHaveAttribute(
      "href",
      "/talk-to-an-expert",
    );

    // No framework JavaScript: the one script is the site script, small and external.
    const scripts = page.locator("script:not([type='application/ld+json'])");
    await expect(scripts).toHaveCount(1);
    const src = await scripts.getAttribute("src");
    expect(src).toMatch(/^\/assets\/site-enhancements-[\w-]+\.js$/);
    const script = await page.request.get(src!);
    expect((await script.body()).length).toBeLessThan(20_000);

    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", `${baseURL}/`);
    await expect(page.locator('meta[property="og:url"]')).toHaveAttribute("content", `${baseURL}/`);
    expect((await jsonLd(page)).map((data) => data["@type"])).toEqual(["Organization"]);
  });

  test("the carousel moves a card per button or arrow key, loops at both ends and drags freely", async ({
    page,
  }) => {
    await page.emulateMedia({ reducedMotion: "reduce" });
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto("/#how-it-works");
    const carousel = page.getByRole("region", { name: "Coverage types" });
    const track = carousel.getByRole("list");
    const scrollLeft = () => track.evaluate((element) => Math.round(element.scrollLeft));
    const end = await track.evaluate((element) => element.scrollWidth - element.clientWidth);
    expect(end).toBeGreaterThan(0);

    await carousel.getByRole("button", { name: "Next" }).click();
    await expect.poll(scrollLeft).toBeGreaterThan(0);
    await carousel.getByRole("button", { name: "Previous" }).click();
    await expect.poll(scrollLeft).toBe(0);
    // Before the first card comes the last.
    await carousel.getByRole("button", { name: "Previous" }).click();
    await expect.poll(scrollLeft).toBeGreaterThanOrEqual(end - 2);
    // After the last comes the first, by keyboard too.
    await carousel.getByRole("button", { name: "Next" }).press("ArrowRight");
    await expect.poll(scrollLeft).toBe(0);
    await carousel.getByRole("link", { name: "Learn more about General Liability" }).focus();
    await page.keyboard.press("ArrowRight");
    await expect.poll(scrollLeft).toBeGreaterThan(0);

    // Dragged with the mouse, it follows freely, and a drag that starts on a link does not open it.
    await carousel.getByRole("button", { name: "Previous" }).click();
    await expect.poll(scrollLeft).toBe(0);
    const link = carousel.getByRole("link", { name: "Learn more about General Liability" });
    const box = (await link.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2 - 500, box.y + box.height / 2, { steps: 12 });
    await page.mouse.up();
    await expect.poll(scrollLeft).toBeGreaterThan(200);
    expect(new URL(page.url()).pathname).toBe("/");
  });

  test("the header's four controls fit a 360 px screen", async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 800 });
    await page.goto("/");
    const header = page.getByRole("banner");
    for (const control of [
      header.getByRole("button", { name: "Menu" }),
      header.getByRole("link", { name: "CoverPilot" }),
      header.getByRole("link", { name: "Log in" }),
      header.getByRole("link", { name: QUOTE_LINK_LABEL, exact: true }),
    ]) {
      const box = (await control.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(360);
    }
  });

  test("a learn-more tooltip opens after 700 ms and Escape hides it", async ({ page }) => {
    await page.goto("/");
    const link = page.getByRole("link", { name: "Learn more about Cyber Insurance" });
    const tooltip = page.getByRole("tooltip", { name: "Apply in about 10-15 minutes" });
    await link.scrollIntoViewIfNeeded();
    await expect(tooltip).toBeHidden();
    await link.hover();
    // While hovered it waits 700 ms before it shows (and until then is not exposed as a tooltip).
    expect(
      await page
        .locator("#cyber-insurance-tooltip")
        .evaluate((element) => getComputedStyle(element).transitionDelay),
    ).toContain("0.7s");
    await expect(tooltip).toBeVisible();
    await expect(link).toHaveAccessibleDescription("Apply in about 10-15 minutes");
    await page.keyboard.press("Escape");
    await expect(tooltip).toBeHidden();
  });

  test("the Get Quote icon turns on load and every minute, and not at all under reduced motion", async ({
    page,
  }) => {
    await page.clock.install();
    await page.goto("/");
    const icon = page
      .getByRole("banner")
      .getByRole("link", { name: QUOTE_LINK_LABEL, exact: true })
      .locator("svg");
    const animation = () =>
      icon.evaluate((element) => {
        const style = getComputedStyle(element);
        return `${style.animationName} ${style.animationDuration} ${style.animationIterationCount}`;
      });
    const turning = () => icon.evaluate((element) => element.getAnimations().length);
    // Once on load, for a second, and never a running animation in between (it keeps the browser
    // drawing frames).
    expect(await animation()).toBe("spin-once 1s 1");
    await page.clock.runFor(30_000);
    await expect.poll(turning).toBe(0);
    await page.clock.runFor(30_000);
    expect(await turning()).toBe(1);
    await page.emulateMedia({ reducedMotion: "reduce" });
    expect(await animation()).toMatch(/^none /);
    await expect.poll(turning).toBe(0);
    await page.clock.runFor(60_000);
    expect(await turning()).toBe(0);
  });
});

test.describe("the product pages", () => {
  test("each of the ten has its copy, industry grid, trust figures, questions and structured data", async ({
    page,
    baseURL,
  }) => {
    for (const line of PRODUCT_LINES) {
      const copy = getProductPage(line.slug);
      const response = await page.goto(`/${line.slug}`);
      expect(response?.status(), line.slug).toBe(200);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(copy.headline());
      await expect(page).toHaveTitle(`${copy.headline()} | CoverPilot`);
      await expect(page.locator('meta[name="description"]')).toHaveAttribute(
        "content",
        copy.summary(),
      );
      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
        "href",
        `${baseURL}/${line.slug}`,
      );
      await expect(
        page.getByRole("main").getByRole("link", { name: QUOTE_LINK_LABEL, exact: true }),
      ).toHaveCount(2);

      const industries = page.getByRole("region", { name: "Get a quote for your industry" });
      for (const industry of INDUSTRIES) {
        await expect(industries.getByRole("link", { name: industry.label })).toHaveAttribute(
          "href",
          `/business-wizard?industry=${industry.id}`,
        );
      }
      const covered = page.getByRole("region", { name: "What's Covered" });
      for (const item of copy.covered) {
        await expect(covered.getByRole("heading", { name: item.title() })).toBeVisible();
      }
      const trust = page.getByRole("region", { name: trustHeading("product") });
      for (const stat of productTrustStats(line)) {
        await expect(trust.getByText(stat.value, { exact: true })).toBeVisible();
      }
      await expect(page.getByRole("heading", { name: "Common Questions" })).toBeVisible();
      await expect(
        page.getByRole("region", { name: "Ready to protect your business?" }).getByRole("link", {
          name: "Talk to an Expert",
        }),
      ).toBeVisible();

      const data = await jsonLd(page);
      expect(data.map((block) => block["@type"])).toEqual(["Organization", "FAQPage"]);
      expect((data[1]!.mainEntity as unknown[]).length).toBe(allFaqs(copy).length);
    }
  });

  test("workers' comp: what other businesses paid, the sample policy card and the Workers' Compensation FAQ", async ({
    page,
  }) => {
    await page.goto("/workers-comp");
    // The spec's sample quotes had no source (issue 26): the published medians stand instead.
    const prices = page.getByRole("region", {
      name: "Published premiums for other small businesses",
    });
    for (const { basis } of publishedPrices("workers-comp")) {
      await expect(prices.getByRole("heading", { name: basis })).toBeVisible();
    }
    await expect(prices.getByText("Sample", { exact: true })).toBeVisible();

    // Common Questions: several entries open at once.
    const faq = page.getByRole("group").filter({ hasText: "Workers' Compensation FAQ" });
    const partTime = page.getByRole("group").filter({ hasText: "Do part-time employees count?" });
    await faq.getByText("Workers' Compensation FAQ").click();
    await partTime.getByText("Do part-time employees count?").click();
    const group = getProductPage("workers-comp").faqGroup!;
    for (const question of group.faqs) {
      await expect(faq.getByText(question.question())).toBeVisible();
    }
    await expect(
      partTime.getByText(/part-time and seasonal employees usually count/),
    ).toBeVisible();
    await expect(faq.getByText(group.faqs[0]!.answer())).toBeVisible();
  });
});

test.describe("the side menu", () => {
  test("opens, expands Products, navigates to a line and is closed there", async ({ page }) => {
    await page.goto("/about");
    const menu = page.getByRole("navigation", { name: "Site menu" });
    await expect(menu).toBeHidden();
    await page.getByRole("button", { name: "Menu" }).click();
    await expect(menu).toBeVisible();
    for (const item of ["Home", "About Us", "Contact", "Log in", QUOTE_LINK_LABEL]) {
      await expect(menu.getByRole("link", { name: item, exact: true })).toBeVisible();
    }
    await expect(menu.getByRole("link", { name: QUOTE_LINK_LABEL, exact: true })).toHaveAttribute(
      "href",
      "/business-wizard",
    );
    const products = menu.getByText("Products", { exact: true });
    await products.click();
    for (const line of MENU_PRODUCT_LINES) {
      await expect(menu.getByRole("link", { name: line.name })).toHaveAttribute(
        "href",
        `/${line.slug}`,
      );
    }
    await expect(menu.getByRole("link", { name: "General Liability" })).toHaveCount(0);
    await products.click();
    await expect(menu.getByRole("link", { name: "Cyber Insurance" })).toBeHidden();
    await products.click();
    await menu.getByRole("link", { name: "Cyber Insurance" }).click();
    await expect(page).toHaveURL(/\/cyber-insurance$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(
      "Cyber Insurance for Small Businesses",
    );
    await expect(menu).toBeHidden();
    // On a product page the menu opens with Products expanded and the page marked.
    await page.getByRole("button", { name: "Menu" }).click();
    await expect(menu.getByRole("link", { name: "Cyber Insurance" })).toHaveAttribute(
      "aria-current",
      "page",
    );
    await page.keyboard.press("Escape");
    await expect(menu).toBeHidden();
    // Back does not bring the page back with the menu open.
    await page.goBack();
    await expect(page).toHaveURL(/\/about$/);
    await expect(menu).toBeHidden();
  });

  test("works from the keyboard: focus moves in and stays, Escape closes it and returns focus", async ({
    page,
  }) => {
    await page.goto("/");
    const button = page.getByRole("button", { name: "Menu" });
    const menu = page.getByRole("navigation", { name: "Site menu" });
    await button.focus();
    await page.keyboard.press("Enter");
    await expect(menu).toBeVisible();
    await expect(menu.getByRole("link", { name: "Home" })).toBeFocused();
    // Focus stays inside: from the first control back to the last, and round again.
    await menu.getByRole("button", { name: "Close" }).focus();
    await page.keyboard.press("Shift+Tab");
    await expect(menu.getByRole("link", { name: QUOTE_LINK_LABEL, exact: true })).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(menu.getByRole("button", { name: "Close" })).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(menu).toBeHidden();
    await expect(button).toBeFocused();

    // The Close button closes it too.
    await page.keyboard.press("Enter");
    await expect(menu).toBeVisible();
    await menu.getByRole("button", { name: "Close" }).click();
    await expect(menu).toBeHidden();
  });
});

test.describe("the footer", () => {
  test("has the site's links, the agency's phone and this year's copyright", async ({ page }) => {
    await page.goto("/privacy");
    const footer = page.getByRole("contentinfo");
    const links: [string, string][] = [
      ["Home", "/"],
      ["Products", "/#how-it-works"],
      ["About Us", "/about"],
      ["Contact", "/contact"],
      ["Log in", "/login"],
      ["Privacy", "/privacy"],
      ["Terms", "/terms"],
      ["Cookies", "/cookies"],
      // The (sample) agency's one phone: no product line, no second line unless the agency has one.
      ["(888) 555-0199", "tel:+18885550199"],
    ];
    for (const [name, href] of links) {
      await expect(footer.getByRole("link", { name, exact: true })).toHaveAttribute("href", href);
    }
    await expect(footer.locator('a[href^="tel:"]')).toHaveCount(1);
    // No social profiles but the agency's (AGENCY_SOCIAL_LINKS), and the sample has none.
    await expect(footer.getByRole("list", { name: "Social media" })).toHaveCount(0);
    await expect(footer).toContainText(`© ${new Date().getFullYear()} CoverPilot`);
    await expect(footer).toContainText(site.description);

    await footer.getByRole("link", { name: "Products" }).click();
    await expect(page).toHaveURL(/\/#how-it-works$/);
    await expect(
      page.getByRole("heading", { name: "Insurance Solutions for Small Business" }),
    ).toBeInViewport();

    for (const [name, path, heading] of [
      ["Terms", "/terms", "Terms of Use"],
      ["Cookies", "/cookies", "Cookie Policy"],
      ["About Us", "/about", "About CoverPilot"],
      ["Contact", "/contact", "Contact Us"],
      ["Log in", "/login", "Log in"],
    ] as const) {
      await page.getByRole("contentinfo").getByRole("link", { name, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`${path}$`));
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(heading);
    }
  });
});

test.describe("errors and search engines", () => {
  test("an unknown path answers 404 with the spec's copy and a way home", async ({ page }) => {
    const response = await page.goto("/no-such-page");
    expect(response?.status()).toBe(404);
    await expect(page).toHaveTitle("Page not found | CoverPilot");
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("404");
    await expect(page.getByText("Oops! Page not found")).toBeVisible();
    await page.getByRole("main").getByRole("link", { name: "Return to Home" }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test("/sitemap.xml lists every public page and /robots.txt names it", async ({
    request,
    baseURL,
  }) => {
    const sitemap = await request.get("/sitemap.xml");
    expect(sitemap.status()).toBe(200);
    expect(sitemap.headers()["content-type"]).toContain("application/xml");
    const xml = await sitemap.text();
    const locations = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);
    for (const path of ["/", "/workers-comp", "/general-liability", "/about", "/business-wizard"]) {
      expect(locations).toContain(`${baseURL}${path}`);
    }
    expect(locations).not.toContain(`${baseURL}/login`);
    const robots = await request.get("/robots.txt");
    expect(await robots.text()).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
  });
});
