/**
 * When each state's law requires workers' compensation insurance, as data, with the page each fact
 * was read from (state agencies first; where no agency page could be found, a named secondary
 * source). A state whose sources disagree is `unknown`: the plan then says "Ask an agent whether
 * your state requires it" instead of guessing. Read on 2026-11-23; this is not legal advice.
 */
import {
  OWNERSHIP_STRUCTURES,
  type OwnershipStructure,
} from "#app/domain/reference/ownership-structures.ts";
import { RULES_READ_ON, type Source } from "#app/domain/reference/source.ts";
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
  /** Who, in the words the plan uses: "construction business owners". */
  who: string;
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
   * coverage required below `minEmployees`, or instead of a head count. Words follow "once".
   */
  alsoWhen?: string;
  /** Construction counted differently; `allConstruction` false when only some of it is meant. */
  construction?: { minEmployees: number; allConstruction: boolean; work: string };
  ownersCovered?: readonly OwnersCovered[];
  /** Who of the working owners count toward `minEmployees`; absent: the sources do not say. */
  ownersCount?: OwnersCount;
  /** Monopolistic state: coverage must come from the state fund, not a private insurer. */
  stateFundOnly: boolean;
  /** The fund, for a monopolistic state. */
  stateFund?: StateFund;
  /** Plain notes on owners, officers and exceptions, for the "Why?" disclosure. */
  notes: readonly string[];
  sources: readonly Source[];
}

