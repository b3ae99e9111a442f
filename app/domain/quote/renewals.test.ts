import { describe, expect, it } from "vitest";

import {
  daysUntil,
  renewalAlertLines,
  renewalReminderLabel,
  renewalStanding,
} from "#app/domain/quote/renewals.ts";

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
});
