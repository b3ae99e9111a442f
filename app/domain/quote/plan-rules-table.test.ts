import { readFileSync } from "node:fs";

import { describe, expect, it } from "vitest";

import { planRuleRows, planRulesMarkdown } from "#app/domain/quote/plan-rules-table.ts";
import { US_STATES } from "#app/domain/reference/states.ts";

const DAY = 86_400_000;

describe("the reviewers' table of the plan's rules (issue 54)", () => {
  const rows = planRuleRows();

  it("gives every rule a source with its publisher, address and the day it was read", () => {
    expect(rows.length).toBeGreaterThan(100);
    for (const row of rows) {
      const what = `${row.scope} ${row.line} ${row.rule}`;
      expect(row.sources.length, what).toBeGreaterThan(0);
      for (const source of row.sources) {
        expect(source.publisher, what).not.toBe("");
        expect(source.url, what).toMatch(/^https?:\/\/\S+$/);
        expect(source.read, what).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      }
    }
  });

  it("fails once a rule's source was read more than a year ago: it must be read again", () => {
    const now = Date.now();
    const stale = rows.flatMap((row) =>
      row.sources
        .filter((source) => now - Date.parse(`${source.read}T00:00:00Z`) > 365 * DAY)
        .map((source) => `${row.scope} ${row.line}: ${source.url} read ${source.read}`),
    );
    expect(stale).toEqual([]);
  });

  it("holds every state's workers' compensation law and the rules the review added", () => {
    const scopes = new Set(
      rows.filter((row) => row.line === "Workers' Compensation").map((row) => row.scope),
    );
    for (const state of US_STATES) expect(scopes.has(state), state).toBe(true);
    const text = rows
      .map((row) => `${row.scope} | ${row.line} | ${row.rule} | ${row.says}`)
      .join("\n");
    expect(text).toContain("California | Workers' Compensation | Contractors: Roofing");
    expect(text).toContain("Colorado | Errors & Omissions (E&O) | A real estate agent or agency");
    expect(text).toContain("ERISA Fidelity Bond");
    expect(text).toContain("Liquor Liability");
  });

  it("is what docs/plan-rules.md says (run `npm run docs:plan-rules` after changing a rule)", () => {
    expect(readFileSync("docs/plan-rules.md", "utf8")).toBe(planRulesMarkdown());
  });
});
