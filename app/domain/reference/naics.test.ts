import { describe, expect, it } from "vitest";

import { INDUSTRIES } from "#app/domain/reference/industries.ts";
import {
  MAX_NAICS_SUGGESTIONS,
  NAICS_CODES,
  SEGMENT_NAICS,
  findNaics,
  naicsForSegments,
  suggestNaics,
} from "#app/domain/reference/naics.ts";

describe("the 2022 NAICS list", () => {
  it("holds every six-digit national industry once, each code six digits with a title", () => {
    // The 2022 edition has 1,012 U.S. national industries.
    expect(NAICS_CODES).toHaveLength(1012);
    expect(new Set(NAICS_CODES.map((naics) => naics.code)).size).toBe(1012);
    for (const { code, title } of NAICS_CODES) {
      expect(code).toMatch(/^\d{6}$/);
      expect(title.trim()).toBe(title);
      expect(title.length).toBeGreaterThan(2);
    }
  });

  it("uses the 2022 titles, not the 2017 ones", () => {
    expect(findNaics("458110")?.title).toBe("Clothing and Clothing Accessories Retailers");
    expect(findNaics("485310")?.title).toBe("Taxi and Ridesharing Services");
    expect(findNaics("624410")?.title).toBe("Child Care Services");
    // Codes the 2022 edition dropped.
    expect(findNaics("454110")).toBeUndefined();
    expect(findNaics("448140")).toBeUndefined();
  });
});

describe("each catalog segment's code", () => {
  const everySegment = INDUSTRIES.flatMap((industry) =>
    industry.segments.map((segment) => ({ industry: industry.id, segment })),
  );

  it("every segment of the six industries has a code, and no other name does", () => {
    expect(new Set(everySegment.map(({ segment }) => segment)).size).toBe(everySegment.length);
    expect(Object.keys(SEGMENT_NAICS).sort()).toEqual(
      everySegment.map(({ segment }) => segment).sort(),
    );
  });

  it.each(everySegment)("$segment: a real 2022 code with its official title", ({ segment }) => {
    const mapped = SEGMENT_NAICS[segment];
    expect(mapped?.code).toMatch(/^\d{6}$/);
    expect(findNaics(mapped!.code)).toEqual(mapped);
  });

  it("spot checks against the published titles", () => {
    expect(SEGMENT_NAICS["Plumbing"]).toEqual({
      code: "238220",
      title: "Plumbing, Heating, and Air-Conditioning Contractors",
    });
    expect(SEGMENT_NAICS["Food Truck"]).toEqual({ code: "722330", title: "Mobile Food Services" });
    expect(SEGMENT_NAICS["Insurance Agent"]).toEqual({
      code: "524210",
      title: "Insurance Agencies and Brokerages",
    });
    expect(SEGMENT_NAICS["Pest Control Services"]).toEqual({
      code: "561710",
      title: "Exterminating and Pest Control Services",
    });
  });
});

describe("the code a submission is filed under", () => {
  it("list industries: the first segment's code", () => {
    expect(naicsForSegments("construction", ["Roofing", "Plumbing"])).toEqual({
      code: "238160",
      title: "Roofing Contractors",
    });
    expect(naicsForSegments("food", ["Bar"])?.code).toBe("722410");
    expect(naicsForSegments("cleaning", ["Window Cleaning"])?.code).toBe("561720");
    expect(naicsForSegments("offices", ["Law Office"])?.code).toBe("541110");
  });

  it("a segment of another industry's list is not filed under that list's code", () => {
    expect(naicsForSegments("food", ["Roofing"])).toBeUndefined();
  });

  it("other: nothing unless a suggestion was picked, then that code", () => {
    expect(naicsForSegments("other", ["Photographer"])).toBeUndefined();
    expect(naicsForSegments("other", ["Manufacturing"])).toBeUndefined();
    expect(naicsForSegments("other", ["Photographer"], "541921")).toEqual({
      code: "541921",
      title: "Photography Studios, Portrait",
    });
  });

  it("offices' typed text takes the picked code; a code not in the 2022 list is refused", () => {
    expect(naicsForSegments("offices", ["Architect"])).toBeUndefined();
    expect(naicsForSegments("offices", ["Architect"], "541310")?.title).toBe(
      "Architectural Services",
    );
    expect(naicsForSegments("other", ["Web shop"], "454110")).toBeUndefined();
    expect(naicsForSegments("other", ["x"], "12345x")).toBeUndefined();
    expect(naicsForSegments("construction", [])).toBeUndefined();
  });
});

describe("suggestions for what a business typed", () => {
  it.each([
    ["Photographer", "541921"],
    ["Handyman", "236118"],
    ["Dog grooming", "812910"],
    ["Tattoo", "812199"],
    ["Yoga studio", "713940"],
    ["Web design", "541511"],
    ["Landscaping", "561730"],
    ["Food truck", "722330"],
    ["Plumber", "238220"],
    ["Accountant", "541211"],
    ["  wedding PHOTOGRAPHY  ", "541921"],
    ["hair salon", "812112"],
    ["shoe store", "458210"],
    ["Auto repair shop", "811111"],
  ])("%s: %s first", (typed, code) => {
    const suggestions = suggestNaics(typed);
    expect(suggestions[0]?.code).toBe(code);
    expect(suggestions.length).toBeLessThanOrEqual(5);
    for (const suggestion of suggestions) expect(findNaics(suggestion.code)).toEqual(suggestion);
  });

  it("nothing for empty text, stop words only or nonsense", () => {
    expect(suggestNaics("")).toEqual([]);
    expect(suggestNaics("   ")).toEqual([]);
    expect(suggestNaics("the and of")).toEqual([]);
    expect(suggestNaics("xqzv blorp")).toEqual([]);
    expect(suggestNaics("!!! ??? ***")).toEqual([]);
  });

  it("the limit is kept and capped", () => {
    expect(suggestNaics("repair", 2)).toHaveLength(2);
    expect(suggestNaics("repair", 0)).toEqual([]);
    expect(suggestNaics("repair", -3)).toEqual([]);
    expect(suggestNaics("repair", Number.NaN)).toEqual([]);
    expect(suggestNaics("repair", 1_000_000)).toHaveLength(MAX_NAICS_SUGGESTIONS);
  });

  it("only the first 100 characters are read", () => {
    expect(suggestNaics(`${"x".repeat(100)} plumber`)).toEqual([]);
  });

  it("text made to look like a pattern is read as words", () => {
    expect(suggestNaics("(a+)+$ .* [plumb")[0]?.code).toBe("238220");
  });

  it("long hostile input is handled without trouble", () => {
    const long = "plumber ".repeat(100_000);
    expect(suggestNaics(long)[0]?.code).toBe("238220");
    expect(suggestNaics("a".repeat(1_000_000))).toEqual([]);
  });
});
