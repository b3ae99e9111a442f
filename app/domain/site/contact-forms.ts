/**
 * The two ways a visitor reaches us from the marketing site: a message from the contact page and
 * a call-back request from Talk to an Expert. One Zod schema each, used by the route actions.
 */
import { m } from "#app/paraglide/messages.js";
import { BASE_LOCALE, type Locale } from "#app/domain/site/locales.ts";
import { z } from "#app/domain/values/zod.ts";

import {
  EMAIL_MAX_LENGTH,
  emailAddress,
  PHONE_MAX_LENGTH,
  requiredText,
  usPhoneNumber,
} from "#app/domain/values/fields.ts";
import { PRODUCT_LINES } from "#app/domain/reference/products.ts";

/** Longest accepted value of each field; the database columns hold exactly this much. */
export const CONTACT_FIELD_LIMITS = {
  name: 100,
  email: EMAIL_MAX_LENGTH,
  phone: PHONE_MAX_LENGTH,
  message: 2000,
} as const;

/** The choices for "Best time to call", in Eastern Time like the phone hours (app/domain/site/site.ts). */
export const BEST_TIMES_TO_CALL = [
  { id: "morning", label: m.best_time_morning },
  { id: "midday", label: m.best_time_midday },
  { id: "afternoon", label: m.best_time_afternoon },
  { id: "anytime", label: m.best_time_anytime },
] as const;

export type BestTimeToCall = (typeof BEST_TIMES_TO_CALL)[number]["id"];

const BEST_TIME_IDS = BEST_TIMES_TO_CALL.map((time) => time.id) as [
  BestTimeToCall,
  ...BestTimeToCall[],
];

/** The label of a best-time choice, e.g. "Morning (9 am to noon ET)"; in English by default. */
export function bestTimeLabel(id: BestTimeToCall, locale: Locale = BASE_LOCALE): string {
  return BEST_TIMES_TO_CALL.find((time) => time.id === id)?.label({}, { locale }) ?? id;
}

/** "Your name", as both forms ask it, with its messages in `locale`. */
function contactName(locale: Locale) {
  return requiredText(m.error_name_required({}, { locale }), CONTACT_FIELD_LIMITS.name, locale);
}

const productSlugs: readonly string[] = PRODUCT_LINES.map((line) => line.slug);

/**
 * A call-back request: who to call, where, and when (Talk to an Expert), with its messages in the
 * page's language.
 */
export function callbackRequestSchema(locale: Locale) {
  return z.object({
    name: contactName(locale),
    phone: usPhoneNumber(locale),
    bestTime: z.enum(BEST_TIME_IDS, {
      error: m.error_best_time_required({}, { locale }),
    }),
    // The product page the request came from, if any: a hint for the expert who calls. Anything
    // else (a tampered field) is dropped rather than refused, as the visitor cannot correct it.
    product: z.pipe(
      z.optional(z.string()),
      z.transform((slug) => (slug && productSlugs.includes(slug) ? slug : undefined)),
    ),
  });
}

export type CallbackRequestInput = z.output<ReturnType<typeof callbackRequestSchema>>;

/** A message from the contact page, with its messages in the page's language. */
export function contactMessageSchema(locale: Locale) {
  return z.object({
    name: contactName(locale),
    email: emailAddress(undefined, locale),
    message: requiredText(
      m.error_message_required({}, { locale }),
      CONTACT_FIELD_LIMITS.message,
      locale,
    ),
  });
}

export type ContactMessageInput = z.output<ReturnType<typeof contactMessageSchema>>;
