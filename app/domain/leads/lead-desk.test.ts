import { describe, expect, it } from "vitest";

import { addDays, isDay } from "#app/domain/values/days.ts";
import { industryLabel } from "#app/domain/reference/industries.ts";
import {
  leadSearch,
  CURSOR_MAX_LENGTH,
  decodeCursor,
  encodeCursor,
  filterQuery,
  FUNNEL_STEPS,
  listHref,
  parseListPosition,
  parseSubmissionFilter,
  safeAdminPath,
  signInSchema,
  LEAD_EXPORT_COLUMNS,
  type ListKey,
} from "#app/domain/leads/lead-desk.ts";
import { messages } from "#app/domain/site/messages.ts";
import { WIZARD_STEPS } from "#app/domain/wizard/wizard-steps.ts";

describe("the submissions filter", () => {
  it("reads every field from the query string", () => {
    const filter = parseSubmissionFilter(
      new URLSearchParams(
        "q=+Bakery+&industry=food&state=Ohio&status=complete&from=2026-01-01&to=2026-01-31&page=3",
      ),
    );
    expect(filter).toEqual({
      q: "Bakery",
      industry: "food",
      state: "Ohio",
      status: "complete",
      from: "2026-01-01",
      to: "2026-01-31",
    });
  });

  it("drops what makes no sense instead of failing", () => {
    const filter = parseSubmissionFilter(
      new URLSearchParams(
        "q=&industry=farming&state=Puerto+Rico&status=maybe&from=2026-02-30&to=yesterday&page=-2",
      ),
    );
    expect(filter).toEqual({
      q: undefined,
      industry: undefined,
      state: undefined,
      status: undefined,
      from: undefined,
      to: undefined,
    });
    expect(parseSubmissionFilter(new URLSearchParams(`q=${"x".repeat(300)}`)).q).toBeUndefined();
  });

  it("writes a filter and a position back as a query string, leaving out what is unset", () => {
    const filter = parseSubmissionFilter(new URLSearchParams("q=a b&state=Ohio&page=1"));
    expect(filterQuery(filter)).toBe("q=a+b&state=Ohio");
    expect(filterQuery({})).toBe("");
    const position = { direction: "older", key: KEY } as const;
    const cursor = encodeCursor(KEY);
    expect(filterQuery(filter, position)).toBe(`q=a+b&state=Ohio&after=${cursor}`);
    expect(listHref("/admin", filter, { direction: "newer", key: KEY })).toBe(
      `/admin?q=a+b&state=Ohio&before=${cursor}`,
    );
    expect(listHref("/admin/messages")).toBe("/admin/messages");
    expect(parseListPosition(new URLSearchParams(filterQuery(filter, position)))).toEqual({
      position,
      invalid: false,
    });
  });
});

const KEY: ListKey = {
  createdAtMicros: "1767225600000001",
  id: "0b9d6a7e-3c1f-4e2a-9f00-5d6c7b8a9e10",
};

describe("the search box", () => {
  it("reads a reference however it is read out, and a US phone number however it is written", () => {
    for (const typed of ["CP-7K3F9Q", "cp-7k3f9q", "CP 7K3F9Q", "cp7k3f9q", "7k3f9q"]) {
      expect(leadSearch(typed), typed).toEqual({ text: typed, reference: "CP-7K3F9Q" });
    }
    for (const typed of ["(614) 555-0102", "614-555-0102", "+1 614.555.0102", "16145550102"]) {
      expect(leadSearch(typed), typed).toEqual({ text: typed, phone: "+16145550102" });
    }
  });

  it("searches text alone when it is neither", () => {
    // O, I, L, 0, 1, 5 and B are not in references (they read as one another).
    for (const typed of [
      "CP-7K3F9",
      "CP-7K3F9QQ",
      "CP-OIL015",
      "bakery",
      "555-0102",
      "CP--7K3F9Q",
    ]) {
      expect(leadSearch(typed), typed).toEqual({ text: typed });
    }
  });
});

