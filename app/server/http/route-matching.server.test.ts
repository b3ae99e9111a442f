import type { RouteConfigEntry } from "@react-router/dev/routes";
import {
  createStaticHandler,
  type EntryContext,
  type RouteObject,
  type ServerBuild,
} from "react-router";
import { describe, expect, it } from "vitest";

import routes from "#app/routes.ts";
import { forTheBrowser, withTrieMatching } from "#app/server/http/route-matching.server.ts";

/** The site's route table as React Router's data routes: ids as the build gives them. */
function routeObjects(entries: readonly RouteConfigEntry[]): RouteObject[] {
  return entries.map((entry) => {
    const id = entry.id ?? entry.file.replace(/\.tsx?$/, "");
    const children = routeObjects(entry.children ?? []);
    return entry.index
      ? { id, index: true }
      : { id, ...(entry.path === undefined ? {} : { path: entry.path }), children };
  });
}

/** Every page's address (its parameters filled in), as a visitor might type it. */
function addresses(entries: readonly RouteConfigEntry[], prefix = ""): string[] {
  return entries.flatMap((entry) => {
    const full = entry.path === undefined ? prefix : `${prefix}/${entry.path}`;
    const filled = (full === "" ? "/" : full).replace(
      /:\w+/g,
      "0d5b7c1e-8a61-4d07-9a0e-2b6a9f3c4d11",
    );
    return [
      ...(entry.children ? [] : [filled, `${filled}/`.replace("//", "/"), filled.toUpperCase()]),
      ...addresses(entry.children ?? [], full),
    ];
  });
}

/** The route ids and parameters a request to `path` is matched to, or its status if none. */
async function matched(build: Pick<ServerBuild, "future">, path: string) {
  const root: RouteObject = { id: "root", path: "", children: routeObjects(routes) };
  const handler = createStaticHandler([root], { future: build.future });
  const context = await handler.query(new Request(`http://localhost${path}`));
  if (context instanceof Response) return { status: context.status };
  return {
    status: context.statusCode,
    routes: context.matches.map((match) => [match.route.id, match.params]),
  };
}

describe("route matching (decision 081)", () => {
  // The casts: a build with no flags, of which matching reads nothing but `future`.
  const trie = withTrieMatching({ future: {} } as unknown as ServerBuild);
  const plain: Pick<ServerBuild, "future"> = { future: {} };

  it("finds every page's route as React Router's default matcher does", async () => {
    const paths = [
      ...addresses(routes),
      "/no-such-page",
      "/business-wizard/no-such-step",
      "/es/no-such-page",
      "/business-wizard/quotes/not-a-uuid/bind",
      "/admin/submissions/x/y/z",
      "/business-wizard//email",
      "/business-wizard/email%20",
    ];
    expect(paths.length).toBeGreaterThan(250);
    for (const path of paths) {
      expect({ path, ...(await matched(trie, path)) }).toEqual({
        path,
        ...(await matched(plain, path)),
      });
    }
  });

  it("keeps the server's matcher out of what a page tells the browser", () => {
    expect(trie.future).toEqual({ unstable_routePatternMatching: true });
    // As React Router writes the handoff: its JSON, with what a script may not hold escaped.
    const handoff = {
      basename: "/",
      future: { unstable_optimizeDeps: false, ...trie.future },
      criticalCss: "a::before{content:'</style>&'}",
      isSpaMode: false,
    };
    // The cast: a router context of which forTheBrowser reads only these.
    const context = {
      future: handoff.future,
      isSpaMode: false,
      serverHandoffString: JSON.stringify(handoff).replace(/[<>&]/g, (character) =>
        character === "<" ? "\\u003c" : character === ">" ? "\\u003e" : "\\u0026",
      ),
    } as unknown as EntryContext;
    const browser = forTheBrowser(context);
    expect(browser.future).toEqual({ unstable_optimizeDeps: false });
    expect(browser.isSpaMode).toBe(false);
    expect(browser.serverHandoffString).not.toMatch(/[<>&]/);
    expect(JSON.parse(browser.serverHandoffString ?? "")).toEqual({
      ...handoff,
      future: { unstable_optimizeDeps: false },
    });
  });
});
