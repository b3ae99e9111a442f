/**
 * The Quote step's coverage plan (issues 15 and 26): for each line the site markets (and commercial
 * auto, when the business uses vehicles for work), one recommendation and one plain sentence saying
 * why, worked out from the visitor's answers, with
 * the sources behind it and what similar businesses paid. The rules are a table (PLAN_RULES), read
 * top to bottom per line; workers' compensation follows each state's law (workers-comp-states.ts).
 * Pure TypeScript: no price is ever computed from the answers.
 */
import type { RevenueBand, VehicleUse } from "#app/domain/quote/answer-choices.ts";
import { catalogSegments, type IndustryId } from "#app/domain/reference/industries.ts";
import {
  publishedRange,
  type PublishedRange,
  type TypicalPrice,
  typicalMonthlyPrice,
} from "#app/domain/reference/market-figures.ts";
import { type OwnershipStructure } from "#app/domain/reference/ownership-structures.ts";
import { PRODUCT_LINES } from "#app/domain/reference/products.ts";
import { BASE_LOCALE, type Locale, type Message } from "#app/domain/site/locales.ts";
import { m } from "#app/paraglide/messages.js";
import { LINES_REVIEWED_ON, RULES_READ_ON, type Source } from "#app/domain/reference/source.ts";
import { stateName } from "#app/domain/reference/state-names.ts";
import { type UsState } from "#app/domain/reference/states.ts";
import {
  onListedWork,
  tradeLicenceFor,
  workersCompFor,
  type StateFund,
  type WorkersCompState,
} from "#app/domain/reference/workers-comp-states.ts";

/** The slug of commercial auto, a plan line without a page of its own. */
export const COMMERCIAL_AUTO_SLUG = "commercial-auto";

/**
 * The lines an account manager adds where the answers call for them (issue 54), none with a page
 * of its own: each is shown only when its rule (EXTRA_LINE_RULES) finds it applies.
 */
export const EXTRA_LINES = [
  { slug: "liquor-liability", term: m.term_liquor_liability },
  { slug: "erisa-bond", term: m.term_erisa_bond },
  { slug: "contractors-equipment", term: m.term_contractors_equipment },
  { slug: "commercial-umbrella", term: m.term_commercial_umbrella },
  { slug: "garagekeepers", term: m.term_garagekeepers },
  { slug: "license-and-permit-bonds", term: m.term_license_and_permit_bonds },
] as const satisfies readonly { slug: string; term: Message }[];
export type ExtraLineSlug = (typeof EXTRA_LINES)[number]["slug"];

/**
 * Every line the plan can show and a request can name: the ten the site markets, in the
 * carousel's order; commercial auto, shown only when the business uses vehicles for work; and
 * the lines an account manager adds where the answers call for them.
 */
export const PLAN_LINES: readonly { slug: string; term: Message }[] = [
  ...PRODUCT_LINES.map(({ slug, term }) => ({ slug, term })),
  { slug: COMMERCIAL_AUTO_SLUG, term: m.term_commercial_auto },
  ...EXTRA_LINES,
];

/**
 * Strongest first: the plan is ordered this way. The English words are the recommendations' ids
 * too (the lead desk, the lead record and the agency's alerts show them); a page shows
 * `recommendationLabel` in its language.
 */
export const RECOMMENDATIONS = [
  "Required by law",
  "Recommended",
  "Worth considering",
  "Not usually needed for this business",
] as const;
export type Recommendation = (typeof RECOMMENDATIONS)[number];

const RECOMMENDATION_TERMS: Readonly<Record<Recommendation, Message>> = {
  "Required by law": m.plan_recommendation_required,
  Recommended: m.plan_recommendation_recommended,
  "Worth considering": m.plan_recommendation_worth_considering,
  "Not usually needed for this business": m.plan_recommendation_not_needed,
};

/** A recommendation as `locale` says it ("Obligatorio por ley"). */
export function recommendationLabel(recommendation: string, locale: Locale): string {
  const term = RECOMMENDATION_TERMS[recommendation as Recommendation] as Message | undefined; // a stored text may be no recommendation
  return term ? term({}, { locale }) : recommendation;
}

/** Lines with these recommendations start ticked when the visitor picks what to have quoted. */
export function startsTicked(recommendation: Recommendation): boolean {
  return recommendation === "Required by law" || recommendation === "Recommended";
}

/**
 * What the plan is worked out from: the application's answers, and the optional questions on the
 * plan page, any of which may be unanswered (undefined). Employee counts exclude the owners.
 * Revenue, claims and current insurance go to the agent with the request: they shape underwriting
 * and price, not which lines fit, so no rule reads them yet.
 */
export interface PlanAnswers {
  industry: IndustryId;
  segments: readonly string[];
  state: UsState;
  ownership: OwnershipStructure;
  fullTimeEmployees?: number;
  partTimeEmployees?: number;
  revenue?: RevenueBand;
  claimsInLast3Years?: boolean;
  currentlyInsured?: boolean;
  /** Owners, officers or members who work in the business (some states count them). */
  workingOwners?: number;
  vehicles?: VehicleUse;
  /** The NAICS code the application is filed under, where it has one (Wyoming's list reads it). */
  naicsCode?: string;
  /** Whether the business sponsors a retirement plan for its staff, such as a 401(k). */
  retirementPlan?: boolean;
}

/** The answers as the rules read them. */
export interface PlanFacts {
  answers: PlanAnswers;
  /** The language the plan's sentences are written in. */
  locale: Locale;
  employees: {
    /** none: both counts answered and zero; some: at least one employee; unknown otherwise. */
    status: "none" | "some" | "unknown";
    /** The answered counts added up: a lower bound while a count is unanswered. */
    atLeast: number;
    /** Whether both counts were answered. */
    exact: boolean;
  };
}

/** Works out the facts the rules read from the answers; the plan speaks `locale`. */
export function planFacts(answers: PlanAnswers, locale: Locale = BASE_LOCALE): PlanFacts {
  const atLeast = (answers.fullTimeEmployees ?? 0) + (answers.partTimeEmployees ?? 0);
  const exact = answers.fullTimeEmployees !== undefined && answers.partTimeEmployees !== undefined;
  const status = atLeast > 0 ? "some" : exact ? "none" : "unknown";
  return { answers, locale, employees: { status, atLeast, exact } };
}