describe("page cursors", () => {
  it("round-trip a row's key through short, URL-safe text", () => {
    const cursor = encodeCursor(KEY);
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(cursor.length).toBeLessThanOrEqual(CURSOR_MAX_LENGTH);
    expect(decodeCursor(cursor)).toEqual(KEY);
    expect(decodeCursor(encodeCursor({ createdAtMicros: "0", id: KEY.id }))).toEqual({
      createdAtMicros: "0",
      id: KEY.id,
    });
  });

  it("refuse anything this site did not make, without throwing", () => {
    const cursor = encodeCursor(KEY);
    const encode = (text: string) => btoa(text).replace(/=+$/, "");
    for (const bad of [
      "",
      cursor.slice(0, -1),
      cursor.slice(0, -2),
      `${cursor}=`,
      `${cursor}!`,
      "A".repeat(CURSOR_MAX_LENGTH + 4),
      encode(`12345678901234567.${KEY.id}`),
      encode(`-1.${KEY.id}`),
      encode(`1.5.${KEY.id}`),
      encode(`1767225600000001.${KEY.id.toUpperCase()}`),
      encode(`1767225600000001.not-a-uuid`),
      encode(`1767225600000001.${KEY.id}' or 1=1 --`),
      encode("\u0000"),
    ]) {
      expect(decodeCursor(bad), bad).toBeUndefined();
    }
  });

  it("read a list's position: older after a row, newer before one, the newest page otherwise", () => {
    const cursor = encodeCursor(KEY);
    const read = (query: string) => parseListPosition(new URLSearchParams(query));
    expect(read("")).toEqual({ invalid: false });
    expect(read("page=7")).toEqual({ invalid: false });
    expect(read(`after=${cursor}`)).toEqual({
      position: { direction: "older", key: KEY },
      invalid: false,
    });
    expect(read(`before=${cursor}`)).toEqual({
      position: { direction: "newer", key: KEY },
      invalid: false,
    });
    expect(read("after=nonsense")).toEqual({ invalid: true });
    expect(read("after=")).toEqual({ invalid: true });
    expect(read(`after=${cursor}&before=${cursor}`)).toEqual({ invalid: true });
    expect(read(`before=${"x".repeat(10_000)}`)).toEqual({ invalid: true });
  });
});

describe("days", () => {
  it("knows a real calendar day from a look-alike", () => {
    expect(isDay("2028-02-29")).toBe(true);
    expect(isDay("2027-02-29")).toBe(false);
    expect(isDay("2026-13-01")).toBe(false);
    expect(isDay("2026-1-01")).toBe(false);
    expect(isDay("")).toBe(false);
  });

  it("counts days across months and years", () => {
    expect(addDays("2026-12-31", 1)).toBe("2027-01-01");
    expect(addDays("2026-03-01", -1)).toBe("2026-02-28");
    expect(addDays("2026-03-10", -6)).toBe("2026-03-04");
  });
});

describe("where signing in leads", () => {
  it("keeps lead desk paths", () => {
    expect(safeAdminPath("/admin")).toBe("/admin");
    expect(safeAdminPath("/admin/submissions/abc?x=1")).toBe("/admin/submissions/abc?x=1");
    expect(safeAdminPath("/admin?q=bakery")).toBe("/admin?q=bakery");
  });

  it("ignores anything that could lead elsewhere", () => {
    for (const next of [
      null,
      "",
      "https://evil.example/admin",
      "//evil.example",
      "/administrator",
      "/\\evil.example",
      "/admin\\..\\x",
      "/admin/login",
      "/business-wizard",
      "/admin /x",
    ]) {
      expect(safeAdminPath(next), String(next)).toBe("/admin");
    }
  });
});

describe("the sign-in form", () => {
  it("asks for both fields, without judging their format", () => {
    expect(signInSchema.safeParse({ email: " ops@example.com ", password: "x" }).data).toEqual({
      email: "ops@example.com",
      password: "x",
    });
    expect(signInSchema.safeParse({ email: "", password: "" }).success).toBe(false);
    expect(signInSchema.safeParse({ email: "a", password: "x".repeat(1025) }).success).toBe(false);
  });
});

describe("the sign-in lockout's message", () => {
  it("names the time (UTC) after which to try again, rounded up to the minute", () => {
    expect(messages.signInLocked(new Date("2026-05-01T10:41:30Z"))).toBe(
      "Too many attempts from this address. Try again after 10:42 UTC.",
    );
    expect(messages.signInLocked(new Date("2026-05-01T23:59:00Z"))).toBe(
      "Too many attempts from this address. Try again after 23:59 UTC.",
    );
  });
});

describe("the export and the funnel", () => {
  it("export the record's original field names in their order, then the code, the address's parts, the answers and the language", () => {
    expect(LEAD_EXPORT_COLUMNS.join(",")).toBe(
      "id,industry,state,segments,email,business_name,first_name,last_name,phone_number," +
        "consent_to_texts,legal_business_name,primary_location,same_address,mailing_address," +
        "ownership_structure,start_year,naics_code,naics_title,street_address,city,zip_code," +
        "full_time_employees,part_time_employees,annual_revenue,revenue_band," +
        "claims_last_3_years,currently_insured,working_owners,vehicles,retirement_plan,language," +
        "quote_reference,quote_status,quote_lines,quote_start_date,quote_contact_channel," +
        "quote_note,quote_requested_at,quote_updated_at,quotes_published,quotes," +
        "bind_reference,bind_status,bind_insurer,binder_number,binder_effective,binder_expires," +
        "policy_number,policy_start,policy_end,policies,certificates,policy_changes",
    );
  });

  it("counts every wizard screen, then completion, each with a label", () => {
    expect(FUNNEL_STEPS.map((step) => step.id)).toEqual([
      ...WIZARD_STEPS.map((step) => step.id),
      "complete",
    ]);
    for (const step of FUNNEL_STEPS) expect(step.label).not.toBe(step.id);
  });

  it("names industries by their label", () => {
    expect(industryLabel("food")).toBe("Food & Beverage");
    expect(industryLabel("gone")).toBe("gone");
  });
});
