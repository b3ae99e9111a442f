import { describe, expect, it } from "vitest";

import { agencyFrom } from "#app/domain/site/agency.ts";
import {
  agencyServes,
  licenseWarnings,
  licenseWarningText,
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
/** The day at the agency the rules are read on. */
const TODAY = "2026-11-28";

describe("only where the agency is licensed", () => {
  it("serves the states it holds a licence in, and no other", () => {
    expect(licensed.sample).toBe(false);
    expect(agencyServes(licensed, "California", TODAY)).toBe(true);
    expect(agencyServes(licensed, "Texas", TODAY)).toBe(true);
    expect(agencyServes(licensed, "Ohio", TODAY)).toBe(false);
    expect(agencyServes(licensed, "Washington", TODAY)).toBe(false);
    expect(servedStates(licensed, TODAY)).toEqual(["California", "Texas"]);
  });

  it("opens every state while the sample details are in use", () => {
    expect(sample.sample).toBe(true);
    for (const state of US_STATES) expect(agencyServes(sample, state, TODAY), state).toBe(true);
    expect(servedStates(sample, TODAY)).toEqual([...US_STATES]);
    expect(unservedStateOf(sample, { state: "Ohio" }, TODAY)).toBeUndefined();
  });

  it("names a draft's state only when it is one of the 50 and not served", () => {
    expect(unservedStateOf(licensed, { state: "Ohio" }, TODAY)).toBe("Ohio");
    expect(unservedStateOf(licensed, { state: "Texas" }, TODAY)).toBeUndefined();
    expect(unservedStateOf(licensed, {}, TODAY)).toBeUndefined();
    // Not a state at all: step 1's own schema sends it back there.
    expect(unservedStateOf(licensed, { state: "ohio" }, TODAY)).toBeUndefined();
    expect(unservedStateOf(licensed, { state: "Puerto Rico" }, TODAY)).toBeUndefined();
  });

  it("stops every step after the first for an unserved state, and only those", () => {
    const ohio = { state: "Ohio" };
    for (const step of WIZARD_STEPS) {
      expect(stateStoppingStep(step.id, licensed, ohio, TODAY), step.id).toBe(
        step.id === "industry-and-state" ? undefined : "Ohio",
      );
      expect(
        stateStoppingStep(step.id, licensed, { state: "Texas" }, TODAY),
        step.id,
      ).toBeUndefined();
      expect(stateStoppingStep(step.id, sample, ohio, TODAY), step.id).toBeUndefined();
    }
  });

  it("closes a state whose licence has expired, from the day after its expiry, as an unlicensed one", () => {
    const expiring = {
      ...licensed,
      licenses: [
        { state: "CA", number: "0K12345", expires: "2027-06-30" },
        { state: "TX", number: "2345678", expires: "2026-11-28" },
      ],
    };
    expect(agencyServes(expiring, "Texas", "2026-11-28")).toBe(true);
    expect(agencyServes(expiring, "Texas", "2026-11-29")).toBe(false);
    expect(servedStates(expiring, "2026-11-29")).toEqual(["California"]);
    expect(unservedStateOf(expiring, { state: "Texas" }, "2026-11-29")).toBe("Texas");
    expect(stateStoppingStep("email", expiring, { state: "Texas" }, "2026-11-29")).toBe("Texas");
  });

  it("warns of a licence from 60 days before it expires, and of one expired", () => {
    const agency = {
      ...licensed,
      licenses: [
        { state: "CA", number: "0K12345", expires: "2027-01-27" },
        { state: "TX", number: "2345678", expires: "2027-01-28" },
        { state: "OH", number: "1234", expires: "2026-11-27" },
        { state: "NV", number: "99" },
      ],
    };
    const warnings = licenseWarnings(agency, TODAY);
    expect(
      warnings.map((warning) => [warning.license.state, warning.daysLeft, warning.expired]),
    ).toEqual([
      ["OH", -1, true],
      ["CA", 60, false],
    ]);
    expect(warnings.map(licenseWarningText)).toEqual([
      "The agency's Ohio licence (1234) expired on 2026-11-27: the site takes no application from Ohio until AGENCY_LICENSES gives its renewed expiry.",
      "The agency's California licence (0K12345) expires on 2027-01-27 (in 60 days). Renew it and update AGENCY_LICENSES, or the site stops taking applications from California after that day.",
    ]);
    expect(licenseWarnings(sample, TODAY)).toEqual([]);
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
