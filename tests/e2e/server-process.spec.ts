import {
  makeDataDir,
  startServer,
  stopServer,
  type ServerProcess,
} from "../support/server-process.ts";
import { expect, test } from "./helpers.ts";

// Each journey that ends by starting a server on the stopped one's DATA_DIR (to show it was freed)
// hands that server to the next journey, which needs a running server anyway: some 2.5 s a start.
// One journey after another, in one worker; a journey that fails hands nothing over.
test.describe.configure({ mode: "default" });

let handedOver: { server: ServerProcess; dataDir: string } | undefined;

/** The server the previous journey handed over, or else a new one on a DATA_DIR of its own. */
async function runningServer(): Promise<{ server: ServerProcess; dataDir: string }> {
  const taken = handedOver;
  handedOver = undefined;
  if (taken && taken.server.child.exitCode === null && taken.server.child.signalCode === null) {
    return taken;
  }
  const dataDir = makeDataDir({ embedded: true });
  return { server: await startServer({ dataDir }), dataDir };
}

test.afterAll(async () => {
  if (!handedOver) return;
  // The last server started on a freed DATA_DIR ends cleanly too.
  handedOver.server.child.kill("SIGTERM");
  expect((await handedOver.server.exited).code).toBe(0);
});

test.describe("the server process", () => {
  test("a second server on the same DATA_DIR refuses to start, and the first keeps serving", async () => {
    const { server: first, dataDir } = await runningServer();
    let handOver = false;
    try {
      const second = await startServer({ dataDir, waitUntilReady: false });
      const { code } = await second.exited;
      expect(code).toBe(1);
      expect(second.output()).toContain("CoverPilot could not start.");
      expect(second.output()).toContain("is in use by another server");
      const health = await fetch(`${first.url}/healthz`);
      expect(health.status).toBe(200);
      handOver = true;
    } finally {
      if (handOver) handedOver = { server: first, dataDir };
      else await stopServer(first);
    }
  });

  test("a bad setting stops the server with a message naming the variable", async () => {
    const server = await startServer({
      dataDir: makeDataDir({ embedded: true }),
      env: { PORT: "not-a-port" },
      waitUntilReady: false,
    });
    const { code } = await server.exited;
    expect(code).toBe(1);
    expect(server.output()).toMatch(/Invalid environment:\n- PORT: /);
  });

  test("SIGTERM closes the database cleanly and exits within 10 s", async () => {
    const { server, dataDir } = await runningServer();
    // A keep-alive connection left open must not hold the shutdown up.
    expect((await fetch(`${server.url}/`, { keepalive: true })).status).toBe(200);
    server.child.kill("SIGTERM");
    const started = Date.now();
    const { code } = await server.exited;
    expect(code, server.output()).toBe(0);
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(server.output()).toContain('"msg":"stopped cleanly"');
    // The connection was closed once idle, not cut at the deadline.
    expect(server.output()).not.toContain("requests still in flight at the deadline");
    // Closed cleanly: the next server starts on the same directory at once.
    handedOver = { server: await startServer({ dataDir }), dataDir };
  });

  test("a log reader that stops reading: the server goes on serving, and SIGTERM still ends it", async () => {
    const { server, dataDir } = await runningServer();
    // The reader is still there but takes nothing: the pipe fills up (some 130 KB here).
    server.child.stdout!.removeAllListeners("data");
    server.child.stdout!.pause();
    const longPath = `/${"x".repeat(4_000)}`;
    for (let request = 0; request < 100; request++) {
      const response = await fetch(`${server.url}${longPath}`, {
        signal: AbortSignal.timeout(5_000),
      });
      expect(response.status).toBe(404);
    }
    await expectToStopAndFreeDataDir(server, dataDir);
  });

  test("a log reader that went away (EPIPE): the server goes on serving, and SIGTERM ends it", async () => {
    const { server, dataDir } = await runningServer();
    server.child.stdout!.destroy();
    server.child.stderr!.destroy();
    // A path React Router warns about on standard error, then pages that log on standard output.
    for (const path of ["/business-wizard/%ff", "/", "/no-such-page", "/healthz"]) {
      const response = await fetch(`${server.url}${path}`, { signal: AbortSignal.timeout(5_000) });
      expect(response.status, path).toBeLessThan(500);
    }
    await expectToStopAndFreeDataDir(server, dataDir);
  });
});

/**
 * SIGTERM ends the server well within its deadline, and a new one starts on its DATA_DIR (handed
 * over to the next journey).
 */
async function expectToStopAndFreeDataDir(server: ServerProcess, dataDir: string) {
  const started = Date.now();
  server.child.kill("SIGTERM");
  const ended = await Promise.race([
    server.exited,
    new Promise<"still running">((resolve) => setTimeout(() => resolve("still running"), 15_000)),
  ]);
  if (ended === "still running") server.child.kill("SIGKILL");
  expect(ended).not.toBe("still running");
  expect(Date.now() - started).toBeLessThan(12_000);
  handedOver = { server: await startServer({ dataDir }), dataDir };
}
