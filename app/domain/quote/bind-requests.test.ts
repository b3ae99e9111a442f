import { describe, expect, it } from "vitest";

import { bindFormSchema, triaChoiceLabels, triaOfferOf } from "#app/domain/quote/bind-requests.ts";
import type { InsurerQuote } from "#app/domain/quote/insurer-quotes.ts";
import { parseForm } from "#app/domain/values/form-submission.ts";

const TODAY = "2026-11-26";
type BindableQuote = Pick<InsurerQuote, "payInFull" | "monthlyFeeCents" | "terrorism">;

const OFFERED: BindableQuote = {
  payInFull: true,
  monthlyFeeCents: null,
  terrorism: { offered: true, premiumCents: 4_000 },
};
const NOT_OFFERED: BindableQuote = {
  ...OFFERED,
  terrorism: { offered: false, premiumCents: null },
};
/** A quote saved before issue 55 has no terrorism record at all. */
const BEFORE_55: BindableQuote = { ...OFFERED, terrorism: null };

/** The form's messages by field, or its value, as parseForm answers. */
function checked(form: URLSearchParams, quote: BindableQuote) {
  const submission = parseForm(form, bindFormSchema(quote, TODAY));
  return submission.status === "success"
    ? { value: submission.value, error: undefined }
    : { value: undefined, error: submission.error };
}

function bindForm(extra: Record<string, string> = {}): URLSearchParams {
  return new URLSearchParams({
    "esign-consent": "on",
    documents: "electronic",
    payment: "in-full",
    start: "2026-12-01",
    "answers-true": "on",
    "ask-insurer": "on",
    "not-covered-yet": "on",
    signature: "Rosa Ridge",
    ...extra,
  });
}

describe("the terrorism (TRIA) offer at binding", () => {
  it("reads the offer the desk entered with the quote, with its premium", () => {
    expect(triaOfferOf(OFFERED)).toEqual({ premiumCents: 4_000 });
    expect(triaOfferOf(NOT_OFFERED)).toBeNull();
    expect(triaOfferOf(BEFORE_55)).toBeNull();
    expect(triaChoiceLabels({ premiumCents: 4_000 }).accepted).toBe(
      "I accept terrorism cover, for an added premium of $40.",
    );
  });

  it("asks the insured to accept or reject an offer, and takes either", () => {
    const unanswered = checked(bindForm(), OFFERED);
    expect(unanswered.value).toBeUndefined();
    expect(unanswered.error?.tria).toEqual(["Please accept or reject terrorism cover"]);
    for (const answer of ["accepted", "rejected"]) {
      expect(checked(bindForm({ tria: answer }), OFFERED).value?.tria).toBe(answer);
    }
    const invented = checked(bindForm({ tria: "maybe" }), OFFERED);
    expect(invented.error?.tria).toEqual(["Please accept or reject terrorism cover"]);
  });

  it("asks nothing where the insurer made no offer", () => {
    for (const quote of [NOT_OFFERED, BEFORE_55]) {
      expect(checked(bindForm(), quote).error).toBeUndefined();
    }
  });
});
