import { describe, expect, it } from "vitest";

import { suggestNaics } from "#app/domain/reference/naics.ts";

import { site } from "#app/domain/site/site.ts";
import { stepAnswersSchema } from "#app/domain/wizard/wizard-answers.ts";
import { textsConsentText } from "#app/domain/wizard/wizard.ts";
import type { WizardDraft } from "#app/domain/wizard/wizard-draft.ts";
import {
  activeProgressStep,
  QUOTE_STEP_PATH,
  stepPath,
} from "#app/domain/wizard/wizard-screens.ts";
import {
  firstMissingStepBefore,
  previousStep,
  STEPS,
  WIZARD_STEPS,
} from "#app/domain/wizard/wizard-steps.ts";

describe("the flow", () => {
  const complete: WizardDraft = {
    industry: "food",
    state: "Ohio",
    segments: ["Bakery"],
    email: "ana@example.com",
    submission: { id: "00000000-0000-4000-8000-000000000000", email: "ana@example.com" },
    answers: {
      businessName: "Ana's",
      firstName: "Ana",
      lastName: "Ruiz",
      phoneNumber: "+15552345678",
      consentToTexts: true,
      legalBusinessName: "Ana's LLC",
      streetAddress: "12 Main St",
      unit: "Suite 4",
      city: "Columbus",
      zipCode: "43215",
      zipConfirmed: false,
      sameAddress: "Yes",
    },
    textsConsent: { text: "I agree", givenAt: "2026-11-21T10:00:00.000Z" },
  };

  it("sends a visitor to the first step still missing", () => {
    expect(firstMissingStepBefore("segments", {}, 2026)).toBe("industry-and-state");
    expect(firstMissingStepBefore("ownership", { industry: "food", state: "Ohio" }, 2026)).toBe(
      "segments",
    );
    expect(firstMissingStepBefore("ownership", complete, 2026)).toBeUndefined();
    const changedEmail = { ...complete, email: "other@example.com" };
    expect(firstMissingStepBefore("business-name", changedEmail, 2026)).toBe("email");
    const otherIndustry = { ...complete, industry: "construction" };
    expect(firstMissingStepBefore("email", otherIndustry, 2026)).toBe("segments");
  });

  it("marks the progress bar as docs/product.md says, and the Quote step after it (decision 017)", () => {
    const screens = [...WIZARD_STEPS.map((step) => step.id), "quote"] as const;
    expect(
      Object.fromEntries(screens.map((screen) => [screen, activeProgressStep(screen)])),
    ).toEqual({
      "industry-and-state": "Start",
      segments: "Start",
      email: "Start",
      "business-name": "Coverage",
      "about-you": "Application",
      ownership: "Application",
      quote: "Quote",
    });
  });
});

