import { readFileSync, writeFileSync } from "node:fs";

import type { Page } from "@playwright/test";

import { MARKETING_PATHS } from "#app/domain/site/site-pages.ts";
import { makeDataDir, startServer, stopServer } from "../support/server-process.ts";
import { expect, expectNoAxeViolations, test } from "./helpers.ts";

// `npm run build` prerenders the marketing pages for the SITE_URL it runs with, by default that of
// a server on port 3000 (this one runs on another port but names itself so).
const BUILD_SITE_URL = process.env.SITE_URL ?? "http://localhost:3000";

/**
 * Where two pictures of a page differ, as the browser decodes them: their sizes, or the box around
 * the pixels that differ and how many do. For the log of a run where they did.
 */
function whereTheyDiffer(page: Page, pictures: [Buffer, Buffer]): Promise<string> {
  return page.evaluate(
    async (encoded) => {
      // Decoded here: the page's policy lets it fetch nothing but its own site.
      const [a, b] = await Promise.all(
        encoded.map((base64) =>
          createImageBitmap(
            new Blob([Uint8Array.from(atob(base64), (char) => char.charCodeAt(0))], {
              type: "image/png",
            }),
          ),
        ),
      );
      if (!a || !b) return "a picture did not decode";
      if (a.width !== b.width || a.height !== b.height) {
        return `sizes ${a.width}x${a.height} and ${b.width}x${b.height}`;
      }
      const pixels = (bitmap: ImageBitmap) => {
        const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
        const context = canvas.getContext("2d");
        context?.drawImage(bitmap, 0, 0);
        return (
          context?.getImageData(0, 0, bitmap.width, bitmap.height).data ?? new Uint8ClampedArray()
        );
      };
      const [first, second] = [pixels(a), pixels(b)];
      let [left, top, right, bottom, count] = [a.width, a.height, -1, -1, 0];
      for (let index = 0; index < first.length; index += 4) {
        if (
          first[index] === second[index] &&
          first[index + 1] === second[index + 1] &&
          first[index + 2] === second[index + 2] &&
          first[index + 3] === second[index + 3]
        ) {
          continue;
        }
        const x = (index / 4) % a.width;
        const y = Math.floor(index / 4 / a.width);
        [left, top, right, bottom] = [
          Math.min(left, x),
          Math.min(top, y),
          Math.max(right, x),
          Math.max(bottom, y),
        ];
        count += 1;
      }
      return count === 0
        ? "the same pixels, encoded differently"
        : `${count} pixels differ between (${left}, ${top}) and (${right}, ${bottom}) of ${a.width}x${a.height}`;
    },
    pictures.map((picture) => picture.toString("base64")),
  );
}

