/**
 * The kinds of field the site's forms share, each with its rule and messages in one place: the
 * wizard's schemas and the contact forms' are built from these.
 */
import { messages } from "./messages.ts";
import { normalizeUsPhone } from "./phone.ts";
import { withoutControlCharacters } from "./text.ts";
import { z } from "./zod.ts";

/** Text that must be given: control characters removed, trimmed, 1 to `max` characters. */
export function requiredText(required: string, max: number) {
  return z
    .string({ error: required })
    .overwrite(withoutControlCharacters)
    .trim()
    .min(1, required)
    .max(max, messages.textTooLong(max));
}

/** Text that may be left out: control characters removed, trimmed, at most `max` characters. */
export function optionalText(max: number) {
  return z
    .string()
    .overwrite(withoutControlCharacters)
    .trim()
    .max(max, messages.textTooLong(max))
    .optional();
}

/** The spec's email pattern (SPEC section 5): non-space text, @, non-space text, a dot, text. */
export const EMAIL_PATTERN = /^\S+@\S+\.\S+$/;

/** The longest email address the site takes (the SMTP limit). */
export const EMAIL_MAX_LENGTH = 254;

/** An email address, with the spec's two messages; kept trimmed and lowercased. */
export function emailAddress() {
  return z
    .string({ error: messages.emailRequired })
    .overwrite(withoutControlCharacters)
    .trim()
    .min(1, { error: messages.emailRequired, abort: true })
    .max(EMAIL_MAX_LENGTH, { error: messages.emailInvalid, abort: true })
    .regex(EMAIL_PATTERN, messages.emailInvalid)
    .transform((email) => email.toLowerCase());
}

/** The longest phone number the site reads, as typed. */
export const PHONE_MAX_LENGTH = 30;

/** A valid 10-digit US phone number as typed; kept in E.164 form ("+15552345678"). */
export function usPhoneNumber() {
  return z
    .string({ error: messages.phoneRequired })
    .trim()
    .min(1, { error: messages.phoneRequired, abort: true })
    .max(PHONE_MAX_LENGTH, { error: messages.phoneInvalid, abort: true })
    .transform((phone, ctx) => {
      const normalized = normalizeUsPhone(phone);
      if (!normalized) {
        ctx.addIssue({ code: "custom", message: messages.phoneInvalid });
        return z.NEVER;
      }
      return normalized;
    });
}
