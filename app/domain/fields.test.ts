import { describe, expect, it } from "vitest";

import { contactMessageSchema } from "./contact-forms.ts";
import { EMAIL_MAX_LENGTH, isEmailAddress } from "./fields.ts";
import { signInSchema } from "./lead-desk.ts";
import { messages } from "./messages.ts";
import { loginSchema } from "./resume.ts";
import { emailSchema } from "./wizard.ts";
import { z } from "./zod.ts";

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
];

const ONE_ADDRESS = [
  "ana@example.com",
  "o'brien+quotes@mail.example.co.uk",
  "ana.ruiz-2@sub.example.com",
  "josé@exämple.com",
];

/** Every email field of the site, with what it says when the address is not one. */
const EMAIL_FIELDS = [
  { form: "the wizard's email step", schema: emailSchema, invalid: messages.emailInvalid },
  { form: "/login", schema: loginSchema, invalid: messages.emailInvalid },
  {
    form: "the contact page",
    schema: z.object({ email: contactMessageSchema.shape.email }),
    invalid: messages.emailInvalid,
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
        expect(result.error?.issues.map((issue) => issue.message)).toEqual([field.invalid]);
      }
      for (const text of ONE_ADDRESS) {
        expect(field.schema.parse({ email: ` ${text.toUpperCase()} ` })).toEqual({
          email: text,
        });
      }
    });
  }
});
