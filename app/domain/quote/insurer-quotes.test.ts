import { describe, expect, it } from "vitest";

import {
  centsFromText,
  comparisonRows,
  declineFormSchema,
  formatCents,
  insurerQuoteFormSchema,
  isExpired,
  quotesReadyEmail,
  type InsurerQuote,
} from "#app/domain/quote/insurer-quotes.ts";
import { parseForm } from "#app/domain/values/form-submission.ts";
import { SAMPLE_AGENCY } from "#app/domain/site/agency.ts";

const TODAY = "2026-11-26";
const LINES = ["general-liability", "workers-comp"] as const;

/** A refused form's messages by field name (none for a form that passed). */
function errorsOf(parsed: ReturnType<typeof parseForm>): Record<string, string[] | null> {
  return parsed.status === "success" ? {} : (parsed.error ?? {});
}

function form(fields: Record<string, string>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, value);
  return data;
}

const GOOD = {
  insurer: "Acme Mutual",
  kind: "estimate",
  premium: "$1,250.50",
  market: "admitted",
  payInFull: "on",
  monthly: "on",
  monthlyFee: "8",
  downPayment: "250.50",
  instalmentCount: "10",
  instalmentAmount: "100",
  termStart: "2026-12-01",
  termEnd: "2027-12-01",
  validUntil: "2026-12-15",
  tria: "offered",
  triaPremium: "25",
  "general-liability.included": "on",
  "general-liability.basis": "occurrence",
  "general-liability.occurrence": "1,000,000",
  "general-liability.aggregate": "2000000",
  "general-liability.deductible": "500",
  notes: "Excludes roofing over three stories.",
};

describe("money", () => {
  it("reads dollars as typed, and writes them back for the visitor", () => {
    expect(centsFromText("$1,250.50")).toBe(125_050);
    expect(centsFromText("1250")).toBe(125_000);
    expect(centsFromText("0.5")).toBe(50);
    expect(centsFromText("12.345")).toBeUndefined();
    expect(centsFromText("-5")).toBeUndefined();
    expect(centsFromText("1e6")).toBeUndefined();
    expect(centsFromText("100000001")).toBeUndefined();
    expect(formatCents(125_050)).toBe("$1,250.50");
    expect(formatCents(100_000_000)).toBe("$1,000,000");
  });
});

describe("the desk's quote form", () => {
  const schema = insurerQuoteFormSchema(LINES, TODAY);

  it("keeps what the insurer quoted, the included lines only, in cents", () => {
    const parsed = parseForm(form(GOOD), schema);
    expect(parsed.status).toBe("success");
    if (parsed.status !== "success") return;
    expect(parsed.value).toEqual({
      insurer: "Acme Mutual",
      kind: "estimate",
      market: "admitted",
      premiumCents: 125_050,
      charges: {
        surplusLinesTaxCents: null,
        stampingFeeCents: null,
        policyFeeCents: null,
        inspectionFeeCents: null,
        brokerFeeCents: null,
      },
      minimumEarnedCents: null,
      payInFull: true,
      monthlyFeeCents: 800,
      instalments: { downPaymentCents: 25_050, count: 10, amountCents: 10_000 },
      termStart: "2026-12-01",
      termEnd: "2027-12-01",
      validUntil: "2026-12-15",
      terrorism: { offered: true, premiumCents: 2_500 },
      rating: null,
      subjectivities: [],
      notes: "Excludes roofing over three stories.",
      lines: [
        {
          line: "general-liability",
          occurrenceCents: 100_000_000,
          aggregateCents: 200_000_000,
          limitText: null,
          deductibleCents: 50_000,
          basis: "occurrence",
          retroDate: null,
          auditable: false,
        },
      ],
    });
  });

  it("names each field that is wrong, under its own name", () => {
    const parsed = parseForm(
      form({
        ...GOOD,
        insurer: " ",
        premium: "lots",
        payInFull: "",
        monthly: "",
        termEnd: "2026-11-30",
        validUntil: "2026-11-25",
        "general-liability.occurrence": "",
        "general-liability.aggregate": "",
      }),
      schema,
    );
    expect(parsed.status).not.toBe("success");
    const errors = errorsOf(parsed);
    expect(errors.insurer).toEqual(["Please enter the insurer's name"]);
    expect(errors.premium).toEqual(["Please enter an amount in dollars, such as 1,250 or 1250.50"]);
    expect(errors.validUntil).toEqual(["Please choose today or a later date"]);
  });

  it("asks for a way to pay, a term that ends after it starts, a limit, and a line", () => {
    const parsed = parseForm(
      form({
        ...GOOD,
        payInFull: "",
        monthly: "",
        termEnd: "2026-11-30",
        "general-liability.occurrence": "",
        "general-liability.aggregate": "",
      }),
      schema,
    );
    const errors = errorsOf(parsed);
    expect(errors.payInFull).toEqual(["Please choose at least one way to pay"]);
    expect(errors.termEnd).toEqual(["Please choose an end after the start"]);
    expect(errors["general-liability.occurrence"]).toEqual([
      "Please enter at least one limit for this line",
    ]);
    const none = parseForm(form({ ...GOOD, "general-liability.included": "" }), schema);
    expect(errorsOf(none).lines).toEqual(["Please include at least one line"]);
  });

  it("takes no line the request did not ask for", () => {
    const parsed = parseForm(
      form({ ...GOOD, "cyber-liability.included": "on", "cyber-liability.limit": "$1M" }),
      schema,
    );
    expect(parsed.status).toBe("success");
    if (parsed.status === "success") {
      expect(parsed.value.lines.map((line) => line.line)).toEqual(["general-liability"]);
    }
  });
});

