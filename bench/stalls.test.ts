import { describe, expect, it } from "vitest";

import { coveredMs, shareCovered } from "./stalls.ts";
import { largest } from "./stats.ts";

describe("what the slowest saves waited on (bench/stalls.ts)", () => {
  it("counts the time spans cover within an interval, overlaps once", () => {
    // 0-10 and 5-15 overlap (15 ms in all); 20-30 is clipped at 25; 40-50 is outside.
    const spans: [number, number][] = [
      [5, 10],
      [0, 10],
      [20, 10],
      [40, 10],
    ];
    expect(coveredMs(0, 25, spans)).toBe(20);
    expect(coveredMs(30, 40, spans)).toBe(0);
    // A span inside another adds nothing.
    expect(coveredMs(0, 10, [...spans, [2, 3]])).toBe(10);
  });

  it("gives the share of the saves' time the spans cover", () => {
    // Two saves of 100 ms: a 50 ms pause in the first, none in the second.
    const saves: [number, number][] = [
      [1_000, 100],
      [2_000, 100],
    ];
    expect(shareCovered(saves, [[1_020, 50]])).toBe(0.25);
    expect(shareCovered(saves, [])).toBe(0);
    expect(shareCovered([], [[0, 10]])).toBe(0);
  });

  it("takes the longest of more durations than a call may have arguments", () => {
    const many = Array.from({ length: 300_000 }, (_, index) => index % 1_000);
    expect(largest(many)).toBe(999);
    expect(largest([])).toBe(0);
  });
});
