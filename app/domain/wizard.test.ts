import { describe, expect, it } from "vitest";

import { getIndustry } from "./industries.ts";
import { messages } from "./messages.ts";
import { normalizeUsPhone } from "./phone.ts";
import {
  aboutYouSchema,
  ACTIVE_PROGRESS_STEP,
  businessNameSchema,
  emailSchema,
  firstMissingStepBefore,
  industryStateSchema,
  ownershipSchema,
  segmentsSchema,
  segmentsToSend,
  startYearSuggestions,
  toCompleteRecord,
  toEmailStepRecord,
  type WizardDraft,
} from "./wizard.ts";

const errorsOf = (result: { success: boolean; error?: { issues: Array<{ message: string }> } }) =>
  result.success ? [] : result.error!.issues.map((issue) => issue.message);

describe("step 1: industry and state", () => {
  it("needs both an industry id and one of the 50 states", () => {
    expect(industryStateSchema.safeParse({ industry: "food", state: "Ohio" }).success).toBe(true);
    expect(errorsOf(industryStateSchema.safeParse({ state: "Ohio" }))).toEqual([
      messages.industryRequired,
    ]);
    expect(errorsOf(industryStateSchema.safeParse({ industry: "food" }))).toEqual([
      messages.stateRequired,
    ]);
    expect(industryStateSchema.safeParse({ industry: "farming", state: "Ohio" }).success).toBe(
      false,
    );
    expect(industryStateSchema.safeParse({ industry: "food", state: "Puerto Rico" }).success).toBe(
      false,
    );
  });
});

describe("what is sent on as segments", () => {
  it("for offices: the typed text if present, otherwise the selected item", () => {
    const offices = getIndustry("offices");
    expect(segmentsToSend(offices, { selected: ["Accountant"], searchQuery: "Architect" })).toEqual(
      ["Architect"],
    );
    expect(segmentsToSend(offices, { selected: ["Accountant"], searchQuery: "  " })).toEqual([
      "Accountant",
    ]);
  });
  it("for other: the typed text as the single segment", () => {
    expect(
      segmentsToSend(getIndustry("other"), { selected: [], searchQuery: " Photographer " }),
    ).toEqual(["Photographer"]);
  });
  it("otherwise: the selected list", () => {
    expect(
      segmentsToSend(getIndustry("food"), { selected: ["Bar", "Bakery"], searchQuery: "x" }),
    ).toEqual(["Bar", "Bakery"]);
  });
});

describe("step 2: segments", () => {
  it("food, construction and retail take 1 to 3 segments from their own list", () => {
    for (const id of ["food", "construction", "retail"] as const) {
      const industry = getIndustry(id);
      const schema = segmentsSchema(industry);
      const [a, b, c, d] = industry.segments;
      expect(schema.safeParse({ segments: [a] }).success).toBe(true);
      expect(schema.safeParse({ segments: [a, b, c] }).success).toBe(true);
      expect(errorsOf(schema.safeParse({ segments: [a, b, c, d] }))).toContain(
        messages.maxSegments,
      );
      expect(errorsOf(schema.safeParse({}))).toEqual([messages.segmentRequired]);
      expect(schema.safeParse({ segments: ["Space Station"] }).success).toBe(false);
      expect(schema.safeParse({ segments: [a, a] }).success).toBe(false);
    }
    expect(segmentsSchema(getIndustry("food")).safeParse({ segments: ["Plumbing"] }).success).toBe(
      false,
    );
  });

  it("cleaning takes exactly one service from its list", () => {
    const schema = segmentsSchema(getIndustry("cleaning"));
    expect(schema.parse({ segment: "Window Cleaning" })).toEqual({
      segments: ["Window Cleaning"],
      searchQuery: "",
    });
    expect(errorsOf(schema.safeParse({}))).toEqual([messages.segmentSingleRequired]);
    expect(schema.safeParse({ segment: "Bakery" }).success).toBe(false);
  });

  it("offices continue with a selection or typed text, and the text wins", () => {
    const schema = segmentsSchema(getIndustry("offices"));
    expect(schema.parse({ segment: "Accountant" }).segments).toEqual(["Accountant"]);
    expect(schema.parse({ segment: "Accountant", searchQuery: "Architect" }).segments).toEqual([
      "Architect",
    ]);
    expect(schema.parse({ searchQuery: "Architect" }).segments).toEqual(["Architect"]);
    expect(errorsOf(schema.safeParse({}))).toEqual([messages.officesRequired]);
    expect(schema.safeParse({ segment: "Bakery" }).success).toBe(false);
    expect(schema.safeParse({ searchQuery: "x".repeat(101) }).success).toBe(false);
  });

  it("other continues with 1 to 100 characters of text, trimmed", () => {
    const schema = segmentsSchema(getIndustry("other"));
    expect(schema.parse({ searchQuery: "  Photographer " }).segments).toEqual(["Photographer"]);
    expect(errorsOf(schema.safeParse({ searchQuery: "   " }))).toEqual([
      messages.professionRequired,
    ]);
    expect(errorsOf(schema.safeParse({}))).toEqual([messages.professionRequired]);
    expect(schema.safeParse({ searchQuery: "x".repeat(100) }).success).toBe(true);
    expect(schema.safeParse({ searchQuery: "x".repeat(101) }).success).toBe(false);
  });
});

