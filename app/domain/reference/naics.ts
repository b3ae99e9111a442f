/**
 * Industry codes (issue 17): every lead is filed under a 2022 NAICS six-digit code. Each catalog
 * segment has its code here; a business in "other" picks one from suggestions for what it typed.
 *
 * Source of every code and title: U.S. Census Bureau, North American Industry Classification
 * System, United States, 2022 (the 2-6 digit 2022 code file); the full six-digit list is in
 * naics-codes.ts. Where a segment spans several codes, the comment beside it names the others.
 */
import {
  INDUSTRIES,
  catalogSegments,
  getIndustry,
  type IndustryId,
} from "#app/domain/reference/industries.ts";
import { NAICS_2022_CODES } from "#app/domain/reference/naics-codes.ts";
import { SEGMENT_TEXT_MAX } from "#app/domain/wizard/segment-choice.ts";

/** A 2022 NAICS national industry: its six-digit code and official title. */
export interface NaicsCode {
  readonly code: string;
  readonly title: string;
}

const BY_CODE: ReadonlyMap<string, NaicsCode> = new Map(
  NAICS_2022_CODES.map(([code, title]) => [code, { code, title }]),
);

/** Every 2022 six-digit NAICS code with its title, in code order. */
export const NAICS_CODES: readonly NaicsCode[] = [...BY_CODE.values()];

/** The 2022 NAICS industry with this six-digit code, if there is one. */
export function findNaics(code: string): NaicsCode | undefined {
  return BY_CODE.get(code);
}

/**
 * Each catalog segment's code and official title. The title is written out (not looked up) so a
 * mistyped code shows as a title mismatch in the tests rather than filing leads under a stranger.
 */
