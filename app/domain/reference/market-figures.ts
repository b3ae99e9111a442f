/**
 * What other small businesses' premiums were, as published by insurers and brokers (docs/market-figures.md,
 * gathered 2026-11): medians per line, nationally and for some of the wizard's industries. They are
 * shown as what similar businesses paid, never as a price for the visitor, and nothing here is
 * computed from a visitor's answers (in several states a price worked out for one applicant is a
 * rate quotation that only a licensed producer may give).
 */
import { m } from "#app/paraglide/messages.js";
import { BASE_LOCALE, type Locale, type Message } from "#app/domain/site/locales.ts";
import {
  catalogSegments,
  industryName,
  type IndustryId,
} from "#app/domain/reference/industries.ts";
import { FIGURES_GATHERED_IN, type Source } from "#app/domain/reference/source.ts";

/** The words shown with every figure (issue 15). */
export const TYPICAL_PRICE_DISCLAIMER = m.figure_disclaimer({}, { locale: BASE_LOCALE });

/** Shown where no published figure exists for a line (`m.plan_no_figure` in a page's language). */
export const NO_FIGURE_TEXT = m.plan_no_figure({}, { locale: BASE_LOCALE });

/**
 * How a page says its medians were made (issue 26): from policies its customers bought, from
 * quotes to businesses that applied, or it does not say. Each figure is worded as its page words
 * it.
 */
export type FigureMeasure = "policies bought" | "quotes" | "not stated";

/** A published median premium. */
export interface MedianFigure {
  monthly: number;
  /** The yearly median where the source gives one; never derived from the monthly one. */
  yearly?: number;
  source: Source;
}

/** A figure that describes one kind of business within an industry (restaurants, janitors). */
interface SegmentFigure {
  industry: IndustryId;
  /** The wizard's segment names the figure describes. */
  segments: readonly string[];
  /** Whose premiums these are, as shown beside the figure. */
  label: Message;
  figure: MedianFigure;
}

/** A published range, for lines where no insurer publishes a median: context, not a price. */
export interface PublishedRange {
  text: string;
  sources: readonly Source[];
}

/** A published range as the table holds it: its words a message. */
interface RangeFigures {
  text: Message;
  sources: readonly Source[];
}

interface LineFigures {
  national?: MedianFigure;
  industries?: Partial<Record<IndustryId, MedianFigure>>;
  segments?: readonly SegmentFigure[];
  range?: RangeFigures;
}

function gathered(publisher: string, url: string): Source {
  return { publisher, url, read: FIGURES_GATHERED_IN };
}

const INSUREON = "Insureon";
const INSUREON_COST = "https://www.insureon.com/small-business-insurance";
const CONSTRUCTION = gathered(
  INSUREON,
  "https://www.insureon.com/construction-contracting-business-insurance/cost",
);
const GENERAL_CONTRACTORS = gathered(
  INSUREON,
  "https://www.insureon.com/construction-contracting-business-insurance/general-contractors/cost",
);
const FOOD = gathered(INSUREON, "https://www.insureon.com/food-business-insurance/cost");
const RESTAURANTS = gathered(
  INSUREON,
  "https://www.insureon.com/food-business-insurance/restaurants/cost",
);
const RETAIL = gathered(INSUREON, "https://www.insureon.com/retail-business-insurance/cost");
const OFFICES = gathered(
  "TechInsurance",
  "https://www.techinsurance.com/professional-service-business-insurance/cost",
);
const CLEANING = gathered(INSUREON, "https://www.insureon.com/cleaning-business-insurance/cost");
const JANITORIAL = gathered(
  INSUREON,
  "https://www.insureon.com/cleaning-business-insurance/janitorial-services/cost",
);

const GENERAL_CONTRACTOR_SEGMENTS = catalogSegments("General Contractor");
const RESTAURANT_SEGMENTS = catalogSegments("Restaurant");
const JANITORIAL_SEGMENTS = catalogSegments("Janitorial Services");

