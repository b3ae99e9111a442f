/**
 * What each product page says (docs/product.md, "Pages and addresses", product pages): plain-language explanations of each
 * line for US small businesses, keyed by the slugs of app/domain/reference/products.ts. The copy names no
 * price, carrier or guarantee: the only prices are the published medians of market-figures.ts,
 * each with its source and the not-a-quote words, which the workers' comp page shows (issue 26).
 */
import { m } from "#app/paraglide/messages.js";
import { BASE_LOCALE, type Locale, type Message } from "#app/domain/site/locales.ts";
import { INDUSTRY_IDS, getIndustry } from "#app/domain/reference/industries.ts";
import { MARKET_FIGURES, type MedianFigure } from "#app/domain/reference/market-figures.ts";

/** A question and its answer, shown in an accordion and in the page's FAQPage JSON-LD. */
export interface Faq {
  question: Message;
  answer: Message;
}

/** One card of the What's Covered grid. */
export interface CoverageItem {
  title: Message;
  description: Message;
}

/** A published median premium: what other small businesses paid, never a price for the visitor. */
export interface PublishedPrice {
  /** Whose premiums the median describes, e.g. "Small businesses nationwide", in `locale`. */
  basis: string;
  figure: MedianFigure;
}

/**
 * Every published median for a line (app/domain/reference/market-figures.ts): nationwide first, then each
 * industry's, then each kind of business's.
 */
export function publishedPrices(slug: string, locale: Locale = BASE_LOCALE): PublishedPrice[] {
  const figures = MARKET_FIGURES[slug];
  if (!figures) return [];
  const national = m.figure_national_basis({}, { locale });
  return [
    ...(figures.national ? [{ basis: national, figure: figures.national }] : []),
    ...INDUSTRY_IDS.flatMap((id) => {
      const figure = figures.industries?.[id];
      return figure ? [{ basis: getIndustry(id).term({}, { locale }), figure }] : [];
    }),
    ...(figures.segments ?? []).map((segment) => ({
      basis: segment.label({}, { locale }),
      figure: segment.figure,
    })),
  ];
}

/**
 * The sample policy card on the workers' comp page (docs/product.md, "Pages and addresses"). The spec marks it VERIFIED;
 * it is an example, and says so (decision 014).
 */
export interface SamplePolicy {
  title: Message;
  status: "SAMPLE";
  rows: readonly { label: Message; value: Message }[];
}

export interface ProductPage {
  /** The page's h1. */
  headline: Message;
  /** One sentence: the landing page carousel's card and the page's meta description. */
  summary: Message;
  /** The hero's paragraph. */
  intro: Message;
  whoNeedsIt: { intro: Message; examples: readonly Message[] };
  covered: readonly CoverageItem[];
  /** What the line usually leaves out, and where to look instead. */
  notCovered: readonly Message[];
  /** The Common Questions accordion. */
  faqs: readonly Faq[];
  /** An extra accordion entry holding several questions (workers' comp only, docs/product.md, "Pages and addresses"). */
  faqGroup?: { title: Message; faqs: readonly Faq[] };
  /**
   * What other small businesses paid (workers' comp only): the line's published medians
   * (publishedPrices), with what the page says about the policy's limits. The spec's sample quotes
   * ($85 a month, a "$2M limit", "24/7 claims support", "Rated 4.8") had no source, and workers'
   * comp benefits have no dollar limit: they are gone (issue 26).
   */
  pricesPaid?: { limitsNote: Message };
  samplePolicy?: SamplePolicy;
}

