import type { Browser, Page } from "@playwright/test";

import { TYPICAL_PRICE_DISCLAIMER } from "#app/domain/reference/market-figures.ts";
import { PRODUCT_LINES } from "#app/domain/reference/products.ts";

import { createDeskOperator, signIn } from "../support/lead-desk.ts";
import { readWrittenEmails, resumeLinkIn } from "../support/outbox-files.ts";
import {
  makeDataDir,
  startServer,
  stopServer,
  type ServerProcess,
} from "../support/server-process.ts";
import { HttpVisitor } from "../support/visitor.ts";
import { validLeadRecord, WebhookReceiver } from "../support/webhook-receiver.ts";
import { openDataDirDatabase } from "../support/databases.ts";
import { daysFromToday } from "../support/lead-fixtures.ts";
import { webhookSignature } from "#app/server/leads/webhooks.server.ts";
import { fillApplication, expect, expectNoAxeViolations, layoutProblems, test } from "./helpers.ts";

// One server for the three journeys, in order: the lead desk reads what the first two sent.
test.describe.configure({ mode: "serial" });
test.setTimeout(120_000);

const OPERATOR = { email: "desk@agency.example", password: "a long desk password 2026" };
// Licensed in Ohio too: the journeys' business is there, and the wizard goes on only where the
// agency is licensed (decision 031).
const AGENCY = {
  AGENCY_NAME: "Harbor Insurance Agency LLC",
  AGENCY_HOME_STATE: "CA",
  AGENCY_NPN: "12345678",
  AGENCY_LICENSES: "CA:0K12345,OH:1234567,TX:2345678",
  AGENCY_ADDRESS: "1 Harbor Way, San Diego, CA 92101",
  AGENCY_PHONE: "(619) 555-0100",
  AGENCY_EMAIL: "service@harbor-insurance.example",
};
const REFERENCE = /CP-[34679ACDEFGHJKMNPQRTWXY]{6}/;

let server: ServerProcess;
let dataDir: string;
/** The references the two visitors were given, for the lead desk. */
const references: { js?: string; noJs?: string } = {};

/** A plan line, found by its heading. */
function planLine(page: Page, name: string) {
  return page.getByRole("listitem").filter({ has: page.getByRole("heading", { name }) });
}

async function newPage(browser: Browser, javaScriptEnabled = true) {
  const context = await browser.newContext({ javaScriptEnabled });
  return context.newPage();
}

/** The agency's system: receives the leads' webhooks, refusing the very first post (a retry). */
const receiver = new WebhookReceiver([503]);
const WEBHOOK_SECRET = "the agency's webhook secret";

test.beforeAll(async () => {
  dataDir = makeDataDir();
  await createDeskOperator(dataDir, OPERATOR.email, OPERATOR.password);
  server = await startServer({
    dataDir,
    env: {
      SITE_URL: "http://127.0.0.1",
      LEAD_NOTIFY_TO: "leads@agency.example",
      LEAD_WEBHOOK_URL: await receiver.listen(),
      LEAD_WEBHOOK_SECRET: WEBHOOK_SECRET,
      WEBHOOK_RETRY_BASE_MS: "500",
      AGENCY_RESPONSE_HOURS: "4",
      // The baker's two confirmations and the email step's link (the desk's emails are not
      // counted per inbox, decision 054).
      MAIL_PER_RECIPIENT_PER_HOUR: "4",
      // The operator's one desk email an hour: a second is held, and the timeline says so.
      MAIL_PER_OPERATOR_PER_HOUR: "1",
      ...AGENCY,
    },
  });
});

test.afterAll(async () => {
  if (server) await stopServer(server);
  await receiver.close();
});

