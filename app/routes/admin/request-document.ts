import { data } from "react-router";

import { getOperator } from "#app/server/admin/admin-auth.server.ts";
import { documentDownload } from "#app/server/http/downloads.server.ts";
import { documentBytes, findDocument } from "#app/server/leads/document-store.server.ts";
import { logger } from "#app/server/logger.server.ts";
import { getServices } from "#app/server/services.server.ts";

import type { Route } from "./+types/request-document";

/** A document of a quote request, downloaded by a signed-in operator (decision 043). */
export async function loader({ context, params }: Route.LoaderArgs) {
  const operator = getOperator(context);
  const { db } = getServices(context).database;
  const document = await findDocument(db, params.id, { agency: true });
  if (!document) throw data(null, { status: 404 });
  logger.info({ operatorId: operator.id, documentId: document.id }, "document downloaded");
  return documentDownload(documentBytes(db, document.id), document);
}
