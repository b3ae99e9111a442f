import { readFileSync } from "node:fs";

import { sql } from "kysely";

import {
  INVALID_CURSOR_MESSAGE,
  LEAD_EXPORT_COLUMNS,
  SIGN_IN_POLICY,
  signInMessages,
} from "#app/domain/leads/lead-desk.ts";
import { joinMessages, operatorMessages } from "#app/domain/leads/desk-operators.ts";
import { messages } from "#app/domain/site/messages.ts";
import { SAMPLE_AGENCY } from "#app/domain/site/agency.ts";
import { textsConsentText } from "#app/domain/wizard/wizard.ts";
import { createOperator } from "#app/server/admin/operators.server.ts";

import { parseCsv } from "../support/csv.ts";
import { readWrittenEmails } from "../support/outbox-files.ts";
import { signIn } from "../support/lead-desk.ts";
import { startServerWithDatabase, type ServerWithDatabase } from "../support/served-database.ts";
import type { ServerProcess } from "../support/server-process.ts";
import { HttpVisitor } from "../support/visitor.ts";
import { expect, expectNoAxeViolations, layoutProblems, test } from "./helpers.ts";

const OPERATOR = { email: "desk@agency.example", password: "a long desk password 2026" };
const LOCKABLE = { email: "lockable@agency.example", password: "another long password 77" };
/** The lockout's words, whatever the time they name. */
const LOCKED = new RegExp(
  `^${messages
    .signInLocked(new Date(0))
    .replace(/[.*+?^${}()|[\]\\]/g, "\\$&")
    .replace("00:00", "\\d\\d:\\d\\d")}$`,
);

test.describe.configure({ mode: "serial" });

let served: ServerWithDatabase;
let server: ServerProcess;
/** The submission the real wizard journey made (complete, with consent), and an older one. */
let completeId: string;
let olderId: string;

test.beforeAll(async () => {
  served = await startServerWithDatabase({
    // The agency promises a call within 4 hours (decision 038).
    env: { AGENCY_RESPONSE_HOURS: "4" },
    // Two operators (operator:create has journeys of its own, in admin-export.spec) and 55 older
    // leads from the email step, one a day, through the data layer before the server runs; the
    // oldest asked for quotes in January and nobody has called.
    prepare: async (db) => {
      await createOperator(db, OPERATOR.email, OPERATOR.password);
      await createOperator(db, LOCKABLE.email, LOCKABLE.password);
      await sql`
        insert into business_wizard_submissions (industry, state, segments, email, created_at)
        select 'retail', 'Texas', array['Bookstore'], 'older' || g || '@shops.example',
               timestamptz '2026-01-01 12:00:00+00' + g * interval '1 day'
        from generate_series(1, 55) as g`.execute(db);
      olderId = (
        await db
          .selectFrom("business_wizard_submissions")
          .select("id")
          .where("email", "=", "older1@shops.example")
          .executeTakeFirstOrThrow()
      ).id;
      await db
        .insertInto("quote_requests")
        .values({
          submission_id: olderId,
          reference: "CP-RAT347",
          lines: ["general-liability"],
          start_date: "2026-02-01",
          contact_channel: "phone",
          consent_text: "The consent the visitor saw.",
          consent_given_at: "2026-01-02T12:00:00Z",
          created_at: "2026-01-02T12:00:00Z",
        })
        .execute();
    },
  });
  const visitor = new HttpVisitor(served.url);
  expect(await visitor.saveEmailStep("Rae.Lead@Chapter.example")).toBe(true);
  expect(
    await visitor.completeApplication({
      businessName: "Chapter One Books",
      firstName: "Rae",
      lastName: "Ng",
      phoneNumber: "(503) 555-0188",
      streetAddress: "5 Pine St",
      mailingAddress: "PO Box 5, Portland OR",
    }),
  ).toBe(true);
  const callback = await fetch(`${served.url}/talk-to-an-expert`, {
    method: "POST",
    body: new URLSearchParams({ name: "Quinn Caller", phone: "415-555-0177", bestTime: "morning" }),
  });
  expect(callback.status).toBe(200);
  const message = await fetch(`${served.url}/contact`, {
    method: "POST",
    body: new URLSearchParams({
      name: "Ann Asker",
      // One address by the forms' rule, whose ?cc= a bare mailto: link would read as a header.
      email: "ann?cc=boss@asker.example",
      message: "Do you cover food trucks?\nThanks",
    }),
  });
  expect(message.status).toBe(200);
  completeId = await served.query(
    async (db) =>
      (
        await db
          .selectFrom("business_wizard_submissions")
          .select("id")
          .where("email", "=", "rae.lead@chapter.example")
          .executeTakeFirstOrThrow()
      ).id,
  );
  server = served.server;
});

