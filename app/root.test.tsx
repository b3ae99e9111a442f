import { renderToString } from "react-dom/server";
import {
  createStaticHandler,
  createStaticRouter,
  data,
  StaticRouterProvider,
  useRouteError,
} from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";

import { ErrorBoundary, meta } from "#app/root.tsx";

/** Renders the root's error screen for a request whose loader throws `failure`, as the server does. */
async function renderFailure(failure: unknown): Promise<{ status: number; html: string }> {
  const routes = [
    {
      id: "root",
      path: "/",
      loader() {
        throw failure;
      },
      Component: () => null,
      ErrorBoundary: function Boundary() {
        return <ErrorBoundary error={useRouteError()} params={{}} loaderData={undefined} />;
      },
    },
  ];
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request("http://localhost/"));
  if (context instanceof Response) throw new Error("Expected a render, got a response");
  const router = createStaticRouter(handler.dataRoutes, context);
  return {
    status: context.statusCode,
    html: renderToString(
      <StaticRouterProvider router={router} context={context} hydrate={false} />,
    ),
  };
}

describe("the root's error screens", () => {
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  it("answer an unexpected failure with 500 and Unexpected Application Error!, without the stack in production", async () => {
    vi.stubEnv("DEV", false);
    const failure = new Error("the database exploded");
    const { status, html } = await renderFailure(failure);
    expect(status).toBe(500);
    expect(html).toMatch(/<h1[^>]*>Unexpected Application Error!<\/h1>/);
    expect(html).toContain('href="/"');
    expect(html).toContain("Return to Home");
    expect(html).not.toContain("the database exploded");
    expect(html).not.toContain(failure.stack!.split("\n")[1]!.trim());
    expect(
      meta({ location: { pathname: "/nowhere" }, matches: [], error: failure } as never),
    ).toContainEqual({
      title: "Unexpected Application Error!",
    });
  });

  it("show the stack while developing", async () => {
    vi.stubEnv("DEV", true);
    const { html } = await renderFailure(new Error("the database exploded"));
    expect(html).toContain("the database exploded");
  });

  it("answer a missing page with 404, the spec's copy and a way home, inside the site's chrome", async () => {
    const { status, html } = await renderFailure(data(null, { status: 404 }));
    expect(status).toBe(404);
    expect(html).toMatch(/<h1[^>]*>404<\/h1>/);
    expect(html).toContain("Oops! Page not found");
    expect(html).toContain("Return to Home");
    expect(html).toContain("Skip to main content");
    expect(html).toContain("All rights reserved.");
    expect(
      meta({
        location: { pathname: "/nowhere" },
        matches: [],
        error: { status: 404, statusText: "", internal: false, data: null },
      } as never),
    ).toContainEqual({
      title: "Page not found | CoverPilot",
    });
  });
});
