import { describe, expect, it } from "vitest";

import { normalizeUsPhone } from "#app/domain/values/phone.ts";
import { emailSchema, industryStateSchema } from "#app/domain/wizard/wizard.ts";
import { parseDraft } from "#app/domain/wizard/wizard-draft.ts";
import { stepAnswersSchema } from "#app/domain/wizard/wizard-answers.ts";
import { answerSuggestions } from "#app/domain/application/application-fields.ts";

/** What a step's checks read on an English page, for a business in `state`. */
const english = (state: string) =>
  ({ thisYear: 2026, state, locale: "en", placeNames: {} }) as const;

/** The spec's message for Chicago's ZIP code given for a business in Ohio. */
const ZIP_IN_ILLINOIS =
  'This ZIP code usually belongs to Illinois, not Ohio. Please check it, or tick "This ZIP code is right".';

const errorsOf = (result: { success: boolean; error?: { issues: Array<{ message: string }> } }) =>
  result.success ? [] : result.error!.issues.map((issue) => issue.message);

describe("step 1: industry and state", () => {
  it("needs both an industry id and one of the 50 states", () => {
    expect(industryStateSchema().safeParse({ industry: "food", state: "Ohio" }).success).toBe(true);
    expect(errorsOf(industryStateSchema().safeParse({ state: "Ohio" }))).toEqual([
      "Please choose the industry that best fits your business",
    ]);
    expect(errorsOf(industryStateSchema().safeParse({ industry: "food" }))).toEqual([
      "Please select a state",
    ]);
    expect(industryStateSchema().safeParse({ industry: "farming", state: "Ohio" }).success).toBe(
      false,
    );
    expect(
      industryStateSchema().safeParse({ industry: "food", state: "Puerto Rico" }).success,
    ).toBe(false);
  });
});

describe("the email step", () => {
  it("asks for an email when it is empty", () => {
    expect(errorsOf(emailSchema().safeParse({}))).toEqual(["Please enter your email address"]);
    expect(errorsOf(emailSchema().safeParse({ email: "   " }))).toEqual([
      "Please enter your email address",
    ]);
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
      expect(errorsOf(emailSchema().safeParse({ email: bad })), bad).toEqual([
        "Please enter a valid email address",
      ]);
    }
    expect(emailSchema().parse({ email: "  Owner@Example.COM " })).toEqual({
      email: "owner@example.com",
    });
  });
  it("refuses a dot after the domain, another spelling of the address, and says so", () => {
    for (const bad of ["someone@gmail.com.", " Someone@Gmail.com. ", "someone@gmail.com.."]) {
      expect(errorsOf(emailSchema().safeParse({ email: bad })), bad).toEqual([
        "Please remove the dot at the end of the email address",
      ]);
    }
    expect(emailSchema().parse({ email: "someone@gmail.com" })).toEqual({
      email: "someone@gmail.com",
    });
  });
  it("refuses more than 254 characters", () => {
    const long = `${"a".repeat(243)}@example.com`;
    expect(long).toHaveLength(255);
    expect(errorsOf(emailSchema().safeParse({ email: long }))).toEqual([
      "Please enter a valid email address",
    ]);
    expect(emailSchema().safeParse({ email: long.slice(1) }).success).toBe(true);
  });
});

describe("questionnaire 1", () => {
  it("needs a business name of 1 to 200 characters after trimming", () => {
    expect(
      stepAnswersSchema("business-name", english("Ohio")).parse({
        businessName: "  Joe's Bakery ",
      }),
    ).toEqual({
      businessName: "Joe's Bakery",
    });
    expect(
      errorsOf(
        stepAnswersSchema("business-name", english("Ohio")).safeParse({
          businessName: "   ",
        }),
      ),
    ).toEqual(["Please enter your business name"]);
    expect(
      stepAnswersSchema("business-name", english("Ohio")).safeParse({
        businessName: "x".repeat(201),
      }).success,
    ).toBe(false);
  });
});

