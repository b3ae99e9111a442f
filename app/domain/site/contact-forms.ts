/**
 * The two ways a visitor reaches us from the marketing site: a message from the contact page and
 * a call-back request from Talk to an Expert. One Zod schema each, used by the route actions.
 */
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
  { id: "morning", label: "Morning (9 am to noon ET)" },
  { id: "midday", label: "Midday (noon to 3 pm ET)" },
  { id: "afternoon", label: "Afternoon (3 pm to 6 pm ET)" },
  { id: "anytime", label: "Any time" },
] as const;

export type BestTimeToCall = (typeof BEST_TIMES_TO_CALL)[number]["id"];

const BEST_TIME_IDS = BEST_TIMES_TO_CALL.map((time) => time.id) as [
  BestTimeToCall,
  ...BestTimeToCall[],
];

/** The label of a best-time choice, e.g. "Morning (9 am to noon ET)". */
export function bestTimeLabel(id: BestTimeToCall): string {
  return BEST_TIMES_TO_CALL.find((time) => time.id === id)?.label ?? id;
}

/** Form copy the spec does not give. */
export const contactFormMessages = {
  nameRequired: "Please enter your name",
  messageRequired: "Please write your message",
  bestTimeRequired: "Please choose the best time to call",
} as const;

const name = requiredText(contactFormMessages.nameRequired, CONTACT_FIELD_LIMITS.name);

const productSlugs: readonly string[] = PRODUCT_LINES.map((line) => line.slug);

/** A call-back request: who to call, where, and when (Talk to an Expert). */
export const callbackRequestSchema = z.object({
  name,
  phone: usPhoneNumber(),
  bestTime: z.enum(BEST_TIME_IDS, {
    error: contactFormMessages.bestTimeRequired,
  }),
  // The product page the request came from, if any: a hint for the expert who calls. Anything
  // else (a tampered field) is dropped rather than refused, as the visitor cannot correct it.
  product: z.pipe(
    z.optional(z.string()),
    z.transform((slug) => (slug && productSlugs.includes(slug) ? slug : undefined)),
  ),
});

export type CallbackRequestInput = z.output<typeof callbackRequestSchema>;

/** A message from the contact page. */
export const contactMessageSchema = z.object({
  name,
  email: emailAddress(),
  message: requiredText(contactFormMessages.messageRequired, CONTACT_FIELD_LIMITS.message),
});

export type ContactMessageInput = z.output<typeof contactMessageSchema>;
