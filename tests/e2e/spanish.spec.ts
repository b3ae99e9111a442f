import { tmpdir } from "node:os";
import { licensesText, SAMPLE_AGENCY } from "#app/domain/site/agency.ts";
import { AGENCY_PROOF } from "#app/domain/site/agency-proof.ts";
import { testimonials } from "#app/domain/site/marketing.ts";
import { SITE_COOKIES } from "#app/domain/site/site-cookies.ts";
import { SPANISH_PAGES } from "#app/domain/site/site-pages.ts";
import { localizedPath } from "#app/domain/site/locales.ts";
import { publishedPrices } from "#app/domain/reference/product-pages.ts";
import { site } from "#app/domain/site/site.ts";
import { stateOfCode } from "#app/domain/reference/states.ts";
import { pageTexts, textsOutsideCatalog } from "../support/catalog-text.ts";
import { makeDataDir, startServer, stopServer } from "../support/server-process.ts";
import { htmlErrors } from "../support/html-checker.ts";
import { completeRecord } from "../support/application-records.ts";
import { signIn } from "../support/lead-desk.ts";
import { readWrittenEmails } from "../support/outbox-files.ts";
import {
  latestStartDate,
  quoteConsentText,
  startDateText,
  usToday,
} from "#app/domain/quote/quote-request.ts";
import { addDays } from "#app/domain/values/days.ts";
import { dayText } from "#app/domain/quote/insurer-quotes.ts";
import { bindStatements } from "#app/domain/quote/bind-requests.ts";
import { addPolicy, markBound } from "#app/server/leads/bind-store.server.ts";
import { DOCUMENT_MAX_BYTES, formatBytes } from "#app/domain/quote/request-documents.ts";
import { createOperator } from "#app/server/admin/operators.server.ts";
import {
  addInsurerQuote,
  publishInsurerQuotes,
} from "#app/server/leads/insurer-quote-store.server.ts";
import { askQuestion } from "#app/server/leads/question-store.server.ts";
import {
  daysFromToday,
  FIXTURE_AGENCY,
  leadWithRequest,
  receivedFile,
  SAMPLE_QUOTE,
} from "../support/lead-fixtures.ts";
import { openDataDirDatabase } from "../support/databases.ts";
import {
  FIGURES_GATHERED_IN,
  RULES_READ_ON,
  sourceReadText,
} from "#app/domain/reference/source.ts";
import type { Page } from "@playwright/test";

import {
  expect,
  expectNoAxeViolations,
  headerOutsideViewport,
  layoutProblems,
  test,
} from "./helpers.ts";

/** Whether `text` opens a parenthesis inside another. */
function nestsParentheses(text: string): boolean {
  let depth = 0;
  for (const char of text) {
    depth += char === "(" ? 1 : char === ")" ? -1 : 0;
    if (depth > 1) return true;
  }
  return false;
}

/**
 * Names and data a Spanish page shows as they are, which no catalog holds: the brand, the sample
 * agency's details and the sample testimonials' people.
 */
const NOT_WORDS = [
  site.brand,
  SAMPLE_AGENCY.name,
  SAMPLE_AGENCY.address,
  licensesText(SAMPLE_AGENCY.licenses),
  stateOfCode(SAMPLE_AGENCY.homeState) ?? "",
  ...testimonials(AGENCY_PROOF, "es").items.flatMap((item) => [item.author, item.initials]),
  // The cookies' names, which the privacy and cookie policies show as they are.
  ...Object.values(SITE_COOKIES).map((cookie) => cookie.name),
  // The publishers of the published premiums, named as they name themselves.
  ...publishedPrices("workers-comp").map((price) => price.figure.source.publisher),
];

/** Every word the page shows in Spanish comes from the Spanish catalog, or was typed (`typed`). */
async function expectOnlySpanishCatalogText(page: Page, typed: readonly string[] = []) {
  expect(textsOutsideCatalog(await pageTexts(page), "es", [...NOT_WORDS, ...typed])).toEqual([]);
}

// Spanish (issue 31): on by default now that the whole journey speaks it (decision 050); a server
// with SPANISH=false is English only.

test("with SPANISH=false the site is English only: no /es, no switch, no alternates", async ({
  page,
  request,
}) => {
  // Its own server: the build prerendered both languages, which this one must not serve.
  const server = await startServer({ dataDir: makeDataDir(), env: { SPANISH: "false" } });
  try {
    const notFound = await page.goto(`${server.url}/es`);
    expect(notFound?.status()).toBe(404);
    // Not a Spanish page while the site speaks no Spanish: the English not-found page.
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await expect(page.getByText("Oops! Page not found")).toBeVisible();
    // A refusal made before the app at a Spanish address is English too.
    const refused = await request.fetch(`${server.url}/es`, { method: "PUT" });
    expect(refused.status()).toBe(405);
    expect(await refused.text()).toContain('<html lang="en">');
    await page.goto(`${server.url}/`);
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await expect(page.getByRole("link", { name: "Español" })).toHaveCount(0);
    await expect(page.locator('link[rel="alternate"]')).toHaveCount(0);
    expect(await (await request.get(`${server.url}/sitemap.xml`)).text()).not.toContain("/es");
  } finally {
    await stopServer(server);
  }
});

