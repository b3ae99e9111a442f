import type { Browser, Page } from "@playwright/test";

import { SAMPLE_AGENCY_NOTE } from "#app/domain/site/agency.ts";
import { site } from "#app/domain/site/site.ts";
import { NOT_LICENSED_PATH } from "#app/domain/wizard/wizard-screens.ts";

import { pageTexts, textsOutsideCatalog } from "../support/catalog-text.ts";
import { htmlErrors } from "../support/html-checker.ts";
import { createDeskOperator, signIn } from "../support/lead-desk.ts";
import { readWrittenEmails } from "../support/outbox-files.ts";
import {
  makeDataDir,
  startServer,
  stopServer,
  type ServerProcess,
} from "../support/server-process.ts";
import { openDataDirDatabase } from "../support/databases.ts";
import { HttpVisitor } from "../support/visitor.ts";
import { chooseIndustryAndState, expect, expectNoAxeViolations, test } from "./helpers.ts";

/**
 * Only where the agency is licensed (decision 031): with the agency's own details set, a visitor
 * whose business is in another state is stopped after step 1, with JavaScript and without, sees
 * the states served and may leave an address; nothing past step 1 is stored for that state, by any
 * path. While the sample details are in use (the journeys' own server), every state is open and
 * every page and email says the site is not yet operated by a licensed agency.
 */
test.describe.configure({ mode: "serial" });
test.setTimeout(90_000);

const AGENCY = {
  AGENCY_NAME: "Harbor Insurance Agency LLC",
  AGENCY_HOME_STATE: "CA",
  AGENCY_NPN: "12345678",
  AGENCY_LICENSES: "CA:0K12345,TX:2345678",
  AGENCY_ADDRESS: "1 Harbor Way, San Diego, CA 92101",
  AGENCY_PHONE: "(619) 555-0100",
  AGENCY_EMAIL: "service@harbor-insurance.example",
  // The optional contact details: every one a page shows comes from here (issue 53).
  AGENCY_HOURS: "Mon-Fri 8 am to 5 pm Pacific",
  AGENCY_SOCIAL_LINKS: "https://www.linkedin.com/company/harbor-ins,https://harbor.example/news",
};
/** The product's own numbers, hours and profiles of old, which no agency's page may show. */
const PRODUCT_CONTACTS =
  /555-0199|555-0142|8885550|9 am to 6 pm|linkedin\.com\/company\/coverpilot|facebook\.com\/coverpilot|x\.com\/coverpilot/;
const TITLE = "We can't help with a business in Ohio yet";

/** Emails go at once, the email step's link back included (decision 032 may make it wait). */
const MAIL_AT_ONCE = { RESUME_REMINDER_DELAY_MS: "0" };

let server: ServerProcess | undefined;
let dataDir: string;

test.beforeAll(async () => {
  dataDir = makeDataDir();
  server = await startServer({
    dataDir,
    // Spanish on: the stop is also checked in Spanish.
    env: { SITE_URL: "http://127.0.0.1", SPANISH: "true", ...MAIL_AT_ONCE, ...AGENCY },
  });
});

test.afterAll(async () => {
  if (server) await stopServer(server);
});

function licensedUrl(path: string): string {
  if (!server) throw new Error("The licensed agency's server is not running");
  return `${server.url}${path}`;
}

async function newPage(browser: Browser, javaScriptEnabled: boolean): Promise<Page> {
  const context = await browser.newContext({ javaScriptEnabled });
  return context.newPage();
}

/** Step 1 with a state the agency does not serve: the not-licensed page, not segments. */
async function chooseOhio(page: Page): Promise<void> {
  await page.goto(licensedUrl("/business-wizard"));
  await page.getByRole("radio", { name: "Food & Beverage" }).check();
  await page.getByLabel("Your business is in the state of:", { exact: true }).selectOption("Ohio");
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page).toHaveURL(new RegExp(`${NOT_LICENSED_PATH}$`));
  await expect(page.getByRole("heading", { level: 1, name: TITLE })).toBeVisible();
}