export const SEGMENT_NAICS: Readonly<Record<string, NaicsCode>> = {
  // Construction
  // Spans 236115-236118 (residential) and 236220 (commercial); small GCs mostly remodel homes.
  "General Contractor": { code: "236118", title: "Residential Remodelers" },
  // Finish carpentry; framing crews are 238130.
  Carpentry: { code: "238350", title: "Finish Carpentry Contractors" },
  // Small repairs to existing homes; a single trade's odd jobs alone would be 238990.
  Handyperson: { code: "236118", title: "Residential Remodelers" },
  // Repair-led trade; installing built-in building equipment is 238290.
  "Appliance Installation Service and Repair": {
    code: "811412",
    title: "Appliance Repair and Maintenance",
  },
  // Non-electric signs; electric sign wiring is 238210.
  "Building Sign Installation": { code: "238990", title: "All Other Specialty Trade Contractors" },
  // Foundations and structures; flatwork such as driveways and patios is 238990.
  "Concrete Construction": {
    code: "238110",
    title: "Poured Concrete Foundation and Structure Contractors",
  },
  "Door and Window Installation Service and Repair": {
    code: "238350",
    title: "Finish Carpentry Contractors",
  },
  "Drywall and Wall Boarding Work": { code: "238310", title: "Drywall and Insulation Contractors" },
  "Electrical Work": {
    code: "238210",
    title: "Electrical Contractors and Other Wiring Installation Contractors",
  },
  "Excavation and Grading": { code: "238910", title: "Site Preparation Contractors" },
  "Fence and Gate Installation": {
    code: "238990",
    title: "All Other Specialty Trade Contractors",
  },
  // Glaziers; a shop that only sells glass is retail.
  "Glass Dealers and Glaziers": { code: "238150", title: "Glass and Glazing Contractors" },
  "HVAC Work": { code: "238220", title: "Plumbing, Heating, and Air-Conditioning Contractors" },
  "Insulation Work": { code: "238310", title: "Drywall and Insulation Contractors" },
  "Landscaping and Lawn Care": { code: "561730", title: "Landscaping Services" },
  "Masonry Work": { code: "238140", title: "Masonry Contractors" },
  Painting: { code: "238320", title: "Painting and Wall Covering Contractors" },
  Paperhangers: { code: "238320", title: "Painting and Wall Covering Contractors" },
  // Driveways and parking lots; public roads and streets are 237310.
  "Paving and Asphalt Installation Service and Repair": {
    code: "238990",
    title: "All Other Specialty Trade Contractors",
  },
  "Plastering or Stucco Work": { code: "238310", title: "Drywall and Insulation Contractors" },
  "Play Equipment Construction and Assembly": {
    code: "238990",
    title: "All Other Specialty Trade Contractors",
  },
  Plumbing: { code: "238220", title: "Plumbing, Heating, and Air-Conditioning Contractors" },
  Roofing: { code: "238160", title: "Roofing Contractors" },
  // Septic systems are dug and laid by site preparation contractors; sewer mains are 237110.
  "Septic Tank System Installation Service and Repair": {
    code: "238910",
    title: "Site Preparation Contractors",
  },
  "Siding Installation Service and Repair": { code: "238170", title: "Siding Contractors" },
  // Photovoltaic panels are wiring work; solar water heating is 238220.
  "Solar Contractor": {
    code: "238210",
    title: "Electrical Contractors and Other Wiring Installation Contractors",
  },
  // Flooring in general; tile and stone setters alone are 238340.
  "Tile Stone and Flooring": { code: "238330", title: "Flooring Contractors" },

  // Food & Beverage
  // Table service; counter service is 722513.
  Restaurant: { code: "722511", title: "Full-Service Restaurants" },
  // Bakes what it sells on the premises; reselling baked goods is 445291.
  Bakery: { code: "311811", title: "Retail Bakeries" },
  Bar: { code: "722410", title: "Drinking Places (Alcoholic Beverages)" },
  Caterer: { code: "722320", title: "Caterers" },
  "Coffee Shop": { code: "722515", title: "Snack and Nonalcoholic Beverage Bars" },
  "Food Truck": { code: "722330", title: "Mobile Food Services" },

  // Retail & E-Commerce
  // 2022 NAICS has no online-only code (454110 was dropped): sellers file by what they sell.
  "E-Commerce": { code: "459999", title: "All Other Miscellaneous Retailers" },
  // No product line named: the general merchandise catch-all.
  "Retail Stores": { code: "455219", title: "All Other General Merchandise Retailers" },
  "Convenience Stores": { code: "445131", title: "Convenience Retailers" },
  // Craft supplies; fabric and yarn shops are 459130.
  "Arts and Crafts Store": { code: "459120", title: "Hobby, Toy, and Game Retailers" },
  // New cars; used-car lots are 441120.
  "Auto Dealership": { code: "441110", title: "New Car Dealers" },
  "Bike Shop": { code: "459110", title: "Sporting Goods Retailers" },
  Bookstore: { code: "459210", title: "Book Retailers and News Dealers" },
  "Candle Store": { code: "459999", title: "All Other Miscellaneous Retailers" },
  "Candy Stores": { code: "445292", title: "Confectionery and Nut Retailers" },
  "Clothing Store": { code: "458110", title: "Clothing and Clothing Accessories Retailers" },
  "Department Stores": { code: "455110", title: "Department Stores" },
  // Dollar and variety stores; discount department stores are 455110.
  "Discount Store": { code: "455219", title: "All Other General Merchandise Retailers" },
  "Electronics Store": { code: "449210", title: "Electronics and Appliance Retailers" },
  "Eyewear and Optician Store": { code: "456130", title: "Optical Goods Retailers" },
  "Fabric Store": { code: "459130", title: "Sewing, Needlework, and Piece Goods Retailers" },
  // A produce stand at the market; running the market itself is 531120.
  "Farmers Market": { code: "445230", title: "Fruit and Vegetable Retailers" },
  // A stall of used goods; renting out the market's space is 531120.
  "Flea Markets": { code: "459510", title: "Used Merchandise Retailers" },
  Florist: { code: "459310", title: "Florists" },
  "Furniture Store": { code: "449110", title: "Furniture Retailers" },
  // With a shop; fuel only is 457120.
  "Gas Station": { code: "457110", title: "Gasoline Stations with Convenience Stores" },
  "Grocery Store": {
    code: "445110",
    title: "Supermarkets and Other Grocery Retailers (except Convenience Retailers)",
  },
  "Hardware Store": { code: "444140", title: "Hardware Retailers" },
  "Hobby Shop": { code: "459120", title: "Hobby, Toy, and Game Retailers" },
  // Home improvement centres; garden-only shops are 444240.
  "Home and Garden Retailer": { code: "444110", title: "Home Centers" },
  // Saddlery and tack shops sit with sporting goods; feed stores are 444240.
  "Horse Equipment Shop": { code: "459110", title: "Sporting Goods Retailers" },
  "Jewelry Store": { code: "458310", title: "Jewelry Retailers" },
  "Lighting Store": { code: "449129", title: "All Other Home Furnishings Retailers" },
  "Liquor Store": { code: "445320", title: "Beer, Wine, and Liquor Retailers" },
  "Luggage Store": { code: "458320", title: "Luggage and Leather Goods Retailers" },
  "Medical Supplies Store": {
    code: "456199",
    title: "All Other Health and Personal Care Retailers",
  },
  "Newspaper and Magazine Store": { code: "459210", title: "Book Retailers and News Dealers" },
  "Nurseries and Gardening Shop": {
    code: "444240",
    title: "Nursery, Garden Center, and Farm Supply Retailers",
  },
  // Boxes and packing materials; pack-and-ship counters are 561431.
  "Packing Supplies Store": { code: "459999", title: "All Other Miscellaneous Retailers" },
  "Paint Stores": { code: "444120", title: "Paint and Wallpaper Retailers" },
  // Pawnshops lend against goods; one that mainly sells used goods is 459510.
  "Pawn Shop": {
    code: "522299",
    title: "International, Secondary Market, and All Other Nondepository Credit Intermediation",
  },
  "Pharmacy or Drug Store": { code: "456110", title: "Pharmacies and Drug Retailers" },
  "Popcorn Shops": { code: "445292", title: "Confectionery and Nut Retailers" },
  "Specialty Food": { code: "445298", title: "All Other Specialty Food Retailers" },
  "Sporting Goods Retailer": { code: "459110", title: "Sporting Goods Retailers" },
  "Tobacco Shop": {
    code: "459991",
    title: "Tobacco, Electronic Cigarette, and Other Smoking Supplies Retailers",
  },
  "Toy Store": { code: "459120", title: "Hobby, Toy, and Game Retailers" },
  "Vitamins and Supplements Store": { code: "456191", title: "Food (Health) Supplement Retailers" },

  // Offices & Professionals
  "Insurance Agent": { code: "524210", title: "Insurance Agencies and Brokerages" },
  "Business Consulting Services": {
    code: "541611",
    title: "Administrative Management and General Management Consulting Services",
  },
  // Systems design and integration; custom programming is 541511, IT support 541519.
  "Technology Services": { code: "541512", title: "Computer Systems Design Services" },
  "Home Inspectors": { code: "541350", title: "Building Inspection Services" },
  // CPAs; accountants without the licence (bookkeepers) are 541219.
  Accountant: { code: "541211", title: "Offices of Certified Public Accountants" },
  "Real Estate Agent": { code: "531210", title: "Offices of Real Estate Agents and Brokers" },
  // Lawyers; paralegal and process-serving firms are 541199.
  "Legal Service": { code: "541110", title: "Offices of Lawyers" },
  "Accounting Firm": { code: "541211", title: "Offices of Certified Public Accountants" },
  "Law Office": { code: "541110", title: "Offices of Lawyers" },
  "Consulting Firm": {
    code: "541611",
    title: "Administrative Management and General Management Consulting Services",
  },
  "Real Estate Agency": { code: "531210", title: "Offices of Real Estate Agents and Brokers" },
  // Marketing consultancy; agencies that create and place ads are 541810.
  "Marketing Agency": { code: "541613", title: "Marketing Consulting Services" },
  // Graphic design; interior design is 541410, product design 541420.
  "Design Studio": { code: "541430", title: "Graphic Design Services" },

  // Cleaning
  "Janitorial Services": { code: "561720", title: "Janitorial Services" },
  "House Cleaning and Maid Service": { code: "561720", title: "Janitorial Services" },
  "Carpet and Upholstery Cleaning": {
    code: "561740",
    title: "Carpet and Upholstery Cleaning Services",
  },
  "Carpet Cleaning": { code: "561740", title: "Carpet and Upholstery Cleaning Services" },
  // Brush and rubble hauling; household garbage is 562111.
  "Debris Removal": { code: "562119", title: "Other Waste Collection" },
  "Floor Waxing": { code: "561720", title: "Janitorial Services" },
  "Garbage Collection": { code: "562111", title: "Solid Waste Collection" },
  "Pest Control Services": { code: "561710", title: "Exterminating and Pest Control Services" },
  "Pressure Washing": { code: "561790", title: "Other Services to Buildings and Dwellings" },
  "Septic Tank System Cleaning": { code: "562991", title: "Septic Tank and Related Services" },
  "Snow and Ice Removal": { code: "561790", title: "Other Services to Buildings and Dwellings" },
  "Window Cleaning": { code: "561720", title: "Janitorial Services" },
  "Commercial Cleaning": { code: "561720", title: "Janitorial Services" },
  "Residential Cleaning": { code: "561720", title: "Janitorial Services" },
  // Cleaning a finished building; debris hauling on site is 562119.
  "Post-construction Cleaning": { code: "561720", title: "Janitorial Services" },

  // Other Industries: never offered (the screen takes free text, filed under the picked code).
  // Each is the "all other" industry of the nearest sector, for completeness only.
  "Healthcare Services": {
    code: "621999",
    title: "All Other Miscellaneous Ambulatory Health Care Services",
  },
  "Education Services": {
    code: "611699",
    title: "All Other Miscellaneous Schools and Instruction",
  },
  "Personal Services": { code: "812990", title: "All Other Personal Services" },
  "Transportation Services": {
    code: "488999",
    title: "All Other Support Activities for Transportation",
  },
  Manufacturing: { code: "339999", title: "All Other Miscellaneous Manufacturing" },
  Entertainment: { code: "713990", title: "All Other Amusement and Recreation Industries" },
  "Other Business Type": { code: "561990", title: "All Other Support Services" },
};

