/**
 * When each state's law requires workers' compensation insurance, as data, with the page each fact
 * was read from (state agencies first; where no agency page could be found, a named secondary
 * source). A state whose sources disagree is `unknown`: the plan then says "Ask an agent whether
 * your state requires it" instead of guessing. Read on 2026-11-23; this is not legal advice.
 */
import { m } from "#app/paraglide/messages.js";
import type { Message } from "#app/domain/site/locales.ts";
import {
  OWNERSHIP_STRUCTURES,
  type OwnershipStructure,
} from "#app/domain/reference/ownership-structures.ts";
import { catalogSegments, INDUSTRIES } from "#app/domain/reference/industries.ts";
import { LINES_REVIEWED_ON, RULES_READ_ON, type Source } from "#app/domain/reference/source.ts";
import { type UsState } from "#app/domain/reference/states.ts";

/**
 * - required: the law requires it once the business reaches `minEmployees` (or `alsoWhen`);
 * - elective: private employers may choose not to carry it (Texas);
 * - listed-work: required only for work the state lists as hazardous (Wyoming);
 * - unknown: the sources we read disagree, so an agent should answer.
 */
export type WorkersCompStatus = "required" | "elective" | "listed-work" | "unknown";

/** Business owners a state counts as employees even when there is no other staff. */
export interface OwnersCovered {
  ownership: readonly OwnershipStructure[];
  onlyConstruction: boolean;
  /** Whether these owners may file to be left out. */
  canOptOut: boolean;
  /**
   * Who, in the words the plan uses (messages/state-laws): "construction business owners", after
   * "{state} counts"; in Spanish a noun phrase with its article, after "cuenta como empleados a".
   */
  who: Message;
}

/**
 * Which working owners a state counts toward its head-count threshold (issue 26), by ownership
 * structure, as its sources say. A structure in neither list is not settled by the sources: where
 * it could decide the answer, the plan says "Ask an agent whether your state requires it".
 */
export interface OwnersCount {
  counted: readonly OwnershipStructure[];
  notCounted: readonly OwnershipStructure[];
}

/**
 * A contractors' licensing rule that a trade carry workers' compensation whatever its head count
 * (issue 54: California's Business and Professions Code § 7125). `required`: the board requires it
 * of active licensees now; `pending`: the law extends it to them from a start date that has moved,
 * so the plan asks an agent rather than say it is not needed.
 */
export interface TradeLicenceRule {
  /** The wizard's construction segments the rule is read for. */
  segments: readonly string[];
  status: "required" | "pending";
  /** One sentence (messages/state-laws) saying what the board requires and of whom. */
  reason: Message;
  sources: readonly Source[];
}

/**
 * The work a state lists as extra-hazardous (Wyoming's § 27-14-108), where only that work must be
 * covered: by the wizard's segments (the NAICS codes beside each, app/domain/reference/naics.ts,
 * fall under the list; a test checks them) and by the NAICS codes the list names, for a business
 * filed under a code of its own ("other" industries). Construction counts as listed as a whole.
 */
export interface ListedWork {
  segments: readonly string[];
  /** 2022 NAICS code prefixes of the listed sectors, subsectors, groups and industries. */
  naicsPrefixes: readonly string[];
}

/** A monopolistic state's fund, which sells workers' compensation there and no agency can quote. */
export interface StateFund {
  name: string;
  url: string;
}

export interface WorkersCompState {
  state: UsState;
  status: WorkersCompStatus;
  /** Required outright from this many employees, full- or part-time. */
  minEmployees?: number;
  /**
   * A further test the law adds that the plan's answers cannot check (payroll, hours): it can make
   * coverage required below `minEmployees`, or instead of a head count. A message
   * (messages/state-laws) whose words follow "once"; in Spanish a clause in the subjunctive, after
   * "en cuanto".
   */
  alsoWhen?: Message;
  /**
   * Construction counted differently; `allConstruction` false when only some of it is meant. `work`
   * is a message (messages/state-laws) whose words follow "requires it for"; in Spanish a noun
   * phrase with its article, after "para".
   */
  construction?: { minEmployees: number; allConstruction: boolean; work: Message };
  ownersCovered?: readonly OwnersCovered[];
  /** Who of the working owners count toward `minEmployees`; absent: the sources do not say. */
  ownersCount?: OwnersCount;
  /** Trades a contractors' licence obliges to carry it, in the order the plan reads them. */
  tradeLicences?: readonly TradeLicenceRule[];
  /** For `listed-work`: what the state's list names. */
  listedWork?: ListedWork;
  /** Monopolistic state: coverage must come from the state fund, not a private insurer. */
  stateFundOnly: boolean;
  /** The fund, for a monopolistic state. */
  stateFund?: StateFund;
  /**
   * Plain notes on owners, officers and exceptions, for the "Why?" disclosure: messages
   * (messages/state-laws), each a whole sentence.
   */
  notes: readonly Message[];
  sources: readonly Source[];
}

