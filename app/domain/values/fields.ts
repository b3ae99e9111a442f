/**
 * The kinds of field the site's forms share, each with its rule and messages in one place: the
 * wizard's schemas and the contact forms' are built from these.
 */
import { m } from "#app/paraglide/messages.js";
import { BASE_LOCALE, type Locale } from "#app/domain/site/locales.ts";
import { textTooLong } from "#app/domain/site/messages.ts";
import { normalizeUsPhone } from "#app/domain/values/phone.ts";
import {
  hasHiddenFormatting,
  joinLines,
  withoutControlCharacters,
} from "#app/domain/values/text.ts";
import { z } from "#app/domain/values/zod.ts";

/** Refuses text holding invisible formatting characters (text.ts says why), with its message. */
function withoutHiddenFormatting(locale: Locale = BASE_LOCALE) {
  return z.refine<string>((value) => !hasHiddenFormatting(value), {
    error: m.error_hidden_characters({}, { locale }),
    abort: true,
  });
}

/**
 * Text that must be given: control characters removed, trimmed, 1 to `max` characters, without
 * hidden formatting characters. Its other messages in `locale`, as `required` is.
 */
export function requiredText(required: string, max: number, locale: Locale = BASE_LOCALE) {
  return z
    .string({ error: required })
    .check(
      z.overwrite(withoutControlCharacters),
      z.trim(),
      z.minLength(1, required),
      withoutHiddenFormatting(locale),
      z.maxLength(max, textTooLong(max, locale)),
    );
}

/**
 * Text that may be left out: control characters removed, trimmed, at most `max` characters,
 * without hidden formatting characters.
 */
export function optionalText(max: number, locale: Locale = BASE_LOCALE) {
  return z.optional(
    z
      .string()
      .check(
        z.overwrite(withoutControlCharacters),
        z.trim(),
        withoutHiddenFormatting(locale),
        z.maxLength(max, textTooLong(max, locale)),
      ),
  );
}

/**
 * An address that may be left out, typed on one or more lines (a text area, where browsers fill in
 * a whole address) and kept on one: lines joined with ", ", then as `optionalText`.
 */
export function optionalAddress(max: number, locale: Locale = BASE_LOCALE) {
  return z.optional(
    z.string().check(
      // As the text area counts it (a line break is one character), before the breaks become
      // ", ": what the browser let the visitor type, the server takes.
      z.refine((value) => value.replace(/\r\n/g, "\n").length <= max, {
        error: textTooLong(max, locale),
        abort: true,
      }),
      z.overwrite(joinLines),
      z.overwrite(withoutControlCharacters),
      z.trim(),
      withoutHiddenFormatting(locale),
    ),
  );
}

/**
 * Text on one or more lines that must be given (a postal address as it goes on a document): each
 * line without control characters and trimmed, empty lines dropped, the lines kept apart by "\n";
 * 1 to `max` characters as the text area counts them, without hidden formatting characters.
 */
export function requiredLines(required: string, max: number, locale: Locale = BASE_LOCALE) {
  return z
    .string({ error: required })
    .check(...keptLines(max, locale), z.minLength(1, required), withoutHiddenFormatting(locale));
}

/** Like `requiredLines`, but may be left out. */
export function optionalLines(max: number, locale: Locale = BASE_LOCALE) {
  return z.optional(z.string().check(...keptLines(max, locale), withoutHiddenFormatting(locale)));
}

/**
 * Text kept on its lines: at most `max` characters as the text area counts them (a line break is
 * one), then each line without control characters and trimmed, empty lines dropped.
 */
