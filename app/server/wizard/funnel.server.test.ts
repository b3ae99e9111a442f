import type { KyselyPlugin } from "kysely";
import { RouterContextProvider } from "react-router";
import { describe, expect, it, vi } from "vitest";

import { FUNNEL_STEPS, type FunnelStep } from "#app/domain/leads/lead-desk.ts";
import { stepPath, type WizardStepId } from "#app/domain/wizard/wizard-screens.ts";
import { testDatabaseKinds, withDatabase } from "#tests/support/databases.ts";

import { SITE_COOKIES } from "#app/domain/site/site-cookies.ts";

import { parseEnv } from "#app/server/env.server.ts";
import { siteCookie } from "#app/server/http/signed-cookies.server.ts";
import {
  countApplicationCompleted,
  countStepReached,
  funnelMarks,
  readFunnel,
} from "#app/server/wizard/funnel.server.ts";
import { FunnelTally } from "#app/server/wizard/funnel-tally.server.ts";
import { logger } from "#app/server/logger.server.ts";
import { type AppServices, servicesContext } from "#app/server/services.server.ts";
import { createServices } from "#app/server/create-services.server.ts";

const env = parseEnv({
  SESSION_SECRET: "a-test-secret-that-is-long-enough-0123",
  DATA_DIR: "/nonexistent",
});

/** A browser: keeps the cookies the wizard's answers set, as a browser would for its paths. */
class Browser {
  cookie = "";
  readonly userAgent: string;

  constructor(userAgent = "Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0 Safari/537.36") {
    this.userAgent = userAgent;
  }

  keep(response: Response): void {
    for (const header of response.headers.getSetCookie()) {
      const [pair] = header.split(";");
      if (/Max-Age=0/i.test(header) || /Expires=Thu, 01 Jan 1970/i.test(header)) this.cookie = "";
      else this.cookie = pair!;
    }
  }
}

/** One request through the root's middleware to a step's loader (or the final action). */
async function visit(
  services: AppServices,
  browser: Browser,
  step: WizardStepId | "complete",
  method = "GET",
): Promise<Response> {
  const path = stepPath(step === "complete" ? "ownership" : step);
  const request = new Request(`http://localhost${path}`, {
    method,
    headers: { Cookie: browser.cookie, "User-Agent": browser.userAgent },
  });
  const context = new RouterContextProvider();
  context.set(servicesContext, services);
  const args = { request, context, params: {} } as unknown as Parameters<typeof funnelMarks>[0];
  const response = await funnelMarks(args, async () => {
    if (step === "complete") await countApplicationCompleted(context);
    else await countStepReached(context, request, step);
    return new Response("page");
  });
  browser.keep(response as Response);
  return response as Response;
}

async function today(services: AppServices): Promise<Record<FunnelStep, number>> {
  const day = new Date().toISOString().slice(0, 10);
  return (await readFunnel(services.database.db, day, day, services.funnel)).totals;
}

