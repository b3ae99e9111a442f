import { mkdtempSync, readFileSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import { describe, expect, it } from "vitest";

import { InvalidEnvironmentError, parseEnv } from "./env.server.ts";

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
      DATABASE_CONNECT_TIMEOUT_MS: 2_000,
      DATABASE_STATEMENT_TIMEOUT_MS: 3_000,
    });
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
