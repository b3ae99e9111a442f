import { describe, expect, it } from "vitest";

import { withRouteStyles, type RouteStyles } from "#app/server/http/route-styles.server.ts";

const STYLESHEET = "/assets/app-AbC123.css";
const styles: RouteStyles = {
  stylesheet: STYLESHEET,
  styles: [".a{color:red}"],
  routes: { "routes/wizard/industry-and-state": 0 },
};
const page = (link: string) =>
  `<html><head><meta charset="utf-8"/>${link}<title>Quote</title></head><body>Hi</body></html>`;
const LINK = `<link nonce="n0nce" rel="stylesheet" href="${STYLESHEET}" data-precedence="default"/>`;

describe("a wizard page's own rules (decision 053)", () => {
  it("go in a style with the request's nonce, and the whole stylesheet into a noscript", () => {
    expect(withRouteStyles(page(LINK), "routes/wizard/industry-and-state", "n0nce", styles)).toBe(
      page(
        `<style nonce="n0nce">.a{color:red}</style>` +
          `<noscript><link rel="stylesheet" href="${STYLESHEET}"/></noscript>`,
      ),
    );
  });

  it("leave the link where the build kept no rules for the route, or for another stylesheet", () => {
    expect(withRouteStyles(page(LINK), "routes/admin/leads", "n0nce", styles)).toBe(page(LINK));
    expect(withRouteStyles(page(LINK), undefined, "n0nce", styles)).toBe(page(LINK));
    const other = LINK.replace(STYLESHEET, "/assets/app-Other9.css");
    expect(withRouteStyles(page(other), "routes/wizard/industry-and-state", "n0nce", styles)).toBe(
      page(other),
    );
    // Without a build's file (the development server), or without a nonce to allow the style.
    expect(withRouteStyles(page(LINK), "routes/wizard/industry-and-state", "n0nce", null)).toBe(
      page(LINK),
    );
    expect(withRouteStyles(page(LINK), "routes/wizard/industry-and-state", "", styles)).toBe(
      page(LINK),
    );
  });
});