// A renamed or removed catalog segment fails every import at once.
catalogSegments(...Object.keys(SEGMENT_NAICS));
const unmapped = INDUSTRIES.flatMap((industry) => industry.segments).filter(
  (segment) => !Object.hasOwn(SEGMENT_NAICS, segment),
);
if (unmapped.length > 0) throw new Error(`Segments without a NAICS code: ${unmapped.join(", ")}`);

/**
 * The code a submission is filed under: the first segment's code for the list industries; for
 * "other" (and offices' typed text, which is no list item) the code the visitor picked from the
 * suggestions, if it is a real 2022 code. Undefined when there is neither.
 */
export function naicsForSegments(
  industryId: IndustryId,
  segments: readonly string[],
  pickedCode?: string,
): NaicsCode | undefined {
  const industry = getIndustry(industryId);
  const first = segments[0];
  if (
    industry.selection !== "free-text" &&
    first !== undefined &&
    industry.segments.includes(first)
  ) {
    const mapped = SEGMENT_NAICS[first];
    return mapped && findNaics(mapped.code);
  }
  return pickedCode === undefined ? undefined : findNaics(pickedCode);
}

// ---------------------------------------------------------------------------------------------
// Suggestions for typed text

/** Suggestions shown at most, whatever limit a caller asks for. */
export const MAX_NAICS_SUGGESTIONS = 10;