test("a server whose SITE_URL matches the build serves the prerendered pages, one with another renders them for its own address; a prerendered page carries its CSS, asks for the site script after its first paint, looks as the page rendered on request does, and has no axe violations", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  // Pictures at half the pixels of a CSS pixel: the same layout (media queries see the same widths),
  // and any rule the page lost still moves or recolours pixels, while each picture takes half the
  // time to take (about 0.25 s a full page instead of 0.55 s).
  const context = await browser.newContext({ deviceScaleFactor: 0.5 });
  const page = await context.newPage();
  const [prerendered, rendered] = await Promise.all([
    startServer({ dataDir: makeDataDir(), env: { SITE_URL: BUILD_SITE_URL } }),
    // Another address: this server renders each page on request, with the linked stylesheet.
    startServer({ dataDir: makeDataDir(), env: { SITE_URL: "http://localhost:3999" } }),
  ]);
  try {
    // The prerendered page as the build wrote it, with the headers of a page rendered on request.
    const response = await fetch(`${prerendered.url}/workers-comp`);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(response.headers.get("content-security-policy")).toContain("script-src 'self'");
    expect(response.headers.get("permissions-policy")).toContain("camera=()");
    expect(await response.text()).toBe(
      readFileSync("build/client/workers-comp/index.html", "utf8"),
    );
    expect(prerendered.output()).toContain('"msg":"serving prerendered pages"');
    // The other renders each page for its own address.
    const html = await (await fetch(`${rendered.url}/workers-comp`)).text();
    expect(html).toContain('<link rel="canonical" href="http://localhost:3999/workers-comp"/>');
    expect(rendered.output()).toContain("prerendered pages were built for another SITE_URL");

    await page.emulateMedia({ reducedMotion: "reduce" });
    /** The page at `path` from `server` once the site script has run, as a full-page image. */
    const look = async (server: typeof prerendered, path: string) => {
      await page.goto(`${server.url}${path}`);
      await expect(page.locator("html")).toHaveAttribute("data-enhanced", "");
      return page.screenshot({ fullPage: true, animations: "disabled" });
    };
    // Every page on a wide screen; on a phone, the two layouts of page there are (the landing page,
    // a product page).
    for (const [width, paths] of [
      [1280, MARKETING_PATHS],
      [360, ["/", "/workers-comp"]],
    ] as const) {
      await page.setViewportSize({ width, height: 800 });
      for (const path of paths) {
        let before = await look(rendered, path);
        await expect(page.locator('link[rel="stylesheet"]')).toHaveCount(1);
        let after = await look(prerendered, path);
        // Nothing to ask for before the first paint: no stylesheet, no script but the inline one.
        await expect(page.locator('link[rel="stylesheet"]')).toHaveCount(0);
        await expect(page.locator("head > style")).toHaveCount(1);
        const [paint, script] = await page.evaluate(() => [
          performance.getEntriesByName("first-contentful-paint")[0]?.startTime,
          performance
            .getEntriesByType("resource")
            .find((entry) => entry.name.includes("/assets/site-enhancements-"))?.startTime,
        ]);
        expect(paint, path).toBeDefined();
        expect(script, path).toBeGreaterThan(paint ?? Infinity);
        if (!after.equals(before)) {
          // Seen now and then in runs of the whole suite on a loaded machine, never in runs of this
          // journey alone. Both pairs kept (/cookies and /professional-liability, 2026-12-08)
          // showed the page rendered on request drawn with smaller paddings and headings than the
          // same page a moment later, its grid's columns as they should be; the cause is not known.
          // So the pictures are kept, where they differ goes to the log, and both pages are looked
          // at once more: a rule the prerendered page lost differs the second time too.
          const name = `${path.replaceAll("/", "-") || "-home"}-${width}`;
          writeFileSync(test.info().outputPath(`rendered${name}.png`), before);
          writeFileSync(test.info().outputPath(`prerendered${name}.png`), after);
          const where = await whereTheyDiffer(page, [before, after]);
          console.warn(
            `${path} at ${width} px differed (in the pictures' pixels, half a CSS pixel): ${where}; looking again`,
          );
          before = await look(rendered, path);
          after = await look(prerendered, path);
        }
        expect(after.equals(before), `${path} at ${width} px looks the same`).toBe(true);
        // The page production serves, checked by axe on a laptop's width (marketing-a11y.spec
        // checks three pages at a phone's): the one visit serves both checks.
        if (width === 1280) await expectNoAxeViolations(page);
      }
    }
    // What opens over a page: the side menu, and the Talk to an Expert dialog with its messages.
    const opened: Buffer[][] = [];
    for (const server of [rendered, prerendered]) {
      await page.goto(`${server.url}/workers-comp`);
      await expect(page.locator("html")).toHaveAttribute("data-enhanced", "");
      await page.getByRole("button", { name: "Menu" }).click();
      const menu = page.getByRole("navigation", { name: "Site menu" });
      await expect(menu).toBeVisible();
      // On a product page, the menu shows the page's line among the others.
      await expect(menu.getByRole("link", { name: "Workers' Compensation" })).toHaveAttribute(
        "aria-current",
        "page",
      );
      await expect(menu.getByRole("link", { name: "Fiduciary Liability" })).toBeVisible();
      const menuOpen = await page.screenshot({ animations: "disabled" });
      await page.keyboard.press("Escape");
      await page.getByRole("link", { name: "Talk to an Expert" }).click();
      const dialog = page.getByRole("dialog", { name: "Talk to an Expert" });
      await dialog.getByRole("button", { name: "Request a call back" }).click();
      await expect(dialog.getByText("Please enter your name")).toBeVisible();
      opened.push([menuOpen, await page.screenshot({ animations: "disabled" })]);
    }
    const [[menuBefore, dialogBefore] = [], [menuAfter, dialogAfter] = []] = opened;
    expect(menuAfter?.equals(menuBefore ?? Buffer.alloc(0)), "the open side menu").toBe(true);
    expect(dialogAfter?.equals(dialogBefore ?? Buffer.alloc(0)), "the open dialog").toBe(true);
  } finally {
    await Promise.all([stopServer(prerendered), stopServer(rendered), context.close()]);
  }
});