/** By product line slug (app/domain/reference/products.ts); a test checks every key is a line. */
export const MARKET_FIGURES: Readonly<Record<string, LineFigures>> = {
  "general-liability": {
    national: {
      monthly: 42,
      yearly: 500,
      source: gathered(INSUREON, `${INSUREON_COST}/general-liability-policy/cost`),
    },
    industries: {
      construction: { monthly: 69, yearly: 825, source: CONSTRUCTION },
      food: { monthly: 44, source: FOOD },
      offices: { monthly: 29, source: OFFICES },
      cleaning: { monthly: 48, source: CLEANING },
    },
    segments: [
      {
        industry: "construction",
        segments: GENERAL_CONTRACTOR_SEGMENTS,
        label: m.figure_basis_general_contractors,
        figure: { monthly: 142, source: GENERAL_CONTRACTORS },
      },
      {
        industry: "cleaning",
        segments: JANITORIAL_SEGMENTS,
        label: m.figure_basis_janitorial,
        figure: { monthly: 45, source: JANITORIAL },
      },
    ],
  },
  "business-owners-policy": {
    national: {
      monthly: 57,
      yearly: 684,
      source: gathered(INSUREON, `${INSUREON_COST}/business-owners-policy/cost`),
    },
    industries: {
      retail: { monthly: 65, yearly: 790, source: RETAIL },
      offices: { monthly: 47, source: OFFICES },
    },
    segments: [
      {
        industry: "construction",
        segments: GENERAL_CONTRACTOR_SEGMENTS,
        label: m.figure_basis_general_contractors,
        figure: { monthly: 121, source: GENERAL_CONTRACTORS },
      },
      {
        industry: "food",
        segments: RESTAURANT_SEGMENTS,
        label: m.figure_basis_restaurants,
        figure: { monthly: 251, yearly: 3010, source: RESTAURANTS },
      },
      {
        industry: "cleaning",
        segments: JANITORIAL_SEGMENTS,
        label: m.figure_basis_janitorial,
        figure: { monthly: 43, source: JANITORIAL },
      },
    ],
  },
  "professional-liability": {
    national: {
      monthly: 61,
      yearly: 735,
      source: gathered(INSUREON, `${INSUREON_COST}/professional-liability/cost`),
    },
    industries: { offices: { monthly: 43, source: OFFICES } },
  },
  "errors-and-omissions": {
    national: {
      monthly: 59,
      yearly: 708,
      source: gathered(INSUREON, `${INSUREON_COST}/errors-omissions/cost`),
    },
  },
  "workers-comp": {
    national: {
      monthly: 45,
      yearly: 542,
      source: gathered(INSUREON, `${INSUREON_COST}/workers-compensation/cost`),
    },
    industries: { offices: { monthly: 49, source: OFFICES } },
    segments: [
      {
        industry: "cleaning",
        segments: JANITORIAL_SEGMENTS,
        label: m.figure_basis_janitorial,
        figure: { monthly: 165, source: JANITORIAL },
      },
    ],
  },
  "cyber-insurance": {
    national: {
      monthly: 140,
      yearly: 1675,
      source: gathered(INSUREON, `${INSUREON_COST}/cyber-liability/cost`),
    },
    industries: { offices: { monthly: 123, source: OFFICES } },
  },
  "directors-and-officers": {
    national: {
      monthly: 138,
      yearly: 1653,
      source: gathered(INSUREON, `${INSUREON_COST}/directors-officers/cost`),
    },
  },
  "employment-practices-liability": {
    range: {
      text: m.plan_range_employment_practices,
      sources: [gathered("Fit Small Business", "https://fitsmallbusiness.com/epli-insurance")],
    },
  },
  "crime-insurance": {
    range: {
      text: m.plan_range_crime,
      sources: [
        gathered("SmartFinancial", "https://smartfinancial.com/commercial-crime-insurance"),
        gathered("Fit Small Business", "https://fitsmallbusiness.com/crime-insurance"),
      ],
    },
  },
  // No reliable published figure for fiduciary liability: the plan says "Ask an agent".
  "fiduciary-liability": {},
};

/**
 * The pages whose wording of their medians was read (2026-11-25): "sourced from the median cost of
 * policies purchased by … customers" or "policies … bought by Insureon customers" (bought), "the
 * median cost of policies for … that apply for quotes" (quotes). Any other page: "not stated".
 */
