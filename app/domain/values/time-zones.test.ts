import { describe, expect, it } from "vitest";

import { dayEndIn, dayIn, dayStartIn, isTimeZone, zoneNameAt } from "./time-zones.ts";

describe("time zones", () => {
  it("knows real zone names and refuses others", () => {
    expect(isTimeZone("America/New_York")).toBe(true);
    expect(isTimeZone("UTC")).toBe(true);
    expect(isTimeZone("Eastern")).toBe(false);
    expect(isTimeZone("")).toBe(false);
  });

  it("gives the day an instant falls on at the agency", () => {
    // 03:30 UTC on the 26th is still the evening of the 25th in New York.
    expect(dayIn(new Date("2026-11-26T03:30:00Z"), "America/New_York")).toBe("2026-11-25");
    expect(dayIn(new Date("2026-11-26T05:00:00Z"), "America/New_York")).toBe("2026-11-26");
    expect(dayIn(new Date("2026-11-26T03:30:00Z"), "UTC")).toBe("2026-11-26");
  });

  it("gives each zone its own day for one minute, and the next day a minute on", () => {
    // The same minute asked in two zones, then again in the first, then the minute after its
    // midnight: the day remembered for a minute is the zone's own, and only that minute's.
    const lastMinute = new Date("2026-11-26T04:59:10Z");
    expect(dayIn(lastMinute, "America/New_York")).toBe("2026-11-25");
    expect(dayIn(new Date("2026-11-26T04:59:50Z"), "Asia/Tokyo")).toBe("2026-11-26");
    expect(dayIn(new Date("2026-11-26T04:59:59.999Z"), "America/New_York")).toBe("2026-11-25");
    expect(dayIn(new Date("2026-11-26T05:00:00Z"), "America/New_York")).toBe("2026-11-26");
    expect(dayIn(lastMinute, "America/New_York")).toBe("2026-11-25");
  });

  it("starts a day at the zone's midnight, in and out of daylight saving", () => {
    expect(dayStartIn("2026-11-26", "America/New_York").toISOString()).toBe(
      "2026-11-26T05:00:00.000Z",
    );
    expect(dayStartIn("2026-07-04", "America/New_York").toISOString()).toBe(
      "2026-07-04T04:00:00.000Z",
    );
    // The day the clocks go forward (2 am) and back (2 am) still start at midnight.
    expect(dayStartIn("2026-03-08", "America/New_York").toISOString()).toBe(
      "2026-03-08T05:00:00.000Z",
    );
    expect(dayEndIn("2026-03-08", "America/New_York").toISOString()).toBe(
      "2026-03-09T04:00:00.000Z",
    );
    expect(dayStartIn("2026-11-01", "America/New_York").toISOString()).toBe(
      "2026-11-01T04:00:00.000Z",
    );
    expect(dayStartIn("2026-11-26", "Asia/Kolkata").toISOString()).toBe("2026-11-25T18:30:00.000Z");
    expect(dayStartIn("2026-11-26", "Pacific/Honolulu").toISOString()).toBe(
      "2026-11-26T10:00:00.000Z",
    );
  });

  it("starts a day where a clock change skips its midnight at the change", () => {
    // Chile goes from 23:59:59 on 5 September 2026 to 01:00 on the 6th (UTC-4 to UTC-3).
    expect(dayStartIn("2026-09-06", "America/Santiago").toISOString()).toBe(
      "2026-09-06T04:00:00.000Z",
    );
    expect(dayIn(new Date("2026-09-06T04:00:00Z"), "America/Santiago")).toBe("2026-09-06");
    expect(dayIn(new Date("2026-09-06T03:59:00Z"), "America/Santiago")).toBe("2026-09-05");
  });

  it("names the zone as its clocks do", () => {
    expect(zoneNameAt(new Date("2026-11-26T12:00:00Z"), "America/New_York")).toBe("EST");
    expect(zoneNameAt(new Date("2026-07-04T12:00:00Z"), "America/New_York")).toBe("EDT");
  });
});
