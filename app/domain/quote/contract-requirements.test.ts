import { describe, expect, it } from "vitest";

import {
  contractEndorsementsText,
  contractFlag,
  contractFormValues,
  contractRequirementsSchema,
  linesToStartTicked,
  toContractRequirements,
} from "#app/domain/quote/contract-requirements.ts";
import { linesOffered } from "#app/domain/quote/quote-request.ts";
import { parseForm } from "#app/domain/values/form-submission.ts";

const TODAY = "2027-03-01";

function form(fields: Record<string, string | string[]>) {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    for (const one of [value].flat()) data.append(name, one);
  }
  return parseForm(data, contractRequirementsSchema(TODAY));
}

const GOOD = {
  contractParty: "  Summit Builders LLC ",
  contractLines: ["workers-comp"],
  occurrenceLimit: "1000000",
  aggregateLimit: "2000000",
  additionalInsured: "on",
  waiverOfSubrogation: "on",
  neededBy: "2027-03-15",
  otherRequirements: "Umbrella of $1,000,000",
};

describe("a contract's insurance requirements", () => {
  it("keeps what the contract asks for; a limit stated asks for general liability", () => {
    const parsed = form(GOOD);
    if (parsed.status !== "success") throw new Error("a good form was refused");
    const kept = toContractRequirements(parsed.value);
    expect(kept).toEqual({
      party: "Summit Builders LLC",
      lines: ["workers-comp", "general-liability"],
      occurrenceLimit: 1_000_000,
      aggregateLimit: 2_000_000,
      endorsements: {
        additionalInsured: true,
        waiverOfSubrogation: true,
        primaryNonContributory: false,
      },
      neededBy: "2027-03-15",
      other: "Umbrella of $1,000,000",
    });
    expect(contractEndorsementsText(kept)).toBe("Additional insured, Waiver of subrogation");
    // The plan's flags: who asks, and general liability's limits.
    expect(contractFlag(kept, "general-liability")).toBe(
      "The contract with Summit Builders LLC asks for General Liability, with limits of at least $1,000,000 each occurrence, $2,000,000 aggregate.",
    );
    expect(contractFlag(kept, "workers-comp")).toBe(
      "The contract with Summit Builders LLC asks for Workers' Compensation.",
    );
    expect(contractFlag(kept, "cyber-insurance")).toBeNull();
    expect(contractFlag(null, "general-liability")).toBeNull();
    // Shown again in the form as it was given.
    const again = form(
      Object.fromEntries(
        Object.entries(contractFormValues(kept, TODAY)).filter(([, value]) => value !== ""),
      ) as Record<string, string | string[]>,
    );
    if (again.status !== "success") throw new Error("the form shown again was refused");
    expect(toContractRequirements(again.value)).toEqual(kept);
    // Once the day has passed, the form offers none (it takes today or later), the rest as given.
    expect(contractFormValues(kept, "2027-03-16")).toMatchObject({
      neededBy: "",
      contractParty: "Summit Builders LLC",
    });
  });

  it("refuses each bad answer with its message", () => {
    const bad = form({
      contractParty: " ",
      contractLines: ["general-liability", "not-a-line"],
      occurrenceLimit: "999",
      neededBy: "2027-02-28",
      otherRequirements: "x".repeat(501),
    });
    if (bad.status !== "error") throw new Error("a bad form was taken");
    expect(bad.error).toMatchObject({
      contractParty: ["Please say whose contract it is"],
      contractLines: ["Please choose from the list"],
      occurrenceLimit: ["Please choose one of the amounts"],
      neededBy: ["Please choose a day from today to a year ahead, or leave it empty"],
      otherRequirements: [expect.stringContaining("500")],
    });
    const none = form({ contractParty: "Summit", neededBy: "2028-03-02" });
    if (none.status !== "error") throw new Error("a bad form was taken");
    expect(none.error).toMatchObject({
      contractLines: ["Please choose at least one line the contract asks for"],
      neededBy: ["Please choose a day from today to a year ahead, or leave it empty"],
    });
  });

  it("keeps the other requirements on their lines, and refuses an aggregate below the occurrence", () => {
    const lines = form({
      ...GOOD,
      otherRequirements: "Umbrella $1,000,000\r\n\r\nAuto $1,000,000 ",
    });
    if (lines.status !== "success") throw new Error("a good form was refused");
    expect(toContractRequirements(lines.value).other).toBe("Umbrella $1,000,000\nAuto $1,000,000");
    // 500 characters as the text area counts them (a line break is one) are taken.
    expect(
      form({ ...GOOD, otherRequirements: `${"x".repeat(249)}\r\n${"y".repeat(250)}` }).status,
    ).toBe("success");
    const below = form({ ...GOOD, occurrenceLimit: "2000000", aggregateLimit: "1000000" });
    if (below.status !== "error") throw new Error("a bad form was taken");
    expect(below.error).toMatchObject({
      aggregateLimit: ["The aggregate limit cannot be below the limit for each occurrence"],
    });
  });

  it("ticks the contract's lines for a first request, but not one only a state fund sells", () => {
    const plan = [
      { slug: "general-liability", ticked: false },
      { slug: "workers-comp", ticked: false, stateFund: { name: "Ohio BWC" } },
      { slug: "cyber-insurance", ticked: true },
    ];
    expect(linesToStartTicked(plan, ["general-liability", "workers-comp"])).toEqual([
      "cyber-insurance",
      "general-liability",
    ]);
  });

  it("offers a line asked for before that the plan does not show, by name", () => {
    const plan = [
      {
        slug: "general-liability",
        name: "General Liability",
        recommendationLabel: "Recommended",
      },
    ];
    expect(linesOffered(plan, ["general-liability", "commercial-auto", "not-a-line"])).toEqual([
      { slug: "general-liability", name: "General Liability", recommendation: "Recommended" },
      { slug: "commercial-auto", name: "Commercial Auto", recommendation: "Not in your plan" },
    ]);
  });
});
