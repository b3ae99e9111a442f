import { globSync, readFileSync } from "node:fs";

import { describe, expect, it } from "vitest";

import { possessive } from "#app/domain/site/possessive.ts";
import { m } from "#app/paraglide/messages.js";

describe("possessive", () => {
  it("adds 's to a name, and the apostrophe alone to a name ending in s", () => {
    expect(possessive("Hiscox")).toBe("Hiscox's");
    expect(possessive("Travelers")).toBe("Travelers'");
    expect(possessive("THE HARTFORD INSURANCE GROUPS")).toBe("THE HARTFORD INSURANCE GROUPS'");
    expect(possessive("Liberty Mutual ")).toBe("Liberty Mutual's");
  });

  it("puts the owner after the thing in Spanish", () => {
    expect(possessive("Travelers", "es")).toBe("de Travelers");
  });

  it("is what the visitor's pages say of an insurer's quote, in both languages", () => {
    const ofInsurer = (locale: "en" | "es") => possessive("Travelers", locale);
    expect(m.bind_quote_title({ ofInsurer: ofInsurer("en") }, { locale: "en" })).toBe(
      "Travelers' quote",
    );
    expect(m.bind_quote_title({ ofInsurer: ofInsurer("es") }, { locale: "es" })).toBe(
      "Cotización de Travelers",
    );
    expect(m.bind_title({ ofInsurer: ofInsurer("en") }, { locale: "en" })).toBe(
      "Request to bind Travelers' quote",
    );
  });
});

describe("every possessive of a name", () => {
  it("goes through possessive(): no code or message adds 's to a name it does not know", () => {
    const files = globSync("{app/**/*.{ts,tsx},messages/*.json}", {
      // The helper and this test say it themselves.
      exclude: (path) => path.includes("paraglide") || path.includes("possessive."),
    });
    // A name put in by code, then 's: `${insurer}'s`, {insurer}&apos;s, "{insurer}'s".
    const named = /\}(?:'|&apos;|\u2019)s\b/;
    const offenders = files.filter((file) => named.test(readFileSync(file, "utf8")));
    expect(offenders).toEqual([]);
  });
});
