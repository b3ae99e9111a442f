import { BASE_LOCALE, type Locale } from "#app/domain/site/locales.ts";

/**
 * Where a fact on the coverage plan comes from: shown behind its "Why?" disclosure so a visitor
 * (and the agency) can check it. Figures and rules without one are not shown as facts.
 */
export interface Source {
  /** Who published it, as the page names itself (an agency, an insurer, a publisher). */
  publisher: string;
  url: string;
  /** When we read it: a day (YYYY-MM-DD) for rules, a month (YYYY-MM) for gathered price figures. */
  read: string;
}

/**
 * When a source was read, as `locale` writes it: as stored in English ("2026-11-23", "2026-11"),
 * in Spanish in words ("23 de noviembre de 2026", "noviembre de 2026").
 */
export function sourceReadText(read: string, locale: Locale): string {
  if (locale === BASE_LOCALE) return read;
  const [year, month, day] = read.split("-");
  const date = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day ?? 1)));
  return date.toLocaleDateString(`${locale}-US`, {
    timeZone: "UTC",
    year: "numeric",
    month: "long",
    ...(day ? { day: "numeric" } : {}),
  });
}

/** The day the coverage plan's rules and the state requirements were read from their sources. */
export const RULES_READ_ON = "2026-11-23";

/**
 * The day the plan's review (issue 54) read its sources: the lines an account manager adds, the
 * states whose licensing boards require a line, and the workers' compensation rules it corrected.
 */
export const LINES_REVIEWED_ON = "2026-11-28";

/**
 * Who checked the rules against their sources (docs/plan-rules.md): the engineers, who are not
 * licensed producers. The agency's licensed review is still to come, and the table says so.
 */
export const RULES_REVIEWED_BY =
  "CoverPilot engineering (not licensed producers); pending the agency's licensed review";

/** The month the published price figures were gathered (docs/market-figures.md). */
export const FIGURES_GATHERED_IN = "2026-11";