function keptLines(max: number, locale: Locale) {
  return [
    z.refine<string>((value) => value.replace(/\r\n/g, "\n").length <= max, {
      error: textTooLong(max, locale),
      abort: true,
    }),
    z.overwrite<string>((value) =>
      value
        .split(/\r\n|\r|\n/)
        .map((line) => withoutControlCharacters(line).trim())
        .filter(Boolean)
        .join("\n"),
    ),
  ] as const;
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

/**
 * Characters an email field refuses anywhere: white space, control and invisible format
 * characters, and what mail headers read as the edges of an address or a list of them (`,` `;`
 * `:` `<` `>` `(` `)` `[` `]` `\` `"`). So a field holds one plain address and never a list, a
 * display name, a comment or a second header line.
 */
const NOT_IN_AN_ADDRESS = String.raw`\s\p{Cc}\p{Cf},;:<>()[\]\\"`;

/** A character of an address: anything but an @ and the characters above. */
const ADDRESS_CHARACTER = `[^@${NOT_IN_AN_ADDRESS}]`;

/**
 * The spec's email pattern (docs/product.md, "Validation rules": non-space text, @, non-space text, a dot, text),
 * tightened to one address: exactly one @, none of the characters above, and no dot at the very
 * end (`ana@gmail.com.` would be a second spelling of `ana@gmail.com`, and SMTP takes no such
 * domain).
 */
export const EMAIL_PATTERN = new RegExp(
  `^${ADDRESS_CHARACTER}+@${ADDRESS_CHARACTER}+\\.${ADDRESS_CHARACTER}*[^@.${NOT_IN_AN_ADDRESS}]$`,
  "u",
);

/** Whether `text` would be an address but for dots after its domain (`ana@gmail.com.`). */
function endsInADotAfterAnAddress(text: string): boolean {
  return text.endsWith(".") && EMAIL_PATTERN.test(text.replace(/\.+$/, ""));
}

/** The longest email address the site takes (the SMTP limit). */
export const EMAIL_MAX_LENGTH = 254;

/**
 * Whether `text` is exactly one email address the site would take, as it is (not trimmed): the
 * rule every form applies, and the outbox's check on every recipient before it queues or sends.
 */
export function isEmailAddress(text: string): boolean {
  return text.length <= EMAIL_MAX_LENGTH && EMAIL_PATTERN.test(text);
}

/** What an email field says when it is empty or not an address. */
export interface EmailMessages {
  required: string;
  invalid: string;
}

/**
 * An email address, kept trimmed and lowercased: the one rule of every email field (the wizard,
 * /login, the contact form, the lead desk's sign-in), with the spec's two messages unless others
 * are given, and `messages.emailTrailingDot` for an address with a dot after its domain (in
 * `locale`, as the spec's two are unless others are given). Control
 * characters are refused, not removed: what is sent to is what was typed.
 */
export function emailAddress(fieldMessages?: EmailMessages, locale: Locale = BASE_LOCALE) {
  const { required, invalid } = fieldMessages ?? {
    required: m.error_email_required({}, { locale }),
    invalid: m.error_email_invalid({}, { locale }),
  };
  return z.string({ error: required }).check(
    z.trim(),
    z.minLength(1, { error: required, abort: true }),
    z.maxLength(EMAIL_MAX_LENGTH, { error: invalid, abort: true }),
    // Said as it is: the address is right but for its last character.
    z.refine((value) => !endsInADotAfterAnAddress(value), {
      error: m.error_email_trailing_dot({}, { locale }),
      abort: true,
    }),
    z.regex(EMAIL_PATTERN, invalid),
    z.toLowerCase(),
  );
}

/** The longest phone number the site reads, as typed. */
export const PHONE_MAX_LENGTH = 30;

/**
 * A valid 10-digit US phone number as typed; kept in E.164 form ("+15552345678"). Its messages in
 * `locale`.
 */
export function usPhoneNumber(locale: Locale = BASE_LOCALE) {
  const required = m.error_phone_required({}, { locale });
  const invalid = m.error_phone_invalid({}, { locale });
  return z.pipe(
    z
      .string({ error: required })
      .check(
        z.trim(),
        z.minLength(1, { error: required, abort: true }),
        z.maxLength(PHONE_MAX_LENGTH, { error: invalid, abort: true }),
      ),
    z.transform((phone, ctx) => {
      const normalized = normalizeUsPhone(phone);
      if (!normalized) {
        ctx.issues.push({ code: "custom", message: invalid, input: phone });
        return z.NEVER;
      }
      return normalized;
    }),
  );
}
