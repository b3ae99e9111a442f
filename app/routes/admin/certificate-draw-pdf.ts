import { data } from "react-router";

import { dayIn } from "#app/domain/values/time-zones.ts";
import { getOperator } from "#app/server/admin/admin-auth.server.ts";
import { certificatePdf } from "#app/server/leads/certificate-pdf.server.ts";
import { certificateForDrawing } from "#app/server/leads/certificate-store.server.ts";
import { getServices } from "#app/server/services.server.ts";

import type { Route } from "./+types/certificate-draw-pdf";

/** The PDF of the certificate the desk drew for a request, to review before it is sent (decision 069). */
export async function loader({ context, params }: Route.LoaderArgs) {
  getOperator(context);
  const services = getServices(context);
  const today = dayIn(new Date(), services.env.AGENCY_TIME_ZONE);
  const drawing = await certificateForDrawing(
    services.database.db,
    params.id,
    params.certificateId,
    today,
  );
  if (!drawing?.contents) throw data(null, { status: 404 });
  const bytes = await certificatePdf(drawing.contents);
  // A copy on its own ArrayBuffer: what a Response body takes.
  return new Response(new Uint8Array(bytes), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `inline; filename="certificate-${drawing.certificate.reference}.pdf"`,
      "Cache-Control": "no-store",
    },
  });
}
