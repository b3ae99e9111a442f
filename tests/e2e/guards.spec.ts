import { Agent, request } from "node:http";
import { connect } from "node:net";

import { submissionsIn } from "../support/databases.ts";
import { startServerWithDatabase, type ServerWithDatabase } from "../support/served-database.ts";
import { makeDataDir, startServer, stopServer } from "../support/server-process.ts";
import { HttpVisitor } from "../support/visitor.ts";
import { chooseIndustryAndState, expect, test } from "./helpers.ts";
import { HONEYPOT_FIELD } from "#app/domain/site/honeypot.ts";

// The journeys that look for what was saved share a server (each with an address of its own), one
// after another; the others use Playwright's server, or one with a rate limit of its own.
test.describe.configure({ mode: "default" });

let served: ServerWithDatabase;
test.beforeAll(async () => {
  served = await startServerWithDatabase();
});
test.afterAll(async () => served?.stop());

/** The submissions saved for `email`. */
function submissionsOf(email: string) {
  return served.query(async (db) => (await submissionsIn(db)).filter((row) => row.email === email));
}

test.describe("posts the site refuses", () => {
  test("a post from another site: 403, and nothing is saved", async () => {
    const server = served.server;
    const visitor = new HttpVisitor(server.url);
    await visitor.post("/business-wizard", {
      industry: "food",
      state: "Ohio",
      intent: "continue",
    });
    await visitor.post("/business-wizard/segments", { segments: "Bakery", intent: "continue" });
    const forged = await fetch(`${server.url}/business-wizard/email`, {
      method: "POST",
      body: new URLSearchParams({ email: "victim@example.com", intent: "continue" }),
      headers: { Origin: "https://evil.example", Cookie: visitor.cookie() },
      redirect: "manual",
    });
    expect(forged.status).toBe(403);
    expect(await forged.text()).toContain("<h1>We couldn't accept that form</h1>");
    expect(await submissionsOf("victim@example.com")).toEqual([]);
  });

  test("a body over 64 KB: 413 with a readable page, and the client's next request answered at once", async ({
    baseURL,
  }) => {
    // Playwright's own server: nothing here depends on a setting or on what is saved.
    const server = { url: baseURL! };
    const response = await fetch(`${server.url}/business-wizard`, {
      method: "POST",
      body: new URLSearchParams({ industry: "x".repeat(70_000) }),
    });
    expect(response.status).toBe(413);
    expect(await response.text()).toContain("That form is too large");

    // One keep-alive connection at a time, as a browser's or a proxy's pool would reuse it.
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    for (const size of [70_000, 2_000_000]) {
      const refused = await send(agent, server.url, "POST", "/business-wizard", "a".repeat(size));
      expect(refused.status, `${size} bytes`).toBe(413);
      const started = Date.now();
      const next = await send(agent, server.url, "GET", "/healthz");
      expect(next.status).toBe(200);
      expect(Date.now() - started, `the request after ${size} bytes`).toBeLessThan(2_000);
    }
    agent.destroy();

    // A client that states a length and waits before sending: the answer comes and the
    // connection closes, rather than the next bytes being read as the rest of that body.
    const socket = connect(Number(new URL(server.url).port), "127.0.0.1");
    let answer = "";
    socket.on("data", (chunk: Buffer) => (answer += chunk.toString()));
    const closed = new Promise<void>((resolve) => socket.on("close", () => resolve()));
    socket.write(
      "POST /business-wizard HTTP/1.1\r\nHost: 127.0.0.1\r\n" +
        "Content-Type: application/x-www-form-urlencoded\r\nContent-Length: 70000\r\n\r\n",
    );
    const started = Date.now();
    await closed;
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(answer).toMatch(/^HTTP\/1\.1 413 /);
    expect(answer).toMatch(/\r\nConnection: close\r\n/i);
  });

  test("past the rate limit: 429 with a page that leads back to the step, and the draft kept", async ({
    page,
  }) => {
    const server = await startServer({
      dataDir: makeDataDir(),
      env: { RATE_LIMIT_PER_MINUTE: "2", SITE_URL: "http://127.0.0.1" },
    });
    try {
      // The limit counts per clock minute: the three saves below fall in one.
      const leftOfMinute = 60_000 - (Date.now() % 60_000);
      if (leftOfMinute < 15_000) await new Promise((resolve) => setTimeout(resolve, leftOfMinute));
      await page.goto(`${server.url}/business-wizard`);
      await chooseIndustryAndState(page, "Food & Beverage", "Ohio");
      await page.getByRole("checkbox", { name: "Bar" }).check();
      await page.getByRole("button", { name: "Continue" }).click();
      await expect(page).toHaveURL(/email$/);
      await page
        .getByLabel("What email can we use to save your quote?", { exact: true })
        .fill("fast@example.com");
      await page.getByRole("button", { name: "Continue" }).click();
      await expect(
        page.getByRole("heading", { level: 1, name: "You're going a little fast" }),
      ).toBeVisible();
      await expect(page).toHaveURL(/email$/);
      await page.getByRole("link", { name: "Back to the page" }).click();
      await expect(page).toHaveURL(/email$/);
      await page.getByRole("button", { name: "Back" }).click();
      // Still refused this minute, and still on the step; what was saved before is there.
      await page.goto(`${server.url}/business-wizard/segments`);
      await expect(page.getByRole("checkbox", { name: "Bar" })).toBeChecked();
      // The answer says when to come back: the seconds until the minute's window frees. (A new
      // minute may have begun since: the third post of a minute is refused.)
      for (const path of ["/contact", "/contact.data"]) {
        let refused: Response | undefined;
        for (let post = 0; post < 3 && refused?.status !== 429; post++) {
          refused = await fetch(`${server.url}${path}`, {
            method: "POST",
            body: new URLSearchParams({ name: "Ada" }),
          });
        }
        if (!refused) throw new Error("no post was made");
        expect(refused.status, path).toBe(429);
        expect(Number(refused.headers.get("Retry-After")), path).toBeGreaterThan(0);
        expect(Number(refused.headers.get("Retry-After")), path).toBeLessThanOrEqual(60);
      }
    } finally {
      // Leave the page before its server goes, so that nothing it still fetches fails.
      await page.goto("about:blank");
      await stopServer(server);
    }
  });

  test("a bot that fills the honeypot is sent home, and nothing is saved", async () => {
    const server = served.server;
    const bot = new HttpVisitor(server.url);
    await bot.post("/business-wizard", { industry: "food", state: "Ohio", intent: "continue" });
    await bot.post("/business-wizard/segments", { segments: "Bakery", intent: "continue" });
    const dropped = await bot.post("/business-wizard/email", {
      email: "bot@example.com",
      [HONEYPOT_FIELD]: "http://spam.example",
      intent: "continue",
    });
    expect(dropped).toEqual({ status: 302, location: "/" });
    // The log line may follow the answer by a moment.
    await expect.poll(() => server.output()).toContain('"event":"honeypot"');
    expect(await submissionsOf("bot@example.com")).toEqual([]);
  });
});

/** One request through `agent`; answers its status once the answer has been read to the end. */
function send(
  agent: Agent,
  baseUrl: string,
  method: string,
  path: string,
  body?: string,
): Promise<{ status: number }> {
  return new Promise((resolve, reject) => {
    const outgoing = request(
      `${baseUrl}${path}`,
      {
        method,
        agent,
        headers: body
          ? {
              "Content-Type": "application/x-www-form-urlencoded",
              "Content-Length": Buffer.byteLength(body),
            }
          : {},
        timeout: 10_000,
      },
      (response) => {
        response.resume();
        response.on("end", () => resolve({ status: response.statusCode ?? 0 }));
      },
    );
    outgoing.on("timeout", () => outgoing.destroy(new Error(`${method} ${path}: no answer`)));
    outgoing.on("error", reject);
    outgoing.end(body);
  });
}