/** One row of the rules table: the first row of a line whose `when` holds gives its verdict. */
export interface PlanRule {
  /** What the row says of the business, for the reviewers' table (docs/plan-rules.md). */
  applies: string;
  when: (facts: PlanFacts) => boolean;
  recommendation: Recommendation;
  /** One plain sentence (messages/plan), shown in the page's language. */
  reason: Message;
  /** Shown behind the "Why?" disclosure. */
  sources: readonly Source[];
}

function read(publisher: string, url: string, on: string = RULES_READ_ON): Source {
  return { publisher, url, read: on };
}

/** A source read for the plan's review (issue 54). */
function reviewed(publisher: string, url: string): Source {
  return read(publisher, url, LINES_REVIEWED_ON);
}

const SOURCES = {
  bop: read(
    "Independent Insurance Agents & Brokers of America",
    "https://www.independentagent.com/vu/Insurance/Commercial-Lines/BusinessOwnersPolicy/GermondWhatIsTheBusinessownersPolicy.aspx",
  ),
  coverageTypes: read("MoneyGeek", "https://www.moneygeek.com/insurance/business/coverage/types"),
  errorsAndOmissions: read(
    "Insureon",
    "https://www.insureon.com/small-business-insurance/errors-omissions/cost",
  ),
  liabilityTypes: read(
    "The Balance",
    "https://www.thebalancemoney.com/what-types-of-insurance-does-a-small-business-need-5211534",
  ),
  cyber: read("Insureon", "https://www.insureon.com/small-business-insurance/cyber-liability/cost"),
  eeocCoverage: read(
    "U.S. Equal Employment Opportunity Commission",
    "https://eeoc.gov/coverage-businessprivate-employers",
  ),
  smallEmployerClaims: read(
    "Strategic Insurance Agency",
    "https://www.siaoh.com/addressing-your-agencys-employment-practices-liability-risk/",
  ),
  directorsAndOfficers: read(
    "OnBoard",
    "https://www.onboardmeetings.com/blog/how-much-does-board-of-directors-insurance-cost/",
  ),
  directorsAndOfficersCost: read(
    "Insureon",
    "https://www.insureon.com/small-business-insurance/directors-officers/cost",
  ),
  employeeTheft: read(
    "C&S Insurance",
    "https://www.candsins.com/blog/business-crime-insurance-for-employee-theft-other-risks",
  ),
  crimeCoverage: read(
    "1-800-Insurance",
    "https://www.1800insurance.com/guides/business-crime-insurance-guide",
  ),
  fiduciary: read(
    "U.S. Department of Labor (archived page)",
    "https://webarchive.library.unt.edu/eot2008/20081004150056/http://www.dol.gov/dol/topic/retirement/fiduciaryresp.htm",
  ),
  erisaBond: reviewed(
    "U.S. Department of Labor, Field Assistance Bulletin 2008-04 on ERISA § 412 (as reproduced by Leading Retirement Solutions)",
    "https://leadingretirement.smartertrack.com/kb/a106/guidance-regarding-erisa-fidelity-bonding-requirements-dol-bulletin-2008-04.aspx",
  ),
  erisaBondNotFiduciary: reviewed(
    "CBIZ (on DOL Field Assistance Bulletin 2008-04)",
    "https://www.cbiz.com/insights-resources/details/articleid/3916/dol-guidance-relating-to-erisas-bonding-requirement",
  ),
  liquorExclusion: reviewed(
    "McGrath Insurance Group (the general liability form's liquor exclusion)",
    "https://exam.mcgrathinsurancegroup.com/coverages/liquorliability/glexclusion.htm",
  ),
  liquorLicences: reviewed(
    "Vantage Point Risk",
    "https://vantagepointrisk.com/learning-center/does-general-liability-cover-restaurant-liquor-claims",
  ),
  contractorsEquipment: reviewed(
    "1-800-Insurance",
    "https://www.1800insurance.com/guides/equipment-insurance-for-general-contractor",
  ),
  umbrella: reviewed(
    "Golden Capital Insurance",
    "https://goldencapitalinsurance.com/umbrella-excess-insurance",
  ),
  umbrellaContracts: reviewed(
    "Vantage Point Risk",
    "https://vantagepointrisk.com/umbrella-insurance/for-contractors/",
  ),
  garagekeepers: reviewed(
    "Safeguard Insurance (the Garage Coverage Form, CA 00 05)",
    "https://safeguardme.com/what-is-garagekeepers-liability/",
  ),
  californiaContractorBond: reviewed(
    "Legal Clarity (citing California Business and Professions Code § 7071.6)",
    "https://legalclarity.org/california-contractor-license-bond-requirements",
  ),
  californiaContractorBondAmount: reviewed(
    "CCIS Bonds (California bonding requirements)",
    "https://ccisbonds.com/bonding-requirements-in-california",
  ),
  contractorBonds: reviewed(
    "South Coast Surety",
    "https://southcoastsurety.com/state-bonds/california/contractor-license-info/",
  ),
} as const;

const inIndustry =
  (...industries: IndustryId[]) =>
  (facts: PlanFacts) =>
    industries.includes(facts.answers.industry);

/** Whether any chosen segment is one of these. */
const hasSegment = (...names: string[]) => {
  const segments = catalogSegments(...names);
  return (facts: PlanFacts) => facts.answers.segments.some((segment) => segments.includes(segment));
};

/** Whether every chosen segment is one of these (and at least one is chosen). */
const onlySegments = (...names: string[]) => {
  const segments = catalogSegments(...names);
  return (facts: PlanFacts) =>
    facts.answers.segments.length > 0 &&
    facts.answers.segments.every((segment) => segments.includes(segment));
};

const both =
  (...tests: ((facts: PlanFacts) => boolean)[]) =>
  (facts: PlanFacts) =>
    tests.every((test) => test(facts));

const ownedAs =
  (...structures: OwnershipStructure[]) =>
  (facts: PlanFacts) =>
    structures.includes(facts.answers.ownership);

