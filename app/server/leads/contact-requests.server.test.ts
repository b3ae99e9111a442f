import { describe, expect, it } from "vitest";

import { testDatabaseKinds } from "#tests/support/databases.ts";

import {
  saveCallbackRequest,
  saveContactMessage,
} from "#app/server/leads/contact-requests.server.ts";

describe.each(testDatabaseKinds)("contact requests on $name", (kind) => {
  it("stores a call-back request and returns it as stored", async () => {
    const database = await kind.open();
    try {
      const saved = await saveCallbackRequest(
        database.db,
        {
          name: "Ana Diaz",
          phone: "+15552345678",
          bestTime: "midday",
          product: "workers-comp",
        },
        "es",
      );
      expect(saved).toEqual({
        id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        name: "Ana Diaz",
        phone: "+15552345678",
        bestTime: "midday",
        product: "workers-comp",
        language: "es",
      });
      const rows = await database.db.selectFrom("callback_requests").selectAll().execute();
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({
        id: saved.id,
        best_time: "midday",
        product: "workers-comp",
        language: "es",
      });
      expect(rows[0]!.created_at).toBeInstanceOf(Date);
    } finally {
      await database.close();
    }
  });

  it("stores a call-back request without a product page", async () => {
    const database = await kind.open();
    try {
      const saved = await saveCallbackRequest(
        database.db,
        {
          name: "Bo",
          phone: "+15552345678",
          bestTime: "anytime",
          product: undefined,
        },
        "en",
      );
      expect(saved.product).toBeNull();
      expect(saved.language).toBe("en");
    } finally {
      await database.close();
    }
  });

  it("stores a contact message, and each message as its own row", async () => {
    const database = await kind.open();
    try {
      const message = {
        name: "Ana",
        email: "ana@example.com",
        message: "Do you cover food trucks?",
      };
      const first = await saveContactMessage(database.db, message, "en");
      const second = await saveContactMessage(database.db, message, "es");
      expect(first).toEqual({
        id: expect.any(String),
        name: "Ana",
        email: "ana@example.com",
        language: "en",
      });
      expect(second.id).not.toBe(first.id);
      const rows = await database.db
        .selectFrom("contact_messages")
        .select(["name", "email", "message", "language"])
        .orderBy("created_at")
        .orderBy("language")
        .execute();
      expect(rows).toEqual([
        { ...message, language: "en" },
        { ...message, language: "es" },
      ]);
    } finally {
      await database.close();
    }
  });

  it("refuses a language the site does not have, as a last line of defence", async () => {
    const database = await kind.open();
    try {
      // Only the locales' own type reaches the store: the cast stands for a caller that slipped.
      const unknownLanguage = "fr" as "en";
      await expect(
        saveContactMessage(
          database.db,
          { name: "Ana", email: "ana@example.com", message: "Bonjour" },
          unknownLanguage,
        ),
      ).rejects.toThrow();
    } finally {
      await database.close();
    }
  });

  it("refuses values longer than the forms allow, as a last line of defence", async () => {
    const database = await kind.open();
    try {
      await expect(
        saveContactMessage(
          database.db,
          {
            name: "Ana",
            email: "ana@example.com",
            message: "x".repeat(2001),
          },
          "en",
        ),
      ).rejects.toThrow();
      await expect(
        saveCallbackRequest(
          database.db,
          {
            name: "x".repeat(101),
            phone: "+15552345678",
            bestTime: "morning",
            product: undefined,
          },
          "en",
        ),
      ).rejects.toThrow();
    } finally {
      await database.close();
    }
  });
});
