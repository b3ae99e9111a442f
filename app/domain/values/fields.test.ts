import fc from "fast-check";
import { describe, expect, it } from "vitest";

import { contactMessageSchema } from "#app/domain/site/contact-forms.ts";
import {
  EMAIL_MAX_LENGTH,
  emailAddress,
  isEmailAddress,
  optionalAddress,
  optionalText,
  requiredText,
} from "#app/domain/values/fields.ts";
import { parseForm } from "#app/domain/values/form-submission.ts";
import { signInSchema } from "#app/domain/leads/lead-desk.ts";
import { messages } from "#app/domain/site/messages.ts";
import { loginSchema } from "#app/domain/wizard/resume-links.ts";
import { emailSchema } from "#app/domain/wizard/wizard.ts";
import { stepAnswersSchema } from "#app/domain/wizard/wizard-answers.ts";
import { z } from "#app/domain/values/zod.ts";

/** Characters that show as nothing but change what is shown, or make two values look alike. */
const HIDDEN = [
  ...Array.from({ length: 5 }, (_, i) => 0x202a + i), // embeddings and overrides
  ...Array.from({ length: 4 }, (_, i) => 0x2066 + i), // isolates
  ...Array.from({ length: 5 }, (_, i) => 0x200b + i), // zero-width space, joiners, LRM, RLM
  ...Array.from({ length: 5 }, (_, i) => 0x2060 + i), // word joiner, invisible operators
  0xfeff, // byte order mark
  0x00ad, // soft hyphen
  0x061c, // Arabic letter mark
  0xe0041, // a tag character
].map((code) => String.fromCodePoint(code));

const required = requiredText("Please enter it", 200);
const optional = z.object({ unit: optionalText(50) });

function errorsOf(schema: z.ZodMiniType, value: unknown): string[] {
  const result = z.safeParse(schema, value);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
}

describe("hidden formatting characters in text fields", () => {
  it("are refused wherever they are in the text, with one clear message", () => {
    fc.assert(
      fc.property(
        fc.string({ maxLength: 30 }),
        fc.constantFrom(...HIDDEN),
        fc.string({ maxLength: 30 }),
        (before, hidden, after) => {
          // Between letters: at either end, trimming takes some of them off (the BOM is space).
          const tainted = `x${before}${hidden}${after}x`;
          expect(errorsOf(required, tainted)).toContain(
            "Please remove the hidden formatting characters (typing this again, not pasting it, will do)",
          );
          expect(errorsOf(optional, { unit: tainted })).toContain(
            "Please remove the hidden formatting characters (typing this again, not pasting it, will do)",
          );
        },
      ),
      { numRuns: 500 },
    );
  });

  it("leave other text alone: accents, other scripts, emoji, punctuation", () => {
    for (const text of [
      "José Ñúñez",
      "Zoë O'Brien-Smith",
      "北京市",
      "Café ☕",
      "Suite #4/B",
      "Δ",
    ]) {
      expect(errorsOf(required, text), text).toEqual([]);
    }
  });

  it("in a name and an address, on the wizard and on the contact form; an email is not one", () => {
    const aboutYou = parseForm(
      new URLSearchParams({
        firstName: "Ada",
        lastName: "\u202egnp.exe",
        phoneNumber: "(555) 234-5678",
        legalBusinessName: "Engines LLC",
        streetAddress: "1 Main\u200b St",
        city: "Columbus",
        zipCode: "43215",
        sameAddress: "Yes",
      }),
      stepAnswersSchema("about-you", {
        thisYear: 2026,
        state: "Ohio",
        locale: "en",
        placeNames: {},
      }),
    );
    expect(aboutYou.status === "error" && aboutYou.error).toEqual({
      lastName: [
        "Please remove the hidden formatting characters (typing this again, not pasting it, will do)",
      ],
      streetAddress: [
        "Please remove the hidden formatting characters (typing this again, not pasting it, will do)",
      ],
    });
    const contact = parseForm(
      new URLSearchParams({ name: "Sam\u2066 Lee", email: "sam\ufeff@example.com", message: "Hi" }),
      contactMessageSchema("en"),
    );
    expect(contact.status === "error" && contact.error).toEqual({
      name: [
        "Please remove the hidden formatting characters (typing this again, not pasting it, will do)",
      ],
      // One address only (the email rule below): a hidden character makes it no address at all.
      email: ["Please enter a valid email address"],
    });
    expect(errorsOf(emailAddress(), "sam@example.com")).toEqual([]);
  });
});