const employees = (status: PlanFacts["employees"]["status"]) => (facts: PlanFacts) =>
  facts.employees.status === status;

const atLeastEmployees = (count: number) => (facts: PlanFacts) => facts.employees.atLeast >= count;

const always = () => true;

/** Offices whose clients usually expect the cover under the name errors and omissions. */
const errorsAndOmissionsFields = [
  "Technology Services",
  "Real Estate Agent",
  "Real Estate Agency",
  "Insurance Agent",
];

const NO_ADVICE_SOLD = m.plan_no_advice_sold;

/**
 * The rules for every line but workers' compensation, by line slug (app/domain/reference/products.ts). Each
 * line's list ends with a row that always applies, so every line gets a verdict.
 */
export const PLAN_RULES: Readonly<Record<string, readonly PlanRule[]>> = {
  "general-liability": [
    {
      applies: "A construction business",
      when: inIndustry("construction"),
      recommendation: "Recommended",
      reason: m.plan_gl_1,
      sources: [SOURCES.liabilityTypes, SOURCES.coverageTypes],
    },
    {
      // Where the plan recommends a BOP (PLAN_RULES' next line), that policy includes this cover.
      applies:
        "A shop, food, office or cleaning business (not online-only), where a BOP includes it",
      when: both(
        inIndustry("retail", "food", "offices", "cleaning"),
        (facts) => !(inIndustry("retail")(facts) && onlySegments("E-Commerce")(facts)),
      ),
      recommendation: "Worth considering",
      reason: m.plan_gl_2,
      sources: [SOURCES.bop, SOURCES.liabilityTypes],
    },
    {
      applies: "Otherwise",
      when: always,
      recommendation: "Recommended",
      reason: m.plan_gl_3,
      sources: [SOURCES.liabilityTypes, SOURCES.coverageTypes],
    },
  ],
  "business-owners-policy": [
    {
      applies: "An online-only retailer",
      when: both(inIndustry("retail"), onlySegments("E-Commerce")),
      recommendation: "Worth considering",
      reason: m.plan_bop_1,
      sources: [SOURCES.bop],
    },
    {
      applies: "A retailer",
      when: inIndustry("retail"),
      recommendation: "Recommended",
      reason: m.plan_bop_2,
      sources: [SOURCES.bop],
    },
    {
      applies: "A food business",
      when: inIndustry("food"),
      recommendation: "Recommended",
      reason: m.plan_bop_3,
      sources: [SOURCES.bop],
    },
    {
      applies: "An office",
      when: inIndustry("offices"),
      recommendation: "Recommended",
      reason: m.plan_bop_4,
      sources: [SOURCES.bop],
    },
    {
      applies: "A cleaning business",
      when: inIndustry("cleaning"),
      recommendation: "Recommended",
      reason: m.plan_bop_5,
      sources: [SOURCES.bop],
    },
    {
      applies: "A construction business",
      when: inIndustry("construction"),
      recommendation: "Worth considering",
      reason: m.plan_bop_6,
      sources: [SOURCES.bop, SOURCES.coverageTypes],
    },
    {
      applies: "Otherwise",
      when: always,
      recommendation: "Worth considering",
      reason: m.plan_bop_7,
      sources: [SOURCES.bop],
    },
  ],
  "professional-liability": [
    {
      applies: "An office in a field that buys E&O (tech, real estate, insurance)",
      when: both(inIndustry("offices"), hasSegment(...errorsAndOmissionsFields)),
      recommendation: "Worth considering",
      reason: m.plan_pl_1,
      sources: [SOURCES.errorsAndOmissions, SOURCES.liabilityTypes],
    },
    {
      applies: "Any other office",
      when: inIndustry("offices"),
      recommendation: "Recommended",
      reason: m.plan_pl_2,
      sources: [SOURCES.errorsAndOmissions, SOURCES.liabilityTypes],
    },
    {
      applies: "A pharmacy or optician",
      when: both(
        inIndustry("retail"),
        hasSegment("Pharmacy or Drug Store", "Eyewear and Optician Store"),
      ),
      recommendation: "Worth considering",
      reason: m.plan_pl_3,
      sources: [SOURCES.liabilityTypes],
    },
    {
      applies: "A general contractor",
      when: both(inIndustry("construction"), hasSegment("General Contractor")),
      recommendation: "Worth considering",
      reason: m.plan_pl_4,
      sources: [SOURCES.errorsAndOmissions],
    },
    {
      applies: "A business of another industry",
      when: inIndustry("other"),
      recommendation: "Worth considering",
      reason: m.plan_pl_5,
      sources: [SOURCES.errorsAndOmissions, SOURCES.liabilityTypes],
    },
    {
      applies: "Otherwise",
      when: always,
      recommendation: "Not usually needed for this business",
      reason: NO_ADVICE_SOLD,
      sources: [SOURCES.liabilityTypes],
    },
  ],
  "errors-and-omissions": [
    {
      applies: "A technology services office",
      when: both(inIndustry("offices"), hasSegment("Technology Services")),
      recommendation: "Recommended",
      reason: m.plan_eo_1,
      sources: [SOURCES.errorsAndOmissions],
    },
    {
      applies: "A real estate or insurance agent or agency (where no state rule applies)",
      when: both(
        inIndustry("offices"),
        hasSegment("Real Estate Agent", "Real Estate Agency", "Insurance Agent"),
      ),
      recommendation: "Recommended",
      reason: m.plan_eo_2,
      sources: [SOURCES.errorsAndOmissions, SOURCES.liabilityTypes],
    },
    {
      applies: "Any other office",
      when: inIndustry("offices"),
      recommendation: "Worth considering",
      reason: m.plan_eo_3,
      sources: [SOURCES.errorsAndOmissions],
    },
    {
      applies: "A business of another industry",
      when: inIndustry("other"),
      recommendation: "Worth considering",
      reason: m.plan_eo_4,
      sources: [SOURCES.errorsAndOmissions],
    },
    {
      applies: "Otherwise",
      when: always,
      recommendation: "Not usually needed for this business",
      reason: NO_ADVICE_SOLD,
      sources: [SOURCES.errorsAndOmissions],
    },
  ],
  "cyber-insurance": [
    {
      applies: "A retailer",
      when: inIndustry("retail"),
      recommendation: "Recommended",
      reason: m.plan_cyber_1,
      sources: [SOURCES.cyber],
    },
    {
      applies: "A food business",
      when: inIndustry("food"),
      recommendation: "Recommended",
      reason: m.plan_cyber_2,
      sources: [SOURCES.cyber],
    },
    {
      applies: "An office",
      when: inIndustry("offices"),
      recommendation: "Recommended",
      reason: m.plan_cyber_3,
      sources: [SOURCES.cyber],
    },
    {
      applies: "Otherwise",
      when: always,
      recommendation: "Worth considering",
      reason: m.plan_cyber_4,
      sources: [SOURCES.cyber],
    },
  ],
  "employment-practices-liability": [
    {
      applies: "No employees (both counts answered zero)",
      when: employees("none"),
      recommendation: "Not usually needed for this business",
      reason: m.plan_epl_1,
      sources: [SOURCES.smallEmployerClaims],
    },
    {
      applies: "Employee counts not answered",
      when: employees("unknown"),
      recommendation: "Worth considering",
      reason: m.plan_epl_2,
      sources: [SOURCES.smallEmployerClaims],
    },
    {
      applies: "15 or more employees",
      when: atLeastEmployees(15),
      recommendation: "Recommended",
      reason: m.plan_epl_3,
      sources: [SOURCES.eeocCoverage, SOURCES.smallEmployerClaims],
    },
    {
      applies: "Otherwise (1 to 14 employees)",
      when: always,
      recommendation: "Worth considering",
      reason: m.plan_epl_4,
      sources: [SOURCES.smallEmployerClaims, SOURCES.eeocCoverage],
    },
  ],
  "directors-and-officers": [
    {
      // Not pre-ticked for every corporation (issue 54): the answers do not show outside
      // investors, a board or lenders, which are who sue directors; the reason says so.
      applies: "A corporation",
      when: ownedAs("Corporation"),
      recommendation: "Worth considering",
      reason: m.plan_do_1,
      sources: [SOURCES.directorsAndOfficers, SOURCES.directorsAndOfficersCost],
    },
    {
      applies: "A trust",
      when: ownedAs("Trust"),
      recommendation: "Worth considering",
      reason: m.plan_do_2,
      sources: [SOURCES.directorsAndOfficers],
    },
    {
      applies: "An LLC or other entity",
      when: ownedAs("Limited Liability Company", "Other Entity"),
      recommendation: "Worth considering",
      reason: m.plan_do_3,
      sources: [SOURCES.directorsAndOfficers, SOURCES.directorsAndOfficersCost],
    },
    {
      applies: "A sole proprietorship",
      when: ownedAs("Individual / Sole Proprietorship"),
      recommendation: "Not usually needed for this business",
      reason: m.plan_do_4,
      sources: [SOURCES.directorsAndOfficers],
    },
    {
      applies: "Otherwise (a partnership)",
      when: always,
      recommendation: "Not usually needed for this business",
      reason: m.plan_do_5,
      sources: [SOURCES.directorsAndOfficers],
    },
  ],
  "crime-insurance": [
    {
      applies: "A cleaning business with no employees",
      when: both(inIndustry("cleaning"), employees("none")),
      recommendation: "Worth considering",
      reason: m.plan_crime_1,
      sources: [SOURCES.crimeCoverage],
    },
    {
      applies: "No employees",
      when: employees("none"),
      recommendation: "Not usually needed for this business",
      reason: m.plan_crime_2,
      sources: [SOURCES.employeeTheft],
    },
    {
      applies: "A cleaning business with staff",
      when: inIndustry("cleaning"),
      recommendation: "Recommended",
      reason: m.plan_crime_3,
      sources: [SOURCES.crimeCoverage, SOURCES.employeeTheft],
    },
    {
      applies: "A shop or food business with staff",
      when: both(inIndustry("retail", "food"), employees("some")),
      recommendation: "Recommended",
      reason: m.plan_crime_4,
      sources: [SOURCES.employeeTheft, SOURCES.crimeCoverage],
    },
    {
      applies: "Otherwise",
      when: always,
      recommendation: "Worth considering",
      reason: m.plan_crime_5,
      sources: [SOURCES.crimeCoverage, SOURCES.employeeTheft],
    },
  ],
  "fiduciary-liability": [
    {
      applies: "A business that sponsors a retirement plan",
      when: (facts) => facts.answers.retirementPlan === true,
      recommendation: "Recommended",
      reason: m.plan_fid_3,
      sources: [SOURCES.fiduciary, SOURCES.erisaBondNotFiduciary],
    },
    {
      applies: "No employees",
      when: employees("none"),
      recommendation: "Not usually needed for this business",
      reason: m.plan_fid_1,
      sources: [SOURCES.fiduciary],
    },
    {
      applies: "Otherwise",
      when: always,
      recommendation: "Worth considering",
      reason: m.plan_fid_2,
      sources: [SOURCES.fiduciary],
    },
  ],
};

