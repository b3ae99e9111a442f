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
import { BASE_LOCALE, type Message } from "#app/domain/site/locales.ts";
import { m } from "#app/paraglide/messages.js";
import { RULES_READ_ON, type Source } from "#app/domain/reference/source.ts";
import { type UsState } from "#app/domain/reference/states.ts";
import {
  workersCompFor,
  type StateFund,
  type WorkersCompState,
} from "#app/domain/reference/workers-comp-states.ts";

/** The slug of commercial auto, the one plan line without a page of its own. */
export const COMMERCIAL_AUTO_SLUG = "commercial-auto";

/**
 * Every line the plan can show and a request can name: the ten the site markets, in the
 * carousel's order, and commercial auto, shown only when the business uses vehicles for work.
 */
export const PLAN_LINES: readonly { slug: string; name: string; term: Message }[] = [
  ...PRODUCT_LINES.map(({ slug, name, term }) => ({ slug, name, term })),
  {
    slug: COMMERCIAL_AUTO_SLUG,
    name: m.term_commercial_auto({}, { locale: BASE_LOCALE }),
    term: m.term_commercial_auto,
  },
];

/** Strongest first: the plan is ordered this way. */
export const RECOMMENDATIONS = [
  "Required by law",
  "Recommended",
  "Worth considering",
  "Not usually needed for this business",
] as const;
export type Recommendation = (typeof RECOMMENDATIONS)[number];

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
}

/** The answers as the rules read them. */
export interface PlanFacts {
  answers: PlanAnswers;
  employees: {
    /** none: both counts answered and zero; some: at least one employee; unknown otherwise. */
    status: "none" | "some" | "unknown";
    /** The answered counts added up: a lower bound while a count is unanswered. */
    atLeast: number;
    /** Whether both counts were answered. */
    exact: boolean;
  };
}

/** Works out the facts the rules read from the answers. */
export function planFacts(answers: PlanAnswers): PlanFacts {
  const atLeast = (answers.fullTimeEmployees ?? 0) + (answers.partTimeEmployees ?? 0);
  const exact = answers.fullTimeEmployees !== undefined && answers.partTimeEmployees !== undefined;
  const status = atLeast > 0 ? "some" : exact ? "none" : "unknown";
  return { answers, employees: { status, atLeast, exact } };
}

/** One row of the rules table: the first row of a line whose `when` holds gives its verdict. */
export interface PlanRule {
  when: (facts: PlanFacts) => boolean;
  recommendation: Recommendation;
  /** One plain sentence, shown as is. */
  reason: string;
  /** Shown behind the "Why?" disclosure. */
  sources: readonly Source[];
}