/** Texts that name more than one recipient, or one with something extra, or no address at all. */
const NOT_ONE_ADDRESS = [
  "ana@example.com,bob@example.com",
  "ana@example.com, bob@example.com",
  "ana@example.com;bob@example.com",
  "Ana <ana@example.com>",
  "<ana@example.com>",
  "ana@example.com bob@example.com",
  "ana@example.com\r\nBcc: bob@example.com",
  "ana@example.com\nbob@example.com",
  "ana\u0000@example.com",
  "ana@example.com\u0085",
  "ana\u200b@example.com",
  "ana\tx@example.com",
  "ana@bob@example.com",
  '"ana bob"@example.com',
  "ana(comment)@example.com",
  "team:ana@example.com;",
  "ana@[127.0.0.1]",
  "ana\\@example.com",
  "ana@example.com.",
  "ana@gmail.com..",
];

const ONE_ADDRESS = [
  "ana@example.com",
  "o'brien+quotes@mail.example.co.uk",
  "ana.ruiz-2@sub.example.com",
  "josé@exämple.com",
];

/** Every email field of the site, with what it says when the address is not one. */
const EMAIL_FIELDS = [
  {
    form: "the wizard's email step",
    schema: emailSchema(),
    invalid: "Please enter a valid email address",
  },
  { form: "/login", schema: loginSchema("en"), invalid: "Please enter a valid email address" },
  {
    form: "the contact page",
    schema: z.object({ email: contactMessageSchema("en").shape.email }),
    invalid: "Please enter a valid email address",
  },
  {
    form: "the lead desk's sign-in",
    schema: z.object({ email: signInSchema.shape.email }),
    invalid: "The email address or password is not right.",
  },
] as const;

describe("the one email rule", () => {
  it("takes exactly one plain address and nothing that would make a list or a header", () => {
    for (const text of NOT_ONE_ADDRESS) expect(isEmailAddress(text), text).toBe(false);
    for (const text of ONE_ADDRESS) expect(isEmailAddress(text), text).toBe(true);
    const longest = `${"a".repeat(EMAIL_MAX_LENGTH - "@example.com".length)}@example.com`;
    expect(isEmailAddress(longest)).toBe(true);
    expect(isEmailAddress(`a${longest}`)).toBe(false);
  });

  for (const field of EMAIL_FIELDS) {
    it(`is the rule of ${field.form}`, () => {
      for (const text of NOT_ONE_ADDRESS) {
        const result = field.schema.safeParse({ email: text });
        expect(result.success, text).toBe(false);
        expect(result.error?.issues.map((issue) => issue.message)).toEqual([
          text.endsWith(".") ? messages.emailTrailingDot : field.invalid,
        ]);
      }
      for (const text of ONE_ADDRESS) {
        expect(field.schema.parse({ email: ` ${text.toUpperCase()} ` })).toEqual({
          email: text,
        });
      }
    });
  }
});

describe("text over its limit", () => {
  it("is refused with the limit itself, as a number a person reads", () => {
    const notes = requiredText("Please enter it", 1000);
    expect(errorsOf(notes, "x".repeat(1000))).toEqual([]);
    expect(errorsOf(notes, "x".repeat(1001))).toEqual([
      "Please keep this to 1,000 characters or fewer",
    ]);
    expect(errorsOf(optional, { unit: "x".repeat(51) })).toEqual([
      "Please keep this to 50 characters or fewer",
    ]);
  });
});

describe("an address typed on several lines", () => {
  it("is kept on one line, and takes as much as the text area let the visitor type", () => {
    const address = optionalAddress(300);
    expect(address.parse(" PO Box 12 \r\n\r\nSpringfield, OR 97477 ")).toBe(
      "PO Box 12, Springfield, OR 97477",
    );
    // 300 characters as a text area counts them (each line break one), more once joined.
    const full = Array.from({ length: 10 }, () => "x".repeat(29)).join("\r\n");
    expect(full.replace(/\r\n/g, "\n")).toHaveLength(299);
    expect(address.safeParse(full).success).toBe(true);
    expect(address.safeParse(`${full}yy`).error?.issues.map((issue) => issue.message)).toEqual([
      messages.textTooLong(300),
    ]);
  });
});
