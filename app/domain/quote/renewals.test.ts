import { describe, expect, it } from "vitest";

import { NO_OPTIONAL_ANSWERS } from "#app/domain/quote/quote-request.ts";
import type { InsurerQuote } from "#app/domain/quote/insurer-quotes.ts";
import {
  agencyRenewalReminders,
  daysUntil,
  policyRenewalOffer,
  insuredReminderKind,
  renewAsIsQuote,
  renewalAlertLines,
  renewalOptionalAnswers,
  renewalReminderEmail,
  renewalReminderLabel,
  renewalRequestSchema,
  renewalStanding,
  renewalStartDate,
  renewalWindowsSchema,
} from "#app/domain/quote/renewals.ts";
import { SAMPLE_AGENCY } from "#app/domain/site/agency.ts";
import { parseForm } from "#app/domain/values/form-submission.ts";
import { z } from "#app/domain/values/zod.ts";

const WINDOWS = [120, 90, 60];

describe("renewals", () => {
  it("counts whole days to a policy's end, across months and a leap day", () => {
    expect(daysUntil("2027-03-01", "2027-04-29")).toBe(59);
    expect(daysUntil("2028-02-28", "2028-03-01")).toBe(2);
    expect(daysUntil("2027-03-01", "2027-02-26")).toBe(-3);
  });

  it("says where a renewal stands for the agency's windows, and names each reminder", () => {
    const none = { open: false, bound: false, cancelled: false };
    expect(renewalStanding(150, none, WINDOWS)).toBe("Not due yet");
    expect(renewalStanding(110, none, WINDOWS)).toBe("No renewal request yet");
    expect(renewalStanding(75, none, WINDOWS)).toBe("No renewal request yet");
    expect(renewalStanding(59, none, WINDOWS)).toBe("No renewal request: act now");
    expect(renewalStanding(-1, none, WINDOWS)).toBe("Ended with no renewal");
    expect(renewalStanding(10, { ...none, open: true }, WINDOWS)).toBe("Renewal request open");
    expect(renewalStanding(10, { ...none, open: true, bound: true }, WINDOWS)).toBe(
      "Renewal bound",
    );
    expect(renewalStanding(10, { ...none, cancelled: true }, WINDOWS)).toBe(
      "Cancelled: no renewal",
    );
    // Another agency's windows: 45 days is its last.
    expect(renewalStanding(50, none, [150, 45])).toBe("No renewal request yet");
    expect(renewalStanding(140, none, [150, 45])).toBe("No renewal request yet");
    expect(renewalReminderLabel("agency-120")).toBe("120 days before");
    expect(renewalReminderLabel("agency-60")).toBe("60 days before");
    expect(renewalReminderLabel("visitor-60")).toBe(
      "Renewal opened and insured emailed, 60 days before",
    );
    expect(renewalReminderLabel("other")).toBe("other");
  });

  it("offers the renewal on Your policy from the agency's first window, and names the open one", () => {
    expect(policyRenewalOffer(130, null, WINDOWS)).toBeNull();
    // Within 120 days, not only within 90 as before the agency's windows.
    expect(policyRenewalOffer(110, null, WINDOWS)).toEqual({ state: "offered" });
    expect(policyRenewalOffer(110, null, [90, 60])).toBeNull();
    expect(policyRenewalOffer(-5, null, WINDOWS)).toEqual({ state: "offered" });
    expect(policyRenewalOffer(110, "CP-XYZ789", WINDOWS)).toEqual({
      state: "requested",
      reference: "CP-XYZ789",
    });
  });

  it("reads the agency's windows, farthest first, and refuses what is not a list of days", () => {
    const windows = (text: string) => z.safeParse(renewalWindowsSchema, text);
    expect(windows("60, 120,90").data).toEqual([120, 90, 60]);
    expect(windows("45").data).toEqual([45]);
    for (const bad of ["", "120,,60", "0,60", "301", "90,90", "1,2,3,4,5,6,7", "60 days", "-5"]) {
      expect(windows(bad).success, bad).toBe(false);
    }
    expect(windows("90,90").error?.issues[0]?.message).toContain("e.g. 120,90,60");
  });

  it("reminds the agency at each window until the next one, and opens the renewal at the first", () => {
    expect(agencyRenewalReminders(WINDOWS)).toEqual([
      { kind: "agency-120", fromDays: 120, toDays: 91 },
      { kind: "agency-90", fromDays: 90, toDays: 61 },
      { kind: "agency-60", fromDays: 60, toDays: 1 },
    ]);
    expect(insuredReminderKind(WINDOWS)).toBe("visitor-120");
    expect(insuredReminderKind([45])).toBe("visitor-45");
  });

  it("renews as is: last term's quote for a term as long from the day the policy ends, nothing received", () => {
    const bound: InsurerQuote = {
      id: "q1",
      insurer: "Acme Mutual",
      kind: "bindable",
      market: "admitted",
      premiumCents: 120_000,
      charges: {
        surplusLinesTaxCents: null,
        stampingFeeCents: null,
        policyFeeCents: 5_000,
        inspectionFeeCents: null,
        brokerFeeCents: null,
      },
      minimumEarnedCents: null,
      payInFull: true,
      monthlyFeeCents: null,
      instalments: null,
      termStart: "2026-05-01",
      termEnd: "2027-05-01",
      validUntil: "2026-04-20",
      terrorism: { offered: true, premiumCents: 2_000 },
      rating: null,
      subjectivities: [
        {
          text: "Signed application",
          timing: "after-binding",
          due: "2026-05-31",
          receivedOn: "2026-05-10",
        },
      ],
      notes: "Roofing excluded.",
      lines: [
        {
          line: "professional-liability",
          occurrenceCents: 100_000_000,
          aggregateCents: 200_000_000,
          limitText: null,
          deductibleCents: null,
          basis: "claims-made",
          retroDate: "2024-05-01",
          auditable: false,
        },
      ],
      status: "published",
      publishedAt: new Date("2026-04-01T00:00:00Z"),
      updatedAt: new Date("2026-04-01T00:00:00Z"),
    };
    const renewal = renewAsIsQuote(bound, { start: "2026-05-01", end: "2027-05-01" }, "2027-02-01");
    expect(renewal).toMatchObject({
      insurer: "Acme Mutual",
      premiumCents: 120_000,
      termStart: "2027-05-01",
      termEnd: "2028-05-01",
      validUntil: "2027-05-01",
      notes: "Roofing excluded.",
      terrorism: { offered: true, premiumCents: 2_000 },
      // A claims-made line keeps its retroactive date across renewals.
      lines: [expect.objectContaining({ basis: "claims-made", retroDate: "2024-05-01" })],
      subjectivities: [
        {
          text: "Signed application",
          timing: "after-binding",
          due: "2027-05-31",
          receivedOn: null,
        },
      ],
    });
    // A policy already ended: the draft is valid from today.
    expect(
      renewAsIsQuote(bound, { start: "2026-05-01", end: "2027-05-01" }, "2027-05-10").validUntil,
    ).toBe("2027-05-10");
  });

  it("tells the agency the policy, its insurer and its end", () => {
    const alert = renewalAlertLines({
      reference: "CP-ABC123-B",
      businessName: null,
      insurer: "Acme Mutual",
      policyNumber: "GL-7",
      policyEnd: "2027-04-29",
      daysLeft: 59,
      renewal: "request CP-XYZ789 (new)",
    });
    expect(alert.subject).toBe("Renewal in 59 days: GL-7 (CP-ABC123-B)");
    expect(alert.facts).toContainEqual(["Ends", "April 29, 2027 (in 59 days)"]);
    expect(alert.facts).toContainEqual(["Business", "(not given)"]);
    expect(alert.facts).toContainEqual(["Renewal", "request CP-XYZ789 (new)"]);
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

  it("tells the insured which policy ends when and the renewal opened, with the one-time link", () => {
    const email = renewalReminderEmail({
      firstName: "Ana",
      insurer: "Acme Mutual",
      policyNumber: "GL-7",
      policyEnd: "2027-04-29",
      reference: "CP-XYZ789",
      link: "https://coverpilot.example/resume/abc",
      agency: { ...SAMPLE_AGENCY, sample: true },
    });
    expect(email.subject).toBe("Your policy GL-7 ends on April 29, 2027");
    expect(email.text).toContain("Hello Ana,");
    expect(email.text).toContain("We have opened its renewal (request CP-XYZ789)");
    expect(email.text).toContain("https://coverpilot.example/resume/abc");
    expect(email.text).toContain(
      "We ask no insurer to renew or bind anything until you choose a quote",
    );
    expect(email.html).toContain('href="https://coverpilot.example/resume/abc"');
  });
});
