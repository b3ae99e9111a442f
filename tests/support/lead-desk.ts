import { spawn } from "node:child_process";

import { expect, type Locator, type Page } from "@playwright/test";

import { createOperator } from "#app/server/admin/operators.server.ts";

import { openDataDirDatabase } from "./databases.ts";
import { daysFromToday } from "./lead-fixtures.ts";
import {
  databaseSettingsOf,
  databaseUrlOf,
  TEST_NODE_ENV,
  TEST_NODE_FLAGS,
} from "./server-process.ts";

/** What a command-line script did. */
export interface ScriptResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs one of the project's scripts (scripts/NAME.ts) as `npm run` would, with Node 24, on the
 * database that goes with `dataDir` (server-process.ts), feeding `input` to its standard input (no terminal).
 */
export async function runScript(
  name: "operator-create" | "leads-export" | "db-backup" | "db-restore",
  args: string[],
  options: { dataDir: string; input?: string; env?: Record<string, string> },
): Promise<ScriptResult> {
  const database = await databaseSettingsOf(options.dataDir);
  const child = spawn(process.execPath, [...TEST_NODE_FLAGS, `scripts/${name}.ts`, ...args], {
    env: {
      ...process.env,
      ...TEST_NODE_ENV,
      NODE_ENV: "production",
      ...database,
      ...options.env,
    },
    stdio: ["pipe", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  child.stdin.end(options.input ?? "");
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`scripts/${name}.ts did not finish within 60 s:\n${stderr}`));
    }, 60_000);
    child.on("exit", (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

/**
 * Makes an operator in `dataDir`'s database, as `npm run operator:create` does (the first is the
 * owner). On the run's PostgreSQL the test writes it itself, with the command's own function: a
 * run of the command costs a Node start and its modules (some 0.7 s of CPU) that journeys about
 * something else need not pay (decision 075); admin-export.spec.ts runs the command itself. On
 * the embedded database, which only one process opens at a time, it runs the command (the server
 * must not hold DATA_DIR).
 */
export async function createDeskOperator(
  dataDir: string,
  email: string,
  password: string,
): Promise<void> {
  if (await databaseUrlOf(dataDir)) {
    const database = await openDataDirDatabase(dataDir);
    try {
      await createOperator(database.db, email, password);
    } finally {
      await database.close();
    }
    return;
  }
  const result = await runScript("operator-create", ["--email", email], {
    dataDir,
    input: `${password}\n`,
  });
  if (result.code !== 0) throw new Error(`operator:create failed:\n${result.stderr}`);
}

/** Signs in through the sign-in page and waits for the lead desk. */
export async function signIn(
  page: Page,
  baseUrl: string,
  email: string,
  password: string,
): Promise<void> {
  await page.goto(`${baseUrl}/admin/login`);
  await page.getByLabel("Email address", { exact: true }).fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("button", { name: "Sign out" })).toBeVisible();
}

/**
 * Fills the desk's "Add the policy the insurer issued" form in `section`: the policy's number, a
 * year's cover from 30 days on, and its PDF. The caller presses the button.
 */
export async function fillPolicyForm(
  section: Locator,
  policy: { number: string; file: { name: string; buffer: Buffer } },
): Promise<void> {
  await section.getByLabel("Policy number").fill(policy.number);
  await section.getByLabel("Cover starts").fill(daysFromToday(30));
  await section.getByLabel("Cover ends").fill(daysFromToday(395));
  await section
    .getByLabel(/^The policy document/)
    .setInputFiles({ ...policy.file, mimeType: "application/pdf" });
}