const NO_CHARGES = {
  surplusLinesTaxCents: null,
  stampingFeeCents: null,
  policyFeeCents: null,
  inspectionFeeCents: null,
  brokerFeeCents: null,
};

function quote(changes: Partial<InsurerQuote>): InsurerQuote {
  return {
    id: "q1",
    insurer: "Acme Mutual",
    kind: "bindable",
    market: "admitted",
    premiumCents: 120_000,
    charges: NO_CHARGES,
    minimumEarnedCents: null,
    payInFull: true,
    monthlyFeeCents: null,
    instalments: null,
    termStart: "2026-12-01",
    termEnd: "2027-12-01",
    validUntil: "2026-12-15",
    terrorism: { offered: false, premiumCents: null },
    rating: null,
    subjectivities: [],
    notes: null,
    lines: [
      {
        line: "general-liability",
        occurrenceCents: 100_000_000,
        aggregateCents: 200_000_000,
        limitText: null,
        deductibleCents: null,
        basis: "occurrence",
        retroDate: null,
        auditable: false,
      },
    ],
    status: "published",
    publishedAt: new Date(),
    updatedAt: new Date(),
    ...changes,
  };
}

describe("the comparison", () => {
  it("marks the rows where quotes differ, and says what an estimate is in words", () => {
    const rows = comparisonRows(
      [quote({}), quote({ id: "q2", insurer: "Beacon", kind: "estimate", premiumCents: 99_000 })],
      LINES,
      TODAY,
    );
    const byLabel = Object.fromEntries(rows.map((row) => [row.label, row]));
    expect(byLabel["What it is"]).toEqual({
      id: "kind",
      label: "What it is",
      values: [
        "Bindable: the insurer's offer as it stands",
        "An estimate: the insurer may change it after more questions",
      ],
      differs: true,
    });
    expect(byLabel["Premium for the term"]?.values).toEqual(["$1,200", "$990"]);
    expect(byLabel["Term"]?.differs).toBe(false);
    expect(byLabel["General Liability"]?.values[0]).toBe(
      "Occurrence; $1,000,000 per occurrence; $2,000,000 aggregate; no deductible",
    );
    // No quote covers workers' comp: no row for it.
    expect(rows.some((row) => row.label.startsWith("Workers"))).toBe(false);
  });

  it("counts a quote valid through its last day", () => {
    expect(isExpired(quote({ validUntil: TODAY }), TODAY)).toBe(false);
    expect(isExpired(quote({ validUntil: "2026-11-25" }), TODAY)).toBe(true);
    const rows = comparisonRows([quote({ validUntil: "2026-11-25" })], LINES, TODAY);
    expect(rows.find((row) => row.label === "Valid until")?.values).toEqual([
      "Expired on November 25, 2026",
    ]);
  });
});

describe("the email", () => {
  it("links to the quotes, gives no price, and promises no cover", () => {
    const email = quotesReadyEmail({
      firstName: "Ada",
      reference: "CP-7K3F9Q",
      count: 2,
      link: "https://coverpilot.example/resume/abc",
      linkDays: 7,
      agency: { ...SAMPLE_AGENCY, sample: true },
    });
    expect(email.subject).toBe("Your quotes are ready (CP-7K3F9Q)");
    expect(email.text).toContain("https://coverpilot.example/resume/abc");
    expect(email.text).toContain("2 quotes");
    expect(email.text).not.toMatch(/\$\d/);
    expect(email.text).toContain("Nothing is bought until you ask us to bind a quote");
  });
});

describe("declining every quote", () => {
  it("takes a reason from the list, or none, and nothing else", () => {
    expect(parseForm(form({ reason: "price" }), declineFormSchema()).status).toBe("success");
    expect(parseForm(form({}), declineFormSchema()).status).toBe("success");
    expect(errorsOf(parseForm(form({ reason: "none-given" }), declineFormSchema())).reason).toEqual(
      ["Please choose one of the reasons, or none"],
    );
  });
});
