import { describe, expect, it } from "vitest";

import {
  invitationEmail,
  joinFormSchema,
  joinMessages,
  INVITATION_HOURS,
} from "#app/domain/leads/desk-operators.ts";
import { PASSWORD_MIN_LENGTH } from "#app/domain/leads/lead-desk.ts";
import { SAMPLE_AGENCY } from "#app/domain/site/agency.ts";
import { parseForm } from "#app/domain/values/form-submission.ts";

const form = (fields: Record<string, string>) => new URLSearchParams(fields);

/** The messages a form gets, by field (none when it passes). */
function errorsOf(fields: Record<string, string>) {
  const result = parseForm(form(fields), joinFormSchema);
  return result.status === "success" ? {} : result.error;
}

describe("joining the desk", () => {
  it("takes a long enough password typed the same twice", () => {
    const password = "x".repeat(PASSWORD_MIN_LENGTH);
    expect(parseForm(form({ password, confirm: password }), joinFormSchema)).toMatchObject({
      status: "success",
      value: { password, confirm: password },
    });
  });

  it("says which field is wrong, and why", () => {
    expect(errorsOf({})).toEqual({
      password: [joinMessages.passwordRequired],
      confirm: [joinMessages.confirmRequired],
    });
    expect(errorsOf({ password: "short", confirm: "short" })).toEqual({
      password: [`The password must have at least ${PASSWORD_MIN_LENGTH} characters.`],
    });
    const long = "a long enough password";
    expect(errorsOf({ password: long, confirm: `${long}!` })).toEqual({
      confirm: [joinMessages.mismatch],
    });
  });

  it("is offered by an email that names who invites, the link and how long it works", () => {
    const email = invitationEmail("https://desk.example/admin/join/T", "ana@agency.example", {
      ...SAMPLE_AGENCY,
      sample: false,
      name: "Harbor Agency",
    });
    expect(email.text).toContain(
      "ana@agency.example invites you to work on Harbor Agency's lead desk",
    );
    expect(email.text).toContain("https://desk.example/admin/join/T");
    expect(email.text).toContain(`The link works once, for ${INVITATION_HOURS} hours.`);
    expect(email.html).toContain('href="https://desk.example/admin/join/T"');
  });
});
