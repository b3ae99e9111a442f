import { describe, expect, it } from "vitest";

import {
  APPLICATION_EXPORT_COLUMNS,
  APPLICATION_FIELDS,
  askOf,
  askYesNo,
  exportOrder,
  FIELD_COLUMNS,
  isFieldColumn,
  privacyList,
  deskText,
  DESK_FIELD_ORDER,
  fieldText,
  SUBMISSION_FIELD_LABELS,
  submissionValuesSchema,
  alertRows,
  summaryRows,
} from "#app/domain/application/application-fields.ts";
import { namesIn } from "#app/domain/reference/stored-names.ts";
import { z } from "#app/domain/values/zod.ts";
import { completeRecord } from "#tests/support/application-records.ts";

const record = completeRecord();

describe("the application's field registry", () => {
  it("gives the visitor's summary its rows, labels and words, in the application's order", () => {
    expect(summaryRows(record, namesIn("en"))).toEqual([
      { label: "Industry", value: "Retail & E-Commerce" },
      { label: "State", value: "Oregon" },
      { label: "Business type", value: "Bookstore, Florist" },
      { label: "Email", value: "rae@chapterone.example" },
      { label: "Business name", value: "Chapter One" },
      { label: "Name", value: "Rae Ng" },
      { label: "Phone number", value: "(503) 555-0188" },
      { label: "Texts about products and services", value: "Yes" },
      { label: "Legal business name", value: "Chapter One LLC" },
      { label: "Primary location", value: "5 Pine St, Suite 2" },
      { label: "Mailing address", value: "PO Box 5, Portland OR" },
      { label: "Ownership structure", value: "Corporation" },
      { label: "Year the business started", value: "2019" },
    ]);
    const same = summaryRows(
      { ...record, same_address: "Yes", mailing_address: null },
      namesIn("en"),
    );
    expect(same).toContainEqual({
      label: "Mailing address",
      value: "Same as the primary location",
    });
  });

  it("gives the summary in Spanish on a Spanish page, the stored names shown in Spanish", () => {
    const spanish = summaryRows(
      { ...record, state: "New Mexico", same_address: "Yes", consent_to_texts: false },
      namesIn("es"),
    );
    expect(spanish).toContainEqual({ label: "Industria", value: "Comercio minorista y en línea" });
    expect(spanish).toContainEqual({ label: "Estado", value: "Nuevo México" });
    expect(spanish).toContainEqual({ label: "Tipo de negocio", value: "Librería, Florería" });
    expect(spanish).toContainEqual({
      label: "Mensajes de texto sobre productos y servicios",
      value: "No",
    });
    expect(spanish).toContainEqual({
      label: "Dirección postal",
      value: "La misma que la ubicación principal",
    });
    expect(spanish).toContainEqual({
      label: "Forma de propiedad",
      value: "Corporación (Corporation)",
    });
  });

  it("gives the agency's alert its rows, with when the visitor agreed to texts", () => {
    const rows = alertRows(record).map(({ label, value }) => `${label}: ${value}`);
    expect(rows).toEqual([
      "Industry: Retail & E-Commerce",
      "State: Oregon",
      "Segments: Bookstore, Florist",
      "Email: rae@chapterone.example",
      "Business name: Chapter One",
      "Name: Rae Ng",
      "Phone: (503) 555-0188",
      "Texts: agreed on 2026-03-01T10:00:00.000Z",
      "Legal business name: Chapter One LLC",
      "Primary location: 5 Pine St, Suite 2",
      "Mailing address: PO Box 5, Portland OR",
      "Ownership structure: Corporation",
      "Year started: 2019",
      "Language: English",
    ]);
  });

  it("orders the desk and the history section by section: business, contact, consent, answers", () => {
    expect(DESK_FIELD_ORDER.slice(0, 4)).toEqual([
      "industry",
      "state",
      "segments",
      "business_name",
    ]);
    expect(Object.keys(SUBMISSION_FIELD_LABELS)).toEqual(DESK_FIELD_ORDER);
    const contact = DESK_FIELD_ORDER.indexOf("email");
    expect(DESK_FIELD_ORDER.slice(contact, contact + 4)).toEqual([
      "email",
      "first_name",
      "last_name",
      "phone_number",
    ]);
    expect(DESK_FIELD_ORDER.at(-1)).toBe("retirement_plan");
    expect(APPLICATION_EXPORT_COLUMNS).not.toContain("unit");
    expect(APPLICATION_EXPORT_COLUMNS).not.toContain("consent_text");
  });

  it("orders the export by each field's own position, not by the order the summary shows", () => {
    // A field added between two others for the summary and the desk still ends the export.
    const fields = {
      business_name: { csv: 1 },
      has_website: { csv: 3 },
      first_name: { csv: 2 },
      unit: {},
    };
    expect(exportOrder(fields)).toEqual(["business_name", "first_name", "has_website"]);
    expect(Object.keys(fields)).toEqual(["business_name", "has_website", "first_name", "unit"]);
  });

  it("numbers the export's columns 1, 2, 3... once each, so a new field takes the next", () => {
    const positions = FIELD_COLUMNS.flatMap((column) => {
      const position: number | undefined = APPLICATION_FIELDS[column].csv;
      return position === undefined ? [] : [position];
    }).sort((a, b) => a - b);
    expect(positions).toEqual(positions.map((_, index) => index + 1));
    expect(APPLICATION_EXPORT_COLUMNS).toHaveLength(positions.length);
  });

  it("asks a yes/no question as Yes or No, optional unless it has a message for neither", () => {
    const context = { thisYear: 2026, state: "Ohio", locale: "en" as const, placeNames: {} };
    const optional = askYesNo("business-name").rule(context);
    expect(z.safeParse(optional, undefined).success).toBe(true);
    expect(z.parse(optional, "No")).toBe("No");
    expect(z.safeParse(optional, "Maybe").error?.issues[0]?.message).toBe(
      "Please choose Yes or No",
    );
    const sameAddress = askOf("same_address").rule(context);
    expect(z.safeParse(sameAddress, undefined).error?.issues[0]?.message).toBe(
      "Please tell us whether your mailing address is the same",
    );
    expect(z.parse(sameAddress, "Yes")).toBe("Yes");
  });

  it("lists the stored fields for the privacy page in the registry's words, each field told", () => {
    expect(privacyList("email-step", "en")).toBe(
      "your industry, your state, the type of business, your email address, and the language of the pages you used (English or Spanish)",
    );
    expect(privacyList("finished", "en")).toContain(
      "your primary location (street address, unit, city and ZIP code)",
    );
    expect(privacyList("answers", "es")).toContain(
      "si ha tenido reclamos en los últimos 3 años, si está asegurado ahora",
    );
    expect(privacyList("answers", "en")).toContain(
      "whether the business has a retirement plan for its staff",
    );
    // A field told with another's words names one that has words of its own.
    const untold = FIELD_COLUMNS.filter((column) => {
      const privacy = APPLICATION_FIELDS[column].privacy;
      if (typeof privacy === "function") return false;
      const other = isFieldColumn(privacy.with) ? APPLICATION_FIELDS[privacy.with].privacy : null;
      return typeof other !== "function";
    });
    expect(untold).toEqual([]);
  });

  it("shows a value as an operator reads it, and what an empty one says on the desk", () => {
    const values = z.parse(submissionValuesSchema, {
      ...record,
      annual_revenue: null,
      revenue_band: "500k-1m",
      claims_last_3_years: null,
      working_owners: "2",
    });
    expect(deskText("naics_code", values)).toBe("451211 Book Stores");
    expect(fieldText("naics_code", "451211")).toBe("451211");
    expect(deskText("phone_number", values)).toBe("(503) 555-0188");
    expect(deskText("primary_location", values)).toBe("5 Pine St, Suite 2");
    expect(deskText("primary_location", { ...values, zip_confirmed: true })).toBe(
      "5 Pine St, Suite 2 (the visitor confirmed this ZIP code, which is usually in another state)",
    );
    expect(deskText("annual_revenue", values)).toBe("$500,000 to $999,999");
    expect(deskText("annual_revenue", { ...values, revenue_band: null })).toBeNull();
    expect(fieldText("annual_revenue", 1200000)).toBe("$1,200,000");
    expect(deskText("claims_last_3_years", values)).toBe("Not answered");
    expect(deskText("consent_to_texts", values)).toBe("Yes");
    expect(deskText("working_owners", values)).toBe("2");
    expect(fieldText("segments", ["Bookstore", "Florist"])).toBe("Bookstore; Florist");
  });
});
