/**
 * What each product page says (docs/product.md, "Pages and addresses", product pages): plain-language explanations of each
 * line for US small businesses, keyed by the slugs of app/domain/reference/products.ts. The copy names no
 * price, carrier or guarantee: the only prices are the published medians of market-figures.ts,
 * each with its source and the not-a-quote words, which the workers' comp page shows (issue 26).
 */
import { INDUSTRY_IDS, getIndustry } from "#app/domain/reference/industries.ts";
import {
  MARKET_FIGURES,
  NATIONAL_BASIS_LABEL,
  type MedianFigure,
} from "#app/domain/reference/market-figures.ts";

/** A question and its answer, shown in an accordion and in the page's FAQPage JSON-LD. */
export interface Faq {
  question: string;
  answer: string;
}

/** One card of the What's Covered grid. */
export interface CoverageItem {
  title: string;
  description: string;
}

/** A published median premium: what other small businesses paid, never a price for the visitor. */
export interface PublishedPrice {
  /** Whose premiums the median describes, e.g. "Small businesses nationwide". */
  basis: string;
  figure: MedianFigure;
}

/**
 * Every published median for a line (app/domain/reference/market-figures.ts): nationwide first, then each
 * industry's, then each kind of business's.
 */
export function publishedPrices(slug: string): PublishedPrice[] {
  const figures = MARKET_FIGURES[slug];
  if (!figures) return [];
  return [
    ...(figures.national ? [{ basis: NATIONAL_BASIS_LABEL, figure: figures.national }] : []),
    ...INDUSTRY_IDS.flatMap((id) => {
      const figure = figures.industries?.[id];
      return figure ? [{ basis: getIndustry(id).label, figure }] : [];
    }),
    ...(figures.segments ?? []).map((segment) => ({
      basis: segment.label,
      figure: segment.figure,
    })),
  ];
}

/**
 * The sample policy card on the workers' comp page (docs/product.md, "Pages and addresses"). The spec marks it VERIFIED;
 * it is an example, and says so (decision 014).
 */
export interface SamplePolicy {
  title: string;
  status: "SAMPLE";
  rows: readonly { label: string; value: string }[];
}

export interface ProductPage {
  /** The page's h1. */
  headline: string;
  /** One sentence: the landing page carousel's card and the page's meta description. */
  summary: string;
  /** The hero's paragraph. */
  intro: string;
  whoNeedsIt: { intro: string; examples: readonly string[] };
  covered: readonly CoverageItem[];
  /** What the line usually leaves out, and where to look instead. */
  notCovered: readonly string[];
  /** The Common Questions accordion. */
  faqs: readonly Faq[];
  /** An extra accordion entry holding several questions (workers' comp only, docs/product.md, "Pages and addresses"). */
  faqGroup?: { title: string; faqs: readonly Faq[] };
  /**
   * What other small businesses paid (workers' comp only): the line's published medians
   * (publishedPrices), with what the page says about the policy's limits. The spec's sample quotes
   * ($85 a month, a "$2M limit", "24/7 claims support", "Rated 4.8") had no source, and workers'
   * comp benefits have no dollar limit: they are gone (issue 26).
   */
  pricesPaid?: { limitsNote: string };
  samplePolicy?: SamplePolicy;
}

