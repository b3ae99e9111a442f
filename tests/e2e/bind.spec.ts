import type { Page } from "@playwright/test";

import { htmlErrors } from "../support/html-checker.ts";
import { daysFromToday, deskQuoteForm } from "../support/lead-fixtures.ts";
import { createDeskOperator, fillPolicyForm, signIn } from "../support/lead-desk.ts";
import { readWrittenEmails, resumeLinkIn } from "../support/outbox-files.ts";
import { makeDataDir, startServer, stopServer } from "../support/server-process.ts";
import { HttpVisitor } from "../support/visitor.ts";
import { openDataDirDatabase } from "../support/databases.ts";
import { WebhookReceiver } from "../support/webhook-receiver.ts";
import { expect, expectNoAxeViolations, layoutProblems, test } from "./helpers.ts";

const DESK = { email: "bind-desk@agency.example", password: "bind desk password 2026" };
const VISITOR = "baker@example.com";
const POLICY_PDF = Buffer.from("%PDF-1.4\n% the policy\n%%EOF\n");

async function noLayoutProblems(page: Page) {
  for (const width of [360, 1920]) {
    await page.setViewportSize({ width, height: 900 });
    expect(await layoutProblems(page)).toEqual([]);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** The producer of record the desk's operator is licensed as, for Ohio (decision 063). */
const PRODUCER = { name: "Dana Reyes", state: "OH", number: "OH-1234567" };
const PRODUCER_LINE = "Your licensed producer: Dana Reyes, Ohio licence OH-1234567.";

/**
 * A surplus lines proposal as the desk posts it (issue 55): every part of its price, instalments,
 * a terrorism (TRIA) offer, two subjectivities, general liability subject to audit and errors and
 * omissions claims-made with its retroactive date.
 */
function surplusLinesQuote(insurer: string) {
  return {
    ...deskQuoteForm(insurer, "bindable", "2,400"),
    market: "non-admitted",
    surplusLinesTax: "72",
    stampingFee: "4.80",
    policyFee: "150",
    brokerFee: "100",
    tria: "offered",
    triaPremium: "40",
    "subjectivity1.text": "Signed surplus lines application",
    "subjectivity1.timing": "before-binding",
    "subjectivity1.due": daysFromToday(10),
    "subjectivity2.text": "Loss runs for five years",
    "subjectivity2.timing": "after-binding",
    "subjectivity2.due": daysFromToday(60),
    "general-liability.audit": "on",
    "errors-and-omissions.included": "on",
    "errors-and-omissions.basis": "claims-made",
    "errors-and-omissions.retroDate": "2024-03-01",
    "errors-and-omissions.occurrence": "1,000,000",
    "errors-and-omissions.aggregate": "1,000,000",
  };
}

test("a surplus lines proposal beside an admitted one; the visitor rejects TRIA and signs without JavaScript; the desk binds with a binder, then adds the policy", async ({
  browser,
}) => {
  test.setTimeout(150_000);
  const dataDir = makeDataDir();
  await createDeskOperator(dataDir, DESK.email, DESK.password);
  const receiver = new WebhookReceiver();
  const server = await startServer({
    dataDir,
    env: {
      LEAD_WEBHOOK_URL: await receiver.listen(),
      LEAD_WEBHOOK_SECRET: "a webhook secret",
      LEAD_NOTIFY_TO: "desk@agency.example",
      // The default mail settings (3 visitor emails an inbox an hour, the reminder waiting half an
      // hour): every email of the journey reaches the customer (decision 054).
    },
  });
  const pages = new Map<string, string>();
  const keepHtml = async (page: Page, name: string) =>
    pages.set(name, await (await page.request.get(page.url())).text());
  const events = () => receiver.accepted().map((post) => post.event);
  try {
    const visitor = new HttpVisitor(server.url);
    expect(await visitor.saveEmailStep(VISITOR)).toBe(true);
    expect(
      await visitor.completeApplication({
        businessName: "Crumb Bakery",
        firstName: "Bea",
        lastName: "Baker",
        phoneNumber: "(614) 555-0199",
        streetAddress: "3 Oven Rd",
      }),
    ).toBe(true);
    expect(await visitor.requestQuotes(["general-liability", "errors-and-omissions"])).toBe(true);

    // The operator records the name and the Ohio licence they act under (decision 063).
    const desk = await (await browser.newContext()).newPage();
    await signIn(desk, server.url, DESK.email, DESK.password);
    await desk.goto(`${server.url}/admin/profile`);
    await desk.getByLabel("Licensed name").fill(PRODUCER.name);
    await desk.getByRole("button", { name: "Save name" }).click();
    await expect(desk.getByRole("status")).toContainText("Saved");
    await desk.getByLabel("State (two-letter code, e.g. CA)").fill(PRODUCER.state);
    await desk.getByLabel("Licence number").fill(PRODUCER.number);
    await desk.getByRole("checkbox", { name: "Property" }).check();
    await desk.getByRole("checkbox", { name: "Casualty" }).check();
    await desk.getByLabel("Expires (the last day in force)").fill(daysFromToday(400));
    await desk.getByRole("button", { name: "Save licence" }).click();
    await expect(
      desk.getByRole("table", { name: "Your producer licences, by state" }),
    ).toContainText(PRODUCER.number);
    await noLayoutProblems(desk);
    await expectNoAxeViolations(desk);
    await keepHtml(desk, "the operator's producer licences");

    // The desk enters a surplus lines proposal and an admitted estimate, and publishes them.
    await desk.goto(`${server.url}/admin/submissions?q=${encodeURIComponent(VISITOR)}`);
    await desk.getByRole("link", { name: VISITOR }).click();
    await desk.getByRole("link", { name: "Quotes and documents" }).click();
    const deskQuotes = desk.url();
    for (const form of [
      surplusLinesQuote("Acme Mutual"),
      deskQuoteForm("Beacon Casualty", "estimate", "1,980"),
    ]) {
      const added = await desk.request.post(deskQuotes, { headers: { Origin: server.url }, form });
      expect(added.ok()).toBe(true);
    }
    await desk.reload();
    await desk.getByRole("button", { name: "Publish 2 quotes and email the visitor" }).click();
    await expect(desk.getByRole("status")).toContainText("2 quotes published");
    await expect
      .poll(() =>
        readWrittenEmails(dataDir).filter((email) => /quotes are ready/.test(email.subject)),
      )
      .toHaveLength(1);
    const ready = readWrittenEmails(dataDir).find((email) =>
      /quotes are ready/.test(email.subject),
    )!;

    // The visitor opens the link and, without JavaScript, chooses the bindable quote.
    const signedIn = await browser.newContext();
    const opener = await signedIn.newPage();
    await opener.goto(`${server.url}${resumeLinkIn(ready)}`);
    await opener.getByRole("button", { name: "See my quotes" }).click();
    await expect(opener).toHaveURL(/\/business-wizard\/quotes$/);
    const noJs = await browser.newContext({
      javaScriptEnabled: false,
      storageState: await signedIn.storageState(),
    });
    const page = await noJs.newPage();
    await page.goto(`${server.url}/business-wizard/quotes`);
    const table = page.getByRole("table", { name: "Your quotes compared, a column per quote" });
    // Side by side, each with the total the insured pays; the producer who published them named.
    await expect(table.getByRole("columnheader")).toHaveText([
      /Acme Mutual\s*\$2,726\.80\s*Non-admitted \(surplus lines\)/,
      /Beacon Casualty\s*\$1,980\s*Estimate/,
    ]);
    await expect(table.getByRole("row", { name: /^Terrorism cover/ })).toContainText(
      "Offered for $40 more",
    );
    await expect(table.getByRole("row", { name: /^Errors & Omissions/ })).toContainText(
      "Claims-made, retroactive date March 1, 2024; $1,000,000 per claim",
    );
    await expect(page.getByText(PRODUCER_LINE)).toBeVisible();
    await expect(page.getByRole("region", { name: "Surplus lines notice" })).toContainText(
      "Acme Mutual is a non-admitted (surplus lines) insurer",
    );
    await keepHtml(page, "the quotes, a surplus lines proposal");
    // Only the bindable quote can be chosen.
    await expect(table.getByRole("link", { name: /^Choose this quote/ })).toHaveCount(1);
    await table.getByRole("link", { name: "Choose this quote from Acme Mutual" }).click();
    await expect(
      page.getByRole("heading", { level: 1, name: "Request to bind Acme Mutual's quote" }),
    ).toBeVisible();
    await expect(
      page.getByRole("navigation", { name: "Application progress" }).getByRole("listitem"),
    ).toHaveText([
      /Start/,
      /Coverage/,
      /Application/,
      /Quote \(completed\)/,
      /Purchase \(current step\)/,
    ]);
    await expect(page.getByText("Your business is not covered until we confirm")).toBeVisible();
    await keepHtml(page, "the request to bind");
    const bindUrl = page.url();

    // With JavaScript (axe needs it), the same page; sent without the statements or a name, each
    // is said beside its field and nothing is kept.
    await opener.goto(bindUrl);
    await noLayoutProblems(opener);
    await expectNoAxeViolations(opener);
    await opener.getByRole("button", { name: "Request to bind" }).click();
    await expect(opener.getByText("Please confirm this statement to go ahead")).toHaveCount(3);
    await expect(
      opener.getByText("Please agree to do business electronically to sign here"),
    ).toBeVisible();
    await expect(opener.getByText("Please choose how you would like your documents")).toBeVisible();
    await expect(opener.getByText("Please type your full name to sign")).toBeVisible();
    await expect(opener.getByText("Please accept or reject terrorism cover")).toBeVisible();
    await expect(opener.getByLabel("Type your full name to sign")).toHaveAttribute(
      "aria-invalid",
      "true",
    );
    await expectNoAxeViolations(opener);
    const refused = await opener.request.post(bindUrl, {
      headers: { Origin: server.url },
      form: { payment: "in-full", start: daysFromToday(30) },
    });
    expect(refused.status()).toBe(400);
    pages.set("the request to bind, refused", await refused.text());

    await page.getByRole("radio", { name: "Monthly, with a fee of $9" }).check();
    // The consent to sign electronically, read before agreeing, and documents by email.
    await expect(page.getByText("Before you agree: you may have the documents")).toBeVisible();
    for (const box of await page.getByRole("checkbox").all()) await box.check();
    await page.getByRole("radio", { name: /^By email and on this site/ }).check();
    // The insurer's terrorism offer, rejected.
    await expect(
      page.getByRole("radio", { name: "I accept terrorism cover, for an added premium of $40." }),
    ).toBeVisible();
    await page.getByRole("radio", { name: /^I reject terrorism cover/ }).check();
    await page.getByLabel("Type your full name to sign").fill("Bea Baker");
    // On a phone, without JavaScript: the page after the post opens at its confirmation, focused
    // and at the top of the viewport, not at the top of a page that looks like the one before.
    await page.setViewportSize({ width: 360, height: 740 });
    await page.getByRole("button", { name: "Request to bind" }).click();
    await expect(page).toHaveURL(/\/business-wizard\/quotes\?bind-requested#confirmation$/);
    const chosen = page.getByRole("status").filter({ hasText: "to bind Acme Mutual's quote" });
    await expect(chosen).toContainText("reference CP-");
    await expect(chosen).toContainText("your business is not covered by it");
    await expect(chosen).toBeFocused();
    await expect(chosen).toBeInViewport();
    // At the top of the viewport (below the header and the page's scroll padding), not below
    // the fold where it was. The browser scrolls to the fragment again as the streamed page
    // arrives: on a busy machine the first look can come before the last of it.
    const top = async () => (await chosen.boundingBox())?.y ?? 740;
    await expect.poll(top).toBeLessThan(740 / 3);
    expect(await top()).toBeGreaterThanOrEqual(0);
    // And the progress bar says where the visitor is now: Purchase.
    await expect(
      page.getByRole("navigation", { name: "Application progress" }).getByRole("listitem"),
    ).toHaveText([
      /Start/,
      /Coverage/,
      /Application/,
      /Quote \(completed\)/,
      /Purchase \(current step\)/,
    ]);
    // With JavaScript, the same: the confirmation takes the focus, at the top.
    await opener.setViewportSize({ width: 360, height: 740 });
    await opener.goto(`${server.url}/business-wizard/quotes?bind-requested#confirmation`);
    const focused = opener.getByRole("status").filter({ hasText: "to bind Acme Mutual's quote" });
    await expect(focused).toBeFocused();
    await expect(focused).toBeInViewport();
    await opener.setViewportSize({ width: 1280, height: 900 });
    await page.setViewportSize({ width: 1280, height: 900 });
    await expect(page.getByRole("link", { name: /^Choose this quote/ })).toHaveCount(0);
    await expect(page.getByText("None of these suit me")).toHaveCount(0);
    await keepHtml(page, "the quotes, bind requested");
    await opener.goto(`${server.url}/business-wizard/quotes`);
    await expectNoAxeViolations(opener);

    // A replay of the same request changes nothing and says so.
    const replay = await page.request.post(bindUrl, {
      headers: { Origin: server.url },
      form: {
        payment: "in-full",
        start: daysFromToday(30),
        "answers-true": "on",
        "ask-insurer": "on",
        "not-covered-yet": "on",
        "esign-consent": "on",
        documents: "electronic",
        tria: "accepted",
        signature: "Somebody Else",
      },
    });
    expect(replay.status()).toBe(409);
    expect(await replay.text()).toContain("You have already asked us to bind a quote");
    await expect
      .poll(() => readWrittenEmails(dataDir).map((email) => email.subject))
      .toEqual(
        expect.arrayContaining([
          expect.stringMatching(/^We have your request to bind \(CP-.*-B\)$/),
          expect.stringMatching(/^Request to bind: CP-.*-B \(Acme Mutual\)$/),
        ]),
      );
    await expect.poll(events).toContain("bind_request.created");
    // The agency's alert opens the request it is about (a customer may hold several).
    expect(
      readWrittenEmails(dataDir).find((email) => email.subject.startsWith("Request to bind:"))
        ?.body,
    ).toMatch(/\/admin\/submissions\/[0-9a-f-]{36}\/quotes\?request=[0-9a-f-]{36}\n/);

    // The customer asks their agent a question from the quotes page, without JavaScript.
    await page.getByLabel("Your question").fill("Can the policy name my landlord?");
    await page.getByRole("button", { name: "Send my question" }).click();
    await expect(page).toHaveURL(/\/business-wizard\/quotes\?asked#confirmation$/);
    await expect(page.getByText("Your question has been sent to your agent.")).toBeVisible();
    await keepHtml(page, "the quotes, question asked");
    await expect
      .poll(() => readWrittenEmails(dataDir).map((email) => email.subject))
      .toContainEqual(expect.stringMatching(/^Customer's question: CP-.* \(Crumb Bakery\)$/));
    await expect.poll(events).toContain("customer_question.asked");

    // The desk's "Needs action" lists the request to bind; it leads to the request.
    await desk.getByRole("link", { name: "Needs action" }).click();
    const waiting = desk.getByRole("table", { name: "Waiting for the desk, oldest first" });
    await expect(waiting.getByRole("row", { name: /Request to bind/ })).toContainText(
      "Acme Mutual's quote",
    );
    await expect(waiting.getByRole("row", { name: /Customer's question/ })).toContainText(
      "Can the policy name my landlord?",
    );
    await expectNoAxeViolations(desk);
    await keepHtml(desk, "needs action");
    await waiting
      .getByRole("row", { name: /Customer's question/ })
      .getByRole("button", { name: /^Mark dealt with/ })
      .click();
    await expect(desk.getByText("Marked dealt with.")).toBeVisible();
    await waiting.getByRole("link", { name: /^CP-/ }).click();

    // The desk sees the request with its evidence and the consent as read, and marks it bound
    // with the insurer's binder: no policy yet.
    const bind = desk.getByRole("region", { name: /^Request to bind CP-/ });
    await expect(bind).toContainText("Waiting: ask the insurer to bind it");
    await expect(bind).toContainText('"Bea Baker"');
    await expect(bind).toContainText("The answers in my application are true and complete");
    await expect(bind).toContainText("I agree to do business with");
    await expect(bind).toContainText("By email and on the site");
    await expect(bind).toContainText("Rejected; offered for $40");
    // The request names its licensed producer of record: the operator who published the quotes.
    const requestPage = desk.url();
    await desk.goto(requestPage.replace(/\/quotes([?#].*)?$/, ""));
    await expect(
      desk.getByRole("region", { name: "Quote request" }).getByText("Dana Reyes, Ohio licence"),
    ).toHaveText("Dana Reyes, Ohio licence OH-1234567");
    await expect(
      desk.getByRole("region", { name: "Requests and policies" }).getByRole("row").nth(1),
    ).toContainText("Dana Reyes, Ohio licence OH-1234567");
    await desk.goto(requestPage);
    await expect(desk.getByRole("button", { name: /Publish/ })).toHaveCount(0);
    await bind.getByRole("button", { name: "Mark bound and email the visitor" }).click();
    await expect(bind.getByText("Please enter the binder's number the insurer gave")).toBeVisible();
    await bind.getByLabel("Binder number").fill("BND-2027-77");
    await bind.getByLabel("Cover starts").fill(daysFromToday(30));
    await bind.getByLabel("Binder expires").fill(daysFromToday(60));
    await bind.getByRole("button", { name: "Mark bound and email the visitor" }).click();
    await expect(desk.getByRole("status")).toContainText(
      "bound by Acme Mutual under binder BND-2027-77",
    );
    await expect(bind).toContainText("Bound: binder BND-2027-77");
    await expectNoAxeViolations(desk);
    await keepHtml(desk, "the desk, bound with a binder");
    await expect.poll(events).toContain("policy.bound");
    // Needs action now tracks the binder until the policy comes.
    await desk.getByRole("link", { name: "Needs action" }).click();
    await expect(waiting.getByRole("row", { name: /Binder: policy to come/ })).toContainText(
      `Acme Mutual's binder expires ${daysFromToday(60)}`,
    );
    await desk.goBack();

    // The visitor follows the binder's email to their policy's page: the binder, no policy yet.
    await expect
      .poll(() => readWrittenEmails(dataDir).map((email) => email.subject))
      .toContain("Your cover is bound: binder BND-2027-77");
    const binderEmail = readWrittenEmails(dataDir).find(
      (email) => email.subject === "Your cover is bound: binder BND-2027-77",
    )!;
    expect(binderEmail.body).toContain(PRODUCER_LINE);
    const policyPage = await (await browser.newContext()).newPage();
    await policyPage.goto(`${server.url}${resumeLinkIn(binderEmail)}`);
    await policyPage.getByRole("button", { name: /^See my/ }).click();
    await expect(policyPage).toHaveURL(/\/business-wizard\/policy$/);
    await expect(policyPage.getByText("has bound your cover under a binder")).toBeVisible();
    await expect(policyPage.getByText(/^BND-2027-77, from /)).toBeVisible();
    await expect(policyPage.getByText("The policy documents come with the policy.")).toBeVisible();
    await noLayoutProblems(policyPage);
    await expectNoAxeViolations(policyPage);
    await keepHtml(policyPage, "the policy's page, a binder");
    // Without JavaScript, the same page, and its question form posts.
    await page.goto(`${server.url}/business-wizard/policy`);
    await expect(page.getByText(/^BND-2027-77, from /)).toBeVisible();
    await page.getByLabel("Your question").fill("When does the policy come?");
    await page.getByRole("button", { name: "Send my question" }).click();
    await expect(page).toHaveURL(/\/business-wizard\/policy\?asked#confirmation$/);
    await expect(page.getByText("Your question has been sent to your agent.")).toBeVisible();

    // Later the insurer issues the policy: the desk adds it with its PDF.
    const fillPolicy = () =>
      fillPolicyForm(bind, {
        number: "GL-2027-0001",
        file: { name: "policy.pdf", buffer: POLICY_PDF },
      });
    const addPolicy = bind.getByRole("button", { name: "Add the policy and email the visitor" });
    await fillPolicy();
    // While the file goes, the button says so and takes no second press, and its note says why it
    // takes a while. (The page's own listener, after the site script's, keeps this press from
    // leaving the page, so that what it shows can be read; then the page comes again.)
    await expect(desk.locator("html")).toHaveAttribute("data-enhanced", "");
    await desk.evaluate(() =>
      addEventListener("submit", (event) => event.preventDefault(), { once: true }),
    );
    await addPolicy.click();
    await expect(bind.getByRole("button", { name: "Sending…" })).toBeDisabled();
    await expect(bind.getByText("Sending your file. Large files can take a minute.")).toBeVisible();
    await desk.reload();
    await fillPolicy();
    await addPolicy.click();
    await expect(desk.getByRole("status")).toContainText("Acme Mutual issued policy GL-2027-0001");
    await expect(bind).toContainText(/Bound: binder BND-2027-77, .*; policy GL-2027-0001, /);
    await expectNoAxeViolations(desk);
    await keepHtml(desk, "the desk, policy added");
    await expect.poll(events).toContain("policy.issued");
    await desk.getByRole("link", { name: "Needs action" }).click();
    await expect(waiting.getByRole("row", { name: /Binder: policy to come/ })).toHaveCount(0);

    // The visitor follows the policy's email: the policy, its number and its document.
    await expect
      .poll(() =>
        readWrittenEmails(dataDir).filter((email) => /policy has been issued/.test(email.subject)),
      )
      .toHaveLength(1);
    const bound = readWrittenEmails(dataDir).find((email) =>
      /policy has been issued/.test(email.subject),
    )!;
    expect(bound.body).toContain(PRODUCER_LINE);
    await policyPage.goto(`${server.url}${resumeLinkIn(bound)}`);
    await policyPage.getByRole("button", { name: /^See my/ }).click();
    await expect(policyPage).toHaveURL(/\/business-wizard\/policy$/);
    await expect(policyPage.getByRole("heading", { level: 1, name: "Your policy" })).toBeVisible();
    await expect(
      policyPage.getByRole("navigation", { name: "Application progress" }).getByRole("listitem"),
    ).toHaveText([
      /\(completed\)/,
      /\(completed\)/,
      /\(completed\)/,
      /\(completed\)/,
      /Purchase \(completed\)/,
    ]);
    await expect(policyPage.getByText("GL-2027-0001")).toBeVisible();
    const pdfLink = policyPage.getByRole("link", { name: "policy.pdf" });
    const pdf = await policyPage.request.get(`${server.url}${await pdfLink.getAttribute("href")}`);
    expect(pdf.headers()["content-disposition"]).toMatch(/^attachment;/);
    expect(Buffer.compare(await pdf.body(), POLICY_PDF)).toBe(0);
    await noLayoutProblems(policyPage);
    await expectNoAxeViolations(policyPage);
    await keepHtml(policyPage, "the policy");

    // Later, the insured asks for a link at /login: its email and its link open the policy,
    // never "Finish your application" (issue 53).
    const later = await (await browser.newContext()).newPage();
    await later.goto(`${server.url}/login`);
    await later.getByLabel("Email address", { exact: true }).fill(VISITOR);
    await later.getByRole("button", { name: "Email me a link" }).click();
    await expect(later.getByRole("status")).toHaveText(
      "If we have an application for that address, we've sent you a link",
    );
    await expect
      .poll(() =>
        readWrittenEmails(dataDir).filter((email) => email.subject === "Your CoverPilot policy"),
      )
      .toHaveLength(1);
    const login = readWrittenEmails(dataDir).find(
      (email) => email.subject === "Your CoverPilot policy",
    )!;
    await later.goto(`${server.url}${resumeLinkIn(login)}`);
    await expect(later.getByRole("heading", { level: 1, name: "See your policy" })).toBeVisible();
    await later.getByRole("button", { name: "See my policy" }).click();
    await expect(later).toHaveURL(/\/business-wizard\/policy$/);
    await expect(later.getByText("GL-2027-0001")).toBeVisible();

    // Every email the customer was sent arrived, in order, each naming the producer but the
    // first (sent before any producer acted) and the link's.
    const toCustomer = readWrittenEmails(dataDir).filter((email) => email.to === VISITOR);
    expect(toCustomer.map((email) => email.subject.replace(/CP-[A-Z0-9-]+/, "CP-…"))).toEqual([
      "Your quote request CP-…",
      "Your quotes are ready (CP-…)",
      "We have your request to bind (CP-…)",
      "Your cover is bound: binder BND-2027-77",
      "Your policy has been issued (GL-2027-0001)",
      "Your CoverPilot policy",
    ]);
    expect(toCustomer.slice(1, 5).map((email) => email.body.includes(PRODUCER_LINE))).toEqual([
      true,
      true,
      true,
      true,
    ]);

    expect(await htmlErrors(pages)).toEqual([]);
  } finally {
    await stopServer(server);
    await receiver.close();
  }

  const database = await openDataDirDatabase(dataDir);
  try {
    const rows = await database.db
      .selectFrom("bind_requests")
      .select([
        "payment",
        "signature_name",
        "status",
        "binder_number",
        "policy_number",
        "statements",
        "consent",
        "documents_by",
        "tria",
      ])
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      payment: "monthly",
      signature_name: "Bea Baker",
      status: "bound",
      binder_number: "BND-2027-77",
      policy_number: "GL-2027-0001",
      documents_by: "electronic",
      tria: "rejected",
    });
    // The consent's words, as the visitor read them, kept with the signature.
    expect(JSON.stringify(rows[0]?.consent)).toContain("I agree to do business with");
    expect(JSON.stringify(rows[0]?.consent)).toContain("By email and on this site");
    expect(JSON.stringify(rows[0]?.statements)).toContain("is not covered by this quote until");
    const request = await database.db
      .selectFrom("quote_requests")
      .select("status")
      .executeTakeFirstOrThrow();
    expect(request.status).toBe("bound");
  } finally {
    await database.close();
  }
});
