import { makeDataDir, startServer } from "../support/server-process.ts";
import { expect, test } from "./helpers.ts";

test.describe("the server process", () => {
  test("a second server on the same DATA_DIR refuses to start, and the first keeps serving", async () => {
    const dataDir = makeDataDir();
    const first = await startServer({ dataDir });
    try {
      const second = await startServer({ dataDir, waitUntilReady: false });
      const { code } = await second.exited;
      expect(code).toBe(1);
      expect(second.output()).toContain("CoverPilot could not start.");
      expect(second.output()).toContain("is in use by another server");
      const health = await fetch(`${first.url}/healthz`);
      expect(health.status).toBe(200);
    } finally {
      first.child.kill("SIGTERM");
      await first.exited;
    }
  });

  test("a bad setting stops the server with a message naming the variable", async () => {
    const server = await startServer({
      dataDir: makeDataDir(),
      env: { PORT: "not-a-port" },
      waitUntilReady: false,
    });
    const { code } = await server.exited;
    expect(code).toBe(1);
    expect(server.output()).toMatch(/Invalid environment:\n- PORT: /);
  });

  test("SIGTERM closes the database cleanly and exits within 10 s", async () => {
    const dataDir = makeDataDir();
    const server = await startServer({ dataDir });
    // A keep-alive connection left open must not hold the shutdown up.
    expect((await fetch(`${server.url}/`, { keepalive: true })).status).toBe(200);
    server.child.kill("SIGTERM");
    const started = Date.now();
    const { code } = await server.exited;
    expect(code, server.output()).toBe(0);
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(server.output()).toContain('"msg":"stopped cleanly"');
    // Closed cleanly: the next server starts on the same directory at once.
    const next = await startServer({ dataDir });
    next.child.kill("SIGTERM");
    expect((await next.exited).code).toBe(0);
  });
});