/** Every product page's copy, by slug (the slugs of PRODUCT_LINES). */
export const PRODUCT_PAGES: Readonly<Record<string, ProductPage>> = {
  "general-liability": {
    headline: m.product_general_liability_headline,
    summary: m.product_general_liability_summary,
    intro: m.product_general_liability_intro,
    whoNeedsIt: {
      intro: m.product_general_liability_who_intro,
      examples: [
        m.product_general_liability_who_1,
        m.product_general_liability_who_2,
        m.product_general_liability_who_3,
        m.product_general_liability_who_4,
      ],
    },
    covered: [
      {
        title: m.product_general_liability_covered_1_title,
        description: m.product_general_liability_covered_1_text,
      },
      {
        title: m.product_general_liability_covered_2_title,
        description: m.product_general_liability_covered_2_text,
      },
      {
        title: m.product_general_liability_covered_3_title,
        description: m.product_general_liability_covered_3_text,
      },
      {
        title: m.product_general_liability_covered_4_title,
        description: m.product_general_liability_covered_4_text,
      },
      {
        title: m.product_general_liability_covered_5_title,
        description: m.product_general_liability_covered_5_text,
      },
      {
        title: m.product_general_liability_covered_6_title,
        description: m.product_general_liability_covered_6_text,
      },
    ],
    notCovered: [
      m.product_general_liability_not_covered_1,
      m.product_general_liability_not_covered_2,
      m.product_general_liability_not_covered_3,
      m.product_general_liability_not_covered_4,
    ],
    faqs: [
      {
        question: m.product_general_liability_faq_1_q,
        answer: m.product_general_liability_faq_1_a,
      },
      {
        question: m.product_general_liability_faq_2_q,
        answer: m.product_general_liability_faq_2_a,
      },
      {
        question: m.product_general_liability_faq_3_q,
        answer: m.product_general_liability_faq_3_a,
      },
      {
        question: m.product_general_liability_faq_4_q,
        answer: m.product_general_liability_faq_4_a,
      },
      {
        question: m.product_general_liability_faq_5_q,
        answer: m.product_general_liability_faq_5_a,
      },
    ],
  },
  "workers-comp": {
    headline: m.product_workers_comp_headline,
    summary: m.product_workers_comp_summary,
    intro: m.product_workers_comp_intro,
    whoNeedsIt: {
      intro: m.product_workers_comp_who_intro,
      examples: [
        m.product_workers_comp_who_1,
        m.product_workers_comp_who_2,
        m.product_workers_comp_who_3,
        m.product_workers_comp_who_4,
      ],
    },
    covered: [
      {
        title: m.product_workers_comp_covered_1_title,
        description: m.product_workers_comp_covered_1_text,
      },
      {
        title: m.product_workers_comp_covered_2_title,
        description: m.product_workers_comp_covered_2_text,
      },
      {
        title: m.product_workers_comp_covered_3_title,
        description: m.product_workers_comp_covered_3_text,
      },
      {
        title: m.product_workers_comp_covered_4_title,
        description: m.product_workers_comp_covered_4_text,
      },
      {
        title: m.product_workers_comp_covered_5_title,
        description: m.product_workers_comp_covered_5_text,
      },
    ],
    notCovered: [
      m.product_workers_comp_not_covered_1,
      m.product_workers_comp_not_covered_2,
      m.product_workers_comp_not_covered_3,
      m.product_workers_comp_not_covered_4,
    ],
    faqGroup: {
      title: m.product_workers_comp_faq_group_title,
      faqs: [
        {
          question: m.product_workers_comp_faq_group_1_q,
          answer: m.product_workers_comp_faq_group_1_a,
        },
        {
          question: m.product_workers_comp_faq_group_2_q,
          answer: m.product_workers_comp_faq_group_2_a,
        },
        {
          question: m.product_workers_comp_faq_group_3_q,
          answer: m.product_workers_comp_faq_group_3_a,
        },
        {
          question: m.product_workers_comp_faq_group_4_q,
          answer: m.product_workers_comp_faq_group_4_a,
        },
        {
          question: m.product_workers_comp_faq_group_5_q,
          answer: m.product_workers_comp_faq_group_5_a,
        },
      ],
    },
    faqs: [
      { question: m.product_workers_comp_faq_1_q, answer: m.product_workers_comp_faq_1_a },
      { question: m.product_workers_comp_faq_2_q, answer: m.product_workers_comp_faq_2_a },
      { question: m.product_workers_comp_faq_3_q, answer: m.product_workers_comp_faq_3_a },
      { question: m.product_workers_comp_faq_4_q, answer: m.product_workers_comp_faq_4_a },
    ],
    pricesPaid: { limitsNote: m.product_workers_comp_limits_note },
    samplePolicy: {
      title: m.product_workers_comp_sample_policy_title,
      status: "SAMPLE",
      rows: [
        {
          label: m.product_workers_comp_sample_policy_1_label,
          value: m.product_workers_comp_sample_policy_1_value,
        },
        {
          label: m.product_workers_comp_sample_policy_2_label,
          value: m.product_workers_comp_sample_policy_2_value,
        },
        {
          label: m.product_workers_comp_sample_policy_3_label,
          value: m.product_workers_comp_sample_policy_3_value,
        },
      ],
    },
  },
  "business-owners-policy": {
    headline: m.product_business_owners_policy_headline,
    summary: m.product_business_owners_policy_summary,
    intro: m.product_business_owners_policy_intro,
    whoNeedsIt: {
      intro: m.product_business_owners_policy_who_intro,
      examples: [
        m.product_business_owners_policy_who_1,
        m.product_business_owners_policy_who_2,
        m.product_business_owners_policy_who_3,
        m.product_business_owners_policy_who_4,
      ],
    },
    covered: [
      {
        title: m.product_business_owners_policy_covered_1_title,
        description: m.product_business_owners_policy_covered_1_text,
      },
      {
        title: m.product_business_owners_policy_covered_2_title,
        description: m.product_business_owners_policy_covered_2_text,
      },
      {
        title: m.product_business_owners_policy_covered_3_title,
        description: m.product_business_owners_policy_covered_3_text,
      },
      {
        title: m.product_business_owners_policy_covered_4_title,
        description: m.product_business_owners_policy_covered_4_text,
      },
    ],
    notCovered: [
      m.product_business_owners_policy_not_covered_1,
      m.product_business_owners_policy_not_covered_2,
      m.product_business_owners_policy_not_covered_3,
      m.product_business_owners_policy_not_covered_4,
    ],
    faqs: [
      {
        question: m.product_business_owners_policy_faq_1_q,
        answer: m.product_business_owners_policy_faq_1_a,
      },
      {
        question: m.product_business_owners_policy_faq_2_q,
        answer: m.product_business_owners_policy_faq_2_a,
      },
      {
        question: m.product_business_owners_policy_faq_3_q,
        answer: m.product_business_owners_policy_faq_3_a,
      },
      {
        question: m.product_business_owners_policy_faq_4_q,
        answer: m.product_business_owners_policy_faq_4_a,
      },
    ],
  },
  "cyber-insurance": {
    headline: m.product_cyber_insurance_headline,
    summary: m.product_cyber_insurance_summary,
    intro: m.product_cyber_insurance_intro,
    whoNeedsIt: {
      intro: m.product_cyber_insurance_who_intro,
      examples: [
        m.product_cyber_insurance_who_1,
        m.product_cyber_insurance_who_2,
        m.product_cyber_insurance_who_3,
        m.product_cyber_insurance_who_4,
      ],
    },
    covered: [
      {
        title: m.product_cyber_insurance_covered_1_title,
        description: m.product_cyber_insurance_covered_1_text,
      },
      {
        title: m.product_cyber_insurance_covered_2_title,
        description: m.product_cyber_insurance_covered_2_text,
      },
      {
        title: m.product_cyber_insurance_covered_3_title,
        description: m.product_cyber_insurance_covered_3_text,
      },
      {
        title: m.product_cyber_insurance_covered_4_title,
        description: m.product_cyber_insurance_covered_4_text,
      },
      {
        title: m.product_cyber_insurance_covered_5_title,
        description: m.product_cyber_insurance_covered_5_text,
      },
    ],
    notCovered: [
      m.product_cyber_insurance_not_covered_1,
      m.product_cyber_insurance_not_covered_2,
      m.product_cyber_insurance_not_covered_3,
      m.product_cyber_insurance_not_covered_4,
    ],
    faqs: [
      { question: m.product_cyber_insurance_faq_1_q, answer: m.product_cyber_insurance_faq_1_a },
      { question: m.product_cyber_insurance_faq_2_q, answer: m.product_cyber_insurance_faq_2_a },
      { question: m.product_cyber_insurance_faq_3_q, answer: m.product_cyber_insurance_faq_3_a },
      { question: m.product_cyber_insurance_faq_4_q, answer: m.product_cyber_insurance_faq_4_a },
    ],
  },
  "errors-and-omissions": {
    headline: m.product_errors_and_omissions_headline,
    summary: m.product_errors_and_omissions_summary,
    intro: m.product_errors_and_omissions_intro,
    whoNeedsIt: {
      intro: m.product_errors_and_omissions_who_intro,
      examples: [
        m.product_errors_and_omissions_who_1,
        m.product_errors_and_omissions_who_2,
        m.product_errors_and_omissions_who_3,
        m.product_errors_and_omissions_who_4,
      ],
    },
    covered: [
      {
        title: m.product_errors_and_omissions_covered_1_title,
        description: m.product_errors_and_omissions_covered_1_text,
      },
      {
        title: m.product_errors_and_omissions_covered_2_title,
        description: m.product_errors_and_omissions_covered_2_text,
      },
      {
        title: m.product_errors_and_omissions_covered_3_title,
        description: m.product_errors_and_omissions_covered_3_text,
      },
      {
        title: m.product_errors_and_omissions_covered_4_title,
        description: m.product_errors_and_omissions_covered_4_text,
      },
      {
        title: m.product_errors_and_omissions_covered_5_title,
        description: m.product_errors_and_omissions_covered_5_text,
      },
    ],
    notCovered: [
      m.product_errors_and_omissions_not_covered_1,
      m.product_errors_and_omissions_not_covered_2,
      m.product_errors_and_omissions_not_covered_3,
      m.product_errors_and_omissions_not_covered_4,
    ],
    faqs: [
      {
        question: m.product_errors_and_omissions_faq_1_q,
        answer: m.product_errors_and_omissions_faq_1_a,
      },
      {
        question: m.product_errors_and_omissions_faq_2_q,
        answer: m.product_errors_and_omissions_faq_2_a,
      },
      {
        question: m.product_errors_and_omissions_faq_3_q,
        answer: m.product_errors_and_omissions_faq_3_a,
      },
      {
        question: m.product_errors_and_omissions_faq_4_q,
        answer: m.product_errors_and_omissions_faq_4_a,
      },
    ],
  },
  "professional-liability": {
    headline: m.product_professional_liability_headline,
    summary: m.product_professional_liability_summary,
    intro: m.product_professional_liability_intro,
    whoNeedsIt: {
      intro: m.product_professional_liability_who_intro,
      examples: [
        m.product_professional_liability_who_1,
        m.product_professional_liability_who_2,
        m.product_professional_liability_who_3,
        m.product_professional_liability_who_4,
      ],
    },
    covered: [
      {
        title: m.product_professional_liability_covered_1_title,
        description: m.product_professional_liability_covered_1_text,
      },
      {
        title: m.product_professional_liability_covered_2_title,
        description: m.product_professional_liability_covered_2_text,
      },
      {
        title: m.product_professional_liability_covered_3_title,
        description: m.product_professional_liability_covered_3_text,
      },
      {
        title: m.product_professional_liability_covered_4_title,
        description: m.product_professional_liability_covered_4_text,
      },
      {
        title: m.product_professional_liability_covered_5_title,
        description: m.product_professional_liability_covered_5_text,
      },
    ],
    notCovered: [
      m.product_professional_liability_not_covered_1,
      m.product_professional_liability_not_covered_2,
      m.product_professional_liability_not_covered_3,
      m.product_professional_liability_not_covered_4,
    ],
    faqs: [
      {
        question: m.product_professional_liability_faq_1_q,
        answer: m.product_professional_liability_faq_1_a,
      },
      {
        question: m.product_professional_liability_faq_2_q,
        answer: m.product_professional_liability_faq_2_a,
      },
      {
        question: m.product_professional_liability_faq_3_q,
        answer: m.product_professional_liability_faq_3_a,
      },
      {
        question: m.product_professional_liability_faq_4_q,
        answer: m.product_professional_liability_faq_4_a,
      },
    ],
  },
  "employment-practices-liability": {
    headline: m.product_employment_practices_liability_headline,
    summary: m.product_employment_practices_liability_summary,
    intro: m.product_employment_practices_liability_intro,
    whoNeedsIt: {
      intro: m.product_employment_practices_liability_who_intro,
      examples: [
        m.product_employment_practices_liability_who_1,
        m.product_employment_practices_liability_who_2,
        m.product_employment_practices_liability_who_3,
        m.product_employment_practices_liability_who_4,
      ],
    },
    covered: [
      {
        title: m.product_employment_practices_liability_covered_1_title,
        description: m.product_employment_practices_liability_covered_1_text,
      },
      {
        title: m.product_employment_practices_liability_covered_2_title,
        description: m.product_employment_practices_liability_covered_2_text,
      },
      {
        title: m.product_employment_practices_liability_covered_3_title,
        description: m.product_employment_practices_liability_covered_3_text,
      },
      {
        title: m.product_employment_practices_liability_covered_4_title,
        description: m.product_employment_practices_liability_covered_4_text,
      },
      {
        title: m.product_employment_practices_liability_covered_5_title,
        description: m.product_employment_practices_liability_covered_5_text,
      },
      {
        title: m.product_employment_practices_liability_covered_6_title,
        description: m.product_employment_practices_liability_covered_6_text,
      },
    ],
    notCovered: [
      m.product_employment_practices_liability_not_covered_1,
      m.product_employment_practices_liability_not_covered_2,
      m.product_employment_practices_liability_not_covered_3,
      m.product_employment_practices_liability_not_covered_4,
    ],
    faqs: [
      {
        question: m.product_employment_practices_liability_faq_1_q,
        answer: m.product_employment_practices_liability_faq_1_a,
      },
      {
        question: m.product_employment_practices_liability_faq_2_q,
        answer: m.product_employment_practices_liability_faq_2_a,
      },
      {
        question: m.product_employment_practices_liability_faq_3_q,
        answer: m.product_employment_practices_liability_faq_3_a,
      },
      {
        question: m.product_employment_practices_liability_faq_4_q,
        answer: m.product_employment_practices_liability_faq_4_a,
      },
    ],
  },
  "directors-and-officers": {
    headline: m.product_directors_and_officers_headline,
    summary: m.product_directors_and_officers_summary,
    intro: m.product_directors_and_officers_intro,
    whoNeedsIt: {
      intro: m.product_directors_and_officers_who_intro,
      examples: [
        m.product_directors_and_officers_who_1,
        m.product_directors_and_officers_who_2,
        m.product_directors_and_officers_who_3,
        m.product_directors_and_officers_who_4,
      ],
    },
    covered: [
      {
        title: m.product_directors_and_officers_covered_1_title,
        description: m.product_directors_and_officers_covered_1_text,
      },
      {
        title: m.product_directors_and_officers_covered_2_title,
        description: m.product_directors_and_officers_covered_2_text,
      },
      {
        title: m.product_directors_and_officers_covered_3_title,
        description: m.product_directors_and_officers_covered_3_text,
      },
      {
        title: m.product_directors_and_officers_covered_4_title,
        description: m.product_directors_and_officers_covered_4_text,
      },
      {
        title: m.product_directors_and_officers_covered_5_title,
        description: m.product_directors_and_officers_covered_5_text,
      },
    ],
    notCovered: [
      m.product_directors_and_officers_not_covered_1,
      m.product_directors_and_officers_not_covered_2,
      m.product_directors_and_officers_not_covered_3,
      m.product_directors_and_officers_not_covered_4,
    ],
    faqs: [
      {
        question: m.product_directors_and_officers_faq_1_q,
        answer: m.product_directors_and_officers_faq_1_a,
      },
      {
        question: m.product_directors_and_officers_faq_2_q,
        answer: m.product_directors_and_officers_faq_2_a,
      },
      {
        question: m.product_directors_and_officers_faq_3_q,
        answer: m.product_directors_and_officers_faq_3_a,
      },
      {
        question: m.product_directors_and_officers_faq_4_q,
        answer: m.product_directors_and_officers_faq_4_a,
      },
    ],
  },
  "crime-insurance": {
    headline: m.product_crime_insurance_headline,
    summary: m.product_crime_insurance_summary,
    intro: m.product_crime_insurance_intro,
    whoNeedsIt: {
      intro: m.product_crime_insurance_who_intro,
      examples: [
        m.product_crime_insurance_who_1,
        m.product_crime_insurance_who_2,
        m.product_crime_insurance_who_3,
        m.product_crime_insurance_who_4,
      ],
    },
    covered: [
      {
        title: m.product_crime_insurance_covered_1_title,
        description: m.product_crime_insurance_covered_1_text,
      },
      {
        title: m.product_crime_insurance_covered_2_title,
        description: m.product_crime_insurance_covered_2_text,
      },
      {
        title: m.product_crime_insurance_covered_3_title,
        description: m.product_crime_insurance_covered_3_text,
      },
      {
        title: m.product_crime_insurance_covered_4_title,
        description: m.product_crime_insurance_covered_4_text,
      },
      {
        title: m.product_crime_insurance_covered_5_title,
        description: m.product_crime_insurance_covered_5_text,
      },
      {
        title: m.product_crime_insurance_covered_6_title,
        description: m.product_crime_insurance_covered_6_text,
      },
    ],
    notCovered: [
      m.product_crime_insurance_not_covered_1,
      m.product_crime_insurance_not_covered_2,
      m.product_crime_insurance_not_covered_3,
      m.product_crime_insurance_not_covered_4,
    ],
    faqs: [
      { question: m.product_crime_insurance_faq_1_q, answer: m.product_crime_insurance_faq_1_a },
      { question: m.product_crime_insurance_faq_2_q, answer: m.product_crime_insurance_faq_2_a },
      { question: m.product_crime_insurance_faq_3_q, answer: m.product_crime_insurance_faq_3_a },
      { question: m.product_crime_insurance_faq_4_q, answer: m.product_crime_insurance_faq_4_a },
    ],
  },
  "fiduciary-liability": {
    headline: m.product_fiduciary_liability_headline,
    summary: m.product_fiduciary_liability_summary,
    intro: m.product_fiduciary_liability_intro,
    whoNeedsIt: {
      intro: m.product_fiduciary_liability_who_intro,
      examples: [
        m.product_fiduciary_liability_who_1,
        m.product_fiduciary_liability_who_2,
        m.product_fiduciary_liability_who_3,
        m.product_fiduciary_liability_who_4,
      ],
    },
    covered: [
      {
        title: m.product_fiduciary_liability_covered_1_title,
        description: m.product_fiduciary_liability_covered_1_text,
      },
      {
        title: m.product_fiduciary_liability_covered_2_title,
        description: m.product_fiduciary_liability_covered_2_text,
      },
      {
        title: m.product_fiduciary_liability_covered_3_title,
        description: m.product_fiduciary_liability_covered_3_text,
      },
      {
        title: m.product_fiduciary_liability_covered_4_title,
        description: m.product_fiduciary_liability_covered_4_text,
      },
      {
        title: m.product_fiduciary_liability_covered_5_title,
        description: m.product_fiduciary_liability_covered_5_text,
      },
    ],
    notCovered: [
      m.product_fiduciary_liability_not_covered_1,
      m.product_fiduciary_liability_not_covered_2,
      m.product_fiduciary_liability_not_covered_3,
      m.product_fiduciary_liability_not_covered_4,
    ],
    faqs: [
      {
        question: m.product_fiduciary_liability_faq_1_q,
        answer: m.product_fiduciary_liability_faq_1_a,
      },
      {
        question: m.product_fiduciary_liability_faq_2_q,
        answer: m.product_fiduciary_liability_faq_2_a,
      },
      {
        question: m.product_fiduciary_liability_faq_3_q,
        answer: m.product_fiduciary_liability_faq_3_a,
      },
      {
        question: m.product_fiduciary_liability_faq_4_q,
        answer: m.product_fiduciary_liability_faq_4_a,
      },
    ],
  },
};

/** The copy of the product page with this slug. */
export function getProductPage(slug: string): ProductPage {
  const page = PRODUCT_PAGES[slug];
  if (!page) throw new Error(`No product page copy for ${slug}`);
  return page;
}

/** Every question a product page answers, in the order the page shows them (for FAQPage JSON-LD). */
export function allFaqs(page: ProductPage): Faq[] {
  return [...(page.faqGroup?.faqs ?? []), ...page.faqs];
}
