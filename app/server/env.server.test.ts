import { existsSync, mkdtempSync, readFileSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import { describe, expect, it } from "vitest";

import { agencyFrom, SAMPLE_AGENCY } from "#app/domain/site/agency.ts";

import {
  InvalidEnvironmentError,
  parseEnv,
  parseSettings,
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
    });
    expect(parseEnv({ DATA_DIR: dataDir, SPANISH: "false" }).SPANISH).toBe(false);
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
    };
    // An upgrade that missed AGENCY_HOME_STATE: named, not silently the sample.
    expect(() => parseEnv({ ...base, ...agency })).toThrow(/AGENCY_HOME_STATE: is required/);
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
  };

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