function source(publisher: string, url: string, read: string = RULES_READ_ON): Source {
  return { publisher, url, read };
}

/** A source read for the plan's review (issue 54). */
function reviewed(publisher: string, url: string): Source {
  return source(publisher, url, LINES_REVIEWED_ON);
}

const CALIFORNIA_BPC_7125 = reviewed(
  "California Legislature, Business and Professions Code § 7125",
  "https://leginfo.legislature.ca.gov/faces/codes_displayText.xhtml?lawCode=BPC&division=3.&title=&part=&chapter=9.&article=7.5.",
);
const CSLB_WORKERS_COMP = reviewed(
  "Contractors State License Board",
  "https://web.cslb.ca.gov/contractors/maintain_license/workers_compensation.aspx",
);

/** The California contractors whose licence requires it now, by the wizard's segments. */
const CALIFORNIA_ROOFING = catalogSegments("Roofing");
const CALIFORNIA_CONCRETE_AND_HVAC = catalogSegments("Concrete Construction", "HVAC Work");
const CONSTRUCTION_SEGMENTS =
  INDUSTRIES.find((industry) => industry.id === "construction")?.segments ?? [];

const NOLO = "Nolo";

/** In the order of US_STATES; a test checks there is exactly one entry per state. */
export const WORKERS_COMP_STATES: readonly WorkersCompState[] = [
  {
    state: "Alabama",
    status: "required",
    minEmployees: 5,
    construction: {
      minEmployees: 1,
      allConstruction: false,
      work: m.wc_alabama_work,
    },
    stateFundOnly: false,
    ownersCount: { counted: ["Corporation"], notCounted: [] },
    notes: [m.wc_alabama_note_1, m.wc_alabama_note_2],
    sources: [source("Alabama Department of Labor", "http://labor.alabama.gov/WC/insurance.aspx")],
  },
  {
    state: "Alaska",
    status: "required",
    minEmployees: 1,
    stateFundOnly: false,
    notes: [m.wc_alaska_note_1, m.wc_alaska_note_2],
    sources: [
      source(
        "Alaska Department of Labor and Workforce Development",
        "https://www.labor.alaska.gov/wc/er-profit.html",
      ),
    ],
  },
  {
    state: "Arizona",
    status: "required",
    minEmployees: 1,
    stateFundOnly: false,
    notes: [m.wc_arizona_note_1, m.wc_arizona_note_2],
    sources: [
      source(
        NOLO,
        "https://www.nolo.com/legal-encyclopedia/an-employers-guide-to-workers-compensation-in-arizona.html",
      ),
    ],
  },
  {
    state: "Arkansas",
    status: "required",
    minEmployees: 3,
    construction: {
      minEmployees: 2,
      allConstruction: false,
      work: m.wc_arkansas_work,
    },
    stateFundOnly: false,
    // Working owners count toward the three unless they hold a certificate of non-coverage.
    ownersCount: {
      counted: [
        "Individual / Sole Proprietorship",
        "Partnership",
        "Limited Liability Company",
        "Corporation",
      ],
      notCounted: [],
    },
    notes: [m.wc_arkansas_note_1, m.wc_arkansas_note_2],
    sources: [
      reviewed(
        "Arkansas Workers' Compensation Commission, Form AR-A (copy on fill.io)",
        "https://fill.io/Work-Comp-0251876c",
      ),
      reviewed(
        "Legal Clarity (citing Arkansas Code § 11-9-102)",
        "https://legalclarity.org/arkansas-certificate-of-non-coverage-purpose-process-and-legalities/",
      ),
      source(
        "Arkansas Workers' Compensation Commission",
        "http://www.awcc.state.ar.us/employerbasicfacts.html",
      ),
      source(
        "BLR",
        "https://www.blr.com/HR-Employment/HR-Administration/Workers-Compensation-in-Arkansas",
      ),
    ],
  },
  {
    state: "California",
    status: "required",
    minEmployees: 1,
    stateFundOnly: false,
    ownersCovered: [
      {
        ownership: ["Corporation"],
        onlyConstruction: false,
        canOptOut: true,
        who: m.wc_california_who_1,
      },
    ],
    tradeLicences: [
      {
        segments: CALIFORNIA_ROOFING,
        status: "required",
        reason: m.wc_california_roofing,
        sources: [CALIFORNIA_BPC_7125, CSLB_WORKERS_COMP],
      },
      {
        segments: CALIFORNIA_CONCRETE_AND_HVAC,
        status: "required",
        reason: m.wc_california_concrete_hvac,
        sources: [
          CALIFORNIA_BPC_7125,
          CSLB_WORKERS_COMP,
          reviewed(
            "California Legislature, SB 216 (2022)",
            "https://leginfo.legislature.ca.gov/faces/billCompareClient.xhtml?bill_id=202120220SB216&showamends=false",
          ),
        ],
      },
      {
        // Every other licensee: SB 216 set 2026, SB 1455 (2024) moved it to 2028, and a 2025 bill
        // (SB 291) proposed another date: unsettled, so ask an agent.
        segments: CONSTRUCTION_SEGMENTS.filter(
          (segment) =>
            !CALIFORNIA_ROOFING.includes(segment) &&
            !CALIFORNIA_CONCRETE_AND_HVAC.includes(segment),
        ),
        status: "pending",
        reason: m.wc_california_all_licensees,
        sources: [
          CALIFORNIA_BPC_7125,
          reviewed(
            "University of San Diego, Center for Public Interest Law (on SB 1455, 2024)",
            "https://sites.sandiego.edu/cpil-blog/?p=986",
          ),
          reviewed(
            "California Legislature, SB 291 (2025), as amended (LegiPlex)",
            "https://app.legiplex.com/ca/legislature/2025/2025-r/bills/sb291/draft-2247093?id=2247093",
          ),
        ],
      },
    ],
    notes: [
      m.wc_california_note_1,
      m.wc_california_note_2,
      m.wc_california_note_3,
      m.wc_california_note_4,
    ],
    sources: [
      source(
        "California Division of Workers' Compensation",
        "https://www.dir.ca.gov/dwc/faqs.html",
      ),
      source(
        "Workers' Compensation Insurance Rating Bureau of California",
        "https://www.wcirb.com/guide-to-workers-compensation/standard-classification/exec-partners",
      ),
      reviewed(
        "California Legislature, AB 2883 (2016), chaptered (LegiScan)",
        "https://legiscan.com/CA/text/AB2883/2015",
      ),
    ],
  },
  {
    state: "Colorado",
    status: "required",
    minEmployees: 1,
    stateFundOnly: false,
    notes: [m.wc_colorado_note_1],
    sources: [
      source(
        "Colorado Department of Labor and Employment",
        "https://cdle.colorado.gov/dwc/employers",
      ),
    ],
  },
  {
    state: "Connecticut",
    status: "required",
    minEmployees: 1,
    stateFundOnly: false,
    notes: [m.wc_connecticut_note_1],
    sources: [
      source(
        "Connecticut Workers' Compensation Commission",
        "https://portal.ct.gov/wcc/knowledge-base/articles/employers/workers-compensation-insurance",
      ),
    ],
  },
  {
    state: "Delaware",
    status: "required",
    minEmployees: 1,
    stateFundOnly: false,
    notes: [m.wc_delaware_note_1],
    sources: [
      source(
        "Delaware Office of Workers' Compensation",
        "https://industrialaffairs.delaware.gov/en/knowledgebase-employer/who-must-carry-workers-compensation-insurance",
      ),
    ],
  },
  {
    state: "Florida",
    status: "required",
    minEmployees: 4,
    construction: {
      minEmployees: 1,
      allConstruction: true,
      work: m.wc_work_construction_businesses,
    },
    ownersCovered: [
      {
        ownership: ["Individual / Sole Proprietorship", "Partnership"],
        onlyConstruction: true,
        canOptOut: false,
        who: m.wc_who_construction_business_owners,
      },
      {
        ownership: ["Limited Liability Company", "Corporation"],
        onlyConstruction: true,
        canOptOut: true,
        who: m.wc_who_construction_business_owners,
      },
    ],
    stateFundOnly: false,
    ownersCount: { counted: ["Limited Liability Company", "Corporation"], notCounted: [] },
    notes: [m.wc_florida_note_1, m.wc_florida_note_2],
    sources: [
      source(
        "Florida Division of Workers' Compensation",
        "http://www.myfloridacfo.com/Division/WC/employer/coverage.htm",
      ),
    ],
  },
  {
    state: "Georgia",
    status: "required",
    minEmployees: 3,
    stateFundOnly: false,
    ownersCount: { counted: ["Corporation"], notCounted: [] },
    notes: [m.wc_georgia_note_1, m.wc_georgia_note_2],
    sources: [
      source(
        "BLR",
        "https://www.blr.com/Workplace-Safety/Safety-Administration/Workers-Compensation-in-Georgia",
      ),
      source(
        "Simple Work Comp",
        "https://simpleworkcomp.com/georgia-workers-compensation-requirements/",
      ),
    ],
  },
  {
    state: "Hawaii",
    status: "required",
    minEmployees: 1,
    stateFundOnly: false,
    notes: [m.wc_hawaii_note_1],
    sources: [
      source(
        "Hawaii Disability Compensation Division",
        "https://labor.hawaii.gov/dcd/home/aboutwc/",
      ),
    ],
  },
  {
    state: "Idaho",
    status: "required",
    minEmployees: 1,
    stateFundOnly: false,
    notes: [m.wc_idaho_note_1],
    sources: [source("Idaho Industrial Commission", "https://iic.idaho.gov/employers-faqs/")],
  },
  {
    state: "Illinois",
    status: "required",
    minEmployees: 1,
    stateFundOnly: false,
    notes: [m.wc_illinois_note_1],
    sources: [
      source(
        "Illinois Department of Insurance",
        "https://idoi.illinois.gov/wc-fraud/workers-compensation-insurance-compliance.html",
      ),
    ],
  },
  {
    state: "Indiana",
    status: "required",
    minEmployees: 1,
    stateFundOnly: false,
    notes: [m.wc_indiana_note_1, m.wc_note_sole_proprietors_partners_need_not_cover],
    sources: [
      source(
        "Insureon",
        "https://insureon.com/small-business-insurance/workers-compensation/indiana",
      ),
    ],
  },
  {
    state: "Iowa",
    status: "required",
    minEmployees: 1,
    stateFundOnly: false,
    notes: [m.wc_iowa_note_1],
    sources: [
      source("Iowa Division of Workers' Compensation", "https://www.iowaworkcomp.gov/insurance"),
    ],
  },
  {
    state: "Kansas",
    status: "required",
    alsoWhen: m.wc_kansas_also_when,
    stateFundOnly: false,
    notes: [m.wc_kansas_note_1, m.wc_kansas_note_2],
    sources: [
      source(
        "Kansas Department of Labor",
        "https://www.dol.ks.gov/WC/employers/coverage-and-compliance-section/coverage-requirements",
      ),
    ],
  },
  {
    state: "Kentucky",
    status: "required",
    minEmployees: 1,
    stateFundOnly: false,
    notes: [m.wc_kentucky_note_1],
    sources: [
      source(
        "Kentucky Department of Workers' Claims",
        "https://elc.ky.gov/Workers-Compensation/Pages/Employer-Frequently-Asked-Questions.aspx",
      ),
    ],
  },
  {
    state: "Louisiana",
    status: "required",
    minEmployees: 1,
    stateFundOnly: false,
    notes: [m.wc_louisiana_note_1],
    sources: [
      source(
        "Louisiana Workforce Commission",
        "https://www2.laworks.net/FAQs/FAQ_WorkComp_EmployerCoverage.asp",
      ),
    ],
  },
  {
    state: "Maine",
    status: "required",
    minEmployees: 1,
    stateFundOnly: false,
    notes: [m.wc_note_sole_proprietors_partners_need_not_cover, m.wc_maine_note_2],
    sources: [
      source(
        NOLO,
        "https://www.nolo.com/legal-encyclopedia/an-employers-guide-to-workers-compensation-in-maine.html",
      ),
      source(
        "Maine Bureau of Insurance",
        "http://www.state.me.us/pfr/insurance/consumer/workcomp_opting_out.htm",
      ),
    ],
  },
  {
    state: "Maryland",
    status: "required",
    minEmployees: 1,
    stateFundOnly: false,
    notes: [m.wc_maryland_note_1],
    sources: [
      source(
        "Maryland Workers' Compensation Commission",
        "http://www.wcc.state.md.us/Gen_Info/FAQ%20Employers.html",
      ),
      source(
        "Maryland Chamber of Commerce",
        "https://www.mdchamber.org/2023/08/25/workers-compensation-insurance-ensuring-employer-compliance-in-maryland/",
      ),
    ],
  },
  {
    state: "Massachusetts",
    status: "required",
    minEmployees: 1,
    stateFundOnly: false,
    notes: [m.wc_massachusetts_note_1, m.wc_massachusetts_note_2],
    sources: [
      source(
        "Massachusetts Department of Industrial Accidents",
        "https://www.mass.gov/info-details/workers-compensation-insurance-requirements",
      ),
    ],
  },
  {
    state: "Michigan",
    status: "required",
    minEmployees: 3,
    alsoWhen: m.wc_michigan_also_when,
    stateFundOnly: false,
    ownersCount: {
      counted: ["Partnership", "Corporation", "Limited Liability Company"],
      notCounted: ["Individual / Sole Proprietorship"],
    },
    notes: [m.wc_michigan_note_1, m.wc_michigan_note_2],
    sources: [
      source(
        "Michigan Workers' Disability Compensation Agency",
        "https://www.michigan.gov/leo/bureaus-agencies/wdca/insurance-requirements/pages/workers-disability-compensation-insurance-requirements",
      ),
    ],
  },
  {
    state: "Minnesota",
    status: "required",
    minEmployees: 1,
    stateFundOnly: false,
    notes: [m.wc_minnesota_note_1],
    sources: [
      source(
        "Minnesota Department of Labor and Industry",
        "http://dli.mn.gov/business/workers-compensation/work-comp-who-needs-workers-compensation-coverage",
      ),
    ],
  },
  {
    state: "Mississippi",
    status: "required",
    minEmployees: 5,
    stateFundOnly: false,
    notes: [m.wc_mississippi_note_1],
    sources: [
      source(
        NOLO,
        "https://www.nolo.com/legal-encyclopedia/an-employers-guide-to-workers-compensation-in-mississippi.html",
      ),
    ],
  },
  {
    state: "Missouri",
    status: "required",
    minEmployees: 5,
    construction: {
      minEmployees: 1,
      allConstruction: true,
      work: m.wc_work_construction_businesses,
    },
    stateFundOnly: false,
    notes: [m.wc_missouri_note_1],
    sources: [
      source(
        "Missouri Department of Labor and Industrial Relations",
        "https://molabor.uservoice.com/knowledgebase/articles/283463-fraud-i-have-business-locations-in-missouri-and-k",
      ),
    ],
  },
  {
    state: "Montana",
    status: "required",
    minEmployees: 1,
    stateFundOnly: false,
    notes: [m.wc_montana_note_1],
    sources: [
      source("Montana Department of Labor and Industry", "https://www.dli.mt.gov/employers"),
      source(
        NOLO,
        "https://www.nolo.com/legal-encyclopedia/an-employers-guide-to-workers-compensation-in-montana.html",
      ),
    ],
  },
  {
    state: "Nebraska",
    status: "required",
    minEmployees: 1,
    stateFundOnly: false,
    notes: [m.wc_nebraska_note_1],
    sources: [
      source(
        "Nebraska Workers' Compensation Court",
        "https://www.wcc.ne.gov/programs-products-and-services/employer-frequently-asked-questions",
      ),
    ],
  },
  {
    state: "Nevada",
    status: "required",
    minEmployees: 1,
    stateFundOnly: false,
    notes: [m.wc_nevada_note_1],
    sources: [
      source(
        NOLO,
        "https://www.nolo.com/legal-encyclopedia/an-employers-guide-to-workers-compensation-in-nevada.html",
      ),
    ],
  },
  {
    state: "New Hampshire",
    status: "required",
    minEmployees: 1,
    stateFundOnly: false,
    notes: [m.wc_new_hampshire_note_1, m.wc_new_hampshire_note_2],
    sources: [
      source("New Hampshire Department of Labor", "https://www.nh.gov/labor/faq/workers-comp.htm"),
      source(
        NOLO,
        "https://www.nolo.com/legal-encyclopedia/an-employers-guide-to-workers-compensation-in-new-hampshire.html",
      ),
    ],
  },
  {
    state: "New Jersey",
    status: "required",
    minEmployees: 1,
    ownersCovered: [
      {
        ownership: ["Corporation"],
        onlyConstruction: false,
        canOptOut: false,
        who: m.wc_new_jersey_who_1,
      },
    ],
    stateFundOnly: false,
    notes: [m.wc_new_jersey_note_1, m.wc_new_jersey_note_2],
    sources: [
      source(
        "New Jersey Division of Workers' Compensation",
        "https://nj.gov/labor/workerscompensation/employer-requirements",
      ),
    ],
  },
  {
    state: "New Mexico",
    status: "required",
    minEmployees: 3,
    construction: { minEmployees: 1, allConstruction: false, work: m.wc_new_mexico_work },
    stateFundOnly: false,
    ownersCount: { counted: OWNERSHIP_STRUCTURES, notCounted: [] },
    notes: [m.wc_new_mexico_note_1, m.wc_new_mexico_note_2],
    sources: [
      source(
        "New Mexico Workers' Compensation Administration",
        "https://workerscomp.nm.gov/node/60",
      ),
      source(
        "New Mexico Workers' Compensation Administration",
        "https://workerscomp.nm.gov/node/46",
      ),
    ],
  },
  {
    state: "New York",
    status: "required",
    minEmployees: 1,
    stateFundOnly: false,
    notes: [m.wc_new_york_note_1],
    sources: [
      source(
        "New York Workers' Compensation Board",
        "https://wcb.ny.gov/content/main/coverage-requirements-wc/wc-coverage-required.jsp",
      ),
      source(
        "New York Workers' Compensation Board",
        "https://apps.wcb.ny.gov/content/main/coverage-required-wc.jsp",
      ),
    ],
  },
  {
    state: "North Carolina",
    status: "required",
    minEmployees: 3,
    alsoWhen: m.wc_north_carolina_also_when,
    stateFundOnly: false,
    ownersCount: {
      counted: ["Corporation"],
      notCounted: ["Individual / Sole Proprietorship", "Partnership", "Limited Liability Company"],
    },
    notes: [m.wc_north_carolina_note_1, m.wc_north_carolina_note_2, m.wc_north_carolina_note_3],
    sources: [
      source(
        "North Carolina Industrial Commission",
        "http://www.ic.nc.gov/ncic/pages/busandind.htm",
      ),
      source("LawInfo", "https://www.lawinfo.com/resources/workers-compensation/north-carolina/"),
      source(
        "Travelers",
        "https://www.travelers.com/business-insurance/workers-compensation/state/north-carolina",
      ),
    ],
  },
  {
    state: "North Dakota",
    status: "required",
    minEmployees: 1,
    stateFundOnly: true,
    stateFund: {
      name: "North Dakota Workforce Safety & Insurance",
      url: "https://www.workforcesafety.com/employers/insurance-coverage-information/coverage-requirements",
    },
    notes: [m.wc_north_dakota_note_1, m.wc_north_dakota_note_2],
    sources: [
      source(
        "North Dakota Workforce Safety & Insurance",
        "https://www.workforcesafety.com/employers/insurance-coverage-information/coverage-requirements",
      ),
    ],
  },
  {
    state: "Ohio",
    status: "required",
    minEmployees: 1,
    stateFundOnly: true,
    stateFund: {
      name: "Ohio Bureau of Workers' Compensation",
      url: "https://info.bwc.ohio.gov/for-employers/workers-compensation-overview/understanding-ohio-law",
    },
    notes: [m.wc_ohio_note_1],
    sources: [
      source(
        "Ohio Bureau of Workers' Compensation",
        "https://info.bwc.ohio.gov/for-employers/workers-compensation-overview/understanding-ohio-law",
      ),
    ],
  },
  {
    state: "Oklahoma",
    status: "required",
    minEmployees: 1,
    stateFundOnly: false,
    notes: [m.wc_oklahoma_note_1, m.wc_oklahoma_note_2],
    sources: [
      source(
        NOLO,
        "https://www.nolo.com/legal-encyclopedia/an-employers-guide-to-workers-compensation-in-oklahoma.html",
      ),
    ],
  },
  {
    state: "Oregon",
    status: "required",
    minEmployees: 1,
    stateFundOnly: false,
    notes: [m.wc_oregon_note_1],
    sources: [
      source(
        "Oregon Workers' Compensation Division",
        "https://wcd.oregon.gov/employer/Pages/compensation-insurance-overview.aspx",
      ),
    ],
  },
  {
    state: "Pennsylvania",
    status: "required",
    minEmployees: 1,
    stateFundOnly: false,
    notes: [m.wc_pennsylvania_note_1],
    sources: [
      source(
        "Pennsylvania Department of Labor & Industry",
        "http://www.dli.pa.gov/Businesses/Compensation/WC/compliance/Pages/default.aspx",
      ),
    ],
  },
  {
    state: "Rhode Island",
    status: "required",
    minEmployees: 1,
    stateFundOnly: false,
    notes: [m.wc_rhode_island_note_1, m.wc_rhode_island_note_2],
    sources: [
      source("Rhode Island Department of Labor and Training", "https://dlt.ri.gov/wc/employers/"),
    ],
  },
  {
    state: "South Carolina",
    status: "required",
    minEmployees: 4,
    stateFundOnly: false,
    notes: [m.wc_south_carolina_note_1, m.wc_south_carolina_note_2],
    sources: [
      source("South Carolina Workers' Compensation Commission", "https://wcc.sc.gov/node/302"),
    ],
  },
  {
    state: "South Dakota",
    status: "unknown",
    stateFundOnly: false,
    notes: [m.wc_south_dakota_note_1],
    sources: [
      source(
        "South Dakota Department of Labor and Regulation",
        "https://dlr.sd.gov/workers_compensation/coverage.aspx",
      ),
      source(
        "NEXT Insurance",
        "https://nextinsurance.com/workers-compensation-insurance/south-dakota",
      ),
    ],
  },
  {
    state: "Tennessee",
    status: "required",
    minEmployees: 5,
    construction: {
      minEmployees: 1,
      allConstruction: true,
      work: m.wc_work_construction_businesses,
    },
    ownersCovered: [
      {
        ownership: OWNERSHIP_STRUCTURES,
        onlyConstruction: true,
        canOptOut: true,
        who: m.wc_who_construction_business_owners,
      },
    ],
    stateFundOnly: false,
    ownersCount: {
      counted: ["Corporation"],
      notCounted: ["Individual / Sole Proprietorship", "Partnership", "Limited Liability Company"],
    },
    notes: [m.wc_tennessee_note_1, m.wc_tennessee_note_2],
    sources: [
      source(
        "Tennessee Bureau of Workers' Compensation",
        "https://www.tn.gov/workforce/injuries-at-work/employers/employers/who-must-carry-insurance/non-construction.html",
      ),
      source(
        "Tennessee Bureau of Workers' Compensation",
        "https://tn.gov/workforce/injuries-at-work/employers/employers/who-must-carry-insurance/construction.html",
      ),
    ],
  },
  {
    state: "Texas",
    status: "elective",
    stateFundOnly: false,
    notes: [m.wc_texas_note_1, m.wc_texas_note_2],
    sources: [
      source(
        "Texas Department of Insurance",
        "https://www.tdi.texas.gov/wc/employer/coverage.html",
      ),
      source("Texas Department of Insurance", "http://www.tdi.texas.gov/wc/employer/cb007.html"),
    ],
  },
  {
    state: "Utah",
    status: "required",
    minEmployees: 1,
    stateFundOnly: false,
    notes: [m.wc_utah_note_1],
    sources: [
      source(
        "Utah Labor Commission",
        "https://www.laborcommission.utah.gov/divisions/industrial-accidents/employers/employers-guide-to-workers-compensation/",
      ),
    ],
  },
  {
    state: "Vermont",
    status: "required",
    minEmployees: 1,
    stateFundOnly: false,
    notes: [m.wc_note_sole_proprietors_partners_need_not_cover, m.wc_vermont_note_2],
    sources: [
      source(
        "Insureon",
        "https://www.insureon.com/small-business-insurance/workers-compensation/vermont",
      ),
    ],
  },
  {
    state: "Virginia",
    status: "required",
    minEmployees: 3,
    stateFundOnly: false,
    notes: [m.wc_virginia_note_1, m.wc_virginia_note_2],
    sources: [
      source(
        "Virginia Workers' Compensation Commission",
        "https://workcomp.virginia.gov/content/employers",
      ),
    ],
  },
  {
    state: "Washington",
    status: "required",
    minEmployees: 1,
    stateFundOnly: true,
    stateFund: {
      name: "Washington State Department of Labor & Industries",
      url: "https://lni.wa.gov/insurance/insurance-requirements/do-i-need-a-workers-comp-account",
    },
    notes: [m.wc_washington_note_1],
    sources: [
      source(
        "Washington State Department of Labor & Industries",
        "https://lni.wa.gov/insurance/insurance-requirements/do-i-need-a-workers-comp-account",
      ),
    ],
  },
  {
    state: "West Virginia",
    status: "required",
    minEmployees: 1,
    stateFundOnly: false,
    notes: [m.wc_west_virginia_note_1],
    sources: [
      source(
        "West Virginia Code of State Rules § 85-8-4 (Cornell LII)",
        "https://law.cornell.edu/regulations/west-virginia/W-Va-C-S-R-SS-85-8-4",
      ),
    ],
  },
  {
    state: "Wisconsin",
    status: "required",
    minEmployees: 3,
    alsoWhen: m.wc_wisconsin_also_when,
    stateFundOnly: false,
    notes: [m.wc_wisconsin_note_1],
    sources: [
      source("Wisconsin Department of Workforce Development", "https://dwd.wi.gov/wc/employers/"),
    ],
  },
  {
    state: "Wyoming",
    status: "listed-work",
    construction: {
      minEmployees: 1,
      allConstruction: true,
      work: m.wc_work_construction_businesses,
    },
    listedWork: {
      // Bakery (311811, manufacturing), Auto Dealership (441110), Gas Station (457110), Candy
      // Stores and Popcorn Shops (445292), Specialty Food (445298), Manufacturing (339999).
      segments: catalogSegments(
        "Manufacturing",
        "Bakery",
        "Auto Dealership",
        "Gas Station",
        "Candy Stores",
        "Popcorn Shops",
        "Specialty Food",
      ),
      // The statute names older editions' codes; these are their 2022 places: wholesale 4225-4229
      // are 4245-4249, 44419 is 444180, 4452's meat, fish and other specialty food are 445240,
      // 445250 and 44529, gasoline stations 447 are 4571, fuel dealers 45431 are 457210. The part
      // of the list after pipeline transportation (486) was not read: a business elsewhere is
      // told to ask an agent.
      naicsPrefixes: [
        "1133",
        "21",
        "22",
        "23",
        "31",
        "32",
        "33",
        "4245",
        "4246",
        "4247",
        "4248",
        "4249",
        "441",
        "444180",
        "445240",
        "445250",
        "44529",
        "4571",
        "457210",
        "481",
        "484",
        "485",
        "486",
      ],
    },
    stateFundOnly: true,
    stateFund: {
      name: "Wyoming Department of Workforce Services, Division of Workers' Compensation",
      url: "https://dws.wyo.gov/dws-division/workers-compensation/",
    },
    notes: [m.wc_wyoming_note_1],
    sources: [
      reviewed(
        "Wyoming Statutes § 27-14-108 (LegalFix)",
        "https://legalfix.com/statutes/state-codes/wyoming/title-27/chapter-14/article-1/section-27-14-108",
      ),
      source(
        "Travelers",
        "https://www.travelers.com/business-insurance/workers-compensation/state/wyoming",
      ),
    ],
  },
];

/** Whether a business does work on a state's extra-hazardous list (Wyoming). */
export function onListedWork(
  wc: WorkersCompState,
  business: { industry: string; segments: readonly string[]; naicsCode?: string | undefined },
): boolean {
  if (!wc.listedWork) return false;
  if (business.industry === "construction") return true;
  const { segments, naicsPrefixes } = wc.listedWork;
  if (business.segments.some((segment) => segments.includes(segment))) return true;
  const code = business.naicsCode;
  return code !== undefined && naicsPrefixes.some((prefix) => code.startsWith(prefix));
}

/** The first licence rule that names one of the business's segments, in California's order. */
export function tradeLicenceFor(
  wc: WorkersCompState,
  segments: readonly string[],
): TradeLicenceRule | undefined {
  return wc.tradeLicences?.find((rule) =>
    rule.segments.some((segment) => segments.includes(segment)),
  );
}

/** The workers' compensation requirement of one of the 50 states. */
export function workersCompFor(state: UsState): WorkersCompState {
  const entry = WORKERS_COMP_STATES.find((candidate) => candidate.state === state);
  if (!entry) throw new Error(`No workers' compensation entry for ${state}`);
  return entry;
}
