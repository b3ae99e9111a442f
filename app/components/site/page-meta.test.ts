import { describe, expect, it } from "vitest";

import { agencyFrom } from "#app/domain/site/agency.ts";
import {
  errorPageMeta,
  faqPageJsonLd,
  pageMeta,
  siteUrlFromMatches,
} from "#app/components/site/page-meta.ts";

const SITE = "https://coverpilot.example";

describe("pageMeta", () => {
  const meta = pageMeta({
    siteUrl: SITE,
    path: "/cyber-insurance",
    title: "Cyber Insurance for Small Businesses",
    description: "Helps your business recover from cyber attacks.",
    jsonLd: [faqPageJsonLd([{ question: () => "Why?", answer: () => "Because." }])],
    agency: agencyFrom({
      AGENCY_NAME: "Harbor Insurance Agency LLC",
      AGENCY_HOME_STATE: "CA",
      AGENCY_NPN: "12345678",
      AGENCY_LICENSES: [{ state: "CA", number: "0K12345" }],
      AGENCY_ADDRESS: "1 Harbor Way, San Diego, CA 92101",
      AGENCY_PHONE: "(619) 555-0100",
      AGENCY_EMAIL: "service@harbor.example",
      AGENCY_SOCIAL_LINKS: [{ name: "LinkedIn", href: "https://www.linkedin.com/company/harbor" }],
    }),
  });

  it("gives the title with the brand, the description and the canonical URL from SITE_URL", () => {
    expect(meta).toContainEqual({ title: "Cyber Insurance for Small Businesses | CoverPilot" });
    expect(meta).toContainEqual({
      name: "description",
      content: "Helps your business recover from cyber attacks.",
    });
    expect(meta).toContainEqual({
      tagName: "link",
      rel: "canonical",
      href: "https://coverpilot.example/cyber-insurance",
    });
    expect(meta).toContainEqual({
      property: "og:url",
      content: "https://coverpilot.example/cyber-insurance",
    });
    expect(meta).not.toContainEqual({ name: "robots", content: "noindex" });
  });

  it("describes the Organization on every page, and adds the page's own structured data", () => {
    const jsonLd = meta.flatMap((descriptor) =>
      "script:ld+json" in descriptor ? [descriptor["script:ld+json"]] : [],
    ) as Record<string, unknown>[];
    expect(jsonLd.map((data) => data["@type"])).toEqual(["Organization", "FAQPage"]);
    // The agency's, from its settings: none of the product's own numbers or profiles (issue 53).
    expect(jsonLd[0]).toMatchObject({
      name: "Harbor Insurance Agency LLC",
      brand: { name: "CoverPilot" },
      url: "https://coverpilot.example/",
      address: "1 Harbor Way, San Diego, CA 92101",
      telephone: "+16195550100",
      email: "service@harbor.example",
      sameAs: ["https://www.linkedin.com/company/harbor"],
      contactPoint: [{ contactType: "customer service", telephone: "+16195550100" }],
    });
    expect(JSON.stringify(jsonLd[0])).not.toMatch(/555014|555019|coverpilot\.com|x\.com/);
    expect(jsonLd[1]).toEqual({
      "@context": "https://schema.org",
      "@type": "FAQPage",
      inLanguage: "en",
      mainEntity: [
        {
          "@type": "Question",
          name: "Why?",
          acceptedAnswer: { "@type": "Answer", text: "Because." },
        },
      ],
    });
  });

  it("keeps placeholders and error screens out of search results", () => {
    expect(
      pageMeta({ siteUrl: SITE, path: "/login", title: "Log in", description: "x", noindex: true }),
    ).toContainEqual({ name: "robots", content: "noindex" });
    expect(errorPageMeta(true)).toEqual([
      { title: "Page not found | CoverPilot" },
      { name: "robots", content: "noindex" },
    ]);
    expect(errorPageMeta(false)[0]).toEqual({ title: "Unexpected Application Error!" });
  });
});

describe("siteUrlFromMatches", () => {
  it("reads the site's URL from the root loader's data", () => {
    expect(siteUrlFromMatches([{ id: "root", loaderData: { siteUrl: SITE } }, undefined])).toBe(
      SITE,
    );
    expect(() => siteUrlFromMatches([{ id: "root", loaderData: undefined }])).toThrow();
  });
});
