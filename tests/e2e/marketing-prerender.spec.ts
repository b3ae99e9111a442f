import { readFileSync } from "node:fs";

import { makeDataDir, startServer, stopServer } from "../support/server-process.ts";
import { expect, test } from "./helpers.ts";

// `npm run build` prerenders the marketing pages for the SITE_URL it runs with, by default that of
// a server on port 3000 (this one runs on another port but names itself so).
const BUILD_SITE_URL = process.env.SITE_URL ?? "http://localhost:3000";

test("a server whose SITE_URL matches the build serves the prerendered pages", async () => {
  const server = await startServer({ dataDir: makeDataDir(), env: { SITE_URL: BUILD_SITE_URL } });
  try {
    const response = await fetch(`${server.url}/workers-comp`);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(response.headers.get("content-security-policy")).toContain("script-src 'self'");
    expect(response.headers.get("permissions-policy")).toContain("camera=()");
    expect(await response.text()).toBe(
      readFileSync("build/client/workers-comp/index.html", "utf8"),
    );
    expect(server.output()).toContain('"msg":"serving prerendered pages"');
  } finally {
    await stopServer(server);
  }
});

test("a server with another SITE_URL renders the pages itself, for its own address", async () => {
  const server = await startServer({
    dataDir: makeDataDir(),
    env: { SITE_URL: "https://coverpilot.example" },
  });
  try {
    const html = await (await fetch(`${server.url}/workers-comp`)).text();
    expect(html).toContain(
      '<link rel="canonical" href="https://coverpilot.example/workers-comp"/>',
    );
    expect(server.output()).toContain("prerendered pages were built for another SITE_URL");
  } finally {
    await stopServer(server);
  }
});
