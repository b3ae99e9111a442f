import { readWrittenEmails, resumeLinkIn } from "../support/outbox-files.ts";
import { createDeskOperator, signIn } from "../support/lead-desk.ts";
import { makeDataDir, startServer, stopServer } from "../support/server-process.ts";
import { HttpVisitor } from "../support/visitor.ts";
import { openDataDirDatabase } from "../support/databases.ts";
import { daysFromToday } from "../support/lead-fixtures.ts";
import { expect, expectNoAxeViolations, test } from "./helpers.ts";

const OPERATOR = { email: "desk@agency.example", password: "a long desk password 2026" };
const EMAIL = "shared.owner@example.com";
const ALERTS_TO = "leads@agency.example";
const REFERENCE = /CP-[34679ACDEFGHJKMNPQRTWXY]{6}/;
const OWNER_NOTE = "Owner's note: call after 4pm, ask for Ada.";

/** A visitor's cookies, for a browser page to carry on where the visitor was. */
function cookiesOf(visitor: HttpVisitor, url: string) {
  return visitor
    .cookie()
    .split("; ")
    .map((pair) => {
      const [name = "", ...value] = pair.split("=");
      return { name, value: value.join("="), url };
    });
}

test("knowing an email reveals and changes nothing of the application saved under it (decision 030)", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const dataDir = makeDataDir();
  await createDeskOperator(dataDir, OPERATOR.email, OPERATOR.password);
  const server = await startServer({ dataDir, env: { LEAD_NOTIFY_TO: ALERTS_TO } });
  let ownerReference = "";
  let strangerReference = "";
  try {
    // The owner applies, answers the plan's questions and asks for quotes with a note.
    const owner = new HttpVisitor(server.url);
    expect(await owner.saveEmailStep(EMAIL)).toBe(true);
    expect(
      await owner.completeApplication({
        businessName: "Alpha Bakery",
        firstName: "Ada",
        lastName: "Baker",
        phoneNumber: "(503) 555-0101",
        streetAddress: "1 Flour St",
        mailingAddress: "PO Box 1, Salem OR",
      }),
    ).toBe(true);
    const answers = await owner.post("/business-wizard/quote", {
      intent: "answers",
      fullTimeEmployees: "7",
      partTimeEmployees: "2",
      revenueBand: "500k-1m",
      claimsInLast3Years: "yes",
      currentlyInsured: "yes",
    });
    expect(answers.status).toBe(302);
    const ownerRequest = {
      intent: "request",
      lines: ["business-owners-policy", "workers-comp"],
      startDate: daysFromToday(20),
      contactChannel: "phone",
      note: OWNER_NOTE,
    };
    // The confirmation was queued, and the page is told so.
    expect((await owner.post("/business-wizard/quote", ownerRequest)).location).toBe(
      "/business-wizard/quote/requested?emailed=1",
    );
    // The same request again (a double click, a reload): the agency is told once, nothing is
    // emailed, and the page does not say a copy went.
    expect((await owner.post("/business-wizard/quote", ownerRequest)).location).toBe(
      "/business-wizard/quote/requested",
    );
    const confirmed = await owner.getPage("/business-wizard/quote/requested");
    ownerReference = REFERENCE.exec(confirmed.html)?.[0] ?? "";
    expect(ownerReference).toMatch(REFERENCE);
    await expect
      .poll(() => readWrittenEmails(dataDir).filter((email) => email.to === ALERTS_TO).length)
      .toBeGreaterThanOrEqual(2);

    // A stranger, in a browser, who knows only the email walks the wizard with it.
    const stranger = new HttpVisitor(server.url);
    await stranger.post("/business-wizard", {
      industry: "retail",
      state: "Utah",
      intent: "continue",
    });
    await stranger.post("/business-wizard/segments", { segments: ["Florist"], intent: "continue" });
    const saved = await stranger.post("/business-wizard/email", {
      email: EMAIL,
      intent: "continue",
    });
    expect(saved.location).toBe("/business-wizard/questionnaire-1");
    expect(
      await stranger.completeApplication({
        businessName: "Beta Florist",
        firstName: "Bo",
        lastName: "Stem",
        phoneNumber: "(801) 555-0102",
        streetAddress: "2 Petal Ave",
        mailingAddress: "PO Box 2, Provo UT",
      }),
    ).toBe(true);
    await page.context().addCookies(cookiesOf(stranger, server.url));
    await page.goto(`${server.url}/business-wizard/quote`);
    await expect(page.getByRole("heading", { level: 1, name: "Your coverage plan" })).toBeVisible();
    // None of the owner's answers, request, reference or note.
    await expect(page.getByText(ownerReference)).toHaveCount(0);
    await expect(page.getByText(OWNER_NOTE)).toHaveCount(0);
    await expect(page.getByText(/You have asked for quotes already/)).toHaveCount(0);
    await expect(page.getByLabel("Full-time employees (not counting owners)")).toHaveValue("");
    await expect(page.getByLabel("Anything the agent should know? (optional)")).toHaveValue("");
    await expectNoAxeViolations(page);
    // It asks for quotes of its own.
    await page.getByLabel("Preferred start date").fill(daysFromToday(30));
    await page.getByLabel("Anything the agent should know? (optional)").fill("Stranger's note.");
    await page.getByRole("button", { name: "Request my quotes" }).click();
    await expect(
      page.getByRole("heading", { level: 1, name: "We've got your quote request" }),
    ).toBeVisible();
    strangerReference = (await page.getByText(REFERENCE).first().innerText()).trim();
    expect(strangerReference).not.toBe(ownerReference);
    await expect(page.getByText(ownerReference)).toHaveCount(0);

    // The owner's pages are still the owner's.
    const ownerPlan = await owner.getPage("/business-wizard/quote");
    expect(ownerPlan.html).toContain(ownerReference);
    expect(ownerPlan.html).toContain("Owner&#x27;s note: call after 4pm, ask for Ada.");
    expect(ownerPlan.html).not.toContain("Stranger&#x27;s note.");
    expect(ownerPlan.html).not.toContain(strangerReference);

    // The owner's confirmation email and its link are the owner's: no "updated" request, and
    // the stranger's confirmation is a new request with its own reference.
    await expect
      .poll(() => readWrittenEmails(dataDir).filter((email) => email.to === ALERTS_TO).length)
      .toBe(4);
    const emails = readWrittenEmails(dataDir);
    const alerts = emails.filter((email) => email.to === ALERTS_TO);
    expect(alerts.filter((email) => email.subject.includes(ownerReference))).toHaveLength(1);
    expect(alerts.filter((email) => email.subject.includes(strangerReference))).toHaveLength(1);
    const toOwner = emails.filter((email) => email.to === EMAIL);
    expect(toOwner.filter((email) => email.subject.includes(ownerReference))).toHaveLength(1);
    expect(toOwner.some((email) => /updated/i.test(email.subject))).toBe(false);

    // The owner's link (the one their quote confirmation sent) still brings back their answers.
    const ownerConfirmation = toOwner.find((email) => email.subject.includes(ownerReference))!;
    const ownerPage = await page.context().browser()!.newPage();
    await ownerPage.goto(`${server.url}${resumeLinkIn(ownerConfirmation)}`);
    // It opens where the owner is (their quote request, issue 53); their answers are theirs.
    await ownerPage.getByRole("button", { name: "See my quotes" }).click();
    await expect(ownerPage).toHaveURL(/\/business-wizard\/quotes$/);
    await ownerPage.goto(`${server.url}/business-wizard/summary`);
    await expect(ownerPage.getByText("Alpha Bakery").first()).toBeVisible();
    await expect(ownerPage.getByText("Beta Florist")).toHaveCount(0);
    await ownerPage.close();

    // The desk shows both, the stranger's marked as not proven, each with its history.
    await page.context().clearCookies();
    await signIn(page, server.url, OPERATOR.email, OPERATOR.password);
    await page.getByRole("link", { name: "Submissions", exact: true }).click();
    const rows = page.getByRole("row", { name: new RegExp(EMAIL.replaceAll(".", "\\.")) });
    await expect(rows).toHaveCount(2);
    await expect(rows.filter({ hasText: "Beta Florist" })).toContainText("Email not proven");
    await expect(rows.filter({ hasText: "Alpha Bakery" })).not.toContainText("Email not proven");
    await page
      .getByRole("row", { name: /Beta Florist/ })
      .getByRole("link")
      .first()
      .click();
    // The desk may work the stranger's application, but the site emails it nothing, and the
    // desk says why where the operator looks (decision 054).
    const strangerLead = page.url();
    await page.getByRole("link", { name: "Quotes and documents" }).click();
    await expect(
      page.getByText("the site emails it nothing: no quotes, questions, policy or certificates"),
    ).toBeVisible();
    await page.getByLabel(/^Ask the visitor a question/).fill("Which shop is yours?");
    await page.getByRole("button", { name: "Ask and email the visitor" }).click();
    await expect(page.getByRole("alert")).toContainText(
      "The customer was not emailed: this application's email is not proven",
    );
    await expectNoAxeViolations(page);
    expect(
      readWrittenEmails(dataDir).filter((email) => /has a question/.test(email.subject)),
    ).toEqual([]);
    await page.goto(strangerLead);
    await expect(
      page.getByRole("region", { name: "Timeline" }).getByRole("listitem").first(),
    ).toContainText('Not sent: "Your agent has a question');
    const notice = page.getByRole("region", { name: "Email not proven" });
    await expect(notice).toContainText("had not proven this email");
    await expectNoAxeViolations(page);
    await notice.getByRole("link", { name: "Alpha Bakery" }).click();
    await expect(page.getByRole("heading", { level: 1, name: /Alpha Bakery/ })).toBeVisible();
    await expect(page.getByRole("region", { name: "Quote request", exact: true })).toContainText(
      OWNER_NOTE,
    );
    await expect(page.getByRole("region", { name: "Possibly the same business" })).toContainText(
      "Beta Florist (same email",
    );
    // The quote request's history: the owner's one request, once (the resend changed nothing),
    // then a status an operator set.
    await page.getByLabel("Quote request status").selectOption("contacted");
    await page.getByRole("button", { name: "Save status" }).click();
    const requestHistory = page.getByRole("region", { name: "Quote request history" });
    await expect(requestHistory.getByRole("heading", { level: 3 })).toHaveText([
      "Version 2 (current)",
      "Version 1",
    ]);
    await expect(
      requestHistory.getByRole("listitem").filter({ hasText: "Version 2" }),
    ).toContainText(`by operator ${OPERATOR.email}`);
    await expect(
      requestHistory
        .getByRole("listitem")
        .filter({ hasText: "Version 2" })
        .getByRole("row", { name: /^Status/ }),
    ).toHaveText("StatusNewContacted");
    // The plan's answers are in the application's history.
    const history = page.getByRole("region", { name: "History", exact: true });
    await expect(history.getByRole("row", { name: /^Full-time employees/ })).toHaveText(
      "Full-time employeesNot given7",
    );
    await expectNoAxeViolations(page);
    await page.goto("about:blank");
  } finally {
    await stopServer(server);
  }

  // What the database holds: the owner's request, note and answers as the owner left them.
  const database = await openDataDirDatabase(dataDir);
  try {
    const applications = await database.db
      .selectFrom("business_wizard_submissions")
      .select([
        "id",
        "business_name",
        "email_not_proven",
        "full_time_employees",
        "claims_last_3_years",
      ])
      .where("email", "=", EMAIL)
      .orderBy("created_at")
      .execute();
    expect(applications).toMatchObject([
      {
        business_name: "Alpha Bakery",
        email_not_proven: false,
        full_time_employees: 7,
        claims_last_3_years: true,
      },
      {
        business_name: "Beta Florist",
        email_not_proven: true,
        full_time_employees: null,
        claims_last_3_years: null,
      },
    ]);
    const requests = await database.db
      .selectFrom("quote_requests")
      .select(["submission_id", "reference", "note", "lines", "status"])
      .orderBy("created_at")
      .execute();
    expect(requests).toEqual([
      {
        submission_id: applications[0]!.id,
        reference: ownerReference,
        note: OWNER_NOTE,
        lines: ["business-owners-policy", "workers-comp"],
        status: "contacted",
      },
      expect.objectContaining({
        submission_id: applications[1]!.id,
        reference: strangerReference,
        note: "Stranger's note.",
      }),
    ]);
  } finally {
    await database.close();
  }
});