/** A line's verdict: what the plan shows before the price. */
export interface Verdict {
  recommendation: Recommendation;
  reason: string;
  sources: readonly Source[];
}

/** The slug of the line whose verdict comes from the state tables rather than PLAN_RULES. */
export const WORKERS_COMP_SLUG = "workers-comp";

/** The sentence shown where no source settled whether the visitor's state requires it. */
export const ASK_ABOUT_STATE = m.plan_ask_about_state({}, { locale: BASE_LOCALE });

/** How the plan's sentences about a state are written: its name and messages in the plan's language. */
interface StateWords {
  wc: WorkersCompState;
  locale: Locale;
  /** The state's name in the plan's language ("Nuevo México"). */
  state: string;
}

function stateWords(facts: PlanFacts, wc: WorkersCompState): StateWords {
  return { wc, locale: facts.locale, state: stateName(wc.state, facts.locale) };
}

function employeesPhrase(count: number, locale: Locale): string {
  return count === 1
    ? m.plan_wc_first_employee({}, { locale })
    : m.plan_wc_employees({ count }, { locale });
}

/** What decides it in this state, as one sentence; the same words serve "required" and not yet. */
function requirementSentence({ wc, locale, state }: StateWords, construction: boolean): string {
  const fund = wc.stateFundOnly ? m.plan_wc_state_fund({}, { locale }) : "";
  if (construction && wc.construction?.allConstruction) {
    const { work, minEmployees } = wc.construction;
    return m.plan_wc_requires_for(
      {
        state,
        work: work({}, { locale }),
        employees: employeesPhrase(minEmployees, locale),
        fund,
      },
      { locale },
    );
  }
  if (wc.minEmployees === undefined) {
    const condition = (wc.alsoWhen ?? m.plan_wc_once_employees)({}, { locale });
    return m.plan_wc_requires_once({ state, condition, fund }, { locale });
  }
  const forSomeConstruction =
    construction && wc.construction
      ? m.plan_wc_or_construction(
          {
            employees: employeesPhrase(wc.construction.minEmployees, locale),
            work: wc.construction.work({}, { locale }),
          },
          { locale },
        )
      : "";
  const sooner = wc.alsoWhen
    ? m.plan_wc_or_sooner({ condition: wc.alsoWhen({}, { locale }) }, { locale })
    : "";
  return m.plan_wc_requires_from(
    {
      state,
      employees: employeesPhrase(wc.minEmployees, locale),
      construction: forSomeConstruction,
      sooner,
      fund,
    },
    { locale },
  );
}