describe("questionnaire 2", () => {
  const valid = {
    firstName: "Ana",
    lastName: "Ruiz",
    phoneNumber: "(555) 234-5678",
    legalBusinessName: "Ruiz Bakery LLC",
    streetAddress: "12 Main St",
    city: "Columbus",
    zipCode: "43215",
    sameAddress: "Yes",
  };
  const aboutYouInOhio = stepAnswersSchema("about-you", english("Ohio"));

  it("requires first and last name, phone, legal business name and primary location", () => {
    expect(errorsOf(aboutYouInOhio.safeParse({ sameAddress: "Yes" }))).toEqual([
      "Please enter your first name",
      "Please enter your last name",
      "Please enter your phone number",
      "Please enter your legal business name",
      "Please enter your business's street address",
      "Please enter the city",
      "Please enter the ZIP code",
    ]);
  });

  it("takes a five-digit ZIP code or ZIP+4, and asks to confirm one usually in another state", () => {
    expect(aboutYouInOhio.parse({ ...valid, zipCode: " 43215-1234 " })).toMatchObject({
      zipCode: "43215-1234",
      zipConfirmed: false,
    });
    for (const bad of ["4321", "432155", "ABCDE", "43215-12"]) {
      expect(errorsOf(aboutYouInOhio.safeParse({ ...valid, zipCode: bad })), bad).toEqual([
        "Please enter a 5-digit ZIP code, like 43215",
      ]);
    }
    // Chicago's ZIP code for a business in Ohio: checked, never refused once confirmed.
    expect(errorsOf(aboutYouInOhio.safeParse({ ...valid, zipCode: "60601" }))).toEqual([
      ZIP_IN_ILLINOIS,
    ]);
    expect(aboutYouInOhio.parse({ ...valid, zipCode: "60601", zipConfirmed: "on" })).toMatchObject({
      zipCode: "60601",
      zipConfirmed: true,
    });
    // Fishers Island, New York, has a Connecticut prefix.
    expect(
      stepAnswersSchema("about-you", english("New York")).safeParse({
        ...valid,
        zipCode: "06390",
      }).success,
    ).toBe(false);
    expect(
      stepAnswersSchema("about-you", english("New York")).parse({
        ...valid,
        zipCode: "06390",
        zipConfirmed: "on",
      }),
    ).toMatchObject({ zipConfirmed: true });
    // Said at once with every other message, as the form was posted.
    expect(errorsOf(aboutYouInOhio.safeParse({ sameAddress: "Yes", zipCode: "60601" }))).toContain(
      ZIP_IN_ILLINOIS,
    );
    expect(
      errorsOf(
        aboutYouInOhio.safeParse({ sameAddress: "Yes", zipCode: "60601", zipConfirmed: "on" }),
      ),
    ).not.toContain(ZIP_IN_ILLINOIS);
    // A confirmation the ZIP code did not need is not kept.
    expect(aboutYouInOhio.parse({ ...valid, zipConfirmed: "on" })).toMatchObject({
      zipConfirmed: false,
    });
  });

  it("says each refusal in Spanish on a Spanish page, with the places' Spanish names", () => {
    const spanish = stepAnswersSchema("about-you", {
      thisYear: 2026,
      state: "New York",
      locale: "es",
      placeNames: { "New York": "Nueva York" },
    });
    expect(errorsOf(spanish.safeParse({ ...valid, zipCode: "06390" }))).toEqual([
      'Este código postal suele corresponder a otro lugar (Connecticut), no a Nueva York. Revíselo o marque "Este código postal es correcto".',
    ]);
    expect(errorsOf(spanish.safeParse({ sameAddress: "Yes" }))).toContain("Escriba su nombre");
    expect(
      errorsOf(
        stepAnswersSchema("ownership", { ...english("Ohio"), locale: "es" }).safeParse({
          ownershipStructure: "Trust",
          startYear: "1700",
        }),
      ),
    ).toEqual(["Escriba un año de cuatro dígitos, de 1800 a 2026"]);
  });

  it("stores the phone normalised and consent off by default", () => {
    const parsed = aboutYouInOhio.parse(valid);
    expect(parsed.phoneNumber).toBe("+15552345678");
    expect(parsed.consentToTexts).toBe(false);
    expect(parsed.mailingAddress).toBeUndefined();
  });

  it("requires a mailing address only when it is not the same", () => {
    expect(errorsOf(aboutYouInOhio.safeParse({ ...valid, sameAddress: "No" }))).toEqual([
      "Please enter your mailing address or PO Box",
    ]);
    expect(
      aboutYouInOhio.parse({ ...valid, sameAddress: "No", mailingAddress: "PO Box 9" })
        .mailingAddress,
    ).toBe("PO Box 9");
    expect(
      aboutYouInOhio.parse({ ...valid, sameAddress: "Yes", mailingAddress: "PO Box 9" })
        .mailingAddress,
    ).toBeUndefined();
  });

  it("keeps a mailing address typed on several lines on one line", () => {
    expect(
      aboutYouInOhio.parse({
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
    expect(errorsOf(aboutYouInOhio.safeParse({ ...valid, phoneNumber: "12345" }))).toEqual([
      "Please enter a valid 10-digit US phone number",
    ]);
  });
});

describe("questionnaire 3", () => {
  const schema = stepAnswersSchema("ownership", english("Ohio"));
  it("needs an ownership structure and a start year", () => {
    expect(errorsOf(schema.safeParse({}))).toEqual([
      "Please choose your ownership structure",
      "Please enter the year your business started",
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
      ).toEqual(["Please enter a four-digit year from 1800 to 2026"]);
    }
    expect(schema.safeParse({ ownershipStructure: "Trust", startYear: "1800" }).success).toBe(true);
    expect(schema.safeParse({ ownershipStructure: "Trust", startYear: "2026" }).success).toBe(true);
    const years = answerSuggestions("startYear", english("Ohio"));
    expect(years.at(0)).toBe("2026");
    expect(years.at(-1)).toBe("1800");
  });
});

describe("control characters", () => {
  it("are taken out of typed text before it is checked", () => {
    expect(
      stepAnswersSchema("business-name", english("Ohio")).parse({
        businessName: "Joe\u0000's\u0007 Bakery",
      }),
    ).toEqual({
      businessName: "Joe's Bakery",
    });
    expect(
      stepAnswersSchema("business-name", english("Ohio")).safeParse({
        businessName: "\u0000\u0001",
      }).success,
    ).toBe(false);
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
      answers: { firstName: "Ana", consentToTexts: true, sameAddress: "Yes", startYear: "20" },
    };
    expect(parseDraft(draft)).toEqual(draft);
    expect(parseDraft({})).toEqual({});
    expect(parseDraft({ segments: "Bakery" })).toBeUndefined();
    expect(parseDraft({ submission: { id: "1 or 1=1", email: "a@b.co" } })).toBeUndefined();
    expect(parseDraft({ answers: { businessName: "x".repeat(5000) } })).toBeUndefined();
    expect(parseDraft({ answers: { favouriteColour: "blue" } })).toBeUndefined();
    expect(parseDraft({ segments: ["a", "b", "c", "d"] })).toBeUndefined();
    expect(parseDraft("a string")).toBeUndefined();
    // Keys the draft no longer has (an older version's) are dropped, not refused.
    expect(parseDraft({ industry: "food", searchQuery: "typed" })).toEqual({ industry: "food" });
  });

  it("reads a draft kept before the answers were kept together, losing none of them", () => {
    expect(
      parseDraft({
        industry: "food",
        businessName: "Ana's",
        aboutYou: { firstName: "Ana", consentToTexts: true, streetAddress: "12 Main St" },
        textsConsent: { text: "I agree", givenAt: "2026-11-21T10:00:00.000Z" },
        ownership: { ownershipStructure: "Trust", startYear: "2015" },
      }),
    ).toEqual({
      industry: "food",
      answers: {
        businessName: "Ana's",
        firstName: "Ana",
        consentToTexts: true,
        streetAddress: "12 Main St",
        ownershipStructure: "Trust",
        startYear: "2015",
      },
      textsConsent: { text: "I agree", givenAt: "2026-11-21T10:00:00.000Z" },
    });
  });
});