describe("the email step", () => {
  it("asks for an email when it is empty", () => {
    expect(errorsOf(emailSchema.safeParse({}))).toEqual([messages.emailRequired]);
    expect(errorsOf(emailSchema.safeParse({ email: "   " }))).toEqual([messages.emailRequired]);
  });
  it("follows the spec's pattern: text, @, text, a dot, text", () => {
    for (const bad of [
      "owner",
      "owner@",
      "owner@example",
      "@example.com",
      "own er@example.com",
      "owner@example.",
      "owner@example.com,other@example.com",
      "owner\u0000@example.com",
    ]) {
      expect(errorsOf(emailSchema.safeParse({ email: bad })), bad).toEqual([messages.emailInvalid]);
    }
    expect(emailSchema.parse({ email: "  Owner@Example.COM " })).toEqual({
      email: "owner@example.com",
    });
  });
  it("refuses more than 254 characters", () => {
    const long = `${"a".repeat(243)}@example.com`;
    expect(long).toHaveLength(255);
    expect(errorsOf(emailSchema.safeParse({ email: long }))).toEqual([messages.emailInvalid]);
    expect(emailSchema.safeParse({ email: long.slice(1) }).success).toBe(true);
  });
});

describe("questionnaire 1", () => {
  it("needs a business name of 1 to 200 characters after trimming", () => {
    expect(businessNameSchema.parse({ businessName: "  Joe's Bakery " })).toEqual({
      businessName: "Joe's Bakery",
    });
    expect(errorsOf(businessNameSchema.safeParse({ businessName: "   " }))).toEqual([
      messages.businessNameRequired,
    ]);
    expect(businessNameSchema.safeParse({ businessName: "x".repeat(201) }).success).toBe(false);
  });
});

describe("questionnaire 2", () => {
  const valid = {
    firstName: "Ana",
    lastName: "Ruiz",
    phoneNumber: "(555) 234-5678",
    legalBusinessName: "Ruiz Bakery LLC",
    streetAddress: "12 Main St",
    sameAddress: "Yes",
  };

  it("requires first and last name, phone, legal business name and primary location", () => {
    expect(errorsOf(aboutYouSchema.safeParse({ sameAddress: "Yes" }))).toEqual([
      messages.firstNameRequired,
      messages.lastNameRequired,
      messages.phoneRequired,
      messages.legalBusinessNameRequired,
      messages.streetAddressRequired,
    ]);
  });

  it("stores the phone normalised and consent off by default", () => {
    const parsed = aboutYouSchema.parse(valid);
    expect(parsed.phoneNumber).toBe("+15552345678");
    expect(parsed.consentToTexts).toBe(false);
    expect(parsed.mailingAddress).toBeUndefined();
  });

  it("requires a mailing address only when it is not the same", () => {
    expect(errorsOf(aboutYouSchema.safeParse({ ...valid, sameAddress: "No" }))).toEqual([
      messages.mailingAddressRequired,
    ]);
    expect(
      aboutYouSchema.parse({ ...valid, sameAddress: "No", mailingAddress: "PO Box 9" })
        .mailingAddress,
    ).toBe("PO Box 9");
    expect(
      aboutYouSchema.parse({ ...valid, sameAddress: "Yes", mailingAddress: "PO Box 9" })
        .mailingAddress,
    ).toBeUndefined();
  });

  it("keeps a mailing address typed on several lines on one line", () => {
    expect(
      aboutYouSchema.parse({
        ...valid,
        sameAddress: "No",
        mailingAddress: "  PO Box 9 \r\n\nDenver, CO 80201\n",
      }).mailingAddress,
    ).toBe("PO Box 9, Denver, CO 80201");
  });

  it("accepts only valid 10-digit US numbers", () => {
    expect(normalizeUsPhone("555-234-5678")).toBe("+15552345678");
    expect(normalizeUsPhone("+1 (555) 234 5678")).toBe("+15552345678");
    expect(normalizeUsPhone("1 555 234 5678")).toBe("+15552345678");
    for (const bad of [
      "555-1234",
      "(155) 234-5678",
      "(555) 134-5678",
      "555 234 56789",
      "555-234-567a",
    ]) {
      expect(normalizeUsPhone(bad), bad).toBeNull();
    }
    expect(errorsOf(aboutYouSchema.safeParse({ ...valid, phoneNumber: "12345" }))).toEqual([
      messages.phoneInvalid,
    ]);
  });
});

