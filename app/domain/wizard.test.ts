import { describe, expect, it } from "vitest";

import { messages } from "#app/domain/messages.ts";
import { normalizeUsPhone } from "#app/domain/phone.ts";
import {
  aboutYouSchema,
  businessNameSchema,
  emailSchema,
  industryStateSchema,
  ownershipSchema,
  parseDraft,
  startYearSuggestions,
} from "#app/domain/wizard.ts";

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
  it("refuses a dot after the domain, another spelling of the address, and says so", () => {
    for (const bad of ["someone@gmail.com.", " Someone@Gmail.com. ", "someone@gmail.com.."]) {
      expect(errorsOf(emailSchema.safeParse({ email: bad })), bad).toEqual([
        "Please remove the dot at the end of the email address",
      ]);
    }
    expect(emailSchema.parse({ email: "someone@gmail.com" })).toEqual({
      email: "someone@gmail.com",
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

describe("control characters", () => {
  it("are taken out of typed text before it is checked", () => {
    expect(businessNameSchema.parse({ businessName: "Joe\u0000's\u0007 Bakery" })).toEqual({
      businessName: "Joe's Bakery",
    });
    expect(businessNameSchema.safeParse({ businessName: "\u0000\u0001" }).success).toBe(false);
  });
});

describe("the stored draft", () => {
  it("reads back what the steps keep, and refuses what does not fit its shape", () => {
    const draft = {
      industry: "food",
      state: "Ohio",
      segments: ["Bakery"],
      email: "ana@example.com",
      submission: { id: "00000000-0000-4000-8000-000000000000", email: "ana@example.com" },
      aboutYou: { firstName: "Ana", consentToTexts: true, sameAddress: "Yes" },
      ownership: { startYear: "20" },
    };
    expect(parseDraft(draft)).toEqual(draft);
    expect(parseDraft({})).toEqual({});
    expect(parseDraft({ segments: "Bakery" })).toBeUndefined();
    expect(parseDraft({ submission: { id: "1 or 1=1", email: "a@b.co" } })).toBeUndefined();
    expect(parseDraft({ businessName: "x".repeat(5000) })).toBeUndefined();
    expect(parseDraft({ segments: ["a", "b", "c", "d"] })).toBeUndefined();
    expect(parseDraft("a string")).toBeUndefined();
    // Keys the draft no longer has (an older version's) are dropped, not refused.
    expect(parseDraft({ industry: "food", searchQuery: "typed" })).toEqual({ industry: "food" });
  });
});
