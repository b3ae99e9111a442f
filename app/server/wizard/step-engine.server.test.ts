import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import {
  createStaticHandler,
  RouterContextProvider,
  type RouteObject,
  type StaticHandlerContext,
} from "react-router";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it, vi, type MockInstance } from "vitest";

import { localizedPath } from "#app/domain/site/locales.ts";
import { messages } from "#app/domain/site/messages.ts";
import { SPANISH_WIZARD_PATHS } from "#app/domain/site/site-pages.ts";
import { NOT_LICENSED_PATH, QUOTE_STEP_PATH } from "#app/domain/wizard/wizard-screens.ts";
import { WIZARD_STEPS } from "#app/domain/wizard/wizard-steps.ts";
import { testDatabaseKinds } from "#tests/support/databases.ts";

import type { Database } from "#app/server/db/database.server.ts";
import { parseEnv } from "#app/server/env.server.ts";
import { clientAddressContext } from "#app/server/http/guards.server.ts";
import { logger } from "#app/server/logger.server.ts";
import {
  OutboxWorker,
  queueAgencyEmail,
  queueCappedEmail,
} from "#app/server/mail/outbox.server.ts";
import { AGENCY_MAIL_LIMITS } from "#app/domain/site/mailbox.ts";
import { servicesContext, type AppServices } from "#app/server/services.server.ts";
import { createServices } from "#app/server/create-services.server.ts";
import { stepAction, stepLoader } from "#app/server/wizard/step-engine.server.ts";

const env = parseEnv({
  DATA_DIR: mkdtempSync(path.join(tmpdir(), "coverpilot-engine-")),
  SITE_URL: "https://coverpilot.example",
  SESSION_SECRET: "e".repeat(32),
  // The steps' Spanish pages below /es, as a site with Spanish on has them (issue 31).
  SPANISH: "true",
});

const ORIGIN = "https://coverpilot.example";

/** Every step as React Router runs it: the step table's loader and action on the step's path. */
function route<View, Value>(step: Parameters<typeof stepLoader<View, Value>>[0]): RouteObject {
  return { id: step.id, path: step.path, loader: stepLoader(step), action: stepAction(step) };
}
const routes = [
  ...WIZARD_STEPS.map((step) => route<unknown, unknown>(step)),
  // The steps translated so far at their Spanish addresses too, as app/routes.ts has them.
  ...WIZARD_STEPS.filter((step) => SPANISH_WIZARD_PATHS.includes(step.path)).map((step) => ({
    ...route<unknown, unknown>(step),
    id: `es-${step.id}`,
    path: localizedPath(step.path, "es"),
  })),
];
const handler = createStaticHandler(routes);

/** A browser with a cookie jar, driving the wizard's loaders and actions without a page. */
class Visitor {
  private readonly cookies = new Map<string, string>();
  private services: AppServices;
  constructor(services: AppServices) {
    this.services = services;
  }

  /** Goes on through another server (its own services and cache, the same database). */
  useServer(services: AppServices) {
    this.services = services;
  }