test.afterAll(async () => served?.stop());

/** Every lead desk address, for refusing and for axe. */
function adminPaths(): string[] {
  return [
    "/admin",
    "/admin/",
    "/admin?view=mine",
    "/admin?view=overdue",
    "/admin/submissions",
    "/admin/submissions?q=chapter&industry=food&state=Ohio&status=complete&from=2026-01-01&to=2030-01-01",
    "/admin/submissions?after=not-a-cursor",
    "/admin/messages?before=not-a-cursor",
    `/admin/submissions/${completeId}`,
    "/admin/submissions/not-a-uuid",
    // The quotes of the oldest lead's request (issue 29).
    `/admin/submissions/${olderId}/quotes`,
    "/admin/submissions.csv",
    "/admin/submissions.csv?state=Texas",
    "/admin/funnel",
    "/admin/funnel?from=2026-01-01&to=2026-01-31",
    "/admin/call-backs",
    "/admin/messages",
    "/admin/templates",
    "/admin/operators",
    "/admin/profile",
    "/admin/sign-out",
    "/admin/no-such-page",
  ];
}

const PRIVATE = [
  "rae.lead",
  "Chapter One",
  "5035550188",
  "555-0188",
  "older1@",
  "shops.example",
  "Quinn",
  "Ann Asker",
  "food trucks",
];

test("an anonymous visitor gets the sign-in page for every lead desk address, and no data", async () => {
  const paths = adminPaths();
  for (const path of paths) {
    for (const target of [path, `${path.split("?")[0]!.replace(/\/$/, "")}.data`]) {
      const response = await fetch(`${server.url}${target}`, { redirect: "manual" });
      const body = await response.text();
      for (const secret of PRIVATE) expect(body, `${target}: ${secret}`).not.toContain(secret);
      if (target.endsWith(".data")) {
        // React Router's data requests answer a redirect in their own way: 202, and its target.
        expect(response.status, target).toBe(202);
        expect(body, target).toMatch(/"SingleFetchRedirect".*"\/admin\/login(\?next=[^"]*)?"/);
      } else {
        expect(response.status, target).toBe(302);
        expect(response.headers.get("Location"), target).toMatch(/^\/admin\/login(\?next=|$)/);
      }
    }
  }
  // Posts too: signing out, and a post to any other lead desk address.
  for (const path of ["/admin/sign-out", "/admin", `/admin/submissions/${completeId}`]) {
    const response = await fetch(`${server.url}${path}`, {
      method: "POST",
      redirect: "manual",
      headers: { Origin: server.url },
      body: new URLSearchParams({ any: "thing" }),
    });
    expect(response.status, path).toBe(302);
    expect(response.headers.get("Location"), path).toMatch(/^\/admin\/login/);
  }
});

test("the queue shows a request nobody answered within the promised 4 hours as missed", async ({
  page,
}) => {
  await signIn(page, server.url, OPERATOR.email, OPERATOR.password);
  const late = page
    .getByRole("list", { name: "New requests" })
    .getByRole("listitem")
    .filter({ hasText: "CP-RAT347" });
  await expect(late).toContainText("General Liability");
  await expect(late).toContainText(/Response time missed: promised by\s*Jan 2, 2026, 11:00 EST/);
});

