import { readWrittenEmails, resumeLinkIn } from "../support/outbox-files.ts";
import { createOperatorWithCli, signIn } from "../support/lead-desk.ts";
import { makeDataDir, startServer, stopServer } from "../support/server-process.ts";
import { HttpVisitor } from "../support/visitor.ts";
import { expect, expectNoAxeViolations, test } from "./helpers.ts";

const OPERATOR = { email: "desk@agency.example", password: "a long desk password 2026" };
const EMAIL = "shared.owner@example.com";

test("someone else's overwrite is kept in the history, and the owner's link brings back the owner's answers", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const dataDir = makeDataDir();
  await createOperatorWithCli(dataDir, OPERATOR.email, OPERATOR.password);
  const server = await startServer({ dataDir });
  try {
    // Visitor A completes an application with the email.
    const a = new HttpVisitor(server.url);
    expect(await a.saveEmailStep(EMAIL)).toBe(true);
    expect(
      await a.completeApplication({
        businessName: "Alpha Bakery",
        firstName: "Ada",
        lastName: "Baker",
        phoneNumber: "(503) 555-0101",
        streetAddress: "1 Flour St",
        mailingAddress: "PO Box 1, Salem OR",
      }),
    ).toBe(true);
    // Visitor B, in another browser, types the same email and saves other answers over it.
    const b = new HttpVisitor(server.url);
    await b.post("/business-wizard", { industry: "retail", state: "Utah", intent: "continue" });
    await b.post("/business-wizard/segments", { segments: ["Florist"], intent: "continue" });
    const saved = await b.post("/business-wizard/email", { email: EMAIL, intent: "continue" });
    expect(saved.location).toBe("/business-wizard/questionnaire-1");
    expect(
      await b.completeApplication({
        businessName: "Beta Florist",
        firstName: "Bo",
        lastName: "Stem",
        phoneNumber: "(801) 555-0102",
        streetAddress: "2 Petal Ave",
        mailingAddress: "PO Box 2, Provo UT",
      }),
    ).toBe(true);

    // A's link (the one the email step sent) restores A's answers, not B's.
    await expect.poll(() => readWrittenEmails(dataDir).length).toBe(1);
    const link = resumeLinkIn(readWrittenEmails(dataDir)[0]!);
    await page.goto(`${server.url}${link}`);
    await page.getByRole("button", { name: "Continue my application" }).click();
    await expect(page).toHaveURL(/\/business-wizard\/summary$/);
    await expect(page.getByText("Alpha Bakery").first()).toBeVisible();
    await expect(page.getByText("Ada Baker", { exact: true })).toBeVisible();
    await expect(page.getByText("Beta Florist")).toHaveCount(0);

    // The lead desk shows both versions, and what B's saves changed.
    await page.context().clearCookies();
    await signIn(page, server.url, OPERATOR.email, OPERATOR.password);
    await page.getByRole("link", { name: EMAIL }).click();
    const history = page.getByRole("region", { name: "History" });
    await expect(history.getByRole("heading", { level: 3 })).toHaveText([
      "Version 4 (current)",
      "Version 3",
      "Version 2",
      "Version 1",
    ]);
    const byB = history.getByRole("listitem").filter({ hasText: "Version 3" });
    await expect(byB).toContainText("by visitor 2");
    await expect(byB).toContainText("who had not proven the email");
    await expect(byB.getByRole("row", { name: /Industry/ })).toHaveText(
      /IndustryFood & BeverageRetail & E-Commerce/,
    );
    const completedByB = history.getByRole("listitem").filter({ hasText: "Version 4" });
    await expect(completedByB.getByRole("row", { name: /^Business name/ })).toHaveText(
      "Business nameAlpha BakeryBeta Florist",
    );
    const completedByA = history.getByRole("listitem").filter({ hasText: "Version 2" });
    await expect(completedByA).toContainText("by visitor 1");
    await expect(completedByA.getByRole("row", { name: /^Business name/ })).toHaveText(
      "Business nameNot givenAlpha Bakery",
    );
    await expectNoAxeViolations(page);
    await page.goto("about:blank");
  } finally {
    await stopServer(server);
  }
});
