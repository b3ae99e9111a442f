import { describe, expect, it } from "vitest";

import { INDUSTRIES, INDUSTRY_IDS } from "#app/domain/reference/industries.ts";
import {
  figureBasisText,
  figureMeasure,
  MARKET_FIGURES,
  NATIONAL_BASIS_LABEL,
  NO_FIGURE_TEXT,
  publishedRange,
  TYPICAL_PRICE_DISCLAIMER,
  typicalMonthlyPrice,
} from "#app/domain/reference/market-figures.ts";
import { PRODUCT_LINES } from "#app/domain/reference/products.ts";
import { FIGURES_GATHERED_IN } from "#app/domain/reference/source.ts";

describe("the published figures", () => {
  it("keep the disclaimer and the fallback words of issue 15, a median called a median (issue 54)", () => {
    expect(TYPICAL_PRICE_DISCLAIMER).toBe(
      "Typical premium (median), not a quote. The final price is set by the insurer after underwriting.",
    );
    expect(NO_FIGURE_TEXT).toBe("Ask an agent");
  });

  it("are keyed by product lines, and name segments that the wizard offers", () => {
    const slugs = PRODUCT_LINES.map((line) => line.slug);
    expect(Object.keys(MARKET_FIGURES).toSorted()).toEqual(slugs.toSorted());
    for (const figures of Object.values(MARKET_FIGURES)) {
      for (const segment of figures.segments ?? []) {
        const industry = INDUSTRIES.find((candidate) => candidate.id === segment.industry)!;
        for (const name of segment.segments) expect(industry.segments).toContain(name);
      }
    }
  });

  it("carry a source and the month they were gathered", () => {
    for (const figures of Object.values(MARKET_FIGURES)) {
      const medians = [
        figures.national,
        ...Object.values(figures.industries ?? {}),
        ...(figures.segments ?? []).map((segment) => segment.figure),
      ].filter((figure) => figure !== undefined);
      const sources = [
        ...medians.map((figure) => figure.source),
        ...(figures.range?.sources ?? []),
      ];
      for (const source of sources) {
        expect(source.url).toMatch(/^https:\/\//);
        expect(source.read).toBe(FIGURES_GATHERED_IN);
      }
    }
    expect(FIGURES_GATHERED_IN).toBe("2026-11");
  });
});

describe("typicalMonthlyPrice", () => {
  it("gives the industry's figure where the table has one for that line", () => {
    const price = typicalMonthlyPrice("cyber-insurance", "offices")!;
    expect(price.monthly).toBe(123);
    expect(price.yearly).toBeUndefined();
    expect(price.basis).toEqual({ kind: "industry", label: "Offices & Professionals" });
    expect(price.source.url).toContain("techinsurance.com");

    expect(typicalMonthlyPrice("business-owners-policy", "retail")).toMatchObject({
      monthly: 65,
      yearly: 790,
      basis: { kind: "industry" },
    });
  });

  it("gives a segment's figure when the business is that kind, the industry's or national otherwise", () => {
    expect(
      typicalMonthlyPrice("business-owners-policy", "food", ["Restaurant", "Bar"]),
    ).toMatchObject({
      monthly: 251,
      yearly: 3010,
      basis: { kind: "segment", label: "Restaurants" },
    });
    expect(typicalMonthlyPrice("business-owners-policy", "food", ["Bakery"])).toMatchObject({
      monthly: 57,
      basis: { kind: "national", label: NATIONAL_BASIS_LABEL },
    });
    expect(typicalMonthlyPrice("workers-comp", "cleaning", ["Janitorial Services"])?.monthly).toBe(
      165,
    );
    expect(typicalMonthlyPrice("workers-comp", "cleaning", ["Window Cleaning"])?.monthly).toBe(45);
    expect(
      typicalMonthlyPrice("business-owners-policy", "construction", ["General Contractor"])
        ?.monthly,
    ).toBe(121);
  });

  it("falls back to the national median, with its year figure, for an industry without one", () => {
    expect(typicalMonthlyPrice("directors-and-officers", "construction")).toMatchObject({
      monthly: 138,
      yearly: 1653,
      basis: { kind: "national" },
    });
    for (const industry of INDUSTRY_IDS) {
      expect(typicalMonthlyPrice("errors-and-omissions", industry)?.monthly).toBe(59);
    }
  });

  it("has no median for EPLI, crime or fiduciary liability, nor for an unknown line", () => {
    for (const slug of [
      "employment-practices-liability",
      "crime-insurance",
      "fiduciary-liability",
      "pet",
    ]) {
      expect(typicalMonthlyPrice(slug, "retail")).toBeUndefined();
    }
  });

  it("keeps the published ranges of EPLI and crime as context, and none for fiduciary", () => {
    expect(publishedRange("employment-practices-liability")?.text).toContain("$800 to $5,000");
    expect(publishedRange("crime-insurance")?.text).toContain("$650 to $2,500");
    expect(publishedRange("fiduciary-liability")).toBeUndefined();
    expect(publishedRange("cyber-insurance")).toBeUndefined();
  });
});

describe("how each figure is worded (issue 26)", () => {
  it("says whose median it is and whether it comes from policies bought or quotes", () => {
    const national = typicalMonthlyPrice("general-liability", "other", [])!;
    expect(figureBasisText(national)).toBe(
      "national median, all small businesses, from policies Insureon customers bought",
    );
    const contractors = typicalMonthlyPrice("general-liability", "construction", [
      "General Contractor",
    ])!;
    expect(figureBasisText(contractors)).toBe(
      "median for general contractors, from quotes given to businesses that applied through Insureon",
    );
    const offices = typicalMonthlyPrice("cyber-insurance", "offices", [])!;
    expect(figureMeasure(offices.source)).toBe("quotes");
    // A page that does not say how its median was made is worded as published, no more.
    const directors = typicalMonthlyPrice("directors-and-officers", "other", [])!;
    expect(figureBasisText(directors)).toBe(
      "national median, all small businesses, as Insureon publishes it",
    );
  });
});
