import { describe, expect, it } from "vitest";

import { UNKEPT_PROMISES } from "#tests/support/honest-copy.ts";

import { m } from "#app/paraglide/messages.js";
import { LOCALES, type Message } from "#app/domain/site/locales.ts";

import { SAMPLE_AGENCY } from "#app/domain/site/agency.ts";
import type { AgencyProof } from "#app/domain/site/agency-proof.ts";
import * as cookies from "#app/domain/site/site-cookies.ts";
import * as marketFigures from "#app/domain/reference/market-figures.ts";
import * as marketing from "#app/domain/site/marketing.ts";
import * as messages from "#app/domain/site/messages.ts";
import * as productPages from "#app/domain/reference/product-pages.ts";
import * as products from "#app/domain/reference/products.ts";
import * as quoteRequest from "#app/domain/quote/quote-request.ts";
import * as sitePages from "#app/domain/site/site-pages.ts";
import * as site from "#app/domain/site/site.ts";
import { textsConsentText } from "#app/domain/wizard/wizard.ts";

/** The catalogs' messages (messages/*.json), which the copy modules hold instead of their words. */
const MESSAGES = new Set<unknown>(Object.values(m));

/** Every string in a value: its own, its items', its properties', its messages' in each language. */
function strings(value: unknown): string[] {
  if (typeof value === "string") return [value];
  if (MESSAGES.has(value)) {
    // A catalog message (the set holds nothing else); one without inputs gives its whole text.
    return LOCALES.map((locale) => (value as Message)({}, { locale }));
  }
  if (Array.isArray(value)) return value.flatMap(strings);
  if (value && typeof value === "object") return Object.values(value).flatMap(strings);
  return [];
}

/** Proof the agency could supply, to see the copy it would bring out. */
const PROVEN: AgencyProof = {
  customerRating: { value: "4.9/5", source: "120 Google reviews" },
  carrierRating: { value: "A", source: "AM Best" },
  testimonials: [{ quote: "Helpful.", author: "A. Customer", role: "Owner", initials: "AC" }],
};

/** The copy the pages show: every constant of the copy modules, and what their functions say. */
function siteCopy(): string[] {
  const modules = [
    site,
    sitePages,
    marketing,
    productPages,
    products,
    messages,
    cookies,
    quoteRequest,
    marketFigures,
  ];
  const lines = products.PRODUCT_LINES;
  return [
    ...modules.flatMap((module) => strings(Object.values(module))),
    ...lines.flatMap((line) => strings(productPages.getProductPage(line.slug))),
    ...[undefined, PROVEN].flatMap((proof) => [
      ...strings(marketing.trustStats(proof)),
      ...lines.flatMap((line) => strings(marketing.productTrustStats(line, proof))),
      ...strings(marketing.testimonials(proof)),
      marketing.trustHeading("home", proof),
      marketing.trustHeading("product", proof),
    ]),
    ...["phone", "email"].map((channel) =>
      quoteRequest.whatHappensNext(channel, { ...SAMPLE_AGENCY, sample: true }),
    ),
    quoteRequest.quoteConsentText({ ...SAMPLE_AGENCY, sample: true }),
    textsConsentText(SAMPLE_AGENCY.name),
  ];
}

describe("the site's copy (issue 26)", () => {
  it("promises no instant quote, no AI and no big savings", () => {
    const copy = siteCopy();
    // The walk reaches the copy: the headline, a product page's words, the trust headings.
    expect(copy).toContain(site.site.headline);
    expect(copy).toContain(productPages.getProductPage("workers-comp").headline());
    expect(copy.length).toBeGreaterThan(500);
    for (const text of copy) expect(text).not.toMatch(UNKEPT_PROMISES);
  });

  it("names every link to the wizard with one label", () => {
    expect(sitePages.QUOTE_LINK_LABEL).toBe("Get a quote");
  });

  it("says business owners trust or choose the agency only once its own proof is set", () => {
    const samples: AgencyProof = { testimonials: [] };
    for (const page of ["home", "product"] as const) {
      expect(marketing.trustHeading(page, samples)).not.toMatch(/trust|choose/i);
    }
    expect(marketing.trustHeading("home", PROVEN)).toBe("Trusted by business owners like you");
    expect(marketing.trustHeading("product", PROVEN)).toBe(
      `Why business owners choose ${site.site.brand}`,
    );
    // A carrier rating alone is no word from customers.
    const carrierOnly: AgencyProof = { carrierRating: PROVEN.carrierRating, testimonials: [] };
    expect(marketing.hasCustomerProof(carrierOnly)).toBe(false);
  });

  it("promises no time for the agent's reply: that is the agency's to promise", () => {
    for (const channel of ["phone", "email"]) {
      expect(quoteRequest.whatHappensNext(channel, { ...SAMPLE_AGENCY, sample: true })).not.toMatch(
        /business day|hours?\b|within|today|tomorrow/i,
      );
    }
    // The agency's own promise, as its setting says it.
    expect(
      quoteRequest.whatHappensNext("phone", { ...SAMPLE_AGENCY, sample: false, responseHours: 4 }),
    ).toMatch(/^A licensed agent reviews your request and contacts you by phone within 4 hours\./);
    expect(
      quoteRequest.whatHappensNext("email", { ...SAMPLE_AGENCY, sample: true, responseHours: 1 }),
    ).toMatch(/contacts you by email within 1 hour\./);
  });

  it("calls the agency licensed only once its own details are set, not with the samples", () => {
    const sample = { ...SAMPLE_AGENCY, sample: true };
    const set = { ...SAMPLE_AGENCY, name: "Harbor Insurance Agency LLC", sample: false };
    expect(quoteRequest.whatHappensNext("phone", sample)).not.toMatch(/licensed/i);
    expect(quoteRequest.quoteConsentText(sample)).not.toMatch(/licensed/i);
    expect(quoteRequest.whatHappensNext("phone", set)).toMatch(/^A licensed agent reviews/);
    expect(quoteRequest.quoteConsentText(set)).toContain(
      "I ask Harbor Insurance Agency LLC, a licensed insurance agency, to review",
    );
  });
});
