import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

import { describe, expect, it } from "vitest";

import { describeLifetime, SITE_COOKIES } from "#app/domain/site/site-cookies.ts";

describe("the site's cookies", () => {
  it("are named in one list, which the server's cookies take their names from", () => {
    const serverDir = path.join(import.meta.dirname, "..", "..", "server");
    const sources = readdirSync(serverDir)
      .filter((file) => file.endsWith(".server.ts"))
      .map((file) => readFileSync(path.join(serverDir, file), "utf8"))
      .join("\n");
    // A cookie made with a name written out would be missing from the cookie policy.
    expect(sources).not.toMatch(/(createCookie|siteCookie)\([^)]*["'`]/);
    for (const cookie of Object.values(SITE_COOKIES)) {
      expect(cookie.name).toMatch(/^cp_[a-z]+$/);
      expect(cookie.purpose().length).toBeGreaterThan(20);
    }
  });

  it("says each lifetime in words", () => {
    expect(describeLifetime(SITE_COOKIES.wizard.maxAgeSeconds)).toBe("7 days");
    expect(describeLifetime(SITE_COOKIES.admin.maxAgeSeconds)).toBe("12 hours");
    expect(describeLifetime(SITE_COOKIES.flash.maxAgeSeconds)).toBe("60 seconds");
    expect(describeLifetime(120)).toBe("2 minutes");
    expect(describeLifetime(86_400)).toBe("1 day");
    expect(describeLifetime(SITE_COOKIES.wizard.maxAgeSeconds, "es")).toBe("7 días");
    expect(describeLifetime(SITE_COOKIES.flash.maxAgeSeconds, "es")).toBe("60 segundos");
    expect(describeLifetime(3600, "es")).toBe("1 hora");
  });
});
