import { describe, expect, it } from "vitest";

import {
  planChanges,
  planChangesOf,
  planChangesQuery,
  ASK_ABOUT_STATE,
  COMMERCIAL_AUTO_SLUG,
  coveragePlan,
  EXTRA_LINE_RULES,
  EXTRA_LINES,
  PLAN_LINES,
  type PlanAnswers,
  planFacts,
  PLAN_RULES,
  RECOMMENDATIONS,
  WORKERS_COMP_SLUG,
} from "#app/domain/quote/coverage-plan.ts";
import { revenueBandFor } from "#app/domain/quote/answer-choices.ts";
import { INDUSTRIES } from "#app/domain/reference/industries.ts";
import { PRODUCT_LINES } from "#app/domain/reference/products.ts";
import { LINES_REVIEWED_ON, RULES_READ_ON } from "#app/domain/reference/source.ts";
import { US_STATES } from "#app/domain/reference/states.ts";

const base: PlanAnswers = {
  industry: "offices",
  segments: ["Accountant"],
  state: "California",
  ownership: "Limited Liability Company",
};

function lineOf(answers: Partial<PlanAnswers>, slug: string) {
  const line = coveragePlan({ ...base, ...answers }).lines.find(
    (candidate) => candidate.slug === slug,
  );
  if (!line) throw new Error(`No ${slug} in the plan`);
  return line;
}

const workersComp = (answers: Partial<PlanAnswers>) => lineOf(answers, WORKERS_COMP_SLUG);

/** Both counts answered. */
const staff = (fullTime: number, partTime = 0) => ({
  fullTimeEmployees: fullTime,
  partTimeEmployees: partTime,
});

describe("the plan for every industry", () => {
  for (const industry of INDUSTRIES) {
    it(`gives ${industry.label} one verdict per marketed line, with a reason and its sources`, () => {
      for (const employees of [{}, staff(0), staff(2, 3)]) {
        const plan = coveragePlan({
          ...base,
          industry: industry.id,
          segments: industry.segments.slice(0, 1),
          ...employees,
        });
        // Every marketed line; an added line only where its rule finds it applies.
        const slugs = plan.lines.map((line) => line.slug);
        expect(slugs.filter((slug) => PRODUCT_LINES.some((line) => line.slug === slug))).toEqual(
          expect.arrayContaining(PRODUCT_LINES.map((line) => line.slug)),
        );
        for (const slug of slugs) {
          expect([...PRODUCT_LINES, ...EXTRA_LINES].map((line) => line.slug)).toContain(slug);
        }
        for (const line of plan.lines) {
          expect(RECOMMENDATIONS).toContain(line.recommendation);
          // One plain sentence: a capital, no full stop before the last character.
          expect(line.reason).toMatch(/^[A-Z][^.!?]*\.$/);
          expect(line.sources.length).toBeGreaterThan(0);
          expect(line.ticked).toBe(
            (line.recommendation === "Required by law" || line.recommendation === "Recommended") &&
              line.stateFund === undefined,
          );
        }
        const strengths = plan.lines.map((line) => RECOMMENDATIONS.indexOf(line.recommendation));
        expect(strengths).toEqual(strengths.toSorted((a, b) => a - b));
      }
    });
  }

  it("keeps the carousel's order within one recommendation", () => {
    const plan = coveragePlan({ ...base, ...staff(0) });
    const notNeeded = plan.lines.filter(
      (line) => line.recommendation === "Not usually needed for this business",
    );
    const menuOrder = PLAN_LINES.map((line) => line.slug);
    const positions = notNeeded.map((line) => menuOrder.indexOf(line.slug));
    expect(positions).toEqual(positions.toSorted((a, b) => a - b));
    expect(notNeeded.length).toBeGreaterThan(1);
  });
});

describe("the rules table", () => {
  it("covers every plan line but workers' comp and commercial auto, which state law decides", () => {
    expect(
      [
        ...Object.keys(PLAN_RULES),
        ...Object.keys(EXTRA_LINE_RULES),
        WORKERS_COMP_SLUG,
        COMMERCIAL_AUTO_SLUG,
      ].toSorted(),
    ).toEqual(PLAN_LINES.map((line) => line.slug).toSorted());
  });

  it("gives every rule a source URL and the day it was read, and ends each line with a catch-all", () => {
    const anyFacts = [
      planFacts(base),
      planFacts({ ...base, ...staff(0) }),
      planFacts({ ...base, ...staff(40) }),
    ];
    for (const [slug, rules] of Object.entries({ ...PLAN_RULES, ...EXTRA_LINE_RULES })) {
      for (const rule of rules) {
        expect(rule.sources.length, slug).toBeGreaterThan(0);
        for (const source of rule.sources) {
          expect(source.url, slug).toMatch(/^https?:\/\/[^\s]+$/);
          expect([RULES_READ_ON, LINES_REVIEWED_ON], slug).toContain(source.read);
        }
      }
      // An added line may be left out; a marketed line always has a verdict.
      if (slug in EXTRA_LINE_RULES) continue;
      for (const facts of anyFacts) expect(rules.at(-1)!.when(facts), slug).toBe(true);
    }
  });
});

