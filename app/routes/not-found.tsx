import { data } from "react-router";

import { logger } from "#app/server/logger.server.ts";

import type { Route } from "./+types/not-found";

/** Any path no other route matches: 404, with the path logged (docs/product.md, "Pages and addresses"). */
export function loader({ url }: Route.LoaderArgs) {
  logger.warn({ path: url.pathname }, "page not found");
  throw data(null, { status: 404 });
}

export const meta: Route.MetaFunction = () => [{ title: "Page not found | CoverPilot" }];

export default function NotFound() {
  return null;
}
