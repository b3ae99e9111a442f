import { execFile } from "node:child_process";
import { promisify } from "node:util";

import { LEAD_EXPORT_COLUMNS } from "#app/domain/leads/lead-desk.ts";
import { SEGMENT_NAICS } from "#app/domain/reference/naics.ts";
import {
  findOperatorByEmail,
  setOperatorDisabled,
  signIn as checkSignIn,
} from "#app/server/admin/operators.server.ts";

import { openDataDirDatabase, readSubmissions } from "../support/databases.ts";
import { parseCsv } from "../support/csv.ts";
import { createDeskOperator, runScript, signIn } from "../support/lead-desk.ts";
import {
  databaseSettingsOf,
  makeDataDir,
  startServer,
  stopServer,
} from "../support/server-process.ts";
import { HttpVisitor } from "../support/visitor.ts";
import { expect, test } from "./helpers.ts";

test.describe.configure({ mode: "serial" });

const PASSWORD = "export desk password 2026";

test("operator:create makes the first account while the server runs, once, and resets it on request", async () => {
  // Eleven runs of the command, four of them opening the embedded database: about 40 s on two
  // cores, past the default minute when the cores are shared.
  test.slow();
  const dataDir = makeDataDir({ embedded: true });
  const create = (args: string[], input: string) =>
    runScript("operator-create", args, { dataDir, input });

  // A fresh install, the site running on the embedded database: the command goes to the server
  // (issue 28), which only one process may open.
  const server = await startServer({ dataDir });
  try {
    const made = await create(["--email", "Desk@Agency.example"], `${PASSWORD}\n`);
    expect(made.stderr).toBe("");
    expect(made.code).toBe(0);
    expect(made.stdout).toContain("Operator desk@agency.example created (by the running server).");
    expect(made.stdout).not.toContain(PASSWORD);

    const again = await create(["--email", "desk@agency.example"], "another password 123\n");
    expect(again.code).toBe(1);
    expect(again.stderr).toContain("already exists");
    expect(again.stderr).toContain("--reset-password");
    const nobody = await create(
      ["--email", "nobody@agency.example", "--reset-password"],
      `${PASSWORD}\n`,
    );
    expect(nobody.code).toBe(1);
    expect(nobody.stderr).toContain("No operator has the email address nobody@agency.example.");
    const reset = await create(
      ["--email", "DESK@agency.example", "--reset-password"],
      "a brand new passphrase\r\nignored second line\n",
    );
    expect(reset.code).toBe(0);
    expect(reset.stdout).toContain(
      "New password set for desk@agency.example (by the running server)",
    );
    // The server's log keeps neither the password nor the address.
    expect(server.output()).not.toContain("passphrase");
    expect(server.output()).not.toContain("desk@agency.example");
  } finally {
    await stopServer(server);
  }

  expect((await create(["--email", "new@agency.example"], "too short\n")).stderr).toContain(
    "at least 12 characters",
  );
  const noEmail = await create([], `${PASSWORD}\n`);
  expect(noEmail.code).toBe(1);
  expect(noEmail.stderr).toContain("Usage: npm run operator:create -- --email ADDRESS");
  expect((await create(["--email", "not-an-email"], `${PASSWORD}\n`)).code).toBe(1);
  const unknown = await create(["--email", "a@b.example", "--admin"], `${PASSWORD}\n`);
  expect(unknown.stderr).toContain("Unknown option '--admin'");
  // With the server stopped, the command opens the database itself. The second operator is made an
  // owner: only an owner may disable another owner (decision 063).
  const second = await create(
    ["--email", "second@agency.example", "--role", "owner"],
    `${PASSWORD}\n`,
  );
  expect(second.stderr).toBe("");
  expect(second.stdout).toContain("Operator second@agency.example created. Sign in at");
  expect(second.stdout).toContain("(role: owner)");

  // The desk's account disabled (from the desk, by the second operator): a new password does not
  // let it in, and the command says so; --enable does, with no password asked.
  const disabling = await openDataDirDatabase(dataDir);
  try {
    const desk = await findOperatorByEmail(disabling.db, "desk@agency.example");
    const by = await findOperatorByEmail(disabling.db, "second@agency.example");
    expect(
      (await setOperatorDisabled(disabling.db, desk?.id ?? "", true, by?.id ?? "")).outcome,
    ).toBe("done");
  } finally {
    await disabling.close();
  }
  const resetDisabled = await create(
    ["--email", "desk@agency.example", "--reset-password"],
    "a brand new passphrase\n",
  );
  expect(resetDisabled.code).toBe(0);
  expect(resetDisabled.stdout).toContain("New password set for desk@agency.example;");
  expect(resetDisabled.stdout).toContain(
    "The account is disabled: desk@agency.example cannot sign in until it is enabled. Run this again with --enable",
  );
  const enabled = await create(["--email", "desk@agency.example", "--enable"], "");
  expect(enabled.stderr).toBe("");
  expect(enabled.stdout).toContain(
    "Operator desk@agency.example enabled: they can sign in with their password.",
  );

  const database = await openDataDirDatabase(dataDir);
  try {
    expect(await findOperatorByEmail(database.db, "new@agency.example")).toBeUndefined();
    const attempt = (email: string, password: string) => ({
      email,
      password,
      clientAddress: "127.0.0.1",
    });
    const desk = "desk@agency.example";
    expect((await checkSignIn(database.db, attempt(desk, PASSWORD))).outcome).toBe("invalid");
    expect((await checkSignIn(database.db, attempt(desk, "a brand new passphrase"))).outcome).toBe(
      "signed-in",
    );
    expect(
      (await checkSignIn(database.db, attempt("second@agency.example", PASSWORD))).outcome,
    ).toBe("signed-in");
  } finally {
    await database.close();
  }
});

