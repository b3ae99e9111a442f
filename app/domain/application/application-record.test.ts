import fc from "fast-check";
import { describe, expect, it } from "vitest";

import { suggestNaics } from "#app/domain/reference/naics.ts";

import {
  fromRecord,
  isCompleteRecord,
  toEmailStepRecord,
  toRecord,
  type CompleteRecord,
} from "#app/domain/application/application-record.ts";
import { INDUSTRIES, MAX_SEGMENTS, type Industry } from "#app/domain/reference/industries.ts";
import { OWNERSHIP_STRUCTURES } from "#app/domain/reference/ownership-structures.ts";
import { US_STATES } from "#app/domain/reference/states.ts";
import type { SubmissionValues } from "#app/domain/application/application-fields.ts";
import type { WizardDraft } from "#app/domain/wizard/wizard-draft.ts";
import { storedValues } from "#tests/support/application-records.ts";
import {
  firstIncompleteStep,
  WIZARD_STEPS,
  type StepRequest,
} from "#app/domain/wizard/wizard-steps.ts";

const THIS_YEAR = 2026;
const AT: StepRequest = {
  thisYear: THIS_YEAR,
  searchParams: new URLSearchParams(),
  now: new Date("2026-11-21T10:00:00.000Z"),
  locale: "en",
  agencyName: "Harbor Insurance Agency LLC",
  suggestIndustryCodes: suggestNaics,
};
const SUBMISSION_ID = "00000000-0000-4000-8000-000000000000";

/** Text a visitor may type: letters, digits, spaces and a little punctuation, not only spaces. */
const CHARACTERS = [..."abcXYZ019 ,.'&#-"];
const typed = (max: number) =>
  fc
    .array(fc.constantFrom(...CHARACTERS), { minLength: 1, maxLength: Math.min(max, 24) })
    .map((characters) => characters.join(""))
    .filter((text) => text.trim() !== "");

/** What the segments step's form posts for an industry. */
function segmentsForm(industry: Industry): fc.Arbitrary<Record<string, unknown>> {
  const item = fc.constantFrom(...industry.segments);
  switch (industry.selection) {
    case "multiple":
      return fc
        .uniqueArray(item, { minLength: 1, maxLength: MAX_SEGMENTS })
        .map((segments) => ({ segments }));
    case "single":
      return item.map((segment) => ({ segment }));
    case "single-with-search":
      return fc.oneof(
        item.map((segment) => ({ segment })),
        typed(100).map((searchQuery) => ({ searchQuery })),
        fc.record({ segment: item, searchQuery: typed(100) }),
      );
    case "free-text":
      // Other's code choice: kept own words (a picked code is checked on its own below).
      return typed(100).map((searchQuery) => ({ searchQuery, naicsCode: "none" }));
  }
}

/** The forms a visitor posts on each step, in order, for one whole application. */
const applicationForms = fc.constantFrom(...INDUSTRIES).chain((industry) =>
  fc.tuple(
    fc.record({ industry: fc.constant(industry.id), state: fc.constantFrom(...US_STATES) }),
    segmentsForm(industry),
    fc.stringMatching(/^[a-z0-9]{1,12}$/).map((local) => ({ email: `${local}@example.com` })),
    fc.record({ businessName: typed(200) }),
    fc.record(
      {
        firstName: typed(100),
        lastName: typed(100),
        phoneNumber: fc.stringMatching(/^[2-9]\d{2}[2-9]\d{6}$/),
        consentToTexts: fc.constantFrom("on", undefined),
        legalBusinessName: typed(200),
        streetAddress: typed(200),
        unit: fc.option(typed(50), { nil: undefined }),
        city: typed(100),
        zipCode: fc.stringMatching(/^\d{5}(-\d{4})?$/),
        zipConfirmed: fc.constantFrom("on", undefined),
        sameAddress: fc.constantFrom("Yes", "No"),
        mailingAddress: typed(300),
      },
      { requiredKeys: ["firstName", "lastName", "phoneNumber", "city", "zipCode", "sameAddress"] },
    ),
    fc.record({
      ownershipStructure: fc.constantFrom(...OWNERSHIP_STRUCTURES),
      startYear: fc.integer({ min: 1800, max: THIS_YEAR }).map(String),
    }),
  ),
);

/**
 * The draft the wizard keeps after these forms: each step's schema and what it writes, as the step
 * engine runs them, with the email step's save naming the submission. Undefined when a form is one
 * the wizard would refuse (fast-check then draws another).
 */
function draftAfter(forms: readonly Record<string, unknown>[]): WizardDraft | undefined {
  let draft: WizardDraft = {};
  for (const [index, step] of WIZARD_STEPS.entries()) {
    const schema = step.schema(draft, THIS_YEAR, "en");
    const parsed = schema?.safeParse(forms[index]);
    if (!parsed?.success) return undefined;
    // Each step's own value type: the table keeps them apart, so the loop sees their union.
    draft = { ...draft, ...step.apply(parsed.data as never, draft, AT) };
    if (step.id === "email" && draft.email) {
      draft = { ...draft, submission: { id: SUBMISSION_ID, email: draft.email } };
    }
    if (!step.isComplete(draft, THIS_YEAR)) return undefined;
  }
  return draft;
}

/** The plan page's optional answers, none given. */

/** A version of the record as the database keeps it (SubmissionValues) from what a save wrote. */
function saved(record: CompleteRecord): SubmissionValues {
  return storedValues(record);
}

