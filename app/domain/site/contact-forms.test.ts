import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";

import {
  bestTimeLabel,
  callbackRequestSchema,
  CONTACT_FIELD_LIMITS,
  contactMessageSchema,
} from "#app/domain/site/contact-forms.ts";
import { messages } from "#app/domain/site/messages.ts";

function form(fields: Record<string, string>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, value);
  return data;
}

describe("the call-back request form", () => {
  it("accepts a name, a US phone number and a time, and keeps the phone in E.164 form", () => {
    const submission = parseWithZod(
      form({ name: "  Ana Diaz ", phone: "(555) 234-5678", bestTime: "morning" }),
      { schema: callbackRequestSchema("en") },
    );
    expect(submission.status).toBe("success");
    expect(submission.status === "success" && submission.value).toEqual({
      name: "Ana Diaz",
      phone: "+15552345678",
      bestTime: "morning",
      product: undefined,
    });
  });

  it("gives one clear message per missing field", () => {
    const submission = parseWithZod(form({ name: " ", phone: "", bestTime: "" }), {
      schema: callbackRequestSchema("en"),
    });
    expect(submission.status).toBe("error");
    expect(submission.reply().error).toEqual({
      name: ["Please enter your name"],
      phone: ["Please enter your phone number"],
      bestTime: ["Please choose the best time to call"],
    });
  });

  it("refuses a phone number that is not a US one, an unknown time and an overlong name", () => {
    const submission = parseWithZod(
      form({
        name: "x".repeat(CONTACT_FIELD_LIMITS.name + 1),
        phone: "12345",
        bestTime: "midnight",
      }),
      { schema: callbackRequestSchema("en") },
    );
    expect(submission.reply().error).toEqual({
      name: [messages.textTooLong(CONTACT_FIELD_LIMITS.name)],
      phone: ["Please enter a valid 10-digit US phone number"],
      bestTime: ["Please choose the best time to call"],
    });
  });

  it("passes on the product page it came from, and drops anything that is not one", () => {
    const base = { name: "Ana", phone: "555 234 5678", bestTime: "anytime" };
    const known = parseWithZod(form({ ...base, product: "cyber-insurance" }), {
      schema: callbackRequestSchema("en"),
    });
    const unknown = parseWithZod(form({ ...base, product: "<script>" }), {
      schema: callbackRequestSchema("en"),
    });
    expect(known.status === "success" && known.value.product).toBe("cyber-insurance");
    expect(unknown.status === "success" && unknown.value.product).toBeUndefined();
    expect(bestTimeLabel("anytime")).toBe("Any time");
  });

  it("speaks the page's language: every message and label in Spanish on a Spanish page", () => {
    const missing = parseWithZod(form({ name: " ", phone: "", bestTime: "" }), {
      schema: callbackRequestSchema("es"),
    });
    expect(missing.reply().error).toEqual({
      name: ["Escriba su nombre"],
      phone: ["Escriba su número de teléfono"],
      bestTime: ["Elija el mejor horario para llamarle"],
    });
    const wrong = parseWithZod(
      form({ name: "x".repeat(CONTACT_FIELD_LIMITS.name + 1), phone: "12345", bestTime: "x" }),
      { schema: callbackRequestSchema("es") },
    );
    expect(wrong.reply().error).toMatchObject({
      name: ["Use 100 caracteres o menos"],
      phone: ["Escriba un número de teléfono de EE. UU. válido, de 10 dígitos"],
    });
    expect(bestTimeLabel("anytime", "es")).toBe("A cualquier hora");
  });
});

describe("the contact message form", () => {
  it("accepts a name, an email address and a message", () => {
    const submission = parseWithZod(
      form({ name: "Ana", email: "ana@example.com", message: " Do you cover food trucks? " }),
      { schema: contactMessageSchema("en") },
    );
    expect(submission.status === "success" && submission.value).toEqual({
      name: "Ana",
      email: "ana@example.com",
      message: "Do you cover food trucks?",
    });
  });

  it("uses the spec's email messages and limits the message's length", () => {
    const empty = parseWithZod(form({}), { schema: contactMessageSchema("en") });
    expect(empty.reply().error).toEqual({
      name: ["Please enter your name"],
      email: ["Please enter your email address"],
      message: ["Please write your message"],
    });
    const bad = parseWithZod(
      form({
        name: "Ana",
        email: "ana@example",
        message: "x".repeat(CONTACT_FIELD_LIMITS.message + 1),
      }),
      { schema: contactMessageSchema("en") },
    );
    expect(bad.reply().error).toEqual({
      email: ["Please enter a valid email address"],
      message: [messages.textTooLong(CONTACT_FIELD_LIMITS.message)],
    });
  });
});
