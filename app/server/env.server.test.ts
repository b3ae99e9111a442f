import { existsSync, mkdtempSync, readFileSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import { describe, expect, it } from "vitest";

import { agencyFrom, SAMPLE_AGENCY } from "#app/domain/site/agency.ts";

import {
  InvalidEnvironmentError,
  parseEnv,
  parseSettings,
  refuseUnfinishedPublicSite,
  unsetAgencySettings,
} from "#app/server/env.server.ts";

const tempDir = () => mkdtempSync(path.join(tmpdir(), "coverpilot-env-"));

describe("parseEnv", () => {
  it("fills every default on an empty environment", () => {
    const dataDir = tempDir();
    const env = parseEnv({ DATA_DIR: dataDir });
    expect(env).toMatchObject({
      NODE_ENV: "production",
      PORT: 3000,
      HOST: "0.0.0.0",
      SITE_URL: "http://localhost:3000",
      LOG_LEVEL: "info",
      MAIL_PER_RECIPIENT_PER_HOUR: 3,
      MAIL_PER_OPERATOR_PER_HOUR: 100,
      MAIL_AGENCY_PER_HOUR: 500,
      DATABASE_CONNECT_TIMEOUT_MS: 2_000,
      DATABASE_STATEMENT_TIMEOUT_MS: 3_000,
      // The whole journey speaks Spanish (decision 050).
      SPANISH: true,
      // Renewals open 120 days before a policy ends; the agency is reminded at 120, 90, 60.
      RENEWAL_WINDOWS_DAYS: [120, 90, 60],
    });
    expect(parseEnv({ DATA_DIR: dataDir, SPANISH: "false" }).SPANISH).toBe(false);
    expect(
      parseEnv({ DATA_DIR: dataDir, RENEWAL_WINDOWS_DAYS: "45,150" }).RENEWAL_WINDOWS_DAYS,
    ).toEqual([150, 45]);
    expect(() => parseEnv({ DATA_DIR: dataDir, RENEWAL_WINDOWS_DAYS: "120,120" })).toThrow(
      /RENEWAL_WINDOWS_DAYS: must be up to 6 different whole numbers of days/,
    );
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.SESSION_SECRET.length).toBeGreaterThanOrEqual(32);
  });

  it("keeps a generated session secret in DATA_DIR across restarts", () => {
    const dataDir = tempDir();
    const first = parseEnv({ DATA_DIR: dataDir }).SESSION_SECRET;
    const second = parseEnv({ DATA_DIR: dataDir }).SESSION_SECRET;
    expect(second).toBe(first);
    expect(readFileSync(path.join(dataDir, "session-secret"), "utf8").trim()).toBe(first);
    expect(statSync(path.join(dataDir, "session-secret")).mode & 0o077).toBe(0);
  });

  it("takes a PostgreSQL server by its host or by a socket directory, and nothing else", () => {
    const url = (DATABASE_URL: string) =>
      parseSettings({ DATABASE_URL, SESSION_SECRET: "s".repeat(32) }).DATABASE_URL;
    for (const taken of [
      "postgres://u:p@db.internal:5432/app",
      "postgresql://u:p@localhost/app?sslmode=require",
      "postgres://u:p@/app?host=/var/run/postgresql",
      "postgresql:///app?host=/cloudsql/project:region:instance",
    ]) {
      expect(url(taken)).toBe(taken);
    }
    for (const refused of ["mysql://x", "postgres://u:p@/app", "postgres://", "db.internal:5432"]) {
      expect(() => url(refused), refused).toThrow(InvalidEnvironmentError);
    }
  });

  it("names every bad variable", () => {
    expect(() =>
      parseEnv({
        PORT: "eighty",
        DATABASE_URL: "mysql://x",
        LOG_LEVEL: "loud",
        DATA_DIR: tempDir(),
      }),
    ).toThrow(InvalidEnvironmentError);
    try {
      parseEnv({
        PORT: "eighty",
        DATABASE_URL: "mysql://x",
        LOG_LEVEL: "loud",
        DATA_DIR: tempDir(),
      });
    } catch (error) {
      const message = (error as Error).message;
      expect(message).toContain("PORT");
      expect(message).toContain("DATABASE_URL");
      expect(message).toContain("LOG_LEVEL");
    }
  });

  it("requires SESSION_SECRET in production with DATABASE_URL", () => {
    expect(() =>
      parseEnv({
        NODE_ENV: "production",
        DATABASE_URL: "postgres://u:p@db/app",
      }),
    ).toThrow(/SESSION_SECRET/);
    const env = parseEnv({
      NODE_ENV: "production",
      DATABASE_URL: "postgres://u:p@db/app",
      SESSION_SECRET: "x".repeat(32),
    });
    expect(env.SESSION_SECRET).toBe("x".repeat(32));
  });

  it("refuses to start in production with only some of the agency's details", () => {
    const base = {
      NODE_ENV: "production",
      DATABASE_URL: "postgres://u:p@db/app",
      SESSION_SECRET: "x".repeat(32),
    };
    const agency = {
      AGENCY_NAME: "Harbor Insurance Agency LLC",
      AGENCY_NPN: "12345678",
      AGENCY_LICENSES: "CA:0K12345",
      AGENCY_ADDRESS: "1 Harbor Way, San Diego, CA 92101",
      AGENCY_PHONE: "(619) 555-0100",
      AGENCY_EMAIL: "service@harbor-insurance.example",
    };
    // An upgrade that missed AGENCY_HOME_STATE: named, not silently the sample.
    expect(() => parseEnv({ ...base, ...agency })).toThrow(/AGENCY_HOME_STATE: is required/);
    // Nor AGENCY_EMAIL, which replies to the site's emails go to.
    expect(() =>
      parseEnv({ ...base, ...agency, AGENCY_HOME_STATE: "CA", AGENCY_EMAIL: "" }),
    ).toThrow(/AGENCY_EMAIL: is required/);
    expect(parseEnv({ ...base, ...agency, AGENCY_HOME_STATE: "CA" }).AGENCY_HOME_STATE).toBe("CA");
    // None set: the sample, as before; and outside production, as before.
    expect(() => parseEnv(base)).not.toThrow();
    expect(() =>
      parseEnv({ ...agency, NODE_ENV: "development", DATA_DIR: tempDir() }),
    ).not.toThrow();
  });

  it("asks no SESSION_SECRET of a script that signs nothing, and writes none for it", () => {
    const dataDir = tempDir();
    const settings = parseSettings({
      NODE_ENV: "production",
      DATABASE_URL: "postgres://u:p@db/app",
      DATA_DIR: dataDir,
    });
    expect(settings.DATABASE_URL).toBe("postgres://u:p@db/app");
    expect(settings.SESSION_SECRET).toBeUndefined();
    expect(parseSettings({ DATA_DIR: dataDir }).SESSION_SECRET).toBeUndefined();
    expect(existsSync(path.join(dataDir, "session-secret"))).toBe(false);
    // Every other setting is checked as for the server.
    expect(() => parseSettings({ NODE_ENV: "production", DATABASE_URL: "mysql://x" })).toThrow(
      /DATABASE_URL/,
    );
  });

  it("takes LEAD_NOTIFY_TO as a list of single addresses, and nothing that hides more", () => {
    expect(
      parseEnv({ LEAD_NOTIFY_TO: "desk@agency.example, ops@agency.example", DATA_DIR: tempDir() })
        .LEAD_NOTIFY_TO,
    ).toEqual(["desk@agency.example", "ops@agency.example"]);
    for (const bad of [
      "Desk <desk@agency.example>",
      "desk@agency.example;ops@agency.example",
      "desk@agency.example ops@agency.example",
    ]) {
      expect(() => parseEnv({ LEAD_NOTIFY_TO: bad, DATA_DIR: tempDir() }), bad).toThrow(
        /LEAD_NOTIFY_TO/,
      );
    }
  });

  it("rejects a short session secret and trims a trailing slash from SITE_URL", () => {
    expect(() => parseEnv({ SESSION_SECRET: "short", DATA_DIR: tempDir() })).toThrow(
      /SESSION_SECRET/,
    );
    expect(
      parseEnv({ SITE_URL: "https://coverpilot.example/", DATA_DIR: tempDir() }).SITE_URL,
    ).toBe("https://coverpilot.example");
  });
});

