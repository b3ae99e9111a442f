/**
 * The marketing pages' fixed content (docs/product.md, "Pages and addresses" and "The saved application" "Marketing content" and 9): trust
 * figures, the three-step explainer and the testimonials. What only the agency can back (ratings,
 * testimonials) comes from app/domain/site/agency-proof.ts; until it does, the spec's samples stand in,
 * marked as samples (decision 014).
 */
import { AGENCY_PROOF, type AgencyProof, type Testimonial } from "#app/domain/site/agency-proof.ts";
import { site } from "#app/domain/site/site.ts";
import {
  ANY_LINE_APPLY_FIGURE,
  ANY_LINE_APPLY_TIME,
  applyTimeFigure,
  type ProductLine,
} from "#app/domain/reference/products.ts";

export type { Testimonial } from "#app/domain/site/agency-proof.ts";

/** A figure and what it measures, e.g. "4.8/5" and "Customer Rating". */
export interface TrustStat {
  value: string;
  label: string;
  /** Where a figure comes from; `sample` when it is the spec's example, not the agency's own. */
  source?: string;
  sample?: boolean;
}

/** The spec's example figures, shown (marked) until the agency supplies its own. */
const SAMPLE_FIGURES = {
  customerRating: { value: "4.8/5", label: "Customer Rating" },
  carrierRating: { value: "A+ Rated", label: "Insurance Carrier" },
} as const;

/** A tile of the agency's own figure, or the spec's sample in its place. */
function provenOrSample(
  figure: AgencyProof["customerRating"],
  sample: { value: string; label: string },
): TrustStat {
  return figure
    ? { value: figure.value, label: sample.label, source: figure.source }
    : { ...sample, sample: true };
}

/** What applying costs: nothing, and it commits the visitor to nothing. */
const NO_OBLIGATION: TrustStat = { value: "$0", label: "To apply, no obligation" };

/**
 * Whether the agency has supplied proof from its own customers (a customer rating, or
 * testimonials): until then the site does not say that business owners trust or choose it.
 */
export function hasCustomerProof(proof: AgencyProof = AGENCY_PROOF): boolean {
  return proof.customerRating !== undefined || proof.testimonials.length > 0;
}

/**
 * The heading over the trust figures: the spec's "Trusted by business owners like you" (landing
 * page) and "Why business owners choose CoverPilot" (product pages) speak of customers, so they
 * show once the agency's own proof is set; until then the figures are samples and the heading only
 * names them (issue 26).
 */
export function trustHeading(page: "home" | "product", proof: AgencyProof = AGENCY_PROOF): string {
  if (!hasCustomerProof(proof)) return `${site.brand} at a glance`;
  return page === "home"
    ? "Trusted by business owners like you"
    : `Why business owners choose ${site.brand}`;
}

/**
 * The landing page's trust figures: the customers' rating, the time to apply for any line, the
 * carriers' rating and what applying costs.
 */
export function trustStats(proof: AgencyProof = AGENCY_PROOF): TrustStat[] {
  return [
    provenOrSample(proof.customerRating, SAMPLE_FIGURES.customerRating),
    { value: ANY_LINE_APPLY_FIGURE, label: "Minutes to apply" },
    provenOrSample(proof.carrierRating, SAMPLE_FIGURES.carrierRating),
    NO_OBLIGATION,
  ];
}

/** A product page's trust section: the same figures, with that line's own time to apply. */
export function productTrustStats(
  line: ProductLine,
  proof: AgencyProof = AGENCY_PROOF,
): TrustStat[] {
  return [
    provenOrSample(proof.customerRating, SAMPLE_FIGURES.customerRating),
    provenOrSample(proof.carrierRating, SAMPLE_FIGURES.carrierRating),
    NO_OBLIGATION,
    { value: applyTimeFigure(line), label: "Minutes to apply" },
  ];
}

/**
 * The landing page's three steps (docs/product.md, "What CoverPilot is"), as they really happen: the site takes the
 * application; a licensed agent sends the quotes; the insurer issues the certificate once a policy
 * is bound.
 */
export const QUOTE_STEPS: readonly { title: string; description: string }[] = [
  {
    title: "Tell us about your business",
    description: `Choose your industry and state, then answer a few plain-language questions about what you do. Applying takes about ${ANY_LINE_APPLY_TIME}.`,
  },
  {
    title: "Get quotes from a licensed agent",
    description:
      "A licensed insurance agent reviews your application and sends you quotes for the coverage that fits your business.",
  },
  {
    title: "Pick a plan and get covered",
    description:
      "Choose the quote that suits you. Once your policy is bound, the insurer issues your certificate of insurance to share with clients and landlords.",
  },
];

/**
 * The spec's three sample testimonials (docs/product.md, "The saved application": sample content), shown marked as samples
 * until the agency supplies real ones. Their words claim nothing the site does not do: no time to
 * get covered, no savings.
 */
const SAMPLE_TESTIMONIALS: readonly Testimonial[] = [
  {
    quote:
      "I answered a few plain-language questions online, and a licensed agent followed up with quotes that fit my bakery.",
    author: "Maria Delgado",
    role: "Owner, Delgado's Bakery",
    initials: "MD",
  },
  {
    quote:
      "Every question was in plain English instead of insurance jargon, and the agent explained what each quote covered.",
    author: "James Carter",
    role: "Founder, Carter Electrical",
    initials: "JC",
  },
  {
    quote:
      "As a one-person consultancy I wasn't sure what I needed. The explanations made choosing professional liability easy.",
    author: "Priya Shah",
    role: "Principal, Shah Consulting",
    initials: "PS",
  },
];

/** The testimonials the landing page shows: the agency's own, or else the marked samples. */
export function testimonials(proof: AgencyProof = AGENCY_PROOF): {
  items: readonly Testimonial[];
  sample: boolean;
} {
  return proof.testimonials.length > 0
    ? { items: proof.testimonials.slice(0, 3), sample: false }
    : { items: SAMPLE_TESTIMONIALS, sample: true };
}
