import { describe, expect, it } from "vitest";

import { allFaqs, getProductPage, PRODUCT_PAGES } from "./product-pages.ts";
import { PRODUCT_LINES } from "./products.ts";

/** Every string of a page's copy, to check them all at once. */
function strings(value: unknown): string[] {
  if (typeof value === "string") return [value];
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
      expect(page.headline).not.toBe("");
      // The summary is also the page's meta description, which search engines cut at about 160.
      expect(page.summary.length).toBeGreaterThan(50);
      expect(page.summary.length).toBeLessThanOrEqual(160);
      expect(page.intro.length).toBeGreaterThan(page.summary.length / 2);
      expect(page.whoNeedsIt.examples.length).toBeGreaterThanOrEqual(3);
      expect(page.covered.length).toBeGreaterThanOrEqual(4);
      expect(page.notCovered.length).toBeGreaterThanOrEqual(3);
      expect(page.faqs.length).toBeGreaterThanOrEqual(4);
      const questions = allFaqs(page).map((faq) => faq.question);
      expect(new Set(questions).size).toBe(questions.length);
      for (const faq of allFaqs(page)) {
        expect(faq.question).toMatch(/\?$/);
        expect(faq.answer.length).toBeGreaterThan(40);
      }
    },
  );

  it("gives workers' comp the Workers' Compensation FAQ entry with five questions, first in order", () => {
    const page = getProductPage("workers-comp");
    expect(page.faqGroup?.title).toBe("Workers' Compensation FAQ");
    expect(page.faqGroup?.faqs).toHaveLength(5);
    expect(allFaqs(page).slice(0, 5)).toEqual(page.faqGroup?.faqs);
    expect(allFaqs(page)).toHaveLength(5 + page.faqs.length);
  });

  it("shows the spec's two sample quotes and a policy card marked SAMPLE on workers' comp only", () => {
    const page = getProductPage("workers-comp");
    expect(
      page.sampleQuotes?.map(({ monthlyPrice, limit, claimsSupport, rating }) => [
        monthlyPrice,
        limit,
        claimsSupport,
        rating,
      ]),
    ).toEqual([
      ["$85/mo", "$2M limit", "24/7 claims support", "4.8"],
      ["$75/mo", "$1M limit", "Business-hours support", "4.7"],
    ]);
    // The spec marks it VERIFIED; it is an example, and no certificate is ready to download.
    expect(page.samplePolicy?.status).toBe("SAMPLE");
    expect(JSON.stringify(page.samplePolicy)).not.toMatch(/verified|download/i);
    for (const line of PRODUCT_LINES.filter((candidate) => candidate.slug !== "workers-comp")) {
      const other = getProductPage(line.slug);
      expect(other.faqGroup ?? other.sampleQuotes ?? other.samplePolicy).toBeUndefined();
    }
  });

  it("spells Workers' Compensation with its apostrophe (and workers' comp, for short)", () => {
    for (const line of PRODUCT_LINES) {
      for (const text of [line.name, ...strings(getProductPage(line.slug))]) {
        expect(text, line.slug).not.toMatch(/\bworkers comp/i);
      }
    }
  });

  it("names no price, percentage or guarantee outside the sample quotes", () => {
    for (const line of PRODUCT_LINES) {
      const copy = { ...getProductPage(line.slug), sampleQuotes: undefined };
      for (const text of strings(copy)) {
        expect(text, line.slug).not.toMatch(/\$\s?\d|\d\s?%|guarantee/i);
      }
    }
  });
});
