import { Fragment } from "react";

import { DateTime } from "#app/components/admin/admin-ui.tsx";
import { UploadForm } from "#app/components/admin/pdf-upload-form.tsx";
import type { DeskFormReply } from "#app/domain/leads/desk-forms.ts";
import {
  additionalInsuredOperationsText,
  certificateFormId,
  endorsementsText,
  type CertificateRequest,
} from "#app/domain/quote/certificates.ts";
import { dayText } from "#app/domain/quote/insurer-quotes.ts";
import { deskDocumentPath } from "#app/domain/quote/request-documents.ts";
import {
  certificateDrawPath,
  certificateHoldersPath,
} from "#app/domain/quote/certificate-desk-paths.ts";

/**
 * The lead's certificate requests (issue 30), newest first: each as the visitor asked for it and,
 * while it waits, the upload that issues it (the certificate's PDF, emailed to the visitor and to
 * the holder if they gave an address); once issued, its PDF, when and by whom.
 */
export function CertificateRequests({
  submissionId,
  certificates,
  action,
}: {
  submissionId: string;
  certificates: CertificateRequest[];
  action: DeskFormReply | undefined;
}) {
  return (
    <section aria-labelledby="certificates" className="mt-10">
      <h2 id="certificates" className="text-lg font-semibold text-ink">
        Certificates of insurance
      </h2>
      <p className="mt-1 text-ink">
        <a
          href={certificateHoldersPath(submissionId)}
          className="font-semibold text-brand-700 underline"
        >
          This customer&apos;s certificate holders
        </a>
      </p>
      <ul className="mt-2 space-y-6">
        {certificates.map((certificate) => {
          const rows: [string, string][] = [
            ["Holder", certificate.holder.name],
            ["Address", certificate.holder.address.split("\n").join(", ")],
            ["Holder's email", certificate.holder.email ?? "(not given: the visitor sends it)"],
            ["Asks for", endorsementsText(certificate.endorsements)],
            ["For", certificate.job],
            ["Operations to describe", certificate.operationsWanted ?? "(not said)"],
            ["Limits the contract requires", certificate.limitsRequired ?? "(not said)"],
            [
              "Additional insured for",
              certificate.additionalInsuredOperations
                ? additionalInsuredOperationsText(certificate.additionalInsuredOperations)
                : "(not said)",
            ],
            ["Needed by", dayText(certificate.neededBy)],
          ];
          const formId = certificateFormId(certificate.id);
          return (
            <li key={certificate.id} className="rounded-xl border border-line bg-white p-4">
              <h3 id={`${formId}-heading`} className="font-semibold text-ink">
                Certificate {certificate.reference}
              </h3>
              <p className="mt-1 text-ink">
                {certificate.issued ? (
                  <>
                    Issued <DateTime value={certificate.issued.at} /> by {certificate.issued.by}:{" "}
                    <a
                      href={deskDocumentPath(certificate.issued.documentId)}
                      className="font-semibold text-brand-700 underline"
                    >
                      {certificate.issued.fileName}
                    </a>
                  </>
                ) : (
                  <>
                    Waiting since <DateTime value={certificate.requestedAt} />:{" "}
                    <a
                      href={certificateDrawPath(submissionId, certificate.id)}
                      className="font-semibold text-brand-700 underline"
                    >
                      draw it from the policy
                    </a>
                    , or issue it elsewhere and upload it here.
                  </>
                )}
              </p>
              <dl className="mt-3 grid gap-x-4 gap-y-1 sm:grid-cols-[10rem_1fr]">
                {rows.map(([label, value]) => (
                  <Fragment key={label}>
                    <dt className="font-medium text-ink">{label}</dt>
                    <dd className="break-words whitespace-pre-line text-ink">{value}</dd>
                  </Fragment>
                ))}
              </dl>
              {certificate.issued ? null : (
                <UploadForm
                  intent="certificate"
                  id={certificate.id}
                  label={`The certificate for ${certificate.holder.name} (PDF)`}
                  button={
                    certificate.holder.email
                      ? "Issue and email it to the visitor and the holder"
                      : "Issue and email it to the visitor"
                  }
                  problem={action?.formId === formId ? action.problem : undefined}
                />
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
