import { describe, expect, it } from "vitest";

import {
  catalogSegments,
  hasSegmentFilter,
  INDUSTRIES,
  INDUSTRY_IDS,
  matchesSegmentFilter,
  MAX_SEGMENTS,
} from "#app/domain/reference/industries.ts";
import { OWNERSHIP_STRUCTURES } from "#app/domain/reference/ownership-structures.ts";
import {
  ANY_LINE_APPLY_TIME,
  applyTime,
  MENU_PRODUCT_LINES,
  PRODUCT_LINES,
} from "#app/domain/reference/products.ts";
import { US_STATES } from "#app/domain/reference/states.ts";

describe("the catalog", () => {
  it("has the six industries with the spec's labels", () => {
    expect(INDUSTRIES.map((industry) => [industry.id, industry.label])).toEqual([
      ["construction", "Construction"],
      ["food", "Food & Beverage"],
      ["retail", "Retail & E-Commerce"],
      ["offices", "Offices & Professionals"],
      ["cleaning", "Cleaning"],
      ["other", "Other Industries"],
    ]);
    expect(INDUSTRY_IDS).toHaveLength(6);
  });

  it("has each industry's segment list at the spec's length, without repeats", () => {
    const lengths = Object.fromEntries(
      INDUSTRIES.map((industry) => [industry.id, industry.segments.length]),
    );
    expect(lengths).toEqual({
      food: 6,
      construction: 27,
      retail: 42,
      offices: 13,
      cleaning: 15,
      other: 7,
    });
    for (const industry of INDUSTRIES) {
      expect(new Set(industry.segments).size).toBe(industry.segments.length);
    }
    expect(MAX_SEGMENTS).toBe(3);
  });

  it("chooses segments as the spec says per industry", () => {
    const selection = Object.fromEntries(
      INDUSTRIES.map((industry) => [industry.id, industry.selection]),
    );
    expect(selection).toEqual({
      construction: "multiple",
      food: "multiple",
      retail: "multiple",
      offices: "single-with-search",
      cleaning: "single",
      other: "free-text",
    });
  });

  it("has the 50 states, without DC or territories", () => {
    expect(US_STATES).toHaveLength(50);
    expect(new Set(US_STATES).size).toBe(50);
    expect(US_STATES).not.toContain("District of Columbia");
    expect(US_STATES).not.toContain("Puerto Rico");
    expect(US_STATES).toContain("Wyoming");
  });

  it("has ten coverage types in the carousel and nine lines in the menu, without General Liability", () => {
    expect(PRODUCT_LINES.map((line) => line.name)).toEqual([
      "General Liability",
      "Workers' Compensation",
      "Business Owner's Policy",
      "Cyber Insurance",
      "Errors & Omissions (E&O)",
      "Professional Liability",
      "Employment Practices Liability",
      "Directors & Officers (D&O)",
      "Crime Insurance",
      "Fiduciary Liability",
    ]);
    expect(MENU_PRODUCT_LINES.map((line) => line.slug)).toEqual([
      "workers-comp",
      "business-owners-policy",
      "cyber-insurance",
      "errors-and-omissions",
      "professional-liability",
      "employment-practices-liability",
      "directors-and-officers",
      "crime-insurance",
      "fiduciary-liability",
    ]);
  });

  it("states each line's time to apply from section 9, and the span of them all", () => {
    const times = Object.fromEntries(PRODUCT_LINES.map((line) => [line.slug, applyTime(line)]));
    expect(times["workers-comp"]).toBe("10 minutes");
    expect(times["business-owners-policy"]).toBe("10 minutes");
    expect(times["directors-and-officers"]).toBe("15-20 minutes");
    expect(times["fiduciary-liability"]).toBe("15-20 minutes");
    for (const slug of [
      "errors-and-omissions",
      "cyber-insurance",
      "professional-liability",
      "employment-practices-liability",
      "crime-insurance",
    ]) {
      expect(times[slug]).toBe("10-15 minutes");
    }
    expect(ANY_LINE_APPLY_TIME).toBe("10-20 minutes");
  });

  it("has the six ownership structures", () => {
    expect(OWNERSHIP_STRUCTURES).toEqual([
      "Individual / Sole Proprietorship",
      "Partnership",
      "Limited Liability Company",
      "Corporation",
      "Trust",
      "Other Entity",
    ]);
  });
});

describe("the segment filter", () => {
  it("is shown above the long lists only", () => {
    const filtered = INDUSTRIES.filter(hasSegmentFilter).map((industry) => industry.id);
    expect(filtered).toEqual(["construction", "retail"]);
  });

  it("matches every word typed, whatever the case, and everything when nothing is typed", () => {
    const construction = INDUSTRIES.find((industry) => industry.id === "construction")!;
    const matching = (typed: string) =>
      construction.segments.filter((segment) => matchesSegmentFilter(segment, typed));
    expect(matching("hvac")).toEqual(["HVAC Work"]);
    expect(matching("  install   DOOR ")).toEqual([
      "Door and Window Installation Service and Repair",
    ]);
    expect(matching("")).toHaveLength(27);
    expect(matching("submarine")).toEqual([]);
  });
});

describe("segment names used by other data", () => {
  it("are taken when the catalog has them, and refused with their names when not", () => {
    expect(catalogSegments("Bakery", "Roofing")).toEqual(["Bakery", "Roofing"]);
    expect(() => catalogSegments("Bakery", "Roofer")).toThrow(
      "Not a segment of the catalog: Roofer",
    );
  });
});