/** The head count from which the law surely applies, if a head count alone can tell. */
function certainThreshold(wc: WorkersCompState, construction: boolean): number | undefined {
  if (construction && wc.construction?.allConstruction) return wc.construction.minEmployees;
  return wc.minEmployees;
}

/** Whether the state has a further test that could require it below the head count. */
function mightApplySooner(wc: WorkersCompState, construction: boolean): boolean {
  return wc.alsoWhen !== undefined || (construction && wc.construction !== undefined);
}

/** Owners whom no state we read counts toward its head count unless its entry says so. */
const OWNERS_OF_UNINCORPORATED: readonly OwnershipStructure[] = [
  "Individual / Sole Proprietorship",
  "Partnership",
];

/**
 * Whether the state counts this business's working owners toward its head count: as its sources
 * say (workers-comp-states.ts); sole proprietors and partners are not counted unless the entry
 * says so (the states' pages say they need not cover themselves); otherwise "unsettled".
 */
export function ownersCounting(
  wc: WorkersCompState,
  ownership: OwnershipStructure,
): "counted" | "not-counted" | "unsettled" {
  if (wc.ownersCount?.counted.includes(ownership)) return "counted";
  if (wc.ownersCount?.notCounted.includes(ownership)) return "not-counted";
  if (OWNERS_OF_UNINCORPORATED.includes(ownership)) return "not-counted";
  return "unsettled";
}

function ownersPhrase(count: number, locale: Locale): string {
  return count === 1
    ? m.plan_wc_owner_one({}, { locale })
    : m.plan_wc_owners_many({ count }, { locale });
}

/** Owners a state counts as employees whatever the head count (Florida construction, California). */
function ownersAlwaysCovered(facts: PlanFacts, words: StateWords): Verdict | undefined {
  const { answers } = facts;
  const { wc, locale, state } = words;
  const construction = answers.industry === "construction";
  // Nobody works in the business: no one for the rule to cover.
  if (answers.workingOwners === 0) return undefined;
  const owners = wc.ownersCovered?.find(
    (rule) =>
      rule.ownership.includes(answers.ownership) && (!rule.onlyConstruction || construction),
  );
  if (!owners) return undefined;
  const who = owners.who({}, { locale });
  return {
    recommendation: "Required by law",
    reason: (owners.canOptOut ? m.plan_wc_owners_covered_exempt : m.plan_wc_owners_covered)(
      { state, who },
      { locale },
    ),
    sources: wc.sources,
  };
}

/** With no employees, where the state's head count does not decide it. */
function noEmployeesVerdict(facts: PlanFacts, wc: WorkersCompState): Verdict {
  const { answers, locale } = facts;
  const sources = wc.sources;
  if (answers.workingOwners === 0) {
    return {
      recommendation: "Not usually needed for this business",
      reason: m.plan_wc_nobody_to_cover({}, { locale }),
      sources,
    };
  }
  if (wc.status === "elective" || ownersCounting(wc, answers.ownership) === "not-counted") {
    return {
      recommendation: "Not usually needed for this business",
      reason: m.plan_wc_owners_may_choose({}, { locale }),
      sources,
    };
  }
  // Companies: many states count working officers or members as employees, each in its own way.
  return askAboutState(facts, sources);
}

/** "Recommended", and ask an agent: the sources do not settle whether the state requires it. */
function askAboutState(facts: PlanFacts, sources: readonly Source[]): Verdict {
  return {
    recommendation: "Recommended",
    reason: m.plan_ask_about_state({}, { locale: facts.locale }),
    sources,
  };
}

/**
 * Workers' compensation, from the visitor's state, industry, ownership, head count and working
 * owners (issue 26): the owners are counted where the state counts them; where its sources do not
 * say and they could make the difference, the plan says to ask an agent, never "optional".
 */