test("with SPANISH on, the marketing pages in Spanish (landing, products, About, Contact, Talk to an Expert, legal, Log in): catalog text only, switch, alternates, sitemap, axe, Nu, widths, with and without JavaScript", async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const server = await startServer({ dataDir: makeDataDir(), env: { SPANISH: "true" } });
  try {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.emulateMedia({ reducedMotion: "reduce" });
    await page.goto(`${server.url}/es`);
    await expect(page.locator("html")).toHaveAttribute("lang", "es");
    await expect(page).toHaveTitle("CoverPilot: Seguros para pequeños negocios");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(
      "Seguros para pequeños negocios",
    );
    // Insurance terms keep the English beside the Spanish (the glossary).
    await expect(
      page.getByRole("heading", {
        level: 3,
        name: "Responsabilidad civil general (General Liability)",
      }),
    ).toBeVisible();
    await expect(page.getByRole("link", { name: "Pedir cotización" }).first()).toBeVisible();
    const site = new URL(server.url).origin;
    for (const [language, path] of [
      ["en", "/"],
      ["es", "/es"],
      ["x-default", "/"],
    ] as const) {
      await expect(page.locator(`link[rel="alternate"][hreflang="${language}"]`)).toHaveAttribute(
        "href",
        new RegExp(`^http://localhost:\\d+${path === "/" ? "/" : path}$`),
      );
    }
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", /\/es$/);
    await expectOnlySpanishCatalogText(page);
    await expectNoAxeViolations(page);
    for (const width of [360, 1920]) {
      await page.setViewportSize({ width, height: 800 });
      // Read as the page settles at its new width: one run in a few found the header still laid
      // out for a wider screen right after the resize.
      await expect.poll(() => layoutProblems(page), `at ${width} px`).toEqual([]);
      await expect.poll(() => headerOutsideViewport(page), `the header at ${width} px`).toEqual([]);
    }

    // The switch, in the footer, names the other language in that language and keeps the page.
    const footer = page.getByRole("contentinfo");
    await footer
      .getByRole("navigation", { name: "Idioma" })
      .getByRole("link", { name: "English" })
      .click();
    await expect(page).toHaveURL(`${site}/`);
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(
      "Insurance for Small Businesses",
    );
    await footer
      .getByRole("navigation", { name: "Language" })
      .getByRole("link", { name: "Español" })
      .click();
    await expect(page).toHaveURL(`${site}/es`);

    // Without JavaScript the page is the same Spanish page, and its links work.
    const noJs = await browser.newContext({ javaScriptEnabled: false });
    const plain = await noJs.newPage();
    await plain.goto(`${server.url}/es`);
    await expect(plain.getByRole("heading", { level: 1 })).toHaveText(
      "Seguros para pequeños negocios",
    );
    await plain.getByRole("link", { name: "English" }).click();
    await expect(plain).toHaveURL(`${site}/`);
    await noJs.close();

    // The product page with the most on it (published premiums, the questions' group).
    await page.goto(`${server.url}/es/workers-comp`);
    await expectNoAxeViolations(page);

    // An address below /es that is no page: the not-found page in Spanish, leading home to /es.
    const missing = await page.goto(`${server.url}/es/no-such-page`);
    expect(missing?.status()).toBe(404);
    await expect(page.getByText("¡Uy! No encontramos esa página")).toBeVisible();
    await expect(page.getByRole("link", { name: "Volver al inicio" })).toHaveAttribute(
      "href",
      "/es",
    );
    await expectOnlySpanishCatalogText(page);
    // A refusal made before the app (a method the site does not take) speaks the address's language.
    const refused = await fetch(`${server.url}/es`, { method: "PUT" });
    expect(refused.status).toBe(405);
    const refusedText = await refused.text();
    expect(refusedText).toContain('<html lang="es">');
    expect(refusedText).toContain("<h1>Eso no se puede hacer aquí</h1>");
    await context.close();

    // Talk to an Expert from the landing page's dialog: the form, its refusals and its answer in
    // Spanish.
    const withJs = await browser.newContext();
    const dialogPage = await withJs.newPage();
    await dialogPage.goto(`${server.url}/es`);
    await dialogPage.getByRole("link", { name: "Hable con un experto" }).first().click();
    const dialog = dialogPage.getByRole("dialog", { name: "Hable con un experto" });
    await expect(dialog).toBeVisible();
    await dialog.getByRole("button", { name: "Pida que le llamemos" }).click();
    await expect(dialog.getByText("Escriba su nombre")).toBeVisible();
    await expect(dialog.getByText("Escriba su número de teléfono")).toBeVisible();
    await dialog.getByLabel("Su nombre").fill("Ana Díaz");
    await dialog.getByLabel("Número de teléfono").fill("(555) 234-5678");
    await dialog.getByLabel("Mejor horario para llamarle").selectOption("morning");
    await dialog.getByRole("button", { name: "Pida que le llamemos" }).click();
    await expect(
      dialog.getByRole("heading", { name: "¡Gracias, Ana Díaz! Le devolveremos la llamada." }),
    ).toBeVisible();
    await expect(dialog.getByText("Mañana (de 9 a. m. a 12 del día, hora del Este)")).toBeVisible();
    await expectOnlySpanishCatalogText(dialogPage, ["Ana Díaz"]);
    await expectNoAxeViolations(dialogPage);
    await withJs.close();

    // Without JavaScript the link is a page of its own, in Spanish, that posts to itself.
    const noJsForm = await browser.newContext({ javaScriptEnabled: false });
    const formPage = await noJsForm.newPage();
    await formPage.goto(`${server.url}/es`);
    await formPage.getByRole("link", { name: "Hable con un experto" }).first().click();
    await expect(formPage).toHaveURL(`${site}/es/talk-to-an-expert`);
    await expect(formPage.locator("html")).toHaveAttribute("lang", "es");
    await formPage.getByLabel("Número de teléfono").fill("12345");
    await formPage.getByRole("button", { name: "Pida que le llamemos" }).click();
    await expect(formPage).toHaveURL(`${site}/es/talk-to-an-expert`);
    await expect(
      formPage.getByText("Escriba un número de teléfono de EE. UU. válido, de 10 dígitos"),
    ).toBeVisible();
    await expect(formPage.getByLabel("Número de teléfono")).toHaveValue("12345");
    await expectOnlySpanishCatalogText(formPage);
    const refusedHtml = await formPage.content();

    // About and Contact, from the footer; the contact form refuses and answers in Spanish.
    await formPage.getByRole("contentinfo").getByRole("link", { name: "Quiénes somos" }).click();
    await expect(formPage).toHaveURL(`${site}/es/about`);
    await expect(formPage.getByRole("heading", { level: 1 })).toHaveText(
      "Quiénes somos en CoverPilot",
    );
    await expectOnlySpanishCatalogText(formPage);
    await formPage.getByRole("contentinfo").getByRole("link", { name: "Contacto" }).click();
    await expect(formPage).toHaveURL(`${site}/es/contact`);
    await formPage.getByLabel("Correo electrónico").fill("ana@example.com.");
    await formPage.getByRole("button", { name: "Enviar mensaje" }).click();
    await expect(formPage.getByText("Escriba su nombre")).toBeVisible();
    await expect(
      formPage.getByText("Quite el punto al final del correo electrónico"),
    ).toBeVisible();
    await expect(formPage.getByText("Escriba su mensaje")).toBeVisible();
    await expectOnlySpanishCatalogText(formPage);
    const contactRefusedHtml = await formPage.content();
    await formPage.getByLabel("Su nombre").fill("Ana Díaz");
    await formPage.getByLabel("Correo electrónico").fill("ana@example.com");
    await formPage
      .getByLabel("Mensaje", { exact: true })
      .fill("Tengo una pregunta sobre mi póliza.");
    await formPage.getByRole("button", { name: "Enviar mensaje" }).click();
    await expect(
      formPage.getByRole("heading", { name: "¡Gracias, Ana Díaz! Su mensaje fue enviado." }),
    ).toBeVisible();
    await expect(formPage.getByText("Le responderemos a ana@example.com.")).toBeVisible();
    // Log in, from the header: the address checked in Spanish, the same answer whoever asks.
    await formPage.getByRole("banner").getByRole("link", { name: "Entrar" }).click();
    await expect(formPage).toHaveURL(`${site}/es/login`);
    await formPage.getByLabel("Correo electrónico").fill("ana@");
    await formPage.getByRole("button", { name: "Envíenme un enlace" }).click();
    await expect(formPage.getByText("Escriba un correo electrónico válido")).toBeVisible();
    await expectOnlySpanishCatalogText(formPage, ["ana@"]);
    await formPage.getByLabel("Correo electrónico").fill("ana@example.com");
    await formPage.getByRole("button", { name: "Envíenme un enlace" }).click();
    await expect(
      formPage.getByRole("status").filter({ hasText: "Si tenemos una solicitud con ese correo" }),
    ).toBeVisible();
    await expectOnlySpanishCatalogText(formPage);
    const loginHtml = await formPage.content();

    // A product page from the side menu: the words of the line, its published premiums with
    // their sources and not-a-quote words, its questions, all in Spanish.
    await formPage.getByRole("button", { name: "Menú" }).click();
    const menu = formPage.getByRole("navigation", { name: "Menú del sitio" });
    await menu.getByText("Productos").click();
    await menu
      .getByRole("link", { name: "Compensación para trabajadores (Workers' Compensation)" })
      .click();
    await expect(formPage).toHaveURL(`${site}/es/workers-comp`);
    await expect(formPage.getByRole("heading", { level: 1 })).toHaveText(
      "Seguro de compensación para trabajadores (Workers' Compensation) para pequeños negocios",
    );
    const prices = formPage.getByRole("region", {
      name: "Primas publicadas de otros pequeños negocios",
    });
    await expect(
      prices.getByText(
        "Prima típica (mediana), no es una cotización. La aseguradora fija el precio final después de evaluar el riesgo.",
      ),
    ).toHaveCount(publishedPrices("workers-comp").length);
    await expect(prices.getByText("Muestra", { exact: true })).toBeVisible();
    await expectOnlySpanishCatalogText(formPage);
    const productHtml = await formPage.content();

    // Spanish runs longer than English: each page still fits a phone and a wide screen.
    for (const path of [
      "/es/about",
      "/es/contact",
      "/es/talk-to-an-expert",
      "/es/workers-comp",
      "/es/cyber-insurance",
      "/es/privacy",
      "/es/terms",
      "/es/cookies",
      "/es/login",
    ]) {
      await formPage.goto(`${server.url}${path}`);
      for (const width of [360, 1920]) {
        await formPage.setViewportSize({ width, height: 800 });
        await expect.poll(() => layoutProblems(formPage), `${path} at ${width} px`).toEqual([]);
        await expect
          .poll(() => headerOutsideViewport(formPage), `${path}'s header at ${width} px`)
          .toEqual([]);
      }
      await expectOnlySpanishCatalogText(formPage);
    }
    await noJsForm.close();

    // Every page with a Spanish version answers at its Spanish address, in Spanish.
    for (const path of SPANISH_PAGES) {
      const spanish = await fetch(`${server.url}${localizedPath(path, "es")}`);
      expect(spanish.status, path).toBe(200);
      expect(await spanish.text(), path).toContain('<html lang="es"');
    }

    const sitemap = await (await fetch(`${server.url}/sitemap.xml`)).text();
    expect(sitemap).toContain(`<loc>${server.url.replace("127.0.0.1", "localhost")}/es</loc>`);
    expect(sitemap).toContain('hreflang="es"');
    const pages = new Map<string, string>([
      ["/es/talk-to-an-expert, refused", refusedHtml],
      ["/es/contact, refused", contactRefusedHtml],
      ["/es/workers-comp", productHtml],
      ["/es/login, link asked for", loginHtml],
    ]);
    for (const path of [
      "/es",
      "/",
      "/es/talk-to-an-expert",
      "/es/about",
      "/es/privacy",
      "/es/cookies",
    ]) {
      pages.set(path, await (await fetch(`${server.url}${path}`)).text());
    }
    expect(await htmlErrors(pages)).toEqual([]);
  } finally {
    await stopServer(server);
  }
});

