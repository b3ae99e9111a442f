import { getServices } from "#app/server/services.server.ts";

import type { Route } from "./+types/healthz";

/** For load balancers and monitors: 200 when the database answers, 503 when it does not. */
export async function loader({ context }: Route.LoaderArgs) {
  const { database } = getServices(context);
  try {
    await database.check();
    return Response.json({ status: "ok", database: database.kind });
  } catch {
    return Response.json({ status: "unavailable", database: database.kind }, { status: 503 });
  }
}
