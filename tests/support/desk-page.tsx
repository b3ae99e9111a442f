/**
 * A lead desk's page as an operator gets it, for Vitest: the route module's loader on a real
 * database, past the sign-in gate, then its screen rendered on the server as the desk serves it.
 * A test then reads the HTML a person would see, without a browser.
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import type { ReactNode } from "react";
import { renderToString } from "react-dom/server";
import {
  createStaticHandler,
  createStaticRouter,
  RouterContextProvider,
  StaticRouterProvider,
  useLoaderData,
  type LoaderFunction,
} from "react-router";

import { operatorContext } from "#app/server/admin/admin-auth.server.ts";
import type { SessionOperator } from "#app/server/admin/operator-sessions.server.ts";
import { createServices } from "#app/server/create-services.server.ts";
import type { Database } from "#app/server/db/database.server.ts";
import { parseEnv } from "#app/server/env.server.ts";
import { servicesContext } from "#app/server/services.server.ts";

/** What a desk route module gives: its loader and its screen, which takes the loader's data. */
interface DeskRouteModule {
  loader: LoaderFunction;
  /** Its props are typed by the framework from the route's place in app/routes.ts. */
  default: (props: never) => ReactNode;
}

/**
 * The HTML of `pathname` (with its query) served by `module`, for the operator `operator` (an
 * operator's id, email and role, as the admin layout's middleware leaves them), with `settings` of the
 * environment besides a fresh DATA_DIR.
 */
export async function renderDeskPage(
  module: DeskRouteModule,
  pathname: string,
  database: Database,
  {
    operator = { id: "1", email: "desk@agency.example", role: "agent" },
    settings = {},
  }: { operator?: SessionOperator; settings?: Record<string, string> } = {},
): Promise<string> {
  const Screen = module.default;
  const handler = createStaticHandler([
    {
      id: "page",
      path: pathname.split("?")[0],
      loader: module.loader,
      Component: function Page() {
        const props = {
          loaderData: useLoaderData(),
          actionData: undefined,
          params: {},
          matches: [],
        };
        // The screen reads its own loader's data; the framework's type of its props (the route
        // tree's matches) is not one a test can build, and the screens read no match.
        // Called as a function, the screen renders as part of this one (its hooks too).
        return Screen(props as never);
      },
    },
  ]);
  const context = new RouterContextProvider();
  const env = parseEnv({
    DATA_DIR: mkdtempSync(path.join(tmpdir(), "coverpilot-desk-page-")),
    ...settings,
  });
  context.set(servicesContext, createServices(env, database));
  context.set(operatorContext, operator);
  const answer = await handler.query(new Request(`https://coverpilot.example${pathname}`), {
    requestContext: context,
  });
  if (answer instanceof Response) throw new Error(`${pathname} answered ${answer.status}`);
  const router = createStaticRouter(handler.dataRoutes, answer);
  return renderToString(<StaticRouterProvider router={router} context={answer} hydrate={false} />);
}
