import type {
  BestTimeToCall,
  CallbackRequestInput,
  ContactMessageInput,
} from "#app/domain/site/contact-forms.ts";

import type { Db } from "#app/server/db/database.server.ts";

/** A stored call-back request, as the confirmation shows it. */
export interface SavedCallbackRequest {
  id: string;
  name: string;
  phone: string;
  bestTime: BestTimeToCall;
  product: string | null;
}

/** A stored contact message, as the confirmation shows it. */
export interface SavedContactMessage {
  id: string;
  name: string;
  email: string;
}

/** Stores a call-back request (already validated by callbackRequestSchema) and returns it as stored. */
export async function saveCallbackRequest(
  db: Db,
  request: CallbackRequestInput,
): Promise<SavedCallbackRequest> {
  const row = await db
    .insertInto("callback_requests")
    .values({
      name: request.name,
      phone: request.phone,
      best_time: request.bestTime,
      product: request.product ?? null,
    })
    .returning(["id", "name", "phone", "best_time", "product"])
    .executeTakeFirstOrThrow();
  return {
    id: row.id,
    name: row.name,
    phone: row.phone,
    bestTime: row.best_time as BestTimeToCall,
    product: row.product,
  };
}

/** Stores a contact message (already validated by contactMessageSchema) and returns it as stored. */
export async function saveContactMessage(
  db: Db,
  message: ContactMessageInput,
): Promise<SavedContactMessage> {
  const row = await db
    .insertInto("contact_messages")
    .values({
      name: message.name,
      email: message.email,
      message: message.message,
    })
    .returning(["id", "name", "email"])
    .executeTakeFirstOrThrow();
  return {
    id: row.id,
    name: row.name,
    email: row.email,
  };
}
