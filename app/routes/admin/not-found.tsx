import { data } from "react-router";

import { getOperator } from "#app/server/admin/admin-auth.server.ts";

import type { Route } from "./+types/not-found";

/**
 * Any other /admin address: anonymous visitors were sent to sign in by the layout; an operator
 * gets the lead desk's not-found page.
 */
export function loader({ context }: Route.LoaderArgs) {
  getOperator(context);
  throw data(null, { status: 404 });
}

export default function AdminNotFound() {
  return null;
}
