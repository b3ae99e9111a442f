import { readSubmissions } from "../support/databases.ts";
import { makeDataDir, startServer, stopServer } from "../support/server-process.ts";
import { HttpVisitor } from "../support/visitor.ts";
import { expect, test } from "./helpers.ts";

test.describe("crash safety on the embedded database", () => {
  test.setTimeout(180_000);

  test("a server killed with SIGKILL during saves restarts with every acknowledged save", async () => {
    const dataDir = makeDataDir();
    const acknowledged: string[] = [];
    const ROUNDS = 5;
    for (let round = 0; round < ROUNDS; round++) {
      const server = await startServer({ dataDir, env: { LOG_LEVEL: "warn" } });
      let stop = false;
      const visitors = Array.from({ length: 4 }, async (_, visitor) => {
        for (let n = 0; !stop; n++) {
          const email = `r${round}-v${visitor}-n${n}@example.com`;
          try {
            if (await new HttpVisitor(server.url).saveEmailStep(email)) acknowledged.push(email);
          } catch {
            // The server died mid-request: this save was never acknowledged.
          }
        }
      });
      await new Promise((resolve) => setTimeout(resolve, 800 + Math.random() * 1500));
      server.child.kill("SIGKILL");
      stop = true;
      await Promise.all(visitors);
      await server.exited;
    }
    expect(acknowledged.length).toBeGreaterThan(ROUNDS);
    // The next start after the last crash must come up; then read what it holds.
    const last = await startServer({ dataDir });
    await stopServer(last);
    const stored = new Set((await readSubmissions(dataDir)).map((row) => row.email));
    const missing = acknowledged.filter((email) => !stored.has(email));
    expect(missing, `${acknowledged.length} acknowledged saves`).toEqual([]);
  });
});
