import { m } from "#app/paraglide/messages.js";
import { BASE_LOCALE, type Locale, type Message } from "#app/domain/site/locales.ts";
import { MAX_SEGMENTS, type SegmentSelection } from "#app/domain/reference/industries.ts";

/** The time of day (UTC, HH:MM) at or after `instant`: rounded up, so "after" it is true. */
export function utcClockTime(instant: Date): string {
  const minute = new Date(Math.ceil(instant.getTime() / 60_000) * 60_000);
  return minute.toISOString().slice(11, 16);
}

/** The English of the messages that come from the catalogs (messages/en.json). */
const english = { locale: BASE_LOCALE };

/** "Please keep this to 2,000 characters or fewer", with the figure written as the language does. */
export function textTooLong(max: number, locale: Locale): string {
  return m.error_text_too_long({ max: max.toLocaleString(`${locale}-US`) }, { locale });
}

/** "You can only select up to 3 segments" (the spec's words), in `locale`. */
export function maxSegments(locale: Locale): string {
  return m.wizard_max_segments({ max: MAX_SEGMENTS }, { locale });
}

/**
 * What a disabled Continue waits for, shown next to it (ours: the spec only disables it), by the
 * screen and, on the segments step, how its industry's segments are chosen.
 */
const CONTINUE_HINTS = {
  start: m.wizard_hint_start,
  multiple: m.wizard_hint_segments_multiple,
  single: m.wizard_hint_segments_single,
  "single-with-search": m.wizard_hint_segments_search,
  "free-text": m.wizard_hint_segments_free_text,
  email: m.wizard_hint_email,
  "business-name": m.wizard_hint_business_name,
  ownership: m.wizard_hint_ownership,
} satisfies Record<"start" | "email" | "business-name" | "ownership" | SegmentSelection, Message>;

/** What a disabled Continue waits for on a screen, in `locale`. */
export function continueHint(screen: keyof typeof CONTINUE_HINTS, locale: Locale): string {
  return CONTINUE_HINTS[screen]({}, { locale });
}

/**
 * Every message the spec gives (docs/product.md, "Messages"), word for word, and the messages we add
 * where the spec is silent. Components and actions import them from here; a field the wizard asks
 * after the email step has its own messages in its rule (application-fields.ts).
 */
export const messages = {
  /** An address with a dot after its domain (`ana@gmail.com.`): ours, the spec is silent. */
  emailTrailingDot: m.error_email_trailing_dot({}, english),
  saveFailed: m.error_save_failed({}, english),
  textTooLong: (max: number) => textTooLong(max, BASE_LOCALE),

  /** The lead desk's sign-in, locked for this email from this address, until `until`. */
  signInLocked: (until: Date) =>
    `Too many attempts from this address. Try again after ${utcClockTime(until)} UTC.`,
} as const;

/** A refusal's heading and explanation, as catalog messages. */
interface RefusalMessages {
  title: Message;
  body: Message;
}

const unreadable: RefusalMessages = {
  title: m.refusal_unreadable_title,
  body: m.refusal_unreadable_body,
};

/**
 * What the site says when it refuses a request on purpose (docs/decisions/README.md, "Security by
 * default"), by HTTP status: a heading and an explanation, shown with a link back to the page the
 * visitor was on.
 */
const REFUSALS: Readonly<Record<number, RefusalMessages>> = {
  400: unreadable,
  403: { title: m.refusal_cross_site_title, body: m.refusal_cross_site_body },
  405: { title: m.refusal_method_title, body: m.refusal_method_body },
  411: unreadable,
  413: { title: m.refusal_too_large_title, body: m.refusal_too_large_body },
  415: unreadable,
  429: { title: m.refusal_too_fast_title, body: m.refusal_too_fast_body },
  503: { title: m.refusal_unavailable_title, body: m.refusal_unavailable_body },
};

/** The refusal for an HTTP status, in `locale`, or undefined for a status that is not one. */
export function refusal(
  status: number,
  locale: Locale = BASE_LOCALE,
): { title: string; body: string } | undefined {
  const messages = REFUSALS[status];
  return messages && { title: messages.title({}, { locale }), body: messages.body({}, { locale }) };
}