describe("the saved application and the draft, both ways", () => {
  it("gives back every complete draft the wizard makes: fromRecord(toRecord(draft)) is the draft", () => {
    fc.assert(
      fc.property(applicationForms, (forms) => {
        const draft = draftAfter(forms);
        fc.pre(draft !== undefined);
        if (!draft) return;
        expect(firstIncompleteStep(draft, THIS_YEAR)).toBeUndefined();
        const record = toRecord(draft, THIS_YEAR);
        expect(isCompleteRecord(record)).toBe(true);
        expect(fromRecord(saved(record), SUBMISSION_ID)).toEqual(draft);
      }),
      { numRuns: 100, endOnFailure: true },
    );
  });

  it("files other's application under the code picked for what was typed, and reads it back", () => {
    const forms = (naicsCode: string) => [
      { industry: "other", state: "Utah" },
      { searchQuery: "Photographer", naicsCode },
      { email: "pat@example.com" },
      { businessName: "Pat's Photos" },
      {
        firstName: "Pat",
        lastName: "Lee",
        phoneNumber: "5552345678",
        legalBusinessName: "Pat's Photos",
        streetAddress: "1 Main St",
        city: "Salt Lake City",
        zipCode: "84101",
        sameAddress: "Yes",
      },
      { ownershipStructure: "Trust", startYear: "2015" },
    ];
    const picked = draftAfter(forms("541921"));
    if (!picked) throw new Error("the wizard refused a valid application");
    const record = toRecord(picked, THIS_YEAR);
    expect(record).toMatchObject({
      naics_code: "541921",
      naics_title: "Photography Studios, Portrait",
    });
    expect(fromRecord(saved(record), SUBMISSION_ID)).toEqual(picked);
    // A code that was not among the suggestions is no choice: the step asks again.
    expect(draftAfter(forms("238220"))).toBeUndefined();
  });

  it("keeps the address's parts apart, and the primary location on one line", () => {
    const draft = draftAfter([
      { industry: "offices", state: "Ohio" },
      { searchQuery: "Architect" },
      { email: "ana@example.com" },
      { businessName: "Ana's" },
      {
        firstName: "Ana",
        lastName: "Ruiz",
        phoneNumber: "(555) 234-5678",
        legalBusinessName: "Ana's LLC",
        streetAddress: "12 Main St, Building B",
        unit: "Suite 4",
        city: "Columbus",
        zipCode: "43215",
        sameAddress: "Yes",
      },
      { ownershipStructure: "Trust", startYear: "2015" },
    ]);
    if (!draft) throw new Error("the wizard refused a valid application");
    const record = toRecord(draft, THIS_YEAR);
    expect(record).toMatchObject({
      segments: ["Architect"],
      primary_location: "12 Main St, Building B, Suite 4, Columbus, OH 43215",
      street_address: "12 Main St, Building B",
      unit: "Suite 4",
      city: "Columbus",
      zip_code: "43215",
      zip_confirmed: false,
      phone_number: "+15552345678",
      consent_to_texts: false,
      consent_text: null,
      mailing_address: null,
    });
    expect(fromRecord(saved(record), SUBMISSION_ID).answers).toMatchObject({
      streetAddress: "12 Main St, Building B",
      unit: "Suite 4",
      city: "Columbus",
      zipCode: "43215",
    });
  });

  it("reads a record saved before the address had its parts with its one line as the street", () => {
    const older = storedValues({
      ...toEmailStepRecord({ industry: "food", state: "Ohio", segments: ["Bakery"] }, "a@b.co"),
      business_name: "Ana's",
      first_name: "Ana",
      last_name: "Ruiz",
      phone_number: "+15552345678",
      consent_to_texts: false,
      legal_business_name: "Ana's LLC",
      primary_location: "12 Main St, Suite 4",
      unit: "Suite 4",
      same_address: "Yes",
      ownership_structure: "Trust",
      start_year: "2015",
    });

    const draft = fromRecord(older, SUBMISSION_ID);
    expect(draft.answers).toMatchObject({ streetAddress: "12 Main St", unit: "Suite 4" });
    // Its city and ZIP code are asked for before the plan: the about-you step is not complete.
    expect(firstIncompleteStep(draft, THIS_YEAR)).toBe("about-you");
    // Saved before the unit had a column: the whole line is the street.
    expect(fromRecord({ ...older, unit: null }, SUBMISSION_ID).answers).toMatchObject({
      streetAddress: "12 Main St, Suite 4",
    });
    // A line that ends "City, ST 12345" gives its city and ZIP code: nothing is left to ask.
    const whole = fromRecord(
      { ...older, primary_location: "12 Main St, Columbus, OH 43215, Suite 4" },
      SUBMISSION_ID,
    );
    expect(whole.answers).toMatchObject({
      streetAddress: "12 Main St",
      unit: "Suite 4",
      city: "Columbus",
      zipCode: "43215",
    });
    expect(firstIncompleteStep(whole, THIS_YEAR)).toBeUndefined();
    expect(toRecord(whole, THIS_YEAR).primary_location).toBe(
      "12 Main St, Suite 4, Columbus, OH 43215",
    );
  });

  it("brings the email step's record back as the first three steps, the rest to do", () => {
    const values = storedValues(
      toEmailStepRecord({ industry: "food", state: "Ohio", segments: ["Bar"] }, "a@b.co"),
    );

    const draft = fromRecord(values, SUBMISSION_ID);
    expect(isCompleteRecord(values)).toBe(false);
    expect(draft).toEqual({
      industry: "food",
      state: "Ohio",
      segments: ["Bar"],
      email: "a@b.co",
      submission: { id: SUBMISSION_ID, email: "a@b.co" },
    });
    expect(firstIncompleteStep(draft, THIS_YEAR)).toBe("business-name");
  });
});
