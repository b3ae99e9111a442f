import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";

import {
  agencyFrom,
  agencyLines,
  agencyStamp,
  parseAgencyLicenses,
  SAMPLE_AGENCY_NOTE,
} from "./agency.ts";

const settings = {
  AGENCY_NAME: `O'Brien & "Sons" <Insurance>`,
  AGENCY_NPN: "12345678",
  AGENCY_LICENSES: [{ state: "CA", number: "0K12345" }],
  AGENCY_ADDRESS: "1 Harbor Way (Suite 2), San Diego!",
  AGENCY_PHONE: "(619) 555-0100",
};

describe("the agency", () => {
  it("reads licences as state codes and numbers, upper-cased", () => {
    expect(parseAgencyLicenses(" ca:0k12345 , TX:2345678")).toEqual({
      ok: true,
      licenses: [
        { state: "CA", number: "0K12345" },
        { state: "TX", number: "2345678" },
      ],
    });
    expect(parseAgencyLicenses("PR:123")).toMatchObject({ ok: false });
  });

  it("signs emails with its identity, and says when the details are samples", () => {
    expect(agencyLines(agencyFrom(settings))).toEqual([
      settings.AGENCY_NAME,
      "National Producer Number 12345678; insurance licences CA 0K12345",
      settings.AGENCY_ADDRESS,
      settings.AGENCY_PHONE,
    ]);
    expect(agencyLines(agencyFrom({}))).toContain(SAMPLE_AGENCY_NOTE);
  });

  it("stamps a page with text React writes as it is, so the server can find it in a built page", () => {
    const stamp = agencyStamp(agencyFrom(settings));
    const html = renderToStaticMarkup(createElement("p", { "data-agency": stamp }));
    expect(html).toContain(`data-agency="${stamp}"`);
    expect(agencyStamp(agencyFrom({ ...settings, AGENCY_NPN: "87654321" }))).not.toBe(stamp);
  });
});
