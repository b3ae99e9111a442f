import { describe, expect, it } from "vitest";

import {
  planChanges,
  planChangesOf,
  planChangesQuery,
  ASK_ABOUT_STATE,
  COMMERCIAL_AUTO_SLUG,
  coveragePlan,
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
import { RULES_READ_ON } from "#app/domain/reference/source.ts";
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
        expect(plan.lines.map((line) => line.slug).toSorted()).toEqual(
          PRODUCT_LINES.map((line) => line.slug).toSorted(),
        );
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
      [...Object.keys(PLAN_RULES), WORKERS_COMP_SLUG, COMMERCIAL_AUTO_SLUG].toSorted(),
    ).toEqual(PLAN_LINES.map((line) => line.slug).toSorted());
  });

  it("gives every rule a source URL and the day it was read, and ends each line with a catch-all", () => {
    const anyFacts = [
      planFacts(base),
      planFacts({ ...base, ...staff(0) }),
      planFacts({ ...base, ...staff(40) }),
    ];
    for (const [slug, rules] of Object.entries(PLAN_RULES)) {
      for (const rule of rules) {
        expect(rule.sources.length, slug).toBeGreaterThan(0);
        for (const source of rule.sources) {
          expect(source.url, slug).toMatch(/^https?:\/\/[^\s]+$/);
          expect(source.read, slug).toBe(RULES_READ_ON);
        }
      }
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

  it("in Wyoming, is required for construction only, from the state fund", () => {
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
    // Outside its listed work, Wyoming lets a private insurer cover it.
    expect(
      workersComp({ state: "Wyoming", industry: "retail", segments: ["Toy Store"], ...staff(2) })
        .stateFund,
    ).toBeUndefined();
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
    expect(workersComp(staff(3)).priceNote).toBeUndefined();
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

  it("recommend D&O to corporations, not to sole proprietors", () => {
    expect(lineOf({ ownership: "Corporation" }, "directors-and-officers").recommendation).toBe(
      "Recommended",
    );
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