test("leads:export writes every submission as CSV, with the spec's columns, and --since limits it", async ({
  page,
}) => {
  // Three command-line runs and a server start: about 40 s on two cores, more when they are shared.
  test.slow();
  // The embedded database: the command refuses it while the server holds it.
  const dataDir = makeDataDir({ embedded: true });
  await createDeskOperator(dataDir, "desk@agency.example", PASSWORD);
  const server = await startServer({ dataDir });
  let stopped = false;
  try {
    // An application whose words would be formulas in a spreadsheet, or break naive CSV.
    const tricky = new HttpVisitor(server.url);
    expect(await tricky.saveEmailStep("tricky@example.com")).toBe(true);
    expect(
      await tricky.completeApplication({
        businessName: '=HYPERLINK("http://evil.example","Click")',
        firstName: "@Jo",
        lastName: 'O"Brien, Jr',
        phoneNumber: "(503) 555-0188",
        streetAddress: "1 Main St, Suite 2",
        mailingAddress: "-PO Box 7, Portland",
      }),
    ).toBe(true);
    // A lead that stopped after the email step, in another industry, with two segments.
    const partial = new HttpVisitor(server.url);
    await partial.post("/business-wizard", {
      industry: "retail",
      state: "Oregon",
      intent: "continue",
    });
    await partial.post("/business-wizard/segments", {
      segments: ["Bookstore", "Florist"],
      intent: "continue",
    });
    const saved = await partial.post("/business-wizard/email", {
      email: "partial@example.com",
      intent: "continue",
    });
    expect(saved.status).toBe(302);

    const busy = await runScript("leads-export", [], { dataDir });
    expect(busy.code).toBe(1);
    expect(busy.stdout).toBe("");
    expect(busy.stderr).toContain("The server is running on the embedded database");
    expect(busy.stderr).toContain("use the lead desk (/admin) while it runs");

    // The lead desk's download, for comparing with the script's output below.
    await signIn(page, server.url, "desk@agency.example", PASSWORD);
    const download = await (await page.request.get(`${server.url}/admin/submissions.csv`)).text();

    await stopServer(server);
    stopped = true;
    const [first, second] = await readSubmissions(dataDir);

    const exported = await runScript("leads-export", [], { dataDir });
    expect(exported.stderr).toBe("");
    expect(exported.code).toBe(0);
    expect(download).toBe(`\uFEFF${exported.stdout}`);
    const [header, ...rows] = parseCsv(exported.stdout);
    expect(header).toEqual([...LEAD_EXPORT_COLUMNS]);
    // Read by column name (the columns' order is pinned in lead-desk.test.ts): every column not
    // named is empty.
    const record = (row: readonly string[] | undefined) =>
      Object.fromEntries(LEAD_EXPORT_COLUMNS.map((column, index) => [column, row?.[index]]));
    const only = (given: Record<string, string>) =>
      Object.fromEntries(LEAD_EXPORT_COLUMNS.map((column) => [column, given[column] ?? ""]));
    expect(rows).toHaveLength(2);
    // Everything after the email step's four fields is empty, but the language it was sent in.
    expect(record(rows[0])).toEqual(
      only({
        id: second!.id,
        industry: "retail",
        state: "Oregon",
        segments: "Bookstore; Florist",
        email: "partial@example.com",
        language: "en",
      }),
    );
    // No optional answers and no quote request; sent from the English wizard.
    expect(record(rows[1])).toEqual(
      only({
        id: first!.id,
        industry: "food",
        state: "Ohio",
        segments: "Bakery",
        email: "tricky@example.com",
        business_name: `'=HYPERLINK("http://evil.example","Click")`,
        first_name: "'@Jo",
        last_name: 'O"Brien, Jr',
        phone_number: "+15035550188",
        consent_to_texts: "true",
        legal_business_name: `'=HYPERLINK("http://evil.example","Click")`,
        primary_location: "1 Main St, Suite 2, Springfield, OH 43001",
        same_address: "No",
        mailing_address: "'-PO Box 7, Portland",
        ownership_structure: "Partnership",
        start_year: "2010",
        naics_code: SEGMENT_NAICS.Bakery!.code,
        naics_title: SEGMENT_NAICS.Bakery!.title,
        // The primary location's parts (issue 27).
        street_address: "1 Main St, Suite 2",
        city: "Springfield",
        zip_code: "43001",
        language: "en",
      }),
    );

    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    const none = await runScript("leads-export", ["--since", tomorrow], { dataDir });
    expect(none.code).toBe(0);
    expect(none.stdout).toBe(`${LEAD_EXPORT_COLUMNS.join(",")}\r\n`);
    const since = second!.updated_at.toISOString();
    const recent = await runScript("leads-export", ["--since", since], { dataDir });
    expect(parseCsv(recent.stdout).map((row) => row[4])).toEqual(["email", "partial@example.com"]);
    const bad = await runScript("leads-export", ["--since", "last week"], { dataDir });
    expect(bad.code).toBe(1);
    expect(bad.stdout).toBe("");
    expect(bad.stderr).toContain("--since must be a day");

    // Through npm, as a scheduled job runs it (-s: npm itself prints nothing on standard output).
    const viaNpm = await promisify(execFile)("npm", ["run", "-s", "leads:export"], {
      env: { ...process.env, ...(await databaseSettingsOf(dataDir)), NODE_ENV: "production" },
    });
    expect(viaNpm.stdout).toBe(exported.stdout);
  } finally {
    if (!stopped) await stopServer(server);
  }
});
