import type { APIRequestContext, Page } from "@playwright/test";

import { htmlErrors } from "../support/html-checker.ts";
import { daysFromToday, deskQuoteForm } from "../support/lead-fixtures.ts";
import { createDeskOperator, signIn } from "../support/lead-desk.ts";
import { readWrittenEmails, resumeLinkIn, type WrittenEmail } from "../support/outbox-files.ts";
import { makeDataDir, startServer, stopServer } from "../support/server-process.ts";
import { HttpVisitor } from "../support/visitor.ts";
import { openDataDirDatabase } from "../support/databases.ts";
import { WebhookReceiver } from "../support/webhook-receiver.ts";
import { expect, expectNoAxeViolations, layoutProblems, test } from "./helpers.ts";

const DESK = { email: "certs-desk@agency.example", password: "certificate desk password 2026" };
const VISITOR = "roofer@example.com";
const HOLDER = "certs@summit.example";
const POLICY_PDF = Buffer.from("%PDF-1.4\n% the policy\n%%EOF\n");
const CERTIFICATE_PDF = Buffer.from("%PDF-1.4\n% certificate for Summit Builders\n%%EOF\n");

async function noLayoutProblems(page: Page) {
  for (const width of [360, 1920]) {
    await page.setViewportSize({ width, height: 900 });
    expect(await layoutProblems(page)).toEqual([]);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** The emails written so far whose subject matches. */
function emailsLike(dataDir: string, subject: RegExp): WrittenEmail[] {
  return readWrittenEmails(dataDir).filter((email) => subject.test(email.subject));
}

/** A PDF as the desk's upload sends it. */
function pdfPart(name: string, buffer: Buffer) {
  return { name, mimeType: "application/pdf", buffer };
}

test("a bound policy's visitor asks for a certificate; the desk issues it; the visitor and the holder get it", async ({
  browser,
}) => {
  test.setTimeout(120_000);
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
  const post = (request: APIRequestContext, url: string, form: Record<string, string>) =>
    request.post(url, { headers: { Origin: server.url }, form });
  try {
    // A roofer's application and quote request; the desk quotes, the visitor asks to bind, the
    // desk binds (each as its own journey shows it, here by its forms' posts).
    const http = new HttpVisitor(server.url);
    expect(await http.saveEmailStep(VISITOR)).toBe(true);
    expect(
      await http.completeApplication({
        businessName: "Ridge Roofing",
        firstName: "Rosa",
        lastName: "Ridge",
        phoneNumber: "(614) 555-0142",
        streetAddress: "9 Slate Ave",
      }),
    ).toBe(true);
    expect(await http.requestQuotes(["general-liability"])).toBe(true);
    // The contract the roofer described with their plan (decision 048), to start a request from.
    expect(
      await http.post("/business-wizard/quote", {
        intent: "contract",
        contractParty: "Ridge Builders Inc",
        contractLines: "general-liability",
        waiverOfSubrogation: "on",
        primaryNonContributory: "on",
      }),
    ).toMatchObject({ status: 302 });
    const desk = await (await browser.newContext()).newPage();
    await signIn(desk, server.url, DESK.email, DESK.password);
    await desk.goto(`${server.url}/admin/submissions?q=${encodeURIComponent(VISITOR)}`);
    await desk.getByRole("link", { name: VISITOR }).click();
    await desk.getByRole("link", { name: "Quotes and documents" }).click();
    const deskQuotes = desk.url();
    expect(
      (
        await post(desk.request, deskQuotes, deskQuoteForm("Acme Mutual", "bindable", "2,400"))
      ).ok(),
    ).toBe(true);
    expect((await post(desk.request, deskQuotes, { intent: "publish" })).ok()).toBe(true);
    await expect.poll(() => emailsLike(dataDir, /quotes are ready/)).toHaveLength(1);
    const visitor = await (await browser.newContext()).newPage();
    await visitor.goto(`${server.url}${resumeLinkIn(emailsLike(dataDir, /quotes are ready/)[0]!)}`);
    await visitor.getByRole("button", { name: "See my quotes" }).click();
    await expect(visitor).toHaveURL(/\/business-wizard\/quotes$/);
    const bindHref = await visitor
      .getByRole("link", { name: "Choose this quote from Acme Mutual" })
      .getAttribute("href");
    const signed = await post(visitor.request, `${server.url}${bindHref}`, {
      payment: "in-full",
      start: daysFromToday(30),
      "answers-true": "on",
      "ask-insurer": "on",
      "not-covered-yet": "on",
      "esign-consent": "on",
      documents: "electronic",
      signature: "Rosa Ridge",
    });
    expect(signed.ok()).toBe(true);
    // Bound with the insurer's binder, then the policy it issues (decision 065).
    const binder = await post(desk.request, deskQuotes, {
      intent: "bind",
      binderNumber: "BND-2027-0042",
      binderEffective: daysFromToday(30),
      binderExpires: daysFromToday(90),
    });
    expect(binder.ok()).toBe(true);
    const bound = await desk.request.post(deskQuotes, {
      headers: { Origin: server.url },
      multipart: {
        intent: "policy",
        policyNumber: "GL-2027-0042",
        policyStart: daysFromToday(30),
        policyEnd: daysFromToday(395),
        file: pdfPart("policy.pdf", POLICY_PDF),
      },
    });
    expect(bound.ok()).toBe(true);

    // "Your policy" offers a certificate; the form says what endorsements mean.
    await visitor.goto(`${server.url}/business-wizard/policy`);
    await expect(visitor.getByText("GL-2027-0042")).toBeVisible();
    await visitor.getByRole("link", { name: "Request a certificate of insurance" }).click();
    await expect(
      visitor.getByRole("heading", { level: 1, name: "Request a certificate of insurance" }),
    ).toBeVisible();
    await expect(visitor.getByText("the insurer must agree to it")).toBeVisible();
    const certificateUrl = visitor.url();
    await noLayoutProblems(visitor);
    await expectNoAxeViolations(visitor);
    await keepHtml(visitor, "the certificate request");

    // Sent empty, each required field says so; nothing is kept.
    await visitor.getByRole("button", { name: "Request the certificate" }).click();
    await expect(visitor.getByText("Please enter the certificate holder's name")).toBeVisible();
    await expect(
      visitor.getByText("Please choose the day you need it by, from today to a year ahead"),
    ).toBeVisible();
    await expect(visitor.getByLabel("Certificate holder's name")).toHaveAttribute(
      "aria-invalid",
      "true",
    );
    // The page the server answers with opens at its top: the first refused field takes the focus.
    await expect(visitor.getByLabel("Certificate holder's name")).toBeFocused();
    await expect(visitor.getByLabel("Certificate holder's name")).toBeInViewport();
    await expectNoAxeViolations(visitor);
    await keepHtml(visitor, "the certificate request, refused");
    // A deadline in the past, and a holder address that is too long: refused, with what was typed.
    const valid = {
      holderName: "Summit Builders LLC",
      holderAddress: "1 Main St\nColumbus, OH 43215",
      holderEmail: HOLDER,
      additionalInsured: "on",
      job: "Roof replacement at 5 Elm St, contract 2027-14",
      neededBy: daysFromToday(10),
    };
    const past = await post(visitor.request, certificateUrl, {
      ...valid,
      // Two days back: yesterday in UTC may still be today in the agency's time zone.
      neededBy: daysFromToday(-2),
    });
    expect(past.status()).toBe(400);
    expect(await past.text()).toContain(
      "Please choose the day you need it by, from today to a year ahead",
    );
    const long = await post(visitor.request, certificateUrl, {
      ...valid,
      holderAddress: "x".repeat(301),
    });
    expect(long.status()).toBe(400);
    expect(await long.text()).toContain("Please keep this to 300 characters or fewer");
    // A browser that proved no email cannot ask (or see that there is a policy).
    const stranger = await (await browser.newContext()).newPage();
    expect((await post(stranger.request, certificateUrl, valid)).status()).toBe(403);

    // Sent right: "Your policy" confirms it and lists it as being prepared.
    await visitor.getByLabel("Certificate holder's name").fill(valid.holderName);
    await visitor.getByLabel("Holder's mailing address").fill(valid.holderAddress);
    await visitor.getByLabel("Holder's email (optional)").fill(valid.holderEmail);
    await visitor
      .getByRole("checkbox", { name: "Add the holder as an additional insured" })
      .check();
    await visitor.getByLabel("The job or contract it is for").fill(valid.job);
    await visitor.getByLabel("Needed by").fill(valid.neededBy);
    await visitor.getByRole("button", { name: "Request the certificate" }).click();
    await expect(visitor).toHaveURL(
      /\/business-wizard\/policy\?certificate-requested=CP-.*-C1#confirmation$/,
    );
    await expect(
      visitor.getByRole("status").filter({ hasText: "We have your certificate request" }),
    ).toContainText("We will email you when the certificate is ready");
    await expect(
      visitor.getByText(/-C1 for Summit Builders LLC \(Additional insured\)/),
    ).toContainText("being prepared");
    await noLayoutProblems(visitor);
    await expectNoAxeViolations(visitor);
    await keepHtml(visitor, "the policy, a certificate requested");
    await expect.poll(events).toContain("certificate_request.created");
    await expect.poll(() => emailsLike(dataDir, /^Certificate request: CP-.*-C1/)).toHaveLength(1);

    // The desk's queue lists it by the day it is needed; it leads to the lead's quotes page.
    await desk.getByRole("link", { name: "Certificates" }).click();
    const waiting = desk.getByRole("table", {
      name: "Certificates waiting, the soonest needed first",
    });
    await expect(waiting.getByRole("row", { name: /-C1/ })).toContainText("Summit Builders LLC");
    await expect(waiting.getByRole("row", { name: /-C1/ })).toContainText("Additional insured");
    await noLayoutProblems(desk);
    await expectNoAxeViolations(desk);
    await keepHtml(desk, "the certificate queue");
    await waiting.getByRole("link", { name: /-C1$/ }).click();
    await expect(desk).toHaveURL(/\/quotes#certificates$/);
    const upload = desk.getByLabel("The certificate for Summit Builders LLC (PDF)");
    // Not a PDF: refused, nothing issued.
    await upload.setInputFiles({
      name: "certificate.pdf",
      mimeType: "application/pdf",
      buffer: Buffer.from("<html>not a pdf</html>"),
    });
    await desk
      .getByRole("button", { name: "Issue and email it to the visitor and the holder" })
      .click();
    await expect(desk.getByText("This file is not a PDF")).toBeVisible();
    await expectNoAxeViolations(desk);
    await upload.setInputFiles(pdfPart("summit-certificate.pdf", CERTIFICATE_PDF));
    await desk
      .getByRole("button", { name: "Issue and email it to the visitor and the holder" })
      .click();
    await expect(desk.getByRole("status")).toContainText(
      "certificate for Summit Builders LLC issued (summit-certificate.pdf), emailed to certs@summit.example",
    );
    await expect(desk.getByText(/^Issued .* by certs-desk@agency\.example/)).toBeVisible();
    await noLayoutProblems(desk);
    await expectNoAxeViolations(desk);
    await keepHtml(desk, "the desk, certificate issued");
    await expect.poll(events).toContain("certificate.issued");

    // The holder's email carries a link of their own: it downloads the certificate, byte for byte.
    await expect.poll(() => emailsLike(dataDir, /^Certificate of insurance for/)).toHaveLength(1);
    const toHolder = emailsLike(dataDir, /^Certificate of insurance for/)[0]!;
    expect(toHolder.to).toBe(HOLDER);
    expect(toHolder.subject).toMatch(/^Certificate of insurance for Ridge Roofing \(CP-.*-C1\)$/);
    const holderLink = /\/certificates\/[A-Za-z0-9_-]{43}/.exec(toHolder.body)?.[0];
    expect(holderLink).toBeDefined();
    const holderDownload = await stranger.request.get(`${server.url}${holderLink}`);
    expect(holderDownload.headers()["content-disposition"]).toMatch(/^attachment;/);
    expect(Buffer.compare(await holderDownload.body(), CERTIFICATE_PDF)).toBe(0);
    expect(
      (await stranger.request.get(`${server.url}/certificates/${"A".repeat(43)}`)).status(),
    ).toBe(404);

    // The visitor's email opens their policy, where the certificate downloads; no other browser
    // can download it by its address.
    await expect
      .poll(() => emailsLike(dataDir, /certificate of insurance is ready/))
      .toHaveLength(1);
    const toVisitor = emailsLike(dataDir, /certificate of insurance is ready/)[0]!;
    expect(toVisitor.to).toBe(VISITOR);
    const opener = await (await browser.newContext()).newPage();
    await opener.goto(`${server.url}${resumeLinkIn(toVisitor)}`);
    await opener.getByRole("button", { name: /^See my/ }).click();
    await expect(opener).toHaveURL(/\/business-wizard\/policy$/);
    const certificateLink = opener.getByRole("link", { name: "summit-certificate.pdf" });
    const href = await certificateLink.getAttribute("href");
    const download = await opener.request.get(`${server.url}${href}`);
    expect(Buffer.compare(await download.body(), CERTIFICATE_PDF)).toBe(0);
    expect((await stranger.request.get(`${server.url}${href}`)).status()).toBe(404);

    // The next request offers the same holder again, filled in.
    await opener.getByRole("link", { name: "Request a certificate of insurance" }).click();
    await opener.getByRole("link", { name: "Use Summit Builders LLC again" }).click();
    await expect(opener.getByLabel("Certificate holder's name")).toHaveValue(valid.holderName);
    await expect(opener.getByLabel("Holder's mailing address")).toHaveValue(valid.holderAddress);
    await expect(opener.getByLabel("Holder's email (optional)")).toHaveValue(HOLDER);
    await expectNoAxeViolations(opener);
    await keepHtml(opener, "the certificate request, a holder offered again");
    // Or the contract described with the plan: its party and endorsements, filled in.
    await opener.getByRole("link", { name: "Use the contract with Ridge Builders Inc" }).click();
    await expect(opener.getByLabel("Certificate holder's name")).toHaveValue("Ridge Builders Inc");
    await expect(opener.getByLabel("Holder's mailing address")).toHaveValue("");
    await expect(
      opener.getByRole("checkbox", { name: "Add the holder as an additional insured" }),
    ).not.toBeChecked();
    await expect(
      opener.getByRole("checkbox", { name: "Waiver of subrogation in the holder's favor" }),
    ).toBeChecked();
    await expect(
      opener.getByRole("checkbox", { name: "Primary and non-contributory wording" }),
    ).toBeChecked();
    await keepHtml(opener, "the certificate request, from the contract");

    expect(await htmlErrors(pages)).toEqual([]);
  } finally {
    await stopServer(server);
    await receiver.close();
  }

  const database = await openDataDirDatabase(dataDir);
  try {
    const rows = await database.db
      .selectFrom("certificate_requests")
      .select([
        "holder_name",
        "holder_address",
        "holder_email",
        "additional_insured",
        "waiver_of_subrogation",
        "status",
      ])
      .execute();
    expect(rows).toEqual([
      {
        holder_name: "Summit Builders LLC",
        holder_address: "1 Main St\nColumbus, OH 43215",
        holder_email: HOLDER,
        additional_insured: true,
        waiver_of_subrogation: false,
        status: "issued",
      },
    ]);
  } finally {
    await database.close();
  }
});
