import type { Page } from "@playwright/test";

import { htmlErrors } from "../support/html-checker.ts";
import { daysFromToday, deskQuoteForm } from "../support/lead-fixtures.ts";
import { createDeskOperator, signIn } from "../support/lead-desk.ts";
import { bindByPosts } from "../support/bound-by-posts.ts";
import { readWrittenEmails, type WrittenEmail } from "../support/outbox-files.ts";
import { makeDataDir, startServer, stopServer } from "../support/server-process.ts";
import { HttpVisitor } from "../support/visitor.ts";
import { WebhookReceiver } from "../support/webhook-receiver.ts";
import { expect, expectNoAxeViolations, layoutProblems, test } from "./helpers.ts";

const DESK = {
  email: "changes-desk@agency.example",
  password: "policy changes desk password 2026",
};
const VISITOR = "glazier@example.com";
const POLICY_PDF = Buffer.from("%PDF-1.4\n% the policy\n%%EOF\n");

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

test("the desk records an endorsement and a cancellation the customer sees; the customer asks for changes, with and without JavaScript", async ({
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
    },
  });
  const pages = new Map<string, string>();
  const keepHtml = async (page: Page, name: string) =>
    pages.set(name, await (await page.request.get(page.url())).text());
  const events = () => receiver.accepted().map((post) => post.event);
  try {
    // A bound policy, each step by its form's post (bind.spec.ts walks them on screen).
    const http = new HttpVisitor(server.url);
    expect(await http.saveEmailStep(VISITOR)).toBe(true);
    expect(
      await http.completeApplication({
        businessName: "Clear View Glass",
        firstName: "Gil",
        lastName: "Pane",
        phoneNumber: "(614) 555-0143",
        streetAddress: "3 Window Rd",
      }),
    ).toBe(true);
    expect(await http.requestQuotes(["general-liability"])).toBe(true);
    const desk = await (await browser.newContext()).newPage();
    await signIn(desk, server.url, DESK.email, DESK.password);
    await desk.goto(`${server.url}/admin/submissions?q=${encodeURIComponent(VISITOR)}`);
    await desk.getByRole("link", { name: VISITOR }).click();
    await desk.getByRole("link", { name: "Quotes and documents" }).click();
    const deskQuotes = desk.url();
    const visitor = await bindByPosts({
      browser,
      serverUrl: server.url,
      dataDir,
      desk,
      quotesUrl: deskQuotes,
      quote: deskQuoteForm("Acme Mutual", "bindable", "2,400"),
      insurer: "Acme Mutual",
      signature: "Gil Pane",
      published: 1,
      policy: {
        number: "GL-2027-0077",
        start: daysFromToday(30),
        end: daysFromToday(395),
        pdf: POLICY_PDF,
      },
    });
    const visitorContext = visitor.context();

    // The customer asks for a change with JavaScript on.
    await visitor.goto(`${server.url}/business-wizard/policy`);
    await expect(visitor.getByRole("heading", { name: "Ask for a change" })).toBeVisible();
    await noLayoutProblems(visitor);
    await expectNoAxeViolations(visitor);
    await keepHtml(visitor, "policy");
    // Refused without a choice: the message beside the field, what was typed kept.
    await visitor.getByLabel("Details").fill("A 2024 Ford Transit, VIN 1FTBR1C8XRKA12345");
    await visitor.getByRole("button", { name: "Send my request" }).click();
    await expect(visitor.getByText("Please choose what to change")).toBeVisible();
    await expectNoAxeViolations(visitor);
    await visitor.getByLabel("Add a vehicle").check();
    await visitor.getByRole("button", { name: "Send my request" }).click();
    await expect(visitor.getByText(/Your request CP-.*-R1 is with us/)).toBeVisible();
    await expect(visitor.getByText(/-R1: Add a vehicle, sent .*With an agent\./)).toBeVisible();

    // And without JavaScript, in Spanish.
    const plainContext = await browser.newContext({
      javaScriptEnabled: false,
      storageState: await visitorContext.storageState(),
    });
    const plain = await plainContext.newPage();
    await plain.goto(`${server.url}/es/business-wizard/policy`);
    await plain.getByLabel("Nuevo número de empleados").check();
    await plain.getByLabel("Detalles").fill("Ahora 12 empleados de tiempo completo");
    await plain.getByRole("button", { name: "Enviar mi pedido" }).click();
    await expect(plain.getByText(/Recibimos su pedido CP-.*-R2/)).toBeVisible();
    await keepHtml(plain, "policy-es");
    // axe runs in the page, so on the same Spanish page with JavaScript.
    await visitor.goto(`${server.url}/es/business-wizard/policy`);
    await expectNoAxeViolations(visitor);
    await expect.poll(() => emailsLike(dataDir, /^Change request: /).length).toBe(2);

    // Both wait in Needs action.
    await desk.goto(`${server.url}/admin/needs-action`);
    await expect(desk.getByRole("cell", { name: "Change request" })).toHaveCount(2);

    // The desk records an endorsement answering the first, and a cancellation, both shown.
    await desk.goto(deskQuotes);
    await desk.getByRole("link", { name: "Changes and notices on this policy" }).click();
    await expect(desk.getByRole("heading", { level: 1, name: /Policy changes/ })).toBeVisible();
    await noLayoutProblems(desk);
    await expectNoAxeViolations(desk);
    await keepHtml(desk, "desk-policy");
    await desk.getByText("Endorsement", { exact: true }).click();
    const endorsement = desk.locator("details", { hasText: "Record endorsement" });
    await endorsement.getByLabel("What changed").fill("Added the 2024 Ford Transit");
    await endorsement.getByLabel("Effective from").fill("2027-03-01");
    await endorsement.getByLabel("Premium change, in dollars").fill("+412.50");
    // It answers the first request, the vehicle (the list has the newest first).
    const answers = endorsement.getByLabel(/Answers the customer/);
    const vehicle = await answers
      .getByRole("option", { name: /-R1: Add a vehicle$/ })
      .textContent();
    await answers.selectOption({ label: vehicle ?? "" });
    await endorsement.getByLabel(/Show to the customer/).check();
    await endorsement.getByRole("button", { name: "Record endorsement" }).click();
    await expect(desk.getByRole("status")).toHaveText("Recorded.");
    await desk.getByText("Cancellation", { exact: true }).click();
    const cancellation = desk.locator("details", { hasText: "Record cancellation" });
    await cancellation.getByLabel("Who asked").selectOption("insured");
    await cancellation.getByLabel("Reason").fill("Business sold");
    await cancellation.getByLabel("Effective day").fill("2027-06-30");
    await cancellation.getByLabel(/Return premium/).fill("1,200");
    await cancellation.getByLabel(/Show to the customer/).check();
    await cancellation.getByRole("button", { name: "Record cancellation" }).click();
    await expect(desk.getByRole("status")).toHaveText("Recorded.");
    await expectNoAxeViolations(desk);

    await visitor.goto(`${server.url}/business-wizard/policy`);
    await expect(visitor.getByRole("heading", { name: "Your policy was changed" })).toBeVisible();
    await expect(
      visitor.getByText("The insurer's premium goes up by $412.50.", { exact: false }),
    ).toBeVisible();
    await expect(visitor.getByRole("heading", { name: "Your policy is cancelled" })).toBeVisible();
    await expect(visitor.getByText(/The insurer states a return premium of \$1,200/)).toBeVisible();
    await expect(visitor.getByText(/-R1: Add a vehicle, sent .*Dealt with\./)).toBeVisible();
    await noLayoutProblems(visitor);
    await expectNoAxeViolations(visitor);
    await keepHtml(visitor, "policy-changed");
    await expect
      .poll(events)
      .toEqual(
        expect.arrayContaining([
          "change_request.created",
          "policy.endorsed",
          "change_request.done",
          "policy.cancelled",
        ]),
      );
    expect(await htmlErrors(pages)).toEqual([]);
  } finally {
    await stopServer(server);
    await receiver.close();
  }
});
