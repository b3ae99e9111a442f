import { describe, expect, it } from "vitest";

import { parseForm } from "./form-submission.ts";
import { getIndustry } from "./industries.ts";
import { messages } from "./messages.ts";
import { aboutYouSchema, segmentsSchema } from "./wizard.ts";

function form(fields: [string, string][]): FormData {
  const data = new FormData();
  for (const [name, value] of fields) data.append(name, value);
  return data;
}

const aboutYou: [string, string][] = [
  ["firstName", "Ada"],
  ["lastName", "Lovelace"],
  ["phoneNumber", "(555) 234-5678"],
  ["legalBusinessName", "Analytical Engines LLC"],
  ["streetAddress", "1 Main St"],
  ["unit", ""],
  ["sameAddress", "Yes"],
  ["mailingAddress", ""],
];

describe("a posted form read against a schema", () => {
  it("takes an empty field as not given, with the field's own message", () => {
    const submission = parseForm(
      form([
        ["firstName", "  "],
        ["lastName", ""],
      ]),
      aboutYouSchema,
    );
    expect(submission.status).toBe("error");
    const errors = submission.status === "error" ? submission.error : null;
    expect(errors?.firstName).toEqual([messages.firstNameRequired]);
    expect(errors?.lastName).toEqual([messages.lastNameRequired]);
  });

  it("reads a ticked checkbox as true, an unticked one as false, and refuses other values", () => {
    const ticked = parseForm(form([...aboutYou, ["consentToTexts", "on"]]), aboutYouSchema);
    const unticked = parseForm(form(aboutYou), aboutYouSchema);
    expect(ticked.status === "success" && ticked.value.consentToTexts).toBe(true);
    const tampered = parseForm(form([...aboutYou, ["consentToTexts", "false"]]), aboutYouSchema);
    expect(tampered.status).toBe("error");
    expect(unticked.status === "success" && unticked.value).toMatchObject({
      consentToTexts: false,
      unit: undefined,
      phoneNumber: "+15552345678",
    });
  });

  it("reads one, several or no ticked segments as a list", () => {
    const food = segmentsSchema(getIndustry("food"));
    const [first, second, third, fourth] = getIndustry("food").segments;
    const one = parseForm(form([["segments", first ?? ""]]), food);
    expect(one.status === "success" && one.value.segments).toEqual([first]);
    const none = parseForm(form([]), food);
    expect(none.status === "error" && none.error?.segments).toEqual([messages.segmentRequired]);
    const four = parseForm(
      form([first, second, third, fourth].map((segment) => ["segments", segment ?? ""])),
      food,
    );
    expect(four.status === "error" && four.error?.segments).toEqual([messages.maxSegments]);
  });

  it("keeps what was posted, for the form to show again", () => {
    const submission = parseForm(form([["firstName", "Ada"]]), aboutYouSchema);
    expect(submission.reply().initialValue).toMatchObject({ firstName: "Ada" });
  });
});
