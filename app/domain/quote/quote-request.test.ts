import { describe, expect, it } from "vitest";

import { parseForm } from "#app/domain/values/form-submission.ts";
import {
  latestStartDate,
  optionalAnswersSchema,
  quoteMessages,
  quoteReference,
  quoteRequestSchema,
  REFERENCE_PATTERN,
  toOptionalAnswers,
  usToday,
} from "#app/domain/quote/quote-request.ts";
import { NO_OPTIONAL_ANSWERS, planAnswersOf } from "#app/domain/quote/quote-request.ts";
import { coveragePlan } from "#app/domain/quote/coverage-plan.ts";

function form(fields: Record<string, string | string[]>): URLSearchParams {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(fields)) {
    for (const item of Array.isArray(value) ? value : [value]) params.append(name, item);
  }
  return params;
}

const TODAY = "2026-11-23";
const valid = {
  lines: ["workers-comp", "cyber-insurance"],
  startDate: TODAY,
  contactChannel: "email",
};

function errorsOf(fields: Record<string, string | string[]>, today = TODAY) {
  const submission = parseForm(form(fields), quoteRequestSchema(today));
  return submission.status === "success" ? undefined : submission.error;
}

describe("the quote request form", () => {
  it("takes a start date from today to a year ahead, counted from the day it is given", () => {
    expect(errorsOf(valid)).toBeUndefined();
    expect(errorsOf({ ...valid, startDate: "2027-11-23" })).toBeUndefined();
    expect(errorsOf({ ...valid, startDate: "2026-11-22" })?.startDate).toEqual([
      quoteMessages().startDatePast,
    ]);
    expect(errorsOf({ ...valid, startDate: "2027-11-24" })?.startDate).toEqual([
      quoteMessages().startDateTooFar,
    ]);
    // The same date is fine a day later, or past on the next.
    expect(errorsOf({ ...valid, startDate: "2027-11-24" }, "2026-11-24")).toBeUndefined();
    expect(errorsOf({ ...valid, startDate: "2026-11-23" }, "2026-11-24")?.startDate).toEqual([
      quoteMessages().startDatePast,
    ]);
    for (const bad of ["2026-02-30", "23/11/2026", "tomorrow"]) {
      expect(errorsOf({ ...valid, startDate: bad })?.startDate).toEqual([
        quoteMessages().startDateInvalid,
      ]);
    }
    expect(errorsOf({ ...valid, startDate: "" })?.startDate).toEqual([
      quoteMessages().startDateRequired,
    ]);
    // A leap day's year ahead is the first of March.
    expect(latestStartDate("2028-02-29")).toBe("2029-03-01");
  });

  it("counts today as Hawaii's, so that no state's evening visitor finds today refused", () => {
    // 10 pm in New York and 7 pm in California on 23 November: already the 24th in UTC.
    expect(usToday(new Date("2026-11-24T03:00:00Z"))).toBe("2026-11-23");
    // Midnight in Hawaii: the 24th everywhere in the fifty states.
    expect(usToday(new Date("2026-11-24T10:00:00Z"))).toBe("2026-11-24");
  });

  it("needs one or more of the plan's lines, each once, and bounds the note", () => {
    expect(errorsOf({ ...valid, lines: [] })?.lines).toEqual([quoteMessages().linesRequired]);
    // General liability and commercial auto are on the plan, so they can be requested (issue 26).
    expect(errorsOf({ ...valid, lines: ["general-liability", "commercial-auto"] })).toBeUndefined();
    expect(errorsOf({ ...valid, lines: ["flood-insurance"] })?.lines).toBeDefined();
    expect(
      errorsOf({ ...valid, lines: ["cyber-insurance", "cyber-insurance"] })?.lines,
    ).toBeDefined();
    expect(errorsOf({ ...valid, contactChannel: "carrier-pigeon" })?.contactChannel).toEqual([
      quoteMessages().channelRequired,
    ]);
    expect(errorsOf({ ...valid, note: "x".repeat(1000) })).toBeUndefined();
    expect(errorsOf({ ...valid, note: "x".repeat(1001) })?.note).toBeDefined();
  });
});