describe("the step table", () => {
  it("lists the six steps in the spec's order, each going on to the next and back to the one before", () => {
    expect(WIZARD_STEPS.map((step) => step.path)).toEqual([
      "/business-wizard",
      "/business-wizard/segments",
      "/business-wizard/email",
      "/business-wizard/questionnaire-1",
      "/business-wizard/questionnaire-2",
      "/business-wizard/questionnaire-3",
    ]);
    for (const [index, step] of WIZARD_STEPS.entries()) {
      expect(step.next).toBe(WIZARD_STEPS[index + 1]?.path ?? QUOTE_STEP_PATH);
      expect(previousStep(step.id)).toBe(WIZARD_STEPS[index - 1]?.id);
      expect(stepPath(step.id)).toBe(step.path);
    }
  });

  it("writes only the fields each step declares", () => {
    const at = {
      thisYear: 2026,
      searchParams: new URLSearchParams(),
      now: new Date(),
      locale: "en" as const,
      agencyName: "Harbor Insurance Agency LLC",
      suggestIndustryCodes: suggestNaics,
    };
    const typedOn = (id: keyof typeof STEPS, fields: Record<string, string>) => {
      const form = new FormData();
      for (const [name, value] of Object.entries(fields)) form.set(name, value);
      return Object.keys(STEPS[id].typed(form, {}));
    };
    expect(typedOn("email", { email: "a@b.co", businessName: "sneaky" })).toEqual(["email"]);
    expect(typedOn("business-name", { businessName: "Ana's", email: "x@y.z" })).toEqual([
      "answers",
    ]);
    // Only the step's own answers, however many fields are posted.
    const posted = new FormData();
    posted.set("businessName", "Ana's");
    posted.set("firstName", "sneaky");
    const typedAnswers = STEPS["business-name"].typed(posted, { answers: { startYear: "2015" } });
    expect(typedAnswers.answers).toEqual({ startYear: "2015", businessName: "Ana's" });
    for (const step of WIZARD_STEPS) {
      const written = Object.keys(step.typed(new FormData(), {}));
      expect(written.every((field) => (step.writes as readonly string[]).includes(field))).toBe(
        true,
      );
    }
    expect(
      Object.keys(
        STEPS["industry-and-state"].apply({ industry: "food", state: "Ohio" }, {}, at),
      ).sort(),
    ).toEqual(["industry", "naicsCode", "segments", "state"]);
  });

  it("starts the segments afresh when the industry changes, and keeps them when it does not", () => {
    const at = {
      thisYear: 2026,
      searchParams: new URLSearchParams(),
      now: new Date(),
      locale: "en" as const,
      agencyName: "Harbor Insurance Agency LLC",
      suggestIndustryCodes: suggestNaics,
    };
    const draft: WizardDraft = { industry: "food", state: "Ohio", segments: ["Bar"] };
    expect(
      STEPS["industry-and-state"].apply({ industry: "food", state: "Texas" }, draft, at).segments,
    ).toEqual(["Bar"]);
    expect(
      STEPS["industry-and-state"].apply({ industry: "retail", state: "Ohio" }, draft, at).segments,
    ).toBeUndefined();
  });

  it("stores the texts consent as shown, naming the licensed agency and the brand (issue 26)", () => {
    const agency = "Harbor Insurance Agency LLC";
    const words = textsConsentText(agency);
    expect(words).toContain(`from ${agency} (${site.brand})`);
    const step = STEPS["about-you"];
    const value = stepAnswersSchema("about-you", {
      thisYear: 2026,
      state: "Ohio",
      locale: "en",
      placeNames: {},
    }).parse({
      firstName: "Ana",
      lastName: "Ruiz",
      phoneNumber: "(555) 234-5678",
      consentToTexts: "on",
      legalBusinessName: "Ana's LLC",
      streetAddress: "12 Main St",
      city: "Columbus",
      zipCode: "43215",
      sameAddress: "Yes",
    });
    const draft: WizardDraft = { industry: "food", state: "Ohio" };
    const now = new Date("2026-11-22T09:00:00.000Z");
    const at = {
      thisYear: 2026,
      searchParams: new URLSearchParams(),
      now,
      locale: "en" as const,
      agencyName: agency,
      suggestIndustryCodes: suggestNaics,
    };
    const agreed = step.apply(value, draft, at);
    expect(agreed.textsConsent).toEqual({ text: words, givenAt: now.toISOString() });
    // Agreed before to these very words: the first time stands. To other words: agreed anew.
    const later = { ...at, now: new Date("2026-11-23T09:00:00.000Z") };
    expect(step.apply(value, { ...draft, ...agreed }, later).textsConsent).toEqual(
      agreed.textsConsent,
    );
    const otherWords = { text: "I agree", givenAt: "2026-11-21T10:00:00.000Z" };
    expect(step.apply(value, { ...draft, textsConsent: otherWords }, later).textsConsent).toEqual({
      text: words,
      givenAt: later.now.toISOString(),
    });
    expect(step.apply({ ...value, consentToTexts: false }, draft, later).textsConsent).toBe(
      undefined,
    );
    // The same step otherwise: only Continue's words depend on the agency.
    expect(step.id).toBe(STEPS["about-you"].id);
    expect(step.writes).toEqual(STEPS["about-you"].writes);
  });

  it("keeps Back's typed text bounded: list items only, at most three, text capped", () => {
    const form = new FormData();
    for (const item of ["Bar", "Bakery", "Caterer", "Coffee Shop", "Not on the list"]) {
      form.append("segments", item);
    }
    expect(STEPS.segments.typed(form, { industry: "food" }).segments).toEqual([
      "Bar",
      "Bakery",
      "Caterer",
    ]);
    const offices = new FormData();
    offices.set("searchQuery", "x".repeat(500));
    expect(STEPS.segments.typed(offices, { industry: "offices" }).segments).toEqual([
      "x".repeat(100),
    ]);
    const name = new FormData();
    name.set("businessName", "y".repeat(5000));
    expect(STEPS["business-name"].typed(name, {}).answers?.businessName).toHaveLength(200);
  });

  it("shows the industry named in the link, else the draft's", () => {
    const at = (query: string) => ({
      thisYear: 2026,
      searchParams: new URLSearchParams(query),
      now: new Date(),
      locale: "en" as const,
      agencyName: "Harbor Insurance Agency LLC",
      suggestIndustryCodes: suggestNaics,
    });
    expect(
      STEPS["industry-and-state"].view({ industry: "food" }, at("industry=retail")),
    ).toMatchObject({ industry: "retail", state: "" });
    expect(
      STEPS["industry-and-state"].view({ industry: "food" }, at("industry=farming"))?.industry,
    ).toBe("food");
  });

  it("gives the screens the names they show in the page's language, the stored names as values", () => {
    const at = (locale: "en" | "es") => ({
      thisYear: 2026,
      searchParams: new URLSearchParams(),
      now: new Date(),
      locale,
      agencyName: "Harbor Insurance Agency LLC",
      suggestIndustryCodes: suggestNaics,
    });
    const start = STEPS["industry-and-state"].view({ state: "New York" }, at("es"));
    expect(start?.state).toBe("New York");
    expect(start?.states).toContainEqual({ value: "New York", name: "Nueva York" });
    expect(STEPS["industry-and-state"].view({}, at("en"))?.states[0]).toEqual({
      value: "Alabama",
      name: "Alabama",
    });
    const draft = { industry: "construction", state: "Texas", segments: ["HVAC Work"] };
    const spanish = STEPS.segments.view(draft, at("es"));
    expect(spanish?.selected).toEqual(["HVAC Work"]);
    expect(spanish?.segmentNames["HVAC Work"]).toBe("Calefacción y aire acondicionado (HVAC)");
    expect(STEPS.segments.view(draft, at("en"))?.segmentNames["HVAC Work"]).toBe("HVAC Work");
  });
});