function read(publisher: string, url: string): Source {
  return { publisher, url, read: RULES_READ_ON };
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

const NO_ADVICE_SOLD = "Businesses that don't sell advice or professional services rarely need it.";

/**
 * The rules for every line but workers' compensation, by line slug (app/domain/reference/products.ts). Each
 * line's list ends with a row that always applies, so every line gets a verdict.
 */
export const PLAN_RULES: Readonly<Record<string, readonly PlanRule[]>> = {
  "general-liability": [
    {
      when: inIndustry("construction"),
      recommendation: "Recommended",
      reason:
        "Clients and general contractors usually ask for it before work starts, and it covers injuries and damage you cause on a job.",
      sources: [SOURCES.liabilityTypes, SOURCES.coverageTypes],
    },
    {
      // Where the plan recommends a BOP (PLAN_RULES' next line), that policy includes this cover.
      when: both(
        inIndustry("retail", "food", "offices", "cleaning"),
        (facts) => !(inIndustry("retail")(facts) && onlySegments("E-Commerce")(facts)),
      ),
      recommendation: "Worth considering",
      reason:
        "A Business Owner's Policy includes general liability, so you need one of the two, not both.",
      sources: [SOURCES.bop, SOURCES.liabilityTypes],
    },
    {
      when: always,
      recommendation: "Recommended",
      reason:
        "It covers claims that your business hurt someone or damaged their property, which any business can face.",
      sources: [SOURCES.liabilityTypes, SOURCES.coverageTypes],
    },
  ],
  "business-owners-policy": [
    {
      when: both(inIndustry("retail"), onlySegments("E-Commerce")),
      recommendation: "Worth considering",
      reason:
        "Selling only online leaves less premises risk, though a BOP still protects your stock and equipment.",
      sources: [SOURCES.bop],
    },
    {
      when: inIndustry("retail"),
      recommendation: "Recommended",
      reason:
        "A shop's stock, fittings and visiting customers are what a BOP's property and liability cover is for.",
      sources: [SOURCES.bop],
    },
    {
      when: inIndustry("food"),
      recommendation: "Recommended",
      reason:
        "Kitchen equipment, stock and customers on site are what a BOP's property and liability cover is for.",
      sources: [SOURCES.bop],
    },
    {
      when: inIndustry("offices"),
      recommendation: "Recommended",
      reason: "A BOP covers your office equipment and injuries to visitors in one policy.",
      sources: [SOURCES.bop],
    },
    {
      when: inIndustry("cleaning"),
      recommendation: "Recommended",
      reason:
        "A BOP covers your cleaning equipment and the damage or injuries you might cause at clients' sites.",
      sources: [SOURCES.bop],
    },
    {
      when: inIndustry("construction"),
      recommendation: "Worth considering",
      reason:
        "A BOP suits contractors with a shop or office, while tools taken to job sites usually need separate cover.",
      sources: [SOURCES.bop, SOURCES.coverageTypes],
    },
    {
      when: always,
      recommendation: "Worth considering",
      reason: "A BOP suits businesses with premises, equipment or stock to protect.",
      sources: [SOURCES.bop],
    },
  ],
  "professional-liability": [
    {
      when: both(inIndustry("offices"), hasSegment(...errorsAndOmissionsFields)),
      recommendation: "Worth considering",
      reason:
        "Firms in your field usually buy this cover as errors and omissions, so you need one of the two, not both.",
      sources: [SOURCES.errorsAndOmissions, SOURCES.liabilityTypes],
    },
    {
      when: inIndustry("offices"),
      recommendation: "Recommended",
      reason:
        "Clients can claim a mistake in your advice or work cost them money, and this covers those claims.",
      sources: [SOURCES.errorsAndOmissions, SOURCES.liabilityTypes],
    },
    {
      when: both(
        inIndustry("retail"),
        hasSegment("Pharmacy or Drug Store", "Eyewear and Optician Store"),
      ),
      recommendation: "Worth considering",
      reason:
        "Pharmacists and opticians give professional advice that a customer could claim was wrong.",
      sources: [SOURCES.liabilityTypes],
    },
    {
      when: both(inIndustry("construction"), hasSegment("General Contractor")),
      recommendation: "Worth considering",
      reason:
        "General contractors who plan or manage projects can be blamed when a plan or schedule goes wrong.",
      sources: [SOURCES.errorsAndOmissions],
    },
    {
      when: inIndustry("other"),
      recommendation: "Worth considering",
      reason: "It is worth having if clients rely on your advice or professional services.",
      sources: [SOURCES.errorsAndOmissions, SOURCES.liabilityTypes],
    },
    {
      when: always,
      recommendation: "Not usually needed for this business",
      reason: NO_ADVICE_SOLD,
      sources: [SOURCES.liabilityTypes],
    },
  ],
  "errors-and-omissions": [
    {
      when: both(inIndustry("offices"), hasSegment("Technology Services")),
      recommendation: "Recommended",
      reason: "Clients can claim that tech work which failed or ran late cost them money.",
      sources: [SOURCES.errorsAndOmissions],
    },
    {
      when: both(
        inIndustry("offices"),
        hasSegment("Real Estate Agent", "Real Estate Agency", "Insurance Agent"),
      ),
      recommendation: "Recommended",
      reason: "Agents can be sued over a missed detail or wrong advice in a sale or a policy.",
      sources: [SOURCES.errorsAndOmissions, SOURCES.liabilityTypes],
    },
    {
      when: inIndustry("offices"),
      recommendation: "Worth considering",
      reason:
        "Errors and omissions is what some fields call professional liability, so you need one of the two, not both.",
      sources: [SOURCES.errorsAndOmissions],
    },
    {
      when: inIndustry("other"),
      recommendation: "Worth considering",
      reason:
        "It is worth having if clients rely on your work being right, as with tech or agency services.",
      sources: [SOURCES.errorsAndOmissions],
    },
    {
      when: always,
      recommendation: "Not usually needed for this business",
      reason: NO_ADVICE_SOLD,
      sources: [SOURCES.errorsAndOmissions],
    },
  ],
  "cyber-insurance": [
    {
      when: inIndustry("retail"),
      recommendation: "Recommended",
      reason:
        "Taking card payments and keeping customer details make a data breach a real cost for a shop.",
      sources: [SOURCES.cyber],
    },
    {
      when: inIndustry("food"),
      recommendation: "Recommended",
      reason:
        "Card payments and online orders put your customers' details at risk in a data breach.",
      sources: [SOURCES.cyber],
    },
    {
      when: inIndustry("offices"),
      recommendation: "Recommended",
      reason: "You hold client records and files that a breach or ransomware attack could expose.",
      sources: [SOURCES.cyber],
    },
    {
      when: always,
      recommendation: "Worth considering",
      reason: "It is worth having if you store customer details or take payments online.",
      sources: [SOURCES.cyber],
    },
  ],
  "employment-practices-liability": [
    {
      when: employees("none"),
      recommendation: "Not usually needed for this business",
      reason: "With no employees, there is no one to bring an employment claim.",
      sources: [SOURCES.smallEmployerClaims],
    },
    {
      when: employees("unknown"),
      recommendation: "Worth considering",
      reason:
        "Once you have staff, claims of unfair firing, harassment or discrimination become possible.",
      sources: [SOURCES.smallEmployerClaims],
    },
    {
      when: atLeastEmployees(15),
      recommendation: "Recommended",
      reason:
        "With 15 or more employees, federal anti-discrimination laws apply to you as well as state ones.",
      sources: [SOURCES.eeocCoverage, SOURCES.smallEmployerClaims],
    },
    {
      when: always,
      recommendation: "Worth considering",
      reason:
        "Even a small team can bring claims of unfair firing or harassment, often under state law.",
      sources: [SOURCES.smallEmployerClaims, SOURCES.eeocCoverage],
    },
  ],
  "directors-and-officers": [
    {
      when: ownedAs("Corporation"),
      recommendation: "Recommended",
      reason: "A corporation's directors and officers can be sued personally over how they run it.",
      sources: [SOURCES.directorsAndOfficers, SOURCES.directorsAndOfficersCost],
    },
    {
      when: ownedAs("Trust"),
      recommendation: "Worth considering",
      reason:
        "Trustees can be sued personally over their decisions, so this is worth asking about.",
      sources: [SOURCES.directorsAndOfficers],
    },
    {
      when: ownedAs("Limited Liability Company", "Other Entity"),
      recommendation: "Worth considering",
      reason:
        "It is worth having if you have a board or outside investors who could sue over decisions.",
      sources: [SOURCES.directorsAndOfficers, SOURCES.directorsAndOfficersCost],
    },
    {
      when: ownedAs("Individual / Sole Proprietorship"),
      recommendation: "Not usually needed for this business",
      reason: "A sole proprietorship has no directors or officers for this cover to protect.",
      sources: [SOURCES.directorsAndOfficers],
    },
    {
      when: always,
      recommendation: "Not usually needed for this business",
      reason:
        "Without a board or outside investors, there is rarely anyone for this cover to protect.",
      sources: [SOURCES.directorsAndOfficers],
    },
  ],
  "crime-insurance": [
    {
      when: both(inIndustry("cleaning"), employees("none")),
      recommendation: "Worth considering",
      reason:
        "Some crime policies cover theft of property in your care, which cleaning clients often ask about.",
      sources: [SOURCES.crimeCoverage],
    },
    {
      when: employees("none"),
      recommendation: "Not usually needed for this business",
      reason: "With no employees, the main risk it covers, theft by staff, does not arise.",
      sources: [SOURCES.employeeTheft],
    },
    {
      when: inIndustry("cleaning"),
      recommendation: "Recommended",
      reason:
        "Staff working in clients' homes and offices can be accused of theft, and crime cover can pay for their property.",
      sources: [SOURCES.crimeCoverage, SOURCES.employeeTheft],
    },
    {
      when: both(inIndustry("retail", "food"), employees("some")),
      recommendation: "Recommended",
      reason:
        "Staff who handle cash and stock create a risk of theft that property insurance does not cover.",
      sources: [SOURCES.employeeTheft, SOURCES.crimeCoverage],
    },
    {
      when: always,
      recommendation: "Worth considering",
      reason:
        "Anyone with access to your money or accounts could steal it or be tricked into paying a fraudster.",
      sources: [SOURCES.crimeCoverage, SOURCES.employeeTheft],
    },
  ],
  "fiduciary-liability": [
    {
      when: employees("none"),
      recommendation: "Not usually needed for this business",
      reason: "It only matters if you run a retirement or health plan for employees.",
      sources: [SOURCES.fiduciary],
    },
    {
      when: always,
      recommendation: "Worth considering",
      reason:
        "If you offer employees a retirement or health plan, you can be held personally liable for how it's run.",
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
export const ASK_ABOUT_STATE = "Ask an agent whether your state requires it.";

function employeesPhrase(count: number): string {
  return count === 1 ? "your first employee" : `${count} employees`;
}

/** What decides it in this state, as one sentence; the same words serve "required" and not yet. */
function requirementSentence(wc: WorkersCompState, construction: boolean): string {
  const fund = wc.stateFundOnly ? ", and it must come from the state fund" : "";
  if (construction && wc.construction?.allConstruction) {
    return `${wc.state} requires it for ${wc.construction.work} from ${employeesPhrase(wc.construction.minEmployees)}${fund}.`;
  }
  if (wc.minEmployees === undefined) {
    return `${wc.state} requires it once ${wc.alsoWhen ?? "you have employees"}${fund}.`;
  }
  const forSomeConstruction =
    construction && wc.construction
      ? `, or from ${employeesPhrase(wc.construction.minEmployees)} for ${wc.construction.work}`
      : "";
  const sooner = wc.alsoWhen ? `, or sooner once ${wc.alsoWhen}` : "";
  return `${wc.state} requires it from ${employeesPhrase(wc.minEmployees)}${forSomeConstruction}${sooner}${fund}.`;
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

function ownersPhrase(count: number): string {
  return count === 1
    ? "the owner or officer who works in the business"
    : `the ${count} owners or officers who work in the business`;
}

/** Owners a state counts as employees whatever the head count (Florida construction, California). */
function ownersAlwaysCovered(facts: PlanFacts, wc: WorkersCompState): Verdict | undefined {
  const { answers } = facts;
  const construction = answers.industry === "construction";
  // Nobody works in the business: no one for the rule to cover.
  if (answers.workingOwners === 0) return undefined;
  const owners = wc.ownersCovered?.find(
    (rule) =>
      rule.ownership.includes(answers.ownership) && (!rule.onlyConstruction || construction),
  );
  if (!owners) return undefined;
  return {
    recommendation: "Required by law",
    reason: owners.canOptOut
      ? `${wc.state} counts ${owners.who} as employees, so it is required unless they file to be exempt.`
      : `${wc.state} counts ${owners.who} as employees, so you need it even with no staff.`,
    sources: wc.sources,
  };
}

/** With no employees, where the state's head count does not decide it. */
function noEmployeesVerdict(facts: PlanFacts, wc: WorkersCompState): Verdict {
  const { answers } = facts;
  const sources = wc.sources;
  if (answers.workingOwners === 0) {
    return {
      recommendation: "Not usually needed for this business",
      reason:
        "With no employees and no owner working in the business, there is no one for it to cover.",
      sources,
    };
  }
  if (wc.status === "elective" || ownersCounting(wc, answers.ownership) === "not-counted") {
    return {
      recommendation: "Not usually needed for this business",
      reason:
        "With no employees the law doesn't require it, though owners can choose to cover themselves.",
      sources,
    };
  }
  // Companies: many states count working officers or members as employees, each in its own way.
  return { recommendation: "Recommended", reason: ASK_ABOUT_STATE, sources };
}

/**
 * Workers' compensation, from the visitor's state, industry, ownership, head count and working
 * owners (issue 26): the owners are counted where the state counts them; where its sources do not
 * say and they could make the difference, the plan says to ask an agent, never "optional".
 */
export function workersCompVerdict(facts: PlanFacts): Verdict {
  const { answers, employees: staff } = facts;
  const wc = workersCompFor(answers.state);
  const sources = wc.sources;
  const construction = answers.industry === "construction";
  const owners = answers.workingOwners;
  const counting = ownersCounting(wc, answers.ownership);

  if (staff.status === "none") {
    const covered = ownersAlwaysCovered(facts, wc);
    if (covered) return covered;
    if (wc.status !== "required") return noEmployeesVerdict(facts, wc);
  }

  switch (wc.status) {
    case "unknown":
      return { recommendation: "Recommended", reason: ASK_ABOUT_STATE, sources };
    case "elective":
      return {
        recommendation: "Recommended",
        reason: `${wc.state} lets most private employers opt out, but without it injured staff can sue you.`,
        sources,
      };
    case "listed-work":
      if (construction) {
        return {
          recommendation: staff.status === "some" ? "Required by law" : "Recommended",
          reason: `${wc.state} lists construction as extra-hazardous work, so it is required from your first employee and must come from the state fund.`,
          sources,
        };
      }
      return {
        recommendation: "Recommended",
        reason: `${wc.state} requires it only for work on its extra-hazardous list, so ask an agent whether yours is.`,
        sources,
      };
    case "required": {
      const threshold = certainThreshold(wc, construction);
      const sentence = requirementSentence(wc, construction);
      if (threshold !== undefined && staff.atLeast >= threshold) {
        return { recommendation: "Required by law", reason: sentence, sources };
      }
      const withOwners = staff.atLeast + (owners ?? 0);
      if (threshold !== undefined && owners !== undefined && withOwners >= threshold) {
        if (counting === "counted") {
          return {
            recommendation: "Required by law",
            reason: `${sentence.slice(0, -1)}, and counts ${ownersPhrase(owners)}.`,
            sources,
          };
        }
        if (counting === "unsettled") {
          return { recommendation: "Recommended", reason: ASK_ABOUT_STATE, sources };
        }
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
          reason: `${wc.state} requires it from ${employeesPhrase(threshold)}, so for now it is optional but still pays if staff get hurt.`,
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
  if (vehicles === undefined || vehicles === "none") return undefined;
  if (vehicles === "personal") {
    return {
      recommendation: "Recommended",
      reason:
        "Personal car policies often leave out business use; hired and non-owned auto cover protects the business when staff drive their own cars for work.",
      sources: [AUTO_SOURCES.byState],
    };
  }
  if (AUTO_LIABILITY_NOT_REQUIRED.includes(state)) {
    return {
      recommendation: "Recommended",
      reason: `${state} doesn't require auto insurance but holds you to pay for an accident you cause; ask an agent what proof it needs.`,
      sources: [AUTO_SOURCES.newHampshire],
    };
  }
  return {
    recommendation: "Required by law",
    reason: `${state} requires liability insurance on vehicles the business owns or leases, which a personal auto policy usually does not cover.`,
    sources: [AUTO_SOURCES.byState, AUTO_SOURCES.newHampshire],
  };
}

/** The verdict for one line from the rules table; every line's rules end with a catch-all. */
export function ruleVerdict(lineSlug: string, facts: PlanFacts): Verdict {
  const rule = PLAN_RULES[lineSlug]?.find((candidate) => candidate.when(facts));
  if (!rule) throw new Error(`No plan rule for ${lineSlug}`);
  return { recommendation: rule.recommendation, reason: rule.reason, sources: rule.sources };
}

/** The verdict for a line, or undefined when the plan does not show it. */
function lineVerdict(lineSlug: string, facts: PlanFacts): Verdict | undefined {
  if (lineSlug === WORKERS_COMP_SLUG) return workersCompVerdict(facts);
  if (lineSlug === COMMERCIAL_AUTO_SLUG) return commercialAutoVerdict(facts);
  return ruleVerdict(lineSlug, facts);
}

/** Why a national median understates a construction firm's workers' compensation (issue 26). */
export const WORKERS_COMP_CONSTRUCTION_PRICE_NOTE =
  "Workers' compensation is priced on payroll and each trade's class, so a construction firm usually pays well above this median.";

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

/** The coverage plan for a business, from its answers. */
export function coveragePlan(answers: PlanAnswers): CoveragePlan {
  const facts = planFacts(answers);
  const wc = workersCompFor(answers.state);
  const lines = PLAN_LINES.flatMap((line): PlanLine[] => {
    const verdict = lineVerdict(line.slug, facts);
    if (!verdict) return [];
    const isWorkersComp = line.slug === WORKERS_COMP_SLUG;
    // Wyoming's fund sells only its listed work (construction); elsewhere a private insurer may.
    const fundOnly =
      isWorkersComp &&
      wc.stateFundOnly &&
      (wc.status !== "listed-work" || answers.industry === "construction");
    // A private insurer's median says nothing of a state fund's rates.
    return [
      {
        slug: line.slug,
        name: line.name,
        ...verdict,
        ticked: startsTicked(verdict.recommendation) && !fundOnly,
        typicalPrice: fundOnly
          ? undefined
          : typicalMonthlyPrice(line.slug, answers.industry, answers.segments),
        publishedRange: publishedRange(line.slug),
        priceNote:
          isWorkersComp && !fundOnly && answers.industry === "construction"
            ? WORKERS_COMP_CONSTRUCTION_PRICE_NOTE
            : undefined,
        stateFund: fundOnly ? wc.stateFund : undefined,
        notes: isWorkersComp ? wc.notes : [],
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
