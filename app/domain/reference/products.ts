/**
 * The insurance lines the site markets (docs/product.md, "What CoverPilot is", "Pages and addresses" and "Numbers and limits"): nine with a page and a place in
 * the side menu, plus General Liability, which the landing page's carousel also shows.
 */
import { m } from "#app/paraglide/messages.js";
import { BASE_LOCALE, type Locale, type Message } from "#app/domain/site/locales.ts";

export interface ProductLine {
  /** The page's path, without the leading slash. */
  slug: string;
  /**
   * The name as the carousel and the page's headings show it, in English (the glossary,
   * messages/glossary/en.json): the lead desk, the agency's alerts and the records use it.
   */
  name: string;
  /** The name in the visitor's language: in Spanish, with the English term beside it. */
  term: Message;
  /**
   * About how long applying for the line takes, in minutes, from `from` to `to` (the same for a
   * single figure): docs/product.md, "Numbers and limits"'s stated time per line. It is the time to apply, not to get a
   * quote: a licensed agent reviews the application and sends the quotes (decision 014).
   */
  applyMinutes: { from: number; to: number };
  /** Whether the side menu and footer list it (all but General Liability). */
  inMenu: boolean;
}

/** In the carousel's order (docs/product.md, "Numbers and limits"). */
export const PRODUCT_LINES: readonly ProductLine[] = (
  [
    {
      slug: "general-liability",
      term: m.term_general_liability,
      applyMinutes: { from: 10, to: 10 },
      inMenu: false,
    },
    {
      slug: "workers-comp",
      term: m.term_workers_comp,
      applyMinutes: { from: 10, to: 10 },
      inMenu: true,
    },
    {
      slug: "business-owners-policy",
      term: m.term_business_owners_policy,
      applyMinutes: { from: 10, to: 10 },
      inMenu: true,
    },
    {
      slug: "cyber-insurance",
      term: m.term_cyber_insurance,
      applyMinutes: { from: 10, to: 15 },
      inMenu: true,
    },
    {
      slug: "errors-and-omissions",
      term: m.term_errors_and_omissions,
      applyMinutes: { from: 10, to: 15 },
      inMenu: true,
    },
    {
      slug: "professional-liability",
      term: m.term_professional_liability,
      applyMinutes: { from: 10, to: 15 },
      inMenu: true,
    },
    {
      slug: "employment-practices-liability",
      term: m.term_employment_practices_liability,
      applyMinutes: { from: 10, to: 15 },
      inMenu: true,
    },
    {
      slug: "directors-and-officers",
      term: m.term_directors_and_officers,
      applyMinutes: { from: 15, to: 20 },
      inMenu: true,
    },
    {
      slug: "crime-insurance",
      term: m.term_crime_insurance,
      applyMinutes: { from: 10, to: 15 },
      inMenu: true,
    },
    {
      slug: "fiduciary-liability",
      term: m.term_fiduciary_liability,
      applyMinutes: { from: 15, to: 20 },
      inMenu: true,
    },
  ] satisfies Omit<ProductLine, "name">[]
).map((line) => ({ ...line, name: line.term({}, { locale: BASE_LOCALE }) }));

/** The nine lines of the side menu. */
export const MENU_PRODUCT_LINES = PRODUCT_LINES.filter((line) => line.inMenu);

/** A span of minutes as a figure: "10", "10-15". */
function minutesFigure({ from, to }: { from: number; to: number }): string {
  return from === to ? `${from}` : `${from}-${to}`;
}

/**
 * How long applying for a line takes, as the site says it everywhere ("10 minutes",
 * "10-15 minutes"): the one source of that line's figure.
 */
export function applyTime(line: ProductLine, locale: Locale = BASE_LOCALE): string {
  return m.apply_minutes({ figure: minutesFigure(line.applyMinutes) }, { locale });
}

/** The same, as a trust tile's figure above "Minutes to apply": "10", "10-15". */
export function applyTimeFigure(line: ProductLine): string {
  return minutesFigure(line.applyMinutes);
}

/** The span of every line's time to apply, for pages about no line in particular. */
export const ANY_LINE_APPLY_MINUTES = {
  from: Math.min(...PRODUCT_LINES.map((line) => line.applyMinutes.from)),
  to: Math.max(...PRODUCT_LINES.map((line) => line.applyMinutes.to)),
};

/** The same, as a trust tile's figure: "10-20". */
export const ANY_LINE_APPLY_FIGURE = minutesFigure(ANY_LINE_APPLY_MINUTES);

/** How long applying takes, whatever the line, as the site says it ("10-20 minutes"). */
export function anyLineApplyTime(locale: Locale = BASE_LOCALE): string {
  return m.apply_minutes({ figure: ANY_LINE_APPLY_FIGURE }, { locale });
}

/** The same in English. */
export const ANY_LINE_APPLY_TIME = anyLineApplyTime();
