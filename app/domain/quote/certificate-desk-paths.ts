/**
 * Where the desk draws, previews and keeps certificates of insurance (decision 069). Pure
 * TypeScript.
 */

/** The desk's page that draws a certificate request's certificate from the policy and sends it. */
export function certificateDrawPath(submissionId: string, certificateId: string): string {
  return `/admin/submissions/${submissionId}/certificates/${certificateId}`;
}

/** The PDF of the certificate drawn for a request, to review before it is sent. */
export function certificatePreviewPdfPath(submissionId: string, certificateId: string): string {
  return `${certificateDrawPath(submissionId, certificateId)}/certificate.pdf`;
}

/** The customer's certificate holders at the desk, with the reissue on a renewed policy. */
export function certificateHoldersPath(submissionId: string): string {
  return `/admin/submissions/${submissionId}/holders`;
}
