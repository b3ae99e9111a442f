/**
 * npm run operator:create -- --email ADDRESS [--role owner|agent] [--reset-password] [--enable]
 *
 * Makes an operator account for the lead desk (/admin), or with --reset-password gives an existing
 * one a new password (which also lifts a lockout and signs them out everywhere; the command says
 * when the account is disabled, which no password changes). --enable lets a disabled operator sign
 * in again (alone, with the password they had: no password is asked; with --reset-password, with
 * the new one): the way back in when no operator who may sign in is left. The password is
 * read from a prompt that does not echo it, or from the first line of standard input when that is
 * no terminal (`printf '%s\n' "$PASSWORD" | npm run operator:create -- --email …`). It never goes
 * on the command line, where other users and shell histories could read it.
 *
 * While the server runs on the embedded database, which only one process may open, the command is
 * sent to the server itself, through the socket `npm run db:backup` uses (issue 28): the first
 * operator of a fresh install is made without stopping the site.
 */
import { parseArgs } from "node:util";

import { isEmailAddress } from "#app/domain/values/fields.ts";
import { passwordLengthProblem } from "#app/domain/leads/lead-desk.ts";
import {
  CliError,
  describeCliFailure,
  openCliDatabase,
  passwordFromInput,
} from "#app/server/admin/cli.server.ts";
import { askRunningServer } from "#app/server/db/backup.server.ts";
import { getEnv } from "#app/server/env.server.ts";
import {
  createOperator,
  enableOperator,
  OperatorExistsError,
  resetOperatorPassword,
} from "#app/server/admin/operators.server.ts";

const USAGE =
  "Usage: npm run operator:create -- --email ADDRESS [--role owner|agent] [--reset-password] [--enable]";

/** Reads a line from the terminal without echoing it. */
function promptHidden(question: string): Promise<string> {
  const input = process.stdin;
  process.stderr.write(question);
  input.setRawMode(true);
  input.resume();
  input.setEncoding("utf8");
  return new Promise((resolve, reject) => {
    let typed = "";
    const finish = (error?: Error) => {
      input.off("data", onData);
      input.setRawMode(false);
      input.pause();
      process.stderr.write("\n");
      if (error) reject(error);
      else resolve(typed);
    };
    const onData = (chunk: string) => {
      for (const character of chunk) {
        if (character === "\r" || character === "\n") return finish();
        if (character === "\u0003") return finish(new CliError("Cancelled."));
        if (character === "\u007f" || character === "\b") typed = [...typed].slice(0, -1).join("");
        else if (character >= " ") typed += character;
      }
    };
    input.on("data", onData);
  });
}

async function readStandardInput(): Promise<string> {
  let text = "";
  process.stdin.setEncoding("utf8");
  for await (const chunk of process.stdin) text += chunk as string;
  return text;
}

async function readPassword(): Promise<string> {
  if (!process.stdin.isTTY) return passwordFromInput(await readStandardInput());
  const password = await promptHidden("Password: ");
  const again = await promptHidden("The same password again: ");
  if (password !== again) throw new CliError("The two passwords differ. Nothing was changed.");
  return password;
}

const alreadyExists = (email: string) =>
  `An operator with the email address ${email} already exists. To give them a new password, add --reset-password.`;
const noSuchOperator = (email: string) => `No operator has the email address ${email}.`;

/** What a password reset did, and whether the account may sign in. */
function passwordSet(email: string, disabled: boolean, by: string): string {
  const set = `New password set for ${email}${by}; their other sessions have ended.`;
  return disabled
    ? `${set}\nThe account is disabled: ${email} cannot sign in until it is enabled. Run this again with --enable, or have an operator enable it on /admin/operators.`
    : `${set} ${email} can sign in.`;
}

