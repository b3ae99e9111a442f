import { describe, expect, it } from "vitest";

import { INDUSTRIES } from "#app/domain/reference/industries.ts";
import { SEGMENT_NAICS } from "#app/domain/reference/naics.ts";
import { LINES_REVIEWED_ON, RULES_READ_ON } from "#app/domain/reference/source.ts";
import { US_STATES } from "#app/domain/reference/states.ts";
import { workersCompFor, WORKERS_COMP_STATES } from "#app/domain/reference/workers-comp-states.ts";

describe("the workers' compensation table", () => {
  it("has one entry for each of the 50 states, in the catalog's order", () => {
    expect(WORKERS_COMP_STATES.map((entry) => entry.state)).toEqual(US_STATES);
  });

  it("cites a source read on the research day for every state, including the unknown ones", () => {
    for (const entry of WORKERS_COMP_STATES) {
      expect(entry.sources.length, entry.state).toBeGreaterThan(0);
      for (const source of entry.sources) {
        expect(source.url, entry.state).toMatch(/^https?:\/\/[^\s]+$/);
        expect(source.publisher, entry.state).not.toBe("");
        expect([RULES_READ_ON, LINES_REVIEWED_ON], entry.state).toContain(source.read);
      }
    }
    expect(RULES_READ_ON).toBe("2026-11-23");
  });

  it("says what makes coverage required wherever the law requires it", () => {
    for (const entry of WORKERS_COMP_STATES.filter(
      (candidate) => candidate.status === "required",
    )) {
      expect(entry.minEmployees !== undefined || entry.alsoWhen !== undefined, entry.state).toBe(
        true,
      );
    }
  });

  it("records the thresholds the brief asked to verify", () => {
    const thresholds = Object.fromEntries(
      WORKERS_COMP_STATES.map((entry) => [entry.state, entry.minEmployees]),
    );
    expect(thresholds).toMatchObject({
      Alabama: 5,
      Arkansas: 3,
      California: 1,
      Florida: 4,
      Georgia: 3,
      Mississippi: 5,
      Missouri: 5,
      "North Carolina": 3,
      "South Carolina": 4,
      Tennessee: 5,
      Virginia: 3,
      "New York": 1,
    });
    expect(workersCompFor("Florida").construction).toMatchObject({
      minEmployees: 1,
      allConstruction: true,
    });
    expect(workersCompFor("Missouri").construction?.minEmployees).toBe(1);
    expect(workersCompFor("Tennessee").construction?.minEmployees).toBe(1);
    expect(workersCompFor("Kansas").alsoWhen?.()).toContain("$20,000");
  });

  it("marks Texas as elective and the four monopolistic states as state-fund only", () => {
    expect(workersCompFor("Texas").status).toBe("elective");
    const stateFundOnly = WORKERS_COMP_STATES.filter((entry) => entry.stateFundOnly).map(
      (entry) => entry.state,
    );
    expect(stateFundOnly).toEqual(["North Dakota", "Ohio", "Washington", "Wyoming"]);
  });

  it("lists for Wyoming exactly the segments outside construction whose NAICS codes the statute names", () => {
    const wyoming = workersCompFor("Wyoming").listedWork!;
    const listedByCode = INDUSTRIES.filter((industry) => industry.id !== "construction")
      .flatMap((industry) => industry.segments)
      .filter((segment) =>
        wyoming.naicsPrefixes.some((prefix) => SEGMENT_NAICS[segment]!.code.startsWith(prefix)),
      );
    expect(listedByCode.toSorted()).toEqual([...wyoming.segments].toSorted());
    expect(wyoming.segments).toContain("Gas Station");
  });

  it("gives every California licence rule a source read for the review", () => {
    for (const rule of workersCompFor("California").tradeLicences ?? []) {
      expect(rule.segments.length).toBeGreaterThan(0);
      for (const source of rule.sources) expect(source.read).toBe(LINES_REVIEWED_ON);
    }
  });

  it("leaves South Dakota unknown, because its sources disagree", () => {
    const southDakota = workersCompFor("South Dakota");
    expect(southDakota.status).toBe("unknown");
    expect(southDakota.sources.length).toBeGreaterThan(1);
  });
});
