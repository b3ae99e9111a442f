import { csvRow } from "#app/domain/leads/csv.ts";
import { utcDay } from "#app/domain/values/days.ts";
import { getOperator } from "#app/server/admin/admin-auth.server.ts";
import { leadDeskDownload } from "#app/server/http/downloads.server.ts";
import { logger } from "#app/server/logger.server.ts";
import { getServices } from "#app/server/services.server.ts";
import { listStateWaitlist } from "#app/server/wizard/state-waitlist.server.ts";

import type { Route } from "./+types/waitlist-csv";

/** The CSV's header: one line per address and state. */
const WAITLIST_CSV_HEADER = ["state", "email", "language", "noted_at", "told_at"] as const;

/**
 * The whole states' waitlist as a CSV file (issue 56), with a UTF-8 byte-order mark as the
 * submissions' download has, for spreadsheet programs.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const operator = getOperator(context);
  const entries = await listStateWaitlist(getServices(context).database.db);
  const lines = [
    csvRow(WAITLIST_CSV_HEADER),
    ...entries.map((entry) =>
      csvRow([
        entry.state,
        entry.email,
        entry.language,
        entry.notedAt.toISOString(),
        entry.toldAt?.toISOString() ?? "",
      ]),
    ),
  ];
  logger.info({ operatorId: operator.id }, "waitlist downloaded");
  return leadDeskDownload(`\uFEFF${lines.join("")}`, {
    type: "text/csv; charset=utf-8",
    name: `waitlist-${utcDay(new Date())}.csv`,
  });
}
