import { data } from "react-router";

import { documentDownload } from "#app/server/http/downloads.server.ts";
import { holderCertificate } from "#app/server/leads/certificate-store.server.ts";
import { documentBytes, findDocument } from "#app/server/leads/document-store.server.ts";
import { getServices } from "#app/server/services.server.ts";

import type { Route } from "./+types/holder-certificate";

/**
 * A certificate of insurance, downloaded by its holder from the link emailed to them (issue 30,
 * decision 045): the link's secret token is the only key, it opens that one certificate, and only
 * until it expires. Anything else, guessed or expired, is "not found".
 */
export async function loader({ context, params }: Route.LoaderArgs) {
  const { db } = getServices(context).database;
  const certificate = await holderCertificate(db, params.token);
  const document = certificate
    ? await findDocument(db, certificate.documentId, { agency: true })
    : undefined;
  if (!document) throw data(null, { status: 404 });
  return documentDownload(documentBytes(db, document.id), document);
}
