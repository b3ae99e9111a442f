import type { APIRequestContext, Page } from "@playwright/test";

import { htmlErrors } from "../support/html-checker.ts";
import { bindByPosts, quoteForLine } from "../support/bound-by-posts.ts";
import { daysFromToday } from "../support/lead-fixtures.ts";
import { createDeskOperator, fillPolicyForm, signIn } from "../support/lead-desk.ts";
import { readWrittenEmails, type WrittenEmail } from "../support/outbox-files.ts";
import { makeDataDir, startServer, stopServer } from "../support/server-process.ts";
import { HttpVisitor } from "../support/visitor.ts";
import { openDataDirDatabase } from "../support/databases.ts";
import { expect, expectNoAxeViolations, layoutProblems, test } from "./helpers.ts";

const DESK = { email: "book-desk@agency.example", password: "the agency's book 2026" };
const VISITOR = "florist@example.com";
const BOP_PDF = Buffer.from("%PDF-1.4\n% the business owner's policy\n%%EOF\n");
const AUTO_PDF = Buffer.from("%PDF-1.4\n% the commercial auto policy\n%%EOF\n");

async function noLayoutProblems(page: Page) {
  for (const width of [360, 1920]) {
    await page.setViewportSize({ width, height: 900 });
    expect(await layoutProblems(page)).toEqual([]);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

function emailsLike(dataDir: string, subject: RegExp): WrittenEmail[] {
  return readWrittenEmails(dataDir).filter((email) => subject.test(email.subject));
}

test("a customer with a business owner's policy asks for commercial auto: the agent opens the request at the desk, another insurer quotes it, and the customer holds two policies", async ({
  browser,
}) => {
  test.setTimeout(150_000);
  const dataDir = makeDataDir();
  await createDeskOperator(dataDir, DESK.email, DESK.password);
  const server = await startServer({ dataDir, env: { LEAD_NOTIFY_TO: "desk@agency.example" } });
  const pages = new Map<string, string>();
  const keepHtml = async (page: Page, name: string) =>
    pages.set(name, await (await page.request.get(page.url())).text());
  const post = (request: APIRequestContext, url: string, form: Record<string, string>) =>
    request.post(url, { headers: { Origin: server.url }, form });
  try {
    // The business owner's policy, each step by its form's post (bind.spec.ts walks them on
    // screen): quoted by Acme Mutual, asked to bind, bound under a binder, then issued.
    const http = new HttpVisitor(server.url);
    expect(await http.saveEmailStep(VISITOR)).toBe(true);
    expect(
      await http.completeApplication({
        businessName: "Stem & Petal",
        firstName: "Flora",
        lastName: "Stem",
        phoneNumber: "(614) 555-0161",
        streetAddress: "5 Bloom St",
      }),
    ).toBe(true);
    expect(await http.requestQuotes(["business-owners-policy"])).toBe(true);
    const desk = await (await browser.newContext()).newPage();
    await signIn(desk, server.url, DESK.email, DESK.password);
    await desk.goto(`${server.url}/admin/submissions?q=${encodeURIComponent(VISITOR)}`);
    await desk.getByRole("link", { name: VISITOR }).click();
    const leadPage = desk.url();
    const firstQuotes = `${leadPage}/quotes`;
    const customer = await bindByPosts({
      browser,
      serverUrl: server.url,
      dataDir,
      desk,
      quotesUrl: firstQuotes,
      quote: quoteForLine("Acme Mutual", "business-owners-policy", "1,800"),
      insurer: "Acme Mutual",
      signature: "Flora Stem",
      published: 1,
      policy: {
        number: "BOP-2027-001",
        start: daysFromToday(30),
        end: daysFromToday(395),
        pdf: BOP_PDF,
      },
    });
    const customerContext = customer.context();

    // The customer, on Your policy, asks their agent for commercial auto.
    await customer.goto(`${server.url}/business-wizard/policy`);
    await expect(customer.getByText("BOP-2027-001", { exact: true })).toBeVisible();
    // One policy: the page is that policy's, with no list of policies.
    await expect(customer.getByRole("heading", { name: "Your policies" })).toHaveCount(0);
    await customer.getByLabel("Your question").fill("We bought two vans: can you quote them?");
    await customer.getByRole("button", { name: "Send my question" }).click();
    await expect(customer.getByText("Your question has been sent to your agent.")).toBeVisible();

    // The agent opens a request for commercial auto from the customer's page at the desk.
    await desk.goto(leadPage);
    const requests = desk.getByRole("region", { name: "Requests and policies" });
    await expect(
      requests.getByRole("table", {
        name: "The customer's requests, oldest first, with their policies",
      }),
    ).toContainText(/Bound.*Acme Mutual: policy BOP-2027-001/);
    await requests.getByText("Open a new request for this customer").click();
    await requests.getByRole("button", { name: "Open the request" }).click();
    await expect(desk.getByText("Please choose at least one line")).toBeVisible();
    await expectNoAxeViolations(desk);
    await keepHtml(desk, "the customer's page, a request refused");
    await requests.getByRole("checkbox", { name: "Commercial Auto" }).check();
    await requests.getByRole("radio", { name: "Phone" }).check();
    await requests.getByLabel(/^Note \(optional\)/).fill("Two Ford Transit vans, asked by phone");
    await requests.getByRole("button", { name: "Open the request" }).click();
    await expect(desk.getByRole("status")).toContainText(
      "a new request opened at the desk for Commercial Auto",
    );
    const table = requests.getByRole("table");
    await expect(table.getByRole("row")).toHaveCount(3);
    await expect(table.getByRole("row").nth(2)).toContainText(/Commercial Auto\s*New/);
    await noLayoutProblems(desk);
    await expectNoAxeViolations(desk);
    await keepHtml(desk, "the customer's page, two requests");

    // Its quotes: Beacon Casualty quotes the vans; the desk publishes it.
    await table.getByRole("row").nth(2).getByRole("link").click();
    await expect(desk).toHaveURL(/\/quotes\?request=[0-9a-f-]{36}$/);
    await expect(desk.getByText(/Lines asked for: Commercial Auto\./)).toBeVisible();
    const autoQuotes = desk.url();
    const auto = quoteForLine("Beacon Casualty", "commercial-auto", "3,100");
    expect((await post(desk.request, autoQuotes, { ...auto, intent: "add" })).ok()).toBe(true);
    await desk.reload();
    await desk.getByRole("button", { name: "Publish 1 quote and email the visitor" }).click();
    await expect(desk.getByRole("status")).toContainText("1 quote published");
    // The save came back to the same request, not to the customer's newest by chance.
    await expect(desk).toHaveURL(/\/quotes\?request=[0-9a-f-]{36}&saved/);
    await expect.poll(() => emailsLike(dataDir, /quotes are ready/)).toHaveLength(2);

    // The customer chooses Beacon's quote and asks to bind it, without JavaScript.
    const plainContext = await browser.newContext({
      javaScriptEnabled: false,
      storageState: await customerContext.storageState(),
    });
    const plain = await plainContext.newPage();
    await plain.goto(`${server.url}/business-wizard/quotes`);
    await plain.getByRole("link", { name: "Choose this quote from Beacon Casualty" }).click();
    for (const box of await plain.getByRole("checkbox").all()) await box.check();
    await plain.getByRole("radio", { name: /^By email and on this site/ }).check();
    await plain.getByLabel("Type your full name to sign").fill("Flora Stem");
    await plain.getByRole("button", { name: "Request to bind" }).click();
    await expect(
      plain.getByRole("status").filter({ hasText: "to bind Beacon Casualty's quote" }),
    ).toBeVisible();

    // The desk binds it with Beacon's binder, then adds Beacon's policy, on that request.
    await desk.goto(autoQuotes);
    const bind = desk.getByRole("region", { name: /^Request to bind CP-/ });
    await bind.getByLabel("Binder number").fill("BND-AUTO-7");
    await bind.getByLabel("Cover starts").fill(daysFromToday(30));
    await bind.getByLabel("Binder expires").fill(daysFromToday(60));
    await bind.getByRole("button", { name: "Mark bound and email the visitor" }).click();
    await expect(desk.getByRole("status")).toContainText(
      "bound by Beacon Casualty under binder BND-AUTO-7",
    );

    // Under the binder, Your policy holds both: the BOP's policy and the vans' binder.
    await plain.goto(`${server.url}/business-wizard/policy`);
    const policies = plain.getByRole("region", { name: "Your policies" });
    await expect(policies.getByRole("listitem").filter({ hasText: "with" })).toHaveCount(2);
    await expect(policies).toContainText("Business Owner's Policy with Acme Mutual");
    await expect(policies).toContainText("Commercial Auto with Beacon Casualty");
    await expect(policies).toContainText(
      /Bound under binder BND-AUTO-7 from .*; the policy is to come/,
    );

    await fillPolicyForm(bind, {
      number: "CA-2027-077",
      file: { name: "auto policy.pdf", buffer: AUTO_PDF },
    });
    await bind.getByRole("button", { name: "Add the policy and email the visitor" }).click();
    await expect(desk.getByRole("status")).toContainText(
      "Beacon Casualty issued policy CA-2027-077",
    );
    await desk.goto(leadPage);
    await expect(table).toContainText(/Acme Mutual: policy BOP-2027-001/);
    await expect(table).toContainText(/Beacon Casualty: policy CA-2027-077/);

    // The customer sees two policies, each with its insurer, number, dates and document, with
    // JavaScript and without.
    await plain.goto(`${server.url}/business-wizard/policy`);
    await expect(policies).toContainText(/Policy BOP-2027-001, /);
    await expect(policies).toContainText(/Policy CA-2027-077, /);
    await expect(policies.getByRole("link", { name: "BOP-2027-001.pdf" })).toBeVisible();
    await expect(policies.getByRole("link", { name: "auto policy.pdf" })).toBeVisible();
    await keepHtml(plain, "your policies");
    await customer.goto(`${server.url}/business-wizard/policy`);
    await expect(customer.getByRole("region", { name: "Your policies" })).toContainText(
      "Commercial Auto with Beacon Casualty",
    );
    const autoHref = await customer
      .getByRole("region", { name: "Your policies" })
      .getByRole("link", { name: "auto policy.pdf" })
      .getAttribute("href");
    const autoPdf = await customer.request.get(`${server.url}${autoHref}`);
    expect(Buffer.compare(await autoPdf.body(), AUTO_PDF)).toBe(0);
    await noLayoutProblems(customer);
    await expectNoAxeViolations(customer);
    // In Spanish too.
    await customer.goto(`${server.url}/es/business-wizard/policy`);
    await expect(customer.getByRole("region", { name: "Sus pólizas" })).toContainText(
      "Seguro de auto comercial (Commercial Auto) con Beacon Casualty",
    );
    await keepHtml(customer, "your policies, in Spanish");
    await expectNoAxeViolations(customer);
    await plainContext.close();

    expect(await htmlErrors(pages)).toEqual([]);
  } finally {
    await stopServer(server);
  }

  // The database holds both requests bound, each by its own insurer.
  const database = await openDataDirDatabase(dataDir);
  try {
    const rows = await database.db
      .selectFrom("bind_requests as b")
      .innerJoin("quote_requests as r", "r.id", "b.quote_request_id")
      .select(["r.lines", "r.status", "b.policy_number", "b.binder_number"])
      .orderBy("b.bound_at")
      .execute();
    expect(rows).toEqual([
      {
        lines: ["business-owners-policy"],
        status: "bound",
        policy_number: "BOP-2027-001",
        binder_number: "B-BOP-2027-001",
      },
      {
        lines: ["commercial-auto"],
        status: "bound",
        policy_number: "CA-2027-077",
        binder_number: "BND-AUTO-7",
      },
    ]);
  } finally {
    await database.close();
  }
});
