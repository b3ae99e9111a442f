import { describe, expect, it } from "vitest";

import {
  comparisonRows,
  insurerQuoteFormSchema,
  surplusLinesNotice,
  type InsurerQuote,
} from "#app/domain/quote/insurer-quotes.ts";
import { isOverdue, totalCents, trackedSubjectivities } from "#app/domain/quote/quote-proposal.ts";
import { parseForm } from "#app/domain/values/form-submission.ts";

const TODAY = "2026-11-26";
const LINES = ["general-liability", "errors-and-omissions", "workers-comp"] as const;

function form(fields: Record<string, string>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, value);
  return data;
}

function errorsOf(parsed: ReturnType<typeof parseForm>): Record<string, string[] | null> {
  return parsed.status === "success" ? {} : (parsed.error ?? {});
}

/** A surplus lines quote as the desk's form posts it: every part of issue 55 given. */
const SURPLUS = {
  insurer: "Lloyd's Syndicate 1234",
  kind: "bindable",
  market: "non-admitted",
  premium: "4,000",
  surplusLinesTax: "120",
  stampingFee: "7.20",
  policyFee: "150",
  inspectionFee: "75",
  brokerFee: "100",
  minimumEarned: "1,000",
  payInFull: "on",
  monthly: "on",
  downPayment: "1,112.20",
  instalmentCount: "9",
  instalmentAmount: "370",
  monthlyFee: "5",
  termStart: "2027-01-01",
  termEnd: "2028-01-01",
  validUntil: "2026-12-15",
  tria: "offered",
  triaPremium: "40",
  rating: "A- (Excellent)",
  ratingSource: "AM Best",
  ratingDate: "2026-11-20",
  "subjectivity1.text": "Signed application",
  "subjectivity1.timing": "before-binding",
  "subjectivity1.due": "2026-12-20",
  "subjectivity2.text": "Loss runs for the last five years",
  "subjectivity2.timing": "after-binding",
  "subjectivity2.due": "2027-01-31",
  "general-liability.included": "on",
  "general-liability.basis": "occurrence",
  "general-liability.occurrence": "1,000,000",
  "general-liability.aggregate": "2,000,000",
  "general-liability.audit": "on",
  "errors-and-omissions.included": "on",
  "errors-and-omissions.basis": "claims-made",
  "errors-and-omissions.retroDate": "2024-03-01",
  "errors-and-omissions.occurrence": "1,000,000",
  "errors-and-omissions.aggregate": "1,000,000",
  "errors-and-omissions.deductible": "2,500",
};

const schema = insurerQuoteFormSchema(LINES, TODAY);

function parsedQuote(fields: Record<string, string>, id = "q1"): InsurerQuote {
  const parsed = parseForm(form(fields), schema);
  if (parsed.status !== "success") throw new Error(JSON.stringify(parsed.error));
  return {
    ...parsed.value,
    id,
    status: "published",
    publishedAt: new Date(),
    updatedAt: new Date(),
  };
}

