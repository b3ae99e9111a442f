import { describe, expect, it } from "vitest";

import { INDUSTRIES } from "#app/domain/reference/industries.ts";
import { segmentName, SEGMENTS_WITH_TERMS } from "#app/domain/reference/segment-terms.ts";

describe("the segments' names in each language", () => {
  it("are there for every segment of every industry, and for nothing else", () => {
    const listed = INDUSTRIES.flatMap((industry) => industry.segments);
    expect([...SEGMENTS_WITH_TERMS].sort()).toEqual([...listed].sort());
  });

  it("are the catalog's English word for word, and Spanish below /es", () => {
    for (const segment of SEGMENTS_WITH_TERMS) expect(segmentName(segment, "en")).toBe(segment);
    expect(segmentName("HVAC Work", "es")).toContain("(HVAC)");
    expect(segmentName("Food Truck", "es")).not.toBe("Food Truck");
  });

  it("leave what a visitor typed as typed", () => {
    expect(segmentName("Dog grooming", "es")).toBe("Dog grooming");
    expect(segmentName("constructor", "es")).toBe("constructor");
  });
});
