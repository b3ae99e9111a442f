import { describe, expect, it } from "vitest";

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
    expect(jsonLd[0]).toMatchObject({
      name: "CoverPilot",
      url: "https://coverpilot.example/",
      contactPoint: [
        { contactType: "customer support", telephone: "+18885550142" },
        { contactType: "sales", telephone: "+18885550199" },
      ],
    });
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
