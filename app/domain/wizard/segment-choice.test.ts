import { describe, expect, it } from "vitest";

import { getIndustry } from "#app/domain/reference/industries.ts";
import {
  choiceOfSegments,
  segmentsAreValid,
  segmentsSchema,
  segmentsToSend,
} from "#app/domain/wizard/segment-choice.ts";

const errorsOf = (result: { success: boolean; error?: { issues: Array<{ message: string }> } }) =>
  result.success ? [] : result.error!.issues.map((issue) => issue.message);

describe("what is sent on as segments", () => {
  it("for offices: the typed text if present, otherwise the selected item", () => {
    const offices = getIndustry("offices");
    expect(segmentsToSend(offices, { selected: ["Accountant"], searchQuery: "Architect" })).toEqual(
      ["Architect"],
    );
    expect(segmentsToSend(offices, { selected: ["Accountant"], searchQuery: "  " })).toEqual([
      "Accountant",
    ]);
  });
  it("for other: the typed text as the single segment", () => {
    expect(
      segmentsToSend(getIndustry("other"), { selected: [], searchQuery: " Photographer " }),
    ).toEqual(["Photographer"]);
  });
  it("otherwise: the selected list", () => {
    expect(
      segmentsToSend(getIndustry("food"), { selected: ["Bar", "Bakery"], searchQuery: "x" }),
    ).toEqual(["Bar", "Bakery"]);
  });
});

describe("step 2: segments", () => {
  it("food, construction and retail take 1 to 3 segments from their own list", () => {
    for (const id of ["food", "construction", "retail"] as const) {
      const industry = getIndustry(id);
      const schema = segmentsSchema(industry);
      const [a, b, c, d] = industry.segments;
      expect(schema.safeParse({ segments: [a] }).success).toBe(true);
      expect(schema.safeParse({ segments: [a, b, c] }).success).toBe(true);
      expect(errorsOf(schema.safeParse({ segments: [a, b, c, d] }))).toContain(
        "You can only select up to 3 segments",
      );
      expect(errorsOf(schema.safeParse({}))).toEqual(["Please choose at least one option"]);
      expect(schema.safeParse({ segments: ["Space Station"] }).success).toBe(false);
      expect(schema.safeParse({ segments: [a, a] }).success).toBe(false);
    }
    expect(segmentsSchema(getIndustry("food")).safeParse({ segments: ["Plumbing"] }).success).toBe(
      false,
    );
  });

  it("is built once for each industry and language, each keeping its own list and words", () => {
    const spanish = segmentsSchema(getIndustry("food"), "es");
    expect(errorsOf(spanish.safeParse({}))).toEqual(["Elija al menos una opción"]);
    // Asked for in English after Spanish, and for another industry: their own, not the first built.
    expect(errorsOf(segmentsSchema(getIndustry("food"), "en").safeParse({}))).toEqual([
      "Please choose at least one option",
    ]);
    expect(
      segmentsSchema(getIndustry("construction"), "es").safeParse({ segments: ["Bakery"] }).success,
    ).toBe(false);
    expect(segmentsSchema(getIndustry("food"), "es")).toBe(spanish);
  });

  it("cleaning takes exactly one service from its list", () => {
    const schema = segmentsSchema(getIndustry("cleaning"));
    expect(schema.parse({ segment: "Window Cleaning" })).toEqual({ segments: ["Window Cleaning"] });
    expect(errorsOf(schema.safeParse({}))).toEqual(["Please choose your main service"]);
    expect(schema.safeParse({ segment: "Bakery" }).success).toBe(false);
  });

  it("offices continue with a selection or typed text, and the text wins", () => {
    const schema = segmentsSchema(getIndustry("offices"));
    expect(schema.parse({ segment: "Accountant" }).segments).toEqual(["Accountant"]);
    expect(schema.parse({ segment: "Accountant", searchQuery: "Architect" }).segments).toEqual([
      "Architect",
    ]);
    expect(schema.parse({ searchQuery: "Architect" }).segments).toEqual(["Architect"]);
    expect(errorsOf(schema.safeParse({}))).toEqual(["Please choose a profession or type one"]);
    expect(schema.safeParse({ segment: "Bakery" }).success).toBe(false);
    expect(schema.safeParse({ searchQuery: "x".repeat(101) }).success).toBe(false);
  });

  it("other continues with 1 to 100 characters of text, trimmed", () => {
    const schema = segmentsSchema(getIndustry("other"));
    expect(schema.parse({ searchQuery: "  Photographer " }).segments).toEqual(["Photographer"]);
    expect(errorsOf(schema.safeParse({ searchQuery: "   " }))).toEqual([
      "Please tell us what your business does",
    ]);
    expect(errorsOf(schema.safeParse({}))).toEqual(["Please tell us what your business does"]);
    expect(schema.safeParse({ searchQuery: "x".repeat(100) }).success).toBe(true);
    expect(schema.safeParse({ searchQuery: "x".repeat(101) }).success).toBe(false);
  });
});

describe("Continue on the segments step (section 5)", () => {
  const ready = (id: Parameters<typeof getIndustry>[0], selected: string[], searchQuery: string) =>
    segmentsToSend(getIndustry(id), { selected, searchQuery }).length > 0;
  it("needs text for other, a choice or text for offices, a choice for the rest", () => {
    expect(ready("other", [], "  ")).toBe(false);
    expect(ready("other", [], "Photographer")).toBe(true);
    expect(ready("offices", [], "")).toBe(false);
    expect(ready("offices", ["Accountant"], "")).toBe(true);
    expect(ready("offices", [], "Architect")).toBe(true);
    expect(ready("food", [], "typed text does not count")).toBe(false);
    expect(ready("cleaning", ["Window Cleaning"], "")).toBe(true);
  });
});

describe("saved segments read back as the screen's choice", () => {
  it("keeps list items as chosen and other text as typed, and accepts only what the schema does", () => {
    const offices = getIndustry("offices");
    expect(choiceOfSegments(offices, ["Architect"])).toEqual({
      selected: [],
      searchQuery: "Architect",
    });
    const [listed] = offices.segments;
    expect(choiceOfSegments(offices, [listed!])).toEqual({ selected: [listed], searchQuery: "" });
    expect(choiceOfSegments(getIndustry("other"), ["Photographer"])).toEqual({
      selected: [],
      searchQuery: "Photographer",
    });
    expect(segmentsAreValid(offices, ["Architect"])).toBe(true);
    expect(segmentsAreValid(offices, [])).toBe(false);
    expect(segmentsAreValid(getIndustry("food"), ["Bar", "Bakery"])).toBe(true);
    expect(segmentsAreValid(getIndustry("food"), ["Bar", "Bar"])).toBe(false);
    expect(segmentsAreValid(getIndustry("food"), ["Plumbing"])).toBe(false);
    expect(segmentsAreValid(getIndustry("cleaning"), ["Window Cleaning", "Bar"])).toBe(false);
  });
});
