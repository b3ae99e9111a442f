import type { KyselyPlugin } from "kysely";
import { RouterContextProvider } from "react-router";
import { describe, expect, it, vi } from "vitest";

import type { FunnelStep } from "#app/domain/lead-desk.ts";
import type { WizardStepId } from "#app/domain/wizard-screens.ts";
import { testDatabaseKinds, withDatabase } from "#tests/support/databases.ts";

import { parseEnv } from "../env.server.ts";
import {
  countApplicationCompleted,
  countStepReached,
  funnelMarks,
  FunnelTally,
  readFunnel,
} from "./funnel.server.ts";
import { logger } from "../logger.server.ts";
import { type AppServices, createServices, servicesContext } from "../services.server.ts";

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
  const path = step === "complete" ? "questionnaire-3" : step;
  const request = new Request(`http://localhost/business-wizard/${path}`, {
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
      const first = await visit(services, visitor, "start");
      const cookie = first.headers.get("Set-Cookie") ?? "";
      expect(cookie).toMatch(/^cp_funnel=/);
      expect(cookie).toMatch(/Path=\/business-wizard/);
      expect(cookie).toMatch(/HttpOnly/);
      expect(cookie).toMatch(/SameSite=Lax/);

      const reload = await visit(services, visitor, "start");
      expect(reload.headers.get("Set-Cookie")).toBeNull();
      await visit(services, visitor, "segments");
      await visit(services, visitor, "start");
      await visit(services, visitor, "segments");
      await visit(services, visitor, "email");
      expect(await today(services)).toMatchObject({ start: 1, segments: 1, email: 1 });

      const another = new Browser();
      await visit(services, another, "start");
      expect(await today(services)).toMatchObject({ start: 2, segments: 1 });
    });
  });

  it("counts a completion, then lets the same browser's next application count afresh", async () => {
    await withDatabase(kind.open, async (database) => {
      const services = createServices(env, database);
      const visitor = new Browser();
      for (const step of [
        "start",
        "segments",
        "email",
        "questionnaire-1",
        "questionnaire-2",
        "questionnaire-3",
      ] as const) {
        await visit(services, visitor, step);
      }
      const done = await visit(services, visitor, "complete", "POST");
      expect(done.headers.get("Set-Cookie")).toMatch(/cp_funnel=;.*Max-Age=0/);
      expect(visitor.cookie).toBe("");
      await visit(services, visitor, "start");
      expect(await today(services)).toEqual({
        start: 2,
        segments: 1,
        email: 1,
        "questionnaire-1": 1,
        "questionnaire-2": 1,
        "questionnaire-3": 1,
        complete: 1,
      });
    });
  });

  it("counts no crawler, no HEAD request and no cookie it did not sign", async () => {
    await withDatabase(kind.open, async (database) => {
      const services = createServices(env, database);
      await visit(services, new Browser("Mozilla/5.0 (compatible; Googlebot/2.1)"), "start");
      await visit(services, new Browser("Mozilla/5.0 Chrome-Lighthouse"), "start");
      await visit(services, new Browser(), "start", "HEAD");
      expect((await today(services)).start).toBe(0);
      // A phone whose model name ends in "bot" is still a visitor.
      await visit(
        services,
        new Browser("Mozilla/5.0 (Linux; Android 13; CUBOT_X30) Chrome/120"),
        "start",
      );
      const forger = new Browser();
      forger.cookie = `cp_funnel=${Buffer.from(JSON.stringify(["start"])).toString("base64")}`;
      await visit(services, forger, "start");
      expect((await today(services)).start).toBe(2);
    });
  });

  it("writes nothing while it answers, however many requests come without the cookie; writes later, keeping what fails", async () => {
    await withDatabase(kind.open, async (database) => {
      const services = createServices(env, database);
      const rows = () => database.db.selectFrom("wizard_funnel_daily").selectAll().execute();
      for (let request = 0; request < 25; request++) {
        const response = await visit(services, new Browser(), "start");
        expect(response.headers.get("Set-Cookie")).toMatch(/^cp_funnel=/);
      }
      await visit(services, new Browser(), "complete", "POST");
      expect(await rows()).toEqual([]);
      // Written together later (every few seconds, before a read, and when the server stops).
      await services.funnel.flush();
      expect(await rows()).toHaveLength(2);
      expect(await today(services)).toMatchObject({ start: 25, complete: 1 });

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
      for (let visitor = 0; visitor < 10; visitor++) tally.add("start");
      tally.add("segments", new Date("2026-03-01T23:59:59Z"));
      tally.add("segments", new Date("2026-03-01T00:00:00Z"));
      await expect
        .poll(
          async () => (await readFunnel(database.db, "2026-03-01", "2026-03-01")).totals.segments,
        )
        .toBe(2);
      expect((await today(services)).start).toBe(35);
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
        expect((await today(services)).email).toBe(0);
        tally.add("email");
        await tally.flush();
        expect((await today(services)).email).toBe(3);
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
      const response = await visit(services, new Browser(), "start");
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
      tally.add("start", new Date("2026-03-01T00:00:00Z"));
      tally.add("start", new Date("2026-03-01T23:59:59Z"));
      tally.add("email", new Date("2026-03-01T12:00:00Z"));
      tally.add("start", new Date("2026-03-03T08:00:00Z"));
      tally.add("complete", new Date("2026-03-03T09:00:00Z"));
      tally.add("start", new Date("2026-03-04T00:00:00Z"));
      tally.add("start", new Date("2026-02-28T23:59:59Z"));
      await tally.flush();
      const report = await readFunnel(db, "2026-03-01", "2026-03-03");
      expect(report.days.map((day) => day.day)).toEqual(["2026-03-03", "2026-03-02", "2026-03-01"]);
      expect(report.days[2]!.visitors).toMatchObject({ start: 2, email: 1, complete: 0 });
      expect(report.days[1]!.visitors.start).toBe(0);
      expect(report.days[0]!.visitors).toMatchObject({ start: 1, complete: 1 });
      expect(report.totals).toMatchObject({ start: 3, email: 1, complete: 1, segments: 0 });
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