/** Words of typed text looked at: the first few carry the meaning, the rest only cost work. */
const MAX_QUERY_WORDS = 8;

/** Words that say nothing about the trade, in titles or typed. */
const STOP_WORDS = new Set([
  "a",
  "all",
  "an",
  "and",
  "at",
  "business",
  "by",
  "co",
  "company",
  "except",
  "for",
  "from",
  "i",
  "in",
  "inc",
  "llc",
  "my",
  "of",
  "on",
  "or",
  "other",
  "our",
  "owner",
  "service",
  "the",
  "to",
  "we",
  "with",
]);

const STOP_STEMS = new Set([...STOP_WORDS].map((word) => stem(word)));

/** Words people type that titles spell another way; both are searched. */
const WORD_SYNONYMS: Readonly<Record<string, string>> = {
  store: "retailer",
  shop: "retailer",
  dog: "pet",
  cat: "pet",
  car: "automotive",
  auto: "automotive",
  lawyer: "law",
  attorney: "law",
  doctor: "physician",
  cafe: "coffee",
};

/**
 * Common small-business words and the codes they usually mean, best first, for trades whose title
 * does not use the word people type. Decisions: a handyman first as a residential remodeler (small
 * repairs to existing homes, as the construction list files "Handyperson") and as "all other
 * specialty trade contractors" second; a yoga studio first as a fitness centre (yoga instruction
 * as a school second); web design as custom programming (graphic design second).
 */
