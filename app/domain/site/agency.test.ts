import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";

import {
  agencyFrom,
  agencyLines,
  agencyStamp,
  agencyTitle,
  parseAgencyLicenses,
  parseSocialLinks,
  SAMPLE_AGENCY,
  SAMPLE_AGENCY_NOTE,
  stateCode,
  telHref,
} from "#app/domain/site/agency.ts";

const settings = {
  AGENCY_NAME: `O'Brien & "Sons" <Insurance>`,
  AGENCY_HOME_STATE: "CA",
  AGENCY_NPN: "12345678",
  AGENCY_LICENSES: [{ state: "CA", number: "0K12345" }],
  AGENCY_ADDRESS: "1 Harbor Way (Suite 2), San Diego!",
  AGENCY_PHONE: "(619) 555-0100",
  AGENCY_EMAIL: "service@harbor.example",
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

  it("reads each licence's expiry, and the older form without it", () => {
    expect(parseAgencyLicenses("CA:0K12345:2027-06-30, TX:2345678")).toEqual({
      ok: true,
      licenses: [
        { state: "CA", number: "0K12345", expires: "2027-06-30" },
        { state: "TX", number: "2345678" },
      ],
    });
    for (const bad of ["CA:0K12345:2027-02-30", "CA:0K12345:30/06/2027", "CA:1:2027-06-30:x"]) {
      expect(parseAgencyLicenses(bad), bad).toMatchObject({ ok: false });
    }
  });

  it("reads a home state as the two-letter code of one of the 50 states", () => {
    expect(stateCode(" oh ")).toBe("OH");
    for (const bad of ["", "DC", "PR", "Ohio", "O H", "XX"])
      expect(stateCode(bad), bad).toBe(undefined);
  });

  it("names its home state with its name, with the right article", () => {
    expect(agencyTitle(agencyFrom(settings))).toBe(
      `${settings.AGENCY_NAME}, a California insurance agency`,
    );
    expect(agencyTitle({ ...agencyFrom(settings), homeState: "OH" })).toMatch(
      /, an Ohio insurance agency$/,
    );
    expect(agencyTitle(agencyFrom({}))).toBe(`${SAMPLE_AGENCY.name}, a Texas insurance agency`);
  });

  it("calls its phone by its number in E.164", () => {
    expect(telHref("(619) 555-0100")).toBe("tel:+16195550100");
    expect(telHref("+1 619.555.0111")).toBe("tel:+16195550111");
  });

  it("names a social profile by its network, https only", () => {
    expect(parseSocialLinks("https://x.com/harbor,https://m.facebook.com/harbor")).toEqual({
      ok: true,
      links: [
        { name: "X", href: "https://x.com/harbor" },
        { name: "Facebook", href: "https://m.facebook.com/harbor" },
      ],
    });
    expect(parseSocialLinks("http://x.com/harbor")).toMatchObject({ ok: false });
    expect(parseSocialLinks("https://notfacebook.com/harbor")).toMatchObject({
      ok: true,
      links: [{ name: "notfacebook.com" }],
    });
  });

  it("is the sample while any setting is unset, the home state too", () => {
    expect(agencyFrom({ ...settings, AGENCY_EMAIL: undefined }).sample).toBe(true);
    expect(agencyFrom(settings).sample).toBe(false);
    expect(agencyFrom({ ...settings, AGENCY_HOME_STATE: undefined })).toMatchObject({
      ...SAMPLE_AGENCY,
      sample: true,
    });
  });

  it("signs emails with its identity, and says plainly when the details are samples", () => {
    expect(agencyLines(agencyFrom(settings))).toEqual([
      `${settings.AGENCY_NAME}, a California insurance agency`,
      "National Producer Number 12345678; insurance licences CA 0K12345",
      settings.AGENCY_ADDRESS,
      settings.AGENCY_PHONE,
    ]);
    expect(agencyLines(agencyFrom({}))).toContain(SAMPLE_AGENCY_NOTE);
    expect(SAMPLE_AGENCY_NOTE).toContain("not yet operated by a licensed insurance agency");
  });

  it("stamps a page with text React writes as it is, so the server can find it in a built page", () => {
    const stamp = agencyStamp(agencyFrom(settings));
    const html = renderToStaticMarkup(createElement("p", { "data-agency": stamp }));
    expect(html).toContain(`data-agency="${stamp}"`);
    expect(agencyStamp(agencyFrom({ ...settings, AGENCY_NPN: "87654321" }))).not.toBe(stamp);
    expect(agencyStamp(agencyFrom({ ...settings, AGENCY_HOME_STATE: "TX" }))).not.toBe(stamp);
    // Every contact detail a page shows: a page built with others is not served (issue 53).
    for (const other of [
      { AGENCY_EMAIL: "other@harbor.example" },
      { AGENCY_SERVICE_PHONE: "(619) 555-0111" },
      { AGENCY_HOURS: "Mon-Fri 8-5 Pacific" },
      { AGENCY_SOCIAL_LINKS: [{ name: "LinkedIn", href: "https://www.linkedin.com/company/h" }] },
    ]) {
      expect(agencyStamp(agencyFrom({ ...settings, ...other })), Object.keys(other)[0]).not.toBe(
        stamp,
      );
    }
    // A page built with the sample carries the sample notice: it is never served for set details.
    const sample = agencyFrom({});
    expect(agencyStamp({ ...sample, sample: false })).not.toBe(agencyStamp(sample));
  });
});
