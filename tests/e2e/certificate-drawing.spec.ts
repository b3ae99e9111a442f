import type { Page } from "@playwright/test";

import { htmlErrors } from "../support/html-checker.ts";
import { daysFromToday, deskQuoteForm } from "../support/lead-fixtures.ts";
import { createDeskOperator, signIn } from "../support/lead-desk.ts";
import { bindByPosts } from "../support/bound-by-posts.ts";
import { readWrittenEmails } from "../support/outbox-files.ts";
import { pdfText } from "../support/pdf-text.ts";
import { makeDataDir, startServer, stopServer } from "../support/server-process.ts";
import { HttpVisitor } from "../support/visitor.ts";
import { expect, expectNoAxeViolations, layoutProblems, test } from "./helpers.ts";

const DESK = { email: "certs-desk@agency.example", password: "certificates desk 2026" };
const VISITOR = "framer@example.com";
const HOLDER = "certs@summit.example";
const POLICY_PDF = Buffer.from("%PDF-1.4\n% the policy\n%%EOF\n");

async function noLayoutProblems(page: Page) {
  for (const width of [360, 1920]) {
    await page.setViewportSize({ width, height: 900 });
    expect(await layoutProblems(page)).toEqual([]);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test("a holder's certificate drawn from the policy, previewed and sent; at renewal, reissued on the new policy in one step", async ({
  browser,
}) => {
  test.setTimeout(150_000);
  const dataDir = makeDataDir();
  await createDeskOperator(dataDir, DESK.email, DESK.password);
  const server = await startServer({ dataDir });
  const pages = new Map<string, string>();
  const keepHtml = async (page: Page, name: string) =>
    pages.set(name, await (await page.request.get(page.url())).text());
  try {
    // A general liability policy ending in 60 days, each step by its form's post.
    const http = new HttpVisitor(server.url);
    expect(await http.saveEmailStep(VISITOR)).toBe(true);
    expect(
      await http.completeApplication({
        businessName: "Summit Framing",
        firstName: "Frank",
        lastName: "Framer",
        phoneNumber: "(614) 555-0177",
        streetAddress: "8 Stud Ave",
      }),
    ).toBe(true);
    expect(await http.requestQuotes(["general-liability"])).toBe(true);
    const desk = await (await browser.newContext()).newPage();
    await signIn(desk, server.url, DESK.email, DESK.password);
    await desk.goto(`${server.url}/admin/submissions?q=${encodeURIComponent(VISITOR)}`);
    await desk.getByRole("link", { name: VISITOR }).click();
    const quotesPage = `${desk.url()}/quotes`;
    let published = 0;
    const bindAndIssue = (number: string, start: string, end: string) =>
      bindByPosts({
        browser,
        serverUrl: server.url,
        dataDir,
        desk,
        quotesUrl: quotesPage,
        quote: {
          ...deskQuoteForm("Acme Mutual", "bindable", "2,400"),
          termStart: start,
          termEnd: end,
        },
        insurer: "Acme Mutual",
        signature: "Frank Framer",
        published: (published += 1),
        policy: { number, start, end, pdf: POLICY_PDF },
      });
    const customer = await bindAndIssue("GL-2026-5", daysFromToday(-305), daysFromToday(60));

    // The customer asks for a certificate naming the builder who hired them.
    await customer.goto(`${server.url}/business-wizard/policy/certificate`);
    await customer.getByLabel("Certificate holder's name").fill("Summit Builders LLC");
    await customer.getByLabel("Holder's mailing address").fill("1 Main St\nColumbus, OH 43215");
    await customer.getByLabel("Holder's email (optional)").fill(HOLDER);
    await customer
      .getByRole("checkbox", { name: "Add the holder as an additional insured" })
      .check();
    await customer
      .getByLabel("The job or contract it is for")
      .fill("Framing at 5 Elm St, contract 2027-14");
    await customer.getByRole("radio", { name: "Ongoing operations" }).check();
    await customer.getByLabel("Needed by").fill(daysFromToday(10));
    await customer.getByRole("button", { name: "Request the certificate" }).click();
    await expect(customer.getByText(/We have your certificate request CP-/)).toBeVisible();

    // The desk draws it from the policy: the NAIC number and the endorsement's form entered.
    await desk.goto(quotesPage);
    await desk.getByRole("link", { name: "draw it from the policy" }).click();
    await expect(desk.getByRole("heading", { level: 1, name: /^Certificate CP-/ })).toBeVisible();
    await noLayoutProblems(desk);
    await expectNoAxeViolations(desk);
    await keepHtml(desk, "the certificate to draw");
    await desk.getByLabel("Insurer A: Acme Mutual").fill("12345");
    await desk.getByLabel("Additional insured endorsement form").fill("CG 20 10 04 13");
    await desk.getByRole("button", { name: "Draw the preview" }).click();
    const preview = desk.getByRole("region", { name: "Preview" });
    await expect(preview).toContainText("Summit Builders LLC");
    await expect(preview).toContainText("GL-2026-5");
    await expectNoAxeViolations(desk);
    const pdfHref = await preview.getByRole("link", { name: /^Open the PDF/ }).getAttribute("href");
    const pdf = await desk.request.get(`${server.url}${pdfHref}`);
    expect(pdf.headers()["content-type"]).toBe("application/pdf");
    // The certificate-of-liability fields (ACORD 25's), in the PDF's own text.
    const text = pdfText(await pdf.body()).replace(/\s+/g, " ");
    for (const field of [
      "Insurer A: Acme Mutual NAIC # 12345",
      "Policy number: GL-2026-5",
      "Each occurrence: $1,000,000",
      "Summit Builders LLC",
      "CG 20 10 04 13",
    ]) {
      expect(text).toContain(field);
    }
    await desk.getByRole("button", { name: "Send it to the customer and the holder" }).click();
    await expect(desk).toHaveURL(/\/quotes\?saved#certificates$/);
    await expect
      .poll(() => readWrittenEmails(dataDir).filter((e) => e.to === HOLDER))
      .toHaveLength(1);

    // The customer's holders, each with what their certificate showed and when it went.
    await desk.goto(`${desk.url().replace(/\/quotes.*$/, "")}/holders`);
    await expect(
      desk.getByRole("table", { name: "Certificates sent to Summit Builders LLC" }),
    ).toContainText("GL-2026-5");
    await noLayoutProblems(desk);
    await expectNoAxeViolations(desk);
    await keepHtml(desk, "the customer's holders");

    // The renewal: asked for from Your policy, quoted, bound and issued as GL-2027-5.
    await customer.goto(`${server.url}/business-wizard/policy/renewal`);
    await customer.getByRole("button", { name: "Request my quotes" }).click();
    await expect(customer.getByRole("heading", { level: 1 })).toHaveText(
      "We've got your renewal request",
    );
    await bindAndIssue("GL-2027-5", daysFromToday(60), daysFromToday(425));

    // Every holder of the old policy reissued on the new one, in one step.
    await desk.goto(`${desk.url()}`);
    await desk.reload();
    await expect(
      desk.getByRole("heading", { name: "Policy GL-2026-5 was renewed as GL-2027-5" }),
    ).toBeVisible();
    await expectNoAxeViolations(desk);
    await keepHtml(desk, "the holders, a renewal to reissue");
    await desk.getByRole("button", { name: "Reissue 1 certificate on GL-2027-5" }).click();
    await expect(desk.getByRole("status")).toContainText(
      "1 certificate reissued on the renewed policy and sent.",
    );
    await expect
      .poll(() => readWrittenEmails(dataDir).filter((e) => e.to === HOLDER))
      .toHaveLength(2);
    await expect(
      desk.getByRole("heading", { name: "Policy GL-2026-5 was renewed as GL-2027-5" }),
    ).toHaveCount(0);

    expect(await htmlErrors(pages)).toEqual([]);
  } finally {
    await stopServer(server);
  }
});
