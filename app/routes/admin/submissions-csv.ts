import { utcDay } from "#app/domain/values/days.ts";
import { parseSubmissionFilter } from "#app/domain/leads/lead-desk.ts";
import { getOperator } from "#app/server/admin/admin-auth.server.ts";
import { leadDeskDownload } from "#app/server/http/downloads.server.ts";
import { submissionsCsv } from "#app/server/leads/lead-export.server.ts";
import { logger } from "#app/server/logger.server.ts";
import { getServices } from "#app/server/services.server.ts";

import type { Route } from "./+types/submissions-csv";

/**
 * The submissions of the list's current filter as a CSV file (every page of it), written as it is
 * read. It starts with a UTF-8 byte-order mark, which spreadsheet programs need to show accented
 * names right; `npm run leads:export` writes the same rows without it.
 */
export function loader({ context, url }: Route.LoaderArgs) {
  const operator = getOperator(context);
  const filter = parseSubmissionFilter(url.searchParams);
  const { database, env } = getServices(context);
  const chunks = submissionsCsv(database.db, {
    filter: { filter, timeZone: env.AGENCY_TIME_ZONE },
  });
  const encoder = new TextEncoder();
  let started = false;
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const next = await chunks.next();
        if (next.done) {
          controller.close();
          return;
        }
        controller.enqueue(encoder.encode(started ? next.value : `\uFEFF${next.value}`));
        started = true;
      } catch (error) {
        logger.error({ err: error }, "submissions download failed");
        controller.error(error);
      }
    },
    async cancel() {
      await chunks.return(undefined);
    },
  });
  logger.info({ operatorId: operator.id }, "submissions downloaded");
  return leadDeskDownload(body, {
    type: "text/csv; charset=utf-8",
    name: `submissions-${utcDay(new Date())}.csv`,
  });
}