describe("the optional questions", () => {
  function answers(fields: Record<string, string>) {
    const submission = parseForm(form(fields), optionalAnswersSchema());
    if (submission.status !== "success") throw new Error(JSON.stringify(submission.error));
    return toOptionalAnswers(submission.value);
  }

  it("leave unanswered what is left empty, and take a typed revenue over a band", () => {
    expect(answers({})).toEqual({
      fullTimeEmployees: null,
      partTimeEmployees: null,
      annualRevenue: null,
      revenueBand: null,
      claimsInLast3Years: null,
      currentlyInsured: null,
      workingOwners: null,
      vehicles: null,
      retirementPlan: null,
    });
    expect(
      answers({
        fullTimeEmployees: "12",
        partTimeEmployees: "0",
        annualRevenue: "$250,000",
        revenueBand: "just-starting",
        claimsInLast3Years: "no",
        currentlyInsured: "yes",
        workingOwners: "2",
        vehicles: "owned",
        retirementPlan: "yes",
      }),
    ).toEqual({
      fullTimeEmployees: 12,
      partTimeEmployees: 0,
      annualRevenue: 250_000,
      revenueBand: "100k-500k",
      claimsInLast3Years: false,
      currentlyInsured: true,
      workingOwners: 2,
      vehicles: "owned",
      retirementPlan: true,
    });
    expect(answers({ revenueBand: "just-starting" }).revenueBand).toBe("just-starting");
  });

  it("refuse a working owners count past 1,000 and a vehicles answer not offered", () => {
    const bad: Record<string, string>[] = [{ workingOwners: "1001" }, { vehicles: "spaceship" }];
    for (const fields of bad) {
      const submission = parseForm(form(fields), optionalAnswersSchema());
      expect(submission.status, JSON.stringify(fields)).toBe("error");
    }
  });

  it("refuse counts that are not whole numbers in range", () => {
    for (const bad of ["-1", "2.5", "100001", "lots"]) {
      const submission = parseForm(form({ fullTimeEmployees: bad }), optionalAnswersSchema());
      expect(submission.status, bad).toBe("error");
    }
  });
});

describe("quote references", () => {
  it("are CP- and six characters that cannot be mistaken for others", () => {
    let seed = 0;
    const bytes = (size: number) =>
      Uint8Array.from({ length: size }, () => (seed = (seed * 37 + 11) % 256));
    for (let i = 0; i < 200; i += 1) expect(quoteReference(bytes)).toMatch(REFERENCE_PATTERN);
    expect(quoteReference((size) => new Uint8Array(size))).toBe("CP-333333");
    // Bytes past the last fair multiple of the alphabet are skipped, not folded onto its start.
    expect(quoteReference((size) => new Uint8Array(size).map((_, i) => (i === 0 ? 254 : 4)))).toBe(
      "CP-999999",
    );
  });
});

describe("the plan's answers from a saved application (issue 54)", () => {
  it("carry the NAICS code and the retirement plan answer to the rules that read them", () => {
    const answers = planAnswersOf(
      {
        industry: "other",
        segments: ["Long-haul freight"],
        state: "Wyoming",
        ownershipStructure: "Corporation",
        naicsCode: "484121",
      },
      { ...NO_OPTIONAL_ANSWERS, fullTimeEmployees: 6, partTimeEmployees: 0, retirementPlan: true },
    );
    expect(answers).toMatchObject({ naicsCode: "484121", retirementPlan: true });
    const lines = coveragePlan(answers!).lines;
    expect(lines.find((line) => line.slug === "erisa-bond")?.recommendation).toBe(
      "Required by law",
    );
    // Trucking is on Wyoming's list: the fund's, required, not ticked.
    expect(lines.find((line) => line.slug === "workers-comp")).toMatchObject({
      recommendation: "Required by law",
      ticked: false,
    });
  });
});
