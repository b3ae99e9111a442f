/**
 * The kinds of field the site's forms share, each with its rule and messages in one place: the
 * wizard's schemas and the contact forms' are built from these.
 */
import { messages } from "./messages.ts";
import { normalizeUsPhone } from "./phone.ts";
import { joinLines, withoutControlCharacters } from "./text.ts";
import { z } from "./zod.ts";

/** Text that must be given: control characters removed, trimmed, 1 to `max` characters. */
export function requiredText(required: string, max: number) {
  return z
    .string({ error: required })
    .check(
      z.overwrite(withoutControlCharacters),
      z.trim(),
      z.minLength(1, required),
      z.maxLength(max, messages.textTooLong(max)),
    );
}

/** Text that may be left out: control characters removed, trimmed, at most `max` characters. */
export function optionalText(max: number) {
  return z.optional(
    z
      .string()
      .check(
        z.overwrite(withoutControlCharacters),
        z.trim(),
        z.maxLength(max, messages.textTooLong(max)),
      ),
  );
}

/**
 * An address that may be left out, typed on one or more lines (a text area, where browsers fill in
 * a whole address) and kept on one: lines joined with ", ", then as `optionalText`.
 */
export function optionalAddress(max: number) {
  return z.optional(
    z
      .string()
      .check(
        z.overwrite(joinLines),
        z.overwrite(withoutControlCharacters),
        z.trim(),
        z.maxLength(max, messages.textTooLong(max)),
      ),
  );
}

/** What a ticked checkbox without a value attribute sends (HTML's default). */
export const CHECKBOX_TICKED = "on";

/**
 * A checkbox: ticked when the form sends it, unticked when it does not; any other value is refused
 * (a tampered form cannot tick it with "false"). A value kept from an earlier check (true or
 * false) reads as itself.
 */
export function checkbox() {
  return z.pipe(
    z.optional(z.union([z.boolean(), z.literal(CHECKBOX_TICKED)])),
    z.transform((value) => value === true || value === CHECKBOX_TICKED),
  );
}

/**
 * Values a form sends under one name (checkboxes): none, one or many become a list, which
 * `list` then checks. A form sends one value as text and several as a list.
 */
export function formList<T extends z.ZodMiniType<unknown, string[]>>(list: T) {
  return z.pipe(
    z.transform((value: unknown) =>
      value === undefined ? [] : Array.isArray(value) ? value : [value],
    ),
    list,
  );
}

/** The spec's email pattern (SPEC section 5): non-space text, @, non-space text, a dot, text. */
export const EMAIL_PATTERN = /^\S+@\S+\.\S+$/;

/** The longest email address the site takes (the SMTP limit). */
export const EMAIL_MAX_LENGTH = 254;

/** An email address, with the spec's two messages; kept trimmed and lowercased. */
export function emailAddress() {
  return z
    .string({ error: messages.emailRequired })
    .check(
      z.overwrite(withoutControlCharacters),
      z.trim(),
      z.minLength(1, { error: messages.emailRequired, abort: true }),
      z.maxLength(EMAIL_MAX_LENGTH, { error: messages.emailInvalid, abort: true }),
      z.regex(EMAIL_PATTERN, messages.emailInvalid),
      z.toLowerCase(),
    );
}

/** The longest phone number the site reads, as typed. */
export const PHONE_MAX_LENGTH = 30;

/** A valid 10-digit US phone number as typed; kept in E.164 form ("+15552345678"). */
export function usPhoneNumber() {
  return z.pipe(
    z
      .string({ error: messages.phoneRequired })
      .check(
        z.trim(),
        z.minLength(1, { error: messages.phoneRequired, abort: true }),
        z.maxLength(PHONE_MAX_LENGTH, { error: messages.phoneInvalid, abort: true }),
      ),
    z.transform((phone, ctx) => {
      const normalized = normalizeUsPhone(phone);
      if (!normalized) {
        ctx.issues.push({ code: "custom", message: messages.phoneInvalid, input: phone });
        return z.NEVER;
      }
      return normalized;
    }),
  );
}
