import { readdirSync, readFileSync } from "node:fs";

import { describe, expect, it } from "vitest";

import { LEAD_EXPORT_COLUMNS } from "#app/domain/leads/lead-desk.ts";
import { SETTING_NAMES } from "#app/server/env.server.ts";

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

  it("documents every setting the server reads, as .env.example does", () => {
    const example = readFileSync(".env.example", "utf8");
    expect(
      SETTING_NAMES.filter((name) => !readme.includes(`| \`${name}\``)),
      "settings README's table omits",
    ).toEqual([]);
    expect(
      SETTING_NAMES.filter((name) => !new RegExp(`^#? ?${name}=`, "m").test(example)),
      "settings .env.example omits",
    ).toEqual([]);
  });
});

describe("docs/decisions/README.md", () => {
  it("indexes every decision record", () => {
    const index = readFileSync("docs/decisions/README.md", "utf8");
    const records = readdirSync("docs/decisions").filter((name) => /^\d{3}-.*\.md$/.test(name));
    expect(
      records.filter((name) => !index.includes(`](${name})`)),
      "records the index omits",
    ).toEqual([]);
  });
});
