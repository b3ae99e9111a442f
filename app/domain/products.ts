/**
 * The insurance lines the site markets (SPEC sections 1, 2 and 9): nine with a page and a place in
 * the side menu, plus General Liability, which the landing page's carousel also shows.
 */

export interface ProductLine {
  /** The page's path, without the leading slash. */
  slug: string;
  /** The name as the carousel and the page's headings show it. */
  name: string;
  /** The stated time to get a quote (SPEC section 9). */
  quoteTime: string;
  /** Whether the side menu and footer list it (all but General Liability). */
  inMenu: boolean;
}

/** In the carousel's order (SPEC section 9). */
export const PRODUCT_LINES: readonly ProductLine[] = [
  {
    slug: "general-liability",
    name: "General Liability",
    quoteTime: "10 minutes",
    inMenu: false,
  },
  {
    slug: "workers-comp",
    name: "Workers Compensation",
    quoteTime: "10 minutes",
    inMenu: true,
  },
  {
    slug: "business-owners-policy",
    name: "Business Owner's Policy",
    quoteTime: "10 minutes",
    inMenu: true,
  },
  {
    slug: "cyber-insurance",
    name: "Cyber Insurance",
    quoteTime: "10-15 minutes",
    inMenu: true,
  },
  {
    slug: "errors-and-omissions",
    name: "Errors & Omissions (E&O)",
    quoteTime: "10-15 minutes",
    inMenu: true,
  },
  {
    slug: "professional-liability",
    name: "Professional Liability",
    quoteTime: "10-15 minutes",
    inMenu: true,
  },
  {
    slug: "employment-practices-liability",
    name: "Employment Practices Liability",
    quoteTime: "10-15 minutes",
    inMenu: true,
  },
  {
    slug: "directors-and-officers",
    name: "Directors & Officers (D&O)",
    quoteTime: "15-20 minutes",
    inMenu: true,
  },
  {
    slug: "crime-insurance",
    name: "Crime Insurance",
    quoteTime: "10-15 minutes",
    inMenu: true,
  },
  {
    slug: "fiduciary-liability",
    name: "Fiduciary Liability",
    quoteTime: "15-20 minutes",
    inMenu: true,
  },
];

/** The nine lines of the side menu. */
export const MENU_PRODUCT_LINES = PRODUCT_LINES.filter((line) => line.inMenu);
