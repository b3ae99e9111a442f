import { describe, expect, it } from "vitest";

import { SAMPLE_AGENCY } from "#app/domain/site/agency.ts";
import { parseForm } from "#app/domain/values/form-submission.ts";

import {
  deskEmail,
  fillPlaceholders,
  placeholderValues,
  templateFormSchema,
  templatesForLanguage,
  unknownPlaceholders,
} from "./desk-emails.ts";

const agency = { ...SAMPLE_AGENCY, sample: true };

describe("the desk's emails", () => {
  it("fills each placeholder from the lead, or with plain words when the lead has none", () => {
    const values = placeholderValues(
      { firstName: "Rae", businessName: "Rise Bakery", reference: "CP-7K3F9Q" },
      agency,
    );
    expect(
      fillPlaceholders(
        "Hello {first_name}, about {business_name} ({reference}): {agency_phone}",
        values,
      ),
    ).toBe("Hello Rae, about Rise Bakery (CP-7K3F9Q): (888) 555-0199");
    const none = placeholderValues({ firstName: null, businessName: " ", reference: null }, agency);
    expect(fillPlaceholders("Hello {first_name}, {business_name}, {reference}.", none)).toBe(
      "Hello there, your business, your request.",
    );
    // A Spanish template's plain words are Spanish.
    expect(fillPlaceholders("Hola, {first_name}: {business_name}, {reference}.", none, "es")).toBe(
      "Hola, estimado cliente: su negocio, su solicitud.",
    );
    // What is no placeholder stays as written.
    expect(fillPlaceholders("{nope} {FIRST_NAME}", values)).toBe("{nope} {FIRST_NAME}");
  });

  it("refuses a template with a placeholder it does not know", () => {
    expect(unknownPlaceholders("Hi {first_name} {zip}")).toEqual(["zip"]);
    const refused = parseForm(
      new URLSearchParams({ name: "ZIP", subject: "About {zip}", body: "Hello" }),
      templateFormSchema,
    );
    expect(refused).toMatchObject({
      error: { subject: [expect.stringContaining("{first_name}")] },
    });
    expect(
      parseForm(
        new URLSearchParams({ name: "", subject: "", body: "x".repeat(3001), language: "fr" }),
        templateFormSchema,
      ),
    ).toMatchObject({
      error: {
        name: ["Name the template"],
        subject: ["Write the subject"],
        body: ["Keep it to 3000 characters or fewer"],
        language: ["Choose the language it is written in"],
      },
    });
  });

  it("offers the templates in the customer's language first (decision 071)", () => {
    const templates = [
      { name: "A", language: "en" as const },
      { name: "B", language: "es" as const },
      { name: "C", language: "en" as const },
      { name: "D", language: "es" as const },
    ];
    expect(templatesForLanguage(templates, "es").map((template) => template.name)).toEqual([
      "B",
      "D",
      "A",
      "C",
    ]);
    expect(templatesForLanguage(templates, "en").map((template) => template.name)).toEqual([
      "A",
      "C",
      "B",
      "D",
    ]);
  });

  it("sends the operator's words as text and HTML, with the agency at the foot", () => {
    const email = deskEmail("About <your> ZIP", "Hello Rae,\n\nCould you call us?\nThanks", agency);
    expect(email.subject).toBe("About <your> ZIP");
    expect(email.text).toContain("Hello Rae,\n\nCould you call us?\nThanks");
    expect(email.text).toContain(SAMPLE_AGENCY.phone);
    expect(email.html).toContain("Could you call us?");
    expect(email.html).not.toContain("<your>");
    // Written in Spanish, the agency's lines at its foot are Spanish too.
    const spanish = deskEmail("Una pregunta", "Hola, Rae:", agency, "es");
    expect(spanish.text).not.toBe(email.text);
    expect(spanish.text.split("\n\n").at(-1)).not.toBe(email.text.split("\n\n").at(-1));
  });
});
