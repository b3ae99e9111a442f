import { describe, expect, it } from "vitest";

import { PRODUCT_TRUST_STATS, QUOTE_STEPS, TESTIMONIALS, TRUST_STATS } from "./marketing.ts";

describe("the marketing content", () => {
  it("has the spec's four trust figures, word for word", () => {
    expect(TRUST_STATS.map((stat) => `${stat.value} ${stat.label}`)).toEqual([
      "4.8/5 Customer Rating",
      "7 Minutes Average Quote Time",
      "A+ Rated Insurance Carrier",
      "100% Instant online access",
    ]);
  });

  it("has the product pages' trust figures: 4.8/5, A+ and a 10-minute setup", () => {
    expect(PRODUCT_TRUST_STATS.map((stat) => stat.value)).toEqual(["4.8/5", "A+", "10-minute"]);
  });

  it("promises the three steps of the landing page", () => {
    expect(QUOTE_STEPS.map((step) => step.title)).toEqual([
      "Tell us about your business",
      "Pick a plan",
      "Get your certificate instantly",
    ]);
  });

  it("has three testimonials, each with a quote, author, role and avatar initials", () => {
    expect(TESTIMONIALS).toHaveLength(3);
    for (const testimonial of TESTIMONIALS) {
      expect(testimonial.quote).not.toBe("");
      expect(testimonial.role).not.toBe("");
      expect(testimonial.initials).toMatch(/^[A-Z]{2}$/);
      expect(testimonial.author.startsWith(testimonial.initials[0]!)).toBe(true);
    }
  });
});