export function workersCompVerdict(facts: PlanFacts): Verdict {
  const { answers, employees: staff, locale } = facts;
  const wc = workersCompFor(answers.state);
  const words = stateWords(facts, wc);
  const { state } = words;
  const sources = wc.sources;
  const construction = answers.industry === "construction";
  const owners = answers.workingOwners;
  const counting = ownersCounting(wc, answers.ownership);

  // A contractor's licence that requires it whatever the head count (California, issue 54): read
  // before the head count, so a roofer with no employees is never told it is not needed.
  const licence =
    construction && staff.status !== "some" ? tradeLicenceFor(wc, answers.segments) : undefined;
  if (licence && (licence.status === "required" || staff.status === "none")) {
    return {
      recommendation: licence.status === "required" ? "Required by law" : "Recommended",
      reason: licence.reason({}, { locale }),
      sources: [...licence.sources, ...sources],
    };
  }

  if (staff.status === "none") {
    const covered = ownersAlwaysCovered(facts, words);
    if (covered) return covered;
    if (wc.status !== "required") return noEmployeesVerdict(facts, wc);
  }

  switch (wc.status) {
    case "unknown":
      return askAboutState(facts, sources);
    case "elective":
      return {
        recommendation: "Recommended",
        reason: m.plan_wc_elective({ state }, { locale }),
        sources,
      };
    case "listed-work":
      if (onListedWork(wc, answers)) {
        return {
          recommendation: staff.status === "some" ? "Required by law" : "Recommended",
          reason: (construction ? m.plan_wc_listed_construction : m.plan_wc_listed_work)(
            { state },
            { locale },
          ),
          sources,
        };
      }
      return {
        recommendation: "Recommended",
        reason: m.plan_wc_listed_other({ state }, { locale }),
        sources,
      };
    case "required": {
      const threshold = certainThreshold(wc, construction);
      const sentence = requirementSentence(words, construction);
      if (threshold !== undefined && staff.atLeast >= threshold) {
        return { recommendation: "Required by law", reason: sentence, sources };
      }
      const withOwners = staff.atLeast + (owners ?? 0);
      if (threshold !== undefined && owners !== undefined && withOwners >= threshold) {
        if (counting === "counted") {
          return {
            recommendation: "Required by law",
            reason: m.plan_wc_counts_owners(
              { requirement: sentence.slice(0, -1), owners: ownersPhrase(owners, locale) },
              { locale },
            ),
            sources,
          };
        }
        if (counting === "unsettled") return askAboutState(facts, sources);
      }
      if (staff.status === "none") return noEmployeesVerdict(facts, wc);
      // "Optional for now" only when every count the state takes is known to fall short.
      const ownersKnown = counting === "not-counted" || owners !== undefined;
      if (
        staff.exact &&
        ownersKnown &&
        threshold !== undefined &&
        !mightApplySooner(wc, construction)
      ) {
        return {
          recommendation: "Recommended",
          reason: m.plan_wc_optional_for_now(
            { state, employees: employeesPhrase(threshold, locale) },
            { locale },
          ),
          sources,
        };
      }
      return { recommendation: "Recommended", reason: sentence, sources };
    }
  }
}

/** Where commercial auto's liability cover is not required by law for business vehicles. */
const AUTO_LIABILITY_NOT_REQUIRED: readonly UsState[] = ["New Hampshire"];

const AUTO_SOURCES = {
  byState: read(
    "MoneyGeek",
    "https://www.moneygeek.com/insurance/business/coverage/commercial-auto-requirements",
  ),
  newHampshire: read(
    "Insureon",
    "https://insureon.com/small-business-insurance/commercial-auto/new-hampshire",
  ),
} as const;

/**
 * Commercial auto (issue 26): shown only when the business uses vehicles for work. Liability cover
 * for vehicles the business owns or leases is required in every state but New Hampshire, which
 * asks for proof of financial responsibility instead; for staff's own cars used on errands, hired
 * and non-owned auto cover is what the agent would quote.
 */
export function commercialAutoVerdict(facts: PlanFacts): Verdict | undefined {
  const { vehicles, state } = facts.answers;
  const { locale } = facts;
  if (vehicles === undefined || vehicles === "none") return undefined;
  if (vehicles === "personal") {
    return {
      recommendation: "Recommended",
      reason: m.plan_auto_personal({}, { locale }),
      sources: [AUTO_SOURCES.byState],
    };
  }
  if (AUTO_LIABILITY_NOT_REQUIRED.includes(state)) {
    return {
      recommendation: "Recommended",
      reason: m.plan_auto_proof({ state: stateName(state, locale) }, { locale }),
      sources: [AUTO_SOURCES.newHampshire],
    };
  }
  return {
    recommendation: "Required by law",
    reason: m.plan_auto_required({ state: stateName(state, locale) }, { locale }),
    sources: [AUTO_SOURCES.byState, AUTO_SOURCES.newHampshire],
  };
}

const ERRORS_AND_OMISSIONS_SLUG = "errors-and-omissions";

/** The offices that hold a real estate licence. */
const isRealEstate = both(
  inIndustry("offices"),
  hasSegment("Real Estate Agent", "Real Estate Agency"),
);

/**
 * Where a state's real estate commission requires every active licensee to carry errors and
 * omissions insurance (issue 54). `required`: read on the commission's own page or in the
 * statute; `listed`: named by brokers' lists only, so the plan asks an agent to confirm it.
 */
export interface RealEstateEoState {
  state: UsState;
  status: "required" | "listed";
  sources: readonly Source[];
}

const BROKERS_LIST = reviewed(
  "Pearl Insurance (which states require real estate E&O)",
  "https://pearlinsurance.com/which-states-require-real-estate-professionals-to-carry-eo-insurance",
);

/** In the order of US_STATES. */
export const REAL_ESTATE_EO_STATES: readonly RealEstateEoState[] = [
  {
    state: "Colorado",
    status: "required",
    sources: [
      reviewed(
        "Colorado Division of Real Estate",
        "https://dre.colorado.gov/division-programs/real-estate-broker/licensing/broker-insurance-requirements",
      ),
    ],
  },
  {
    state: "Idaho",
    status: "required",
    sources: [
      reviewed(
        "Idaho Code § 54-2013 (Justia, 2005 edition)",
        "https://law.justia.com/codes/idaho/2005/54ftoc/540200013.html",
      ),
      BROKERS_LIST,
    ],
  },
  {
    state: "Iowa",
    status: "required",
    sources: [
      reviewed(
        "Iowa Department of Inspections, Appeals, and Licensing",
        "https://dial.iowa.gov/i-need/licenses/other-professional-licensure/real-estate-licensees/re-eo-insurance",
      ),
      reviewed(
        "Iowa Administrative Code r. 193E-19.2 (Cornell LII)",
        "https://www.law.cornell.edu/regulations/iowa/Iowa-Code-r-193E-19.2",
      ),
    ],
  },
  { state: "Kentucky", status: "listed", sources: [BROKERS_LIST] },
  { state: "Louisiana", status: "listed", sources: [BROKERS_LIST] },
  { state: "Mississippi", status: "listed", sources: [BROKERS_LIST] },
  { state: "Montana", status: "listed", sources: [BROKERS_LIST] },
  { state: "Nebraska", status: "listed", sources: [BROKERS_LIST] },
  { state: "New Mexico", status: "listed", sources: [BROKERS_LIST] },
  {
    state: "North Dakota",
    status: "required",
    sources: [
      reviewed("North Dakota Real Estate Commission", "https://www.realestatend.org/?id=52"),
    ],
  },
  { state: "Rhode Island", status: "listed", sources: [BROKERS_LIST] },
  { state: "South Dakota", status: "listed", sources: [BROKERS_LIST] },
  { state: "Tennessee", status: "listed", sources: [BROKERS_LIST] },
];