describe("the desk's form, what the insured is buying (issue 55)", () => {
  it("keeps the market, each part of the price, the plan, the lines' basis, TRIA, rating and subjectivities", () => {
    const parsed = parseForm(form(SURPLUS), schema);
    expect(parsed.status).toBe("success");
    if (parsed.status !== "success") return;
    expect(parsed.value).toMatchObject({
      market: "non-admitted",
      premiumCents: 400_000,
      charges: {
        surplusLinesTaxCents: 12_000,
        stampingFeeCents: 720,
        policyFeeCents: 15_000,
        inspectionFeeCents: 7_500,
        brokerFeeCents: 10_000,
      },
      minimumEarnedCents: 100_000,
      payInFull: true,
      monthlyFeeCents: 500,
      instalments: { downPaymentCents: 111_220, count: 9, amountCents: 37_000 },
      terrorism: { offered: true, premiumCents: 4_000 },
      rating: { rating: "A- (Excellent)", source: "AM Best", asOf: "2026-11-20" },
      subjectivities: [
        {
          text: "Signed application",
          timing: "before-binding",
          due: "2026-12-20",
          receivedOn: null,
        },
        {
          text: "Loss runs for the last five years",
          timing: "after-binding",
          due: "2027-01-31",
          receivedOn: null,
        },
      ],
      lines: [
        {
          line: "general-liability",
          basis: "occurrence",
          retroDate: null,
          auditable: true,
          occurrenceCents: 100_000_000,
        },
        {
          line: "errors-and-omissions",
          basis: "claims-made",
          retroDate: "2024-03-01",
          auditable: false,
          deductibleCents: 250_000,
        },
      ],
    });
  });

  it("refuses a surplus lines tax or stamping fee on an admitted quote, and asks for the market", () => {
    const admitted = errorsOf(parseForm(form({ ...SURPLUS, market: "admitted" }), schema));
    expect(admitted.surplusLinesTax).toEqual([
      "Only a non-admitted (surplus lines) quote has this tax or fee",
    ]);
    expect(admitted.stampingFee).toHaveLength(1);
    expect(admitted.brokerFee).toBeUndefined();
    expect(errorsOf(parseForm(form({ ...SURPLUS, market: "" }), schema)).market).toEqual([
      "Please say whether the insurer is admitted or non-admitted (surplus lines)",
    ]);
  });

  it("asks a claims-made line for its retroactive date, on or before the term's start", () => {
    const missing = { ...SURPLUS, "errors-and-omissions.retroDate": "" };
    expect(errorsOf(parseForm(form(missing), schema))["errors-and-omissions.retroDate"]).toEqual([
      "Please enter the retroactive date of this claims-made line",
    ]);
    const after = { ...SURPLUS, "errors-and-omissions.retroDate": "2027-02-01" };
    expect(errorsOf(parseForm(form(after), schema))["errors-and-omissions.retroDate"]).toEqual([
      "Please choose a retroactive date on or before the term's start",
    ]);
    const noBasis = { ...SURPLUS, "general-liability.basis": "" };
    expect(errorsOf(parseForm(form(noBasis), schema))["general-liability.basis"]).toEqual([
      "Please choose occurrence or claims-made",
    ]);
  });

  it("asks instalments for their down payment, number and amount, and TRIA for its premium", () => {
    const errors = errorsOf(
      parseForm(
        form({
          ...SURPLUS,
          downPayment: "",
          instalmentCount: "",
          instalmentAmount: "",
          triaPremium: "",
        }),
        schema,
      ),
    );
    expect(errors.downPayment).toEqual(["Please enter the down payment (0 if none)"]);
    expect(errors.instalmentCount).toEqual([
      "Please enter how many instalments follow the down payment, 1 to 36",
    ]);
    expect(errors.instalmentAmount).toEqual(["Please enter the amount of each instalment"]);
    expect(errors.triaPremium).toEqual([
      "Please enter the terrorism cover's premium (0 if included at no charge)",
    ]);
    expect(
      errorsOf(parseForm(form({ ...SURPLUS, instalmentCount: "40" }), schema)).instalmentCount,
    ).toHaveLength(1);
    expect(errorsOf(parseForm(form({ ...SURPLUS, tria: "" }), schema)).tria).toEqual([
      "Please say whether the insurer offers terrorism (TRIA) cover",
    ]);
  });

  it("takes a rating only whole, and a subjectivity only with its timing, due day and bounded words", () => {
    const errors = errorsOf(
      parseForm(
        form({
          ...SURPLUS,
          ratingSource: "",
          "subjectivity2.due": "",
          "subjectivity3.due": "2027-01-01",
        }),
        schema,
      ),
    );
    expect(errors.ratingSource).toEqual([
      "Please give the rating, its source and the day you read it, or none of them",
    ]);
    expect(errors["subjectivity2.due"]).toEqual(["Please enter a date"]);
    expect(errors["subjectivity3.text"]).toEqual(["Please say what the insurer needs"]);
    const long = { ...SURPLUS, "subjectivity2.text": "x".repeat(301) };
    expect(errorsOf(parseForm(form(long), schema))["subjectivity2.text"]?.[0]).toMatch(/300/);
  });
});

