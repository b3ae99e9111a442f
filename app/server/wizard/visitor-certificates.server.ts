import { LEAD_NAME_COLUMN } from "#app/domain/application/application-fields.ts";
import { endorsementsText, type CertificateForm } from "#app/domain/quote/certificates.ts";
import {
  requestCertificate,
  type CertificateAsking,
} from "#app/server/leads/certificate-store.server.ts";
import { notifyCertificateRequest } from "#app/server/leads/lead-notifications.server.ts";
import { getSubmission } from "#app/server/leads/leads.server.ts";
import { queueLeadEvent } from "#app/server/leads/webhooks.server.ts";
import type { AppServices } from "#app/server/services.server.ts";

/**
 * The visitor's request for a certificate on their bound policy (routes/wizard/certificate.tsx,
 * decision 045): kept as sent, the agency told and its webhook event queued; sent again unchanged
 * (a double click), it is kept once and the agency told once.
 */
export async function askForCertificate(
  services: AppServices,
  submissionId: string,
  form: CertificateForm,
): Promise<CertificateAsking> {
  const { db } = services.database;
  const asked = await requestCertificate(db, submissionId, form);
  if (asked.outcome !== "requested" || asked.repeated) return asked;
  const lead = await getSubmission(db, submissionId);
  await notifyCertificateRequest(services, {
    submissionId,
    businessName: lead?.[LEAD_NAME_COLUMN] ?? null,
    reference: asked.reference,
    holder: form.holderName,
    neededBy: form.neededBy,
    asks: endorsementsText(form),
  });
  await queueLeadEvent(services, "certificate_request.created", submissionId, {
    certificateRequest: {
      reference: asked.reference,
      holderName: form.holderName,
      neededBy: form.neededBy,
      additionalInsured: form.additionalInsured,
      waiverOfSubrogation: form.waiverOfSubrogation,
      primaryNonContributory: form.primaryNonContributory,
      operationsWanted: form.operationsWanted ?? null,
      limitsRequired: form.limitsRequired ?? null,
      additionalInsuredOperations: form.additionalInsuredOperations ?? null,
    },
  });
  return asked;
}
