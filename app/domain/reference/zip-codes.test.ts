import { describe, expect, it } from "vitest";

import { US_STATES } from "#app/domain/reference/states.ts";
import {
  sampleZipOf,
  usualPlaceOfZip,
  zipUsuallyElsewhere,
} from "#app/domain/reference/zip-codes.ts";

describe("where a ZIP code usually is", () => {
  it("names each state's own prefixes, and every state has some", () => {
    for (const state of US_STATES) {
      const zip = sampleZipOf(state);
      expect(zip, state).toMatch(/^\d{5}$/);
      expect(usualPlaceOfZip(zip), zip).toBe(state);
      expect(zipUsuallyElsewhere(zip, state)).toBeUndefined();
    }
    expect(usualPlaceOfZip("10001")).toBe("New York");
    expect(usualPlaceOfZip("60601")).toBe("Illinois");
    expect(usualPlaceOfZip("73301")).toBe("Texas");
    expect(usualPlaceOfZip("88510")).toBe("Texas");
    expect(usualPlaceOfZip("99501")).toBe("Alaska");
    expect(usualPlaceOfZip("20500")).toBe("the District of Columbia");
  });

  it("says where a ZIP code across a state line is usually, for the wizard to ask", () => {
    // Fishers Island, New York; Texhoma, Texas; Fort Campbell (Kentucky's ZIP, partly Tennessee).
    expect(zipUsuallyElsewhere("06390", "New York")).toBe("Connecticut");
    expect(zipUsuallyElsewhere("73960", "Texas")).toBe("Oklahoma");
    expect(zipUsuallyElsewhere("42223", "Tennessee")).toBe("Kentucky");
    expect(zipUsuallyElsewhere("42223", "Kentucky")).toBeUndefined();
  });

  it("asks nothing of a prefix no range holds, a ZIP code not yet whole, or without a state", () => {
    expect(usualPlaceOfZip("00100")).toBeUndefined();
    expect(zipUsuallyElsewhere("00100", "Ohio")).toBeUndefined();
    expect(zipUsuallyElsewhere("6060", "Ohio")).toBeUndefined();
    expect(zipUsuallyElsewhere("60601", undefined)).toBeUndefined();
    expect(zipUsuallyElsewhere(" 60601-1234 ", "Ohio")).toBe("Illinois");
    expect(zipUsuallyElsewhere("09001", "Ohio")).toBe("military mail (APO/FPO)");
  });
});
