/**
 * The six industries, their segment lists and how each one's segments are chosen (docs/product.md, "The saved application"
 * and 4).
 */
import { m } from "#app/paraglide/messages.js";
import { BASE_LOCALE, type Locale, type Message } from "#app/domain/site/locales.ts";

export const INDUSTRY_IDS = [
  "construction",
  "food",
  "retail",
  "offices",
  "cleaning",
  "other",
] as const;
export type IndustryId = (typeof INDUSTRY_IDS)[number];

/**
 * How the segments step asks for an industry's segments:
 * - multiple: checkboxes, up to MAX_SEGMENTS;
 * - single-with-search: one item from the list, or typed text (which wins);
 * - single: radio buttons;
 * - free-text: a text box; the text is the one segment.
 */
export type SegmentSelection = "multiple" | "single-with-search" | "single" | "free-text";

export interface Industry {
  id: IndustryId;
  /** Its name in English (messages/en.json): the wizard, the desk and the records use it. */
  label: string;
  /** Its name in the visitor's language. */
  term: Message;
  selection: SegmentSelection;
  segments: readonly string[];
}

/**
 * Segment names that data elsewhere (the coverage plan's rules, the price figures) refers to,
 * checked against the lists below when that data is built: a renamed segment fails every import
 * at once instead of silently turning a rule off.
 */
export function catalogSegments(...names: string[]): readonly string[] {
  const unknown = names.filter(
    (name) => !INDUSTRIES.some((industry) => industry.segments.includes(name)),
  );
  if (unknown.length > 0) throw new Error(`Not a segment of the catalog: ${unknown.join(", ")}`);
  return names;
}

/** At most this many segments for the industries chosen with checkboxes (docs/product.md, "Numbers and limits"). */
export const MAX_SEGMENTS = 3;

export const INDUSTRIES: readonly Industry[] = (
  [
    {
      id: "construction",
      term: m.industry_construction,
      selection: "multiple",
      segments: [
        "General Contractor",
        "Carpentry",
        "Handyperson",
        "Appliance Installation Service and Repair",
        "Building Sign Installation",
        "Concrete Construction",
        "Door and Window Installation Service and Repair",
        "Drywall and Wall Boarding Work",
        "Electrical Work",
        "Excavation and Grading",
        "Fence and Gate Installation",
        "Glass Dealers and Glaziers",
        "HVAC Work",
        "Insulation Work",
        "Landscaping and Lawn Care",
        "Masonry Work",
        "Painting",
        "Paperhangers",
        "Paving and Asphalt Installation Service and Repair",
        "Plastering or Stucco Work",
        "Play Equipment Construction and Assembly",
        "Plumbing",
        "Roofing",
        "Septic Tank System Installation Service and Repair",
        "Siding Installation Service and Repair",
        "Solar Contractor",
        "Tile Stone and Flooring",
      ],
    },
    {
      id: "food",
      term: m.industry_food,
      selection: "multiple",
      segments: ["Restaurant", "Bakery", "Bar", "Caterer", "Coffee Shop", "Food Truck"],
    },
    {
      id: "retail",
      term: m.industry_retail,
      selection: "multiple",
      segments: [
        "E-Commerce",
        "Retail Stores",
        "Convenience Stores",
        "Arts and Crafts Store",
        "Auto Dealership",
        "Bike Shop",
        "Bookstore",
        "Candle Store",
        "Candy Stores",
        "Clothing Store",
        "Department Stores",
        "Discount Store",
        "Electronics Store",
        "Eyewear and Optician Store",
        "Fabric Store",
        "Farmers Market",
        "Flea Markets",
        "Florist",
        "Furniture Store",
        "Gas Station",
        "Grocery Store",
        "Hardware Store",
        "Hobby Shop",
        "Home and Garden Retailer",
        "Horse Equipment Shop",
        "Jewelry Store",
        "Lighting Store",
        "Liquor Store",
        "Luggage Store",
        "Medical Supplies Store",
        "Newspaper and Magazine Store",
        "Nurseries and Gardening Shop",
        "Packing Supplies Store",
        "Paint Stores",
        "Pawn Shop",
        "Pharmacy or Drug Store",
        "Popcorn Shops",
        "Specialty Food",
        "Sporting Goods Retailer",
        "Tobacco Shop",
        "Toy Store",
        "Vitamins and Supplements Store",
      ],
    },
    {
      id: "offices",
      term: m.industry_offices,
      selection: "single-with-search",
      segments: [
        "Insurance Agent",
        "Business Consulting Services",
        "Technology Services",
        "Home Inspectors",
        "Accountant",
        "Real Estate Agent",
        "Legal Service",
        "Accounting Firm",
        "Law Office",
        "Consulting Firm",
        "Real Estate Agency",
        "Marketing Agency",
        "Design Studio",
      ],
    },
    {
      id: "cleaning",
      term: m.industry_cleaning,
      selection: "single",
      segments: [
        "Janitorial Services",
        "House Cleaning and Maid Service",
        "Carpet and Upholstery Cleaning",
        "Carpet Cleaning",
        "Debris Removal",
        "Floor Waxing",
        "Garbage Collection",
        "Pest Control Services",
        "Pressure Washing",
        "Septic Tank System Cleaning",
        "Snow and Ice Removal",
        "Window Cleaning",
        "Commercial Cleaning",
        "Residential Cleaning",
        "Post-construction Cleaning",
      ],
    },
    {
      id: "other",
      term: m.industry_other,
      selection: "free-text",
      // Defined by the spec but not offered: this industry's screen takes free text instead.
      segments: [
        "Healthcare Services",
        "Education Services",
        "Personal Services",
        "Transportation Services",
        "Manufacturing",
        "Entertainment",
        "Other Business Type",
      ],
    },
  ] satisfies Omit<Industry, "label">[]
).map((industry) => ({ ...industry, label: industry.term({}, { locale: BASE_LOCALE }) }));

/** Whether a string is one of the six industry ids. */
export function isIndustryId(value: string): value is IndustryId {
  return (INDUSTRY_IDS as readonly string[]).includes(value);
}

/** The industry with this id. */
export function getIndustry(id: IndustryId): Industry {
  const industry = INDUSTRIES.find((candidate) => candidate.id === id);
  if (!industry) throw new Error(`Unknown industry ${id}`);
  return industry;
}

/**
 * Lists at least this long get a filter box above them (construction's 27, retail's 42): shorter
 * ones are read at a glance.
 */
export const FILTERED_LIST_MIN = 20;

/** Whether the segments step shows a filter box above this industry's list. */
export function hasSegmentFilter(industry: Industry): boolean {
  return industry.selection !== "free-text" && industry.segments.length >= FILTERED_LIST_MIN;
}

/**
 * Whether a segment matches what was typed in the filter box: every word typed appears in it,
 * whatever the case ("hvac", "install door"). Nothing typed matches everything.
 */
export function matchesSegmentFilter(segment: string, typed: string): boolean {
  const words = typed.toLowerCase().split(/\s+/).filter(Boolean);
  const name = segment.toLowerCase();
  return words.every((word) => name.includes(word));
}

/** An industry's label from its stored id (the id itself if it is no longer in the catalog). */
export function industryLabel(id: string): string {
  return industryName(id, BASE_LOCALE);
}

/** An industry's name in `locale` from its stored id (the id itself if no longer in the catalog). */
export function industryName(id: string, locale: Locale): string {
  return isIndustryId(id) ? getIndustry(id).term({}, { locale }) : id;
}
