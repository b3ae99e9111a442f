import type {
  BestTimeToCall,
  CallbackRequestInput,
  ContactMessageInput,
} from "#app/domain/site/contact-forms.ts";
import type { Locale } from "#app/domain/site/locales.ts";

import type { Db } from "#app/server/db/database.server.ts";

/** A stored call-back request, as the confirmation shows it. */
export interface SavedCallbackRequest {
  id: string;
  name: string;
  phone: string;
  bestTime: BestTimeToCall;
  product: string | null;
  /** The language of the page it was sent from: the agent calls back in it. */
  language: Locale;
}

/** A stored contact message, as the confirmation shows it. */
export interface SavedContactMessage {
  id: string;
  name: string;
  email: string;
  /** The language of the page it was sent from: the agent writes back in it. */
  language: Locale;
}

/**
 * Stores a call-back request (already validated by callbackRequestSchema) sent from a page in
 * `language`, and returns it as stored.
 */
export async function saveCallbackRequest(
  db: Db,
  request: CallbackRequestInput,
  language: Locale,
): Promise<SavedCallbackRequest> {
  const row = await db
    .insertInto("callback_requests")
    .values({
      name: request.name,
      phone: request.phone,
      best_time: request.bestTime,
      product: request.product ?? null,
      language,
    })
    .returning(["id", "name", "phone", "best_time", "product", "language"])
    .executeTakeFirstOrThrow();
  return {
    id: row.id,
    name: row.name,
    phone: row.phone,
    bestTime: row.best_time as BestTimeToCall,
    product: row.product,
    language: row.language,
  };
}

/**
 * Stores a contact message (already validated by contactMessageSchema) sent from a page in
 * `language`, and returns it as stored.
 */
export async function saveContactMessage(
  db: Db,
  message: ContactMessageInput,
  language: Locale,
): Promise<SavedContactMessage> {
  const row = await db
    .insertInto("contact_messages")
    .values({
      name: message.name,
      email: message.email,
      message: message.message,
      language,
    })
    .returning(["id", "name", "email", "language"])
    .executeTakeFirstOrThrow();
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    language: row.language,
  };
}
