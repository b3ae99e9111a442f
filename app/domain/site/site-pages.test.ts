import { describe, expect, it } from "vitest";

import { INDUSTRY_IDS } from "#app/domain/reference/industries.ts";
import { PRODUCT_LINES } from "#app/domain/reference/products.ts";
import {
  isWizardPath,
  MARKETING_PATHS,
  pagePath,
  productPath,
  QUOTE_PATH,
  quotePathForIndustry,
  SITEMAP_PATHS,
} from "#app/domain/site/site-pages.ts";

describe("the site's pages", () => {
  it("prerenders the landing page, the ten product pages and the pages the links lead to", () => {
    expect(MARKETING_PATHS).toEqual([
      "/",
      ...PRODUCT_LINES.map((line) => `/${line.slug}`),
      "/about",
      "/contact",
      "/talk-to-an-expert",
      "/privacy",
      "/terms",
      "/cookies",
      "/login",
    ]);
    expect(new Set(MARKETING_PATHS).size).toBe(MARKETING_PATHS.length);
  });

  it("lists every public page in the sitemap but the /login placeholder, plus the wizard", () => {
    expect(SITEMAP_PATHS).not.toContain("/login");
    expect(SITEMAP_PATHS).toContain(QUOTE_PATH);
    expect(SITEMAP_PATHS).toContain(productPath("general-liability"));
    expect(SITEMAP_PATHS).toHaveLength(MARKETING_PATHS.length);
  });

  it("links each industry to the wizard with that industry chosen", () => {
    expect(quotePathForIndustry("cleaning", "en")).toBe("/business-wizard?industry=cleaning");
    expect(quotePathForIndustry("cleaning", "es")).toBe("/es/business-wizard?industry=cleaning");
    for (const industry of INDUSTRY_IDS) {
      expect(
        new URL(quotePathForIndustry(industry, "en"), "http://x").searchParams.get("industry"),
      ).toBe(industry);
    }
  });

  it("names a prerendered page's location as the links do, without a trailing slash", () => {
    expect(pagePath("/workers-comp/")).toBe("/workers-comp");
    expect(pagePath("/workers-comp")).toBe("/workers-comp");
    expect(pagePath("/")).toBe("/");
  });

  it("tells the wizard's screens from the other pages (the header's call link, issue 26)", () => {
    for (const path of [
      QUOTE_PATH,
      `${QUOTE_PATH}/`,
      `${QUOTE_PATH}/questionnaire-2`,
      // The Spanish screens too: their header offers the agency's phone, not "Pedir cotización".
      `/es${QUOTE_PATH}`,
      `/es${QUOTE_PATH}/segments`,
    ]) {
      expect(isWizardPath(path), path).toBe(true);
    }
    for (const path of ["/", "/workers-comp", "/business-wizardry", "/login", "/es", "/es/login"]) {
      expect(isWizardPath(path), path).toBe(false);
    }
  });
});