describe("the visitor's comparison (issue 55)", () => {
  const admitted = parsedQuote(
    {
      ...SURPLUS,
      insurer: "Acme Mutual",
      market: "admitted",
      premium: "3,900",
      surplusLinesTax: "",
      stampingFee: "",
      inspectionFee: "",
      brokerFee: "",
      minimumEarned: "",
      monthly: "",
      tria: "not-offered",
      rating: "",
      ratingSource: "",
      ratingDate: "",
      "subjectivity1.text": "",
      "subjectivity1.due": "",
      "subjectivity2.text": "",
      "subjectivity2.due": "",
    },
    "q2",
  );
  const surplus = parsedQuote(SURPLUS);
  const rows = comparisonRows([surplus, admitted], LINES, TODAY);
  const value = (id: string) => rows.find((row) => row.id === id)?.values;

  it("adds up the parts the agent entered into the total, and says none where a quote has none", () => {
    expect(totalCents(surplus)).toBe(400_000 + 12_000 + 720 + 15_000 + 7_500 + 10_000);
    expect(value("premium")).toEqual(["$4,000", "$3,900"]);
    expect(value("surplusLinesTax")).toEqual(["$120", "None"]);
    expect(value("stampingFee")).toEqual(["$7.20", "None"]);
    expect(value("brokerFee")).toEqual(["$100", "None"]);
    expect(value("total")).toEqual(["$4,452.20", "$4,050"]);
    expect(rows.find((row) => row.id === "total")?.total).toBe(true);
    expect(value("market")).toEqual([
      "Non-admitted (surplus lines): not licensed by your state",
      "Admitted: licensed by your state",
    ]);
  });

  it("says whether the fee is per instalment and what the instalments come to", () => {
    expect(value("payment")).toEqual([
      "In full; In instalments: $1,112.20 down, then 9 instalments of $370, plus a fee of $5 per instalment ($4,487.20 in all)",
      "In full",
    ]);
  });

  it("words a claims-made line's limits per claim, with its retroactive date, and flags audit", () => {
    expect(value("line-errors-and-omissions")).toEqual([
      "Claims-made, retroactive date March 1, 2024; $1,000,000 per claim; $1,000,000 aggregate; $2,500 deductible",
      "Claims-made, retroactive date March 1, 2024; $1,000,000 per claim; $1,000,000 aggregate; $2,500 deductible",
    ]);
    expect(value("line-general-liability")?.[0]).toBe(
      "Occurrence; $1,000,000 per occurrence; $2,000,000 aggregate; no deductible; premium subject to audit",
    );
  });

  it("shows the TRIA offer out of the total, the rating with its source, and the subjectivities", () => {
    expect(value("terrorism")).toEqual([
      "Offered for $40 more, not in the total; you choose whether to take it",
      "Not offered",
    ]);
    expect(value("rating")).toEqual([
      "A- (Excellent), by AM Best, as of November 20, 2026",
      "Not given: ask your agent",
    ]);
    expect(value("subjectivities")).toEqual([
      "Signed application (before binding, by December 20, 2026); Loss runs for the last five years (after binding, by January 31, 2027)",
      "None",
    ]);
    expect(value("minimumEarned")).toEqual(["$1,000", "None"]);
  });

  it("gives a non-admitted quote the surplus lines notice, in both languages, and an admitted one none", () => {
    expect(surplusLinesNotice(surplus)).toContain(
      "if Lloyd's Syndicate 1234 becomes insolvent, your state's insurance guaranty fund will not pay its claims",
    );
    expect(surplusLinesNotice(surplus)).toContain("ask your agent for it");
    expect(surplusLinesNotice(surplus, "es")).toContain(
      "fondo de garantía de seguros de su estado",
    );
    expect(surplusLinesNotice(admitted)).toBeUndefined();
  });

  it("reads the rows in Spanish", () => {
    const spanish = comparisonRows([surplus], LINES, TODAY, "es");
    expect(spanish.find((row) => row.id === "total")?.label).toBe(
      "Total que usted paga (la suma de las filas de arriba)",
    );
    expect(spanish.find((row) => row.id === "line-errors-and-omissions")?.values[0]).toContain(
      "por reclamación",
    );
  });
});

describe("subjectivities on the desk", () => {
  it("are overdue past their due day until received", () => {
    const entry = { text: "Loss runs", timing: "after-binding", due: "2026-11-25" } as const;
    expect(isOverdue({ ...entry, receivedOn: null }, TODAY)).toBe(true);
    expect(isOverdue({ ...entry, receivedOn: "2026-11-26" }, TODAY)).toBe(false);
    expect(isOverdue({ ...entry, due: TODAY, receivedOn: null }, TODAY)).toBe(false);
  });

  it("are the chosen quote's once one is chosen, else every quote's not withdrawn, each flagged if overdue", () => {
    const entry = (text: string, due: string) =>
      ({ text, timing: "after-binding", due, receivedOn: null }) as const;
    const quotes = [
      {
        id: "a",
        insurer: "Acme",
        status: "published",
        subjectivities: [entry("Photos", "2026-11-20")],
      },
      {
        id: "b",
        insurer: "Beacon",
        status: "withdrawn",
        subjectivities: [entry("Loss runs", "2026-12-01")],
      },
      {
        id: "c",
        insurer: "Crest",
        status: "draft",
        subjectivities: [entry("Survey", "2026-12-01")],
      },
    ];
    expect(
      trackedSubjectivities(quotes, undefined, TODAY).map((item) => [item.insurer, item.overdue]),
    ).toEqual([
      ["Acme", true],
      ["Crest", false],
    ]);
    expect(trackedSubjectivities(quotes, "c", TODAY)).toEqual([
      {
        ...entry("Survey", "2026-12-01"),
        quoteId: "c",
        insurer: "Crest",
        index: 0,
        overdue: false,
      },
    ]);
  });
});
