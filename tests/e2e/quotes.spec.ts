import { createHash, randomBytes } from "node:crypto";

import type { Page } from "@playwright/test";

import { htmlErrors } from "../support/html-checker.ts";
import { createDeskOperator, signIn } from "../support/lead-desk.ts";
import { readWrittenEmails, resumeLinkIn } from "../support/outbox-files.ts";
import { makeDataDir, startServer, stopServer } from "../support/server-process.ts";
import { HttpVisitor } from "../support/visitor.ts";
import { WebhookReceiver } from "../support/webhook-receiver.ts";
import { openDataDirDatabase } from "../support/databases.ts";
import { daysFromToday } from "../support/lead-fixtures.ts";
import { expect, expectNoAxeViolations, layoutProblems, test } from "./helpers.ts";

/** A small PDF's bytes (its first bytes make it one), and a JPEG's. */
const INSURER_PDF = Buffer.from("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n%%EOF\n");
const DECLARATIONS_JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), randomBytes(3000)]);

const DESK = { email: "quotes-desk@agency.example", password: "quotes desk password 2026" };
const VISITOR = "roofer@example.com";

/**
 * Fills the desk's quote form and adds the quote: its market, price and parts, instalments, TRIA,
 * rating, subjectivities, the general liability line and, if given, errors and omissions
 * (claims-made, with its retroactive date).
 */
async function addQuote(
  page: Page,
  quote: {
    insurer: string;
    kind: RegExp;
    market: "Admitted (licensed in the state)" | "Non-admitted (surplus lines)";
    premium: string;
    parts?: Record<string, string>;
    deductible: string;
    instalments?: { down: string; count: string; amount: string; fee: string };
    tria?: string;
    rating?: { rating: string; source: string; day: string };
    subjectivities?: { text: string; needed: "Before binding" | "After binding"; due: string }[];
    audit?: boolean;
    errorsAndOmissions?: { retroDate: string; perClaim: string; aggregate: string };
  },
) {
  await page.getByLabel("Insurer", { exact: true }).fill(quote.insurer);
  await page.getByRole("radio", { name: quote.kind }).check();
  await page.getByRole("radio", { name: quote.market }).check();
  await page.getByLabel("Premium for the term, in dollars").fill(quote.premium);
  for (const [part, amount] of Object.entries(quote.parts ?? {})) {
    await page.getByLabel(part, { exact: true }).fill(amount);
  }
  if (quote.instalments !== undefined) {
    await page.getByRole("checkbox", { name: "In instalments" }).check();
    await page.getByLabel("Down payment, in dollars").fill(quote.instalments.down);
    await page.getByLabel("Number of instalments after it").fill(quote.instalments.count);
    await page.getByLabel("Each instalment, in dollars").fill(quote.instalments.amount);
    await page.getByLabel("Fee per instalment, in dollars").fill(quote.instalments.fee);
  }
  await page.getByLabel("Term starts").fill(daysFromToday(30));
  await page.getByLabel("Term ends").fill(daysFromToday(395));
  await page.getByLabel("Quote valid until").fill(daysFromToday(14));
  const terrorism = page.getByRole("group", { name: "Terrorism cover (TRIA)" });
  if (quote.tria === undefined) {
    await terrorism.getByRole("radio", { name: "Not offered" }).check();
  } else {
    await terrorism.getByRole("radio", { name: "Offered", exact: true }).check();
    await terrorism.getByLabel("Its premium, in dollars").fill(quote.tria);
  }
  if (quote.rating) {
    await page.getByLabel("Financial-strength rating, as written").fill(quote.rating.rating);
    await page.getByLabel("Rated by").fill(quote.rating.source);
    await page.getByLabel("Rating read on").fill(quote.rating.day);
  }
  for (const [index, subjectivity] of (quote.subjectivities ?? []).entries()) {
    const name = `Subjectivity ${index + 1}`;
    await page.getByLabel(name, { exact: true }).fill(subjectivity.text);
    await page.getByLabel(`${name}: needed`).selectOption({ label: subjectivity.needed });
    await page.getByLabel(`${name}: due on`).fill(subjectivity.due);
  }
  const line = page.getByRole("group", { name: "General Liability" });
  await line.getByRole("checkbox", { name: "This quote covers General Liability" }).check();
  await expect(line.getByRole("radio", { name: "Occurrence" })).toBeChecked();
  await line.getByLabel("Per occurrence limit").fill("1,000,000");
  await line.getByLabel("Aggregate limit").fill("2,000,000");
  await line.getByLabel("Deductible").fill(quote.deductible);
  if (quote.audit) await line.getByRole("checkbox", { name: "Premium subject to audit" }).check();
  if (quote.errorsAndOmissions) {
    const eo = page.getByRole("group", { name: "Errors & Omissions (E&O)" });
    await eo.getByRole("checkbox", { name: /^This quote covers/ }).check();
    // The form starts E&O on claims-made, as it is usually written.
    await expect(eo.getByRole("radio", { name: "Claims-made" })).toBeChecked();
    await eo.getByLabel("Retroactive date").fill(quote.errorsAndOmissions.retroDate);
    await eo.getByLabel("Per occurrence limit").fill(quote.errorsAndOmissions.perClaim);
    await eo.getByLabel("Aggregate limit").fill(quote.errorsAndOmissions.aggregate);
  }
  await page.getByRole("button", { name: "Add quote" }).click();
}

