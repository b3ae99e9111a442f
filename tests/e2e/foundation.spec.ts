import { site } from "#app/domain/site/site.ts";

import { completeApplication, expect, expectNoAxeViolations, test } from "./helpers.ts";

test("the home page is served, ready to read, with the security headers", async ({ page }) => {
  const response = await page.goto("/");
  expect(response?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1, name: site.headline })).toBeVisible();
  const headers = response?.headers() ?? {};
  expect(headers["content-security-policy"]).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+'/);
  expect(headers["x-content-type-options"]).toBe("nosniff");
  expect(headers["x-frame-options"]).toBe("DENY");
  expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
  expect(headers["x-powered-by"]).toBeUndefined();
  expect(headers["cache-control"]).toBe("no-store");
  await expectNoAxeViolations(page);
});

test("pages turn off the browser features the site does not use", async ({ page }) => {
  const reports: string[] = [];
  page.on("console", (message) => {
    if (message.text().includes("Permissions-Policy")) reports.push(message.text());
  });
  for (const path of ["/", "/business-wizard", "/admin/login"]) {
    const response = await page.goto(path);
    const policy = response?.headers()["permissions-policy"] ?? "";
    for (const feature of ["camera", "microphone", "geolocation", "payment", "usb"]) {
      expect(policy, path).toContain(`${feature}=()`);
    }
    // Every feature the policy names is one the browser knows (it reports any other).
    expect(reports, path).toEqual([]);
    expect(
      await page.evaluate(() =>
        (
          document as Document & { featurePolicy?: { allowsFeature(name: string): boolean } }
        ).featurePolicy?.allowsFeature("camera"),
      ),
      path,
    ).toBe(false);
  }
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
  expect(brotli.headers()["content-security-policy"]).toContain("default-src 'none'");
  expect((await brotli.text()).length).toBeGreaterThan(1000);
});

test("the icon is in the page, and at /favicon.svg for anyone who asks", async ({
  page,
  request,
}) => {
  await page.goto("/");
  const icon = await page.locator('link[rel="icon"]').getAttribute("href");
  expect(icon).toMatch(/^data:image\/svg\+xml,/);
  const response = await request.get("/favicon.svg");
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toBe("image/svg+xml");
  expect(await response.text()).toContain("<svg");
});

test("a hydrating page leaves its scripts and its stylesheet until after the first paint", async ({
  page,
  request,
}) => {
  // No preloads in the document: the browser fetches the modules as the hydration script imports
  // them. (Once hydrated, React may add the links itself; the modules are in by then.)
  const html = await (await request.get("/business-wizard")).text();
  expect(html.includes("<script")).toBe(true);
  expect(html.includes('rel="modulepreload"')).toBe(false);
  await page.goto("/business-wizard");
  // React still takes the page over: Continue waits for an industry and a state (without
  // JavaScript it is always enabled, and the server answers).
  await expect(page.getByRole("button", { name: "Continue" })).toBeDisabled();
  // The site script runs too, and React adds the link to the whole stylesheet once it has the page.
  await expect(page.locator("html")).toHaveAttribute("data-enhanced", "");
  await expect(page.locator('head > link[rel="stylesheet"][href^="/assets/app-"]')).toHaveCount(1);
  // Every module, the site script and the stylesheet were asked for after the first paint
  // (decisions 027 and 053).
  const [paint, modules, stylesheets] = await page.evaluate(() => {
    const starts = (pattern: RegExp) =>
      performance
        .getEntriesByType("resource")
        .filter((entry) => pattern.test(entry.name))
        .map((entry) => entry.startTime);
    return [
      performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? Infinity,
      starts(/\/assets\/.*\.js$/),
      starts(/\/assets\/app-[\w-]+\.css$/),
    ] as const;
  });
  expect(modules.length).toBeGreaterThan(1);
  expect(Math.min(...modules)).toBeGreaterThan(paint);
  expect(stylesheets.length).toBe(1);
  expect(Math.min(...stylesheets)).toBeGreaterThan(paint);
});

test("wizard pages paint from the rules they carry, and look the same with the whole stylesheet", async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  // Its own rules inside the page; the whole stylesheet only for a browser without scripts.
  const html = await (await request.get("/business-wizard")).text();
  expect(html).toMatch(/<style nonce="[^"]+">/);
  expect(html).toMatch(
    /<noscript><link rel="stylesheet" href="\/assets\/app-[\w-]+\.css"\/><\/noscript>/,
  );
  expect(html.replace(/<noscript>[\s\S]*?<\/noscript>/g, "")).not.toContain('rel="stylesheet"');
  const STYLESHEET = /\/assets\/app-[\w-]+\.css$/;
  /**
   * Whether the screen at `path`, hydrated (where it hydrates) and enhanced, after `act`, looks the
   * same with the rules it carries alone (the whole stylesheet comes empty) as with the whole
   * stylesheet (which a page that does not hydrate is given here from its `<noscript>`).
   */
  const looksTheSame = async (path: string, act = async () => {}) => {
    const look = async (whole: boolean) => {
      await page.goto(path);
      await expect(page.locator("html")).toHaveAttribute("data-enhanced", "");
      if (whole) {
        await page.evaluate(async () => {
          if (document.querySelector('link[rel="stylesheet"]')) return;
          const href = /href="([^"]+)"/.exec(document.querySelector("noscript")?.innerHTML ?? "");
          const link = Object.assign(document.createElement("link"), {
            rel: "stylesheet",
            href: href?.[1] ?? "",
          });
          await new Promise((loaded) => {
            link.addEventListener("load", loaded, { once: true });
            document.head.append(link);
          });
        });
      }
      await act();
      await page.mouse.move(0, 0);
      return page.screenshot({ fullPage: true, animations: "disabled" });
    };
    await page.route(STYLESHEET, (route) =>
      route.fulfill({ status: 200, contentType: "text/css", body: "" }),
    );
    const own = await look(false);
    await page.unroute(STYLESHEET);
    const whole = await look(true);
    expect(
      await page.evaluate(() =>
        [...document.styleSheets].some((sheet) => sheet.href?.includes("/assets/app-")),
      ),
    ).toBe(true);
    return own.equals(whole);
  };
  // The first screen, with an industry chosen (its checked look), on a phone and a laptop.
  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    const chosen = () => page.getByRole("radio").nth(2).check();
    expect(await looksTheSame("/business-wizard", chosen), `the first screen at ${width} px`).toBe(
      true,
    );
  }
  // Every later screen with an application's answers, up to the coverage plan.
  await completeApplication(page, {
    industry: "Food & Beverage",
    state: "Ohio",
    segments: ["Bakery"],
    email: `own-rules-${Date.now()}@example.com`,
    businessName: "Crumb Bakery",
    about: {
      firstName: "Ada",
      lastName: "Crumb",
      phone: "(614) 555-0134",
      streetAddress: "9 Oven St",
    },
    ownership: "Limited Liability Company",
    startYear: "2019",
  });
  for (const step of [
    "segments",
    "email",
    "questionnaire-1",
    "questionnaire-2",
    "questionnaire-3",
  ]) {
    expect(await looksTheSame(`/business-wizard/${step}`), step).toBe(true);
  }
  expect(await looksTheSame("/business-wizard/quote"), "the coverage plan").toBe(true);
});
