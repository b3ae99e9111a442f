import type { Page } from "@playwright/test";

import { MARKETING_PATHS } from "#app/domain/site/site-pages.ts";

import { htmlErrors } from "../support/html-checker.ts";
import { createDeskOperator, signIn } from "../support/lead-desk.ts";
import { readWrittenEmails, resumeLinkIn } from "../support/outbox-files.ts";
import { makeDataDir, startServer, stopServer } from "../support/server-process.ts";
import {
  chooseIndustryAndState,
  enterAboutYou,
  enterBusinessName,
  enterEmail,
  enterOwnership,
  expect,
  layoutProblems,
  test,
  watchCsp,
} from "./helpers.ts";

/** The widths every page is laid out at: a small phone, a tablet, a laptop. */
const WIDTHS = [360, 768, 1280] as const;

/** The journeys' server keeps its files here (playwright.config.ts): its outbox has the emails. */
const SERVER_DATA_DIR = `.tmp/e2e-data-${process.env.E2E_PORT ?? 3210}`;

/**
 * Every page as the server sends it, and each at three widths as the browser lays it out: the
 * layout is checked at each, and the HTML is kept to be validated at the end, all at once (one
 * Java start for the lot).
 */
class PageChecker {
  readonly documents = new Map<string, string>();
  readonly problems: string[] = [];
  readonly cspViolations: string[] = [];
  private readonly page: Page;
  private readonly csp: () => Promise<string[]>;

  constructor(page: Page, csp: () => Promise<string[]>) {
    this.page = page;
    this.csp = csp;
  }

  /** Checks the page that is open now, under `name`; its HTML is fetched again unless given. */
  async check(name: string, html?: string): Promise<void> {
    for (const violation of await this.csp()) this.cspViolations.push(`${name}: ${violation}`);
    this.documents.set(name, html ?? (await (await this.page.request.get(this.page.url())).text()));
    for (const width of WIDTHS) {
      await this.page.setViewportSize({ width, height: 800 });
      for (const problem of await layoutProblems(this.page)) {
        this.problems.push(`${name} at ${width} px: ${problem}`);
      }
    }
    await this.page.setViewportSize({ width: 1280, height: 800 });
  }

  /** Opens a path and checks it. */
  async open(path: string, name = path): Promise<void> {
    const response = await this.page.goto(path);
    await this.check(name, await response!.text());
  }

  /** Keeps the HTML of a form posted as a browser without JavaScript would (refused: 400). */
  async post(path: string, fields: Record<string, string>, origin: string): Promise<void> {
    const response = await this.page.request.post(path, {
      form: fields,
      headers: { Origin: origin },
      maxRedirects: 0,
    });
    expect(response.status(), `POST ${path}`).toBe(400);
    this.documents.set(`POST ${path} (refused)`, await response.text());
  }
}