const PAGE_MEASURES: Readonly<Record<string, FigureMeasure>> = {
  [`${INSUREON_COST}/general-liability-policy/cost`]: "policies bought",
  [`${INSUREON_COST}/business-owners-policy/cost`]: "policies bought",
  [`${INSUREON_COST}/workers-compensation/cost`]: "policies bought",
  [CONSTRUCTION.url]: "policies bought",
  [FOOD.url]: "policies bought",
  [RESTAURANTS.url]: "policies bought",
  [CLEANING.url]: "policies bought",
  [JANITORIAL.url]: "policies bought",
  [GENERAL_CONTRACTORS.url]: "quotes",
  [OFFICES.url]: "quotes",
};

/** How the page behind a figure says its median was made. */
export function figureMeasure(source: Source): FigureMeasure {
  return PAGE_MEASURES[source.url] ?? "not stated";
}

/** What a median is a median of, as its page says: "from policies Insureon customers bought". */
export function figureMeasureText(source: Source, locale: Locale = BASE_LOCALE): string {
  const inputs = { publisher: source.publisher };
  switch (figureMeasure(source)) {
    case "policies bought":
      return m.figure_measure_policies(inputs, { locale });
    case "quotes":
      return m.figure_measure_quotes(inputs, { locale });
    case "not stated":
      return m.figure_measure_not_stated(inputs, { locale });
  }
}

/** Whose median it is and what it is a median of, in the plan's words, in `locale`. */
export function figureBasisText(price: TypicalPrice, locale: Locale = BASE_LOCALE): string {
  const whose =
    price.basis.kind === "national"
      ? m.plan_figure_national({}, { locale })
      : m.plan_figure_median_for({ whose: price.basis.label.toLowerCase() }, { locale });
  return `${whose}, ${figureMeasureText(price.source, locale)}`;
}

/** A published median shown as what similar businesses pay. */
export interface TypicalPrice {
  lineSlug: string;
  monthly: number;
  yearly: number | undefined;
  /** Whose premiums the median describes, most specific first. */
  basis: { kind: "segment" | "industry" | "national"; label: string };
  source: Source;
}

/** How the national figures are described beside the number. */
export const NATIONAL_BASIS_LABEL = m.figure_national_basis({}, { locale: BASE_LOCALE });

/**
 * The median a month that similar businesses paid for a line: the figure for the visitor's kind of
 * business (a segment) where the table has one, else the industry's, else the national one, else
 * undefined (show NO_FIGURE_TEXT). Only the industry and segments choose the figure.
 */
export function typicalMonthlyPrice(
  lineSlug: string,
  industryId: IndustryId,
  segments: readonly string[] = [],
  locale: Locale = BASE_LOCALE,
): TypicalPrice | undefined {
  const figures = MARKET_FIGURES[lineSlug];
  if (!figures) return undefined;
  const bySegment = figures.segments?.find(
    (candidate) =>
      candidate.industry === industryId &&
      candidate.segments.some((segment) => segments.includes(segment)),
  );
  if (bySegment) {
    const label = bySegment.label({}, { locale });
    return typicalPrice(lineSlug, bySegment.figure, "segment", label);
  }
  const byIndustry = figures.industries?.[industryId];
  if (byIndustry) {
    return typicalPrice(lineSlug, byIndustry, "industry", industryName(industryId, locale));
  }
  if (figures.national) {
    const national = m.figure_national_basis({}, { locale });
    return typicalPrice(lineSlug, figures.national, "national", national);
  }
  return undefined;
}

function typicalPrice(
  lineSlug: string,
  figure: MedianFigure,
  kind: TypicalPrice["basis"]["kind"],
  label: string,
): TypicalPrice {
  return {
    lineSlug,
    monthly: figure.monthly,
    yearly: figure.yearly,
    basis: { kind, label },
    source: figure.source,
  };
}

/** The published range for a line with no insurer median (EPLI, crime), as context text in `locale`. */
export function publishedRange(
  lineSlug: string,
  locale: Locale = BASE_LOCALE,
): PublishedRange | undefined {
  const range = MARKET_FIGURES[lineSlug]?.range;
  return range ? { text: range.text({}, { locale }), sources: range.sources } : undefined;
}
