import { existsSync, mkdirSync } from "node:fs";

import { defineConfig, devices } from "@playwright/test";

import { E2E_TMPDIR } from "./tests/support/run-dirs.ts";

const PORT = Number(process.env.E2E_PORT ?? 3210);

// The journeys' temporary files, and their servers' and scripts', go with the run (run-dirs.ts).
mkdirSync(E2E_TMPDIR, { recursive: true });
process.env.TMPDIR = E2E_TMPDIR;

/**
 * Debian's Chromium; a test tool never downloads a browser of its own here. Its old headless shell
 * (package chromium-headless-shell, which `.ci/run` installs) renders the same Blink as the full
 * browser for about a third less CPU per journey; the full browser serves where it is missing.
 */
const HEADLESS_SHELL = "/usr/bin/chromium-headless-shell";
const CHROMIUM =
  process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : "/usr/bin/chromium");

export default defineConfig({
  testDir: "tests/e2e",
  globalTeardown: "./tests/support/e2e-global-teardown.ts",
  fullyParallel: true,
  // Three journeys at a time on two cores (decision 076): with two, the machine stood idle a
  // fifth of the run while both journeys waited (a server starting, an email, a poll).
  workers: 3,
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  reporter: [["list"]],
  timeout: 60_000,
  // A page's answer to a click can take some seconds while the other journey's browser and
  // servers have both cores: 5 s (the default) failed now and then; a passing check waits no
  // longer for it.
  expect: { timeout: 10_000 },
  use: {
    baseURL: `http://localhost:${PORT}`,
    // Recording a trace for every journey (to keep the failures') costs about a third of the
    // suite's time on two cores: off here; `npx playwright test --trace on <file>` to debug one.
    trace: "off",
  },
  projects: [
    {
      name: "chromium",
      use: {
        ...devices["Desktop Chrome"],
        launchOptions: {
          executablePath: CHROMIUM,
          args: [
            "--no-sandbox",
            "--disable-gpu",
            "--disable-quic",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
          ],
        },
      },
    },
  ],
  webServer: {
    // The built production server on a throwaway copy of the run's migrated embedded database,
    // made first (tests/support/make-e2e-template.ts), which the journeys' own servers copy too.
    command: [
      "node --liftoff-only tests/support/make-e2e-template.ts",
      `rm -rf .tmp/e2e-data-${PORT}`,
      `cp -R .tmp/e2e-template-data-${PORT} .tmp/e2e-data-${PORT}`,
      "node server.ts",
    ].join(" && "),
    url: `http://localhost:${PORT}/healthz`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      E2E_PORT: String(PORT),
      NODE_ENV: "production",
      PORT: String(PORT),
      HOST: "127.0.0.1",
      DATA_DIR: `.tmp/e2e-data-${PORT}`,
      SITE_URL: `http://localhost:${PORT}`,
      LOG_LEVEL: "warn",
      // Every journey posts from 127.0.0.1; the rate limit has its own tests.
      RATE_LIMIT_PER_MINUTE: "100000",
      // The email step's link at once, as page-quality.spec.ts opens it: by default it waits half
      // an hour for someone who has not finished (decision 032).
      RESUME_REMINDER_DELAY_MS: "0",
      DATABASE_URL: "",
    },
  },
});
