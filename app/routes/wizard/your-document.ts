import { data } from "react-router";

import { documentDownload } from "#app/server/http/downloads.server.ts";
import { documentBytes, findDocument } from "#app/server/leads/document-store.server.ts";
import { getServices } from "#app/server/services.server.ts";
import { provenApplication } from "#app/server/wizard/proven-visitor.server.ts";

import type { Route } from "./+types/your-document";

/**
 * A document of this browser's application, downloaded (decision 043): only in a browser that
 * proved the application's email, and only the visitor's own documents and the insurer's PDFs of
 * quotes published to them. Any other id, guessed or not, is "not found".
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const services = getServices(context);
  const proven = await provenApplication(services, request);
  if (!proven) throw data(null, { status: 404 });
  const { db } = services.database;
  const document = await findDocument(db, params.id, {
    agency: false,
    submissionId: proven.submission.id,
  });
  if (!document) throw data(null, { status: 404 });
  return documentDownload(documentBytes(db, document.id), document);
}
