/**
 * What a certificate drawn at the desk prints (routes/admin/certificate-draw.tsx), row by row, with
 * the link to its PDF.
 */
import { Fragment } from "react";

import {
  CERTIFICATE_DISCLAIMER,
  type CertificateContents,
} from "#app/domain/quote/certificate-of-insurance.ts";

export function CertificatePreview({
  contents,
  pdfPath,
}: {
  contents: CertificateContents;
  pdfPath: string;
}) {
  const rows: [string, string][] = [
    [
      "Producer",
      `${contents.producer.name}, ${contents.producer.address}; ${contents.producer.phone}; ${contents.producer.email}`,
    ],
    ["Insured", `${contents.insured.name}, ${contents.insured.address}`],
    ...contents.insurers.map((insurer): [string, string] => [
      `Insurer ${insurer.letter}`,
      `${insurer.name}, NAIC # ${insurer.naic ?? "(not given)"}`,
    ]),
    ...contents.coverages.map((coverage): [string, string] => [
      `${coverage.title} (insurer ${coverage.insurerLetter})`,
      `Policy ${coverage.policyNumber}, ${coverage.effective} to ${coverage.expiry}; additional insured ${coverage.additionalInsured ? "Y" : "N"}, waiver ${coverage.waiverOfSubrogation ? "Y" : "N"}; ${coverage.limits
        .map((limit) => `${limit.label}: ${limit.amount || "(blank)"}`)
        .join("; ")}`,
    ]),
    ["Description of operations", contents.description],
    [
      "Endorsement forms",
      [
        contents.endorsementForms.additionalInsured
          ? `Additional insured: ${contents.endorsementForms.additionalInsured}`
          : null,
        contents.endorsementForms.waiverOfSubrogation
          ? `Waiver of subrogation: ${contents.endorsementForms.waiverOfSubrogation}`
          : null,
      ]
        .filter(Boolean)
        .join("; ") || "None",
    ],
    ["Certificate holder", `${contents.holder.name}, ${contents.holder.address}`],
    ["Statement", CERTIFICATE_DISCLAIMER],
  ];
  return (
    <section aria-labelledby="preview" className="mt-10">
      <h2 id="preview" className="text-lg font-semibold text-ink">
        Preview
      </h2>
      <p className="mt-2 text-ink">
        What the certificate prints, drawn {contents.issuedOn}.{" "}
        <a href={pdfPath} className="font-semibold text-brand-700 underline">
          Open the PDF ({contents.reference})
        </a>
      </p>
      <dl className="mt-3 grid gap-x-4 gap-y-2 sm:grid-cols-[14rem_1fr]">
        {rows.map(([label, value]) => (
          <Fragment key={label}>
            <dt className="font-medium text-ink">{label}</dt>
            <dd className="break-words whitespace-pre-line text-ink">{value}</dd>
          </Fragment>
        ))}
      </dl>
    </section>
  );
}