describe("workers' compensation", () => {
  it("is required in California from the first employee", () => {
    const line = workersComp({ state: "California", ...staff(1) });
    expect(line.recommendation).toBe("Required by law");
    expect(line.reason).toBe("California requires it from your first employee.");
    expect(line.sources[0]!.url).toContain("dir.ca.gov");
  });

  it("is recommended but not required in Texas, where employers may opt out", () => {
    const line = workersComp({ state: "Texas", ...staff(12, 4) });
    expect(line.recommendation).toBe("Recommended");
    expect(line.reason).toBe(
      "Texas lets most private employers opt out, but without it injured staff can sue you.",
    );
  });

  it("counts construction differently in Florida", () => {
    const bookstore = { state: "Florida", industry: "retail", segments: ["Bookstore"] } as const;
    expect(workersComp({ ...bookstore, ...staff(3), workingOwners: 0 })).toMatchObject({
      recommendation: "Recommended",
      reason:
        "Florida requires it from 4 employees, so for now it is optional but still pays if staff get hurt.",
    });
    expect(
      workersComp({ state: "Florida", industry: "retail", segments: ["Bookstore"], ...staff(2, 2) })
        .recommendation,
    ).toBe("Required by law");
    expect(
      workersComp({
        state: "Florida",
        industry: "construction",
        segments: ["Plumbing"],
        ...staff(1),
      }),
    ).toMatchObject({
      recommendation: "Required by law",
      reason: "Florida requires it for construction businesses from your first employee.",
    });
  });

  it("covers Florida construction owners with no staff, with an exemption only for LLCs and corporations", () => {
    const construction = {
      state: "Florida",
      industry: "construction",
      segments: ["Roofing"],
      ...staff(0),
    } as const;
    expect(
      workersComp({ ...construction, ownership: "Individual / Sole Proprietorship" }),
    ).toMatchObject({
      recommendation: "Required by law",
      reason:
        "Florida counts construction business owners as employees, so you need it even with no staff.",
    });
    expect(workersComp({ ...construction, ownership: "Limited Liability Company" })).toMatchObject({
      recommendation: "Required by law",
      reason:
        "Florida counts construction business owners as employees, so it is required unless they file to be exempt.",
    });
  });

  it("must come from the state fund in Ohio, so no private insurer's median is shown", () => {
    const plan = coveragePlan({ ...base, state: "Ohio", ...staff(2) });
    const line = plan.lines.find((candidate) => candidate.slug === WORKERS_COMP_SLUG)!;
    expect(line.recommendation).toBe("Required by law");
    expect(line.reason).toBe(
      "Ohio requires it from your first employee, and it must come from the state fund.",
    );
    expect(line.typicalPrice).toBeUndefined();
    expect(line.notes.join(" ")).toContain("Bureau of Workers' Compensation");
    // No agency can quote it there: the fund is named and the line is not ticked for a request.
    expect(line.stateFund?.name).toBe("Ohio Bureau of Workers' Compensation");
    expect(line.stateFund?.url).toMatch(/^https:\/\/info\.bwc\.ohio\.gov\//);
    expect(line.ticked).toBe(false);
    expect(workersComp({ state: "California", ...staff(2) }).typicalPrice?.monthly).toBe(49);
  });

  it("says what it depends on when the head count is unanswered or only partly answered", () => {
    expect(workersComp({ state: "Georgia" })).toMatchObject({
      recommendation: "Recommended",
      reason: "Georgia requires it from 3 employees.",
    });
    expect(workersComp({ state: "Georgia", fullTimeEmployees: 0 }).reason).toBe(
      "Georgia requires it from 3 employees.",
    );
    expect(workersComp({ state: "Georgia", fullTimeEmployees: 3 }).recommendation).toBe(
      "Required by law",
    );
    expect(workersComp({ state: "Georgia", partTimeEmployees: 1 }).recommendation).toBe(
      "Recommended",
    );
  });

  it("is not usually needed with no employees, unless the owners themselves count", () => {
    expect(
      workersComp({ ownership: "Individual / Sole Proprietorship", ...staff(0) }),
    ).toMatchObject({
      recommendation: "Not usually needed for this business",
      reason:
        "With no employees the law doesn't require it, though owners can choose to cover themselves.",
    });
    // Companies: states count working officers or members each in their own way.
    expect(workersComp({ state: "Colorado", ownership: "Corporation", ...staff(0) })).toMatchObject(
      { recommendation: "Recommended", reason: ASK_ABOUT_STATE },
    );
    expect(
      workersComp({ state: "Colorado", ownership: "Corporation", ...staff(0), workingOwners: 0 })
        .recommendation,
    ).toBe("Not usually needed for this business");
    expect(
      workersComp({ state: "New Jersey", ownership: "Corporation", ...staff(0) }),
    ).toMatchObject({
      recommendation: "Required by law",
      reason:
        "New Jersey counts paid corporate officers as employees, so you need it even with no staff.",
    });
  });

  it("asks an agent where the sources disagree", () => {
    expect(workersComp({ state: "South Dakota", ...staff(6) })).toMatchObject({
      recommendation: "Recommended",
      reason: ASK_ABOUT_STATE,
    });
    expect(ASK_ABOUT_STATE).toBe("Ask an agent whether your state requires it.");
  });

  it("names the extra tests a head count cannot settle", () => {
    expect(
      workersComp({
        state: "Alabama",
        industry: "construction",
        segments: ["Carpentry"],
        ...staff(2),
      }),
    ).toMatchObject({
      recommendation: "Recommended",
      reason:
        "Alabama requires it from 5 employees, or from your first employee for building new single-family homes.",
    });
    expect(workersComp({ state: "Alabama", ...staff(5) }).recommendation).toBe("Required by law");
    expect(workersComp({ state: "Kansas", ...staff(3) })).toMatchObject({
      recommendation: "Recommended",
      reason: "Kansas requires it once your total yearly payroll is over $20,000.",
    });
    expect(workersComp({ state: "Wisconsin", ...staff(1) }).reason).toBe(
      "Wisconsin requires it from 3 employees, or sooner once you pay $500 or more in wages in a calendar quarter.",
    );
    expect(workersComp({ state: "Michigan", ...staff(0, 3) }).recommendation).toBe(
      "Required by law",
    );
  });

  it("in Wyoming, is required for listed work, construction among it, from the state fund", () => {
    expect(
      workersComp({
        state: "Wyoming",
        industry: "construction",
        segments: ["Masonry Work"],
        ...staff(2),
      }).recommendation,
    ).toBe("Required by law");
    expect(
      workersComp({ state: "Wyoming", industry: "retail", segments: ["Toy Store"], ...staff(2) }),
    ).toMatchObject({
      recommendation: "Recommended",
      reason:
        "Wyoming requires it only for work on its extra-hazardous list, so ask an agent whether yours is.",
    });
  });
});

describe("workers' compensation counts the people the law counts (issue 26)", () => {
  const georgiaCorporation = { state: "Georgia", ownership: "Corporation" } as const;

  it("counts a Georgia corporation's working officer toward the three", () => {
    expect(workersComp({ ...georgiaCorporation, ...staff(2), workingOwners: 1 })).toMatchObject({
      recommendation: "Required by law",
      reason:
        "Georgia requires it from 3 employees, and counts the owner or officer who works in the business.",
    });
  });

  it("never calls it optional while an owner who might count is unknown", () => {
    const unknownOwners = workersComp({ ...georgiaCorporation, ...staff(2) });
    expect(unknownOwners.recommendation).toBe("Recommended");
    expect(unknownOwners.reason).not.toContain("optional");
    expect(workersComp({ ...georgiaCorporation, ...staff(2), workingOwners: 0 }).reason).toBe(
      "Georgia requires it from 3 employees, so for now it is optional but still pays if staff get hurt.",
    );
  });

  it("asks an agent where the sources do not say whether the owners count", () => {
    // Missouri's officers are counted only by a secondary source; Georgia's LLC members by none.
    expect(
      workersComp({ state: "Missouri", ownership: "Corporation", ...staff(4), workingOwners: 1 }),
    ).toMatchObject({ recommendation: "Recommended", reason: ASK_ABOUT_STATE });
    expect(
      workersComp({
        state: "Georgia",
        ownership: "Limited Liability Company",
        ...staff(2),
        workingOwners: 2,
      }),
    ).toMatchObject({ recommendation: "Recommended", reason: ASK_ABOUT_STATE });
  });

  it("counts owners where the state does, and not where it says they do not count", () => {
    expect(
      workersComp({
        state: "New Mexico",
        ownership: "Limited Liability Company",
        ...staff(2),
        workingOwners: 1,
      }).recommendation,
    ).toBe("Required by law");
    expect(
      workersComp({
        state: "North Carolina",
        ownership: "Limited Liability Company",
        ...staff(2),
        workingOwners: 3,
      }).recommendation,
    ).toBe("Recommended");
    expect(
      workersComp({
        state: "Tennessee",
        ownership: "Corporation",
        ...staff(3),
        workingOwners: 2,
      }).recommendation,
    ).toBe("Required by law");
  });

  it("leaves a sole owner with no employees to choose", () => {
    expect(
      workersComp({
        state: "Georgia",
        ownership: "Individual / Sole Proprietorship",
        ...staff(0),
        workingOwners: 1,
      }),
    ).toMatchObject({ recommendation: "Not usually needed for this business" });
  });

  it("says North Carolina needs it from one employee who works with radiation", () => {
    expect(workersComp({ state: "North Carolina", ...staff(1), workingOwners: 0 })).toMatchObject({
      recommendation: "Recommended",
      reason:
        "North Carolina requires it from 3 employees, or sooner once anyone you employ works with radiation.",
    });
  });

  it("in California, covers working officers unless they waive it in writing", () => {
    const line = workersComp({
      state: "California",
      ownership: "Corporation",
      ...staff(0),
      workingOwners: 1,
    });
    expect(line).toMatchObject({
      recommendation: "Required by law",
      reason:
        "California counts working corporate officers and directors as employees, so it is required unless they file to be exempt.",
    });
    expect(line.notes.join(" ")).toContain("at least 10%");
    expect(line.sources.map((source) => source.url).join(" ")).toContain("wcirb.com");
  });

  it("in Tennessee construction, is required unless the owners file an exemption", () => {
    expect(
      workersComp({
        state: "Tennessee",
        industry: "construction",
        segments: ["Roofing"],
        ownership: "Limited Liability Company",
        ...staff(0),
      }),
    ).toMatchObject({
      recommendation: "Required by law",
      reason:
        "Tennessee counts construction business owners as employees, so it is required unless they file to be exempt.",
    });
  });

  it("names the fund in every state where only the fund sells it", () => {
    for (const state of ["Ohio", "North Dakota", "Washington"] as const) {
      expect(workersComp({ state, ...staff(1) }).stateFund?.url, state).toMatch(/^https:\/\//);
    }
    const builder = {
      state: "Wyoming",
      industry: "construction",
      segments: ["Masonry Work"],
    } as const;
    expect(workersComp({ ...builder, ...staff(1) }).stateFund?.name).toContain("Wyoming");
    // Outside its listed work too, no private insurer writes it in Wyoming: no figure, no tick.
    expect(
      workersComp({ state: "Wyoming", industry: "retail", segments: ["Toy Store"], ...staff(2) }),
    ).toMatchObject({ stateFund: { name: expect.stringContaining("Wyoming") }, ticked: false });
  });

  it("is Texas's employers' choice", () => {
    expect(workersComp({ state: "Texas", ...staff(3), workingOwners: 1 }).recommendation).toBe(
      "Recommended",
    );
    expect(
      workersComp({ state: "Texas", ownership: "Corporation", ...staff(0) }).recommendation,
    ).toBe("Not usually needed for this business");
  });

  it("warns that a national median understates a construction firm's premium", () => {
    const construction = { industry: "construction", segments: ["Roofing"] } as const;
    expect(workersComp({ ...construction, ...staff(3) }).priceNote).toBe(
      "Workers' compensation is priced on payroll and each trade's class, so a construction firm usually pays well above this median.",
    );
    // Every other figure says what the premium is worked out from (issue 54).
    expect(workersComp(staff(3)).priceNote).toBe(
      "Workers' compensation is priced on your payroll and the class of work your staff do, so your premium can be well above or below this median.",
    );
  });
});

describe("general liability and commercial auto (issue 26)", () => {
  it("plans general liability, pointing to the BOP where the plan recommends one", () => {
    const contractor = { industry: "construction", segments: ["Roofing"] } as const;
    expect(lineOf(contractor, "general-liability")).toMatchObject({
      recommendation: "Recommended",
      ticked: true,
    });
    expect(lineOf(contractor, "general-liability").typicalPrice?.monthly).toBe(69);
    const florist = { industry: "retail", segments: ["Florist"] } as const;
    expect(lineOf(florist, "general-liability")).toMatchObject({
      recommendation: "Worth considering",
      reason:
        "A Business Owner's Policy includes general liability, so you need one of the two, not both.",
    });
    expect(
      lineOf({ industry: "retail", segments: ["E-Commerce"] }, "general-liability").recommendation,
    ).toBe("Recommended");
  });

  it("shows commercial auto only to a business that uses vehicles for work", () => {
    const slugs = (answers: Partial<PlanAnswers>) =>
      coveragePlan({ ...base, ...answers }).lines.map((line) => line.slug);
    expect(slugs({})).not.toContain(COMMERCIAL_AUTO_SLUG);
    expect(slugs({ vehicles: "none" })).not.toContain(COMMERCIAL_AUTO_SLUG);
    expect(lineOf({ vehicles: "owned" }, COMMERCIAL_AUTO_SLUG)).toMatchObject({
      recommendation: "Required by law",
      ticked: true,
      reason:
        "California requires liability insurance on vehicles the business owns or leases, which a personal auto policy usually does not cover.",
    });
    expect(
      lineOf({ vehicles: "owned", state: "New Hampshire" }, COMMERCIAL_AUTO_SLUG).recommendation,
    ).toBe("Recommended");
    expect(lineOf({ vehicles: "personal" }, COMMERCIAL_AUTO_SLUG).recommendation).toBe(
      "Recommended",
    );
  });
});

describe("the other lines", () => {
  it("weigh employment practices liability by the number of employees", () => {
    const slug = "employment-practices-liability";
    expect(lineOf(staff(0), slug).recommendation).toBe("Not usually needed for this business");
    expect(lineOf({}, slug).recommendation).toBe("Worth considering");
    expect(lineOf(staff(3), slug).recommendation).toBe("Worth considering");
    expect(lineOf(staff(10, 5), slug).recommendation).toBe("Recommended");
  });

  it("put D&O to corporations as worth considering, saying why, and not to sole proprietors", () => {
    // Issue 54: not pre-ticked for every corporation, one-person companies included.
    expect(lineOf({ ownership: "Corporation" }, "directors-and-officers")).toMatchObject({
      recommendation: "Worth considering",
      ticked: false,
      reason:
        "A corporation's directors and officers can be sued personally by investors, lenders or staff, so it matters most once you have outside owners, a board or employees.",
    });
    expect(
      lineOf({ ownership: "Individual / Sole Proprietorship" }, "directors-and-officers")
        .recommendation,
    ).toBe("Not usually needed for this business");
  });

  it("recommend E&O to tech firms and professional liability to accountants, one of the two", () => {
    const tech = { segments: ["Technology Services"] };
    expect(lineOf(tech, "errors-and-omissions").recommendation).toBe("Recommended");
    expect(lineOf(tech, "professional-liability").recommendation).toBe("Worth considering");
    expect(lineOf({}, "professional-liability").recommendation).toBe("Recommended");
    expect(lineOf({}, "errors-and-omissions").recommendation).toBe("Worth considering");
    expect(
      lineOf({ segments: ["Real Estate Agency"] }, "errors-and-omissions").recommendation,
    ).toBe("Recommended");
    const cafe = { industry: "food", segments: ["Coffee Shop"] } as const;
    expect(lineOf(cafe, "professional-liability").recommendation).toBe(
      "Not usually needed for this business",
    );
  });

  it("recommend a BOP to shops with premises, less so to online-only sellers", () => {
    const slug = "business-owners-policy";
    expect(lineOf({ industry: "retail", segments: ["Florist"] }, slug).recommendation).toBe(
      "Recommended",
    );
    expect(lineOf({ industry: "retail", segments: ["E-Commerce"] }, slug).recommendation).toBe(
      "Worth considering",
    );
    expect(
      lineOf({ industry: "cleaning", segments: ["Window Cleaning"] }, slug).recommendation,
    ).toBe("Recommended");
  });

  it("recommend cyber cover to those taking cards or holding client data", () => {
    expect(
      lineOf({ industry: "retail", segments: ["E-Commerce"] }, "cyber-insurance").recommendation,
    ).toBe("Recommended");
    expect(lineOf({}, "cyber-insurance").typicalPrice?.monthly).toBe(123);
    expect(
      lineOf({ industry: "construction", segments: ["Painting"] }, "cyber-insurance")
        .recommendation,
    ).toBe("Worth considering");
  });

  it("weigh crime cover by who handles cash or clients' property", () => {
    const cleaning = { industry: "cleaning", segments: ["Residential Cleaning"] } as const;
    expect(lineOf({ ...cleaning, ...staff(2) }, "crime-insurance").recommendation).toBe(
      "Recommended",
    );
    expect(lineOf({ ...cleaning, ...staff(0) }, "crime-insurance").recommendation).toBe(
      "Worth considering",
    );
    const shop = { industry: "retail", segments: ["Liquor Store"] } as const;
    expect(lineOf({ ...shop, ...staff(0) }, "crime-insurance").recommendation).toBe(
      "Not usually needed for this business",
    );
    expect(lineOf({ ...shop, ...staff(1) }, "crime-insurance").recommendation).toBe("Recommended");
    expect(lineOf(shop, "crime-insurance").publishedRange?.text).toContain("$650");
  });

  it("leave fiduciary liability to businesses with employees, with no figure to show", () => {
    expect(lineOf(staff(0), "fiduciary-liability").recommendation).toBe(
      "Not usually needed for this business",
    );
    const line = lineOf(staff(4), "fiduciary-liability");
    expect(line.recommendation).toBe("Worth considering");
    expect(line.typicalPrice).toBeUndefined();
    expect(line.publishedRange).toBeUndefined();
  });
});

describe("the optional answers", () => {
  it("may all be left unanswered", () => {
    expect(coveragePlan(base).lines).toHaveLength(PRODUCT_LINES.length);
  });

  it("about revenue, claims and current insurance do not change which lines fit", () => {
    const answered = coveragePlan({
      ...base,
      revenue: "1m-5m",
      claimsInLast3Years: true,
      currentlyInsured: false,
    });
    expect(answered).toEqual(coveragePlan(base));
  });

  it("put a typed revenue in its band, just starting at zero", () => {
    expect(revenueBandFor(0)).toBe("just-starting");
    expect(revenueBandFor(99_999)).toBe("under-100k");
    expect(revenueBandFor(100_000)).toBe("100k-500k");
    expect(revenueBandFor(999_999)).toBe("500k-1m");
    expect(revenueBandFor(5_000_000)).toBe("5m-plus");
  });
});

describe("what an update of the answers changed (issue 26)", () => {
  it("names the lines whose grade changed and ticks those raised, through the page's address", () => {
    const before = coveragePlan({ ...base, state: "Georgia", ownership: "Corporation" });
    const after = coveragePlan({
      ...base,
      state: "Georgia",
      ownership: "Corporation",
      ...staff(2),
      workingOwners: 1,
      vehicles: "owned",
    });
    const changes = planChanges(before, after);
    // Workers' comp rose from Recommended (ticked already) to Required; commercial auto appeared.
    expect(changes.raised).toEqual([COMMERCIAL_AUTO_SLUG]);
    expect(changes.changed).toEqual(
      expect.arrayContaining([WORKERS_COMP_SLUG, COMMERCIAL_AUTO_SLUG]),
    );
    const query = planChangesQuery(changes);
    expect(planChangesOf(new URLSearchParams(query))).toEqual(changes);
    expect(planChangesQuery(planChanges(before, before))).toBe("");
  });

  it("reads only the plan's own lines from an address, whatever else it names", () => {
    const search = new URLSearchParams({
      changed: "workers-comp,<script>,workers-comp,flood",
      raised: "x".repeat(5000),
    });
    expect(planChangesOf(search)).toEqual({ changed: [WORKERS_COMP_SLUG], raised: [] });
  });
});

describe("the plan in Spanish (issue 31)", () => {
  const roofer: PlanAnswers = {
    industry: "construction",
    segments: ["Roofing"],
    state: "New Mexico",
    ownership: "Corporation",
    fullTimeEmployees: 3,
    partTimeEmployees: 0,
    workingOwners: 1,
    vehicles: "owned",
  };

  it("gives each line its glossary name, the state's name and law in Spanish, the same verdicts", () => {
    const spanish = coveragePlan(roofer, "es").lines;
    const english = coveragePlan(roofer).lines;
    // The same lines, in the same order, with the same recommendations: only the words change.
    expect(spanish.map((line) => [line.slug, line.recommendation])).toEqual(
      english.map((line) => [line.slug, line.recommendation]),
    );
    expect(spanish[0]).toMatchObject({
      name: "Compensación para trabajadores (Workers' Compensation)",
      recommendation: "Required by law",
      reason:
        "Nuevo México la exige a partir de 3 empleados, o a partir de su primer empleado para los trabajos de construcción que requieren licencia.",
      priceNote:
        "La compensación para trabajadores se cotiza según la nómina y la clasificación de cada oficio, así que una empresa de construcción suele pagar bastante más que esta mediana.",
    });
    expect(spanish[0]?.notes).toContain("También cuentan los empleados en otros estados.");
    expect(spanish[1]).toMatchObject({
      name: "Seguro de auto comercial (Commercial Auto)",
      reason:
        "Nuevo México exige seguro de responsabilidad civil para los vehículos que el negocio posee o arrienda, algo que una póliza de auto personal por lo general no cubre.",
    });
    const crime = spanish.find((line) => line.slug === "crime-insurance");
    expect(crime?.publishedRange?.text).toBe(
      "Las cifras publicadas sitúan una póliza independiente en unos $650 a $2,500 al año.",
    );
    const liability = spanish.find((line) => line.slug === "general-liability");
    expect(liability?.typicalPrice?.basis).toEqual({ kind: "industry", label: "Construcción" });
  });

  it("says every state's workers' compensation rule and notes in Spanish, and asks an agent where the sources do", () => {
    for (const state of US_STATES) {
      for (const answers of [
        { ...base, state },
        { ...roofer, state },
        { ...base, state, ...staff(0), workingOwners: 2 },
      ]) {
        const english = workersCompLine(coveragePlan(answers));
        const spanish = workersCompLine(coveragePlan(answers, "es"));
        expect(spanish.recommendation, state).toBe(english.recommendation);
        expect(spanish.reason, `${state}: ${english.reason}`).not.toBe(english.reason);
        if (english.reason === ASK_ABOUT_STATE) {
          expect(spanish.reason).toBe("Pregunte a un agente si su estado la exige.");
        }
        expect(spanish.notes.length).toBe(english.notes.length);
        spanish.notes.forEach((note, index) => expect(note).not.toBe(english.notes[index]));
      }
    }
  });
});

function workersCompLine(plan: ReturnType<typeof coveragePlan>) {
  const line = plan.lines.find((candidate) => candidate.slug === WORKERS_COMP_SLUG);
  if (!line) throw new Error("No workers' compensation in the plan");
  return line;
}

/** Whether a source of the line is this page. */
const citing = (line: { sources: readonly { url: string }[] }, url: string) =>
  line.sources.some((source) => source.url === url);

describe("the plan's rules, reviewed line by line (issue 54)", () => {
  const BPC_7125 =
    "https://leginfo.legislature.ca.gov/faces/codes_displayText.xhtml?lawCode=BPC&division=3.&title=&part=&chapter=9.&article=7.5.";
  const californiaSoleTrader = (segment: string) =>
    ({
      industry: "construction",
      segments: [segment],
      state: "California",
      ownership: "Individual / Sole Proprietorship",
    }) as const;

  it("requires workers' compensation of a California roofer or concrete contractor with no employees (B&P Code 7125)", () => {
    for (const employees of [staff(0), {}, { ...staff(0), workingOwners: 0 }]) {
      const roofer = workersComp({ ...californiaSoleTrader("Roofing"), ...employees });
      expect(roofer).toMatchObject({
        recommendation: "Required by law",
        reason:
          "California's contractors' board requires every active roofing contractor (C-39) to carry it, even with no employees.",
        ticked: true,
      });
      expect(citing(roofer, BPC_7125)).toBe(true);
      const concrete = workersComp({
        ...californiaSoleTrader("Concrete Construction"),
        ...employees,
      });
      expect(concrete.recommendation).toBe("Required by law");
      expect(concrete.reason).toContain("concrete (C-8)");
      expect(citing(concrete, BPC_7125)).toBe(true);
    }
  });

  it("asks an agent, never 'not needed', for other California trades while the start date for all licensees is unsettled", () => {
    const painter = workersComp({ ...californiaSoleTrader("Painting"), ...staff(0) });
    expect(painter.recommendation).toBe("Recommended");
    expect(painter.reason).toContain("ask an agent");
    expect(painter.reason).toContain("January 2028");
    expect(citing(painter, "https://sites.sandiego.edu/cpil-blog/?p=986")).toBe(true);
    // Head count unknown: the state's own rule, from the first employee, says more.
    expect(workersComp(californiaSoleTrader("Painting"))).toMatchObject({
      recommendation: "Recommended",
      reason: "California requires it from your first employee.",
    });
    // Outside California nothing changes: a Nevada sole roofer alone may choose.
    expect(
      workersComp({ ...californiaSoleTrader("Roofing"), state: "Nevada", ...staff(0) })
        .recommendation,
    ).toBe("Not usually needed for this business");
  });

  it("covers a California corporation's one working officer, and its note says so as the law has since 2017 (AB 2883)", () => {
    const line = workersComp({
      state: "California",
      ownership: "Corporation",
      ...staff(0),
      workingOwners: 1,
    });
    expect(line).toMatchObject({
      recommendation: "Required by law",
      reason:
        "California counts working corporate officers and directors as employees, so it is required unless they file to be exempt.",
    });
    expect(line.notes.join(" ")).not.toContain("own the whole corporation");
    expect(line.notes).toContain(
      "Since 2017 every officer or director who works for the corporation for pay is an employee and must be covered, unless they qualify for and sign a waiver.",
    );
    expect(citing(line, "https://legiscan.com/CA/text/AB2883/2015")).toBe(true);
  });

  it("counts an Arkansas sole proprietor working in the business toward the three employees", () => {
    const arkansas = {
      state: "Arkansas",
      ownership: "Individual / Sole Proprietorship",
      ...staff(2),
    } as const;
    expect(workersComp({ ...arkansas, workingOwners: 1 })).toMatchObject({
      recommendation: "Required by law",
      reason:
        "Arkansas requires it from 3 employees, and counts the owner or officer who works in the business.",
    });
    // Unknown whether the owner works in it: never "optional".
    const unknown = workersComp(arkansas);
    expect(unknown.recommendation).toBe("Recommended");
    expect(unknown.reason).not.toMatch(/optional/);
    expect(unknown.notes).toContain(
      "A sole proprietor, partner or LLC member who works full time in the business counts toward the three, unless they hold the commission's certificate of non-coverage.",
    );
    expect(citing(unknown, "https://fill.io/Work-Comp-0251876c")).toBe(true);
  });

  it("sends a Wyoming gas station to the state fund: listed work, no private figure, not ticked (W.S. 27-14-108)", () => {
    const gasStation = workersComp({
      state: "Wyoming",
      industry: "retail",
      segments: ["Gas Station"],
      ...staff(2),
    });
    expect(gasStation).toMatchObject({
      recommendation: "Required by law",
      reason:
        "Wyoming lists your kind of business as extra-hazardous work, so it is required from your first employee and must come from the state fund.",
      ticked: false,
      typicalPrice: undefined,
      priceNote: undefined,
    });
    expect(gasStation.stateFund?.name).toContain("Wyoming");
    expect(
      citing(
        gasStation,
        "https://legalfix.com/statutes/state-codes/wyoming/title-27/chapter-14/article-1/section-27-14-108",
      ),
    ).toBe(true);
    // A business of another industry filed under a listed code (truck transportation, 484).
    expect(
      workersComp({
        state: "Wyoming",
        industry: "other",
        segments: ["Long-haul freight"],
        naicsCode: "484121",
        ...staff(1),
      }).recommendation,
    ).toBe("Required by law");
  });

  it("requires errors and omissions of a Colorado real estate agency, and asks an agent where only brokers list the state", () => {
    const agency = { industry: "offices", segments: ["Real Estate Agency"] } as const;
    const colorado = lineOf({ ...agency, state: "Colorado" }, "errors-and-omissions");
    expect(colorado).toMatchObject({
      recommendation: "Required by law",
      reason:
        "Colorado requires every active real estate licensee to carry errors and omissions insurance.",
      ticked: true,
    });
    expect(
      citing(
        colorado,
        "https://dre.colorado.gov/division-programs/real-estate-broker/licensing/broker-insurance-requirements",
      ),
    ).toBe(true);
    expect(lineOf({ ...agency, state: "Iowa" }, "errors-and-omissions").recommendation).toBe(
      "Required by law",
    );
    const kentucky = lineOf({ ...agency, state: "Kentucky" }, "errors-and-omissions");
    expect(kentucky.recommendation).toBe("Recommended");
    expect(kentucky.reason).toContain("ask an agent");
    expect(lineOf({ ...agency, state: "Texas" }, "errors-and-omissions").recommendation).toBe(
      "Recommended",
    );
  });

  it("adds liquor liability for a bar, and asks a restaurant whether it serves alcohol", () => {
    const bar = lineOf({ industry: "food", segments: ["Bar"] }, "liquor-liability");
    expect(bar).toMatchObject({ recommendation: "Recommended", ticked: true });
    expect(bar.reason).toContain("General liability leaves out claims over the alcohol");
    expect(
      lineOf({ industry: "food", segments: ["Restaurant"] }, "liquor-liability"),
    ).toMatchObject({ recommendation: "Worth considering", ticked: false });
    const bakery = coveragePlan({ ...base, industry: "food", segments: ["Bakery"] });
    expect(bakery.lines.map((line) => line.slug)).not.toContain("liquor-liability");
  });

  it("requires the ERISA bond of a business with a 401(k), beside fiduciary liability, which the law does not require", () => {
    const withPlan = { ...staff(4), retirementPlan: true } as const;
    const bond = lineOf(withPlan, "erisa-bond");
    expect(bond).toMatchObject({
      recommendation: "Required by law",
      reason:
        "Federal law (ERISA section 412) requires a bond on the people who handle your retirement plan's money, of at least 10% of its assets, from $1,000 up to $500,000.",
      ticked: true,
    });
    expect(bond.sources.map((source) => source.publisher).join(" ")).toContain(
      "Field Assistance Bulletin 2008-04",
    );
    expect(lineOf(withPlan, "fiduciary-liability").recommendation).toBe("Recommended");
    // No plan: no bond line; unknown with staff: why it may apply, and ask an agent.
    const slugs = (answers: Partial<PlanAnswers>) =>
      coveragePlan({ ...base, ...answers }).lines.map((line) => line.slug);
    expect(slugs({ ...staff(4), retirementPlan: false })).not.toContain("erisa-bond");
    expect(slugs(staff(0))).not.toContain("erisa-bond");
    expect(lineOf(staff(4), "erisa-bond")).toMatchObject({ recommendation: "Worth considering" });
    expect(lineOf(staff(4), "erisa-bond").reason).toContain("ask an agent");
  });

  it("adds contractor's equipment, an umbrella and licence bonds for contractors, garagekeepers for a dealership", () => {
    const roofer = { industry: "construction", segments: ["Roofing"] } as const;
    expect(lineOf(roofer, "contractors-equipment").recommendation).toBe("Recommended");
    expect(lineOf(roofer, "commercial-umbrella").recommendation).toBe("Recommended");
    // California's contractor's bond is a licensing requirement; elsewhere it depends.
    expect(lineOf(roofer, "license-and-permit-bonds")).toMatchObject({
      recommendation: "Required by law",
      reason:
        "California requires every licensed contractor to keep a contractor's bond on file with its contractors' board, which newer sources put at $25,000, so ask an agent to confirm the amount.",
    });
    expect(lineOf({ ...roofer, state: "Oregon" }, "license-and-permit-bonds").reason).toContain(
      "ask an agent",
    );
    expect(
      lineOf({ industry: "retail", segments: ["Auto Dealership"] }, "garagekeepers").recommendation,
    ).toBe("Recommended");
    expect(coveragePlan(base).lines.map((line) => line.slug)).not.toEqual(
      expect.arrayContaining(["garagekeepers", "contractors-equipment", "liquor-liability"]),
    );
  });

  it("says every requirement with its source, and the Spanish plan the same in the glossary's words", () => {
    const cases: PlanAnswers[] = [
      { ...californiaSoleTrader("Roofing"), ...staff(0) },
      { ...base, state: "California", ownership: "Corporation", ...staff(0), workingOwners: 1 },
      { ...base, industry: "retail", segments: ["Gas Station"], state: "Wyoming", ...staff(2) },
      { ...base, segments: ["Real Estate Agency"], state: "Colorado" },
      { ...base, industry: "food", segments: ["Bar"], ...staff(3), retirementPlan: true },
    ];
    for (const answers of cases) {
      const english = coveragePlan(answers).lines;
      const spanish = coveragePlan(answers, "es").lines;
      expect(spanish.map((line) => [line.slug, line.recommendation])).toEqual(
        english.map((line) => [line.slug, line.recommendation]),
      );
      for (const [index, line] of english.entries()) {
        if (line.recommendation === "Required by law") {
          expect(line.sources.length, line.slug).toBeGreaterThan(0);
        }
        expect(spanish[index]!.reason, line.slug).not.toBe(line.reason);
      }
    }
    const bar = coveragePlan(cases[4]!, "es").lines;
    expect(bar.find((line) => line.slug === "liquor-liability")?.name).toBe(
      "Responsabilidad por bebidas alcohólicas (Liquor Liability)",
    );
    expect(bar.find((line) => line.slug === "erisa-bond")).toMatchObject({
      name: "Fianza de fidelidad ERISA (ERISA Fidelity Bond)",
      reason:
        "La ley federal (sección 412 de ERISA) exige una fianza sobre las personas que manejan el dinero de su plan de jubilación, de al menos el 10% de sus activos, desde $1,000 hasta $500,000.",
    });
    expect(coveragePlan(cases[0]!, "es").lines[0]?.reason).toBe(
      "La junta de contratistas de California exige que todo contratista de techos (C-39) con licencia activa la tenga, aunque no tenga empleados.",
    );
  });
});
