/**
 * The coverage plan's rules as a reviewer reads them (issue 54): one row per rule of a line or of
 * a state, with what the plan then says, its sources, the day they were read and who reviewed
 * them. docs/plan-rules.md is written from these rows (`npm run docs:plan-rules`), and a test
 * fails while the file and the rules disagree, or when a rule has no source or an old one.
 */
import {
  commercialAutoVerdict,
  EXTRA_LINE_RULES,
  EXTRA_LINES,
  PLAN_LINES,
  PLAN_RULES,
  planFacts,
  REAL_ESTATE_EO_STATES,
  type Recommendation,
} from "#app/domain/quote/coverage-plan.ts";
import { BASE_LOCALE } from "#app/domain/site/locales.ts";
import { RULES_REVIEWED_BY, type Source } from "#app/domain/reference/source.ts";
import { US_STATES } from "#app/domain/reference/states.ts";
import {
  WORKERS_COMP_STATES,
  type WorkersCompState,
} from "#app/domain/reference/workers-comp-states.ts";

/** One rule as the reviewers' table shows it. */
export interface PlanRuleRow {
  /** "All states" or a state's name. */
  scope: string;
  line: string;
  /** When the rule applies, or what the state's law is. */
  rule: string;
  /** The grade and the sentence the plan shows (English). */
  says: string;
  sources: readonly Source[];
}

const ALL_STATES = "All states";
const words = { locale: BASE_LOCALE };

function lineName(slug: string): string {
  const line = PLAN_LINES.find((candidate) => candidate.slug === slug);
  return line ? line.term({}, words) : slug;
}

function says(recommendation: Recommendation, reason: string): string {
  return `${recommendation}: ${reason}`;
}

/** A state's workers' compensation law in a few words, from its entry. */
function workersCompRule(wc: WorkersCompState): string {
  const parts: string[] = [wc.status];
  if (wc.minEmployees !== undefined) parts.push(`from ${wc.minEmployees} employee(s)`);
  if (wc.alsoWhen) parts.push(`or once ${wc.alsoWhen({}, words)}`);
  if (wc.construction) {
    parts.push(`${wc.construction.work({}, words)} from ${wc.construction.minEmployees}`);
  }
  if (wc.ownersCount) parts.push(`owners counted: ${wc.ownersCount.counted.join(", ") || "none"}`);
  if (wc.ownersCovered) {
    parts.push(`always covered: ${wc.ownersCovered.map((rule) => rule.who({}, words)).join(", ")}`);
  }
  if (wc.stateFundOnly) parts.push("state fund only");
  return parts.join("; ");
}