test("a visitor asking for a page is brought back to it after signing in", async ({ page }) => {
  await page.goto(`${server.url}/admin/submissions/${completeId}`);
  await expect(page).toHaveURL(/\/admin\/login\?next=%2Fadmin%2Fsubmissions%2F/);
  await expect(page.getByRole("heading", { name: "Sign in to the lead desk" })).toBeVisible();
  await page.getByLabel("Email address", { exact: true }).fill(OPERATOR.email);
  await page.getByLabel("Password", { exact: true }).fill(OPERATOR.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/submissions/${completeId}$`));
  await expect(page.getByRole("heading", { level: 1, name: "Chapter One Books" })).toBeVisible();
});

test("a wrong password and an unknown email get the same message; the right one signs in and out", async ({
  page,
  context,
}) => {
  await page.goto(`${server.url}/admin/login`);
  await page.getByLabel("Email address", { exact: true }).fill(OPERATOR.email);
  await page.getByLabel("Password", { exact: true }).fill("not the password");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("alert")).toHaveText(signInMessages.invalid);
  await expect(page.getByLabel("Email address", { exact: true })).toHaveValue(OPERATOR.email);
  await expect(page.getByLabel("Password", { exact: true })).toHaveValue("");

  await page.getByLabel("Email address", { exact: true }).fill("nobody@agency.example");
  await page.getByLabel("Password", { exact: true }).fill("not the password");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("alert")).toHaveText(signInMessages.invalid);

  await page.getByLabel("Email address", { exact: true }).fill("");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByText(signInMessages.emailRequired)).toBeVisible();

  await signIn(page, server.url, OPERATOR.email.toUpperCase(), OPERATOR.password);
  await expect(page).toHaveURL(`${server.url}/admin`);
  await expect(page.getByText(`Signed in as ${OPERATOR.email}`)).toBeVisible();
  const [cookie] = (await context.cookies()).filter((candidate) => candidate.name === "cp_admin");
  expect(cookie).toMatchObject({ httpOnly: true, sameSite: "Lax", path: "/admin" });
  expect(cookie!.expires).toBeGreaterThan(Date.now() / 1000 + 11 * 3600);
  expect(cookie!.expires).toBeLessThan(Date.now() / 1000 + 13 * 3600);
  // Signed in, the sign-in page leads on to the lead desk.
  await page.goto(`${server.url}/admin/login`);
  await expect(page).toHaveURL(`${server.url}/admin`);

  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(`${server.url}/admin/login`);
  await page.goto(`${server.url}/admin`);
  await expect(page).toHaveURL(`${server.url}/admin/login`);
  // The old cookie, replayed, opens nothing: the session is gone from the database.
  const replay = await fetch(`${server.url}/admin`, {
    redirect: "manual",
    headers: { Cookie: `cp_admin=${cookie!.value}` },
  });
  expect(replay.status).toBe(302);
});

test(`${SIGN_IN_POLICY.maxFailures} wrong passwords lock the email, for an account and for none alike`, async ({
  page,
}) => {
  for (const email of [LOCKABLE.email, "ghost@agency.example"]) {
    await page.goto(`${server.url}/admin/login`);
    for (let attempt = 1; attempt <= SIGN_IN_POLICY.maxFailures; attempt++) {
      await page.getByLabel("Email address", { exact: true }).fill(email);
      await page.getByLabel("Password", { exact: true }).fill(`wrong ${attempt}`);
      await page.getByRole("button", { name: "Sign in" }).click();
      await expect(page.getByRole("alert")).toHaveText(
        attempt < SIGN_IN_POLICY.maxFailures ? signInMessages.invalid : LOCKED,
      );
    }
  }
  // Locked: the right password is refused too, with the same words.
  await page.getByLabel("Email address", { exact: true }).fill(LOCKABLE.email);
  await page.getByLabel("Password", { exact: true }).fill(LOCKABLE.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("alert")).toHaveText(LOCKED);
  const locked = await fetch(`${server.url}/admin/login`, {
    method: "POST",
    body: new URLSearchParams({ email: LOCKABLE.email, password: "wrong again" }),
    headers: { Origin: server.url },
  });
  expect(locked.status).toBe(429);
  expect(Number(locked.headers.get("Retry-After"))).toBeGreaterThan(0);
  expect(Number(locked.headers.get("Retry-After"))).toBeLessThanOrEqual(
    SIGN_IN_POLICY.lockMinutes * 60,
  );
  await page.goto(`${server.url}/admin`);
  await expect(page).toHaveURL(`${server.url}/admin/login`);
  // Another operator is not affected.
  await signIn(page, server.url, OPERATOR.email, OPERATOR.password);
  expect(server.output()).not.toContain("lockable@");
  expect(server.output()).not.toContain("ghost@");
});

test("the list pages, searches and filters; the detail shows every field and the consent", async ({
  page,
}) => {
  await signIn(page, server.url, OPERATOR.email, OPERATOR.password);
  await page.getByRole("link", { name: "Submissions", exact: true }).click();
  const rows = page.getByRole("table", { name: /^Submissions, newest first/ }).getByRole("row");
  await expect(rows).toHaveCount(51);
  await expect(rows.nth(1)).toContainText("rae.lead@chapter.example");
  await expect(rows.nth(1)).toContainText("Complete");
  await expect(rows.nth(2)).toContainText("older55@shops.example");
  await expect(rows.nth(2)).toContainText("Email step only");
  await expect(page.getByText("50 submissions on this page, newest first")).toBeVisible();
  await expect(page.getByRole("link", { name: "Newer", exact: true })).toHaveCount(0);
  await page.getByRole("link", { name: "Older", exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/submissions\?after=[\w-]+$/);
  await expect(rows).toHaveCount(7);
  await expect(rows.last()).toContainText("older1@shops.example");
  await expect(page.getByText("6 submissions on this page, newest first")).toBeVisible();
  await expect(page.getByRole("link", { name: "Older", exact: true })).toHaveCount(0);
  await page.getByRole("link", { name: "Newer", exact: true }).click();
  await expect(rows).toHaveCount(51);
  await expect(rows.nth(1)).toContainText("rae.lead@chapter.example");
  // A page link edited by hand: the newest page, saying why.
  await page.goto(`${server.url}/admin/submissions?state=Texas&after=${"x".repeat(500)}`);
  await expect(page.getByText(INVALID_CURSOR_MESSAGE)).toBeVisible();
  await expect(rows).toHaveCount(51);
  await expect(rows.nth(1)).toContainText("older55@shops.example");

  await page.goto(`${server.url}/admin/submissions`);
  await page.getByLabel("Search by reference, phone, email or name").fill("CHAPTER one");
  await page.getByRole("button", { name: "Apply filters" }).click();
  await expect(page).toHaveURL(/\/admin\/submissions\?q=CHAPTER\+one&/);
  await expect(rows).toHaveCount(2);
  await expect(page.getByText("1 submission on this page, newest first")).toBeVisible();

  await page.getByRole("link", { name: "Clear" }).click();
  await page.getByLabel("State").selectOption("Texas");
  await page.getByLabel("Status").selectOption("email-step");
  await page.getByLabel("Received from").fill("2026-01-10");
  await page.getByLabel("Received to").fill("2026-01-12");
  await page.getByRole("button", { name: "Apply filters" }).click();
  await expect(rows).toHaveCount(4);
  await expect(rows.nth(1)).toContainText("older11@shops.example");
  await expect(rows.nth(3)).toContainText("older9@shops.example");
  await page.getByLabel("Industry").selectOption("food");
  await page.getByRole("button", { name: "Apply filters" }).click();
  await expect(page.getByText("No submission matches this filter.")).toBeVisible();

  await page.goto(`${server.url}/admin/submissions`);
  await page.getByRole("link", { name: "rae.lead@chapter.example" }).click();
  await expect(page).toHaveURL(`${server.url}/admin/submissions/${completeId}`);
  for (const [label, value] of [
    ["Id", completeId],
    ["Industry", "Food & Beverage"],
    ["State", "Ohio"],
    ["Segments", "Bakery"],
    ["Business name", "Chapter One Books"],
    ["Legal business name", "Chapter One Books"],
    ["Primary location", "5 Pine St, Springfield, OH 43001"],
    ["Mailing address same as primary location", "No"],
    ["Mailing address", "PO Box 5, Portland OR"],
    ["Ownership structure", "Partnership"],
    ["Year started", "2010"],
    ["Email", "rae.lead@chapter.example"],
    ["First name", "Rae"],
    ["Last name", "Ng"],
    ["Phone number", "(503) 555-0188"],
    // Sent from the English wizard: the agent answers in English.
    ["Language", "English"],
    ["Agreed to texts", "Yes"],
    // The words shown, naming the agency (here the sample: the server runs without AGENCY_*).
    ["Words agreed to", textsConsentText(SAMPLE_AGENCY.name)],
  ] as const) {
    const field = page
      .locator("dt", { hasText: new RegExp(`^${label}$`) })
      .locator("xpath=following-sibling::dd[1]");
    await expect(field, label).toHaveText(value);
  }
  await expect(
    page.locator("dt", { hasText: /^Agreed at$/ }).locator("xpath=following-sibling::dd[1]//time"),
  ).toHaveAttribute("datetime", /^\d{4}-\d{2}-\d{2}T/);
  await page.goto(`${server.url}/admin/submissions/${olderId}`);
  await expect(
    page.locator("dt", { hasText: /^First name$/ }).locator("xpath=following-sibling::dd[1]"),
  ).toHaveText("Not given");
  const missing = await page.goto(
    `${server.url}/admin/submissions/00000000-0000-4000-8000-000000000000`,
  );
  expect(missing?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Not found" })).toBeVisible();
});

test("the CSV download holds every row of the current filter, with the spec's columns", async ({
  page,
}) => {
  await signIn(page, server.url, OPERATOR.email, OPERATOR.password);
  await page.goto(`${server.url}/admin/submissions?state=Texas&from=2026-01-02&to=2026-01-04`);
  const downloading = page.waitForEvent("download");
  await page.getByRole("link", { name: "Download CSV of this filter" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^submissions-\d{4}-\d{2}-\d{2}\.csv$/);
  const text = readFileSync((await download.path())!, "utf8");
  expect(text.startsWith("\uFEFF")).toBe(true);
  const [header, ...rows] = parseCsv(text.slice(1));
  // The columns' names and order are pinned in lead-desk.test.ts; here, that the download has them.
  expect(header).toEqual([...LEAD_EXPORT_COLUMNS]);
  const cell = (row: readonly string[] | undefined, column: string) =>
    row?.[header!.indexOf(column)];
  expect(rows.map((row) => cell(row, "email"))).toEqual([
    "older3@shops.example",
    "older2@shops.example",
    "older1@shops.example",
  ]);
  expect(cell(rows[2], "id")).toBe(olderId);

  // Every page of the unfiltered list, not only the first 50.
  const all = await page.request.get(`${server.url}/admin/submissions.csv`);
  expect(all.headers()["content-type"]).toBe("text/csv; charset=utf-8");
  expect(all.headers()["cache-control"]).toBe("no-store");
  const allRows = parseCsv((await all.text()).slice(1));
  expect(allRows).toHaveLength(57);
  const [allHeader, ...allLeads] = allRows;
  // Read by column name; every column not named here is empty (no optional answers, no request).
  const given: Record<string, string> = {
    id: completeId,
    industry: "food",
    state: "Ohio",
    segments: "Bakery",
    email: "rae.lead@chapter.example",
    business_name: "Chapter One Books",
    first_name: "Rae",
    last_name: "Ng",
    phone_number: "+15035550188",
    consent_to_texts: "true",
    legal_business_name: "Chapter One Books",
    primary_location: "5 Pine St, Springfield, OH 43001",
    same_address: "No",
    mailing_address: "PO Box 5, Portland OR",
    ownership_structure: "Partnership",
    start_year: "2010",
    // Filed under the bakery's 2022 NAICS code (issue 17).
    naics_code: "311811",
    naics_title: "Retail Bakeries",
    // The primary location's parts (issue 27).
    street_address: "5 Pine St",
    city: "Springfield",
    zip_code: "43001",
    // Sent from the English wizard.
    language: "en",
  };
  const columns = allHeader ?? [];
  expect(Object.keys(given).filter((column) => !columns.includes(column))).toEqual([]);
  expect(
    Object.fromEntries(columns.map((column, index) => [column, allLeads[0]?.[index]])),
  ).toEqual(Object.fromEntries(columns.map((column) => [column, given[column] ?? ""])));
});

test("call-back requests and contact messages have their own lists", async ({ page }) => {
  await signIn(page, server.url, OPERATOR.email, OPERATOR.password);
  await page.getByRole("link", { name: "Call-backs" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Call-back requests" })).toBeVisible();
  const callback = page.getByRole("row").nth(1);
  await expect(callback).toContainText("Quinn Caller");
  await expect(callback).toContainText("(415) 555-0177");
  await expect(callback).toContainText("Morning (9 am to noon ET)");
  // Asked from an English page: the agent calls back in English.
  await expect(page.getByRole("columnheader", { name: "Language" })).toBeVisible();
  await expect(callback.getByRole("cell", { name: "English", exact: true })).toBeVisible();
  await page.getByRole("link", { name: "Messages" }).click();
  await expect(page.getByRole("heading", { name: /Ann Asker/ })).toBeVisible();
  await expect(page.getByText("sent from the English pages")).toBeVisible();
  await expect(page.getByText("Do you cover food trucks?")).toBeVisible();
  await expect(page.getByRole("link", { name: "ann?cc=boss@asker.example" })).toHaveAttribute(
    "href",
    "mailto:ann%3Fcc%3Dboss@asker.example",
  );
});

test("an operator invites the next, who joins through the emailed link; disabling signs them out", async ({
  page,
  browser,
}) => {
  const NEW_HIRE = { email: "new.hire@agency.example", password: "my own long password 9" };
  await signIn(page, server.url, OPERATOR.email, OPERATOR.password);
  await page.getByRole("link", { name: "Operators" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Operators" })).toBeVisible();
  const operators = page.getByRole("table", { name: "Operators", exact: true });
  const invitations = page.getByRole("table", { name: "Invitations not yet used, newest first" });
  await expect(operators.getByRole("row", { name: new RegExp(OPERATOR.email) })).toContainText(
    "You",
  );

  const email = page.getByLabel("Email address");
  await email.fill(LOCKABLE.email.toUpperCase());
  await page.getByRole("button", { name: "Send invitation" }).click();
  await expect(page.getByText(operatorMessages.alreadyOperator)).toBeVisible();
  await expect(page.getByLabel("Email address")).toHaveAttribute("aria-invalid", "true");
  await page.getByLabel("Email address").fill(NEW_HIRE.email);
  await page.getByRole("button", { name: "Send invitation" }).click();
  const saved = page.getByRole("status");
  await expect(saved).toContainText(`Saved: ${operatorMessages.invited(NEW_HIRE.email)}`);
  await expect(saved).toContainText(`by ${OPERATOR.email}`);
  await expect(invitations.getByRole("row", { name: new RegExp(NEW_HIRE.email) })).toContainText(
    "Works until",
  );

  await expect
    .poll(() => readWrittenEmails(served.dataDir).filter((m) => m.to === NEW_HIRE.email).length)
    .toBe(1);
  const invitation = readWrittenEmails(served.dataDir).find((m) => m.to === NEW_HIRE.email)!;
  expect(invitation.body).toContain(`${OPERATOR.email} invites you`);
  const link = /\/admin\/join\/[A-Za-z0-9_-]{43}/.exec(invitation.body)?.[0];
  expect(link).toBeDefined();

  // The invited person, in a browser of their own.
  const theirs = await browser.newContext();
  const joining = await theirs.newPage();
  await joining.goto(`${server.url}${link}`);
  await expect(joining.getByRole("heading", { name: "Join the lead desk" })).toBeVisible();
  await expect(joining.getByLabel("Email address")).toHaveValue(NEW_HIRE.email);
  await expectNoAxeViolations(joining);
  await joining.getByLabel("New password").fill(NEW_HIRE.password);
  await joining.getByLabel("The same password again").fill("not the same password");
  await joining.getByRole("button", { name: "Join and open the desk" }).click();
  await expect(joining.getByText(joinMessages.mismatch)).toBeVisible();
  await expectNoAxeViolations(joining);
  await joining.getByLabel("New password").fill(NEW_HIRE.password);
  await joining.getByLabel("The same password again").fill(NEW_HIRE.password);
  await joining.getByRole("button", { name: "Join and open the desk" }).click();
  await expect(joining).toHaveURL(`${server.url}/admin`);
  await expect(joining.getByText(`Signed in as ${NEW_HIRE.email}`)).toBeVisible();
  // The link worked once; the log never names its token.
  const again = await fetch(`${server.url}${link}`);
  expect(again.status).toBe(410);
  expect(await again.text()).toContain(operatorMessages.invitationGone);
  expect(server.output()).toContain('"path":"/admin/join/:token"');
  expect(server.output()).not.toContain(link!);

  // Disabled by the first operator: signed out at once, and refused at the sign-in page.
  await page.reload();
  await page.getByRole("button", { name: `Disable ${NEW_HIRE.email}` }).click();
  await expect(saved).toContainText(`Saved: ${operatorMessages.disabled(NEW_HIRE.email)}`);
  await expect(operators.getByRole("row", { name: new RegExp(NEW_HIRE.email) })).toContainText(
    "Disabled since",
  );
  await expect(invitations).toHaveCount(0);
  const history = page.getByRole("table", { name: "Changes to operators, newest first" });
  await expect(history.getByRole("row").nth(1)).toContainText(
    `${NEW_HIRE.email}Disabled${OPERATOR.email}`,
  );
  await expect(history.getByRole("row").nth(2)).toContainText(
    `${NEW_HIRE.email}Joined through the invitation${NEW_HIRE.email}`,
  );
  await joining.reload();
  await expect(joining).toHaveURL(/\/admin\/login/);
  await joining.getByLabel("Email address", { exact: true }).fill(NEW_HIRE.email);
  await joining.getByLabel("Password", { exact: true }).fill(NEW_HIRE.password);
  await joining.getByRole("button", { name: "Sign in" }).click();
  await expect(joining.getByRole("alert")).toHaveText(signInMessages.invalid);
  await theirs.close();
});

test("the lead desk ships no script but the site script where a form sends a file, is kept out of search engines, and has no axe violation", async ({
  page,
}) => {
  // An axe run on each of the desk's pages: about 40 s on two cores, more when they are shared.
  test.slow();
  await page.goto(`${server.url}/admin/login`);
  await expectNoAxeViolations(page);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByText(signInMessages.emailRequired)).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByLabel("Email address", { exact: true }).fill("x@agency.example");
  await page.getByLabel("Password", { exact: true }).fill("wrong");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("alert")).toBeVisible();
  await expectNoAxeViolations(page);

  await signIn(page, server.url, OPERATOR.email, OPERATOR.password);
  // Each kind of page once: the addresses that only repeat one (a trailing slash, another view of
  // the queue, another list's bad cursor, another range of the funnel) are left to the refusals.
  const repeats = new Set([
    "/admin/",
    "/admin?view=mine",
    "/admin/messages?before=not-a-cursor",
    "/admin/funnel?from=2026-01-01&to=2026-01-31",
  ]);
  const pages = adminPaths().filter(
    (candidate) => !/csv|sign-out/.test(candidate) && !repeats.has(candidate),
  );
  expect(pages).toHaveLength(adminPaths().length - repeats.size - 3);
  const withFileForms: string[] = [];
  for (const path of pages) {
    const response = await page.goto(`${server.url}${path}`);
    expect(response?.headers()["cache-control"], path).toBe("no-store");
    await expect(page.locator('meta[name="robots"]'), path).toHaveAttribute(
      "content",
      "noindex, nofollow",
    );
    // No script, but the site script on a page with a form that sends a file (decision 082).
    const scripts = await page
      .locator("script")
      .evaluateAll((found) => found.map((script) => script.getAttribute("src")));
    const sendsFiles = await page.locator('form[enctype="multipart/form-data"]').count();
    if (sendsFiles > 0) withFileForms.push(path);
    expect(scripts, path).toEqual(
      sendsFiles > 0 ? [expect.stringMatching(/^\/assets\/site-enhancements-[\w-]+\.js$/)] : [],
    );
    await expectNoAxeViolations(page);
    // On a phone: lists as cards, nothing sideways, nothing on top of anything.
    await page.setViewportSize({ width: 360, height: 740 });
    expect(await layoutProblems(page), `${path} at 360 px`).toEqual([]);
    await page.setViewportSize({ width: 1280, height: 720 });
  }
  // A lead's quotes page (a new quote comes with its PDF) is among them.
  expect(withFileForms).toContainEqual(
    expect.stringMatching(/^\/admin\/submissions\/[^/]+\/quotes$/),
  );
});

test("a post to the lead desk must name this site as its origin", async ({ page, context }) => {
  await signIn(page, server.url, OPERATOR.email, OPERATOR.password);
  const cookie = (await context.cookies()).find((candidate) => candidate.name === "cp_admin")!;
  const post = (headers: Record<string, string>) =>
    fetch(`${server.url}/admin/sign-out`, {
      method: "POST",
      redirect: "manual",
      headers: { Cookie: `cp_admin=${cookie.value}`, ...headers },
      body: new URLSearchParams({}),
    });
  expect((await post({})).status).toBe(403);
  expect((await post({ Origin: "https://evil.example" })).status).toBe(403);
  // Still signed in: neither post did anything.
  await page.reload();
  await expect(page.getByRole("button", { name: "Sign out" })).toBeVisible();
  expect((await post({ Origin: server.url })).status).toBe(302);
  await page.reload();
  await expect(page).toHaveURL(/\/admin\/login/);
});