test("with SPANISH on, the wizard's steps in Spanish, with and without JavaScript: catalog text only, refusals, the stored names, and a switch of language that keeps every answer", async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const dataDir = makeDataDir();
  // An operator, to see the lead on the desk.
  const prepared = await openDataDirDatabase(dataDir);
  try {
    await createOperator(prepared.db, "desk-wizard-es@agency.example", "a long enough password");
  } finally {
    await prepared.close();
  }
  // The email step's link goes at once (by default it waits for someone who has not finished).
  const server = await startServer({
    dataDir,
    env: { SPANISH: "true", RESUME_REMINDER_DELAY_MS: "0" },
  });
  try {
    const site = new URL(server.url).origin;
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${server.url}/es`);
    await page.getByRole("banner").getByRole("link", { name: "Pedir cotización" }).click();
    await expect(page).toHaveURL(`${site}/es/business-wizard`);
    await expect(page.locator("html")).toHaveAttribute("lang", "es");
    await expect(page).toHaveTitle("Pida una cotización: su industria y su estado | CoverPilot");
    await expect(page.locator('link[rel="alternate"][hreflang="en"]')).toHaveAttribute(
      "href",
      /\/business-wizard$/,
    );
    await expect(page.getByRole("button", { name: "Continuar" })).toHaveAccessibleDescription(
      "Elija una industria y un estado para continuar",
    );
    await expectOnlySpanishCatalogText(page);
    await expectNoAxeViolations(page);
    await page.getByRole("radio", { name: "Construcción" }).check();
    const state = page.getByLabel("Su negocio está en el estado de:", { exact: true });
    // The states by their Spanish names, the stored English name as each one's value.
    await expect(state.getByRole("option", { name: "Nueva York" })).toHaveAttribute(
      "value",
      "New York",
    );
    await state.selectOption({ label: "Texas" });
    await page.getByRole("button", { name: "Continuar" }).click();

    await expect(page).toHaveURL(`${site}/es/business-wizard/segments`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(
      "¿Qué tipo de trabajo de construcción hace su negocio?",
    );
    // The filter narrows the Spanish names.
    await page.getByLabel("Filtrar la lista").fill("techos");
    await expect(page.getByRole("status").filter({ hasText: "coinciden" })).toHaveText(
      /^1 de \d+ coinciden$/,
    );
    await page.getByRole("checkbox", { name: "Techos (roofing)" }).check();
    await page.getByLabel("Filtrar la lista").fill("");
    await page.getByRole("checkbox", { name: "Plomería" }).check();
    await expectOnlySpanishCatalogText(page);
    await expectNoAxeViolations(page);
    for (const width of [360, 1920]) {
      await page.setViewportSize({ width, height: 800 });
      await expect.poll(() => layoutProblems(page), `segments at ${width} px`).toEqual([]);
      // The wizard's header (the agency's phone, not "Pedir cotización") fits too.
      await expect
        .poll(() => headerOutsideViewport(page), `segments' header at ${width} px`)
        .toEqual([]);
    }
    await page.getByRole("button", { name: "Continuar" }).click();

    await expect(page).toHaveURL(`${site}/es/business-wizard/email`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(
      "¡Muy bien, podemos ayudarle a asegurar su negocio!",
    );
    await expectOnlySpanishCatalogText(page);
    await expectNoAxeViolations(page);
    // The same screen in English, from the step's own switch, keeps what was typed and not yet
    // sent; back a step, the answers are the application's, whatever their language.
    const emailField = "¿Qué correo electrónico podemos usar para guardar su solicitud?";
    // Half typed, so not a valid address: the switch does not check it, and keeps it.
    await page.getByLabel(emailField).fill("rosa@ejemplo");
    await page.getByRole("button", { name: "English" }).click();
    await expect(page).toHaveURL(`${site}/business-wizard/email`);
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await expect(page.getByLabel("What email can we use to save your quote?")).toHaveValue(
      "rosa@ejemplo",
    );
    await page.getByRole("button", { name: "Back" }).click();
    await expect(page).toHaveURL(`${site}/business-wizard/segments`);
    await expect(page.getByRole("checkbox", { name: "Roofing" })).toBeChecked();
    await expect(page.getByRole("checkbox", { name: "Plumbing" })).toBeChecked();
    await page.getByRole("button", { name: "Español" }).click();
    await expect(page).toHaveURL(`${site}/es/business-wizard/segments`);
    await expect(page.getByRole("checkbox", { name: "Techos (roofing)" })).toBeChecked();
    await expect(page.getByRole("checkbox", { name: "Plomería" })).toBeChecked();
    await page.getByRole("button", { name: "Continuar" }).click();
    await page
      .getByLabel("¿Qué correo electrónico podemos usar para guardar su solicitud?")
      .fill("ana@");
    await page.getByRole("button", { name: "Continuar" }).click();
    await expect(page.getByText("Escriba un correo electrónico válido")).toBeVisible();
    await page
      .getByLabel("¿Qué correo electrónico podemos usar para guardar su solicitud?")
      .fill("techos.diaz@example.com");
    await page.getByRole("button", { name: "Continuar" }).click();
    await expect(page).toHaveURL(`${site}/es/business-wizard/questionnaire-1`);
    await expect(
      page.getByRole("status").filter({ hasText: "¡Información guardada correctamente!" }),
    ).toHaveCount(1);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("¿Cómo se llama su negocio?");
    await page.getByLabel("Nombre del negocio", { exact: true }).fill("Techos Díaz");
    await expectOnlySpanishCatalogText(page, ["Techos Díaz"]);
    await page.getByRole("button", { name: "Continuar" }).click();

    await expect(page).toHaveURL(`${site}/es/business-wizard/questionnaire-2`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Cuéntenos sobre usted");
    await page.getByLabel("Nombre", { exact: true }).fill("Rosa");
    await page.getByLabel("Apellido", { exact: true }).fill("Díaz");
    await page.getByLabel("Número de teléfono", { exact: true }).fill("(555) 234-5678");
    await page.getByLabel("Ubicación principal: dirección", { exact: true }).fill("12 Main St");
    await page.getByLabel("Ciudad", { exact: true }).fill("Austin");
    // A New Mexico ZIP code for a business in Texas: the message names both in Spanish.
    await page.getByLabel("Código postal (ZIP)", { exact: true }).fill("87101");
    await page.getByRole("button", { name: "Continuar" }).click();
    await expect(
      page.getByText(
        'Este código postal suele corresponder a otro lugar (Nuevo México), no a Texas. Revíselo o marque "Este código postal es correcto".',
      ),
    ).toBeVisible();
    await expectOnlySpanishCatalogText(page, [
      "Techos Díaz",
      "Rosa",
      "Díaz",
      "12 Main St",
      "Austin",
    ]);
    await expectNoAxeViolations(page);
    const aboutYouHtml = await page.content();
    await page.getByLabel("Código postal (ZIP)", { exact: true }).fill("78701");
    await page.getByRole("button", { name: "Continuar" }).click();

    await expect(page).toHaveURL(`${site}/es/business-wizard/questionnaire-3`);
    await page.getByRole("radio", { name: "Fideicomiso (Trust)" }).check();
    await page.getByLabel("¿En qué año empezó su negocio?", { exact: true }).fill("2015");
    await expectOnlySpanishCatalogText(page, ["2015"]);
    await page.getByRole("button", { name: "Continuar" }).click();
    await expect(
      page.getByRole("status").filter({ hasText: "¡Su información se guardó correctamente!" }),
    ).toHaveCount(1);
    await expect(page).toHaveURL(`${site}/es/business-wizard/quote`);

    // The link back sent at the email step came in Spanish, to the Spanish page of the link.
    await expect
      .poll(() =>
        readWrittenEmails(dataDir).filter((sent) => sent.to === "techos.diaz@example.com"),
      )
      .toHaveLength(1);
    const [linkEmail] = readWrittenEmails(dataDir).filter(
      (sent) => sent.to === "techos.diaz@example.com",
    );
    expect(linkEmail?.subject).toBe("Termine su solicitud de CoverPilot");
    expect(linkEmail?.body).toContain("Puede continuar su solicitud de CoverPilot donde la dejó");
    const link = /http:\/\/\S+\/es\/resume\/[A-Za-z0-9_-]{43}/.exec(linkEmail?.body ?? "")?.[0];
    expect(link).toBeDefined();
    await page.goto(link ?? "");
    await expect(page.locator("html")).toHaveAttribute("lang", "es");
    // A complete application's link opens its plan (issue 53), then its summary, in Spanish, the
    // stored names shown in it.
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Vea su plan de cobertura");
    await expectOnlySpanishCatalogText(page);
    await page.getByRole("button", { name: "Ver mi plan de cobertura" }).click();
    // (The emailed link names the site by its SITE_URL.)
    await expect(page).toHaveURL(/\/es\/business-wizard\/quote$/);
    await page.getByRole("link", { name: "Su solicitud", exact: true }).click();
    await expect(page).toHaveURL(/\/es\/business-wizard\/summary$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Su solicitud");
    const summary = page.locator("dl");
    await expect(summary.getByText("Plomería, Techos (roofing)")).toBeVisible();
    await expect(summary.getByText("Fideicomiso (Trust)")).toBeVisible();
    await expect(summary.getByText("Construcción")).toBeVisible();
    await expectOnlySpanishCatalogText(page, [
      "techos.diaz@example.com",
      "Techos Díaz",
      "Rosa Díaz",
      "(555) 234-5678",
      "12 Main St, Austin, TX 78701",
      "2015",
    ]);
    await expectNoAxeViolations(page);
    const summaryHtml = await page.content();

    // The coverage plan in Spanish: its words (the state's law among them) from the server.
    await page.getByRole("link", { name: "Ver su plan de cobertura" }).click();
    // (On the emailed link's address, as the summary.)
    await expect(page).toHaveURL(/\/es\/business-wizard\/quote$/);
    const linkOrigin = new URL(page.url()).origin;
    await expect(page).toHaveTitle("Su plan de cobertura | CoverPilot");
    const planLine = (name: string) =>
      page.getByRole("listitem").filter({ has: page.getByRole("heading", { name }) });
    const workersComp = planLine("Compensación para trabajadores (Workers' Compensation)");
    await expect(workersComp.getByText("Recomendado", { exact: true })).toBeVisible();
    await expect(
      workersComp.getByText(
        "Texas permite que la mayoría de los empleadores privados no la tengan, pero sin ella su personal lesionado puede demandarlo.",
      ),
    ).toBeVisible();
    // Sharpened: a refusal in Spanish, then a plan worked out again, its change named.
    const fullTime = page.getByLabel("Empleados a tiempo completo (sin contar a los dueños)");
    await fullTime.fill("muchos");
    await page.getByRole("button", { name: "Actualizar mi plan" }).click();
    await expect(page.getByText("Escriba un número entero de 0 a 100,000")).toBeVisible();
    await fullTime.fill("2");
    await page.getByLabel("Empleados a tiempo parcial").fill("0");
    await page
      .getByRole("radio", { name: "Sí, el negocio tiene vehículos propios o arrendados" })
      .check();
    await page.getByRole("button", { name: "Actualizar mi plan" }).click();
    await expect(
      page.getByRole("status").filter({ hasText: "Gracias, su plan se actualizó." }),
    ).toHaveCount(1);
    await expect(
      page.getByText("Seguro de auto comercial (Commercial Auto): ahora Obligatorio por ley"),
    ).toBeVisible();
    await expect(
      planLine("Seguro de auto comercial (Commercial Auto)").getByText(
        "Texas exige seguro de responsabilidad civil para los vehículos que el negocio posee o arrienda, algo que una póliza de auto personal por lo general no cubre.",
      ),
    ).toBeVisible();
    // What is shown as it is: the sources' reading dates, the publishers in the figures' basis
    // (the sources themselves are marked as English), the industry in the basis, lowercased.
    const planData = [
      "Techos Díaz",
      sourceReadText(RULES_READ_ON, "es"),
      sourceReadText(FIGURES_GATHERED_IN, "es"),
      "construcción",
      "TechInsurance",
    ];
    await expectOnlySpanishCatalogText(page, planData);
    // A term carries its English in a parenthesis: no sentence or name of the plan wraps it in
    // another ("¿Por qué? (Compensación para trabajadores (Workers' Compensation))", issue 53).
    const planTexts = await page
      .locator("#main :is(h2, h3, p, li, summary, label, legend, dt, dd)")
      .allTextContents();
    expect(planTexts.filter(nestsParentheses)).toEqual([]);
    expect(
      planTexts.filter((text) => text.includes("(Workers' Compensation)")).length,
    ).toBeGreaterThan(0);
    await expectNoAxeViolations(page);
    for (const width of [360, 1920]) {
      await page.setViewportSize({ width, height: 800 });
      expect(await layoutProblems(page), `the plan at ${width} px`).toEqual([]);
    }
    const planHtml = await page.content();
    // The request, by email, for a week ahead.
    const startDay = addDays(usToday(), 7);
    const requestForm = page.getByRole("region", { name: "Solicitar cotizaciones" });
    await expect(
      requestForm.getByRole("checkbox", { name: /^Seguro de auto comercial \(Commercial Auto\)/ }),
    ).toBeChecked();
    await requestForm.getByLabel("Fecha de inicio preferida").fill(startDay);
    await requestForm.getByRole("button", { name: "Solicitar mis cotizaciones" }).click();
    await expect(page).toHaveURL(`${linkOrigin}/es/business-wizard/quote/requested?emailed=1`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(
      "Recibimos su pedido de cotización",
    );
    const reference = (await page.locator(".font-mono").textContent()) ?? "";
    expect(reference).toMatch(/^CP-[A-Z0-9]{6}$/);
    await expect(
      page.getByText(`Fecha de inicio preferida: ${startDateText(startDay, "es")}`),
    ).toBeVisible();
    await expect(
      page.getByText("Le enviamos una copia de este pedido a techos.diaz@example.com."),
    ).toBeVisible();
    await expect(page.getByText("Seguro de auto comercial (Commercial Auto)")).toBeVisible();
    await expectOnlySpanishCatalogText(page, [
      reference,
      startDateText(startDay, "es"),
      "techos.diaz@example.com",
    ]);
    await expectNoAxeViolations(page);
    const requestedHtml = await page.content();
    await expect
      .poll(() => readWrittenEmails(dataDir).map((sent) => sent.subject))
      .toContain(`Su pedido de cotización ${reference}`);
    // The same application, without JavaScript, goes on in this browser's session.
    const cookies = await context.cookies();
    await context.close();

    // Without JavaScript: the server's refusals in Spanish, and the same way on.
    const noJs = await browser.newContext({ javaScriptEnabled: false });
    const plain = await noJs.newPage();
    await plain.goto(`${server.url}/es/business-wizard`);
    await plain.getByRole("button", { name: "Continuar" }).click();
    await expect(plain.getByText("Elija la industria que mejor describa su negocio")).toBeVisible();
    await expect(
      plain.getByLabel("Su negocio está en el estado de:", { exact: true }),
    ).toHaveAccessibleDescription("Elija un estado");
    await expectOnlySpanishCatalogText(plain);
    const refusedStart = await plain.content();
    await plain.getByRole("radio", { name: "Limpieza" }).check();
    await plain.getByLabel("Su negocio está en el estado de:", { exact: true }).selectOption({
      label: "Florida",
    });
    await plain.getByRole("button", { name: "Continuar" }).click();
    await expect(plain).toHaveURL(`${site}/es/business-wizard/segments`);
    await plain.getByRole("button", { name: "Continuar" }).click();
    await expect(plain.getByText("Elija su servicio principal", { exact: true })).toBeVisible();
    await expectOnlySpanishCatalogText(plain);
    const refusedSegments = await plain.content();
    await plain.getByRole("radio", { name: "Limpieza de ventanas" }).check();
    await plain.getByRole("button", { name: "Continuar" }).click();
    await expect(plain).toHaveURL(`${site}/es/business-wizard/email`);
    const emailHtml = await plain.content();
    await noJs.close();

    // The plan page without JavaScript: the server's refusal in Spanish, then the request updated.
    const planNoJs = await browser.newContext({ javaScriptEnabled: false });
    await planNoJs.addCookies(cookies);
    const planPage = await planNoJs.newPage();
    await planPage.goto(`${linkOrigin}/es/business-wizard/quote`);
    const again = planPage.getByRole("region", { name: "Solicitar cotizaciones" });
    await expect(again.getByText(`Ya pidió cotizaciones (referencia ${reference}).`)).toBeVisible();
    for (const box of await again.getByRole("checkbox").all()) await box.uncheck();
    await again.getByRole("button", { name: "Solicitar mis cotizaciones" }).click();
    await expect(planPage.getByText("Elija al menos una cobertura para cotizar")).toBeVisible();
    await expectOnlySpanishCatalogText(planPage, [...planData, reference]);
    const refusedRequest = await planPage.content();
    await again
      .getByRole("checkbox", { name: /^Responsabilidad civil general \(General Liability\)/ })
      .check();
    await again.getByRole("radio", { name: "Llamada telefónica" }).check();
    await again.getByRole("button", { name: "Solicitar mis cotizaciones" }).click();
    await expect(planPage).toHaveURL(/\/es\/business-wizard\/quote\/requested/);
    await expect(planPage.getByRole("heading", { level: 1 })).toHaveText(
      "Actualizamos su pedido de cotización",
    );
    await planNoJs.close();

    // The desk (in English) shows the language the application was made in.
    const deskContext = await browser.newContext();
    const desk = await deskContext.newPage();
    await signIn(desk, server.url, "desk-wizard-es@agency.example", "a long enough password");
    await desk.goto(`${server.url}/admin/submissions`);
    await desk.getByRole("link", { name: "techos.diaz@example.com" }).click();
    await expect(
      desk.locator("dt", { hasText: /^Language$/ }).locator("xpath=following-sibling::dd[1]"),
    ).toHaveText("Spanish");
    await deskContext.close();

    expect(
      await htmlErrors(
        new Map([
          ["/es/business-wizard, refused", refusedStart],
          ["/es/business-wizard/segments, refused", refusedSegments],
          ["/es/business-wizard/email", emailHtml],
          ["/es/business-wizard/questionnaire-2, ZIP code refused", aboutYouHtml],
          ["/es/business-wizard/summary", summaryHtml],
          ["/es/business-wizard/quote", planHtml],
          ["/es/business-wizard/quote, request refused", refusedRequest],
          ["/es/business-wizard/quote/requested", requestedHtml],
        ]),
      ),
    ).toEqual([]);
  } finally {
    await stopServer(server);
  }
  // The request keeps the consent in the Spanish words the visitor agreed to.
  const database = await openDataDirDatabase(dataDir);
  try {
    const requests = await database.db
      .selectFrom("quote_requests")
      .select(["consent_text", "contact_channel", "lines"])
      .execute();
    expect(requests).toEqual([
      {
        consent_text: quoteConsentText({ ...SAMPLE_AGENCY, sample: true }, "es"),
        contact_channel: "phone",
        lines: ["general-liability"],
      },
    ]);
    expect(requests[0]?.consent_text).toMatch(
      /^Al seleccionar «Solicitar mis cotizaciones», pido a /,
    );
  } finally {
    await database.close();
  }
});

test("without JavaScript, in Spanish from the landing page to the request's confirmation and its email", async ({
  browser,
}) => {
  const dataDir = makeDataDir();
  const server = await startServer({ dataDir });
  try {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${server.url}/es`);
    await page.getByRole("banner").getByRole("link", { name: "Pedir cotización" }).click();
    await expect(page).toHaveURL(/\/es\/business-wizard$/);
    await page.getByRole("radio", { name: "Construcción" }).check();
    await page
      .getByLabel("Su negocio está en el estado de:", { exact: true })
      .selectOption({ label: "Texas" });
    await page.getByRole("button", { name: "Continuar" }).click();
    await expect(page).toHaveURL(/\/es\/business-wizard\/segments$/);
    await page.getByRole("checkbox", { name: "Plomería" }).check();
    await page.getByRole("button", { name: "Continuar" }).click();
    await expect(page).toHaveURL(/\/es\/business-wizard\/email$/);
    await page
      .getByLabel("¿Qué correo electrónico podemos usar para guardar su solicitud?")
      .fill("plomeria.ruiz@example.com");
    await page.getByRole("button", { name: "Continuar" }).click();
    await expect(page).toHaveURL(/\/es\/business-wizard\/questionnaire-1$/);
    await page.getByLabel("Nombre del negocio", { exact: true }).fill("Plomería Ruiz");
    await page.getByRole("button", { name: "Continuar" }).click();
    await expect(page).toHaveURL(/\/es\/business-wizard\/questionnaire-2$/);
    await page.getByLabel("Nombre", { exact: true }).fill("Luis");
    await page.getByLabel("Apellido", { exact: true }).fill("Ruiz");
    await page.getByLabel("Número de teléfono", { exact: true }).fill("(555) 234-5679");
    await page.getByLabel("Ubicación principal: dirección", { exact: true }).fill("40 Oak St");
    await page.getByLabel("Ciudad", { exact: true }).fill("Austin");
    await page.getByLabel("Código postal (ZIP)", { exact: true }).fill("78701");
    await page.getByRole("button", { name: "Continuar" }).click();
    await expect(page).toHaveURL(/\/es\/business-wizard\/questionnaire-3$/);
    await page.getByRole("radio", { name: "Fideicomiso (Trust)" }).check();
    await page.getByLabel("¿En qué año empezó su negocio?", { exact: true }).fill("2018");
    await page.getByRole("button", { name: "Continuar" }).click();
    await expect(page).toHaveURL(/\/es\/business-wizard\/quote$/);
    await expect(page).toHaveTitle("Su plan de cobertura | CoverPilot");
    const startDay = addDays(usToday(), 10);
    const requestForm = page.getByRole("region", { name: "Solicitar cotizaciones" });
    await requestForm.getByLabel("Fecha de inicio preferida").fill(startDay);
    await requestForm.getByRole("button", { name: "Solicitar mis cotizaciones" }).click();
    await expect(page).toHaveURL(/\/es\/business-wizard\/quote\/requested\?emailed=1$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(
      "Recibimos su pedido de cotización",
    );
    const reference = (await page.locator(".font-mono").textContent()) ?? "";
    expect(reference).toMatch(/^CP-[A-Z0-9]{6}$/);
    await expectOnlySpanishCatalogText(page, [
      reference,
      startDateText(startDay, "es"),
      "plomeria.ruiz@example.com",
    ]);
    await expect
      .poll(() => readWrittenEmails(dataDir).map((sent) => sent.subject))
      .toContain(`Su pedido de cotización ${reference}`);
    await context.close();
  } finally {
    await stopServer(server);
  }
});

test("with SPANISH on, the quotes, the request to bind and the policy in Spanish, from the Spanish email's link: catalog text only, insurers' English noted, a question answered, the statements kept as signed, the policy bound", async ({
  browser,
}) => {
  test.setTimeout(90_000);
  // The quote's days, fixed once: a run that crosses midnight checks the days it stored.
  const termStart = daysFromToday(30);
  const termEnd = daysFromToday(395);
  const validUntil = daysFromToday(14);
  const dataDir = makeDataDir();
  // A request with two published quotes and a question, made at the desk for a Spanish visitor.
  const seeded = await openDataDirDatabase(dataDir);
  const lead = await leadWithRequest(seeded.db, "Techos", new Date().toISOString(), "contacted");
  const desk = await createOperator(seeded.db, "desk-es@agency.example", "a long enough password");
  try {
    const quote = {
      ...SAMPLE_QUOTE,
      termStart,
      termEnd,
      validUntil,
    };
    await addInsurerQuote(seeded.db, lead.request, quote, desk.id);
    await addInsurerQuote(
      seeded.db,
      lead.request,
      {
        ...quote,
        insurer: "Beacon Casualty",
        kind: "estimate",
        premiumCents: 198_000,
        notes: null,
      },
      desk.id,
    );
    const visitor = { email: lead.email, firstName: "Rosa", language: "es" as const };
    const sending = {
      operatorId: desk.id,
      siteUrl: "http://localhost",
      agency: FIXTURE_AGENCY,
      perHour: 10,
    };
    await publishInsurerQuotes(seeded.db, lead.request, visitor, sending);
    await askQuestion(
      seeded.db,
      lead.request,
      "¿Trabajan en techos de más de tres pisos?",
      visitor,
      sending,
    );
    // The application was made, and completed, on the Spanish pages (the renewal starts from it).
    await seeded.db
      .updateTable("business_wizard_submissions")
      .set(
        completeRecord({
          industry: "food",
          state: "Ohio",
          segments: ["Bakery"],
          email: lead.email,
          business_name: "Techos",
          first_name: "Ana",
          last_name: "Techos",
          legal_business_name: "Techos LLC",
          primary_location: "1 Main St, Columbus, OH 43215",
          unit: null,
          mailing_address: null,
          same_address: "Yes",
          naics_code: "311811",
          naics_title: "Retail Bakeries",
        }),
      )
      .set({ language: "es" })
      .where("id", "=", lead.submissionId)
      .execute();
  } finally {
    await seeded.close();
  }
  const server = await startServer({ dataDir, env: { SPANISH: "true" } });
  try {
    const reference = lead.request.reference;
    await expect
      .poll(() => readWrittenEmails(dataDir).map((sent) => sent.subject))
      .toContain(`Sus cotizaciones están listas (${reference})`);
    const ready = readWrittenEmails(dataDir).find((sent) =>
      sent.subject.startsWith("Sus cotizaciones"),
    );
    const linkPathOnly = /\/es\/resume\/[\w-]{43}/.exec(ready?.body ?? "")?.[0] ?? "";
    expect(linkPathOnly).not.toBe("");
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${server.url}${linkPathOnly}`);
    await page.getByRole("button", { name: "Ver mis cotizaciones" }).click();
    await expect(page).toHaveURL(/\/es\/business-wizard\/quotes$/);
    await expect(page).toHaveTitle("Sus cotizaciones | CoverPilot");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(
      "Sus cotizaciones, una al lado de la otra",
    );
    await expect(
      page.getByText(
        "Los documentos de las aseguradoras, como una cotización o una póliza, pueden estar solo en inglés.",
      ),
    ).toBeVisible();
    const table = page.getByRole("table", {
      name: "Sus cotizaciones comparadas, una columna por cotización",
    });
    await expect(table.getByRole("rowheader", { name: /^Qué es/ })).toContainText("Difiere");
    await expect(
      table.getByRole("cell", {
        name: "Contratable (bindable): la oferta de la aseguradora tal como está",
      }),
    ).toBeVisible();
    await expect(
      table.getByRole("cell", {
        name: "Por ocurrencia; $1,000,000 por ocurrencia; $2,000,000 agregado; $1,000 de deducible; prima sujeta a auditoría",
      }),
    ).toHaveCount(2);
    await expect(
      table.getByRole("link", { name: "Elegir esta cotización de Acme Mutual" }),
    ).toBeVisible();
    const subjectivity = SAMPLE_QUOTE.subjectivities[0]!;
    const rating = SAMPLE_QUOTE.rating!;
    const days = [
      termStart,
      termEnd,
      validUntil,
      daysFromToday(0),
      daysFromToday(-1),
      subjectivity.due,
      rating.asOf,
    ];
    const shown = [
      reference,
      "Acme Mutual",
      "Beacon Casualty",
      // What the agent typed from the insurer's quote, as typed.
      SAMPLE_QUOTE.notes ?? "",
      subjectivity.text,
      rating.rating,
      rating.source,
      "¿Trabajan en techos de más de tres pisos?",
      ...days.map((day) => dayText(day, "es")),
    ];
    await expectOnlySpanishCatalogText(page, shown);
    await expectNoAxeViolations(page);
    for (const width of [360, 1920]) {
      await page.setViewportSize({ width, height: 900 });
      expect(await layoutProblems(page), `the quotes at ${width} px`).toEqual([]);
    }
    const quotesHtml = await page.content();
    // The agent's question, answered in Spanish on the Spanish page.
    const questions = page.getByRole("region", { name: "Preguntas de su agente" });
    await questions.getByLabel("Su respuesta").fill("No, solo de uno o dos pisos.");
    await questions.getByRole("button", { name: "Enviar mi respuesta" }).click();
    await expect(page).toHaveURL(/\/es\/business-wizard\/quotes\?answered#confirmation$/);
    await expect(
      page.getByRole("status").filter({ hasText: "Gracias: su agente ya tiene su respuesta." }),
    ).toBeVisible();
    await expectOnlySpanishCatalogText(page, [...shown, "No, solo de uno o dos pisos."]);
    // A file that is no PDF, JPEG or PNG, whatever its name: refused in Spanish.
    const documents = page.getByRole("region", { name: "Documentos para su agente" });
    await documents.getByRole("radio", { name: "Otra cosa" }).check();
    await documents
      .getByLabel(`El archivo (PDF, JPEG o PNG, de ${formatBytes(DOCUMENT_MAX_BYTES)} como máximo)`)
      .setInputFiles({
        name: "poliza.pdf",
        mimeType: "application/pdf",
        buffer: Buffer.from("hola"),
      });
    await documents.getByRole("button", { name: "Enviar a mi agente" }).click();
    await expect(
      page.getByRole("alert").filter({
        hasText:
          "Este archivo no es un PDF, JPEG ni PNG, diga lo que diga su nombre. Elija un archivo PDF, JPEG o PNG.",
      }),
    ).toBeVisible();
    await expect(page.locator("html")).toHaveAttribute("lang", "es");
    // A 100 KB PDF, past a form's 64 KB, taken on the Spanish page as on the English one; its
    // name kept without the right-to-left override that would show it as "facturafdp.jpg".
    await documents.getByRole("radio", { name: "Otra cosa" }).check();
    await documents
      .getByLabel(`El archivo (PDF, JPEG o PNG, de ${formatBytes(DOCUMENT_MAX_BYTES)} como máximo)`)
      .setInputFiles({
        name: "factura\u202Egpj.pdf",
        mimeType: "application/pdf",
        buffer: Buffer.concat([Buffer.from("%PDF-1.7\n"), Buffer.alloc(100 * 1024, 0x20)]),
      });
    await documents.getByRole("button", { name: "Enviar a mi agente" }).click();
    await expect(page).toHaveURL(/\/es\/business-wizard\/quotes\?sent#confirmation$/);
    await expect(
      page.getByRole("status").filter({ hasText: "Gracias: su agente ya tiene su documento." }),
    ).toBeVisible();
    await expect(
      documents.getByRole("link", { name: "facturagpj.pdf", exact: true }),
    ).toBeVisible();

    // The request to bind, in Spanish: the statements refused unconfirmed, then signed.
    await page.setViewportSize({ width: 1280, height: 900 });
    await page
      .getByRole("table")
      .getByRole("link", { name: "Elegir esta cotización de Acme Mutual" })
      .click();
    await expect(page).toHaveURL(/\/es\/business-wizard\/quotes\/[\w-]+\/bind$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(
      "Pedido para contratar la cotización de Acme Mutual",
    );
    const bindData = [...shown, SAMPLE_AGENCY.name];
    await expectOnlySpanishCatalogText(page, bindData);
    await expectNoAxeViolations(page);
    const bindHtml = await page.content();
    await page.getByLabel("Escriba su nombre completo para firmar").fill("Rosa Díaz");
    // (The browser's own check of the boxes stays out of the way: the form is the server's.)
    await page.getByRole("button", { name: "Pedir la contratación" }).click();
    await expect(page.getByText("Confirme esta declaración para seguir adelante")).toHaveCount(3);
    await expect(
      page.getByText("Acepte hacer trámites por medios electrónicos para firmar aquí"),
    ).toBeVisible();
    // The insurer's terrorism (TRIA) offer, answered in Spanish: rejected.
    await expect(page.getByText("Acepte o rechace la cobertura de terrorismo")).toBeVisible();
    for (const box of await page.getByRole("checkbox").all()) await box.check();
    await page.getByRole("radio", { name: /^Por correo electrónico y en este sitio/ }).check();
    await page.getByRole("radio", { name: /^Rechazo la cobertura de terrorismo/ }).check();
    await page.getByRole("button", { name: "Pedir la contratación" }).click();
    await expect(page).toHaveURL(/\/es\/business-wizard\/quotes\?bind-requested#confirmation$/);
    await expect(
      page
        .getByRole("status")
        .filter({ hasText: "nos pidió contratar la cotización de Acme Mutual" }),
    ).toBeVisible();
    await expect
      .poll(() => readWrittenEmails(dataDir).map((sent) => sent.subject))
      .toContain(`Recibimos su pedido para contratar la cobertura (${reference}-B)`);
    await context.close();
    expect(
      await htmlErrors(
        new Map([
          ["/es/business-wizard/quotes", quotesHtml],
          ["/es/business-wizard/quotes/<id>/bind", bindHtml],
        ]),
      ),
    ).toEqual([]);
  } finally {
    await stopServer(server);
  }
  // The request keeps the statements in the Spanish words the visitor signed.
  const database = await openDataDirDatabase(dataDir);
  try {
    const [bind] = await database.db
      .selectFrom("bind_requests")
      .select(["statements", "signature_name", "tria"])
      .execute();
    expect(bind?.signature_name).toBe("Rosa Díaz");
    expect(bind?.tria).toBe("rejected");
    expect(bind?.statements).toEqual(
      bindStatements(SAMPLE_AGENCY.name, "Acme Mutual", "es").map(({ id, text }) => ({ id, text })),
    );
    expect(JSON.stringify(bind?.statements)).toContain("Le pido a ");
    // The desk binds it (as its page would), and the email's link opens the policy in Spanish.
    const rosa = { email: lead.email, firstName: "Rosa", language: "es" } as const;
    const sending = {
      operatorId: desk.id,
      siteUrl: "http://localhost",
      agency: FIXTURE_AGENCY,
      perHour: 10,
    };
    expect(
      await markBound(
        database.db,
        lead.request,
        { number: "B-ES-1", effective: termStart, expires: termStart },
        rosa,
        sending,
      ),
    ).toEqual({ outcome: "bound", emailed: true });
    expect(
      await addPolicy(
        database.db,
        lead.request,
        { number: "GL-ES-1", start: termStart, end: termEnd },
        receivedFile(tmpdir(), "poliza.pdf", "%PDF-1.7 la póliza"),
        rosa,
        sending,
      ),
    ).toEqual({ outcome: "added", emailed: true });
  } finally {
    await database.close();
  }
  const restarted = await startServer({ dataDir, env: { SPANISH: "true" } });
  try {
    const subject = "Su póliza fue emitida (GL-ES-1)";
    await expect
      .poll(() => readWrittenEmails(dataDir).map((sent) => sent.subject))
      .toContain(subject);
    const boundEmail = readWrittenEmails(dataDir).find((sent) => sent.subject === subject);
    const policyLink = /\/es\/resume\/[\w-]{43}/.exec(boundEmail?.body ?? "")?.[0] ?? "";
    expect(policyLink).not.toBe("");
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${restarted.url}${policyLink}`);
    await page.getByRole("button", { name: "Ver mi póliza" }).click();
    await expect(page).toHaveURL(/\/es\/business-wizard\/policy$/);
    await expect(page).toHaveTitle("Su póliza | CoverPilot");
    await expect(page.getByText("Acme Mutual emitió su póliza.")).toBeVisible();
    const policyData = [
      `${lead.request.reference}-B`,
      "Acme Mutual",
      "GL-ES-1",
      "Rosa Díaz",
      "poliza.pdf",
      ...[termStart, termEnd, daysFromToday(0), daysFromToday(-1)].map((day) => dayText(day, "es")),
    ];
    await expect(
      page.getByText(`${lead.request.reference}-B, firmado por Rosa Díaz el`),
    ).toBeVisible();
    await expectOnlySpanishCatalogText(page, policyData);
    await expectNoAxeViolations(page);
    for (const width of [360, 1920]) {
      await page.setViewportSize({ width, height: 900 });
      expect(await layoutProblems(page), `the policy at ${width} px`).toEqual([]);
    }
    const pages = new Map([["/es/business-wizard/policy", await page.content()]]);

    // A certificate asked for in Spanish: its form, its refusals, and the policy page's receipt.
    await page.getByRole("link", { name: "Pedir un certificado de seguro" }).click();
    await expect(page).toHaveURL(/\/es\/business-wizard\/policy\/certificate$/);
    await expect(page).toHaveTitle("Pedir un certificado de seguro | CoverPilot");
    await expectOnlySpanishCatalogText(page, ["Acme Mutual", "GL-ES-1"]);
    await expectNoAxeViolations(page);
    for (const width of [360, 1920]) {
      await page.setViewportSize({ width, height: 900 });
      expect(await layoutProblems(page), `the certificate form at ${width} px`).toEqual([]);
    }
    pages.set("/es/business-wizard/policy/certificate", await page.content());
    await page.getByRole("button", { name: "Pedir el certificado" }).click();
    await expect(page.getByText("Escriba el nombre del titular del certificado")).toBeVisible();
    await expect(page.getByLabel("Dirección postal del titular")).toHaveAttribute(
      "aria-invalid",
      "true",
    );
    await page
      .getByLabel("Nombre del titular del certificado (certificate holder)")
      .fill("Constructora Sol LLC");
    await page.getByLabel("Dirección postal del titular").fill("1 Main St\nPhoenix, AZ 85004");
    await page
      .getByLabel("Añadir al titular como asegurado adicional (additional insured)")
      .check();
    await page.getByLabel("El trabajo o contrato para el que es").fill("Techo en 5 Elm St");
    await page.getByLabel("Lo necesita para el").fill(daysFromToday(10));
    await page.getByRole("button", { name: "Pedir el certificado" }).click();
    await expect(page).toHaveURL(/\/es\/business-wizard\/policy\?certificate-requested=/);
    const certificateReference = `${lead.request.reference}-C1`;
    await expect(
      page.getByText(`Recibimos su pedido de certificado ${certificateReference}.`),
    ).toBeVisible();
    // Its line names the endorsement, whose term carries its English in a parenthesis: no
    // parenthesis around it (issue 53).
    const certificateLine = page
      .getByRole("listitem")
      .filter({ hasText: `${certificateReference} para Constructora Sol LLC` });
    await expect(certificateLine).toContainText(
      "Constructora Sol LLC, endosos: Asegurado adicional (additional insured):",
    );
    expect(nestsParentheses((await certificateLine.textContent()) ?? "")).toBe(false);

    // The renewal asked for in Spanish: the form prefilled, and the request's confirmation.
    await page.goto(`${restarted.url}/es/business-wizard/policy/renewal`);
    await expect(page).toHaveTitle("Renovar su póliza | CoverPilot");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Renovar su póliza GL-ES-1");
    // Whether the business is insured now is not asked again: the policy answers it.
    await expect(page.getByText("¿El negocio tiene seguro actualmente?")).toHaveCount(0);
    await expectOnlySpanishCatalogText(page, ["Acme Mutual", "GL-ES-1", dayText(termEnd, "es")]);
    await expectNoAxeViolations(page);
    pages.set("/es/business-wizard/policy/renewal", await page.content());
    // This policy ends more than a year ahead: the form starts at the latest day it takes, and a
    // later one is refused, in Spanish.
    const renewalStart = page.getByLabel("Fecha de inicio de la renovación");
    await expect(renewalStart).toHaveValue(latestStartDate(usToday()));
    await renewalStart.fill(addDays(usToday(), 400));
    await page.getByRole("button", { name: "Solicitar mis cotizaciones" }).click();
    await expect(
      page.getByText("Elija una fecha dentro del próximo año", { exact: true }),
    ).toBeVisible();
    await page.getByLabel("Fecha de inicio de la renovación").fill(daysFromToday(300));
    await page.getByRole("button", { name: "Solicitar mis cotizaciones" }).click();
    await expect(page).toHaveURL(/\/es\/business-wizard\/quote\/requested/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(
      "Recibimos su pedido de renovación",
    );
    expect(await htmlErrors(pages)).toEqual([]);
    await context.close();
  } finally {
    await stopServer(restarted);
  }
  // Both kept as asked: the certificate's holder as typed, the renewal's consent in Spanish.
  const kept = await openDataDirDatabase(dataDir);
  try {
    const certificate = await kept.db
      .selectFrom("certificate_requests")
      .select(["reference", "holder_name", "holder_address", "additional_insured", "job"])
      .executeTakeFirst();
    expect(certificate).toEqual({
      reference: `${lead.request.reference}-C1`,
      holder_name: "Constructora Sol LLC",
      holder_address: "1 Main St\nPhoenix, AZ 85004",
      additional_insured: true,
      job: "Techo en 5 Elm St",
    });
    const renewal = await kept.db
      .selectFrom("quote_requests")
      .select(["consent_text"])
      .where("renews_bind_request_id", "is not", null)
      .executeTakeFirst();
    expect(renewal?.consent_text).toMatch(/^Al seleccionar «Solicitar mis cotizaciones», pido a /);
  } finally {
    await kept.close();
  }
});