/** What enabling did. */
function enabledSaying(email: string, outcome: "enabled" | "already-enabled", by: string): string {
  return outcome === "enabled"
    ? `Operator ${email} enabled${by}: they can sign in with their password.`
    : `Operator ${email} was not disabled: nothing was changed.`;
}

const BY_SERVER = " (by the running server)";

/** What the running server's answer means, as the command says it; a refusal is a CliError. */
function describeAnswer(
  answer: { status: number; body: Record<string, unknown> },
  email: string,
  command: { reset: boolean; enable: boolean },
  siteUrl: string,
): string {
  if (answer.status === 201) {
    const role = answer.body.role === "owner" ? "owner" : "agent";
    return `Operator ${email} created${BY_SERVER}. Sign in at ${siteUrl}/admin/login (role: ${role}).`;
  }
  if (answer.status === 200 && command.reset) {
    return passwordSet(email, answer.body.disabled === true, BY_SERVER);
  }
  if (answer.status === 200 && command.enable) {
    const outcome = answer.body.enabled === "enabled" ? "enabled" : "already-enabled";
    return enabledSaying(email, outcome, BY_SERVER);
  }
  if (answer.status === 409) throw new CliError(alreadyExists(email));
  if (answer.status === 422) throw new CliError(noSuchOperator(email));
  const error = typeof answer.body.error === "string" ? answer.body.error : "";
  throw new CliError(`The running server refused the command (${answer.status}). ${error}`.trim());
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      email: { type: "string" },
      "reset-password": { type: "boolean", default: false },
      enable: { type: "boolean", default: false },
      role: { type: "string" },
    },
    strict: true,
  });
  // The new account's role (decision 063); unset, the first operator is the owner, later ones agents.
  const role = values.role === undefined ? undefined : values.role.trim().toLowerCase();
  if (role !== undefined && role !== "owner" && role !== "agent") {
    throw new CliError(`--role must be owner or agent, not "${values.role}".`);
  }
  const email = values.email?.trim().toLowerCase();
  if (!email) throw new CliError(USAGE);
  if (!isEmailAddress(email)) {
    throw new CliError(`"${email}" is not an email address.`);
  }
  const env = getEnv();
  const reset = values["reset-password"];
  const enable = values.enable;
  // --enable alone keeps the password the operator has: none is asked.
  const password = enable && !reset ? undefined : await readPassword();
  const lengthProblem = password === undefined ? undefined : passwordLengthProblem(password);
  if (lengthProblem) throw new CliError(lengthProblem);

  if (!env.DATABASE_URL) {
    const command = { email, password, reset, enable, ...(role ? { role } : {}) };
    const answer = await askRunningServer(env.DATA_DIR, "/operators", command);
    if (answer !== "no server") {
      process.stdout.write(`${describeAnswer(answer, email, { reset, enable }, env.SITE_URL)}\n`);
      return;
    }
  }

  const database = await openCliDatabase(env);
  try {
    if (reset && password !== undefined) {
      const operator = await resetOperatorPassword(database.db, email, password, { enable });
      if (!operator) throw new CliError(noSuchOperator(email));
      process.stdout.write(`${passwordSet(operator.email, operator.disabled, "")}\n`);
    } else if (enable) {
      const enabled = await enableOperator(database.db, email);
      if (enabled.outcome === "not-found") throw new CliError(noSuchOperator(email));
      process.stdout.write(`${enabledSaying(enabled.email, enabled.outcome, "")}\n`);
    } else if (password !== undefined) {
      const operator = await createOperator(database.db, email, password, role).catch((error) => {
        if (error instanceof OperatorExistsError) throw new CliError(alreadyExists(email));
        throw error;
      });
      process.stdout.write(
        `Operator ${operator.email} created. Sign in at ${env.SITE_URL}/admin/login (role: ${operator.role}).\n`,
      );
    }
  } finally {
    await database.close();
  }
}

try {
  await main();
} catch (error) {
  console.error(describeCliFailure(error, USAGE));
  process.exitCode = 1;
}
