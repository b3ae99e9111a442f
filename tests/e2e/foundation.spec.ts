import { expect, expectNoAxeViolations, test } from "./helpers.ts";

test("the home page is served, ready to read, with the security headers", async ({ page }) => {
  const response = await page.goto("/");
  expect(response?.status()).toBe(200);
  await expect(
    page.getByRole("heading", {
      level: 1,
      name: "AI-Powered Insurance for Small Businesses",
    }),
  ).toBeVisible();
  const headers = response?.headers() ?? {};
  expect(headers["content-security-policy"]).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+'/);
  expect(headers["x-content-type-options"]).toBe("nosniff");
  expect(headers["x-frame-options"]).toBe("DENY");
  expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
  expect(headers["x-powered-by"]).toBeUndefined();
  expect(headers["cache-control"]).toBe("no-store");
  await expectNoAxeViolations(page);
});

test("/healthz reports the database as reachable", async ({ request }) => {
  const response = await request.get("/healthz");
  expect(response.status()).toBe(200);
  expect(await response.json()).toEqual({ status: "ok", database: "pglite" });
});

test("hashed assets are cached for a year and compressed", async ({ page, request }) => {
  await page.goto("/");
  const stylesheet = await page.locator('link[rel="stylesheet"]').first().getAttribute("href");
  expect(stylesheet).toMatch(/^\/assets\//);
  const response = await request.get(stylesheet!, {
    headers: { "Accept-Encoding": "gzip" },
  });
  expect(response.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
  expect(response.headers()["content-encoding"]).toBe("gzip");
  expect(response.headers()["x-content-type-options"]).toBe("nosniff");
  const brotli = await request.get(stylesheet!, {
    headers: { "Accept-Encoding": "gzip, deflate, br, zstd" },
  });
  expect(brotli.headers()["content-encoding"]).toBe("br");
  expect(brotli.headers()["vary"]).toBe("Accept-Encoding");
  expect((await brotli.text()).length).toBeGreaterThan(1000);
});

test("a hydrating page leaves its scripts until after the first paint", async ({ page }) => {
  await page.goto("/business-wizard");
  // No preloads: the browser fetches the modules as the hydration script imports them.
  await expect(page.locator('link[rel="modulepreload"]')).toHaveCount(0);
  // React still takes the page over: Continue waits for an industry and a state (without
  // JavaScript it is always enabled, and the server answers).
  await expect(page.getByRole("button", { name: "Continue" })).toBeDisabled();
});
