import { readFileSync } from "node:fs";

import { describe, expect, it } from "vitest";

import { LEAD_EXPORT_COLUMNS } from "#app/domain/leads/lead-desk.ts";

/**
 * What the documents state that the code decides, where a person writes it: a test fails when the
 * two part, naming what is missing (issue 57: a stale document is a defect).
 */
describe("the README", () => {
  const readme = readFileSync("README.md", "utf8");

  it("lists the CSV's columns as the export writes them", () => {
    const listed = /The header row names these columns[\s\S]*?```text\n([^\n]*)\n```/.exec(readme);
    expect(listed, "README's list of the CSV's columns").not.toBeNull();
    const columns = (listed?.[1] ?? "").split(",");
    expect(
      LEAD_EXPORT_COLUMNS.filter((column) => !columns.includes(column)),
      "columns the export writes that README does not list",
    ).toEqual([]);
    expect(columns).toEqual([...LEAD_EXPORT_COLUMNS]);
  });
});
