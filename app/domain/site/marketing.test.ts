import { describe, expect, it } from "vitest";

import {
  productTrustStats,
  quoteSteps,
  testimonials,
  trustStats,
} from "#app/domain/site/marketing.ts";
import { PRODUCT_LINES } from "#app/domain/reference/products.ts";

const realProof = {
  customerRating: { value: "4.6/5", source: "118 Google reviews, March 2027" },
  carrierRating: { value: "A", source: "AM Best rating of our carriers" },
  testimonials: [
    { quote: "Real words.", author: "Ann Real", role: "Owner, Real Co", initials: "AR" },
  ],
};

describe("the marketing content", () => {
  it("marks the spec's ratings as samples until the agency supplies its own", () => {
    expect(trustStats({ testimonials: [] })).toEqual([
      { value: "4.8/5", label: "Customer Rating", sample: true },
      { value: "10-20", label: "Minutes to apply" },
      { value: "A+ Rated", label: "Insurance Carrier", sample: true },
      { value: "$0", label: "To apply, no obligation" },
    ]);
    expect(trustStats(realProof)).toEqual([
      { value: "4.6/5", label: "Customer Rating", source: "118 Google reviews, March 2027" },
      { value: "10-20", label: "Minutes to apply" },
      { value: "A", label: "Insurance Carrier", source: "AM Best rating of our carriers" },
      { value: "$0", label: "To apply, no obligation" },
    ]);
  });

  it("gives each product page its own line's time to apply and no other", () => {
    const fiduciary = PRODUCT_LINES.find((line) => line.slug === "fiduciary-liability")!;
    const figures = productTrustStats(fiduciary, { testimonials: [] });
    expect(figures.map((stat) => `${stat.value} ${stat.label}`)).toEqual([
      "4.8/5 Customer Rating",
      "A+ Rated Insurance Carrier",
      "$0 To apply, no obligation",
      "15-20 Minutes to apply",
    ]);
    expect(figures.filter((stat) => stat.sample)).toHaveLength(2);
  });

  it("promises three steps that happen: an agent sends quotes, the agency issues the certificate", () => {
    expect(quoteSteps().map((step) => step.title)).toEqual([
      "Tell us about your business",
      "Get quotes from a licensed agent",
      "Pick a plan and get covered",
    ]);
    const copy = quoteSteps()
      .map((step) => `${step.title} ${step.description}`)
      .join(" ");
    expect(copy).not.toMatch(/instant|download/i);
    // Issue 54: this site's agency issues certificates (decision 045), not the insurer.
    expect(copy).toContain("Once your policy is bound, we issue your certificate");
    expect(copy).not.toMatch(/insurer issues/);
  });

  it("shows three sample testimonials, marked, until the agency supplies its own", () => {
    const samples = testimonials({ testimonials: [] });
    expect(samples.sample).toBe(true);
    expect(samples.items).toHaveLength(3);
    for (const testimonial of samples.items) {
      expect(testimonial.quote).not.toMatch(/\d+ ?(%|minutes)|instant|certificate/i);
      expect(testimonial.initials).toMatch(/^[A-Z]{2}$/);
      expect(testimonial.author.startsWith(testimonial.initials[0]!)).toBe(true);
    }
    expect(testimonials(realProof)).toEqual({ items: realProof.testimonials, sample: false });
  });
});
