import { describe, expect, it } from "vitest";

import { LOCALES, type Message } from "#app/domain/site/locales.ts";
import { getIndustry, INDUSTRY_IDS } from "#app/domain/reference/industries.ts";
import { MARKET_FIGURES, NATIONAL_BASIS_LABEL } from "#app/domain/reference/market-figures.ts";
import {
  allFaqs,
  getProductPage,
  PRODUCT_PAGES,
  publishedPrices,
} from "#app/domain/reference/product-pages.ts";
import { PRODUCT_LINES } from "#app/domain/reference/products.ts";

/** Every string of a page's copy in both languages (each message in each), to check them at once. */
function strings(value: unknown): string[] {
  if (typeof value === "string") return [value];
  // The copy's messages take no inputs.
  if (typeof value === "function")
    return LOCALES.map((locale) => (value as Message)({}, { locale }));
  if (Array.isArray(value)) return value.flatMap(strings);
  if (value && typeof value === "object") return Object.values(value).flatMap(strings);
  return [];
}

describe("the product pages' copy", () => {
  it("exists for exactly the ten product lines", () => {
    expect(Object.keys(PRODUCT_PAGES).sort()).toEqual(
      PRODUCT_LINES.map((line) => line.slug).sort(),
    );
    expect(() => getProductPage("pet-insurance")).toThrow();
  });

  it.each(PRODUCT_LINES.map((line) => [line.slug]))(
    "is complete for %s: headline, summary, who needs it, coverage and questions",
    (slug) => {
      const page = getProductPage(slug);
      expect(page.whoNeedsIt.examples.length).toBeGreaterThanOrEqual(3);
      expect(page.covered.length).toBeGreaterThanOrEqual(4);
      expect(page.notCovered.length).toBeGreaterThanOrEqual(3);
      expect(page.faqs.length).toBeGreaterThanOrEqual(4);
      for (const locale of LOCALES) {
        const words = (message: Message) => message({}, { locale });
        expect(words(page.headline), locale).not.toBe("");
        // The summary is also the page's meta description, which search engines cut at about 160.
        const summary = words(page.summary);
        expect(summary.length, locale).toBeGreaterThan(50);
        expect(summary.length, locale).toBeLessThanOrEqual(160);
        expect(words(page.intro).length, locale).toBeGreaterThan(summary.length / 2);
        const questions = allFaqs(page).map((faq) => words(faq.question));
        expect(new Set(questions).size, locale).toBe(questions.length);
        for (const faq of allFaqs(page)) {
          expect(words(faq.question), locale).toMatch(locale === "es" ? /^¿.*\?$/ : /\?$/);
          expect(words(faq.answer).length, locale).toBeGreaterThan(40);
        }
      }
    },
  );

  it("gives workers' comp the Workers' Compensation FAQ entry with five questions, first in order", () => {
    const page = getProductPage("workers-comp");
    expect(page.faqGroup?.title()).toBe("Workers' Compensation FAQ");
    expect(page.faqGroup?.faqs).toHaveLength(5);
    expect(allFaqs(page).slice(0, 5)).toEqual(page.faqGroup?.faqs);
    expect(allFaqs(page)).toHaveLength(5 + page.faqs.length);
  });

  it("shows workers' comp the published medians, a note on its limits and a policy card marked SAMPLE, on workers' comp only", () => {
    const page = getProductPage("workers-comp");
    // The spec's sample quotes ($85/mo, "$2M limit", "24/7 claims support", "Rated 4.8") had no
    // source: the page shows the published figures instead, each with its own (issue 26).
    const figures = MARKET_FIGURES["workers-comp"]!;
    const prices = publishedPrices("workers-comp");
    expect(prices.map((price) => price.figure)).toEqual([
      figures.national,
      ...INDUSTRY_IDS.flatMap((id) => figures.industries?.[id] ?? []),
      ...(figures.segments ?? []).map((segment) => segment.figure),
    ]);
    expect(prices[0]?.basis).toBe(NATIONAL_BASIS_LABEL);
    expect(prices.map((price) => price.basis)).toContain(getIndustry("offices").label);
    for (const { figure } of prices) expect(figure.source.url).toMatch(/^https:\/\//);
    // Workers' comp benefits have no dollar limit: no "$2M limit" anywhere on the page.
    expect(page.pricesPaid?.limitsNote()).toMatch(/no dollar limit/);
    expect(page.pricesPaid?.limitsNote({}, { locale: "es" })).toMatch(/sin límite en dólares/);
    expect(strings(page).join("\n")).not.toMatch(/\$\d+M|24\/7|claims support|rated \d/i);
    // The spec marks it VERIFIED; it is an example, and no certificate is ready to download.
    expect(page.samplePolicy?.status).toBe("SAMPLE");
    expect(strings(page.samplePolicy).join("\n")).not.toMatch(
      /verified|download|verificad|descarg/i,
    );
    for (const line of PRODUCT_LINES.filter((candidate) => candidate.slug !== "workers-comp")) {
      const other = getProductPage(line.slug);
      expect(other.faqGroup ?? other.pricesPaid ?? other.samplePolicy).toBeUndefined();
    }
  });

  it("spells Workers' Compensation with its apostrophe (and workers' comp, for short)", () => {
    for (const line of PRODUCT_LINES) {
      for (const text of [line.name, ...strings(getProductPage(line.slug))]) {
        expect(text, line.slug).not.toMatch(/\bworkers comp/i);
      }
    }
  });

  it("names no price, percentage or guarantee in its words (the prices are market-figures.ts's)", () => {
    for (const line of PRODUCT_LINES) {
      for (const text of strings(getProductPage(line.slug))) {
        expect(text, line.slug).not.toMatch(/\$\s?\d|\d\s?%|guarantee|garantiz/i);
      }
    }
  });
});