function source(publisher: string, url: string): Source {
  return { publisher, url, read: RULES_READ_ON };
}

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
      work: "building new single-family homes",
    },
    stateFundOnly: false,
    ownersCount: { counted: ["Corporation"], notCounted: [] },
    notes: [
      "Full- and part-time employees count, and so do corporate officers.",
      "Builders of new single-family homes need it whatever their size.",
    ],
    sources: [source("Alabama Department of Labor", "http://labor.alabama.gov/WC/insurance.aspx")],
  },
  {
    state: "Alaska",
    status: "required",
    minEmployees: 1,
    stateFundOnly: false,
    notes: [
      "Sole proprietors, partners, and LLC members or officers owning at least 10% need not cover themselves.",
      "Family members and friends who work for you must be covered.",
    ],
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
    notes: [
      "Part-time employees, minors and family members count.",
      "Sole proprietors, partners, LLC members and corporate officers need not cover themselves.",
    ],
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
      work: "building and building repair work",
    },
    stateFundOnly: false,
    notes: [
      "Subcontractors, and contractors who subcontract, need it from their first employee.",
      "Sole proprietors and partners may file to be left out.",
    ],
    sources: [
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
        who: "working corporate officers and directors",
      },
    ],
    notes: [
      "Corporate officers and directors are employees and must be covered unless they own the whole corporation, or exclude themselves in writing.",
      "Since July 2018 an officer or director who owns at least 10% of the stock (or at least 1% with a parent, spouse, child, sibling or grandparent owning 10%) and has health cover may sign a waiver to be left out.",
      "A sole proprietor may buy it for themselves but need not.",
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
    ],
  },
  {
    state: "Colorado",
    status: "required",
    minEmployees: 1,
    stateFundOnly: false,
    notes: [
      "Part-time employees and family members count; anyone paid for work is presumed an employee.",
    ],
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
    notes: ["Officers, LLC members and partners may elect to be left out."],
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
    notes: ["Coverage must be in place before work begins; part-time and seasonal workers count."],
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
    construction: { minEmployees: 1, allConstruction: true, work: "construction businesses" },
    ownersCovered: [
      {
        ownership: ["Individual / Sole Proprietorship", "Partnership"],
        onlyConstruction: true,
        canOptOut: false,
        who: "construction business owners",
      },
      {
        ownership: ["Limited Liability Company", "Corporation"],
        onlyConstruction: true,
        canOptOut: true,
        who: "construction business owners",
      },
    ],
    stateFundOnly: false,
    ownersCount: { counted: ["Limited Liability Company", "Corporation"], notCounted: [] },
    notes: [
      "Outside construction, corporate officers and LLC members owning 10% count unless they opt out.",
      "In construction, officers and LLC members owning 10% may file to be exempt; sole proprietors and partners may not.",
    ],
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
    notes: ["Regular part-time employees count.", "Corporate officers count toward the three."],
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
    notes: ["Full- or part-time, permanent or temporary employees count."],
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
    notes: ["Seasonal and occasional employees count; coverage must start before the first hire."],
    sources: [source("Idaho Industrial Commission", "https://iic.idaho.gov/employers-faqs/")],
  },
  {
    state: "Illinois",
    status: "required",
    minEmployees: 1,
    stateFundOnly: false,
    notes: ["One part-time employee is enough."],
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
    notes: [
      "The number of employees does not matter.",
      "Sole proprietors and partners need not cover themselves.",
    ],
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
    notes: [
      "Proprietors, partners and LLC members may choose not to be covered; some corporate officers may reject it.",
    ],
    sources: [
      source("Iowa Division of Workers' Compensation", "https://www.iowaworkcomp.gov/insurance"),
    ],
  },
  {
    state: "Kansas",
    status: "required",
    alsoWhen: "your total yearly payroll is over $20,000",
    stateFundOnly: false,
    notes: [
      "For sole proprietors and partnerships, pay to the owners and their family is left out of the $20,000.",
      "A corporation counts all its payroll, officers included.",
    ],
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
    notes: ["Family members, temporary and part-time workers count."],
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
    notes: ["Owners and officers owning at least 10% may exempt themselves in writing."],
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
    notes: [
      "Sole proprietors and partners need not cover themselves.",
      "An owner of at least 20% of a corporation's voting stock may file a waiver.",
    ],
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
    notes: ["With few exceptions, every employer with an employee must have it."],
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
    notes: [
      "Hours worked do not matter.",
      "LLC members, partners and sole proprietors need not cover themselves; officers owning 25% may ask for an exemption.",
    ],
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
    alsoWhen: "one employee has worked 35 hours a week for 13 weeks",
    stateFundOnly: false,
    ownersCount: {
      counted: ["Partnership", "Corporation", "Limited Liability Company"],
      notCounted: ["Individual / Sole Proprietorship"],
    },
    notes: [
      "Part-time employees count toward the three.",
      "Partners, corporate officers and LLC managers count as employees; a sole proprietor never does.",
    ],
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
    notes: ["There is no minimum: one part-time employee is enough."],
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
    notes: ["Domestic workers and farm laborers are among the exceptions."],
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
    construction: { minEmployees: 1, allConstruction: true, work: "construction businesses" },
    stateFundOnly: false,
    notes: ["Full- and part-time employees count, and employees in other states count too."],
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
    notes: ["Some sole proprietors, partners, LLC members and corporate officers are exempt."],
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
    notes: [
      "The Act applies to every employer with one or more employees in its regular business.",
    ],
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
    notes: ["Some sole proprietors and partners need not cover themselves."],
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
    notes: [
      "Family members and part-time employees count.",
      "A corporation or LLC with three or fewer officers or members and no other employees is not required to.",
    ],
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
        who: "paid corporate officers",
      },
    ],
    stateFundOnly: false,
    notes: [
      "A corporation needs it as soon as anyone, officers included, is paid for work.",
      "Partners, LLC members and the owner of a sole proprietorship are not counted.",
    ],
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
    construction: { minEmployees: 1, allConstruction: false, work: "licensed construction work" },
    stateFundOnly: false,
    ownersCount: { counted: OWNERSHIP_STRUCTURES, notCounted: [] },
    notes: [
      "Owners who work in the business, family members and part-time workers count toward the three.",
      "Employees in other states count too.",
    ],
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
    notes: ["Part-time, leased and unpaid workers, family members included, must be covered."],
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
    alsoWhen: "anyone you employ works with radiation",
    stateFundOnly: false,
    ownersCount: {
      counted: ["Corporation"],
      notCounted: ["Individual / Sole Proprietorship", "Partnership", "Limited Liability Company"],
    },
    notes: [
      "In a corporation everyone counts toward the three, officers included.",
      "Other businesses count three employees besides the owners.",
      "A business with even one employee whose work involves radiation needs it.",
    ],
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
    notes: [
      "Coverage comes only from Workforce Safety & Insurance, the state fund.",
      "Owners, partners and officers may elect coverage for themselves.",
    ],
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
    notes: [
      "Coverage comes from the Bureau of Workers' Compensation unless the employer self-insures.",
    ],
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
    notes: [
      "Sole proprietors, and LLC members or stockholders owning at least 10%, need not cover themselves.",
      "A family business with five or fewer employees, all related, is exempt.",
    ],
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
    notes: ["Every worker is covered unless one of about 30 exemptions applies."],
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
    notes: ["Only an employer whose every worker falls in an excluded group may go without."],
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
    notes: [
      "Sole proprietors and partners are exempt.",
      "Most corporate officers are included unless they file a waiver.",
    ],
    sources: [
      source("Rhode Island Department of Labor and Training", "https://dlt.ri.gov/wc/employers/"),
    ],
  },
  {
    state: "South Carolina",
    status: "required",
    minEmployees: 4,
    stateFundOnly: false,
    notes: [
      "Part-time workers and family members count toward the four.",
      "A business whose payroll last year was under $3,000 is exempt.",
    ],
    sources: [
      source("South Carolina Workers' Compensation Commission", "https://wcc.sc.gov/node/302"),
    ],
  },
  {
    state: "South Dakota",
    status: "unknown",
    stateFundOnly: false,
    notes: [
      "The state's page says its law covers all employers with limited exceptions, while an insurer reports the state does not require coverage.",
    ],
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
    construction: { minEmployees: 1, allConstruction: true, work: "construction businesses" },
    ownersCovered: [
      {
        ownership: OWNERSHIP_STRUCTURES,
        onlyConstruction: true,
        canOptOut: true,
        who: "construction business owners",
      },
    ],
    stateFundOnly: false,
    ownersCount: {
      counted: ["Corporation"],
      notCounted: ["Individual / Sole Proprietorship", "Partnership", "Limited Liability Company"],
    },
    notes: [
      "Outside construction, owners of sole proprietorships, partnerships and LLCs are not counted; full-time corporate officers are.",
      "Coal mining also needs it from the first employee.",
    ],
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
    notes: [
      "Employers without it must tell their employees and the state, and lose most protection from injury lawsuits.",
      "Public employers must carry it.",
    ],
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
    notes: ["With a few exceptions, every employer must cover all its employees."],
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
    notes: [
      "Sole proprietors and partners need not cover themselves.",
      "Corporate officers may opt out with the state's approval.",
    ],
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
    notes: [
      "Part-time, seasonal and temporary workers and working family members count.",
      "Contractors count their subcontractors' employees too.",
    ],
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
    notes: [
      "Coverage comes from Labor & Industries unless the employer is certified to self-insure.",
    ],
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
    notes: ["Casual employers, churches and small farms are among the exemptions."],
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
    alsoWhen: "you pay $500 or more in wages in a calendar quarter",
    stateFundOnly: false,
    notes: ["Below three employees, coverage is due by the 10th day of the next quarter."],
    sources: [
      source("Wisconsin Department of Workforce Development", "https://dwd.wi.gov/wc/employers/"),
    ],
  },
  {
    state: "Wyoming",
    status: "listed-work",
    construction: { minEmployees: 1, allConstruction: true, work: "construction businesses" },
    stateFundOnly: true,
    stateFund: {
      name: "Wyoming Department of Workforce Services, Division of Workers' Compensation",
      url: "https://dws.wyo.gov/dws-division/workers-compensation/",
    },
    notes: ["Work outside the state's extra-hazardous list may be covered by choice."],
    sources: [
      source(
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

/** The workers' compensation requirement of one of the 50 states. */
export function workersCompFor(state: UsState): WorkersCompState {
  const entry = WORKERS_COMP_STATES.find((candidate) => candidate.state === state);
  if (!entry) throw new Error(`No workers' compensation entry for ${state}`);
  return entry;
}