const KEYWORD_CODES: ReadonlyArray<readonly [words: string, codes: readonly string[]]> = [
  ["handyman", ["236118", "238990"]],
  ["handyperson", ["236118", "238990"]],
  ["general contractor", ["236118", "236220"]],
  ["remodeling", ["236118"]],
  ["photographer", ["541921", "541922"]],
  ["wedding photographer", ["541921"]],
  ["dog grooming", ["812910"]],
  ["grooming", ["812910"]],
  ["dog walker", ["812910"]],
  ["pet sitter", ["812910"]],
  ["kennel", ["812910"]],
  ["tattoo", ["812199"]],
  ["piercing", ["812199"]],
  ["massage", ["812199", "621399"]],
  ["yoga", ["713940", "611699"]],
  ["pilates", ["713940"]],
  ["gym", ["713940"]],
  ["personal trainer", ["713940", "611620"]],
  ["martial arts", ["611620"]],
  ["dance studio", ["611610"]],
  ["music lessons", ["611610"]],
  ["tutor", ["611691"]],
  ["web design", ["541511", "541430"]],
  ["website", ["541511"]],
  ["app developer", ["541511", "513210"]],
  ["software", ["541511", "513210"]],
  ["it support", ["541519", "811210"]],
  ["computer repair", ["811210"]],
  ["graphic designer", ["541430"]],
  ["interior designer", ["541410"]],
  ["landscaping", ["561730"]],
  ["lawn", ["561730"]],
  ["mowing", ["561730"]],
  ["gardener", ["561730"]],
  ["tree trimming", ["561730"]],
  ["food truck", ["722330"]],
  ["coffee shop", ["722515"]],
  ["ice cream", ["722515"]],
  ["pizza", ["722513"]],
  ["restaurant", ["722511", "722513"]],
  ["pub", ["722410"]],
  ["brewery", ["312120"]],
  ["winery", ["312130"]],
  ["plumber", ["238220"]],
  ["hvac", ["238220"]],
  ["electrician", ["238210"]],
  ["roofer", ["238160"]],
  ["painter", ["238320"]],
  ["carpenter", ["238350"]],
  ["gutter", ["238170"]],
  ["accountant", ["541211", "541219"]],
  ["bookkeeper", ["541219"]],
  ["bookkeeping", ["541219"]],
  ["cpa", ["541211"]],
  ["tax preparer", ["541213"]],
  ["notary", ["541120"]],
  ["translator", ["541930"]],
  ["consultant", ["541611"]],
  ["marketing", ["541613", "541810"]],
  ["realtor", ["531210"]],
  ["property management", ["531311"]],
  ["insurance agent", ["524210"]],
  ["architect", ["541310"]],
  ["engineer", ["541330"]],
  ["home inspector", ["541350"]],
  ["hair salon", ["812112"]],
  ["hairdresser", ["812112"]],
  ["hair stylist", ["812112"]],
  ["barber", ["812111"]],
  ["nail salon", ["812113"]],
  ["daycare", ["624410"]],
  ["childcare", ["624410"]],
  ["dentist", ["621210"]],
  ["chiropractor", ["621310"]],
  ["therapist", ["621330", "621340"]],
  ["physical therapist", ["621340"]],
  ["veterinarian", ["541940"]],
  ["vet", ["541940"]],
  ["caregiver", ["621610", "624120"]],
  ["home care", ["621610", "624120"]],
  ["mechanic", ["811111"]],
  ["auto repair", ["811111"]],
  ["car wash", ["811192"]],
  ["detailing", ["811192"]],
  ["towing", ["488410"]],
  ["movers", ["484210"]],
  ["moving company", ["484210"]],
  ["courier", ["492110", "492210"]],
  ["delivery", ["492210"]],
  ["taxi", ["485310"]],
  ["rideshare", ["485310"]],
  ["trucking", ["484110"]],
  ["locksmith", ["561622"]],
  ["security guard", ["561612"]],
  ["cleaning", ["561720"]],
  ["maid", ["561720"]],
  ["janitor", ["561720"]],
  ["junk removal", ["562111"]],
  ["pool cleaning", ["561790"]],
  ["pressure washing", ["561790"]],
  ["event planner", ["812990"]],
  ["wedding planner", ["812990"]],
  ["dj", ["711510", "711130"]],
  ["musician", ["711130", "711510"]],
  ["band", ["711130"]],
  ["artist", ["711510"]],
  ["writer", ["711510"]],
  ["screen printing", ["323113"]],
  ["print shop", ["323111"]],
  ["tailor", ["811490"]],
  ["alterations", ["811490"]],
  ["dry cleaner", ["812320"]],
  ["laundromat", ["812310"]],
  ["funeral", ["812210"]],
  ["hotel", ["721110"]],
  ["motel", ["721110"]],
  ["bed and breakfast", ["721191"]],
  ["boutique", ["458110"]],
  ["thrift", ["459510"]],
  ["staffing", ["561320"]],
];

/**
 * A word reduced to a rough stem so that "Photographer", "Photography" and "photographers" meet:
 * plurals, then one of a few endings. Crude on purpose: it only has to make a typed word and a
 * title word land on the same string.
 */
