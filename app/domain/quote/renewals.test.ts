import { describe, expect, it } from "vitest";

import { NO_OPTIONAL_ANSWERS } from "#app/domain/quote/quote-request.ts";
import {
  daysUntil,
  renewalAlertLines,
  renewalOptionalAnswers,
  renewalReminderEmail,
  renewalReminderLabel,
  renewalRequestSchema,
  renewalStanding,
  renewalStartDate,
} from "#app/domain/quote/renewals.ts";
import { SAMPLE_AGENCY } from "#app/domain/site/agency.ts";
import { parseForm } from "#app/domain/values/form-submission.ts";

describe("renewals", () => {
  it("counts whole days to a policy's end, across months and a leap day", () => {
    expect(daysUntil("2027-03-01", "2027-04-29")).toBe(59);
    expect(daysUntil("2028-02-28", "2028-03-01")).toBe(2);
    expect(daysUntil("2027-03-01", "2027-02-26")).toBe(-3);
  });

  it("says where a renewal stands, and names each reminder", () => {
    expect(renewalStanding(120, false)).toBe("Not due yet");
    expect(renewalStanding(75, false)).toBe("No renewal request yet");
    expect(renewalStanding(59, false)).toBe("No renewal request: act now");
    expect(renewalStanding(-1, false)).toBe("Ended with no renewal request");
    expect(renewalStanding(10, true)).toBe("Renewal requested");
    expect(renewalReminderLabel("agency-90")).toBe("90 days before");
    expect(renewalReminderLabel("agency-60")).toBe("60 days before");
  });

  it("tells the agency the policy, its insurer and its end", () => {
    const alert = renewalAlertLines({
      reference: "CP-ABC123-B",
      businessName: null,
      insurer: "Acme Mutual",
      policyNumber: "GL-7",
      policyEnd: "2027-04-29",
      daysLeft: 59,
    });
    expect(alert.subject).toBe("Renewal in 59 days: GL-7 (CP-ABC123-B)");
    expect(alert.facts).toContainEqual(["Ends", "April 29, 2027 (in 59 days)"]);
    expect(alert.facts).toContainEqual(["Business", "(not given)"]);
  });

  it("takes a renewal request: what changed and the request, with the quote request's messages", () => {
    const today = "2027-03-01";
    const form = (fields: Record<string, string | string[]>) => {
      const data = new FormData();
      for (const [name, value] of Object.entries(fields)) {
        for (const one of [value].flat()) data.append(name, one);
      }
      return parseForm(data, renewalRequestSchema(today));
    };
    const good = {
      fullTimeEmployees: "12",
      annualRevenue: "1,250,000",
      claimsInLast3Years: "yes",
      vehicles: "owned",
      lines: ["general-liability", "workers-comp"],
      startDate: "2027-04-29",
      contactChannel: "phone",
    };
    const parsed = form(good);
    expect(parsed.status).toBe("success");
    if (parsed.status !== "success") return;
    // Whether the business is insured now is not asked: the answer saved before stays.
    const saved = { ...NO_OPTIONAL_ANSWERS, currentlyInsured: true, partTimeEmployees: 3 };
    expect(renewalOptionalAnswers(parsed.value, saved)).toEqual({
      ...NO_OPTIONAL_ANSWERS,
      fullTimeEmployees: 12,
      annualRevenue: 1_250_000,
      revenueBand: "1m-5m",
      claimsInLast3Years: true,
      currentlyInsured: true,
      vehicles: "owned",
    });
    // A start in the past, no line, a count that is not one: each refused with its message.
    const bad = form({ ...good, startDate: "2027-02-28", lines: [], fullTimeEmployees: "a dozen" });
    if (bad.status !== "error") throw new Error("a bad form was taken");
    expect(bad.error).toMatchObject({
      startDate: ["Please choose today or a later date"],
      lines: ["Please choose at least one line to have quoted"],
      fullTimeEmployees: ["Please enter a whole number from 0 to 100,000"],
    });
    // A field that is not the form's decides nothing.
    expect(form({ ...good, currentlyInsured: "no" }).status).toBe("success");
    // On the Spanish page, the same refusals in Spanish.
    const data = new FormData();
    for (const [name, value] of Object.entries({ ...good, startDate: "2027-02-28" })) {
      for (const one of [value].flat()) data.append(name, one);
    }
    const spanish = parseForm(data, renewalRequestSchema(today, "es"));
    expect(spanish.status === "error" && spanish.error).toEqual({
      startDate: ["Elija hoy o una fecha posterior"],
    });
  });

  it("starts the renewal on the day the policy ends, today once that has passed, at most a year ahead", () => {
    expect(renewalStartDate("2027-04-29", "2027-03-01")).toBe("2027-04-29");
    expect(renewalStartDate("2027-02-20", "2027-03-01")).toBe("2027-03-01");
    // A policy ending more than a year ahead: the latest day the form takes.
    expect(renewalStartDate("2028-04-29", "2027-03-01")).toBe("2028-03-01");
  });

  it("reminds the insured which policy ends when, with the one-time link", () => {
    const email = renewalReminderEmail({
      firstName: "Ana",
      insurer: "Acme Mutual",
      policyNumber: "GL-7",
      policyEnd: "2027-04-29",
      link: "https://coverpilot.example/resume/abc",
      agency: { ...SAMPLE_AGENCY, sample: true },
    });
    expect(email.subject).toBe("Your policy GL-7 ends on April 29, 2027");
    expect(email.text).toContain("Hello Ana,");
    expect(email.text).toContain("https://coverpilot.example/resume/abc");
    expect(email.text).toContain(
      "We ask no insurer to renew or bind anything until you choose a quote",
    );
    expect(email.html).toContain('href="https://coverpilot.example/resume/abc"');
  });
});
