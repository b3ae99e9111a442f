import fc from "fast-check";
import { describe, expect, it } from "vitest";

import { contactMessageSchema } from "./contact-forms.ts";
import { emailAddress, optionalText, requiredText } from "./fields.ts";
import { parseForm } from "./form-submission.ts";
import { messages } from "./messages.ts";
import { aboutYouSchema } from "./wizard.ts";
import { z } from "./zod.ts";

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
          expect(errorsOf(required, tainted)).toContain(messages.hiddenCharacters);
          expect(errorsOf(optional, { unit: tainted })).toContain(messages.hiddenCharacters);
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

  it("in a name, an address and an email, on the wizard and on the contact form", () => {
    const aboutYou = parseForm(
      new URLSearchParams({
        firstName: "Ada",
        lastName: "\u202egnp.exe",
        phoneNumber: "(555) 234-5678",
        legalBusinessName: "Engines LLC",
        streetAddress: "1 Main\u200b St",
        sameAddress: "Yes",
      }),
      aboutYouSchema,
    );
    expect(aboutYou.status === "error" && aboutYou.error).toEqual({
      lastName: [messages.hiddenCharacters],
      streetAddress: [messages.hiddenCharacters],
    });
    const contact = parseForm(
      new URLSearchParams({ name: "Sam\u2066 Lee", email: "sam\ufeff@example.com", message: "Hi" }),
      contactMessageSchema,
    );
    expect(contact.status === "error" && contact.error).toEqual({
      name: [messages.hiddenCharacters],
      email: [messages.hiddenCharacters],
    });
    expect(errorsOf(emailAddress(), "sam@example.com")).toEqual([]);
  });
});