/** Every product page's copy, by slug (the slugs of PRODUCT_LINES). */
export const PRODUCT_PAGES: Readonly<Record<string, ProductPage>> = {
  "general-liability": {
    headline: "General Liability Insurance for Small Businesses",
    summary:
      "Covers claims that your business injured someone, damaged their property or harmed them through your advertising.",
    intro:
      "If a customer slips in your shop or your crew damages a client's property, general liability insurance helps pay the legal costs and damages. Many landlords and clients ask to see it before they sign a lease or contract.",
    whoNeedsIt: {
      intro:
        "Most businesses that meet customers, work at other people's property or rent a space.",
      examples: [
        "Shops, cafés and restaurants with customers on site",
        "Contractors and trades working at homes and job sites",
        "Consultants and agencies whose clients ask for a certificate of insurance",
        "Businesses that lease an office, store or warehouse",
      ],
    },
    covered: [
      {
        title: "Injuries to other people",
        description:
          "Medical costs and legal claims when a customer, visitor or member of the public is hurt at your premises or because of your work.",
      },
      {
        title: "Damage to other people's property",
        description:
          "Repair or replacement costs when your business damages property that belongs to someone else.",
      },
      {
        title: "Personal and advertising injury",
        description:
          "Claims that your business libelled or slandered someone, or used another company's advertising idea.",
      },
      {
        title: "Products and completed work",
        description:
          "Claims caused by products you sell or by work you have finished, after you have left the job.",
      },
      {
        title: "Legal defense",
        description:
          "Lawyers' fees and court costs to defend a covered claim, even one that turns out to be groundless.",
      },
      {
        title: "Medical payments",
        description:
          "Small medical bills for a visitor hurt on your premises, whoever was at fault, which can settle a matter before it becomes a lawsuit.",
      },
    ],
    notCovered: [
      "Injuries to your own employees (workers' compensation covers those)",
      "Damage to your own building, equipment or stock (a business owner's policy or property insurance)",
      "Mistakes in professional advice or services (professional liability or E&O)",
      "Vehicles you drive for work (commercial auto insurance)",
    ],
    faqs: [
      {
        question: "Is general liability insurance required by law?",
        answer:
          "Usually not by state law, but landlords, clients and licensing boards often require it in their contracts. Many owners buy it to meet those requirements and to protect the business from lawsuits.",
      },
      {
        question: "What is the difference between general liability and professional liability?",
        answer:
          "General liability covers physical harm: injuries to people and damage to their property. Professional liability covers financial losses caused by mistakes in your professional services or advice. Many service businesses carry both.",
      },
      {
        question: "Does general liability cover injuries to my employees?",
        answer:
          "No. Injuries to your own employees are covered by workers' compensation insurance.",
      },
      {
        question: "What decides the price of general liability?",
        answer:
          "Insurers look at your industry, location, revenue, number of employees and claims history. Riskier work, such as roofing, usually costs more to insure than office work.",
      },
      {
        question: "Can I get a certificate of insurance for a client?",
        answer:
          "Yes. Once your policy is bound, the insurer issues a certificate of insurance (COI), and your agent can send one to each client or landlord who asks for proof of coverage.",
      },
    ],
  },

  "workers-comp": {
    headline: "Workers' Compensation Insurance for Small Businesses",
    summary:
      "Pays medical bills and part of lost wages when an employee is hurt or falls ill because of their job, and covers related lawsuits.",
    intro:
      "Workers' compensation pays for an injured employee's medical care and part of their lost wages, and protects your business if the employee sues over the injury. Most states require it once you have employees.",
    whoNeedsIt: {
      intro:
        "Almost every business with employees. Each state sets its own rules: most require coverage from the first employee, some only above a certain number of employees, and the rules for owners, contractors and some industries differ.",
      examples: [
        "Businesses with full-time, part-time or seasonal employees",
        "Contractors whose clients or general contractors ask for proof of coverage",
        "Owners who want to cover themselves, where their state allows it",
        "Businesses in physical trades such as construction, cleaning and food service",
      ],
    },
    covered: [
      {
        title: "Medical care",
        description:
          "Doctor visits, hospital stays, medication and physical therapy for a work-related injury or illness.",
      },
      {
        title: "Lost wages",
        description:
          "A portion of an employee's wages while a work injury keeps them from working, as set by state law.",
      },
      {
        title: "Rehabilitation",
        description: "Therapy and retraining that help an injured employee get back to work.",
      },
      {
        title: "Death benefits",
        description:
          "Funeral costs and financial support for an employee's family if a workplace accident is fatal.",
      },
      {
        title: "Employer's liability",
        description:
          "Legal defense and damages if an employee or their family sues your business over a work injury.",
      },
    ],
    notCovered: [
      "Independent contractors, in most cases (your state decides who counts as an employee)",
      "Injuries to customers or visitors (general liability covers those)",
      "Injuries caused by an employee's intoxication or horseplay, in most states",
      "Injuries on the ordinary commute to and from work, in most cases",
    ],
    faqs: [
      {
        question: "Do part-time employees count?",
        answer:
          "In most states, yes: part-time and seasonal employees usually count toward your state's requirement and need to be covered.",
      },
      {
        question: "Can I buy workers' comp for just one employee?",
        answer:
          "Yes. Workers' compensation is available for businesses of any size, including a business with a single employee.",
      },
      {
        question: "What happens if I don't carry required coverage?",
        answer:
          "States can impose fines and stop-work orders, and you may have to pay an injured employee's medical bills and lost wages yourself.",
      },
      {
        question: "Does workers' comp cover injuries while working from home?",
        answer:
          "It can, if the injury happens while the employee is doing their job. Injuries from personal activities at home are generally not covered.",
      },
    ],
    faqGroup: {
      title: "Workers' Compensation FAQ",
      faqs: [
        {
          question: "Who counts as an employee for workers' comp?",
          answer:
            "Generally anyone you pay to work under your direction, including part-time and seasonal workers. Independent contractors usually do not count, but each state applies its own test, and treating an employee as a contractor can leave you without coverage for them.",
        },
        {
          question: "Are business owners covered?",
          answer:
            "It depends on your business structure and state. Sole proprietors and partners are often left out unless they choose to be covered, while corporate officers and LLC members can sometimes choose to be excluded.",
        },
        {
          question: "How is the premium calculated?",
          answer:
            "Mostly from your payroll in each job classification, multiplied by that classification's rate, then adjusted for your claims history. Office jobs carry lower rates than physical work such as roofing.",
        },
        {
          question: "What is a workers' comp audit?",
          answer:
            "At the end of each policy term the insurer compares your actual payroll with the estimate used to price the policy. If payroll was higher you may owe more premium; if it was lower you may get money back.",
        },
        {
          question: "What should I do when an employee gets hurt?",
          answer:
            "Make sure they get medical care first, then report the injury to your insurer as soon as you can. States set deadlines for reporting work injuries, so don't wait.",
        },
      ],
    },
    pricesPaid: {
      limitsNote:
        "Workers' compensation pays the benefits your state's law sets, with no dollar limit. Employer's liability, which most workers' comp policies include as a second part, pays up to the limits the policy states.",
    },
    samplePolicy: {
      title: "Workers' Compensation Policy",
      status: "SAMPLE",
      rows: [
        { label: "Policyholder", value: "Your business" },
        {
          label: "Coverage",
          value: "Workers' compensation and employer's liability",
        },
        { label: "Certificate", value: "Issued by the insurer once the policy is bound" },
      ],
    },
  },

  "business-owners-policy": {
    headline: "Business Owner's Policy (BOP) for Small Businesses",
    summary:
      "Bundles general liability, commercial property and business income coverage into one policy built for small businesses.",
    intro:
      "A business owner's policy (BOP) packages the coverages most small businesses need: general liability, insurance for your building and belongings, and business income protection. One policy is simpler to manage, and bundling often costs less than buying each part separately.",
    whoNeedsIt: {
      intro:
        "Small and mid-size businesses in lower-risk industries that have a location, equipment or inventory to protect. Eligibility depends on your industry and size.",
      examples: [
        "Retail stores, cafés and restaurants",
        "Offices and professional firms",
        "Businesses that own or lease their building",
        "Businesses that keep inventory, tools or equipment",
      ],
    },
    covered: [
      {
        title: "General liability",
        description:
          "Claims that your business injured someone or damaged their property, including legal defense.",
      },
      {
        title: "Your building and belongings",
        description:
          "Your building if you own it, plus equipment, furniture and inventory, against covered events such as fire, theft and storms.",
      },
      {
        title: "Business income",
        description:
          "Lost income and ongoing expenses such as rent and payroll if a covered event forces you to close for a while.",
      },
      {
        title: "Optional add-ons",
        description:
          "Extra coverage such as equipment breakdown or data breach can often be added to the same policy.",
      },
    ],
    notCovered: [
      "Injuries to your employees (workers' compensation)",
      "Mistakes in professional services (professional liability or E&O)",
      "Vehicles you drive for work (commercial auto insurance)",
      "Flood and earthquake damage, which usually need separate policies",
    ],
    faqs: [
      {
        question: "What is the difference between a BOP and general liability?",
        answer:
          "General liability covers harm your business does to others. A BOP includes general liability and adds coverage for your own property and for lost income after a covered loss.",
      },
      {
        question: "Who qualifies for a business owner's policy?",
        answer:
          "Insurers usually offer BOPs to small and mid-size businesses in lower-risk industries, with limits on size or revenue. Businesses with higher risks may need separate policies instead.",
      },
      {
        question: "Does a BOP cover flood damage?",
        answer: "Usually not. Flood and earthquake damage typically need separate coverage.",
      },
      {
        question: "Do I need a BOP if I work from home?",
        answer:
          "Home insurance often covers little or nothing for a business. If you keep business equipment or inventory at home or meet clients there, a BOP or a home-business add-on may be worth a look.",
      },
    ],
  },

  "cyber-insurance": {
    headline: "Cyber Insurance for Small Businesses",
    summary:
      "Helps your business respond to and recover from data breaches, ransomware and other cyber attacks.",
    intro:
      "If hackers get into your systems or customer data is exposed, cyber insurance helps pay for the investigation, notifying customers, restoring your data and systems, and defending claims from people affected.",
    whoNeedsIt: {
      intro:
        "Any business that stores customer information, takes card payments or depends on computers and email.",
      examples: [
        "Online stores and businesses that take card payments",
        "Medical, legal and financial practices holding sensitive records",
        "Businesses that run on email, cloud software or a website",
        "Businesses that keep employee or customer personal details",
      ],
    },
    covered: [
      {
        title: "Breach response",
        description:
          "Forensic investigation, legal advice, notifying affected customers and offering them credit monitoring.",
      },
      {
        title: "Ransomware and extortion",
        description:
          "Experts to handle a ransomware attack and the costs of responding to it, as your policy allows.",
      },
      {
        title: "Business interruption",
        description: "Lost income while your systems are down after a covered cyber attack.",
      },
      {
        title: "Data recovery",
        description: "The cost of restoring or recreating data and software damaged in an attack.",
      },
      {
        title: "Claims from others",
        description:
          "Defense and damages when customers or partners whose data was exposed hold your business responsible.",
      },
    ],
    notCovered: [
      "Breaches you knew about before the policy started",
      "Upgrading your systems beyond what you had before the attack",
      "Physical damage to computers and equipment (property insurance)",
      "Loss in value of your own intellectual property",
    ],
    faqs: [
      {
        question: "Doesn't my general liability policy cover cyber attacks?",
        answer:
          "Usually not. General liability policies typically exclude data breaches and electronic data, which is why cyber insurance exists as its own line.",
      },
      {
        question: "What is the difference between first-party and third-party cyber coverage?",
        answer:
          "First-party coverage pays your own costs after an attack, such as investigation, notification and lost income. Third-party coverage pays for claims from others, such as customers whose data was exposed.",
      },
      {
        question: "Are small businesses really targets?",
        answer:
          "Yes. Attackers often go after small businesses because they tend to have fewer security resources than large companies.",
      },
      {
        question: "What will an insurer ask about my security?",
        answer:
          "Common questions cover multi-factor authentication, backups, software updates and staff training. Good security habits can make coverage easier to get.",
      },
    ],
  },

  "errors-and-omissions": {
    headline: "Errors and Omissions (E&O) Insurance",
    summary:
      "Covers claims that a mistake, oversight or missed deadline in your professional work cost a client money.",
    intro:
      "Errors and omissions (E&O) insurance pays to defend your business, and any settlement or judgment, when a client says your work or advice caused them a financial loss, even when you did nothing wrong.",
    whoNeedsIt: {
      intro: "Businesses that provide services or advice for a fee.",
      examples: [
        "Technology, software and IT service providers",
        "Real estate agents and insurance agents",
        "Accountants, bookkeepers and tax preparers",
        "Marketing, design and consulting firms",
      ],
    },
    covered: [
      {
        title: "Mistakes and oversights",
        description:
          "Claims that you made an error, or failed to do something you should have, in your professional work.",
      },
      {
        title: "Missed deadlines",
        description: "Claims that late or unfinished work cost a client money.",
      },
      {
        title: "Inaccurate advice",
        description:
          "Claims that your advice or information was wrong or misleading, even unintentionally.",
      },
      {
        title: "Legal defense",
        description: "Lawyers' fees and court costs, even if the claim turns out to be groundless.",
      },
      {
        title: "Settlements and judgments",
        description: "Amounts your business must pay a client, up to your policy limits.",
      },
    ],
    notCovered: [
      "Intentional wrongdoing or fraud",
      "Injuries and property damage (general liability)",
      "Injuries to your employees (workers' compensation)",
      "Work done before the policy's retroactive date",
    ],
    faqs: [
      {
        question: "Is E&O the same as professional liability?",
        answer:
          'Essentially, yes. Both cover claims of mistakes in professional services. "Errors and omissions" is the usual name for technology, real estate, insurance and financial professionals; "professional liability" is more common for consultants and other service providers.',
      },
      {
        question: "What does claims-made mean?",
        answer:
          "Most E&O policies are claims-made: they cover claims made while the policy is active, for work done after the policy's retroactive date. Keeping coverage in force without gaps matters.",
      },
      {
        question: "Do I need E&O if my clients sign a contract?",
        answer:
          "A good contract helps, but a client can still sue. Many clients also require E&O coverage as a condition of the contract.",
      },
      {
        question: "Does E&O cover work I did before I bought it?",
        answer:
          "Only work done after the policy's retroactive date. If you are switching from another E&O policy, keeping your existing retroactive date preserves coverage for earlier work.",
      },
    ],
  },

  "professional-liability": {
    headline: "Professional Liability Insurance",
    summary:
      "Protects service providers against claims that negligence, mistakes or bad advice caused a client financial harm.",
    intro:
      "Clients expect your expertise to pay off. When one says your service fell short and cost them money, professional liability insurance pays for your defense and any settlement or judgment.",
    whoNeedsIt: {
      intro: "Anyone whose business sells expertise, advice or a professional service.",
      examples: [
        "Business consultants and coaches",
        "Architects, engineers and home inspectors",
        "Photographers, event planners and personal trainers",
        "Staffing, HR and recruiting consultants",
      ],
    },
    covered: [
      {
        title: "Professional negligence",
        description:
          "Claims that you failed to perform your services with the care expected of your profession.",
      },
      {
        title: "Services not delivered as promised",
        description: "Claims that your work did not meet what you agreed to provide.",
      },
      {
        title: "Bad advice",
        description: "Claims that a recommendation you made caused a client financial loss.",
      },
      {
        title: "Legal defense",
        description:
          "Lawyers' fees and court costs to defend a covered claim, even a groundless one.",
      },
      {
        title: "Settlements and judgments",
        description: "Amounts you owe a client, up to your policy limits.",
      },
    ],
    notCovered: [
      "Intentional wrongdoing or fraud",
      "Injuries and property damage (general liability)",
      "Employee injuries (workers' compensation)",
      "Claims from employees about how they were treated (employment practices liability)",
    ],
    faqs: [
      {
        question: "What is the difference between professional liability and general liability?",
        answer:
          "Professional liability covers financial harm caused by your services or advice. General liability covers physical harm, such as injuries and property damage.",
      },
      {
        question: "Is professional liability insurance required?",
        answer:
          "Some states and licensing boards require it for certain professions, and many clients require it in their contracts.",
      },
      {
        question: "Does it cover a lawsuit without merit?",
        answer:
          "Yes. Defending a covered claim is part of the coverage, even if the claim turns out to be groundless.",
      },
      {
        question: "How much coverage do I need?",
        answer:
          "It depends on the size of your contracts and what your clients require. Many clients state a minimum limit in their contracts, which is a good place to start.",
      },
    ],
  },

  "employment-practices-liability": {
    headline: "Employment Practices Liability Insurance (EPLI)",
    summary:
      "Covers claims from employees or job applicants of discrimination, harassment, wrongful termination and other unfair treatment.",
    intro:
      "Employment practices liability insurance helps pay for your legal defense and any settlement when a current, former or prospective employee says your business treated them unfairly.",
    whoNeedsIt: {
      intro: "Any business with employees: the risk starts with your first hire.",
      examples: [
        "Businesses that are hiring, promoting or letting people go",
        "Restaurants and retailers with frequent staff turnover",
        "Businesses with managers who supervise other employees",
        "Growing businesses without a dedicated HR team",
      ],
    },
    covered: [
      {
        title: "Discrimination",
        description:
          "Claims of unfair treatment based on age, race, sex, disability, religion or another protected characteristic.",
      },
      {
        title: "Harassment",
        description: "Claims of sexual harassment or a hostile work environment.",
      },
      {
        title: "Wrongful termination",
        description: "Claims that an employee was fired illegally or in breach of an agreement.",
      },
      {
        title: "Retaliation",
        description:
          "Claims that you punished an employee for reporting a problem or exercising their rights.",
      },
      {
        title: "Hiring and promotion decisions",
        description: "Claims from applicants or employees that they were unfairly passed over.",
      },
      {
        title: "Legal defense",
        description:
          "Lawyers' fees and court costs, which can be significant even when a claim has no merit.",
      },
    ],
    notCovered: [
      "Unpaid wage and overtime claims, which policies usually exclude or cover only for defense",
      "Workplace injuries (workers' compensation)",
      "Mistakes in running employee benefit plans (fiduciary liability)",
      "Fines, penalties and deliberate wrongdoing",
    ],
    faqs: [
      {
        question: "Does EPLI cover claims from job applicants?",
        answer:
          "Typically, yes. Applicants who say they were not hired for a discriminatory reason can bring claims, and EPLI policies usually cover them.",
      },
      {
        question: "Isn't this covered by general liability?",
        answer: "No. General liability policies usually exclude employment-related claims.",
      },
      {
        question: "Do small businesses need EPLI?",
        answer:
          "Employment claims can be brought against businesses of any size, and defending one costs time and money even when you did nothing wrong.",
      },
      {
        question: "Can EPLI cover claims from customers?",
        answer:
          "Many policies offer third-party coverage, as part of the policy or as an option, for claims that your employees harassed or discriminated against customers or vendors.",
      },
    ],
  },

  "directors-and-officers": {
    headline: "Directors and Officers (D&O) Insurance",
    summary:
      "Protects your company's leaders, and the company itself, against claims over management decisions.",
    intro:
      "Directors and officers insurance pays for legal defense and settlements when your leaders are accused of mismanagement, breach of duty or misleading investors. It protects their personal assets and can reimburse the company when it defends them.",
    whoNeedsIt: {
      intro:
        "Companies and nonprofits with a board, outside investors or officers making decisions for others.",
      examples: [
        "Startups raising money from investors",
        "Nonprofits with volunteer boards",
        "Private companies with a board of directors or advisors",
        "Businesses planning a sale, merger or new partners",
      ],
    },
    covered: [
      {
        title: "Leaders' personal protection",
        description:
          "Defense costs and settlements for directors and officers personally when the company cannot pay for them.",
      },
      {
        title: "Company reimbursement",
        description:
          "Repays the company when it covers its leaders' legal costs, as its bylaws or agreements allow.",
      },
      {
        title: "Claims against the company",
        description:
          "Many policies also cover the business itself when it is named in a covered claim.",
      },
      {
        title: "Investigations",
        description:
          "Costs of responding to some regulatory investigations, depending on the policy.",
      },
      {
        title: "Legal defense",
        description:
          "Lawyers' fees and court costs for claims from investors, creditors, competitors, customers or regulators.",
      },
    ],
    notCovered: [
      "Fraud or criminal acts, once proven",
      "Profits a leader was not legally entitled to",
      "Injuries and property damage (general liability)",
      "Claims you knew about before the policy started",
    ],
    faqs: [
      {
        question: "Do small private companies need D&O insurance?",
        answer:
          "Investors, lenders, customers, competitors and employees can all bring claims against a company's leaders. Many investors require D&O coverage before they join a board.",
      },
      {
        question: "Does D&O cover nonprofit board members?",
        answer:
          "Yes. Nonprofit D&O policies protect volunteer directors and officers, which helps organizations recruit board members.",
      },
      {
        question: "Isn't our company's promise to indemnify enough?",
        answer:
          "A promise to indemnify only helps if the company can afford to pay and is allowed to. D&O insurance backs that promise and protects leaders personally when the company cannot.",
      },
      {
        question: "Is D&O the same as E&O?",
        answer:
          "No. D&O covers decisions made in running the company. E&O covers mistakes in the services you provide to clients.",
      },
    ],
  },

  "crime-insurance": {
    headline: "Commercial Crime Insurance",
    summary:
      "Covers money and property your business loses to theft, fraud or forgery, including theft by your own employees.",
    intro:
      "Commercial crime insurance reimburses your business for losses from employee theft, forgery, computer and wire-transfer fraud and other crimes that property policies often leave out.",
    whoNeedsIt: {
      intro: "Businesses that handle money, payments or valuable goods.",
      examples: [
        "Retailers, restaurants and other businesses that handle cash",
        "Businesses where one or two people manage the books and payments",
        "Companies that pay vendors by wire or electronic transfer",
        "Businesses that hold money or property for clients",
      ],
    },
    covered: [
      {
        title: "Employee theft",
        description: "Money, securities or property stolen by your employees.",
      },
      {
        title: "Forgery or alteration",
        description: "Losses from forged or altered checks and similar documents.",
      },
      {
        title: "Computer and funds transfer fraud",
        description:
          "Money stolen through fraudulent entries in your systems or fraudulent instructions to your bank.",
      },
      {
        title: "Money and securities",
        description:
          "Theft, disappearance or destruction of money and securities at your premises or in transit.",
      },
      {
        title: "Counterfeit money",
        description: "Losses from accepting counterfeit currency in good faith.",
      },
      {
        title: "Social engineering fraud",
        description:
          "Often available as an option: losses when someone impersonating a vendor or executive tricks staff into sending money.",
      },
    ],
    notCovered: [
      "Losses discovered after the policy's discovery period",
      "Theft by the business's owners, in most policies",
      "Indirect losses such as lost income",
      "Costs of a data breach (cyber insurance)",
    ],
    faqs: [
      {
        question: "Doesn't my property insurance cover theft?",
        answer:
          "Property policies may cover equipment stolen in a break-in, but they often exclude or limit employee theft, forgery and fraud involving money. Crime insurance fills those gaps.",
      },
      {
        question: "What is the difference between crime insurance and a fidelity bond?",
        answer:
          "Both cover dishonest acts by employees. A fidelity bond is usually narrower; a crime policy typically covers more kinds of crime, such as forgery and funds transfer fraud.",
      },
      {
        question: "Does crime insurance cover email scams?",
        answer:
          "Scams that trick an employee into sending money are usually covered only under social engineering coverage, which is often an option you add to the policy.",
      },
      {
        question: "What is a discovery period?",
        answer:
          "Crime policies cover losses discovered while the policy is active, and some also cover losses found within a set time after it ends.",
      },
    ],
  },

  "fiduciary-liability": {
    headline: "Fiduciary Liability Insurance",
    summary:
      "Protects the people who manage your employee benefit plans, such as a 401(k) or health plan, against claims of mismanagement.",
    intro:
      "If your business sponsors a retirement or health plan, you and the people who run it are fiduciaries under ERISA, the federal law for most private employee benefit plans, and can be held personally liable for mistakes. Fiduciary liability insurance pays for defense and settlements.",
    whoNeedsIt: {
      intro: "Employers that offer a retirement, health or other benefit plan to employees.",
      examples: [
        "Businesses with a 401(k) or other retirement plan",
        "Employers offering group health, dental or life insurance",
        "Owners and managers who choose plan investments or providers",
        "Businesses that work with an outside plan administrator",
      ],
    },
    covered: [
      {
        title: "Breach of fiduciary duty",
        description:
          "Claims that plan decisions were not made solely in the interest of participants.",
      },
      {
        title: "Administrative errors",
        description:
          "Mistakes such as enrolling employees wrongly, giving incorrect benefit information or mishandling paperwork.",
      },
      {
        title: "Investment and fee decisions",
        description:
          "Claims that plan investments were imprudent or that the plan paid unreasonable fees.",
      },
      {
        title: "Legal defense",
        description:
          "Lawyers' fees and court costs for covered claims from employees, former employees or regulators.",
      },
      {
        title: "Settlements and judgments",
        description: "Amounts owed to plan participants, up to your policy limits.",
      },
    ],
    notCovered: [
      "Theft of plan assets: ERISA requires a separate fidelity bond for that",
      "Benefits the plan itself owes participants",
      "Intentional or criminal acts",
      "Employment disputes such as wrongful termination (employment practices liability)",
    ],
    faqs: [
      {
        question: "Am I a fiduciary?",
        answer:
          "If you have discretion over a benefit plan's management, assets or administration, you likely are. That often includes the business owner and anyone who chooses investments or providers.",
      },
      {
        question: "Doesn't my plan provider take on this risk?",
        answer:
          "Providers may share some duties, but the employer that sponsors the plan usually remains a fiduciary, responsible for choosing and monitoring those providers.",
      },
      {
        question: "Is fiduciary liability insurance the same as an ERISA bond?",
        answer:
          "No. The ERISA bond, which the law requires, protects the plan against theft by the people who handle its money. Fiduciary liability insurance protects the fiduciaries themselves against claims of mismanagement.",
      },
      {
        question: "Do small plans need it?",
        answer:
          "Claims can be brought against plans of any size, and fiduciaries can be personally liable for losses their mistakes cause.",
      },
    ],
  },
};

/** The copy of the product page with this slug. */
export function getProductPage(slug: string): ProductPage {
  const page = PRODUCT_PAGES[slug];
  if (!page) throw new Error(`No product page copy for ${slug}`);
  return page;
}

/** Every question a product page answers, in the order the page shows them (for FAQPage JSON-LD). */
export function allFaqs(page: ProductPage): Faq[] {
  return [...(page.faqGroup?.faqs ?? []), ...page.faqs];
}
