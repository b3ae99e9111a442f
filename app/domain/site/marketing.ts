/**
 * The marketing pages' fixed content (docs/product.md, "Pages and addresses" and "The saved application" "Marketing content" and 9): trust
 * figures, the three-step explainer and the testimonials. What only the agency can back (ratings,
 * testimonials) comes from app/domain/site/agency-proof.ts; until it does, the spec's samples stand in,
 * marked as samples (decision 014).
 */
import { AGENCY_PROOF, type AgencyProof, type Testimonial } from "#app/domain/site/agency-proof.ts";
import { m } from "#app/paraglide/messages.js";
import { site } from "#app/domain/site/site.ts";
import { BASE_LOCALE, type Locale } from "#app/domain/site/locales.ts";
import {
  ANY_LINE_APPLY_FIGURE,
  anyLineApplyTime,
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
function sampleFigures(locale: Locale) {
  return {
    customerRating: {
      value: m.trust_customer_rating_sample({}, { locale }),
      label: m.trust_customer_rating({}, { locale }),
    },
    carrierRating: {
      value: m.trust_carrier_rating_sample({}, { locale }),
      label: m.trust_carrier_rating({}, { locale }),
    },
  };
}

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
function noObligation(locale: Locale): TrustStat {
  return { value: "$0", label: m.trust_no_obligation({}, { locale }) };
}

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
export function trustHeading(
  page: "home" | "product",
  proof: AgencyProof = AGENCY_PROOF,
  locale: Locale = BASE_LOCALE,
): string {
  if (!hasCustomerProof(proof)) return m.trust_at_a_glance({ brand: site.brand }, { locale });
  return page === "home"
    ? m.trust_home({}, { locale })
    : m.trust_product({ brand: site.brand }, { locale });
}

/**
 * The landing page's trust figures: the customers' rating, the time to apply for any line, the
 * carriers' rating and what applying costs.
 */
export function trustStats(
  proof: AgencyProof = AGENCY_PROOF,
  locale: Locale = BASE_LOCALE,
): TrustStat[] {
  const samples = sampleFigures(locale);
  return [
    provenOrSample(proof.customerRating, samples.customerRating),
    { value: ANY_LINE_APPLY_FIGURE, label: m.trust_minutes_to_apply({}, { locale }) },
    provenOrSample(proof.carrierRating, samples.carrierRating),
    noObligation(locale),
  ];
}

/** A product page's trust section: the same figures, with that line's own time to apply. */
export function productTrustStats(
  line: ProductLine,
  proof: AgencyProof = AGENCY_PROOF,
  locale: Locale = BASE_LOCALE,
): TrustStat[] {
  const samples = sampleFigures(locale);
  return [
    provenOrSample(proof.customerRating, samples.customerRating),
    provenOrSample(proof.carrierRating, samples.carrierRating),
    noObligation(locale),
    { value: applyTimeFigure(line), label: m.trust_minutes_to_apply({}, { locale }) },
  ];
}

/**
 * The landing page's three steps (docs/product.md, "What CoverPilot is"), as they really happen: the site takes the
 * application; a licensed agent sends the quotes; the agency issues the certificate once a policy
 * is bound (decision 045).
 */
export function quoteSteps(
  locale: Locale = BASE_LOCALE,
): readonly { title: string; description: string }[] {
  return [
    {
      title: m.home_step_apply_title({}, { locale }),
      description: m.home_step_apply_text({ time: anyLineApplyTime(locale) }, { locale }),
    },
    {
      title: m.home_step_quotes_title({}, { locale }),
      description: m.home_step_quotes_text({}, { locale }),
    },
    {
      title: m.home_step_covered_title({}, { locale }),
      description: m.home_step_covered_text({}, { locale }),
    },
  ];
}

/**
 * The spec's three sample testimonials (docs/product.md, "The saved application": sample content), shown marked as samples
 * until the agency supplies real ones. Their words claim nothing the site does not do: no time to
 * get covered, no savings.
 */
function sampleTestimonials(locale: Locale): readonly Testimonial[] {
  return [
    {
      quote: m.home_testimonial_bakery({}, { locale }),
      author: "Maria Delgado",
      role: m.home_testimonial_bakery_role({}, { locale }),
      initials: "MD",
    },
    {
      quote: m.home_testimonial_electrical({}, { locale }),
      author: "James Carter",
      role: m.home_testimonial_electrical_role({}, { locale }),
      initials: "JC",
    },
    {
      quote: m.home_testimonial_consulting({}, { locale }),
      author: "Priya Shah",
      role: m.home_testimonial_consulting_role({}, { locale }),
      initials: "PS",
    },
  ];
}

/** The testimonials the landing page shows: the agency's own, or else the marked samples. */
export function testimonials(
  proof: AgencyProof = AGENCY_PROOF,
  locale: Locale = BASE_LOCALE,
): {
  items: readonly Testimonial[];
  sample: boolean;
} {
  return proof.testimonials.length > 0
    ? { items: proof.testimonials.slice(0, 3), sample: false }
    : { items: sampleTestimonials(locale), sample: true };
}