/** What the not-licensed page says: why, the states served, a way back, and the agency. */
async function expectTheStop(page: Page): Promise<void> {
  const main = page.locator("#main");
  await expect(main).toContainText("does not hold one in Ohio yet");
  await expect(main.getByRole("heading", { level: 2, name: "The states we serve" })).toBeVisible();
  await expect(
    main.getByRole("list", { name: "The states we serve" }).getByRole("listitem"),
  ).toHaveText(["California", "Texas"]);
  await expect(main.getByRole("link", { name: "Choose your state again" })).toHaveAttribute(
    "href",
    "/business-wizard",
  );
  await expect(page.getByRole("contentinfo")).toContainText(
    "Harbor Insurance Agency LLC, a California insurance agency.",
  );
  // The agency's own details: no sample notice anywhere.
  await expect(page.getByText(SAMPLE_AGENCY_NOTE)).toHaveCount(0);
}

/** Leaves an address on the page, and waits for its answer. */
async function leaveEmail(page: Page, email: string): Promise<void> {
  await page.getByLabel("Your email address", { exact: true }).fill(email);
  await page.getByRole("button", { name: "Email me when you can help" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Thank you." })).toHaveText(
    "Thank you. We'll email you when we can help in Ohio.",
  );
}

test("with JavaScript: a business in a state the agency is not licensed in stops at step 1, and an address is noted", async ({
  browser,
}) => {
  const page = await newPage(browser, true);
  await chooseOhio(page);
  await expectTheStop(page);
  await expectNoAxeViolations(page);

  // The form is checked as typed, with the messages every email field has.
  const email = page.getByLabel("Your email address", { exact: true });
  await email.fill("not an address");
  await email.blur();
  await expect(page.getByText("Please enter a valid email address")).toBeVisible();
  await expect(email).toHaveAttribute("aria-invalid", "true");
  await leaveEmail(page, "Ohio.Owner@Example.com");
  await expectNoAxeViolations(page);

  // Later steps, opened directly, come back here.
  for (const path of [
    "/business-wizard/segments",
    "/business-wizard/email",
    "/business-wizard/quote",
  ]) {
    await page.goto(licensedUrl(path));
    await expect(page, path).toHaveURL(new RegExp(`${NOT_LICENSED_PATH}$`));
  }

  // Another state the agency serves goes on.
  await page.getByRole("link", { name: "Choose your state again" }).click();
  await chooseIndustryAndState(page, "Food & Beverage", "Texas");
  await page.context().close();
});

test("without JavaScript, in Spanish: the same stop, a refused address, and one noted in its language", async ({
  browser,
}) => {
  const page = await newPage(browser, false);
  await page.goto(licensedUrl("/es/business-wizard"));
  await page.getByRole("radio", { name: "Alimentos y bebidas" }).check();
  await page.getByLabel("Su negocio está en el estado de:", { exact: true }).selectOption("Ohio");
  await page.getByRole("button", { name: "Continuar" }).click();
  await expect(page).toHaveURL(new RegExp(`/es${NOT_LICENSED_PATH}$`));
  const title = "Aún no podemos ayudar a un negocio en Ohio";
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  const main = page.locator("#main");
  await expect(main).toContainText("todavía no tiene licencia en Ohio");
  await expect(
    main.getByRole("list", { name: "Los estados donde trabajamos" }).getByRole("listitem"),
  ).toHaveText(["California", "Texas"]);
  await expect(main.getByRole("link", { name: "Elija su estado de nuevo" })).toHaveAttribute(
    "href",
    "/es/business-wizard",
  );
  // Every word from the Spanish catalog, the agency's own details aside.
  const agencyDetails = [
    site.brand,
    AGENCY.AGENCY_NAME,
    AGENCY.AGENCY_ADDRESS,
    AGENCY.AGENCY_PHONE,
    AGENCY.AGENCY_HOURS,
    "LinkedIn",
    "harbor.example",
    "CA 0K12345, TX 2345678",
  ];
  expect(textsOutsideCatalog(await pageTexts(page), "es", agencyDetails)).toEqual([]);
  expect(
    await htmlErrors(new Map([["/es/business-wizard/not-licensed", await page.content()]])),
  ).toEqual([]);
  await page.getByRole("button", { name: "Avísenme por correo cuando puedan ayudar" }).click();
  await expect(page.getByText("Escriba su correo electrónico", { exact: true })).toBeVisible();
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  // (axe runs in the page's own scripts: it checks this page in the journey with JavaScript.)
  await page.getByLabel("Su correo electrónico", { exact: true }).fill("no-script@example.com");
  await page.getByRole("button", { name: "Avísenme por correo cuando puedan ayudar" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Gracias." })).toHaveText(
    "Gracias. Le escribiremos cuando podamos ayudar en Ohio.",
  );
  await page.context().close();
});

test("posted straight to the email step or a later one, a draft for such a state stores nothing", async () => {
  const visitor = new HttpVisitor(licensedUrl(""));
  expect(
    await visitor.post("/business-wizard", { industry: "food", state: "Ohio", intent: "continue" }),
  ).toEqual({ status: 302, location: NOT_LICENSED_PATH });
  const later: Array<[string, Record<string, string | string[]>]> = [
    ["/business-wizard/segments", { segments: ["Bakery"] }],
    ["/business-wizard/email", { email: "direct@example.com" }],
    ["/business-wizard/questionnaire-1", { businessName: "Direct Bakery" }],
    ["/business-wizard/questionnaire-3", { ownershipStructure: "Trust", startYear: "2015" }],
    ["/business-wizard/quote", { intent: "request" }],
  ];
  for (const [path, fields] of later) {
    expect(await visitor.post(path, { ...fields, intent: "continue" }), path).toEqual({
      status: 302,
      location: NOT_LICENSED_PATH,
    });
  }
  const page = await visitor.getPage(NOT_LICENSED_PATH);
  expect(page.status).toBe(200);
  expect(page.html).toContain("We can&#x27;t help with a business in Ohio yet");

  // A business in Texas goes on, and its emails carry the agency's identity without the notice.
  const texan = new HttpVisitor(licensedUrl(""));
  await texan.post("/business-wizard", { industry: "food", state: "Texas", intent: "continue" });
  await texan.post("/business-wizard/segments", { segments: ["Bakery"], intent: "continue" });
  expect(
    await texan.post("/business-wizard/email", { email: "texan@example.com", intent: "continue" }),
  ).toEqual({ status: 302, location: "/business-wizard/questionnaire-1" });
  await expect
    .poll(() => readWrittenEmails(dataDir).filter((sent) => sent.to === "texan@example.com").length)
    .toBeGreaterThan(0);
  for (const sent of readWrittenEmails(dataDir)) {
    expect(sent.body).toContain("Harbor Insurance Agency LLC, a California insurance agency");
    expect(sent.body).not.toContain(SAMPLE_AGENCY_NOTE);
  }
});

test("with the agency's own details, no page carries the sample notice, the prerendered ones included", async () => {
  // The marketing pages were built with the sample details: this server renders them itself.
  for (const path of ["/", "/about", "/business-wizard", "/no-such-page"]) {
    const html = await (await fetch(licensedUrl(path))).text();
    expect(html, path).toContain("Harbor Insurance Agency LLC, a California insurance agency");
    expect(html, path).not.toContain("not yet operated by a licensed insurance agency");
    expect(html, path).not.toContain("data-sample-notice");
  }
});

test("every contact detail a page shows is the agency's: its phone, hours and profiles, none of the product's", async ({
  browser,
}) => {
  const page = await newPage(browser, true);
  const tel = "tel:+16195550100";
  for (const path of [
    "/",
    "/login",
    "/contact",
    "/about",
    "/talk-to-an-expert",
    "/privacy",
    "/es/contact",
    "/es/login",
  ]) {
    await page.goto(licensedUrl(path));
    expect(await page.content(), path).not.toMatch(PRODUCT_CONTACTS);
    const footer = page.getByRole("contentinfo");
    await expect(footer.getByRole("link", { name: AGENCY.AGENCY_PHONE }), path).toHaveAttribute(
      "href",
      tel,
    );
    await expect(footer, path).toContainText(AGENCY.AGENCY_HOURS);
    const social = footer.getByRole("list", { name: /Social media|Redes sociales/ });
    await expect(social.getByRole("link"), path).toHaveText(["LinkedIn", "harbor.example"]);
    await expect(social.getByRole("link").first(), path).toHaveAttribute(
      "href",
      "https://www.linkedin.com/company/harbor-ins",
    );
    // The Organization's structured data: the same settings.
    const organization = JSON.parse(
      (await page.locator('script[type="application/ld+json"]').first().textContent()) ?? "{}",
    ) as Record<string, unknown>;
    expect(organization, path).toMatchObject({
      name: AGENCY.AGENCY_NAME,
      telephone: "+16195550100",
      email: AGENCY.AGENCY_EMAIL,
      sameAs: ["https://www.linkedin.com/company/harbor-ins", "https://harbor.example/news"],
    });
  }
  // The wizard's header offers the agency's phone to call.
  await page.goto(licensedUrl("/business-wizard"));
  const call = page.getByRole("banner").getByRole("link", { name: /Call/ });
  await expect(call).toHaveAccessibleName(`Questions? Call ${AGENCY.AGENCY_PHONE}`);
  await expect(call).toHaveAttribute("href", tel);
  // /login and the contact page: the one phone, with the agency's hours.
  for (const path of ["/login", "/contact"]) {
    await page.goto(licensedUrl(path));
    const main = page.locator("#main");
    await expect(main.locator('a[href^="tel:"]'), path).toHaveCount(1);
    await expect(main.getByRole("link", { name: AGENCY.AGENCY_PHONE }), path).toHaveAttribute(
      "href",
      tel,
    );
    await expect(main, path).toContainText(AGENCY.AGENCY_HOURS);
  }
  await page.context().close();
});

test("once stopped, the database holds the noted addresses and nothing else for the state", async () => {
  if (server) await stopServer(server);
  server = undefined;
  const database = await openDataDirDatabase(dataDir);
  try {
    const waitlist = await database.db
      .selectFrom("state_waitlist")
      .select(["email", "state", "language"])
      .orderBy("id")
      .execute();
    expect(waitlist).toEqual([
      { email: "ohio.owner@example.com", state: "Ohio", language: "en" },
      // Noted from the Spanish page: the one email promised will be written in Spanish.
      { email: "no-script@example.com", state: "Ohio", language: "es" },
    ]);
    const submissions = await database.db
      .selectFrom("business_wizard_submissions")
      .select(["email", "state"])
      .execute();
    expect(submissions).toEqual([{ email: "texan@example.com", state: "Texas" }]);
    const drafts = await database.db
      .selectFrom("wizard_drafts")
      .select(["data", "submission_id"])
      .execute();
    for (const draft of drafts.filter((row) => row.submission_id !== null)) {
      expect(draft.data).toMatchObject({ draft: { state: "Texas" } });
    }
    // No lead went out: no webhook delivery, and the only emails are the Texan's.
    expect(await database.db.selectFrom("webhook_deliveries").select("id").execute()).toEqual([]);
    const outbox = await database.db.selectFrom("outbox").select("recipients").execute();
    expect(outbox.flatMap((email) => email.recipients)).not.toContain("ohio.owner@example.com");
    expect(outbox.flatMap((email) => email.recipients)).not.toContain("no-script@example.com");
  } finally {
    await database.close();
  }
});

test("Ohio added to the licences: each noted address is emailed once, in its language, and the desk's waitlist says so", async ({
  page,
}) => {
  // The noted addresses' database, with an operator, served again with a licence for Ohio too.
  await createDeskOperator(dataDir, "desk@harbor.example", "waitlist desk password 1");
  const licensed = { ...AGENCY, AGENCY_LICENSES: `${AGENCY.AGENCY_LICENSES},OH:7654321` };
  for (let start = 0; start < 2; start++) {
    // Started twice: the promise is kept once.
    const started = await startServer({
      dataDir,
      env: { SITE_URL: "http://127.0.0.1", SPANISH: "true", ...MAIL_AT_ONCE, ...licensed },
    });
    server = started;
    if (start === 0) {
      await expect
        .poll(() => readWrittenEmails(dataDir).filter((email) => /Ohio/.test(email.subject)))
        .toHaveLength(2);
      await stopServer(started);
    }
  }
  await signIn(page, licensedUrl(""), "desk@harbor.example", "waitlist desk password 1");
  await page.getByRole("link", { name: "Waitlist", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: "States' waitlist" })).toBeVisible();
  const states = page.getByRole("table", { name: "Addresses waiting, by state" });
  await expect(states.getByRole("row", { name: /^Ohio/ }).getByRole("cell")).toHaveText([
    "0",
    "2",
    "Licensed: those waiting are emailed at the next check",
  ]);
  await expect(page.getByRole("table", { name: /Every address/ })).toContainText(
    "no-script@example.com",
  );
  await expectNoAxeViolations(page);
  await page.setViewportSize({ width: 360, height: 740 });
  await expectNoAxeViolations(page);
  const html = await (await page.request.get(licensedUrl("/admin/waitlist"))).text();
  expect(await htmlErrors(new Map([["the states' waitlist", html]]))).toEqual([]);
  const csv = await (await page.request.get(licensedUrl("/admin/waitlist.csv"))).text();
  expect(csv).toContain("Ohio,ohio.owner@example.com,en,");
  // The second start told nobody again.
  const told = readWrittenEmails(dataDir).filter((email) => /Ohio/.test(email.subject));
  expect(told.map((email) => [email.to, email.subject]).sort()).toEqual([
    ["no-script@example.com", "Harbor Insurance Agency LLC ya puede ayudar a negocios en Ohio"],
    ["ohio.owner@example.com", "Harbor Insurance Agency LLC can now help businesses in Ohio"],
  ]);
  expect(told.find((email) => email.to === "ohio.owner@example.com")!.body).toContain(
    `/business-wizard`,
  );
  if (server) await stopServer(server);
  server = undefined;
});

test("while the sample details are in use, every state is open and every page and email says the site is not yet run by a licensed agency", async ({
  page,
  request,
}) => {
  for (const path of ["/", "/about", "/business-wizard", "/no-such-page"]) {
    await page.goto(path);
    const notice = page.locator("#main [data-sample-notice]");
    await expect(notice, path).toHaveText(SAMPLE_AGENCY_NOTE);
    await expect(notice, path).toBeInViewport();
    await expect(page.getByRole("contentinfo"), path).toContainText(SAMPLE_AGENCY_NOTE);
  }
  // The prerendered home page carries it as built.
  expect(await (await request.get("/")).text()).toContain(
    "not yet operated by a licensed insurance agency",
  );
  await page.goto("/business-wizard");
  await chooseIndustryAndState(page, "Food & Beverage", "Ohio");
  await expect(page.locator("#main [data-sample-notice]")).toBeVisible();

  // An email: the link back the email step sends, from a server with the sample details.
  const sampleDataDir = makeDataDir();
  const sample = await startServer({ dataDir: sampleDataDir, env: MAIL_AT_ONCE });
  try {
    expect(await new HttpVisitor(sample.url).saveEmailStep("sample@example.com")).toBe(true);
    await expect
      .poll(
        () =>
          readWrittenEmails(sampleDataDir).filter((sent) => sent.to === "sample@example.com")
            .length,
      )
      .toBeGreaterThan(0);
    for (const sent of readWrittenEmails(sampleDataDir)) {
      expect(sent.body).toContain(SAMPLE_AGENCY_NOTE);
      if (sent.html) expect(sent.html).toContain("not yet operated by a licensed insurance agency");
    }
  } finally {
    await stopServer(sample);
  }
});