/** The reference of the request whose quotes the desk's page shows ("Quotes for CP-…"). */
async function requestReference(desk: Page): Promise<string> {
  const heading = await desk.getByRole("heading", { level: 1 }).textContent();
  return /CP-[A-Z0-9-]+/.exec(heading ?? "")?.[0] ?? "";
}

/** The layout problems of the open page at a phone's and a wide screen's width. */
async function problemsAtBothWidths(page: Page): Promise<string[]> {
  const problems: string[] = [];
  for (const width of [360, 1920]) {
    await page.setViewportSize({ width, height: 900 });
    problems.push(...(await layoutProblems(page)).map((problem) => `${width} px: ${problem}`));
  }
  await page.setViewportSize({ width: 1280, height: 900 });
  return problems;
}

test("an operator enters and publishes two quotes; the visitor who proved their email compares them", async ({
  browser,
}) => {
  // Two full proposals typed at the desk (issue 55), and compared at two widths.
  test.setTimeout(180_000);
  const dataDir = makeDataDir();
  await createDeskOperator(dataDir, DESK.email, DESK.password);
  const receiver = new WebhookReceiver();
  const server = await startServer({
    dataDir,
    env: {
      LEAD_WEBHOOK_URL: await receiver.listen(),
      LEAD_WEBHOOK_SECRET: "a webhook secret",
      // The default mail settings (3 visitor emails an inbox an hour, the reminder waiting half an
      // hour): every email of the journey reaches the customer (decision 054).
    },
  });
  const documents = new Map<string, string>();
  const keepHtml = async (page: Page, name: string) =>
    documents.set(name, await (await page.request.get(page.url())).text());
  try {
    // The visitor's request, sent without a browser.
    const visitor = new HttpVisitor(server.url);
    expect(await visitor.saveEmailStep(VISITOR)).toBe(true);
    expect(
      await visitor.completeApplication({
        businessName: "Ridge Roofing",
        firstName: "Rosa",
        lastName: "Ridge",
        phoneNumber: "(614) 555-0123",
        streetAddress: "9 Slate St",
      }),
    ).toBe(true);
    expect(await visitor.requestQuotes(["general-liability", "errors-and-omissions"])).toBe(true);

    // The desk finds the lead and opens its quotes.
    const desk = await (await browser.newContext()).newPage();
    await signIn(desk, server.url, DESK.email, DESK.password);
    await desk.goto(`${server.url}/admin/submissions?q=${encodeURIComponent(VISITOR)}`);
    await desk.getByRole("link", { name: VISITOR }).click();
    await desk.getByRole("link", { name: "Quotes and documents" }).click();
    await expect(desk.getByRole("heading", { level: 1, name: /^Quotes for CP-/ })).toBeVisible();
    await expect(desk.getByText("No quote yet.")).toBeVisible();

    // A refused form says what is wrong, beside each field, and keeps what was typed.
    await desk.getByLabel("Premium for the term, in dollars").fill("lots");
    await desk.getByRole("button", { name: "Add quote" }).click();
    await expect(desk.getByText("Please enter the insurer's name")).toBeVisible();
    await expect(
      desk.getByText("Please enter an amount in dollars, such as 1,250 or 1250.50"),
    ).toBeVisible();
    await expect(desk.getByLabel("Premium for the term, in dollars")).toHaveValue("lots");
    await expect(desk.getByLabel("Insurer", { exact: true })).toHaveAttribute(
      "aria-invalid",
      "true",
    );
    await expectNoAxeViolations(desk);

    // A surplus lines tax on an admitted quote is refused, beside its field.
    await addQuote(desk, {
      insurer: "Acme Mutual",
      kind: /^Bindable/,
      market: "Admitted (licensed in the state)",
      premium: "2,400.50",
      parts: { "Surplus lines tax": "10" },
      deductible: "1000",
      instalments: { down: "600", count: "9", amount: "200", fee: "9" },
    });
    await expect(
      desk.getByText("Only a non-admitted (surplus lines) quote has this tax or fee"),
    ).toBeVisible();
    await desk.getByLabel("Surplus lines tax", { exact: true }).fill("");
    await desk.getByRole("button", { name: "Add quote" }).click();
    await expect(desk.getByRole("status")).toContainText(
      "quote added (Acme Mutual, bindable, $2,400.50)",
    );
    // A surplus lines quote, with every part of its price, a claims-made line, TRIA and two
    // subjectivities.
    await addQuote(desk, {
      insurer: "Beacon Casualty",
      kind: /^An estimate/,
      market: "Non-admitted (surplus lines)",
      premium: "1980",
      parts: {
        "Surplus lines tax": "59.40",
        "Stamping fee": "3.56",
        "Policy fee": "150",
        "Inspection fee": "75",
        "The agency's broker fee": "100",
      },
      deductible: "2500",
      instalments: { down: "700", count: "10", amount: "170", fee: "5" },
      tria: "40",
      rating: { rating: "A- (Excellent)", source: "AM Best", day: daysFromToday(-3) },
      subjectivities: [
        {
          text: "Signed surplus lines application",
          needed: "Before binding",
          due: daysFromToday(10),
        },
        { text: "Loss runs for five years", needed: "After binding", due: daysFromToday(60) },
      ],
      audit: true,
      errorsAndOmissions: {
        retroDate: "2024-03-01",
        perClaim: "1,000,000",
        aggregate: "1,000,000",
      },
    });
    await expect(desk.getByRole("status")).toContainText(
      "quote added (Beacon Casualty, an estimate, $1,980)",
    );
    await expect(desk.getByRole("row", { name: /Acme Mutual/ })).toContainText("Not yet published");
    // The subjectivities are tracked on the desk: one marked received when the insurer has it.
    const subjectivities = desk.getByRole("table", { name: /^Subjectivities/ });
    await expect(
      subjectivities.getByRole("row", { name: /Loss runs for five years/ }),
    ).toContainText("Outstanding");
    await subjectivities
      .getByRole("button", { name: /^Mark received\b.*Signed surplus lines application$/ })
      .click();
    await expect(desk.getByRole("status")).toContainText(
      `subjectivity "Signed surplus lines application" received on`,
    );
    await expect(
      subjectivities.getByRole("row", { name: /Signed surplus lines application/ }),
    ).toContainText("Received on");

    // The insurer's PDF, attached to Acme's quote: a file that only claims to be one is refused.
    await desk.getByRole("link", { name: "Change Acme Mutual's quote" }).click();
    const pdfInput = desk.getByLabel(/Attach the insurer's PDF/);
    await pdfInput.setInputFiles({
      name: "acme.pdf",
      mimeType: "application/pdf",
      buffer: Buffer.from("<html>not a pdf</html>"),
    });
    await desk.getByRole("button", { name: "Attach the PDF" }).click();
    await expect(desk.getByRole("alert")).toContainText("This file is not a PDF");
    await desk
      .getByLabel(/Attach the insurer's PDF/)
      .setInputFiles({ name: "acme quote.pdf", mimeType: "application/pdf", buffer: INSURER_PDF });
    await desk.getByRole("button", { name: "Attach the PDF" }).click();
    await expect(desk.getByRole("status")).toContainText(
      "the insurer's document attached to Acme Mutual's quote (acme quote.pdf",
    );
    await expect(desk.getByRole("link", { name: "acme quote.pdf" })).toBeVisible();
    await expectNoAxeViolations(desk);
    await keepHtml(desk, "the desk's quote with its PDF");

    // A question for the visitor, asked at the desk: they are emailed a link to answer it.
    await desk.getByLabel(/^Ask the visitor a question/).fill("Do you subcontract roofing work?");
    await desk.getByRole("button", { name: "Ask and email the visitor" }).click();
    await expect(desk.getByRole("status")).toContainText(
      'question asked ("Do you subcontract roofing work?")',
    );
    await expect(desk.getByRole("table", { name: "Questions to the visitor" })).toContainText(
      "Not answered yet",
    );
    await expect
      .poll(() => readWrittenEmails(dataDir).map((email) => email.subject))
      .toContain(`Your agent has a question (${await requestReference(desk)})`);
    expect(await problemsAtBothWidths(desk)).toEqual([]);
    await expectNoAxeViolations(desk);
    await keepHtml(desk, "the desk's quotes");

    // A quote id that is not this request's (guessed, or withdrawn meanwhile): said so, nothing
    // changes.
    const stale = await desk.request.post(desk.url(), {
      headers: { Origin: server.url },
      form: {
        intent: "update",
        id: "0b6f8f1e-9d4c-4f57-8a38-2d7f0c9e4b21",
        insurer: "Guessed Insurer",
        kind: "bindable",
        market: "admitted",
        premium: "1",
        payInFull: "on",
        termStart: daysFromToday(30),
        termEnd: daysFromToday(395),
        validUntil: daysFromToday(14),
        tria: "not-offered",
        "general-liability.included": "on",
        "general-liability.basis": "occurrence",
        "general-liability.limit": "Any",
      },
    });
    expect(stale.status()).toBe(404);
    expect(await stale.text()).toContain("That quote is no longer there.");

    await desk.getByRole("button", { name: "Publish 2 quotes and email the visitor" }).click();
    await expect(desk.getByRole("status")).toContainText("2 quotes published to the visitor");
    await expect(
      desk
        .getByRole("table", { name: /^Quotes for/ })
        .getByRole("row", { name: /Beacon Casualty/ }),
    ).toContainText("Published");

    // The email: no price, a link that opens the quotes.
    await expect
      .poll(() =>
        readWrittenEmails(dataDir).filter((email) => /quotes are ready/.test(email.subject)),
      )
      .toHaveLength(1);
    const ready = readWrittenEmails(dataDir).find((email) =>
      /quotes are ready/.test(email.subject),
    )!;
    expect(ready.to).toBe(VISITOR);
    expect(ready.body).not.toMatch(/\$\d/);
    await expect
      .poll(() => receiver.accepted().map((post) => post.event))
      .toEqual(expect.arrayContaining(["question.asked", "quote.published"]));
    // Every email the customer was sent within the hour arrived: the reminder, cancelled when
    // they finished, took none of their inbox's three.
    expect(
      readWrittenEmails(dataDir)
        .filter((email) => email.to === VISITOR)
        .map((email) => email.subject.replace(/CP-[A-Z0-9-]+/, "CP-…")),
    ).toEqual([
      "Your quote request CP-…",
      "Your agent has a question (CP-…)",
      "Your quotes are ready (CP-…)",
    ]);
    // The browser the customer applied from is told the quotes are ready, and how to see them.
    const plan = await visitor.getPage("/business-wizard/quote");
    expect(plan.html).toContain("Your quotes are ready");
    expect(plan.html).toContain('href="/business-wizard/quotes"');
    const told = await visitor.getPage("/business-wizard/quotes");
    expect(told.html).toContain("Your agent has published your quotes.");
    expect(told.html).toContain("shown only in a browser that has opened the link");
    expect(told.html).not.toContain("Acme Mutual");

    // Knowing the address is not enough: a browser that has not opened the link sees no quote.
    const stranger = await (await browser.newContext()).newPage();
    await stranger.goto(`${server.url}/business-wizard/quotes`);
    await expect(
      stranger.getByText("shown only in a browser that has opened the link"),
    ).toBeVisible();
    await expect(stranger.getByText("Acme Mutual")).toHaveCount(0);
    await keepHtml(stranger, "the quotes, email not proven");

    // The visitor follows the link, with JavaScript.
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${server.url}${resumeLinkIn(ready)}`);
    await expect(page.getByRole("heading", { level: 1, name: "See your quotes" })).toBeVisible();
    await keepHtml(page, "the quotes link");
    await page.getByRole("button", { name: "See my quotes" }).click();
    await expect(page).toHaveURL(/\/business-wizard\/quotes$/);
    await expect(
      page.getByRole("heading", { level: 1, name: "Your quotes, side by side" }),
    ).toBeVisible();
    // A page of forms that post: no React, only the site script, loaded after the first paint, and
    // the page's own rules in place of the stylesheet (decision 077).
    await expect(page.locator("script[src], script[type='module']")).toHaveCount(1);
    await expect(page.locator("script[src]")).toHaveAttribute(
      "src",
      /^\/assets\/site-enhancements-[\w-]+\.js$/,
    );
    await expect(page.locator("html")).toHaveAttribute("data-enhanced", "");
    await expect(page.locator("html")).not.toHaveAttribute("data-hydrated");
    await expect(page.locator('link[rel="stylesheet"]')).toHaveCount(0);
    await expect(
      page.getByRole("navigation", { name: "Application progress" }).getByRole("listitem"),
    ).toHaveText([/Start/, /Coverage/, /Application/, /Quote \(current step\)/, /^5Purchase$/]);
    const table = page.getByRole("table", { name: "Your quotes compared, a column per quote" });
    // Each heading gives the total the insured pays; the surplus lines quote says what it is.
    await expect(table.getByRole("columnheader")).toHaveText([
      /Acme Mutual\s*\$2,400\.50/,
      /Beacon Casualty\s*\$2,367\.96\s*Non-admitted \(surplus lines\)\s*Estimate/,
    ]);
    const cells = async (name: RegExp) =>
      (await table.getByRole("row", { name }).getByRole("cell").allTextContents()).map((text) =>
        text.trim(),
      );
    expect(await cells(/^Insurer's market/)).toEqual([
      "Admitted: licensed by your state",
      "Non-admitted (surplus lines): not licensed by your state",
    ]);
    expect(await cells(/^Surplus lines tax/)).toEqual(["None", "$59.40"]);
    expect(await cells(/^Stamping fee/)).toEqual(["None", "$3.56"]);
    expect(await cells(/^Policy fee/)).toEqual(["None", "$150"]);
    expect(await cells(/^Inspection fee/)).toEqual(["None", "$75"]);
    expect(await cells(/^Our broker fee/)).toEqual(["None", "$100"]);
    expect(await cells(/^Total you pay/)).toEqual(["$2,400.50", "$2,367.96"]);
    expect(await cells(/^Ways to pay/)).toEqual([
      "In full; In instalments: $600 down, then 9 instalments of $200, plus a fee of $9 per instalment ($2,481 in all)",
      "In full; In instalments: $700 down, then 10 instalments of $170, plus a fee of $5 per instalment ($2,450 in all)",
    ]);
    expect(await cells(/^Terrorism cover/)).toEqual([
      "Not offered",
      "Offered for $40 more, not in the total; you choose whether to take it",
    ]);
    expect((await cells(/^Insurer's financial strength/))[1]).toMatch(
      /^A- \(Excellent\), by AM Best, as of /,
    );
    expect(await cells(/^Errors & Omissions/)).toEqual([
      "Not included",
      "Claims-made, retroactive date March 1, 2024; $1,000,000 per claim; $1,000,000 aggregate; no deductible",
    ]);
    expect((await cells(/^What the insurer still needs/))[1]).toMatch(
      /^Signed surplus lines application \(before binding, by .+\); Loss runs for five years \(after binding, by .+\)$/,
    );
    // The surplus lines notice, under the comparison, for Beacon's quote only.
    const notice = page.getByRole("region", { name: "Surplus lines notice" });
    await expect(notice).toContainText(
      "Beacon Casualty is a non-admitted (surplus lines) insurer: it is not licensed by your state's insurance department.",
    );
    await expect(notice).toContainText(
      "your state's insurance guaranty fund will not pay its claims",
    );
    await expect(notice).toContainText("ask your agent for it");
    await expect(notice).not.toContainText("Acme Mutual");
    await expect(table.getByRole("row", { name: /What it is/ })).toContainText(
      "An estimate: the insurer may change it after more questions",
    );
    await expect(table.getByRole("row", { name: /Premium for the term Differs/ })).toBeVisible();
    await expect(table.getByRole("row", { name: /^General Liability/ })).toContainText(
      "Occurrence; $1,000,000 per occurrence; $2,000,000 aggregate; $2,500 deductible; premium subject to audit",
    );
    await expect(page.getByText("To go ahead, choose a bindable quote")).toBeVisible();

    // The insurer's PDF downloads, byte for byte, as an attachment only.
    const pdfLink = table.getByRole("link", { name: /Acme Mutual's quote document \(PDF/ });
    const [download] = await Promise.all([page.waitForEvent("download"), pdfLink.click()]);
    expect(download.suggestedFilename()).toBe("acme quote.pdf");
    const pdfUrl = `${server.url}${await pdfLink.getAttribute("href")}`;
    const pdf = await page.request.get(pdfUrl);
    expect(pdf.headers()["content-disposition"]).toMatch(/^attachment;/);
    expect(pdf.headers()["x-content-type-options"]).toBe("nosniff");
    expect(pdf.headers()["content-type"]).toBe("application/pdf");
    expect(Buffer.compare(await pdf.body(), INSURER_PDF)).toBe(0);

    // A declarations page for the agent, sent with JavaScript.
    const forAgent = page.getByRole("region", { name: "Documents for your agent" });
    const chooseDeclarations = async () => {
      await forAgent.getByRole("radio", { name: "A current declarations page" }).check();
      await forAgent.getByLabel(/^The file/).setInputFiles({
        name: "declarations.jpg",
        mimeType: "image/jpeg",
        buffer: DECLARATIONS_JPEG,
      });
    };
    await chooseDeclarations();
    // While the file goes, the button says so and takes no second press. (The page's own listener,
    // after the site script's, keeps this one press from leaving the page, so that what it shows
    // can be read; then the page comes again and the file goes.)
    await page.evaluate(() =>
      addEventListener("submit", (event) => event.preventDefault(), { once: true }),
    );
    await forAgent.getByRole("button", { name: "Send to my agent" }).click();
    await expect(forAgent.getByRole("button", { name: "Sending…" })).toBeDisabled();
    await expect(
      forAgent.getByText("Sending your file. Large files can take a minute."),
    ).toBeVisible();
    await page.reload();
    await chooseDeclarations();
    await forAgent.getByRole("button", { name: "Send to my agent" }).click();
    // What the form confirms is where the eye lands: first, focused, in view (decision 055).
    const confirmed = page
      .getByRole("status")
      .filter({ hasText: "your document is with your agent" });
    await expect(confirmed).toBeVisible();
    await expect(confirmed).toBeFocused();
    await expect(confirmed).toBeInViewport();
    await expect(forAgent.getByRole("link", { name: "declarations.jpg" })).toBeVisible();

    // Too large (past 10 MB) and not a PDF, JPEG or PNG: each said so, nothing kept.
    const tooLarge = await page.request.post(`${server.url}/business-wizard/quotes`, {
      headers: { Origin: server.url },
      multipart: {
        kind: "other",
        file: {
          name: "huge.pdf",
          mimeType: "application/pdf",
          buffer: Buffer.alloc(10 * 1024 * 1024 + 1, 0x25),
        },
      },
    });
    expect(tooLarge.status()).toBe(413);
    expect(await tooLarge.text()).toContain("This file is larger than 10 MB");
    const notAnImage = await page.request.post(`${server.url}/business-wizard/quotes`, {
      headers: { Origin: server.url },
      multipart: {
        kind: "other",
        file: { name: "photo.png", mimeType: "image/png", buffer: Buffer.from("MZ\x90 an exe") },
      },
    });
    expect(notAnImage.status()).toBe(415);
    expect(await notAnImage.text()).toContain("This file is not a PDF, JPEG or PNG");
    // Someone else's browser cannot open the documents by their address.
    expect((await stranger.request.get(pdfUrl)).status()).toBe(404);
    await expect(page.getByRole("link", { name: "Your application" })).toHaveAttribute(
      "href",
      "/business-wizard/summary",
    );
    expect(await problemsAtBothWidths(page)).toEqual([]);
    await expectNoAxeViolations(page);
    await page.setViewportSize({ width: 1920, height: 900 });
    await expectNoAxeViolations(page);
    await page.setViewportSize({ width: 1280, height: 900 });
    // On a phone, with "None of these suit me" opened.
    await page.getByText("None of these suit me").click();
    await expect(page.getByRole("button", { name: "Decline all quotes" })).toBeVisible();
    await page.setViewportSize({ width: 360, height: 800 });
    await expect(table).toBeHidden();
    await expect(
      page.getByRole("heading", { level: 2, name: "Beacon Casualty: $2,367.96" }),
    ).toBeVisible();
    await expect(page.getByRole("region", { name: "Surplus lines notice" })).toBeVisible();
    await expectNoAxeViolations(page);
    await keepHtml(page, "the quotes");

    // Without JavaScript, the same browser's session reads the same page.
    const noJs = await browser.newContext({
      javaScriptEnabled: false,
      storageState: await context.storageState(),
    });
    const plain = await noJs.newPage();
    await plain.goto(`${server.url}/business-wizard/quotes`);
    await expect(plain.getByRole("columnheader", { name: /Acme Mutual/ })).toBeVisible();
    await keepHtml(plain, "the quotes, without JavaScript");

    // The agent's question, answered without JavaScript.
    const questions = plain.getByRole("region", { name: "Questions from your agent" });
    await expect(questions).toContainText("Do you subcontract roofing work?");
    await questions.getByLabel("Your answer").fill("No: we do all our roofing ourselves.");
    await questions.getByRole("button", { name: "Send my answer" }).click();
    const answered = plain
      .getByRole("status")
      .filter({ hasText: "your answer is with your agent" });
    await expect(answered).toBeVisible();
    // Without JavaScript too: the address's fragment brings it into view and focuses it.
    await expect(plain).toHaveURL(/\?answered#confirmation$/);
    await expect(answered).toBeFocused();
    await expect(answered).toBeInViewport();
    await expect(questions).toContainText("Your answer, sent on");
    await expect(questions.getByRole("button", { name: "Send my answer" })).toHaveCount(0);
    await expect
      .poll(() => receiver.accepted().map((post) => post.event))
      .toContain("question.answered");

    // Loss runs sent without JavaScript.
    await plain.getByRole("radio", { name: /^Loss runs/ }).check();
    await plain
      .getByLabel(/^The file/)
      .setInputFiles({ name: "loss runs.pdf", mimeType: "application/pdf", buffer: INSURER_PDF });
    await plain.getByRole("button", { name: "Send to my agent" }).click();
    await expect(plain.getByRole("status").filter({ hasText: "with your agent" })).toBeVisible();
    await expect(plain.getByRole("link", { name: "loss runs.pdf" })).toBeVisible();

    // None suits them: they decline every quote, saying why, without JavaScript.
    await plain.getByText("None of these suit me").click();
    await plain.getByRole("radio", { name: "The price" }).check();
    await plain.getByRole("button", { name: "Decline all quotes" }).click();
    const declined = plain
      .getByRole("status")
      .filter({ hasText: "You have declined these quotes" });
    await expect(declined).toContainText("Thank you for telling us.");
    await expect(declined).toContainText("Your reason: The price.");
    await expect(plain.getByRole("button", { name: "Decline all quotes" })).toHaveCount(0);
    await expect(plain.getByText("To go ahead, choose a bindable quote")).toHaveCount(0);
    await keepHtml(plain, "the quotes, declined");
    await noJs.close();
    await expect
      .poll(() => receiver.accepted().map((post) => post.event))
      .toContain("quote_request.lost");

    // The desk sees the request Lost, with the reason, and can no longer change its quotes.
    await desk.reload();
    await expect(desk.getByText(/: Lost\. Lines asked for/)).toBeVisible();
    await expect(
      desk.getByText("This request is closed: its quotes can no longer change."),
    ).toBeVisible();
    await expect(desk.getByRole("button", { name: /Publish/ })).toHaveCount(0);
    // The answer, with its time.
    await expect(
      desk
        .getByRole("table", { name: "Questions to the visitor" })
        .getByRole("row", { name: /subcontract/ }),
    ).toContainText("No: we do all our roofing ourselves.");
    // The visitor's documents, each a download at the desk.
    const sent = desk.getByRole("table", { name: "Documents from the visitor" });
    await expect(sent.getByRole("row")).toHaveCount(3);
    await expect(sent.getByRole("row", { name: /declarations\.jpg/ })).toContainText(
      "A current declarations page",
    );
    const jpegHref = await sent
      .getByRole("link", { name: "declarations.jpg" })
      .getAttribute("href");
    const jpeg = await desk.request.get(`${server.url}${jpegHref}`);
    expect(jpeg.headers()["content-type"]).toBe("image/jpeg");
    expect(Buffer.compare(await jpeg.body(), DECLARATIONS_JPEG)).toBe(0);

    expect(await htmlErrors(documents)).toEqual([]);
  } finally {
    await stopServer(server);
    await receiver.close();
  }

  // The database holds the two quotes as entered, published, and the request Lost, with why.
  const database = await openDataDirDatabase(dataDir);
  try {
    const quotes = await database.db
      .selectFrom("insurer_quotes")
      .select(["insurer", "kind", "premium_cents", "monthly_fee_cents", "status"])
      .orderBy("created_at")
      .execute();
    expect(
      // Amounts as numbers: PostgreSQL's driver hands a bigint over as a string.
      quotes.map((quote) => ({
        ...quote,
        premium_cents: Number(quote.premium_cents),
        monthly_fee_cents:
          quote.monthly_fee_cents === null ? null : Number(quote.monthly_fee_cents),
      })),
    ).toEqual([
      {
        insurer: "Acme Mutual",
        kind: "bindable",
        premium_cents: 240_050,
        monthly_fee_cents: 900,
        status: "published",
      },
      {
        insurer: "Beacon Casualty",
        kind: "estimate",
        premium_cents: 198_000,
        monthly_fee_cents: 500,
        status: "published",
      },
    ]);
    // The surplus lines quote's parts, plan, TRIA and lines, as entered.
    const beacon = await database.db
      .selectFrom("insurer_quotes")
      .selectAll()
      .where("insurer", "=", "Beacon Casualty")
      .executeTakeFirstOrThrow();
    expect({
      market: beacon.market,
      surplusLinesTax: Number(beacon.surplus_lines_tax_cents),
      stampingFee: Number(beacon.stamping_fee_cents),
      brokerFee: Number(beacon.broker_fee_cents),
      down: Number(beacon.down_payment_cents),
      count: beacon.instalment_count,
      terrorism: [beacon.terrorism_offered, Number(beacon.terrorism_premium_cents)],
      subjectivities: (beacon.subjectivities as { text: string }[]).map((entry) => entry.text),
      lines: beacon.lines,
    }).toEqual({
      market: "non-admitted",
      surplusLinesTax: 5_940,
      stampingFee: 356,
      brokerFee: 10_000,
      down: 70_000,
      count: 10,
      terrorism: [true, 4_000],
      subjectivities: ["Signed surplus lines application", "Loss runs for five years"],
      lines: [
        expect.objectContaining({
          line: "general-liability",
          basis: "occurrence",
          auditable: true,
        }),
        expect.objectContaining({
          line: "errors-and-omissions",
          basis: "claims-made",
          retroDate: "2024-03-01",
          occurrenceCents: 100_000_000,
        }),
      ],
    });
    const request = await database.db
      .selectFrom("quote_requests")
      .select(["status", "lost_reason"])
      .executeTakeFirstOrThrow();
    expect(request).toEqual({ status: "lost", lost_reason: "price" });
    const answered = await database.db
      .selectFrom("request_questions")
      .select(["question", "answer"])
      .where("answered_at", "is not", null)
      .execute();
    expect(answered).toEqual([
      {
        question: "Do you subcontract roofing work?",
        answer: "No: we do all our roofing ourselves.",
      },
    ]);
    const kept = await database.db
      .selectFrom("request_documents")
      .select(["purpose", "kind", "file_name", "content_type", "byte_size", "sha256"])
      .where("replaced_at", "is", null)
      .orderBy("created_at")
      .execute();
    const sha = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");
    expect(kept).toEqual([
      {
        purpose: "insurer-quote",
        kind: null,
        file_name: "acme quote.pdf",
        content_type: "application/pdf",
        byte_size: INSURER_PDF.length,
        sha256: sha(INSURER_PDF),
      },
      {
        purpose: "visitor",
        kind: "declarations",
        file_name: "declarations.jpg",
        content_type: "image/jpeg",
        byte_size: DECLARATIONS_JPEG.length,
        sha256: sha(DECLARATIONS_JPEG),
      },
      {
        purpose: "visitor",
        kind: "loss-runs",
        file_name: "loss runs.pdf",
        content_type: "application/pdf",
        byte_size: INSURER_PDF.length,
        sha256: sha(INSURER_PDF),
      },
    ]);
  } finally {
    await database.close();
  }
});