/** Errors and omissions for a real estate office in a state whose commission requires it. */
function realEstateLicenceVerdict(facts: PlanFacts): Verdict | undefined {
  if (!isRealEstate(facts)) return undefined;
  const entry = REAL_ESTATE_EO_STATES.find((candidate) => candidate.state === facts.answers.state);
  if (!entry) return undefined;
  const words = { state: stateName(entry.state, facts.locale) };
  if (entry.status === "required") {
    return {
      recommendation: "Required by law",
      reason: m.plan_eo_real_estate_required(words, { locale: facts.locale }),
      sources: entry.sources,
    };
  }
  return {
    recommendation: "Recommended",
    reason: m.plan_eo_real_estate_listed(words, { locale: facts.locale }),
    sources: entry.sources,
  };
}

/** One row of an added line's rules: a line none of whose rows holds is not shown at all. */
export type ExtraLineRule = PlanRule;

/**
 * The lines an account manager adds (issue 54), by slug: the first row whose `when` holds gives
 * the verdict; none holding, the plan leaves the line out. A legal or licensing requirement cites
 * its law.
 */
export const EXTRA_LINE_RULES: Readonly<Record<ExtraLineSlug, readonly ExtraLineRule[]>> = {
  "liquor-liability": [
    {
      applies: "A bar",
      when: hasSegment("Bar"),
      recommendation: "Recommended",
      reason: m.plan_liquor_bar,
      sources: [SOURCES.liquorExclusion, SOURCES.liquorLicences],
    },
    {
      applies: "A restaurant or caterer (whether it serves alcohol is not asked)",
      when: hasSegment("Restaurant", "Caterer"),
      recommendation: "Worth considering",
      reason: m.plan_liquor_if_served,
      sources: [SOURCES.liquorExclusion, SOURCES.liquorLicences],
    },
  ],
  "erisa-bond": [
    {
      applies: "A business that sponsors a retirement plan such as a 401(k)",
      when: (facts) => facts.answers.retirementPlan === true,
      recommendation: "Required by law",
      reason: m.plan_erisa_bond_required,
      sources: [SOURCES.erisaBond, SOURCES.erisaBondNotFiduciary],
    },
    {
      applies: "A business with staff that has not said whether it sponsors a retirement plan",
      when: both((facts) => facts.answers.retirementPlan === undefined, employees("some")),
      recommendation: "Worth considering",
      reason: m.plan_erisa_bond_if_plan,
      sources: [SOURCES.erisaBond],
    },
  ],
  "contractors-equipment": [
    {
      applies: "A construction trade (tools and equipment taken to job sites)",
      when: inIndustry("construction"),
      recommendation: "Recommended",
      reason: m.plan_equipment_construction,
      sources: [SOURCES.contractorsEquipment, SOURCES.bop],
    },
    {
      applies: "A cleaning business (equipment taken to clients' sites)",
      when: inIndustry("cleaning"),
      recommendation: "Worth considering",
      reason: m.plan_equipment_cleaning,
      sources: [SOURCES.contractorsEquipment],
    },
  ],
  "commercial-umbrella": [
    {
      applies: "A construction business",
      when: inIndustry("construction"),
      recommendation: "Recommended",
      reason: m.plan_umbrella_construction,
      sources: [SOURCES.umbrellaContracts, SOURCES.umbrella],
    },
    {
      applies: "A business that owns or leases vehicles",
      when: (facts) => facts.answers.vehicles === "owned",
      recommendation: "Worth considering",
      reason: m.plan_umbrella_vehicles,
      sources: [SOURCES.umbrella],
    },
    {
      applies: "A bar",
      when: hasSegment("Bar"),
      recommendation: "Worth considering",
      reason: m.plan_umbrella_bar,
      sources: [SOURCES.umbrella, SOURCES.liquorLicences],
    },
  ],
  garagekeepers: [
    {
      applies: "An auto dealership (customers' cars in its care)",
      when: hasSegment("Auto Dealership"),
      recommendation: "Recommended",
      reason: m.plan_garagekeepers_dealer,
      sources: [SOURCES.garagekeepers],
    },
  ],
  "license-and-permit-bonds": [
    {
      applies: "A construction business in California (contractor's licence bond)",
      when: both(inIndustry("construction"), (facts) => facts.answers.state === "California"),
      recommendation: "Required by law",
      reason: m.plan_bond_california,
      // The bond is confirmed by every page read; its amount differs by the page's age ($15,000
      // before 2023), and no page of the board itself was read: the reason asks an agent.
      sources: [SOURCES.californiaContractorBond, SOURCES.californiaContractorBondAmount],
    },
    {
      applies:
        "A construction business elsewhere (licence and permit bonds vary by state and city)",
      when: inIndustry("construction"),
      recommendation: "Recommended",
      reason: m.plan_bond_contractors,
      sources: [SOURCES.contractorBonds],
    },
  ],
};

/** An added line's verdict, or undefined when none of its rows applies. */
function extraLineVerdict(rules: readonly ExtraLineRule[], facts: PlanFacts): Verdict | undefined {
  const rule = rules.find((candidate) => candidate.when(facts));
  if (!rule) return undefined;
  return {
    recommendation: rule.recommendation,
    reason: rule.reason({}, { locale: facts.locale }),
    sources: rule.sources,
  };
}