/** Every rule of the plan, the marketed lines first, then the states' laws. */
export function planRuleRows(): PlanRuleRow[] {
  const rows: PlanRuleRow[] = [];
  for (const [slug, rules] of Object.entries(PLAN_RULES)) {
    for (const [index, rule] of rules.entries()) {
      rows.push({
        scope: ALL_STATES,
        line: lineName(slug),
        rule: `${index + 1}. ${rule.applies}`,
        says: says(rule.recommendation, rule.reason({}, words)),
        sources: rule.sources,
      });
    }
  }
  for (const { slug } of EXTRA_LINES) {
    for (const rule of EXTRA_LINE_RULES[slug]) {
      rows.push({
        scope: rule.applies.includes("California") ? "California" : ALL_STATES,
        line: lineName(slug),
        rule: `${EXTRA_LINE_RULES[slug].indexOf(rule) + 1}. ${rule.applies}`,
        says: says(rule.recommendation, rule.reason({}, words)),
        sources: rule.sources,
      });
    }
  }
  // Commercial auto: the verdict of each state, grouped by what it says.
  const auto = new Map<string, PlanRuleRow>();
  for (const state of US_STATES) {
    const verdict = commercialAutoVerdict(
      planFacts({
        industry: "retail",
        segments: [],
        state,
        ownership: "Partnership",
        vehicles: "owned",
      }),
    );
    if (!verdict) continue;
    const key = verdict.recommendation + verdict.sources.map((source) => source.url).join();
    const row = auto.get(key);
    if (row) row.scope = `${row.scope}, ${state}`;
    else {
      auto.set(key, {
        scope: state,
        line: lineName("commercial-auto"),
        rule: "The business owns or leases vehicles",
        says: says(verdict.recommendation, verdict.reason.replace(state, "The state")),
        sources: verdict.sources,
      });
    }
  }
  rows.push(...[...auto.values()].map((row) => ({ ...row, scope: summarizeStates(row.scope) })));
  for (const entry of REAL_ESTATE_EO_STATES) {
    rows.push({
      scope: entry.state,
      line: lineName("errors-and-omissions"),
      rule: "A real estate agent or agency",
      says:
        entry.status === "required"
          ? "Required by law: the state's commission requires it of every active licensee"
          : "Recommended, ask an agent: brokers list the state as requiring it",
      sources: entry.sources,
    });
  }
  for (const wc of WORKERS_COMP_STATES) {
    rows.push({
      scope: wc.state,
      line: lineName("workers-comp"),
      rule: workersCompRule(wc),
      says: wc.notes.map((note) => note({}, words)).join(" "),
      sources: wc.sources,
    });
    for (const licence of wc.tradeLicences ?? []) {
      rows.push({
        scope: wc.state,
        line: lineName("workers-comp"),
        rule: `Contractors: ${licence.segments.join(", ")}`,
        says: says(
          licence.status === "required" ? "Required by law" : "Recommended",
          licence.reason({}, words),
        ),
        sources: licence.sources,
      });
    }
    if (wc.listedWork) {
      rows.push({
        scope: wc.state,
        line: lineName("workers-comp"),
        rule: `Listed work: construction; ${wc.listedWork.segments.join(", ")}; NAICS ${wc.listedWork.naicsPrefixes.join(", ")}`,
        says: "Required by law from the first employee, from the state fund; elsewhere ask an agent",
        sources: wc.sources,
      });
    }
  }
  return rows;
}

/** Every state but a few, said shortly. */
function summarizeStates(list: string): string {
  const states = list.split(", ");
  if (states.length < US_STATES.length / 2) return list;
  const others = US_STATES.filter((state) => !states.includes(state));
  return `Every state but ${others.join(", ")}`;
}

/** A table cell's text: pipes escaped, one line. */
function cell(text: string): string {
  return text.replaceAll("|", "\\|").replaceAll("\n", " ");
}

/** The newest day a row's sources were read. */
function readOn(row: PlanRuleRow): string {
  return (
    row.sources
      .map((source) => source.read)
      .toSorted()
      .at(-1) ?? ""
  );
}

/** docs/plan-rules.md, as the rules make it. */
export function planRulesMarkdown(): string {
  const header = [
    "# The coverage plan's rules",
    "",
    "Written by `npm run docs:plan-rules` from the rules themselves",
    "(`app/domain/quote/coverage-plan.ts`, `app/domain/reference/workers-comp-states.ts`); do not edit",
    "by hand. A test fails while this file and the rules disagree, and when a rule has no source or a",
    "source read more than a year ago. Decision 059 says how a rule is reviewed.",
    "",
    "The plan is general information, not legal advice: beside every “Required by law” the visitor is",
    "told that the agent confirms it for the business. Where the sources disagree or could not be",
    "confirmed, the plan says “Ask an agent”.",
    "",
    "A line's numbered rules are read in order and the first that applies gives the verdict; for a",
    "real estate office, its state's E&O rule is read before them. An added line whose rules all",
    "fail is not shown. Workers' compensation follows the state's row (and, in California, the",
    "contractors' licence rows before the head count).",
    "",
    `Reviewed by: ${RULES_REVIEWED_BY}.`,
    "",
    "| Scope | Line | Rule | The plan says | Sources | Read | Reviewed by |",
    "| --- | --- | --- | --- | --- | --- | --- |",
  ];
  const lines = planRuleRows().map((row) =>
    [
      row.scope,
      row.line,
      row.rule,
      row.says,
      row.sources.map((source) => `[${source.publisher}](${source.url})`).join("; "),
      readOn(row),
      `CoverPilot engineering, ${readOn(row)}; licensed review pending`,
    ]
      .map(cell)
      .join(" | "),
  );
  return [...header, ...lines.map((line) => `| ${line} |`), ""].join("\n");
}
