import { data } from "react-router";

import { getOperator } from "#app/server/admin/admin-auth.server.ts";
import { leadDeskDownload } from "#app/server/http/downloads.server.ts";
import { leadRecord } from "#app/server/leads/lead-records.server.ts";
import { logger } from "#app/server/logger.server.ts";
import { getServices } from "#app/server/services.server.ts";

import type { Route } from "./+types/submission-json";

/**
 * One lead as its JSON lead record (issue 17; docs/lead-record.schema.json), downloaded as a file
 * for an agency system that imports JSON.
 */
export async function loader({ context, params }: Route.LoaderArgs) {
  const operator = getOperator(context);
  const record = await leadRecord(getServices(context).database.db, params.id);
  if (!record) throw data(null, { status: 404 });
  logger.info({ operatorId: operator.id, submissionId: record.id }, "lead record downloaded");
  return leadDeskDownload(JSON.stringify(record, null, 2) + "\n", {
    type: "application/json; charset=utf-8",
    name: `lead-${record.id}.json`,
  });
}
