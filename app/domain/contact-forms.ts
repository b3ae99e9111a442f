/**
 * The two ways a visitor reaches us from the marketing site: a message from the contact page and
 * a call-back request from Talk to an Expert. One Zod schema each, used by the route actions.
 */
import { z } from "zod";

import { messages } from "./messages.ts";
import { normalizeUsPhone } from "./phone.ts";
import { PRODUCT_LINES } from "./products.ts";

/** Longest accepted value of each field; the database columns hold exactly this much. */
export const CONTACT_FIELD_LIMITS = {
  name: 100,
  email: 254,
  phone: 30,
  message: 2000,
} as const;

/** The choices for "Best time to call", in Eastern Time like the phone hours (app/domain/site.ts). */
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

function requiredText(required: string, max: number) {
  return z.string({ error: required }).trim().min(1, required).max(max, messages.textTooLong(max));
}

const name = requiredText(contactFormMessages.nameRequired, CONTACT_FIELD_LIMITS.name);

/** Stored in E.164 form ("+15552345678"), like the wizard's phone numbers. */
const phone = requiredText(messages.phoneRequired, CONTACT_FIELD_LIMITS.phone)
  .refine((value) => normalizeUsPhone(value) !== null, messages.phoneInvalid)
  .transform((value) => normalizeUsPhone(value) ?? value);

const email = requiredText(messages.emailRequired, CONTACT_FIELD_LIMITS.email)
  // The spec's rule for an email address (SPEC section 5): text, @, text, a dot, text.
  .regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, messages.emailInvalid);

const productSlugs: readonly string[] = PRODUCT_LINES.map((line) => line.slug);

/** A call-back request: who to call, where, and when (Talk to an Expert). */
export const callbackRequestSchema = z.object({
  name,
  phone,
  bestTime: z.enum(BEST_TIME_IDS, {
    error: contactFormMessages.bestTimeRequired,
  }),
  // The product page the request came from, if any: a hint for the expert who calls. Anything
  // else (a tampered field) is dropped rather than refused, as the visitor cannot correct it.
  product: z
    .string()
    .optional()
    .transform((slug) => (slug && productSlugs.includes(slug) ? slug : undefined)),
});

export type CallbackRequestInput = z.output<typeof callbackRequestSchema>;

/** A message from the contact page. */
export const contactMessageSchema = z.object({
  name,
  email,
  message: requiredText(contactFormMessages.messageRequired, CONTACT_FIELD_LIMITS.message),
});

export type ContactMessageInput = z.output<typeof contactMessageSchema>;