  private remember(headers: Headers) {
    for (const cookie of headers.getSetCookie()) {
      const [pair = ""] = cookie.split(";");
      const [name = "", value = ""] = pair.split("=");
      if (/Max-Age=0|Expires=Thu, 01 Jan 1970/i.test(cookie)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  async send(pathname: string, form?: Record<string, string | string[]>) {
    const body = new URLSearchParams();
    for (const [name, value] of Object.entries(form ?? {})) {
      for (const one of Array.isArray(value) ? value : [value]) body.append(name, one);
    }
    const request = new Request(ORIGIN + pathname, {
      method: form ? "POST" : "GET",
      headers: {
        Cookie: [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; "),
        ...(form ? { "Content-Type": "application/x-www-form-urlencoded" } : {}),
      },
      body: form ? body : undefined,
    });
    const context = new RouterContextProvider();
    context.set(servicesContext, this.services);
    context.set(clientAddressContext, "203.0.113.5");
    const answer = await handler.query(request, { requestContext: context });
    if (answer instanceof Response) {
      this.remember(answer.headers);
      return { redirect: answer.headers.get("Location"), status: answer.status };
    }
    this.remember(answer.actionHeaders[routeIdOf(answer)] ?? new Headers());
    return { status: answer.statusCode, page: answer };
  }

  cookie(name: string): string | undefined {
    return this.cookies.get(name);
  }
}

function routeIdOf(page: StaticHandlerContext): string {
  return page.matches.at(-1)?.route.id ?? "";
}

const APPLICATION = [
  ["/business-wizard", { industry: "offices", state: "Ohio" }],
  ["/business-wizard/segments", { searchQuery: "Architect" }],
  ["/business-wizard/email", { email: "Engine@Example.com" }],
  ["/business-wizard/questionnaire-1", { businessName: "Ana's Studio" }],
  [
    "/business-wizard/questionnaire-2",
    {
      firstName: "Ana",
      lastName: "Ruiz",
      phoneNumber: "(555) 234-5678",
      legalBusinessName: "Ana's Studio LLC",
      streetAddress: "12 Main St",
      unit: "Suite 4",
      city: "Columbus",
      zipCode: "43215",
      sameAddress: "Yes",
    },
  ],
  ["/business-wizard/questionnaire-3", { ownershipStructure: "Trust", startYear: "2015" }],
] as const;

describe.each(testDatabaseKinds)("the step engine on $name", (kind) => {
  let database: Database;
  let services: AppServices;
  beforeAll(async () => {
    database = await kind.open();
    services = createServices(env, database);
  });
  afterAll(async () => {
    await database.close();
  });

  it("sends a step opened early to the first step still missing, with the spec's toast for segments", async () => {
    const visitor = new Visitor(services);
    expect(await visitor.send("/business-wizard/questionnaire-2")).toEqual({
      redirect: "/business-wizard",
      status: 302,
    });
    expect(await visitor.send("/business-wizard/segments")).toMatchObject({
      redirect: "/business-wizard",
    });
    expect(visitor.cookie("cp_flash")).toBeDefined();
  });

  it("answers an invalid form with 400 and each field's message, and keeps nothing", async () => {
    const visitor = new Visitor(services);
    const answer = await visitor.send("/business-wizard", { industry: "farming" });
    expect(answer.status).toBe(400);
    const result = answer.page?.actionData?.["industry-and-state"].result;
    expect(result.error).toMatchObject({
      industry: ["Please choose the industry that best fits your business"],
      state: ["Please select a state"],
    });
    expect(visitor.cookie("cp_wizard")).toBeUndefined();
  });

  it("runs a whole application: each step saves, redirects to the next, and the record holds it", async () => {
    const visitor = new Visitor(services);
    const redirects: (string | null | undefined)[] = [];
    for (const [pathname, form] of APPLICATION) {
      redirects.push((await visitor.send(pathname, form)).redirect);
    }
    expect(redirects).toEqual([...WIZARD_STEPS.slice(1).map((step) => step.path), QUOTE_STEP_PATH]);
    const record = await database.db
      .selectFrom("business_wizard_submissions")
      .selectAll()
      .where("email", "=", "engine@example.com")
      .executeTakeFirstOrThrow();
    expect(record).toMatchObject({
      industry: "offices",
      segments: ["Architect"],
      business_name: "Ana's Studio",
      phone_number: "+15552345678",
      primary_location: "12 Main St, Suite 4, Columbus, OH 43215",
      street_address: "12 Main St",
      unit: "Suite 4",
      city: "Columbus",
      zip_code: "43215",
      zip_confirmed: false,
      start_year: "2015",
      // Saved from the English pages.
      language: "en",
    });
    expect(record.completed_at).toBeInstanceOf(Date);
    // The draft names the submission by a column a resume link looks it up by.
    const draft = await database.db
      .selectFrom("wizard_drafts")
      .select(["submission_id", "email_proven"])
      .where("submission_id", "=", record.id)
      .executeTakeFirstOrThrow();
    expect(draft).toEqual({ submission_id: record.id, email_proven: false });
    // The completed draft is kept: every step opens, with its answers.
    const about = await visitor.send("/business-wizard/questionnaire-2");
    expect(about.page?.loaderData["about-you"]).toMatchObject({
      phoneNumber: "(555) 234-5678",
      unit: "Suite 4",
      city: "Columbus",
      zipCode: "43215",
      state: "Ohio",
    });
  });

  it("records the language of the page each save is made from", async () => {
    const visitor = new Visitor(services);
    const [start, segments, email, ...rest] = APPLICATION;
    await visitor.send(...start);
    await visitor.send(...segments);
    // The email step from its Spanish address, the rest in English.
    const [emailPath] = email;
    const saved = await visitor.send(localizedPath(emailPath, "es"), {
      email: "lengua@example.com",
    });
    expect(saved.status).toBe(302);
    const language = async () =>
      (
        await database.db
          .selectFrom("business_wizard_submissions")
          .select("language")
          .where("email", "=", "lengua@example.com")
          .executeTakeFirstOrThrow()
      ).language;
    expect(await language()).toBe("es");
    for (const [pathname, form] of rest) await visitor.send(pathname, form);
    expect(await language()).toBe("en");
  });

  it("in Spanish: answers, refuses and moves on below /es, to the coverage plan in Spanish", async () => {
    const visitor = new Visitor(services);
    expect(await visitor.send("/es/business-wizard/email")).toMatchObject({
      redirect: "/es/business-wizard",
    });
    const refused = await visitor.send("/es/business-wizard", { industry: "farming" });
    expect(refused.status).toBe(400);
    expect(refused.page?.actionData?.["es-industry-and-state"].result.error).toMatchObject({
      industry: ["Elija la industria que mejor describa su negocio"],
      state: ["Elija un estado"],
    });
    expect(
      await visitor.send("/es/business-wizard", { industry: "construction", state: "Texas" }),
    ).toMatchObject({ redirect: "/es/business-wizard/segments" });
    const four = ["Roofing", "Plumbing", "Painting", "Carpentry"];
    const tooMany = await visitor.send("/es/business-wizard/segments", { segments: four });
    expect(tooMany.page?.actionData?.["es-segments"].result.error).toMatchObject({
      segments: ["Puede elegir 3 opciones como máximo"],
    });
    expect(
      await visitor.send("/es/business-wizard/segments", { segments: ["Roofing", "Plumbing"] }),
    ).toMatchObject({ redirect: "/es/business-wizard/email" });
    const badEmail = await visitor.send("/es/business-wizard/email", { email: "ana@" });
    expect(badEmail.page?.actionData?.["es-email"].result.error).toMatchObject({
      email: ["Escriba un correo electrónico válido"],
    });
    // Back keeps the language.
    expect(
      await visitor.send("/es/business-wizard/email", { intent: "back", email: "ana@" }),
    ).toMatchObject({ redirect: "/es/business-wizard/segments" });
    // The step's switch of language keeps what was typed, unchecked, and opens the same step in
    // the language asked for; a language the site does not speak leaves the visitor where they are.
    expect(
      await visitor.send("/es/business-wizard/email", { intent: "language:en", email: "ana@" }),
    ).toMatchObject({ redirect: "/business-wizard/email" });
    expect((await visitor.send("/business-wizard/email")).page?.loaderData.email).toEqual({
      email: "ana@",
    });
    expect(
      await visitor.send("/business-wizard/email", { intent: "language:fr", email: "ana@" }),
    ).toMatchObject({ redirect: "/business-wizard/email" });
    expect(
      await visitor.send("/business-wizard/email", { intent: "language:es", email: "ana@" }),
    ).toMatchObject({ redirect: "/es/business-wizard/email" });
    expect(
      await visitor.send("/es/business-wizard/email", { email: "techos@example.com" }),
    ).toMatchObject({ redirect: "/es/business-wizard/questionnaire-1" });
    // The reminder waiting to go, should the visitor not finish, is written in Spanish.
    const reminder = await database.db
      .selectFrom("outbox")
      .select(["subject", "text_body"])
      .where(sql<boolean>`'techos@example.com' = ANY(recipients)`)
      .executeTakeFirstOrThrow();
    expect(reminder.subject).toBe("Termine su solicitud de CoverPilot");
    expect(reminder.text_body).toContain("https://coverpilot.example/es/resume/");
    expect(
      await visitor.send("/es/business-wizard/questionnaire-1", { businessName: "Techos Díaz" }),
    ).toMatchObject({ redirect: "/es/business-wizard/questionnaire-2" });
    const about = {
      firstName: "Rosa",
      lastName: "Díaz",
      phoneNumber: "(555) 234-5678",
      legalBusinessName: "Techos Díaz LLC",
      streetAddress: "12 Main St",
      city: "Austin",
      // A ZIP code of New Mexico's, for a business in Texas: checked, and said in Spanish.
      zipCode: "87101",
      sameAddress: "Yes",
      consentToTexts: "on",
    };
    const elsewhere = await visitor.send("/es/business-wizard/questionnaire-2", about);
    expect(elsewhere.page?.actionData?.["es-about-you"].result.error).toMatchObject({
      zipCode: [
        'Este código postal suele corresponder a otro lugar (Nuevo México), no a Texas. Revíselo o marque "Este código postal es correcto".',
      ],
    });
    expect(
      await visitor.send("/es/business-wizard/questionnaire-2", { ...about, zipCode: "78701" }),
    ).toMatchObject({ redirect: "/es/business-wizard/questionnaire-3" });
    const year = await visitor.send("/es/business-wizard/questionnaire-3", {
      ownershipStructure: "Trust",
      startYear: "3000",
    });
    expect(year.page?.actionData?.["es-ownership"].result.error).toMatchObject({
      startYear: [`Escriba un año de cuatro dígitos, de 1800 a ${new Date().getFullYear()}`],
    });
    // On to the coverage plan, in Spanish.
    expect(
      await visitor.send("/es/business-wizard/questionnaire-3", {
        ownershipStructure: "Trust",
        startYear: "2015",
      }),
    ).toMatchObject({ redirect: "/es/business-wizard/quote" });
    const saved = await database.db
      .selectFrom("business_wizard_submissions")
      .select(["segments", "state", "ownership_structure", "consent_text", "language"])
      .where("email", "=", "techos@example.com")
      .executeTakeFirstOrThrow();
    // The stored names are the catalog's English ones, whatever the page's language; the consent
    // is kept in the words the visitor agreed to, the Spanish ones.
    expect(saved).toEqual({
      segments: ["Roofing", "Plumbing"],
      state: "Texas",
      ownership_structure: "Trust",
      consent_text: expect.stringMatching(/^Acepto recibir mensajes de texto/),
      language: "es",
    });
  });

  it("asks other's visitors to pick the closest industry code after they type, then moves on", async () => {
    const visitor = new Visitor(services);
    await visitor.send("/business-wizard", { industry: "other", state: "Utah" });
    expect(
      await visitor.send("/business-wizard/segments", { searchQuery: "Dog grooming" }),
    ).toMatchObject({
      redirect: "/business-wizard/segments",
    });
    const shown = await visitor.send("/business-wizard/segments");
    const view = shown.page?.loaderData.segments;
    expect(view.searchQuery).toBe("Dog grooming");
    expect(view.codes[0]).toEqual({
      code: "812910",
      title: "Pet Care (except Veterinary) Services",
    });
    // The email step waits until the choice is made.
    expect(await visitor.send("/business-wizard/email")).toMatchObject({
      redirect: "/business-wizard/segments",
    });
    expect(
      await visitor.send("/business-wizard/segments", {
        searchQuery: "Dog grooming",
        naicsCode: "812910",
      }),
    ).toMatchObject({ redirect: "/business-wizard/email" });
    expect(
      (await visitor.send("/business-wizard/segments")).page?.loaderData.segments.naicsCode,
    ).toBe("812910");
  });

  it("stays on the last step for the toast when the screen's scripts run", async () => {
    const visitor = new Visitor(services);
    for (const [pathname, form] of APPLICATION.slice(0, -1)) {
      await visitor.send(pathname, {
        ...form,
        ...(pathname.endsWith("email") ? { email: "stay@example.com" } : {}),
      });
    }
    const [pathname, form] = APPLICATION.at(-1)!;
    const answer = await visitor.send(pathname, { ...form, scripted: "yes" });
    expect(answer.status).toBe(200);
    expect(answer.page?.actionData?.["ownership"]).toEqual({
      saved: true,
      toast: { kind: "success", message: "Your information has been saved successfully!" },
    });
  });

  it("keeps Back's typed text, unchecked but bounded, and goes to the step before", async () => {
    const visitor = new Visitor(services);
    for (const [pathname, form] of APPLICATION.slice(0, 3)) {
      await visitor.send(pathname, {
        ...form,
        ...(pathname.endsWith("email") ? { email: "back@example.com" } : {}),
      });
    }
    const back = await visitor.send("/business-wizard/questionnaire-1", {
      intent: "back",
      businessName: "  half typed" + "x".repeat(500),
    });
    expect(back.redirect).toBe("/business-wizard/email");
    const shown = await visitor.send("/business-wizard/questionnaire-1");
    const kept = shown.page?.loaderData["business-name"].businessName;
    expect(kept).toHaveLength(200);
    expect(kept.startsWith("  half typed")).toBe(true);
  });

  it("a save that fails after writing the submission leaves nothing half written, and a retry works", async () => {
    const visitor = new Visitor(services);
    for (const [pathname, form] of APPLICATION.slice(0, 2)) await visitor.send(pathname, form);
    // Keeping the draft fails once the submission and its resume link are written.
    await whileRefusing(
      database,
      "update on wizard_drafts for each row when (new.submission_id is not null)",
      async () => {
        const answer = await visitor.send("/business-wizard/email", {
          email: "atomic@example.com",
        });
        expect(answer.status).toBe(503);
        expect(answer.page?.actionData?.email.toast).toEqual({
          kind: "error",
          message: messages.saveFailed,
        });
      },
    );
    expect(await submissionsAndLinks(database, "atomic@example.com")).toEqual({
      submissions: 0,
      links: 0,
    });
    expect(
      await visitor.send("/business-wizard/email", { email: "atomic@example.com" }),
    ).toMatchObject({ redirect: "/business-wizard/questionnaire-1" });
    expect(await submissionsAndLinks(database, "atomic@example.com")).toEqual({
      submissions: 1,
      links: 1,
    });
  });

  it("a resume link that cannot be stored does not undo the save around it", async () => {
    const visitor = new Visitor(services);
    for (const [pathname, form] of APPLICATION.slice(0, 2)) await visitor.send(pathname, form);
    await whileRefusing(database, "insert on resume_tokens for each row", async (logged) => {
      expect(
        await visitor.send("/business-wizard/email", { email: "linkless@example.com" }),
      ).toMatchObject({ redirect: "/business-wizard/questionnaire-1" });
      expect(logged).toHaveBeenCalledWith(expect.anything(), "resume link not sent");
    });
    expect(await submissionsAndLinks(database, "linkless@example.com")).toEqual({
      submissions: 1,
      links: 0,
    });
    // The draft was kept with the saved submission: the next step opens.
    expect(await visitor.send("/business-wizard/questionnaire-1")).toMatchObject({ status: 200 });
  });

  it("the email step keeps a proven email only while it saves the submission that proved it", async () => {
    const visitor = new Visitor(services);
    for (const [pathname, form] of APPLICATION.slice(0, 2)) await visitor.send(pathname, form);
    await visitor.send("/business-wizard/email", { email: "proven@example.com" });
    const id = (await latestDraftId(database))!;
    const stored = () =>
      database.db
        .selectFrom("wizard_drafts")
        .select(["data", "submission_id", "email_proven"])
        .where("id", "=", id)
        .executeTakeFirstOrThrow();
    const first = await stored();
    const provenId = first.submission_id!;
    // As a resume link leaves it: the session has proven the email of its submission.
    const data = first.data as { draft: Record<string, unknown> };
    await database.db
      .updateTable("wizard_drafts")
      .set({
        data: JSON.stringify({
          draft: {
            ...data.draft,
            submission: { id: provenId, email: "proven@example.com", emailProven: true },
          },
        }),
        email_proven: true,
      })
      .where("id", "=", id)
      .execute();

    await visitor.send("/business-wizard/email", { email: "Proven@Example.com" });
    expect(await stored()).toMatchObject({
      data: {
        draft: {
          email: "proven@example.com",
          submission: { id: provenId, email: "proven@example.com", emailProven: true },
        },
      },
      submission_id: provenId,
      email_proven: true,
    });

    await visitor.send("/business-wizard/email", { email: "another@example.com" });
    const other = await stored();
    expect(other.submission_id).not.toBe(provenId);
    expect(other).toMatchObject({
      data: { draft: { submission: { id: other.submission_id, email: "another@example.com" } } },
      email_proven: false,
    });
    expect((other.data as { draft: { submission: object } }).draft.submission).not.toHaveProperty(
      "emailProven",
    );
  });

  it("a save from this server's copy of a draft that another server changed starts again from the stored one", async () => {
    const other = createServices(env, database);
    const visitor = new Visitor(services);
    for (const [pathname, form] of APPLICATION.slice(0, 2)) await visitor.send(pathname, form);
    const id = (await latestDraftId(database))!;
    // This server keeps its copy of the draft as the segments step left it; the other changes it.
    visitor.useServer(other);
    await visitor.send("/business-wizard", { industry: "offices", state: "Texas" });
    visitor.useServer(services);
    expect(
      await visitor.send("/business-wizard/email", { email: "two-servers@example.com" }),
    ).toMatchObject({ redirect: "/business-wizard/questionnaire-1" });
    const record = await database.db
      .selectFrom("business_wizard_submissions")
      .select(["industry", "state", "segments"])
      .where("email", "=", "two-servers@example.com")
      .executeTakeFirstOrThrow();
    expect(record).toEqual({ industry: "offices", state: "Texas", segments: ["Architect"] });
    // Back on the other server, whose copy is now the one behind: step 1 keeps the email's save.
    visitor.useServer(other);
    await visitor.send("/business-wizard", { industry: "offices", state: "Utah" });
    const stored = await database.db
      .selectFrom("wizard_drafts")
      .select("data")
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    expect(stored.data).toMatchObject({
      draft: {
        industry: "offices",
        state: "Utah",
        segments: ["Architect"],
        email: "two-servers@example.com",
        submission: { email: "two-servers@example.com" },
      },
    });
  });

  it("a step that this server's copy of the draft would send back is checked on the stored draft", async () => {
    const other = createServices(env, database);
    const visitor = new Visitor(services);
    await visitor.send(...APPLICATION[0]);
    // The segments are saved through the other server: this one's copy has none.
    visitor.useServer(other);
    await visitor.send(...APPLICATION[1]);
    visitor.useServer(services);
    expect(
      await visitor.send("/business-wizard/email", { email: "copy-behind@example.com" }),
    ).toMatchObject({ redirect: "/business-wizard/questionnaire-1" });
    expect(await submissionsAndLinks(database, "copy-behind@example.com")).toEqual({
      submissions: 1,
      links: 1,
    });
  });

  it("a form this server's copy of the draft refuses is checked on the stored draft", async () => {
    const other = createServices(env, database);
    const visitor = new Visitor(services);
    await visitor.send(...APPLICATION[0]);
    // The industry changes through the other server: this one's copy still says offices.
    visitor.useServer(other);
    await visitor.send("/business-wizard", { industry: "cleaning", state: "Ohio" });
    visitor.useServer(services);
    expect(
      await visitor.send("/business-wizard/segments", { segment: "Window Cleaning" }),
    ).toMatchObject({ redirect: "/business-wizard/email" });
    const shown = await visitor.send("/business-wizard/segments");
    expect(shown.page?.loaderData.segments).toMatchObject({ industryId: "cleaning" });
  });

  it("a save from this server's copy of a draft that was deleted meanwhile starts over at step 1", async () => {
    const visitor = new Visitor(services);
    for (const [pathname, form] of APPLICATION.slice(0, 2)) await visitor.send(pathname, form);
    const id = (await latestDraftId(database))!;
    await database.db.deleteFrom("wizard_drafts").where("id", "=", id).execute();
    expect(
      await visitor.send("/business-wizard/email", { email: "deleted-draft@example.com" }),
    ).toMatchObject({ redirect: "/business-wizard" });
    expect(await submissionsAndLinks(database, "deleted-draft@example.com")).toEqual({
      submissions: 0,
      links: 0,
    });
  });

  it("keeps a new draft under the id of a cookie whose draft was deleted (expired)", async () => {
    const visitor = new Visitor(services);
    await visitor.send("/business-wizard", { industry: "food", state: "Ohio" });
    const id = (await latestDraftId(database))!;
    await database.db.deleteFrom("wizard_drafts").where("id", "=", id).execute();
    expect(
      await visitor.send("/business-wizard", { industry: "retail", state: "Texas" }),
    ).toMatchObject({ redirect: "/business-wizard/segments" });
    expect(await visitor.send("/business-wizard/segments")).toMatchObject({ status: 200 });
    expect(await latestDraftId(database)).toBe(id);
  });

  it("reads a stored draft that does not fit the draft's shape as empty, never a 500", async () => {
    const visitor = new Visitor(services);
    await visitor.send("/business-wizard", { industry: "food", state: "Ohio" });
    await database.db
      .updateTable("wizard_drafts")
      .set({ data: JSON.stringify({ draft: { segments: "not a list", industry: 7 } }) })
      .where("id", "=", (await latestDraftId(database))!)
      .execute();
    const warned = vi.spyOn(logger, "warn").mockImplementation(() => undefined);
    try {
      expect(await visitor.send("/business-wizard")).toMatchObject({ status: 200 });
      expect(await visitor.send("/business-wizard/segments")).toMatchObject({
        redirect: "/business-wizard",
      });
      expect(warned).toHaveBeenCalledWith(
        expect.objectContaining({ draftId: expect.any(String) }),
        "wizard draft unreadable: read as empty",
      );
    } finally {
      warned.mockRestore();
    }
  });
});

/** The same server with the agency's own details: licensed in California and Texas only. */
const licensedEnv = parseEnv({
  DATA_DIR: env.DATA_DIR,
  SITE_URL: "https://coverpilot.example",
  SESSION_SECRET: "e".repeat(32),
  AGENCY_NAME: "Harbor Insurance Agency LLC",
  AGENCY_HOME_STATE: "CA",
  AGENCY_NPN: "12345678",
  AGENCY_LICENSES: "CA:0K12345,TX:2345678",
  AGENCY_ADDRESS: "1 Harbor Way, San Diego, CA 92101",
  AGENCY_PHONE: "(619) 555-0100",
  AGENCY_EMAIL: "service@harbor-insurance.example",
});

describe.each(testDatabaseKinds)("only where the agency is licensed, on $name", (kind) => {
  let database: Database;
  let sample: AppServices;
  let licensed: AppServices;
  beforeAll(async () => {
    database = await kind.open();
    sample = createServices(env, database);
    licensed = createServices(licensedEnv, database);
  });
  afterAll(async () => {
    await database.close();
  });

  /** The drafts' submission columns, and the submissions and links stored for `email`. */
  async function stored(email: string) {
    const drafts = await database.db.selectFrom("wizard_drafts").select("submission_id").execute();
    return {
      ...(await submissionsAndLinks(database, email)),
      draftsNamingASubmission: drafts.filter((draft) => draft.submission_id !== null).length,
    };
  }

  const ohio = { industry: "food", state: "Ohio" };
  const later: Array<[string, Record<string, string | string[]>]> = [
    ["/business-wizard/segments", { segments: ["Bakery"] }],
    ["/business-wizard/email", { email: "ohio@example.com" }],
    ["/business-wizard/questionnaire-1", APPLICATION[3][1]],
    ["/business-wizard/questionnaire-2", APPLICATION[4][1]],
    ["/business-wizard/questionnaire-3", APPLICATION[5][1]],
  ];

  it("closes a state whose agency licence has expired, as one it never held: nothing past step 1 is stored", async () => {
    // Texas's licence ended yesterday at the agency; California's runs on (issue 55).
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    const expired = createServices(
      parseEnv({
        DATA_DIR: env.DATA_DIR,
        SITE_URL: "https://coverpilot.example",
        SESSION_SECRET: "e".repeat(32),
        AGENCY_NAME: "Harbor Insurance Agency LLC",
        AGENCY_HOME_STATE: "CA",
        AGENCY_NPN: "12345678",
        AGENCY_LICENSES: `CA:0K12345:2099-12-31,TX:2345678:${yesterday}`,
        AGENCY_ADDRESS: "1 Harbor Way, San Diego, CA 92101",
        AGENCY_PHONE: "(619) 555-0100",
        AGENCY_EMAIL: "service@harbor-insurance.example",
        AGENCY_TIME_ZONE: "UTC",
      }),
      database,
    );
    const texan = new Visitor(expired);
    expect(await texan.send("/business-wizard", { industry: "food", state: "Texas" })).toEqual({
      redirect: NOT_LICENSED_PATH,
      status: 302,
    });
    expect(
      await texan.send("/business-wizard/email", { email: "texas@example.com" }),
    ).toMatchObject({ redirect: NOT_LICENSED_PATH });
    expect(await stored("texas@example.com")).toMatchObject({ submissions: 0, links: 0 });
    // The same server still takes California, whose licence has not expired.
    expect(
      await new Visitor(expired).send("/business-wizard", {
        industry: "food",
        state: "California",
      }),
    ).toMatchObject({ redirect: "/business-wizard/segments" });
  });

  it("goes on from step 1 for a state the agency is licensed in", async () => {
    const visitor = new Visitor(licensed);
    expect(
      await visitor.send("/business-wizard", { industry: "food", state: "Texas" }),
    ).toMatchObject({ redirect: "/business-wizard/segments" });
  });

  it("stops after step 1 for another state: every later step, shown or posted, sends to the not-licensed page and stores nothing", async () => {
    await database.db.deleteFrom("wizard_drafts").execute();
    const visitor = new Visitor(licensed);
    expect(await visitor.send("/business-wizard", ohio)).toEqual({
      redirect: NOT_LICENSED_PATH,
      status: 302,
    });
    for (const [pathname, form] of later) {
      expect(await visitor.send(pathname), pathname).toMatchObject({ redirect: NOT_LICENSED_PATH });
      for (const intent of ["continue", "back"]) {
        expect(await visitor.send(pathname, { ...form, intent }), pathname).toMatchObject({
          redirect: NOT_LICENSED_PATH,
        });
      }
    }
    expect(await stored("ohio@example.com")).toEqual({
      submissions: 0,
      links: 0,
      draftsNamingASubmission: 0,
    });
    expect(
      await database.db.selectFrom("business_wizard_submissions").select("id").execute(),
    ).toEqual([]);
    // Step 1 kept its two answers, which name the state on the not-licensed page, and nothing else.
    const draft = await database.db
      .selectFrom("wizard_drafts")
      .select("data")
      .executeTakeFirstOrThrow();
    expect(draft.data).toEqual({ draft: ohio });
    // Step 1 itself still shows, to choose another state.
    expect(await visitor.send("/business-wizard")).toMatchObject({ status: 200 });
    expect(
      await visitor.send("/business-wizard", { industry: "food", state: "California" }),
    ).toMatchObject({ redirect: "/business-wizard/segments" });
  });

  it("a draft saved while every state was open (the sample details) saves nothing more once the state is not served", async () => {
    const visitor = new Visitor(sample);
    await visitor.send("/business-wizard", ohio);
    await visitor.send("/business-wizard/segments", { segments: ["Bakery"] });
    visitor.useServer(licensed);
    expect(
      await visitor.send("/business-wizard/email", { email: "before@example.com" }),
    ).toMatchObject({ redirect: NOT_LICENSED_PATH });
    expect(await stored("before@example.com")).toMatchObject({ submissions: 0, links: 0 });

    // An application whose email step was saved then: the later steps save nothing to it now.
    visitor.useServer(sample);
    expect(
      await visitor.send("/business-wizard/email", { email: "before@example.com" }),
    ).toMatchObject({ redirect: "/business-wizard/questionnaire-1" });
    await visitor.send(...APPLICATION[3]);
    await visitor.send(...APPLICATION[4]);
    visitor.useServer(licensed);
    expect(await visitor.send(...APPLICATION[5])).toMatchObject({ redirect: NOT_LICENSED_PATH });
    const record = await database.db
      .selectFrom("business_wizard_submissions")
      .select(["business_name", "ownership_structure", "completed_at"])
      .where("email", "=", "before@example.com")
      .executeTakeFirstOrThrow();
    expect(record).toEqual({ business_name: null, ownership_structure: null, completed_at: null });
  });
});

/**
 * Runs `work` while a trigger makes writes fail (`on`: the trigger's event, table and condition, a
 * constant of the test's), with the logged errors silenced and handed to `work`.
 */
async function whileRefusing(
  database: Database,
  on: string,
  work: (logged: MockInstance<typeof logger.error>) => Promise<void>,
) {
  await sql`create function refuse_write() returns trigger language plpgsql as $$
    begin raise exception 'refused by the test'; end $$`.execute(database.db);
  await sql
    .raw(`create trigger refuse_write before ${on} execute function refuse_write()`)
    .execute(database.db);
  const logged = vi.spyOn(logger, "error").mockImplementation(() => undefined);
  try {
    await work(logged);
  } finally {
    logged.mockRestore();
    await sql.raw(`drop trigger refuse_write on ${/ on (\w+)/.exec(on)![1]}`).execute(database.db);
    await sql`drop function refuse_write()`.execute(database.db);
  }
}

/** A server on `database` with the test's settings and these. */
function servicesWith(database: Database, settings: Record<string, string> = {}): AppServices {
  return createServices(
    parseEnv({
      DATA_DIR: env.DATA_DIR,
      SITE_URL: "https://coverpilot.example",
      SESSION_SECRET: "e".repeat(32),
      ...settings,
    }),
    database,
  );
}

/** The application's steps `from` up to (not including) `to`, with this email: where each went. */
async function walk(visitor: Visitor, email: string, from = 0, to: number = APPLICATION.length) {
  const answers: (string | null | undefined)[] = [];
  for (const [pathname, form] of APPLICATION.slice(from, to)) {
    const answer = await visitor.send(pathname, pathname.endsWith("email") ? { email } : form);
    answers.push(answer.redirect);
  }
  return answers;
}

/** How many submissions have this email, and how many resume links were stored for them. */
async function submissionsAndLinks(database: Database, email: string) {
  const ids = await database.db
    .selectFrom("business_wizard_submissions")
    .select("id")
    .where("email", "=", email)
    .execute();
  const links = ids.length
    ? await database.db
        .selectFrom("resume_tokens")
        .select("submission_id")
        .where(
          "submission_id",
          "in",
          ids.map((row) => row.id),
        )
        .execute()
    : [];
  return { submissions: ids.length, links: links.length };
}

async function latestDraftId(database: Database): Promise<string | undefined> {
  const row = await database.db
    .selectFrom("wizard_drafts")
    .select("id")
    .orderBy("updated_at", "desc")
    .limit(1)
    .executeTakeFirst();
  return row?.id;
}

describe.each(testDatabaseKinds)("the email step's reminder (decision 032), on $name", (kind) => {
  let database: Database;
  beforeAll(async () => {
    database = await kind.open();
  });
  afterAll(async () => {
    await database.close();
  });

  /** A server whose reminder waits `delayMs` (unset: the default, 30 minutes). */
  const serverWith = (delayMs?: number) =>
    servicesWith(
      database,
      delayMs === undefined ? {} : { RESUME_REMINDER_DELAY_MS: String(delayMs) },
    );

  /** An outbox worker whose transport records what it sends. */
  function recordingWorker() {
    const sent: { to: string[]; subject: string; html?: string }[] = [];
    const worker = new OutboxWorker({
      db: database.db,
      transport: {
        async send({ to, subject, html }) {
          sent.push({ to, subject, html });
        },
      },
      from: "no-reply@coverpilot.example",
      retryBaseMs: 10,
    });
    return { worker, sentTo: (email: string) => sent.filter((mail) => mail.to.includes(email)) };
  }

  /** The emails to `email` in the outbox (sent or to go, not cancelled), oldest first. */
  const queuedTo = (email: string) =>
    database.db
      .selectFrom("outbox")
      .selectAll()
      .where(sql<boolean>`${email}::text = ANY(recipients)`)
      .where("cancelled_at", "is", null)
      .orderBy("id")
      .execute();

  /** Makes the links sent for `email`'s application older than the few minutes between two. */
  const ageLinks = (email: string) =>
    database.db
      .updateTable("resume_tokens")
      .set({ created_at: sql<Date>`created_at - interval '10 minutes'` })
      .where("submission_id", "in", (sub) =>
        sub.selectFrom("business_wizard_submissions").select("id").where("email", "=", email),
      )
      .execute();

  it("waits 30 minutes by default, and finishing the application cancels it", async () => {
    const visitor = new Visitor(serverWith());
    const { worker, sentTo } = recordingWorker();
    await walk(visitor, "waits@example.com", 0, 3);
    const [reminder, ...more] = await queuedTo("waits@example.com");
    expect(more).toEqual([]);
    expect(reminder).toMatchObject({
      subject: "Finish your CoverPilot application",
      sent_at: null,
      cancel_key: expect.stringMatching(/^resume-reminder:[0-9a-f-]{36}$/),
    });
    expect(reminder!.html_body).toMatch(/<a href="https:\/\/coverpilot\.example\/resume\//);
    const waitsMinutes = (reminder!.send_after.getTime() - Date.now()) / 60_000;
    expect(waitsMinutes).toBeGreaterThan(29);
    expect(waitsMinutes).toBeLessThanOrEqual(30);
    await worker.deliverDue();
    expect(sentTo("waits@example.com")).toEqual([]);

    expect((await walk(visitor, "waits@example.com", 3, APPLICATION.length)).at(-1)).toBe(
      QUOTE_STEP_PATH,
    );
    expect(await queuedTo("waits@example.com")).toEqual([]);
    // The link itself was stored, and is still good: only its email is gone.
    expect(await submissionsAndLinks(database, "waits@example.com")).toEqual({
      submissions: 1,
      links: 1,
    });
  });

  it("once cancelled by finishing, no longer counts under the inbox's hourly cap (decision 054)", async () => {
    const visitor = new Visitor(serverWith());
    await walk(visitor, "counted@example.com");
    // The reminder was queued, then cancelled: the inbox's 3 visitor emails of the hour are all
    // still to come (the quote request's confirmation, a /login link...).
    const queued = [];
    for (const n of [1, 2, 3, 4]) {
      queued.push(
        await queueCappedEmail(
          database.db,
          "counted@example.com",
          { subject: `Email ${n}`, text: "x", html: "x" },
          3,
        ),
      );
    }
    expect(queued).toEqual([true, true, true, false]);
  });

  it("three strangers typing a customer's address stop none of the customer's emails", async () => {
    const customer = new Visitor(serverWith());
    await walk(customer, "owner@example.com");
    // Three strangers' sessions each save the email step with it (and never finish).
    for (let stranger = 0; stranger < 3; stranger++) {
      await walk(new Visitor(serverWith()), "owner@example.com", 0, 3);
    }
    const applications = await database.db
      .selectFrom("business_wizard_submissions")
      .select(["id", "email_not_proven"])
      .where("email", "=", "owner@example.com")
      .orderBy("created_at")
      .execute();
    expect(applications.map((row) => row.email_not_proven)).toEqual([false, true, true, true]);
    // The strangers' three reminders were queued under the inbox's strangers' count: a fourth
    // stranger's is not...
    expect(await queuedTo("owner@example.com")).toHaveLength(3);
    await walk(new Visitor(serverWith()), "owner@example.com", 0, 3);
    expect(await queuedTo("owner@example.com")).toHaveLength(3);
    // ...and the customer's own visitor emails (the quote request's confirmation...) all still go.
    for (const subject of ["Your request", "Your request, updated", "Your link"]) {
      expect(
        await queueCappedEmail(
          database.db,
          "owner@example.com",
          { subject, text: "x", html: "x" },
          3,
        ),
      ).toBe(true);
    }
    // The agency's emails to its customer, whose email is proven, all go too.
    const desk = (submissionId: string, subject: string) =>
      queueAgencyEmail(
        database.db,
        { submissionId, to: "owner@example.com", operatorId: null, subject, text: "x", html: "x" },
        AGENCY_MAIL_LIMITS,
      );
    for (const subject of ["Question", "Your quotes are ready", "Your policy", "Certificate"]) {
      expect(await desk(applications[0]!.id, subject)).toBe("queued");
    }
    // A stranger's application is sent nothing.
    expect(await desk(applications[1]!.id, "Your quotes are ready")).toBe("unproven");
  });

  it("is cancelled for a corrected address too, once the session finishes", async () => {
    const visitor = new Visitor(serverWith());
    await walk(visitor, "mistyped@example.com", 0, 3);
    expect(await queuedTo("mistyped@example.com")).toHaveLength(1);
    // Back to the email step with the right address: another application, another reminder.
    await walk(visitor, "corrected@example.com", 2, 3);
    expect(await queuedTo("corrected@example.com")).toHaveLength(1);
    await walk(visitor, "corrected@example.com", 3, APPLICATION.length);
    // Nothing is left to go to either address, the mistyped one above all.
    expect(await queuedTo("mistyped@example.com")).toEqual([]);
    expect(await queuedTo("corrected@example.com")).toEqual([]);
  });

  it("is sent once its delay is over to someone who has not finished, with its HTML part", async () => {
    const visitor = new Visitor(serverWith(1_000));
    const { worker, sentTo } = recordingWorker();
    await walk(visitor, "soon@example.com", 0, 3);
    await worker.deliverDue();
    expect(sentTo("soon@example.com")).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, 1_200));
    await worker.deliverDue();
    const [sent, ...more] = sentTo("soon@example.com");
    expect(more).toEqual([]);
    expect(sent?.subject).toBe("Finish your CoverPilot application");
    expect(sent?.html).toContain("You can pick up your CoverPilot application");
    // Finishing after it went changes nothing of what was sent.
    await walk(visitor, "soon@example.com", 3, APPLICATION.length);
    expect((await queuedTo("soon@example.com")).map((mail) => mail.sent_at)).toEqual([
      expect.any(Date),
    ]);
  });

  it("replaces a reminder still waiting, and none is queued for an application already finished", async () => {
    const visitor = new Visitor(serverWith());
    await walk(visitor, "again@example.com", 0, 3);
    const [first] = await queuedTo("again@example.com");
    // The email step saved again after the few minutes between two links: one reminder waits.
    await ageLinks("again@example.com");
    await walk(visitor, "again@example.com", 2, 3);
    const waiting = await queuedTo("again@example.com");
    expect(waiting).toHaveLength(1);
    expect(waiting[0]!.id).not.toBe(first!.id);
    expect(waiting[0]!.cancel_key).toBe(first!.cancel_key);

    await walk(visitor, "again@example.com", 3, APPLICATION.length);
    expect(await queuedTo("again@example.com")).toEqual([]);
    // Correcting the finished application's answers: the email step saves, and queues nothing.
    await ageLinks("again@example.com");
    expect(await walk(visitor, "again@example.com", 2, 3)).toEqual([
      "/business-wizard/questionnaire-1",
    ]);
    expect(await queuedTo("again@example.com")).toEqual([]);
  });
});

describe.each(testDatabaseKinds)("the final step's save (decision 052), on $name", (kind) => {
  let database: Database;
  beforeAll(async () => {
    database = await kind.open();
  });
  afterAll(async () => {
    await database.close();
  });

  const DESK = "desk@agency.example";
  const serverWith = (settings: Record<string, string>) => servicesWith(database, settings);

  const submissionOf = (email: string) =>
    database.db
      .selectFrom("business_wizard_submissions")
      .select(["id", "business_name", "completed_at"])
      .where("email", "=", email)
      .executeTakeFirstOrThrow();

  /** The agency's new-lead emails in the outbox, oldest first. */
  const alerts = () =>
    database.db
      .selectFrom("outbox")
      .select(["subject", "text_body"])
      .where(sql<boolean>`${DESK}::text = ANY(recipients)`)
      .orderBy("id")
      .execute();

  it("queues the agency's email, with the link to the application it saved, and keeps the draft", async () => {
    await database.db.deleteFrom("outbox").execute();
    const visitor = new Visitor(serverWith({ LEAD_NOTIFY_TO: DESK }));
    expect((await walk(visitor, "alert@example.com")).at(-1)).toBe(QUOTE_STEP_PATH);
    const saved = await submissionOf("alert@example.com");
    expect(saved.completed_at).toBeInstanceOf(Date);
    const queued = await alerts();
    expect(queued).toHaveLength(1);
    expect(queued[0]!.subject).toBe("New lead: Ana's Studio (Offices & Professionals, Ohio)");
    expect(queued[0]!.text_body).toContain(
      `Every field and the consent evidence: https://coverpilot.example/admin/submissions/${saved.id}\n`,
    );
    // The completed draft was kept: the last step opens with its answers.
    const last = await visitor.send("/business-wizard/questionnaire-3");
    expect(last.page?.loaderData.ownership).toMatchObject({
      ownershipStructure: "Trust",
      startYear: "2015",
    });
  });

  it("an agency email that cannot be queued is logged without the lead and does not undo the save", async () => {
    await database.db.deleteFrom("outbox").execute();
    const visitor = new Visitor(serverWith({ LEAD_NOTIFY_TO: DESK }));
    await walk(visitor, "no-alert@example.com", 0, APPLICATION.length - 1);
    await whileRefusing(database, "insert on outbox for each row", async (logged) => {
      expect(await walk(visitor, "no-alert@example.com", APPLICATION.length - 1)).toEqual([
        QUOTE_STEP_PATH,
      ]);
      expect(logged).toHaveBeenCalledWith(expect.anything(), "lead notification not queued");
      const text = JSON.stringify(logged.mock.calls);
      expect(text).not.toContain("no-alert@example.com");
      expect(text).not.toContain("Ana");
    });
    expect((await submissionOf("no-alert@example.com")).completed_at).toBeInstanceOf(Date);
    expect(await alerts()).toEqual([]);
  });

  it("with webhooks, tells them whether the application was complete before: completed, then updated", async () => {
    await database.db.deleteFrom("outbox").execute();
    const visitor = new Visitor(
      serverWith({
        LEAD_NOTIFY_TO: DESK,
        LEAD_WEBHOOK_URL: "https://hooks.example/leads",
        LEAD_WEBHOOK_SECRET: "w".repeat(32),
      }),
    );
    await walk(visitor, "twice@example.com");
    const [pathname, form] = APPLICATION.at(-1)!;
    expect(await visitor.send(pathname, { ...form, startYear: "2016" })).toMatchObject({
      redirect: QUOTE_STEP_PATH,
    });
    const { id } = await submissionOf("twice@example.com");
    const events = await database.db
      .selectFrom("webhook_deliveries")
      .select("event")
      .where("submission_id", "=", id)
      .orderBy("created_at")
      .execute();
    expect(events.map((row) => row.event)).toEqual([
      "application.completed",
      "application.updated",
    ]);
    expect(await alerts()).toHaveLength(2);
  });

  it("from this server's copy of a draft that another server changed, saves the stored answers", async () => {
    const here = serverWith({});
    const visitor = new Visitor(here);
    await walk(visitor, "behind@example.com", 0, APPLICATION.length - 1);
    visitor.useServer(serverWith({}));
    await visitor.send("/business-wizard/questionnaire-1", { businessName: "Changed Studio" });
    visitor.useServer(here);
    expect(await walk(visitor, "behind@example.com", APPLICATION.length - 1)).toEqual([
      QUOTE_STEP_PATH,
    ]);
    expect(await submissionOf("behind@example.com")).toMatchObject({
      business_name: "Changed Studio",
      completed_at: expect.any(Date),
    });
  });
});
