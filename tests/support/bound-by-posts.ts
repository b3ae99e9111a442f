/**
 * A quote published, asked to bind, bound under a binder and issued, each step by the post its
 * form makes (tests/e2e/bind.spec.ts walks the same steps on screen): for the journeys that start
 * from a bound policy.
 */
import type { Browser, Page } from "@playwright/test";

import { expect } from "@playwright/test";

import { bindForm, daysFromToday, deskQuoteForm } from "./lead-fixtures.ts";
import { readWrittenEmails, resumeLinkIn } from "./outbox-files.ts";

/** The desk's quote form for one line (`line`'s limits and deductible), as a browser posts it. */
export function quoteForLine(insurer: string, line: string, premium: string) {
  const form: Record<string, string> = {};
  for (const [name, value] of Object.entries(deskQuoteForm(insurer, "bindable", premium))) {
    form[name.replace(/^general-liability\./, `${line}.`)] = value;
  }
  return form;
}

/**
 * Adds `quote` on the desk's `quotesUrl` and publishes it; the customer follows the newest "quotes
 * are ready" email (the `published`-th) in a browser of their own and asks to bind `insurer`'s
 * quote; the desk binds it under `B-<number>` and adds the policy `number` from `start` to `end`.
 * Returns the customer's page, on their quotes.
 */
export async function bindByPosts(options: {
  browser: Browser;
  serverUrl: string;
  dataDir: string;
  desk: Page;
  quotesUrl: string;
  quote: Record<string, string>;
  insurer: string;
  signature: string;
  published: number;
  policy: { number: string; start: string; end: string; pdf: Buffer };
}): Promise<Page> {
  const { desk, quotesUrl, serverUrl, policy } = options;
  const post = (page: Page, url: string, form: Record<string, string>) =>
    page.request.post(url, { headers: { Origin: serverUrl }, form });
  expect((await post(desk, quotesUrl, { ...options.quote, intent: "add" })).ok()).toBe(true);
  expect((await post(desk, quotesUrl, { intent: "publish" })).ok()).toBe(true);
  const ready = () =>
    readWrittenEmails(options.dataDir).filter((email) => /quotes are ready/.test(email.subject));
  await expect.poll(() => ready().length).toBe(options.published);
  const customer = await (await options.browser.newContext()).newPage();
  await customer.goto(`${serverUrl}${resumeLinkIn(ready().at(-1)!)}`);
  await customer.getByRole("button", { name: "See my quotes" }).click();
  await expect(customer).toHaveURL(/\/business-wizard\/quotes$/);
  const href = await customer
    .getByRole("link", { name: `Choose this quote from ${options.insurer}` })
    .getAttribute("href");
  const start = policy.start < daysFromToday(0) ? daysFromToday(0) : policy.start;
  const asked = await post(customer, `${serverUrl}${href}`, bindForm(options.signature, start));
  expect(asked.ok()).toBe(true);
  const binder = {
    intent: "bind",
    binderNumber: `B-${policy.number}`,
    binderEffective: policy.start,
    binderExpires: daysFromToday(90),
  };
  expect((await post(desk, quotesUrl, binder)).ok()).toBe(true);
  const issued = await desk.request.post(quotesUrl, {
    headers: { Origin: serverUrl },
    multipart: {
      intent: "policy",
      policyNumber: policy.number,
      policyStart: policy.start,
      policyEnd: policy.end,
      file: { name: `${policy.number}.pdf`, mimeType: "application/pdf", buffer: policy.pdf },
    },
  });
  expect(issued.ok()).toBe(true);
  return customer;
}