test("every page and wizard screen: no sideways scroll or overlaps at 360, 768 and 1280 px, valid HTML, and nothing the Content-Security-Policy refuses", async ({
  page,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const pages = new PageChecker(page, await watchCsp(page));
  const origin = baseURL!;

  for (const path of MARKETING_PATHS) await pages.open(path);
  await pages.open("/no-such-page", "the not-found page");
  await pages.open("/resume/not-a-link", "a broken resume link");
  await pages.open("/admin/login", "the lead desk's sign-in");
  await pages.post("/contact", {}, origin);
  await pages.post("/talk-to-an-expert", {}, origin);
  await pages.post("/login", {}, origin);

  // The wizard, screen by screen, with each kind of segments screen.
  await pages.open("/business-wizard");
  await pages.post("/business-wizard", {}, origin);
  for (const [industry, name] of [
    ["Offices & Professionals", "segments (offices)"],
    ["Cleaning", "segments (cleaning)"],
    ["Other Industries", "segments (other)"],
    ["Construction", "segments (construction)"],
  ] as const) {
    await chooseIndustryAndState(page, industry, "Idaho");
    await pages.check(name);
    if (industry !== "Construction") await page.getByRole("button", { name: "Back" }).click();
  }
  await page.getByLabel("Filter the list").fill("in");
  await pages.check("segments (construction, filtered)");
  await page.getByRole("checkbox", { name: "Roofing" }).check();
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page).toHaveURL(/\/email$/);
  await pages.check("email");
  const email = `quality-${Date.now()}@example.com`;
  await enterEmail(page, email);
  await pages.check("questionnaire-1 (with the saved toast)");
  await enterBusinessName(page, "Quality Roofing");
  await page.getByRole("radio", { name: "No" }).check();
  await pages.check("questionnaire-2");
  await pages.post("/business-wizard/questionnaire-2", { intent: "continue" }, origin);
  await enterAboutYou(page, {
    firstName: "Val",
    lastName: "Idator",
    phone: "(208) 555-0100",
    streetAddress: "1 Check St",
    mailingAddress: "PO Box 1, Boise ID",
  });
  await pages.check("questionnaire-3");
  await enterOwnership(page, "Trust", "1999");
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page).toHaveURL(/\/business-wizard\/quote$/);
  await pages.check("the coverage plan, with the saved message");
  // A contract's requirements refused: each message beside its field (decision 048).
  await pages.post(
    "/business-wizard/quote",
    { intent: "contract", contractParty: "", neededBy: "1999-01-01" },
    origin,
  );

  // The link the email step sent now opens the complete application's plan, and from it the
  // application, read only.
  await expect
    .poll(() => readWrittenEmails(SERVER_DATA_DIR).filter((sent) => sent.to === email).length)
    .toBe(1);
  const sent = readWrittenEmails(SERVER_DATA_DIR).find((written) => written.to === email)!;
  await pages.open(resumeLinkIn(sent), "a resume link");
  await page.getByRole("button", { name: "See my coverage plan" }).click();
  await expect(page).toHaveURL(/\/business-wizard\/quote$/);
  await page.getByRole("link", { name: "Your application", exact: true }).click();
  await expect(page).toHaveURL(/\/business-wizard\/summary$/);
  await pages.check("the application's summary");

  // The lead desk's pages, signed in as an operator made through the running server (decision
  // 037), this application among its leads.
  const desk = { email: "quality-desk@agency.example", password: "quality desk password 1" };
  await createDeskOperator(SERVER_DATA_DIR, desk.email, desk.password);
  await signIn(page, origin, desk.email, desk.password);
  for (const [path, name] of [
    ["/admin", "the work queue"],
    ["/admin?view=mine", "the queue's My leads"],
    ["/admin/submissions", "the submissions"],
    ["/admin/funnel", "the funnel"],
    ["/admin/call-backs", "the call-back requests"],
    ["/admin/messages", "the contact messages"],
    ["/admin/templates", "the email templates"],
    ["/admin/profile", "the operator's producer licences"],
  ] as const) {
    await pages.open(path, name);
  }
  await pages.open(`/admin/submissions?q=${encodeURIComponent(email)}`, "a search");
  await page.getByRole("link", { name: email }).click();
  await pages.check("a lead");
  await pages.post(page.url(), { intent: "log", kind: "note", body: "" }, origin);
  await page.getByRole("button", { name: "Fill in" }).click();
  await pages.check("a lead, an email filled in");
  await pages.post("/admin/templates", { name: "", subject: "{zip}", body: "" }, origin);
  await pages.post("/admin/profile", { intent: "license", state: "ZZ", number: "" }, origin);
  await pages.post("/admin/operators", { intent: "invite", email: "" }, origin);
  const invited = "quality-invited@agency.example";
  const sentInvitation = await page.request.post("/admin/operators", {
    form: { intent: "invite", email: invited },
    headers: { Origin: origin },
    maxRedirects: 0,
  });
  expect(sentInvitation.status()).toBe(302);
  await pages.open("/admin/operators", "the operators, with an invitation");
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect
    .poll(() => readWrittenEmails(SERVER_DATA_DIR).filter((mail) => mail.to === invited).length)
    .toBe(1);
  const invitation = readWrittenEmails(SERVER_DATA_DIR).find((mail) => mail.to === invited)!;
  const joinPath = /\/admin\/join\/[A-Za-z0-9_-]{43}/.exec(invitation.body)![0];
  await pages.open(joinPath, "an invitation to the desk");
  await pages.post(joinPath, { password: "short", confirm: "" }, origin);
  await pages.open("/admin/join/not-a-link", "an invitation that no longer works");

  // Where the wizard stops for a state the agency holds no licence in (decision 031): only with
  // the agency's own details set, so on a server of its own.
  const licensed = await startServer({
    dataDir: makeDataDir(),
    env: {
      SITE_URL: "http://127.0.0.1",
      AGENCY_NAME: "Harbor Insurance Agency LLC",
      AGENCY_HOME_STATE: "CA",
      AGENCY_NPN: "12345678",
      AGENCY_LICENSES: "CA:0K12345,TX:2345678",
      AGENCY_ADDRESS: "1 Harbor Way, San Diego, CA 92101",
      AGENCY_PHONE: "(619) 555-0100",
      AGENCY_EMAIL: "service@harbor-insurance.example",
    },
  });
  try {
    const notLicensed = `${licensed.url}/business-wizard/not-licensed`;
    await page.goto(`${licensed.url}/business-wizard`);
    await page.getByRole("radio", { name: "Food & Beverage" }).check();
    await page
      .getByLabel("Your business is in the state of:", { exact: true })
      .selectOption("Ohio");
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(page).toHaveURL(notLicensed);
    await pages.check("the not-licensed page");
    await pages.post(notLicensed, {}, licensed.url);
    await page.getByLabel("Your email address", { exact: true }).fill("quality@example.com");
    await page.getByRole("button", { name: "Email me when you can help" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Thank you." })).toBeVisible();
    const noted = await page.request.post(notLicensed, {
      form: { email: "quality@example.com" },
      headers: { Origin: licensed.url },
    });
    await pages.check("the not-licensed page, address noted", await noted.text());
  } finally {
    await stopServer(licensed);
  }

  expect(pages.problems, "layout problems").toEqual([]);
  expect(pages.cspViolations, "Content-Security-Policy violations").toEqual([]);
  expect(await htmlErrors(pages.documents), "Nu HTML Checker errors").toEqual([]);
});