function stem(word: string): string {
  let w = word;
  if (w.endsWith("'s")) w = w.slice(0, -2);
  if (w.length > 4 && w.endsWith("ies")) w = `${w.slice(0, -3)}y`;
  else if (w.length > 4 && /(ss|x|ch|sh)es$/.test(w)) w = w.slice(0, -2);
  else if (w.length > 3 && w.endsWith("s") && !/(ss|us|is)$/.test(w)) w = w.slice(0, -1);
  for (const ending of ["ing", "er", "y", "e"]) {
    if (w.length - ending.length >= 3 && w.endsWith(ending)) return w.slice(0, -ending.length);
  }
  return w;
}

/** The meaningful stems of a piece of text, in order, without repeats. */
function stems(text: string, maxWords: number): string[] {
  const out: string[] = [];
  for (const word of text.toLowerCase().split(/[^a-z0-9']+/)) {
    const trimmed = word.replace(/^'+|'+$/g, "");
    const s = stem(trimmed);
    if (!trimmed || STOP_STEMS.has(s)) continue;
    if (!out.includes(s)) out.push(s);
    if (out.length >= maxWords) break;
  }
  return out;
}

interface IndexedCode {
  naics: NaicsCode;
  words: readonly string[];
}

const INDEX: readonly IndexedCode[] = NAICS_CODES.map((naics) => ({
  naics,
  words: stems(naics.title, Number.POSITIVE_INFINITY),
}));

const KEYWORDS = KEYWORD_CODES.map(([words, codes]) => ({
  stems: stems(words, MAX_QUERY_WORDS),
  codes,
}));

// A keyword naming a code that is not in the 2022 list would be dropped silently: fail instead.
const unknownKeywordCodes = KEYWORD_CODES.flatMap(([, codes]) => codes).filter(
  (code) => !BY_CODE.has(code),
);
if (unknownKeywordCodes.length > 0) {
  throw new Error(`Not 2022 NAICS codes: ${unknownKeywordCodes.join(", ")}`);
}

const SYNONYM_STEMS = new Map(
  Object.entries(WORD_SYNONYMS).map(([typed, titled]) => [stem(typed), stem(titled)]),
);

/** How much a keyword hit weighs against title words: a named trade beats a word in a title. */
const KEYWORD_WEIGHT = 3;

/**
 * The 2022 NAICS industries whose titles best match what a business typed ("Photographer",
 * "Dog grooming", "Food truck"), best first, at most `limit` (itself at most
 * MAX_NAICS_SUGGESTIONS). Typed words are stemmed and matched against title words (whole, or as the
 * start of a longer one), helped by a list of common trade words; nothing found gives []. The work
 * is bounded whatever is typed: the text is cut to SEGMENT_TEXT_MAX characters and
 * MAX_QUERY_WORDS words, and the list searched is the fixed NAICS list.
 */
export function suggestNaics(text: string, limit = 5): NaicsCode[] {
  const count = Math.min(Math.max(Math.floor(limit), 0), MAX_NAICS_SUGGESTIONS);
  if (!Number.isFinite(count) || count === 0) return [];
  const typed = stems(text.slice(0, SEGMENT_TEXT_MAX), MAX_QUERY_WORDS);
  if (typed.length === 0) return [];
  const query = new Set(typed);
  for (const word of typed) {
    const synonym = SYNONYM_STEMS.get(word);
    if (synonym) query.add(synonym);
  }

  const scores = new Map<string, number>();
  const add = (code: string, points: number) => scores.set(code, (scores.get(code) ?? 0) + points);

  for (const keyword of KEYWORDS) {
    if (!keyword.stems.every((word) => query.has(word))) continue;
    keyword.codes.forEach((code, rank) =>
      // Longer phrases weigh more ("food truck" over "truck"); a second code half as much.
      add(code, (KEYWORD_WEIGHT * keyword.stems.length) / (rank + 1)),
    );
  }

  for (const { naics, words } of INDEX) {
    let matched = 0;
    for (const word of query) {
      if (words.includes(word)) matched += 1;
      else if (word.length >= 4 && words.some((titleWord) => titleWord.startsWith(word))) {
        matched += 0.5;
      }
    }
    // Among titles matching as many words, the shorter (more specific) one first.
    if (matched > 0) add(naics.code, matched + matched / (words.length + 1));
  }

  return [...scores.entries()]
    .sort(([codeA, a], [codeB, b]) => b - a || codeA.localeCompare(codeB))
    .slice(0, count)
    .flatMap(([code]) => findNaics(code) ?? []);
}