describe("the agency settings", () => {
  const agency = {
    AGENCY_NAME: "Harbor Insurance Agency LLC",
    AGENCY_HOME_STATE: "ca",
    AGENCY_NPN: "12345678",
    AGENCY_LICENSES: "ca:0K12345, TX:2345678",
    AGENCY_ADDRESS: "1 Harbor Way, San Diego, CA 92101",
    AGENCY_PHONE: "(619) 555-0100",
    AGENCY_EMAIL: "service@harbor-insurance.example",
  };

  it("reads the agency's email, a second phone, its hours and its social profiles", () => {
    const env = parseSettings({
      ...agency,
      AGENCY_SERVICE_PHONE: "619.555.0111",
      AGENCY_HOURS: "Mon-Fri 8 am to 5 pm Pacific",
      AGENCY_SOCIAL_LINKS:
        "https://www.linkedin.com/company/harbor-ins, https://instagram.com/harbor, https://harbor.example/news",
    });
    expect(agencyFrom(env)).toMatchObject({
      phone: "(619) 555-0100",
      servicePhone: "619.555.0111",
      email: "service@harbor-insurance.example",
      hours: "Mon-Fri 8 am to 5 pm Pacific",
      social: [
        { name: "LinkedIn", href: "https://www.linkedin.com/company/harbor-ins" },
        { name: "Instagram", href: "https://instagram.com/harbor" },
        { name: "harbor.example", href: "https://harbor.example/news" },
      ],
      sample: false,
    });
    // Optional: none of them set, the site shows none.
    expect(agencyFrom(parseSettings(agency))).toMatchObject({ social: [], sample: false });
    expect(agencyFrom(parseSettings(agency)).hours).toBeUndefined();
    expect(agencyFrom(parseSettings(agency)).servicePhone).toBeUndefined();
  });

  it("refuses a social profile in clear or with a password, a phone that is not one, and a long line", () => {
    for (const bad of [
      "http://www.facebook.com/harbor",
      "https://user:pass@facebook.com/harbor",
      "javascript:alert(1)",
      "https://facebook.com/a,https://facebook.com/a",
      `https://facebook.com/${"a".repeat(300)}`,
      Array.from({ length: 7 }, (_, i) => `https://site${i}.example/`).join(","),
    ]) {
      expect(() => parseSettings({ AGENCY_SOCIAL_LINKS: bad }), bad).toThrow(/AGENCY_SOCIAL_LINKS/);
    }
    for (const bad of ["555-0100", "call us", "(619) 555-0100 ext. 2"]) {
      expect(() => parseSettings({ AGENCY_PHONE: bad }), bad).toThrow(/AGENCY_PHONE: must be a US/);
      expect(() => parseSettings({ AGENCY_SERVICE_PHONE: bad }), bad).toThrow(
        /AGENCY_SERVICE_PHONE/,
      );
    }
    expect(() => parseSettings({ AGENCY_HOURS: "x".repeat(121) })).toThrow(/AGENCY_HOURS/);
    expect(() => parseSettings({ AGENCY_HOURS: "9 to 5\nweekdays" })).toThrow(/AGENCY_HOURS/);
    expect(() => parseSettings({ AGENCY_EMAIL: "a@b.example, c@d.example" })).toThrow(
      /AGENCY_EMAIL: must be one email address/,
    );
  });

  it("reads the licences as state and number pairs, and names the agency with them", () => {
    const env = parseSettings(agency);
    expect(env.AGENCY_LICENSES).toEqual([
      { state: "CA", number: "0K12345" },
      { state: "TX", number: "2345678" },
    ]);
    expect(unsetAgencySettings(env)).toEqual([]);
    expect(agencyFrom(env)).toMatchObject({
      name: agency.AGENCY_NAME,
      homeState: "CA",
      npn: "12345678",
      sample: false,
    });
  });

  it("refuses licences that are not STATE:NUMBER pairs of the 50 states, or a state twice", () => {
    for (const bad of [
      "CA",
      "CA:",
      "XX:123",
      "DC:123",
      "CA:12:3",
      "CA:0K 12",
      "CA:1,CA:2",
      "CA:1,",
    ]) {
      expect(() => parseSettings({ AGENCY_LICENSES: bad }), bad).toThrow(/AGENCY_LICENSES/);
    }
    expect(() => parseSettings({ AGENCY_NPN: "NPN123" })).toThrow(
      /AGENCY_NPN: must be 1 to 10 digits/,
    );
    expect(() => parseSettings({ AGENCY_NAME: "Two\nlines" })).toThrow(/AGENCY_NAME/);
    for (const bad of ["California", "DC", "PR", "C A", "XX"]) {
      expect(() => parseSettings({ AGENCY_HOME_STATE: bad }), bad).toThrow(
        /AGENCY_HOME_STATE: must be the two-letter code of one of the 50 states/,
      );
    }
  });

  it("shows the sample agency, marked, while any setting is unset", () => {
    const env = parseSettings({ ...agency, AGENCY_PHONE: "" });
    expect(unsetAgencySettings(env)).toEqual(["AGENCY_PHONE"]);
    expect(agencyFrom(env)).toMatchObject({ ...SAMPLE_AGENCY, sample: true });
    const homeless = parseSettings({ ...agency, AGENCY_HOME_STATE: undefined });
    expect(unsetAgencySettings(homeless)).toEqual(["AGENCY_HOME_STATE"]);
    expect(agencyFrom(homeless).sample).toBe(true);
  });
});

