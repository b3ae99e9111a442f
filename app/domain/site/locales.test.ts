import { describe, expect, it } from "vitest";

import {
  basePath,
  languagesStamp,
  localeOfPath,
  localizedPath,
  siteLanguages,
} from "#app/domain/site/locales.ts";
import {
  alternatePaths,
  linkPath,
  pageLanguages,
  prerenderedPaths,
  sitemapEntries,
} from "#app/domain/site/site-pages.ts";

describe("a page's language", () => {
  it("is Spanish at /es and below, English everywhere else", () => {
    expect(localeOfPath("/es")).toBe("es");
    expect(localeOfPath("/es/")).toBe("es");
    expect(localeOfPath("/es/about")).toBe("es");
    expect(localeOfPath("/")).toBe("en");
    expect(localeOfPath("/about")).toBe("en");
    // A path that only starts with the letters is English.
    expect(localeOfPath("/essentials")).toBe("en");
  });

  it("moves a path between languages and back", () => {
    expect(localizedPath("/", "es")).toBe("/es");
    expect(localizedPath("/about", "es")).toBe("/es/about");
    expect(localizedPath("/es/about", "en")).toBe("/about");
    expect(localizedPath("/es", "en")).toBe("/");
    expect(localizedPath("/es/about", "es")).toBe("/es/about");
    expect(basePath("/es")).toBe("/");
    expect(basePath("/workers-comp")).toBe("/workers-comp");
  });
});

describe("the languages offered", () => {
  it("are English alone while Spanish is off", () => {
    expect(siteLanguages(false)).toEqual(["en"]);
    expect(alternatePaths("/", siteLanguages(false))).toEqual([]);
    expect(languagesStamp(siteLanguages(false))).toBe("en");
  });

  it("are both for a translated page once Spanish is on, English alone for the others", () => {
    const both = siteLanguages(true);
    expect(languagesStamp(both)).toBe("en es");
    expect(pageLanguages("/", both)).toEqual(["en", "es"]);
    expect(alternatePaths("/es", both)).toEqual([
      { locale: "en", path: "/" },
      { locale: "es", path: "/es" },
    ]);
    expect(pageLanguages("/business-wizard", both)).toEqual(["en", "es"]);
    expect(pageLanguages("/business-wizard/quote", both)).toEqual(["en", "es"]);
    expect(pageLanguages("/business-wizard/policy/certificate", both)).toEqual(["en", "es"]);
    // The lead desk is English only (its operators work in English).
    expect(pageLanguages("/admin/submissions", both)).toEqual(["en"]);
  });

  it("lead a link to a page's version in the language, else to the English page", () => {
    expect(linkPath("/business-wizard/email", "es")).toBe("/es/business-wizard/email");
    expect(linkPath("/es/business-wizard/email", "en")).toBe("/business-wizard/email");
    // A page named by a pattern: one segment for each of its parameters, no more.
    expect(linkPath("/business-wizard/quotes/7c9e6679/bind", "es")).toBe(
      "/es/business-wizard/quotes/7c9e6679/bind",
    );
    expect(linkPath("/business-wizard/quotes/7c9e6679/x/bind", "es")).toBe(
      "/business-wizard/quotes/7c9e6679/x/bind",
    );
    // A page with no Spanish version (the desk): the English page, from either language.
    expect(linkPath("/admin/submissions", "es")).toBe("/admin/submissions");
    expect(linkPath("/business-wizard/quote#sharpen", "es")).toBe(
      "/es/business-wizard/quote#sharpen",
    );
    expect(linkPath("/business-wizard?industry=food", "es")).toBe(
      "/es/business-wizard?industry=food",
    );
  });

  it("reach the sitemap and the build's prerendered pages", () => {
    const english = sitemapEntries(siteLanguages(false));
    expect(english.map((entry) => entry.path)).not.toContain("/es");
    expect(english.every((entry) => entry.alternates.length === 0)).toBe(true);
    const both = sitemapEntries(siteLanguages(true));
    expect(both.filter((entry) => entry.path === "/" || entry.path === "/es")).toEqual([
      { path: "/", alternates: alternatePaths("/", siteLanguages(true)) },
      { path: "/es", alternates: alternatePaths("/", siteLanguages(true)) },
    ]);
    expect(prerenderedPaths(siteLanguages(true))).toContain("/es");
    expect(prerenderedPaths(siteLanguages(false))).not.toContain("/es");
    // The wizard's screens are rendered for each visitor, in either language.
    expect(prerenderedPaths(siteLanguages(true))).not.toContain("/es/business-wizard");
  });
});
