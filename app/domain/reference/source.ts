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

/** The day the coverage plan's rules and the state requirements were read from their sources. */
export const RULES_READ_ON = "2026-11-23";

/** The month the published price figures were gathered (docs/market-figures.md). */
export const FIGURES_GATHERED_IN = "2026-11";