describe("a public site", () => {
  const agency = {
    AGENCY_NAME: "Harbor Insurance Agency LLC",
    AGENCY_HOME_STATE: "CA",
    AGENCY_NPN: "12345678",
    AGENCY_LICENSES: "CA:0K12345",
    AGENCY_ADDRESS: "1 Harbor Way, San Diego, CA 92101",
    AGENCY_PHONE: "(619) 555-0100",
    AGENCY_EMAIL: "service@harbor-insurance.example",
  };
  const start = (source: Record<string, string>) => () =>
    refuseUnfinishedPublicSite(parseEnv({ DATA_DIR: tempDir(), ...source }));

  it("refuses to start without the agency's details, naming every one to set", () => {
    let message = "";
    try {
      start({ SITE_URL: "https://www.harbor-insurance.example" })();
    } catch (error) {
      expect(error).toBeInstanceOf(InvalidEnvironmentError);
      message = (error as Error).message;
    }
    for (const name of Object.keys(agency)) expect(message).toContain(`- ${name}: is required`);
    expect(message).toContain("DEMO_SITE=true");
    // A private network's address is no less reachable than a public one.
    expect(start({ SITE_URL: "http://10.0.0.5:3000" })).toThrow(/AGENCY_EMAIL/);
  });

  it("starts with the agency's details, as a declared demonstration, or on this machine", () => {
    expect(start({ SITE_URL: "https://www.harbor-insurance.example", ...agency })).not.toThrow();
    expect(start({ SITE_URL: "https://demo.coverpilot.example", DEMO_SITE: "true" })).not.toThrow();
    expect(() => parseEnv({ DEMO_SITE: "maybe", DATA_DIR: tempDir() })).toThrow(/DEMO_SITE/);
    // `npm start` on a fresh machine: no SITE_URL, so http://localhost:3000, and the sample.
    const locals: Record<string, string>[] = [
      {},
      { SITE_URL: "http://127.0.0.1:8080" },
      { SITE_URL: "http://[::1]:3000" },
    ];
    for (const local of locals) {
      expect(start(local)).not.toThrow();
    }
    expect(agencyFrom(parseEnv({ DATA_DIR: tempDir() })).sample).toBe(true);
  });
});

describe("webhooks", () => {
  const withUrl = (LEAD_WEBHOOK_URL: string) =>
    parseSettings({ LEAD_WEBHOOK_URL, LEAD_WEBHOOK_SECRET: "s".repeat(16) }).LEAD_WEBHOOK_URL;

  it("post a lead record only over https, or in clear to this machine alone", () => {
    for (const clear of [
      "http://hooks.example/leads",
      "https://a.example/hook,http://b.example/hook",
      "http://127.0.0.1.example/leads",
    ]) {
      expect(() => withUrl(clear), clear).toThrow(/LEAD_WEBHOOK_URL: must be https:\/\//);
    }
    expect(withUrl("https://hooks.example/leads")).toEqual(["https://hooks.example/leads"]);
    for (const local of [
      "http://127.0.0.1:4000/leads",
      "http://localhost:4000/leads",
      "http://[::1]:4000/x",
    ]) {
      expect(withUrl(local)).toEqual([local]);
    }
  });
});
