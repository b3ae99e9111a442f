import { redirect } from "react-router";

import {
  endOperatorSession,
  getOperator,
  SIGN_IN_PATH,
} from "#app/server/admin/admin-auth.server.ts";
import { logger } from "#app/server/logger.server.ts";
import { getServices } from "#app/server/services.server.ts";

import type { Route } from "./+types/sign-out";

/** Signing out is a post (the header's button); a visit to the address goes to the lead desk. */
export function loader() {
  throw redirect("/admin");
}

/** Ends the session in the database and forgets the cookie. */
export async function action({ request, context }: Route.ActionArgs) {
  const operator = getOperator(context);
  const setCookie = await endOperatorSession(getServices(context), request);
  logger.info({ operatorId: operator.id }, "operator signed out");
  throw redirect(SIGN_IN_PATH, { headers: { "Set-Cookie": setCookie } });
}
