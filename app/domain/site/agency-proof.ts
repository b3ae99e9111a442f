/**
 * The agency's own proof of its service: the content file for what only the agency can supply
 * (decision 014). Until an entry is filled in, the site shows the spec's sample content in its
 * place, marked as a sample on the page. Put only real, current figures and quotes here, each with
 * where it comes from, and the customer's consent for a testimonial.
 */

/** A figure the agency can back, e.g. "4.8/5" from "212 Google reviews, March 2027". */
export interface ProvenFigure {
  value: string;
  /** Where the figure comes from, shown beside it. */
  source: string;
}

/** A customer's own words, published with their consent. */
export interface Testimonial {
  quote: string;
  author: string;
  role: string;
  /** The avatar's initials (drawn with CSS: no image to load). */
  initials: string;
}

export interface AgencyProof {
  /** The customers' rating of the agency (the landing page's and product pages' first tile). */
  customerRating?: ProvenFigure;
  /** The financial strength rating of the carriers the agency places business with. */
  carrierRating?: ProvenFigure;
  /** Testimonials for the landing page (three show). */
  testimonials: readonly Testimonial[];
}

/** Empty until the agency supplies real ones. */
export const AGENCY_PROOF: AgencyProof = {
  testimonials: [],
};
