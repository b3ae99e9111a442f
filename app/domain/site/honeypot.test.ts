import { describe, expect, it } from "vitest";

import { ANSWER_NAMES, FIELD_COLUMNS } from "#app/domain/application/application-fields.ts";
import { HONEYPOT_FIELD } from "#app/domain/site/honeypot.ts";

describe("the honeypot's name", () => {
  it("is no column and no answer of the application's registry", () => {
    const taken: readonly string[] = [...FIELD_COLUMNS, ...ANSWER_NAMES];
    expect(taken).not.toContain(HONEYPOT_FIELD);
  });

  it("is not what a natural question of the business would be named", () => {
    // The exercise of issue 57 added a `website` column, which the old name collided with.
    expect(["website", "url", "homepage", "company_website"]).not.toContain(HONEYPOT_FIELD);
  });
});
