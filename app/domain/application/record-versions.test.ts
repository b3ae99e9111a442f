import { describe, expect, it } from "vitest";

import {
  submissionValuesSchema,
  type SubmissionValues,
} from "#app/domain/application/application-fields.ts";
import { buildHistory } from "#app/domain/application/record-versions.ts";
import { savedSubmission } from "#app/domain/application/application-record.ts";
import { z } from "#app/domain/values/zod.ts";

const emailStep = { industry: "food", state: "Ohio", segments: ["Bakery"], email: "a@example.com" };

describe("submission history", () => {
  it("reads a version from the row (Dates) and from its JSON copy (text) alike", () => {
    const given = "2026-11-21T10:00:00.000Z";
    const fromRow = z.parse(submissionValuesSchema, {
      ...emailStep,
      consent_given_at: new Date(given),
      created_at: new Date(),
    });
    const fromJson = z.parse(submissionValuesSchema, {
      ...emailStep,
      consent_given_at: "2026-11-21T10:00:00+00:00",
    });
    expect(fromRow).toEqual(fromJson);
    expect(fromRow.consent_given_at).toBe(given);
    expect(fromRow).not.toHaveProperty("created_at");
  });

  it("tells what each write changed, newest first, numbering the sessions as they came", () => {
    const first = z.parse(submissionValuesSchema, emailStep);
    const second: SubmissionValues = { ...first, state: "Utah", segments: ["Bakery", "Bar"] };
    const current: SubmissionValues = { ...second, business_name: "Bread Co" };
    const writer = { clientHash: "ab12", emailProven: false };
    const versions = buildHistory(
      [
        { revisedAt: "2026-01-01T00:00:00.000Z", draftId: "d1", oldValues: null, ...writer },
        { revisedAt: "2026-01-02T00:00:00.000Z", draftId: "d2", oldValues: first, ...writer },
        { revisedAt: "2026-01-03T00:00:00.000Z", draftId: "d1", oldValues: second, ...writer },
      ],
      current,
    );
    expect(versions.map((version) => [version.number, version.writer.visitor])).toEqual([
      [3, 1],
      [2, 2],
      [1, 1],
    ]);
    expect(versions[0]!.changes).toEqual([
      { field: "business_name", before: null, after: "Bread Co" },
    ]);
    expect(versions[1]!.changes).toEqual([
      { field: "state", before: "Ohio", after: "Utah" },
      { field: "segments", before: ["Bakery"], after: ["Bakery", "Bar"] },
    ]);
    expect(versions[2]!.created).toBe(true);
    expect(versions[2]!.changes.map((change) => change.field)).toEqual([
      "industry",
      "state",
      "segments",
      "email",
      // A version from before the language was recorded reads as English, the only one then.
      "language",
    ]);
  });

  it("a session keeps having proven an email while its saves go to that same application", () => {
    const proven = { submission: { id: "s1", email: "A@example.com", emailProven: true } };
    expect(savedSubmission(proven, "s1", "a@example.com")).toEqual({
      id: "s1",
      email: "a@example.com",
      emailProven: true,
    });
    expect(savedSubmission(proven, "s2", "b@example.com")).toEqual({
      id: "s2",
      email: "b@example.com",
    });
    expect(savedSubmission({}, "s1", "a@example.com")).toEqual({
      id: "s1",
      email: "a@example.com",
    });
  });
});