describe.each(testDatabaseKinds)("the wizard's funnel on $name", (kind) => {
  it("counts a visitor once per step, however often they reload or come back", async () => {
    await withDatabase(kind.open, async (database) => {
      const services = createServices(env, database);
      const visitor = new Browser();
      const first = await visit(services, visitor, "industry-and-state");
      const cookie = first.headers.get("Set-Cookie") ?? "";
      expect(cookie).toMatch(/^cp_funnel=/);
      expect(cookie).toMatch(/Path=\/business-wizard/);
      expect(cookie).toMatch(/HttpOnly/);
      expect(cookie).toMatch(/SameSite=Lax/);

      const reload = await visit(services, visitor, "industry-and-state");
      expect(reload.headers.get("Set-Cookie")).toBeNull();
      await visit(services, visitor, "segments");
      await visit(services, visitor, "industry-and-state");
      await visit(services, visitor, "segments");
      await visit(services, visitor, "email");
      expect(await today(services)).toMatchObject({
        "industry-and-state": 1,
        segments: 1,
        email: 1,
      });

      const another = new Browser();
      await visit(services, another, "industry-and-state");
      expect(await today(services)).toMatchObject({ "industry-and-state": 2, segments: 1 });
    });
  });

  it("counts a completion, then lets the same browser's next application count afresh", async () => {
    await withDatabase(kind.open, async (database) => {
      const services = createServices(env, database);
      const visitor = new Browser();
      for (const step of [
        "industry-and-state",
        "segments",
        "email",
        "business-name",
        "about-you",
        "ownership",
      ] as const) {
        await visit(services, visitor, step);
      }
      const done = await visit(services, visitor, "complete", "POST");
      expect(done.headers.get("Set-Cookie")).toMatch(/cp_funnel=;.*Max-Age=0/);
      expect(visitor.cookie).toBe("");
      await visit(services, visitor, "industry-and-state");
      expect(await today(services)).toEqual({
        "industry-and-state": 2,
        segments: 1,
        email: 1,
        "business-name": 1,
        "about-you": 1,
        ownership: 1,
        complete: 1,
      });
    });
  });

  it("counts no crawler, no HEAD request and no cookie it did not sign", async () => {
    await withDatabase(kind.open, async (database) => {
      const services = createServices(env, database);
      await visit(
        services,
        new Browser("Mozilla/5.0 (compatible; Googlebot/2.1)"),
        "industry-and-state",
      );
      await visit(services, new Browser("Mozilla/5.0 Chrome-Lighthouse"), "industry-and-state");
      await visit(services, new Browser(), "industry-and-state", "HEAD");
      expect((await today(services))["industry-and-state"]).toBe(0);
      // A phone whose model name ends in "bot" is still a visitor.
      await visit(
        services,
        new Browser("Mozilla/5.0 (Linux; Android 13; CUBOT_X30) Chrome/120"),
        "industry-and-state",
      );
      const forger = new Browser();
      forger.cookie = `cp_funnel=${Buffer.from(JSON.stringify(["industry-and-state"])).toString("base64")}`;
      await visit(services, forger, "industry-and-state");
      expect((await today(services))["industry-and-state"]).toBe(2);
    });
  });

  it("does not count again a journey whose cookie names the steps as they were before 0021", async () => {
    await withDatabase(kind.open, async (database) => {
      const services = createServices(env, database);
      const { name, maxAgeSeconds, path } = SITE_COOKIES.funnel;
      const before = siteCookie(env, name, { maxAgeSeconds, path });
      const visitor = new Browser();
      visitor.cookie = (await before.serialize(["start", "segments", "questionnaire-1"])).split(
        ";",
      )[0]!;
      await visit(services, visitor, "industry-and-state");
      await visit(services, visitor, "business-name");
      await visit(services, visitor, "about-you");
      const counts = await today(services);
      expect(counts["industry-and-state"]).toBe(0);
      expect(counts["business-name"]).toBe(0);
      // The email step, which that cookie did not name, is counted as passed (issue 56).
      expect(counts.email).toBe(1);
      expect(counts["about-you"]).toBe(1);
    });
  });

  it("counts every stage up to the furthest a journey reached, so each is at most the one before (issue 56)", async () => {
    await withDatabase(kind.open, async (database) => {
      const services = createServices(env, database);
      // Came back by a link in another browser, straight to About you; then completed.
      const resumed = new Browser();
      await visit(services, resumed, "about-you");
      // Another starts, and leaves at the business name.
      const leaver = new Browser();
      for (const step of ["industry-and-state", "segments", "email", "business-name"] as const) {
        await visit(services, leaver, step);
      }
      // A third completes from the ownership step, its earlier steps counted once only.
      const finisher = new Browser();
      await visit(services, finisher, "ownership");
      await visit(services, finisher, "about-you");
      await visit(services, finisher, "complete", "POST");
      const counts = await today(services);
      expect(counts).toEqual({
        "industry-and-state": 3,
        segments: 3,
        email: 3,
        "business-name": 3,
        "about-you": 2,
        ownership: 1,
        complete: 1,
      });
      const stages = FUNNEL_STEPS.map((step) => counts[step.id]);
      expect(stages).toEqual([...stages].sort((a, b) => b - a));
    });
  });

  it("counts a journey on the day it started, whichever day it goes on", async () => {
    await withDatabase(kind.open, async (database) => {
      const services = createServices(env, database);
      const { name, maxAgeSeconds, path } = SITE_COOKIES.funnel;
      const cookie = siteCookie(env, name, { maxAgeSeconds, path });
      const visitor = new Browser();
      const since = "2026-03-01";
      visitor.cookie = (
        await cookie.serialize({ since, steps: ["industry-and-state", "segments"] })
      ).split(";")[0]!;
      await visit(services, visitor, "email");
      await visit(services, visitor, "complete", "POST");
      const started = (await readFunnel(database.db, since, since, services.funnel)).totals;
      expect(started).toMatchObject({ email: 1, "business-name": 1, complete: 1 });
      expect(started["industry-and-state"]).toBe(0);
      expect((await today(services)).email).toBe(0);
    });
  });

  it("writes nothing while it answers, however many requests come without the cookie; writes later, keeping what fails", async () => {
    await withDatabase(kind.open, async (database) => {
      const services = createServices(env, database);
      const rows = () => database.db.selectFrom("wizard_funnel_daily").selectAll().execute();
      for (let request = 0; request < 25; request++) {
        const response = await visit(services, new Browser(), "industry-and-state");
        expect(response.headers.get("Set-Cookie")).toMatch(/^cp_funnel=/);
      }
      await visit(services, new Browser(), "complete", "POST");
      expect(await rows()).toEqual([]);
      // Written together later (every few seconds, before a read, and when the server stops).
      await services.funnel.flush();
      // One row per stage: the completion counts every stage before it too (issue 56).
      expect(await rows()).toHaveLength(FUNNEL_STEPS.length);
      expect(await today(services)).toMatchObject({ "industry-and-state": 26, complete: 1 });

      // A database that refuses the next statement when told to, counting those it runs.
      let refuseNext = false;
      let statements = 0;
      const flaky: KyselyPlugin = {
        transformQuery: ({ node }) => {
          if (refuseNext) {
            refuseNext = false;
            throw new Error("connection lost");
          }
          statements += 1;
          return node;
        },
        transformResult: async ({ result }) => result,
      };
      const tally = new FunnelTally(database.db.withPlugin(flaky), 20);
      for (let visitor = 0; visitor < 10; visitor++) tally.add("industry-and-state");
      tally.add("segments", new Date("2026-03-01T23:59:59Z"));
      tally.add("segments", new Date("2026-03-01T00:00:00Z"));
      await expect
        .poll(
          async () => (await readFunnel(database.db, "2026-03-01", "2026-03-01")).totals.segments,
        )
        .toBe(2);
      expect((await today(services))["industry-and-state"]).toBe(36);
      expect(statements).toBe(2);

      const warned = vi.spyOn(logger, "warn").mockImplementation(() => undefined);
      try {
        tally.add("email");
        tally.add("email");
        refuseNext = true;
        await tally.flush();
        expect(warned).toHaveBeenCalledWith(
          expect.objectContaining({ err: expect.any(Error) }),
          "funnel counts not written; kept for the next write",
        );
        // The one completion above counted the email step; these two wait.
        expect((await today(services)).email).toBe(1);
        tally.add("email");
        await tally.flush();
        expect((await today(services)).email).toBe(4);
      } finally {
        warned.mockRestore();
      }
    });
  });

  it("never fails the page when the count cannot be kept", async () => {
    const database = await kind.open();
    await database.close();
    const warned = vi.spyOn(logger, "warn").mockImplementation(() => undefined);
    try {
      const services = createServices(env, database);
      const response = await visit(services, new Browser(), "industry-and-state");
      expect(await response.text()).toBe("page");
      await services.funnel.flush();
      expect(warned).toHaveBeenCalledWith(
        expect.objectContaining({ err: expect.any(Error) }),
        "funnel counts not written; kept for the next write",
      );
    } finally {
      warned.mockRestore();
    }
  });

  it("reports each day of a range, newest first, zeros included, and the range's totals", async () => {
    await withDatabase(kind.open, async ({ db }) => {
      const tally = new FunnelTally(db);
      tally.add("industry-and-state", new Date("2026-03-01T00:00:00Z"));
      tally.add("industry-and-state", new Date("2026-03-01T23:59:59Z"));
      tally.add("email", new Date("2026-03-01T12:00:00Z"));
      tally.add("industry-and-state", new Date("2026-03-03T08:00:00Z"));
      tally.add("complete", new Date("2026-03-03T09:00:00Z"));
      tally.add("industry-and-state", new Date("2026-03-04T00:00:00Z"));
      tally.add("industry-and-state", new Date("2026-02-28T23:59:59Z"));
      await tally.flush();
      const report = await readFunnel(db, "2026-03-01", "2026-03-03");
      expect(report.days.map((day) => day.day)).toEqual(["2026-03-03", "2026-03-02", "2026-03-01"]);
      expect(report.days[2]!.visitors).toMatchObject({
        "industry-and-state": 2,
        email: 1,
        complete: 0,
      });
      expect(report.days[1]!.visitors["industry-and-state"]).toBe(0);
      expect(report.days[0]!.visitors).toMatchObject({ "industry-and-state": 1, complete: 1 });
      expect(report.totals).toMatchObject({
        "industry-and-state": 3,
        email: 1,
        complete: 1,
        segments: 0,
      });
    });
  });
});

describe("the funnel's middleware", () => {
  it("runs on the wizard's routes only, not on every request of the site", async () => {
    const root = await import("#app/root.tsx");
    const wizard = await import("#app/routes/wizard/layout.tsx");
    expect(root.middleware).not.toContain(funnelMarks);
    expect(wizard.middleware).toContain(funnelMarks);
  });
});