describe("questionnaire 3", () => {
  const schema = ownershipSchema(2026);
  it("needs an ownership structure and a start year", () => {
    expect(errorsOf(schema.safeParse({}))).toEqual([
      messages.ownershipRequired,
      messages.startYearRequired,
    ]);
    expect(schema.safeParse({ ownershipStructure: "Trust", startYear: "2015" }).success).toBe(true);
    expect(schema.safeParse({ ownershipStructure: "Cooperative", startYear: "2015" }).success).toBe(
      false,
    );
  });
  it("takes a four-digit year from 1800 to this year", () => {
    for (const bad of ["1799", "2027", "15", "20155", "two"]) {
      expect(
        errorsOf(schema.safeParse({ ownershipStructure: "Trust", startYear: bad })),
        bad,
      ).toEqual([messages.startYearInvalid(2026)]);
    }
    expect(schema.safeParse({ ownershipStructure: "Trust", startYear: "1800" }).success).toBe(true);
    expect(schema.safeParse({ ownershipStructure: "Trust", startYear: "2026" }).success).toBe(true);
    expect(startYearSuggestions(2026).at(0)).toBe("2026");
    expect(startYearSuggestions(2026).at(-1)).toBe("1800");
  });
});

describe("the flow", () => {
  const complete: WizardDraft = {
    industry: "food",
    state: "Ohio",
    segments: ["Bakery"],
    email: "ana@example.com",
    submission: { id: "00000000-0000-4000-8000-000000000000", email: "ana@example.com" },
    businessName: "Ana's",
    aboutYou: {
      firstName: "Ana",
      lastName: "Ruiz",
      phoneNumber: "+15552345678",
      consentToTexts: true,
      legalBusinessName: "Ana's LLC",
      streetAddress: "12 Main St",
      unit: "Suite 4",
      sameAddress: "Yes",
    },
    textsConsent: { text: "I agree", givenAt: "2026-11-21T10:00:00.000Z" },
  };

  it("sends a visitor to the first step still missing", () => {
    expect(firstMissingStepBefore("segments", {}, 2026)).toBe("start");
    expect(
      firstMissingStepBefore("questionnaire-3", { industry: "food", state: "Ohio" }, 2026),
    ).toBe("segments");
    expect(firstMissingStepBefore("questionnaire-3", complete, 2026)).toBeUndefined();
    const changedEmail = { ...complete, email: "other@example.com" };
    expect(firstMissingStepBefore("questionnaire-1", changedEmail, 2026)).toBe("email");
    const otherIndustry = { ...complete, industry: "construction" };
    expect(firstMissingStepBefore("email", otherIndustry, 2026)).toBe("segments");
  });

  it("marks the progress bar as section 2 says, and the Quote step after it (decision 017)", () => {
    expect(ACTIVE_PROGRESS_STEP).toEqual({
      start: "Start",
      segments: "Start",
      email: "Start",
      "questionnaire-1": "Coverage",
      "questionnaire-2": "Application",
      "questionnaire-3": "Application",
      quote: "Quote",
    });
  });

  it("builds the email step's four fields and the complete record", () => {
    expect(toEmailStepRecord(complete, "ana@example.com")).toEqual({
      industry: "food",
      state: "Ohio",
      segments: ["Bakery"],
      email: "ana@example.com",
    });
    expect(toCompleteRecord(complete, { ownershipStructure: "Trust", startYear: "2015" })).toEqual({
      industry: "food",
      state: "Ohio",
      segments: ["Bakery"],
      email: "ana@example.com",
      business_name: "Ana's",
      first_name: "Ana",
      last_name: "Ruiz",
      phone_number: "+15552345678",
      consent_to_texts: true,
      consent_text: "I agree",
      consent_given_at: "2026-11-21T10:00:00.000Z",
      legal_business_name: "Ana's LLC",
      primary_location: "12 Main St, Suite 4",
      same_address: "Yes",
      mailing_address: null,
      ownership_structure: "Trust",
      start_year: "2015",
    });
  });
});

describe("control characters", () => {
  it("are taken out of typed text before it is checked", () => {
    expect(businessNameSchema.parse({ businessName: "Joe\u0000's\u0007 Bakery" })).toEqual({
      businessName: "Joe's Bakery",
    });
    expect(businessNameSchema.safeParse({ businessName: "\u0000\u0001" }).success).toBe(false);
  });
});

describe("Continue on the segments step (section 5)", () => {
  const ready = (id: Parameters<typeof getIndustry>[0], selected: string[], searchQuery: string) =>
    segmentsToSend(getIndustry(id), { selected, searchQuery }).length > 0;
  it("needs text for other, a choice or text for offices, a choice for the rest", () => {
    expect(ready("other", [], "  ")).toBe(false);
    expect(ready("other", [], "Photographer")).toBe(true);
    expect(ready("offices", [], "")).toBe(false);
    expect(ready("offices", ["Accountant"], "")).toBe(true);
    expect(ready("offices", [], "Architect")).toBe(true);
    expect(ready("food", [], "typed text does not count")).toBe(false);
    expect(ready("cleaning", ["Window Cleaning"], "")).toBe(true);
  });
});