/** The verdict for one line from the rules table; every line's rules end with a catch-all. */
export function ruleVerdict(lineSlug: string, facts: PlanFacts): Verdict {
  const rule = PLAN_RULES[lineSlug]?.find((candidate) => candidate.when(facts));
  if (!rule) throw new Error(`No plan rule for ${lineSlug}`);
  return {
    recommendation: rule.recommendation,
    reason: rule.reason({}, { locale: facts.locale }),
    sources: rule.sources,
  };
}

/** The verdict for a line, or undefined when the plan does not show it. */
function lineVerdict(lineSlug: string, facts: PlanFacts): Verdict | undefined {
  if (lineSlug === WORKERS_COMP_SLUG) return workersCompVerdict(facts);
  if (lineSlug === COMMERCIAL_AUTO_SLUG) return commercialAutoVerdict(facts);
  if (lineSlug === ERRORS_AND_OMISSIONS_SLUG) {
    return realEstateLicenceVerdict(facts) ?? ruleVerdict(lineSlug, facts);
  }
  const extra = EXTRA_LINE_RULES[lineSlug as ExtraLineSlug] as ExtraLineRule[] | undefined; // any slug may be asked
  if (extra) return extraLineVerdict(extra, facts);
  return ruleVerdict(lineSlug, facts);
}

/** Why a national median understates a construction firm's workers' compensation (issue 26). */
export const WORKERS_COMP_CONSTRUCTION_PRICE_NOTE = m.plan_wc_construction_price_note;

/** Every other workers' compensation figure: what its price is worked out from (issue 54). */
export const WORKERS_COMP_PRICE_NOTE = m.plan_wc_price_note;

/** One line of the plan, as the page shows it. */
export interface PlanLine extends Verdict {
  slug: string;
  name: string;
  /** Whether the line starts ticked for the quote request. */
  ticked: boolean;
  /** What similar businesses paid, or undefined: show NO_FIGURE_TEXT. */
  typicalPrice: TypicalPrice | undefined;
  /** Context for lines with no published median (EPLI, crime). */
  publishedRange: PublishedRange | undefined;
  /** What to read beside the figure, where the figure could mislead. */
  priceNote: string | undefined;
  /**
   * Workers' compensation in a monopolistic state: the fund that sells it (no agency can quote
   * it, so the line starts unticked; an agent can quote stop-gap employer's liability instead).
   */
  stateFund: StateFund | undefined;
  /** The state's notes on owners and exceptions (workers' compensation only). */
  notes: readonly string[];
}

export interface CoveragePlan {
  /** The lines, strongest recommendation first, the carousel's order within a recommendation. */
  lines: readonly PlanLine[];
}

/**
 * The coverage plan for a business, from its answers, its words in `locale` (the lead desk, the lead
 * record and the agency's alerts read it in English).
 */
export function coveragePlan(answers: PlanAnswers, locale: Locale = BASE_LOCALE): CoveragePlan {
  const facts = planFacts(answers, locale);
  const wc = workersCompFor(answers.state);
  const lines = PLAN_LINES.flatMap((line): PlanLine[] => {
    const verdict = lineVerdict(line.slug, facts);
    if (!verdict) return [];
    const isWorkersComp = line.slug === WORKERS_COMP_SLUG;
    // In a monopolistic state only the fund sells it, listed work or chosen cover alike (issue
    // 54: Wyoming's list is wider than construction, and no private insurer writes it there).
    const fundOnly = isWorkersComp && wc.stateFundOnly;
    // A private insurer's median says nothing of a state fund's rates.
    return [
      {
        slug: line.slug,
        name: line.term({}, { locale }),
        ...verdict,
        ticked: startsTicked(verdict.recommendation) && !fundOnly,
        typicalPrice: fundOnly
          ? undefined
          : typicalMonthlyPrice(line.slug, answers.industry, answers.segments, locale),
        publishedRange: publishedRange(line.slug, locale),
        priceNote:
          isWorkersComp && !fundOnly
            ? (answers.industry === "construction"
                ? WORKERS_COMP_CONSTRUCTION_PRICE_NOTE
                : WORKERS_COMP_PRICE_NOTE)({}, { locale })
            : undefined,
        stateFund: fundOnly ? wc.stateFund : undefined,
        notes: isWorkersComp ? wc.notes.map((note) => note({}, { locale })) : [],
      },
    ];
  });
  const strength = (line: PlanLine) => RECOMMENDATIONS.indexOf(line.recommendation);
  return { lines: lines.toSorted((a, b) => strength(a) - strength(b)) };
}

/** What "Update my plan" changed (issue 26): lines whose grade changed, and those it raised. */
export interface PlanChanges {
  /** Lines whose recommendation changed, or that appeared or went. */
  changed: readonly string[];
  /** Lines now Required or Recommended that were not before: they are ticked for the request. */
  raised: readonly string[];
}

/** The difference between the plan before an update of the answers and after it. */
export function planChanges(before: CoveragePlan, after: CoveragePlan): PlanChanges {
  const grade = (plan: CoveragePlan, slug: string) =>
    plan.lines.find((line) => line.slug === slug)?.recommendation;
  const changed: string[] = [];
  const raised: string[] = [];
  for (const { slug } of PLAN_LINES) {
    const was = grade(before, slug);
    const now = grade(after, slug);
    if (was === now) continue;
    changed.push(slug);
    if (now !== undefined && startsTicked(now) && (was === undefined || !startsTicked(was))) {
      raised.push(slug);
    }
  }
  return { changed, raised };
}

/** The changes as a page address's query (?changed=…&raised=…), slugs joined by commas. */
export function planChangesQuery(changes: PlanChanges): string {
  if (changes.changed.length === 0) return "";
  const query = new URLSearchParams({ changed: changes.changed.join(",") });
  if (changes.raised.length > 0) query.set("raised", changes.raised.join(","));
  return `?${query.toString()}`;
}

/** The changes a page address names: only the plan's own slugs, each once, the rest ignored. */
export function planChangesOf(search: URLSearchParams): PlanChanges {
  const slugs = (name: string) => {
    const named = new Set((search.get(name) ?? "").slice(0, 1000).split(","));
    return PLAN_LINES.map((line) => line.slug).filter((slug) => named.has(slug));
  };
  return { changed: slugs("changed"), raised: slugs("raised") };
}
