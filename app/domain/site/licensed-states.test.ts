import { describe, expect, it } from "vitest";

import { agencyFrom } from "#app/domain/site/agency.ts";
import {
  agencyServes,
  servedStates,
  stateStoppingStep,
  stateWaitlistSchema,
  unservedStateOf,
} from "#app/domain/site/licensed-states.ts";
import { US_STATES } from "#app/domain/reference/states.ts";
import { WIZARD_STEPS } from "#app/domain/wizard/wizard-steps.ts";

/** An agency with its own details, licensed in California and Texas. */
const licensed = agencyFrom({
  AGENCY_NAME: "Harbor Insurance Agency LLC",
  AGENCY_HOME_STATE: "CA",
  AGENCY_NPN: "12345678",
  AGENCY_LICENSES: [
    { state: "CA", number: "0K12345" },
    { state: "TX", number: "2345678" },
  ],
  AGENCY_ADDRESS: "1 Harbor Way, San Diego, CA 92101",
  AGENCY_PHONE: "(619) 555-0100",
  AGENCY_EMAIL: "service@harbor-insurance.example",
});
const sample = agencyFrom({});

describe("only where the agency is licensed", () => {
  it("serves the states it holds a licence in, and no other", () => {
    expect(licensed.sample).toBe(false);
    expect(agencyServes(licensed, "California")).toBe(true);
    expect(agencyServes(licensed, "Texas")).toBe(true);
    expect(agencyServes(licensed, "Ohio")).toBe(false);
    expect(agencyServes(licensed, "Washington")).toBe(false);
    expect(servedStates(licensed)).toEqual(["California", "Texas"]);
  });

  it("opens every state while the sample details are in use", () => {
    expect(sample.sample).toBe(true);
    for (const state of US_STATES) expect(agencyServes(sample, state), state).toBe(true);
    expect(servedStates(sample)).toEqual([...US_STATES]);
    expect(unservedStateOf(sample, { state: "Ohio" })).toBeUndefined();
  });

  it("names a draft's state only when it is one of the 50 and not served", () => {
    expect(unservedStateOf(licensed, { state: "Ohio" })).toBe("Ohio");
    expect(unservedStateOf(licensed, { state: "Texas" })).toBeUndefined();
    expect(unservedStateOf(licensed, {})).toBeUndefined();
    // Not a state at all: step 1's own schema sends it back there.
    expect(unservedStateOf(licensed, { state: "ohio" })).toBeUndefined();
    expect(unservedStateOf(licensed, { state: "Puerto Rico" })).toBeUndefined();
  });

  it("stops every step after the first for an unserved state, and only those", () => {
    const ohio = { state: "Ohio" };
    for (const step of WIZARD_STEPS) {
      expect(stateStoppingStep(step.id, licensed, ohio), step.id).toBe(
        step.id === "industry-and-state" ? undefined : "Ohio",
      );
      expect(stateStoppingStep(step.id, licensed, { state: "Texas" }), step.id).toBeUndefined();
      expect(stateStoppingStep(step.id, sample, ohio), step.id).toBeUndefined();
    }
  });

  it("takes one email address for the waitlist, as every email field does", () => {
    expect(stateWaitlistSchema().safeParse({ email: " Ana@Example.com " })).toMatchObject({
      success: true,
      data: { email: "ana@example.com" },
    });
    expect(stateWaitlistSchema().safeParse({ email: "a@b.c, d@e.f" }).success).toBe(false);
    expect(stateWaitlistSchema().safeParse({}).success).toBe(false);
  });
});
