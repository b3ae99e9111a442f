import { describe, expect, it } from "vitest";

import { htmlErrors } from "#tests/support/html-checker.ts";

const page = (style: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>A page</title>` +
  `<style>${style}</style></head><body><p>Hello</p></body></html>`;

describe("the Nu HTML Checker", () => {
  it("passes CSS its grammar predates, and still reports any other mistake in a page's CSS", async () => {
    const modern =
      '@property --tw-x{syntax:"*";inherits:false}' +
      "@starting-style{.a{opacity:0}}" +
      ".a{transition-behavior:allow-discrete;margin-trim:block;transition-property:--tw-x}";
    expect(await htmlErrors(new Map([["modern", page(modern)]]))).toEqual([]);
    const errors = await htmlErrors(new Map([["typo", page(`${modern}.b{colr:red}`)]]));
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(/^typo, line 1: CSS: “colr”: Property “colr” doesn't exist/);
  });
});