test("with JavaScript: from step 1 to a quote request, its email, and a request updated", async ({
  browser,
}) => {
  const page = await newPage(browser);
  await fillApplication(
    page,
    {
      industry: "Food & Beverage",
      state: "Ohio",
      segments: ["Bakery"],
      email: "baker@example.com",
      businessName: "Rise Bakery",
      about: {
        firstName: "Rae",
        lastName: "Baker",
        phone: "(614) 555-0101",
        streetAddress: "3 Oven St",
      },
      ownership: "Limited Liability Company",
      startYear: "2018",
    },
    server.url,
  );
  await page.getByRole("button", { name: "Continue" }).click();
  // The saved toast shows on the last step, before the plan opens.
  await expect(
    page.locator("#main").getByText("Your information has been saved successfully!"),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/business-wizard\/quote$/);

  await expect(page.getByRole("heading", { level: 1, name: "Your coverage plan" })).toBeVisible();
  // A page of forms the server checks as they are sent, loaded as a document: no React, only the
  // site script, loaded after the first paint (decision 078).
  await expect(page.locator("html")).toHaveAttribute("data-enhanced", "");
  await expect(page.locator("script[src], script[type='module']")).toHaveCount(1);
  await expect(page.locator("script[src]")).toHaveAttribute(
    "src",
    /^\/assets\/site-enhancements-[\w-]+\.js$/,
  );
  await expect(page.locator("html")).not.toHaveAttribute("data-hydrated");
  const progress = page.getByRole("navigation", { name: "Application progress" });
  await expect(progress.getByRole("listitem")).toHaveText([
    /Start \(completed\)/,
    /Coverage \(completed\)/,
    /Application \(completed\)/,
    /Quote \(current step\)/,
    /Purchase/,
  ]);
  // The agency, as set, on the plan and in the footer.
  const agency = page.getByText(/^Insurance services are provided by Harbor Insurance Agency LLC/);
  await expect(agency).toHaveCount(2);
  await expect(agency.first()).toContainText("National Producer Number 12345678");
  await expect(agency.first()).toContainText(
    "Harbor Insurance Agency LLC, a California insurance agency.",
  );
  await expect(page.getByRole("contentinfo")).toContainText(
    "State licences: CA 0K12345, OH 1234567, TX 2345678",
  );
  await expect(page.getByText("Sample agency details", { exact: false })).toHaveCount(0);

  // Each line: a recommendation, a reason, its sources behind "Why?", a figure or "Ask an agent".
  // The ten lines the site markets; commercial auto only once vehicles are said to be used.
  await expect(page.getByRole("heading", { level: 3 })).toHaveCount(PRODUCT_LINES.length);
  const bop = planLine(page, "Business Owner's Policy");
  await expect(bop).toContainText("Recommended");
  await expect(bop).toContainText("$57 a month ($684 a year)");
  await expect(bop).toContainText(TYPICAL_PRICE_DISCLAIMER);
  await bop.getByText("Why?").click();
  await expect(bop.getByRole("link", { name: /independentagent\.com/ })).toBeVisible();
  await expect(bop).toContainText("(read 2026-11-23)");
  await expect(planLine(page, "Fiduciary Liability")).toContainText("Ask an agent");
  const epli = planLine(page, "Employment Practices Liability");
  await expect(epli).toContainText("Worth considering");
  await expectNoAxeViolations(page);

  // No employees: the plan is worked out again on the server.
  await page.getByLabel("Full-time employees (not counting owners)").fill("0");
  await page.getByLabel("Part-time employees").fill("0");
  await page.getByLabel("Annual revenue").selectOption("just-starting");
  await page
    .getByRole("group", { name: "Any insurance claims in the last 3 years?" })
    .getByLabel("No")
    .check();
  await page.getByRole("button", { name: "Update my plan" }).click();
  await expect(
    page.locator("#main").getByText("Thanks, your plan has been updated."),
  ).toBeVisible();
  await expect(epli).toContainText("Not usually needed for this business");
  await expect(epli).toContainText(
    "With no employees, there is no one to bring an employment claim.",
  );
  await expect(page.getByLabel("Full-time employees (not counting owners)")).toHaveValue("0");

  // Pick the lines: required and recommended start ticked.
  const request = page.getByRole("group", { name: "Lines to quote" });
  await expect(request.getByRole("checkbox", { name: /Business Owner's Policy/ })).toBeChecked();
  await expect(request.getByRole("checkbox", { name: /Fiduciary Liability/ })).not.toBeChecked();
  // Two days back in UTC: past in every state (the site counts today as Hawaii's).
  await page.getByLabel("Preferred start date").fill(daysFromToday(-2));
  await page.getByRole("button", { name: "Request my quotes" }).click();
  await expect(page.getByText("Please choose today or a later date")).toBeVisible();
  // The page the server answers with opens at its top: the refused field takes the focus, in view.
  const startDate = page.getByLabel("Preferred start date");
  await expect(startDate).toBeFocused();
  await expect(startDate).toBeInViewport();
  await expect(startDate).toHaveAttribute("aria-invalid", "true");
  await startDate.fill(daysFromToday(10));
  await request.getByRole("checkbox", { name: /Crime Insurance/ }).check();
  await page.getByRole("radio", { name: "Phone call" }).check();
  await page.getByLabel("Anything the agent should know? (optional)").fill("Mornings are best.");
  // While the request goes, its button says so and takes no second press. (The page's own
  // listener, after the site script's, keeps this press from leaving the page so that the button
  // can be read; the form is then sent without it, its intent a field of its own.)
  await page.evaluate(() =>
    addEventListener("submit", (event) => event.preventDefault(), { once: true }),
  );
  await page.getByRole("button", { name: "Request my quotes" }).click();
  const sending = page.getByRole("button", { name: "Sending…" });
  await expect(sending).toBeDisabled();
  await sending.evaluate((button: HTMLButtonElement) => button.form?.requestSubmit());

  await expect(page).toHaveURL(/\/business-wizard\/quote\/requested\?emailed=1$/);
  await expect(
    page.getByRole("heading", { level: 1, name: "We've got your quote request" }),
  ).toBeVisible();
  const reference = (await page.getByText(REFERENCE).first().innerText()).trim();
  references.js = reference;
  await expect(
    page.getByText(
      /A licensed agent reviews your request and contacts you by phone within 4 hours\. Questions in the meantime\?/,
    ),
  ).toBeVisible();
  // Where the copy goes: the address this visitor saved the application under (decision 032).
  await expect(
    page.getByText("We're emailing a copy of this request to baker@example.com."),
  ).toBeVisible();
  await expectNoAxeViolations(page);

  // The confirmation email: reference, lines, date, the agency and its licences, a link back.
  await expect
    .poll(
      () => readWrittenEmails(dataDir).filter((email) => email.subject.includes(reference)).length,
    )
    .toBe(2);
  const sent = readWrittenEmails(dataDir);
  const confirmation = sent.find(
    (email) => email.to === "baker@example.com" && email.subject.includes(reference),
  )!;
  expect(confirmation.subject).toBe(`Your quote request ${reference}`);
  for (const words of [
    "- Business Owner's Policy",
    "- Crime Insurance",
    "Harbor Insurance Agency LLC",
    "Harbor Insurance Agency LLC, a California insurance agency",
    "National Producer Number 12345678; insurance licences CA 0K12345, OH 1234567, TX 2345678",
  ]) {
    expect(confirmation.body).toContain(words);
  }
  expect(resumeLinkIn(confirmation)).toMatch(/^\/resume\//);
  // By name, what was asked for, one phone number (the agency's), and an HTML part in the same
  // words, its text escaped (decision 032).
  for (const words of [
    "Hello Rae,",
    "Business: Rise Bakery",
    "How the agent contacts you: Phone call",
    "Call us on (619) 555-0100.",
  ]) {
    expect(confirmation.body).toContain(words);
    expect(confirmation.html).toContain(words);
  }
  expect(confirmation.body).not.toContain("(888) 555-");
  expect(confirmation.html).toContain("<li>Business Owner&#39;s Policy</li>");
  expect(confirmation.html).toMatch(/<a href="http:\/\/127\.0\.0\.1\/resume\/[\w-]{43}"/);
  // The email step's "finish your application" email waits half an hour: the visitor finished
  // first, so it never went (the final save cancelled it).
  expect(sent.filter((email) => email.to === "baker@example.com")).toEqual([confirmation]);
  const alert = sent.find(
    (email) => email.to === "leads@agency.example" && email.subject.includes(reference),
  )!;
  expect(alert.body).toContain("Note: Mornings are best.");
  expect(alert.body).toContain("Contact by: Phone call");

  // Asking again updates the same request, and says so.
  await page.getByRole("link", { name: "Back to your coverage plan" }).click();
  await expect(
    page.getByText(`You have asked for quotes already (reference ${reference})`),
  ).toBeVisible();
  await expect(request.getByRole("checkbox", { name: /Crime Insurance/ })).toBeChecked();
  await request.getByRole("checkbox", { name: /Crime Insurance/ }).uncheck();
  await page.getByRole("button", { name: "Request my quotes" }).click();
  await expect(
    page.getByRole("heading", { level: 1, name: "We've updated your quote request" }),
  ).toBeVisible();
  await expect(page.getByText(reference)).toBeVisible();
});

test("without JavaScript: the plan, an answer and a request work the same", async ({ browser }) => {
  // The wizard without a browser (other journeys cover its screens), then the Quote step in one.
  const visitor = new HttpVisitor(server.url);
  expect(await visitor.saveEmailStep("nojs@example.com")).toBe(true);
  expect(
    await visitor.completeApplication({
      businessName: "Quiet Crumbs",
      firstName: "No",
      lastName: "Script",
      phoneNumber: "(614) 555-0102",
      streetAddress: "4 Flour Rd",
      mailingAddress: "PO Box 4, Columbus OH",
    }),
  ).toBe(true);
  const page = await newPage(browser, false);
  await page.context().addCookies(
    visitor
      .cookie()
      .split("; ")
      .map((pair) => {
        const [name = "", ...value] = pair.split("=");
        return { name, value: value.join("="), url: server.url };
      }),
  );
  await page.setViewportSize({ width: 360, height: 800 });
  await page.goto(`${server.url}/business-wizard/quote`);
  // The toast the final save flashed, shown by the plan.
  await expect(
    page.locator("#main").getByText("Your information has been saved successfully!"),
  ).toBeVisible();
  await expect(page.getByRole("heading", { level: 1, name: "Your coverage plan" })).toBeVisible();
  expect(await layoutProblems(page)).toEqual([]);
  await page.setViewportSize({ width: 1920, height: 1080 });
  expect(await layoutProblems(page)).toEqual([]);
  await page.setViewportSize({ width: 360, height: 800 });

  const epli = planLine(page, "Employment Practices Liability");
  await page.getByLabel("Full-time employees (not counting owners)").fill("20");
  await page.getByRole("button", { name: "Update my plan" }).click();
  await expect(epli).toContainText("Recommended");
  await expect(epli).toContainText("With 15 or more employees");

  // A contract asks for proof of insurance: a day past is refused, what was typed stays; saved,
  // the plan flags the line and its limits, and the request ticks it (decision 048).
  const contractLines = page.getByRole("group", { name: "The lines it asks for" });
  await page
    .getByLabel("Whose contract is it? (your client, general contractor or landlord)")
    .fill("Summit Builders");
  await contractLines.getByRole("checkbox", { name: "General Liability" }).check();
  await page.getByLabel("General liability, each occurrence, at least").selectOption("1000000");
  await page.getByLabel("General liability, aggregate, at least").selectOption("2000000");
  await page.getByRole("checkbox", { name: "Add the holder as an additional insured" }).check();
  await page.getByLabel("Proof of insurance needed by (optional)").fill(daysFromToday(-2));
  await page.getByRole("button", { name: "Add to my plan" }).click();
  await expect(
    page.getByText("Please choose a day from today to a year ahead, or leave it empty"),
  ).toBeVisible();
  await expect(contractLines.getByRole("checkbox", { name: "General Liability" })).toBeChecked();
  await page.getByLabel("Proof of insurance needed by (optional)").fill(daysFromToday(20));
  await page.getByRole("button", { name: "Add to my plan" }).click();
  // On a phone: what the form saved is confirmed where the eye lands, focused (decision 055).
  const contractSaved = page
    .getByRole("status")
    .filter({ hasText: "Thanks: your plan now shows what the contract asks for." });
  await expect(contractSaved).toBeVisible();
  await expect(contractSaved).toBeFocused();
  await expect(contractSaved).toBeInViewport();
  await expect(planLine(page, "General Liability")).toContainText(
    "The contract with Summit Builders asks for General Liability, with limits of at least $1,000,000 each occurrence, $2,000,000 aggregate.",
  );
  await expect(
    page
      .getByRole("group", { name: "Lines to quote" })
      .getByRole("checkbox", { name: /^General Liability/ }),
  ).toBeChecked();

  await page.getByLabel("Preferred start date").fill(daysFromToday(400));
  await page.getByRole("button", { name: "Request my quotes" }).click();
  await expect(page.getByText("Please choose a date within a year from today")).toBeVisible();
  await page.getByLabel("Preferred start date").fill(daysFromToday(30));
  await page.getByRole("button", { name: "Request my quotes" }).click();
  await expect(
    page.getByRole("heading", { level: 1, name: "We've got your quote request" }),
  ).toBeVisible();
  references.noJs = (await page.getByText(REFERENCE).first().innerText()).trim();
  expect(await layoutProblems(page)).toEqual([]);
  await page.setViewportSize({ width: 1920, height: 1080 });
  expect(await layoutProblems(page)).toEqual([]);
});

test("the lead desk works the request: queue, search, owner, touches, next action, status", async ({
  page,
}) => {
  const { js, noJs } = references;
  expect(js).toMatch(REFERENCE);
  expect(noJs).toMatch(REFERENCE);
  // A third application, with the baker's phone number typed another way.
  const other = new HttpVisitor(server.url);
  expect(await other.saveEmailStep("dup@example.com")).toBe(true);
  expect(
    await other.completeApplication({
      businessName: "Second Oven",
      firstName: "Dee",
      lastName: "Baker",
      phoneNumber: "614-555-0101",
      streetAddress: "5 Oven St",
      mailingAddress: "PO Box 5, Columbus OH",
    }),
  ).toBe(true);
  await signIn(page, server.url, OPERATOR.email, OPERATOR.password);
  // The desk opens on the queue: both requests, oldest first, each with what a call needs.
  const queue = page.getByRole("list", { name: "New requests" }).getByRole("listitem");
  await expect(queue).toHaveCount(2);
  await expect(queue.first()).toContainText(`${js} New`);
  await expect(queue.first()).toContainText("Phone call");
  await expect(queue.first()).toContainText("Cyber Insurance");
  await expect(queue.first()).toContainText("Unassigned");
  await expect(queue.first()).toContainText("Promised a response by");
  await expect(queue.first()).toContainText(/[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{2}:\d{2} E[SD]T/);
  await expect(queue.last()).toContainText(String(noJs));
  await expect(queue.first()).toContainText("Possible duplicate");
  await expect(queue.last()).not.toContainText("Possible duplicate");
  await page.setViewportSize({ width: 360, height: 740 });
  expect(await layoutProblems(page)).toEqual([]);
  await page.setViewportSize({ width: 1280, height: 720 });

  // The reference as a customer reads it out on the phone, and a phone number typed another way.
  const search = page.getByLabel("Search by reference, phone, email or name");
  await search.fill((js ?? "").slice("CP-".length).toLowerCase());
  await page.getByRole("button", { name: "Find" }).click();
  await expect(page.getByRole("link", { name: "baker@example.com" })).toBeVisible();
  await expect(page.getByRole("link", { name: "nojs@example.com" })).toHaveCount(0);
  await search.fill("614.555.0102");
  await page.getByRole("button", { name: "Apply filters" }).click();
  await expect(page.getByRole("link", { name: "nojs@example.com" })).toBeVisible();
  // Beside that request's quotes, what the visitor's contract asks for (decision 048).
  const noJsLead = await page.getByRole("link", { name: "nojs@example.com" }).getAttribute("href");
  await page.goto(`${server.url}${noJsLead}/quotes`);
  const contract = page.getByRole("region", { name: "What the visitor's contract asks for" });
  await expect(contract).toContainText("Summit Builders");
  await expect(contract).toContainText("$1,000,000 each occurrence, $2,000,000 aggregate");
  await expect(contract).toContainText("Additional insured");
  await expectNoAxeViolations(page);
  await page.goBack();
  await expect(page.getByRole("link", { name: "baker@example.com" })).toHaveCount(0);
  await page.getByRole("link", { name: "Clear" }).click();
  await page.getByRole("link", { name: "baker@example.com" }).click();
  await expect(page.getByRole("heading", { name: "Quote request", exact: true })).toBeVisible();
  await expect(
    page
      .getByRole("region", { name: "Quote request", exact: true })
      .getByText("Mornings are best."),
  ).toBeVisible();
  await expect(page.getByRole("region", { name: "Possibly the same business" })).toContainText(
    "Second Oven (same phone; received",
  );
  await expect(page.getByRole("row", { name: /Employment Practices Liability/ })).toContainText(
    "Not usually needed for this business",
  );
  await expect(
    page
      .getByRole("region", { name: "Optional answers (Quote step)" })
      .getByText("Just starting (no revenue yet)"),
  ).toBeVisible();

  // Worked from the panel at the top: each change confirmed, and on the timeline with who.
  const saved = page.getByRole("status");
  const timeline = page.getByRole("region", { name: "Timeline" }).getByRole("listitem");
  await expect(timeline).toHaveText([
    new RegExp(`the visitor\\s*Quote request: ${js}, \\d+ lines`),
  ]);
  await page.getByRole("button", { name: "Assign to me" }).click();
  await expect(saved).toContainText(`Saved: Owner changed, Assigned to ${OPERATOR.email}`);
  await expect(page.getByLabel("Who works this lead")).toHaveValue(/[0-9a-f-]{36}/);
  await page.getByRole("radio", { name: "Call" }).check();
  await page.getByLabel(/^Details/).fill("Talked about the ovens; sending the BOP quote.");
  await page.getByRole("button", { name: "Add to timeline" }).click();
  await expect(saved).toContainText("Saved: Call, Talked about the ovens; sending the BOP quote.");
  await page.getByRole("radio", { name: "Note", exact: true }).check();
  await page.getByRole("button", { name: "Add to timeline" }).click();
  await expect(page.getByText("Write the note")).toBeVisible();
  await page.getByLabel("What is to be done next").fill("Send the BOP quote");
  await page.getByRole("button", { name: "Save next action" }).click();
  await expect(saved).toContainText("Saved: Next action set, Send the BOP quote (due ");
  // The call moved the request on from New (decision 066): nobody sets it by hand.
  await expect(page.getByLabel("Quote request status")).toHaveValue("contacted");
  // An email from a template, filled from the lead, read, then sent: in the outbox and on the
  // timeline.
  // An English-speaking customer: the English templates come first (decision 071).
  await expect(page.getByLabel("Start from").locator("option").first()).toHaveText(/\(English\)$/);
  await page
    .getByLabel("Start from")
    .selectOption({ label: "A question before we quote (English)" });
  await page.getByRole("button", { name: "Fill in" }).click();
  const subject = `Your quote request ${js}: a question`;
  await expect(page.getByLabel("Subject")).toHaveValue(subject);
  await expect(page.getByLabel("The email")).toHaveValue(
    /^Hello Rae,\n\nThank you for asking us to quote Rise Bakery\./,
  );
  await expectNoAxeViolations(page);
  await page.getByRole("button", { name: "Send email" }).click();
  await expect(saved).toContainText(`Saved: Email sent, ${subject}, by ${OPERATOR.email} at`);
  await expect
    .poll(() => readWrittenEmails(dataDir).filter((email) => email.subject === subject).length)
    .toBe(1);
  const zipEmail = readWrittenEmails(dataDir).find((email) => email.subject === subject)!;
  expect(zipEmail.to).toBe("baker@example.com");
  expect(zipEmail.body).toContain("we have a question about your application");
  await expect(timeline).toHaveCount(6);
  await expect(timeline.first()).toContainText(`${OPERATOR.email}Email sent: ${subject}`);
  // Past the operator's hourly limit: not sent, the words kept on the page, and the timeline says
  // so, with Send again, which sends nothing while the limit holds.
  await page.getByRole("button", { name: "Fill in" }).click();
  await page.getByLabel("Subject").fill("Another one");
  await page.getByRole("button", { name: "Send email" }).click();
  await expect(page.getByRole("alert")).toContainText(
    "Not sent: the desk's hourly email limit was reached",
  );
  await expect(page.getByLabel("Subject")).toHaveValue("Another one");
  await expect(timeline).toHaveCount(7);
  await expect(timeline.first()).toContainText(
    `${OPERATOR.email}Not sent: "Another one": the desk's hourly email limit was reached`,
  );
  await timeline.first().getByRole("button", { name: "Send again" }).click();
  await expect(page.getByRole("alert")).toContainText(
    "Still not sent: the desk's hourly email limit was reached",
  );
  await expect(timeline).toHaveCount(7);
  await expect(timeline.nth(3)).toContainText(
    `${OPERATOR.email}Status changed: ${js}: New → Contacted`,
  );
  await expect(timeline.nth(4)).toContainText("Call: Talked about the ovens");
  await page.setViewportSize({ width: 360, height: 740 });
  expect(await layoutProblems(page)).toEqual([]);
  await page.setViewportSize({ width: 1280, height: 720 });

  // The queue's views: it has left New requests, and is mine and due today.
  await page.goto(`${server.url}/admin`);
  await expect(queue).toHaveCount(1);
  await expect(queue.first()).toContainText(String(noJs));
  for (const view of ["My leads", "Due today"]) {
    await page.getByRole("link", { name: view, exact: true }).click();
    const leads = page.getByRole("list", { name: view }).getByRole("listitem");
    await expect(leads).toHaveCount(1);
    await expect(leads.first()).toContainText(`${js} Contacted`);
    await expect(leads.first()).toContainText("Send the BOP quote");
  }
  await page.getByRole("link", { name: "Overdue", exact: true }).click();
  await expect(page.getByText("Nothing here: no lead is waiting in this view.")).toBeVisible();

  await page.goto(`${server.url}/admin/submissions?quote=contacted`);
  await expect(page.getByRole("link", { name: "baker@example.com" })).toBeVisible();
  await expect(page.getByRole("link", { name: "nojs@example.com" })).toHaveCount(0);
  await page.goto(`${server.url}/admin/submissions?quote=new`);
  await expect(page.getByRole("link", { name: "nojs@example.com" })).toBeVisible();
  await expect(page.getByRole("link", { name: "baker@example.com" })).toHaveCount(0);
  const csv = await (await page.request.get(`${server.url}/admin/submissions.csv`)).text();
  expect(csv).toContain(`${js},contacted,`);

  // The agency's system got every event of both leads, signed, valid, filed under a NAICS code,
  // within a minute, the refused first post included (retried under the same delivery id).
  const expected = [
    ["baker@example.com", "application.completed"],
    ["baker@example.com", "quote_request.created"],
    ["baker@example.com", "quote_request.updated"],
    ["nojs@example.com", "application.completed"],
    ["nojs@example.com", "quote_request.created"],
  ];
  await expect
    .poll(
      () =>
        receiver
          .accepted()
          .map((post) => [post.lead.contact.email, post.event])
          .sort(),
      {
        timeout: 60_000,
      },
    )
    .toEqual(expect.arrayContaining(expected));
  expect(receiver.posts.length).toBe(receiver.accepted().length + 1);
  for (const post of receiver.posts) {
    expect(post.signature).toBe(webhookSignature(WEBHOOK_SECRET, post.body));
    expect(validLeadRecord(post.lead), JSON.stringify(validLeadRecord.errors)).toBe(true);
  }
  const bakery = receiver.accepted().find((post) => post.event === "quote_request.created");
  expect(bakery?.lead).toMatchObject({
    natureOfBusiness: { naics: { code: "311811", title: "Retail Bakeries" } },
    quoteRequest: { reference: js },
  });
  // The lead desk lists them, and gives the lead's JSON record.
  await page.goto(`${server.url}/admin/submissions`);
  await page.getByRole("link", { name: "baker@example.com" }).click();
  const deliveries = page.getByRole("table", { name: /Webhook deliveries/ });
  await expect(deliveries.getByRole("row")).toHaveCount(1 + 3 + 1);
  await expect(deliveries).toContainText("Delivered");
  await expectNoAxeViolations(page);
  await expect(page.getByText("311811 Retail Bakeries")).toBeVisible();
  const json = await (await page.request.get(page.url() + "/lead.json")).json();
  expect(validLeadRecord(json)).toBe(true);
  expect(json).toMatchObject({ contact: { email: "baker@example.com" } });
  // Printed, the lead is a summary: no header, forms, deliveries or history, on one or two pages.
  await page.emulateMedia({ media: "print" });
  await expect(page.getByRole("button", { name: "Save status" })).toBeHidden();
  await expect(page.getByRole("link", { name: "Download JSON" })).toBeHidden();
  await expect(deliveries).toBeHidden();
  await expect(page.getByRole("heading", { name: "Coverage plan" })).toBeVisible();
  const pdf = (await page.pdf({ format: "Letter" })).toString("latin1");
  const pages = pdf.match(/\/Type\s*\/Page\b/g)?.length ?? 0;
  expect(pages).toBeGreaterThanOrEqual(1);
  expect(pages).toBeLessThanOrEqual(2);
  await page.emulateMedia({ media: "screen" });

  // What the database holds: one request per visitor, the first updated in place.
  await stopServer(server);
  const database = await openDataDirDatabase(dataDir);
  try {
    const rows = await database.db
      .selectFrom("quote_requests")
      .innerJoin("business_wizard_submissions as s", "s.id", "quote_requests.submission_id")
      .select([
        "s.email",
        "s.full_time_employees",
        "s.revenue_band",
        "quote_requests.reference",
        "quote_requests.lines",
        "quote_requests.contact_channel",
        "quote_requests.note",
        "quote_requests.status",
        "quote_requests.consent_text",
      ])
      .orderBy("s.email")
      .execute();
    expect(rows).toMatchObject([
      {
        email: "baker@example.com",
        full_time_employees: 0,
        revenue_band: "just-starting",
        reference: js,
        lines: expect.arrayContaining(["business-owners-policy", "cyber-insurance"]) as unknown,
        contact_channel: "phone",
        note: "Mornings are best.",
        status: "contacted",
        consent_text: expect.stringContaining("Harbor Insurance Agency LLC") as unknown,
      },
      { email: "nojs@example.com", full_time_employees: 20, reference: noJs, status: "new" },
    ]);
    // Unticked when asking again.
    expect(rows[0]!.lines).not.toContain("crime-insurance");
  } finally {
    await database.close();
  }
});
