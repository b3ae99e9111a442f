/**
 * The marketing pages' fixed content (SPEC sections 2, 3 "Marketing content" and 9): trust
 * figures, the three-step explainer and the testimonials.
 */

/** A figure and what it measures, e.g. "4.8/5" and "Customer Rating". */
export interface TrustStat {
  value: string;
  label: string;
}

/** The landing page's "Trusted by business owners like you" figures. */
export const TRUST_STATS: readonly TrustStat[] = [
  { value: "4.8/5", label: "Customer Rating" },
  { value: "7 Minutes", label: "Average Quote Time" },
  { value: "A+ Rated", label: "Insurance Carrier" },
  { value: "100%", label: "Instant online access" },
];

/** The product pages' trust section, before the line's own quote time. */
export const PRODUCT_TRUST_STATS: readonly TrustStat[] = [
  { value: "4.8/5", label: "Customer rating" },
  { value: "A+", label: "Financial rating" },
  { value: "10-minute", label: "Setup" },
];

/** The landing page's promise: three steps from question to certificate (SPEC section 1). */
export const QUOTE_STEPS: readonly { title: string; description: string }[] = [
  {
    title: "Tell us about your business",
    description:
      "Choose your industry and state, then answer a few plain-language questions about what you do.",
  },
  {
    title: "Pick a plan",
    description:
      "See the coverage that fits businesses like yours and choose the plan that suits your needs.",
  },
  {
    title: "Get your certificate instantly",
    description:
      "Once you're covered, your certificate of insurance is ready to download and share.",
  },
];

export interface Testimonial {
  quote: string;
  author: string;
  role: string;
  /** The avatar's initials (drawn with CSS: no image to load). */
  initials: string;
}

/**
 * The client's sample testimonials (SPEC section 3: sample content), with its claims of
 * 10 minutes to get covered and 30% savings.
 */
export const TESTIMONIALS: readonly Testimonial[] = [
  {
    quote:
      "I answered a few questions and was covered in about 10 minutes. My landlord had my certificate the same afternoon.",
    author: "Maria Delgado",
    role: "Owner, Delgado's Bakery",
    initials: "MD",
  },
  {
    quote:
      "We saved 30% compared with our old policy, and every question was in plain English instead of insurance jargon.",
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
