import { createFreshPostgres, testPostgresUrl } from "../support/databases.ts";
import { makeDataDir, startServer, stopServer } from "../support/server-process.ts";
import { TcpProxy } from "../support/tcp-proxy.ts";
import { HttpVisitor } from "../support/visitor.ts";
import { expect, test } from "./helpers.ts";

test.describe("a PostgreSQL outage", () => {
  test.skip(!testPostgresUrl, "needs TEST_DATABASE_URL");
  test.setTimeout(120_000);

  test("down or hung: pages render, saves answer with the error toast in time, /healthz says 503, and all recovers without a restart", async () => {
    const database = await createFreshPostgres(testPostgresUrl!);
    const url = new URL(database.url);
    const proxy = await TcpProxy.start({ host: url.hostname, port: Number(url.port || 5432) });
    url.hostname = "127.0.0.1";
    url.port = String(proxy.port);
    const server = await startServer({
      dataDir: makeDataDir(),
      env: {
        DATABASE_URL: url.toString(),
        SESSION_SECRET: "outage-".repeat(6),
        RATE_LIMIT_PER_MINUTE: "1000",
      },
    });
    try {
      const visitor = new HttpVisitor(server.url);
      expect(await visitor.saveEmailStep("before@example.com")).toBe(true);

      await proxy.cut();
      expect((await fetch(`${server.url}/healthz`)).status).toBe(503);
      for (const page of ["/", "/workers-comp", "/business-wizard"]) {
        const response = await fetch(`${server.url}${page}`);
        expect(response.status, page).toBe(200);
      }
      const during = new HttpVisitor(server.url);
      const refused = await during.postPage("/business-wizard", {
        industry: "food",
        state: "Ohio",
        intent: "continue",
      });
      expect(refused.status).toBe(503);
      expect(
        refused.html.includes("There was an error saving your information. Please try again."),
        "the error toast",
      ).toBe(true);
      const stuck = await visitor.postPage("/business-wizard/questionnaire-1", {
        businessName: "Outage Bakery",
        intent: "continue",
      });
      expect(stuck.status).toBe(503);
      expect(
        stuck.html.includes("There was an error saving your information. Please try again."),
      ).toBe(true);
      expect(stuck.html.includes('value="Outage Bakery"'), "what was typed is kept").toBe(true);

      await proxy.restore();
      await expect
        .poll(async () => (await fetch(`${server.url}/healthz`)).status, { timeout: 20_000 })
        .toBe(200);
      expect(await during.saveEmailStep("after@example.com")).toBe(true);
      const moved = await visitor.post("/business-wizard/questionnaire-1", {
        businessName: "Outage Bakery",
        intent: "continue",
      });
      expect(moved.location).toBe("/business-wizard/questionnaire-2");

      // Now the database hangs: connections open, but nothing answers (open ones included).
      proxy.hang();
      const within = async <T>(ms: number, what: string, answer: () => Promise<T>) => {
        const started = Date.now();
        const result = await answer();
        expect(Date.now() - started, what).toBeLessThan(ms);
        return result;
      };
      const health = await within(2_000, "/healthz", () => fetch(`${server.url}/healthz`));
      expect(health.status).toBe(503);
      const hungSave = await within(5_000, "a save on an open connection", () =>
        visitor.postPage("/business-wizard/questionnaire-2", {
          firstName: "Ada",
          lastName: "Lovelace",
          phoneNumber: "(555) 234-5678",
          legalBusinessName: "Outage Bakery LLC",
          streetAddress: "1 Main St",
          sameAddress: "Yes",
          intent: "continue",
        }),
      );
      expect(hungSave.status).toBe(503);
      expect(
        hungSave.html.includes("There was an error saving your information. Please try again."),
      ).toBe(true);
      const late = new HttpVisitor(server.url);
      for (const attempt of [1, 2]) {
        const save = await within(5_000, `a new visitor's save (${attempt})`, () =>
          late.postPage("/business-wizard", {
            industry: "food",
            state: "Ohio",
            intent: "continue",
          }),
        );
        expect(save.status).toBe(503);
        expect(
          save.html.includes("There was an error saving your information. Please try again."),
          "the error toast",
        ).toBe(true);
        await new Promise((resolve) => setTimeout(resolve, 2_500));
      }
      expect(
        (await within(2_000, "a page", () => fetch(`${server.url}/workers-comp`))).status,
      ).toBe(200);
      await proxy.restore();
      await expect
        .poll(async () => (await fetch(`${server.url}/healthz`)).status, { timeout: 20_000 })
        .toBe(200);
      expect(await late.saveEmailStep("after-hang@example.com")).toBe(true);
    } finally {
      await stopServer(server);
      await proxy.cut();
      await database.drop();
    }
  });
});
