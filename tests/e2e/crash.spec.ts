import { readSubmissions } from "../support/databases.ts";
import {
  makeDataDir,
  startServer,
  stopServer,
  type ServerProcess,
} from "../support/server-process.ts";
import { HttpVisitor } from "../support/visitor.ts";
import { expect, test } from "./helpers.ts";

/**
 * Visitors that go through the wizard again and again until told to stop: every second one also
 * completes the application. Records each email whose save the server acknowledged.
 */
function keepSaving(server: ServerProcess, label: string, acknowledged: string[]) {
  let stop = false;
  const statuses: number[] = [];
  /** The answers to the last attempts that did not end in an acknowledged save, for a failure. */
  const unsaved: string[] = [];
  const noteUnsaved = (what: string) => {
    unsaved.push(what);
    if (unsaved.length > 20) unsaved.shift();
  };
  const visitors = Array.from({ length: 6 }, async (_, visitor) => {
    for (let n = 0; !stop; n++) {
      const email = `${label}-v${visitor}-n${n}@example.com`;
      try {
        const http = new HttpVisitor(server.url);
        if (!(await http.saveEmailStep(email))) {
          noteUnsaved(http.statuses.join("/"));
          continue;
        }
        acknowledged.push(email);
        if (visitor % 2 === 0) {
          await http.completeApplication({
            businessName: `Business ${n}`,
            firstName: "Ada",
            lastName: "Byron",
            phoneNumber: "(312) 555-0123",
            streetAddress: "1 Lake St",
            mailingAddress: "PO Box 1",
          });
        }
        statuses.push(...http.statuses);
      } catch (error) {
        // The server went away mid-request: that save was never acknowledged.
        noteUnsaved(String(error));
      }
    }
  });
  return {
    statuses,
    unsaved,
    async stop() {
      stop = true;
      await Promise.all(visitors);
    },
  };
}

test.describe("crash safety on the embedded database", () => {
  test.setTimeout(300_000);

  // Five kills, each at a random moment with saves in flight. `npm run soak` kills a server every
  // few minutes for as long as it is asked to (decision 058): the many kills are its work, and
  // these few the suite's.
  test("killed with SIGKILL during wizard saves, 5 times: every acknowledged save is there", async () => {
    const dataDir = makeDataDir({ embedded: true });
    const acknowledged: string[] = [];
    for (let round = 0; round < 5; round++) {
      const server = await startServer({ dataDir, env: { LOG_LEVEL: "warn" } });
      const before = acknowledged.length;
      const load = keepSaving(server, `r${round}`, acknowledged);
      // Killed at a random moment once this round's visitors are saving (two saves acknowledged,
      // rather than a fixed time, which on a busy machine can pass before the first): every round
      // kills saves in flight.
      try {
        await expect
          .poll(() => acknowledged.length - before, { intervals: [20], timeout: 20_000 })
          .toBeGreaterThanOrEqual(2);
      } catch (error) {
        // What the visitors were answered and what the server said, should a round stall.
        throw new Error(
          `Round ${round}: fewer than two saves acknowledged in 20 s; the last unsaved attempts' answers: ${load.unsaved.join(", ")}; the server said:\n${server.output().slice(-4000)}`,
          { cause: error },
        );
      }
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 300));
      server.child.kill("SIGKILL");
      await load.stop();
      await server.exited;
    }
    expect(acknowledged.length).toBeGreaterThan(10);
    const last = await startServer({ dataDir });
    await stopServer(last);
    const stored = new Set((await readSubmissions(dataDir)).map((row) => row.email));
    const missing = acknowledged.filter((email) => !stored.has(email));
    expect(missing, `${acknowledged.length} acknowledged saves`).toEqual([]);
  });

  test("SIGTERM during saves: saves in flight finish, then a clean exit with nothing lost", async () => {
    const dataDir = makeDataDir({ embedded: true });
    const acknowledged: string[] = [];
    const server = await startServer({ dataDir, env: { LOG_LEVEL: "info" } });
    const load = keepSaving(server, "term", acknowledged);
    // Signalled once saves are under way (a fixed wait found none yet on a busy machine).
    await expect.poll(() => acknowledged.length, { intervals: [20] }).toBeGreaterThanOrEqual(3);
    const before = acknowledged.length;
    const signalled = Date.now();
    server.child.kill("SIGTERM");
    const { code } = await server.exited;
    // Well within the 10 s budget: the deadline that cuts connections was never needed.
    expect(Date.now() - signalled).toBeLessThan(8_000);
    expect(server.output()).not.toContain("requests still in flight at the deadline");
    await load.stop();
    expect(code).toBe(0);
    expect(server.output()).toContain('"msg":"stopped cleanly"');
    expect(before).toBeGreaterThan(0);
    expect(load.statuses.filter((status) => status >= 500)).toEqual([]);
    const stored = new Set((await readSubmissions(dataDir)).map((row) => row.email));
    expect(acknowledged.filter((email) => !stored.has(email))).toEqual([]);
  });
});
