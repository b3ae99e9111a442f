import path from "node:path";

import { PGlite } from "@electric-sql/pglite";
import type { Page } from "@playwright/test";

import { PGLITE_OPTIONS } from "#app/server/db/database.server.ts";

import { makeDataDir, startServer, stopServer } from "../support/server-process.ts";
import { expect, test } from "./helpers.ts";

/** Asks for a call back from the Talk to an Expert dialog of a product page. */
async function requestCallBackInDialog(page: Page, base: string): Promise<void> {
  await page.goto(`${base}/cyber-insurance`);
  const trigger = page.getByRole("link", { name: "Talk to an Expert" });
  await trigger.click();
  const dialog = page.getByRole("dialog", { name: "Talk to an Expert" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("link", { name: "(888) 555-0199" })).toHaveAttribute(
    "href",
    "tel:+18885550199",
  );

  await dialog.getByLabel("Your name").fill("Ana Diaz");
  await dialog.getByLabel("Phone number").fill("555-23");
  await dialog.getByRole("button", { name: "Request a call back" }).click();
  await expect(dialog.getByText("Please enter a valid 10-digit US phone number")).toBeVisible();
  await expect(dialog.getByText("Please choose the best time to call")).toBeVisible();
  await expect(dialog.getByLabel("Your name")).toHaveValue("Ana Diaz");
  await expect(dialog.getByLabel("Phone number")).toBeFocused();
  // The focus ring shows in the brand colour on the white dialog (the section behind it is dark).
  await page.keyboard.press("Shift+Tab");
  await expect(dialog.getByLabel("Your name")).toHaveCSS("outline-color", "rgb(29, 78, 216)");

  await dialog.getByLabel("Phone number").fill("(555) 234-5678");
  await dialog.getByLabel("Best time to call").selectOption({ label: "Morning (9 am to noon ET)" });
  await dialog.getByRole("button", { name: "Request a call back" }).click();
  const thanks = dialog.getByRole("heading", { name: "Thanks, Ana Diaz! We'll call you back." });
  await expect(thanks).toBeFocused();
  await expect(dialog.getByText("(555) 234-5678")).toBeVisible();
  await expect(dialog.getByText("Morning (9 am to noon ET)")).toBeVisible();
  // All without leaving the page; Escape closes the dialog and focus returns to the button.
  expect(new URL(page.url()).pathname).toBe("/cyber-insurance");
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(trigger).toBeFocused();
}

test("a call-back request from the dialog is confirmed in place", async ({ page }) => {
  await requestCallBackInDialog(page, "");
});

test("a contact message is sent, and an invalid one keeps what was typed", async ({ page }) => {
  await page.goto("/contact");
  // The (sample) agency's phone; no hours, as the sample sets none.
  await expect(
    page.getByRole("main").getByRole("link", { name: "(888) 555-0199" }),
  ).toHaveAttribute("href", "tel:+18885550199");
  await page.getByLabel("Your name").fill("Sam Lee");
  await page.getByLabel("Email address").fill("sam@example");
  await page.getByLabel("Message", { exact: true }).fill("Do you insure food trucks in Ohio?");
  const invalid = page.waitForResponse((response) => response.request().method() === "POST");
  await page.getByRole("button", { name: "Send message" }).click();
  expect((await invalid).status()).toBe(400);
  await expect(page.getByText("Please enter a valid email address")).toBeVisible();
  await expect(page.getByLabel("Email address")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByLabel("Message", { exact: true })).toHaveValue(
    "Do you insure food trucks in Ohio?",
  );

  await page.getByLabel("Email address").fill("sam@example.com");
  await page.getByRole("button", { name: "Send message" }).click();
  await expect(
    page.getByRole("heading", { name: "Thanks, Sam Lee! Your message has been sent." }),
  ).toBeVisible();
  await expect(page.getByText("We'll reply to sam@example.com.")).toBeVisible();
});

test("the call-back request and the contact message are in the database", async ({ page }) => {
  // The embedded database, read here with PGlite itself.
  const dataDir = makeDataDir({ embedded: true });
  const server = await startServer({ dataDir });
  try {
    // The address the server names itself by (its default SITE_URL), so the origin matches.
    const base = `http://localhost:${new URL(server.url).port}`;
    await requestCallBackInDialog(page, base);
    await page.goto(`${base}/contact`);
    // A name with a right-to-left override would show in the lead desk as another: refused.
    await page.getByLabel("Your name").fill("Sam \u202eeeL");
    await page.getByLabel("Email address").fill("sam@example.com");
    await page.getByLabel("Message", { exact: true }).fill("Please call me about cyber cover.");
    await page.getByRole("button", { name: "Send message" }).click();
    await expect(
      page.getByText(
        "Please remove the hidden formatting characters (typing this again, not pasting it, will do)",
      ),
    ).toBeVisible();
    await expect(page.getByLabel("Your name")).toHaveAttribute("aria-invalid", "true");
    await page.getByLabel("Your name").fill("Sam Lee");
    await page.getByRole("button", { name: "Send message" }).click();
    await expect(page.getByRole("heading", { name: /Your message has been sent/ })).toBeVisible();
  } finally {
    await stopServer(server);
  }
  // The server has stopped and released its data directory: read what it stored.
  const database = await PGlite.create({
    dataDir: path.join(dataDir, "pglite"),
    ...PGLITE_OPTIONS,
  });
  try {
    const callbacks = await database.query(
      "select name, phone, best_time, product, language from callback_requests",
    );
    expect(callbacks.rows).toEqual([
      {
        name: "Ana Diaz",
        phone: "+15552345678",
        best_time: "morning",
        product: "cyber-insurance",
        language: "en",
      },
    ]);
    const messages = await database.query(
      "select name, email, message, language from contact_messages",
    );
    expect(messages.rows).toEqual([
      {
        name: "Sam Lee",
        email: "sam@example.com",
        message: "Please call me about cyber cover.",
        language: "en",
      },
    ]);
  } finally {
    await database.close();
  }
});
