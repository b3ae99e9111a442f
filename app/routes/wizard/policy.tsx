import { ProvenOnlyNotice, heldBackUntilProven } from "#app/components/wizard/proven-only.tsx";
import * as ui from "#app/components/wizard/step-screen.ts";
import { CERTIFICATE_REQUEST_PATH, endorsementsText } from "#app/domain/quote/certificates.ts";
import { formatCents, dayText, QUOTES_PATH } from "#app/domain/quote/insurer-quotes.ts";
import { isOpenQuoteStatus } from "#app/domain/leads/lead-desk.ts";
import {
  daysUntil,
  RENEWAL_OFFERED_DAYS,
  RENEWAL_REQUEST_PATH,
} from "#app/domain/quote/renewals.ts";
import { formatBytes, visitorDocumentPath } from "#app/domain/quote/request-documents.ts";
import { dayIn } from "#app/domain/values/time-zones.ts";
import { getAgency } from "#app/server/agency-settings.server.ts";
import { getBindRequest, latestBoundPolicy } from "#app/server/leads/bind-store.server.ts";
import { listCertificateRequests } from "#app/server/leads/certificate-store.server.ts";
import { listRequestDocuments } from "#app/server/leads/document-store.server.ts";
import { getServices } from "#app/server/services.server.ts";
import { provenApplication } from "#app/server/wizard/proven-visitor.server.ts";

import type { Route } from "./+types/policy";

export const meta: Route.MetaFunction = () => ui.wizardMeta("Your policy");

/**
 * "Your policy" (issue 29): the policy the agency bound from the visitor's request to bind, with
 * its documents, in a browser that proved the application's email. Before that, where the request
 * stands.
 */
export async function loader({ request, context, url }: Route.LoaderArgs) {
  const services = getServices(context);
  const agency = getAgency(context);
  const proven = await provenApplication(services, request);
  if (!proven) return { state: "not-proven" as const, phone: agency.phone };
  const { db } = services.database;
  const { quoteRequest } = proven;
  const bound = await latestBoundPolicy(db, proven.submission.id);
  if (!bound) {
    const asked = quoteRequest ? await getBindRequest(db, quoteRequest.id) : undefined;
    return {
      state: "not-yet" as const,
      phone: agency.phone,
      requested: asked ? { reference: asked.reference, insurer: asked.quoteSeen.insurer } : null,
    };
  }
  const { bind } = bound;
  const [documents, certificates] = await Promise.all([
    listRequestDocuments(db, bound.requestId),
    listCertificateRequests(db, proven.submission.id),
  ]);
  const timeZone = services.env.AGENCY_TIME_ZONE;
  const seen = bind.quoteSeen;
  // The renewal, from 90 days before the end (decision 047): asked for once a request renews it.
  const renewing =
    quoteRequest?.renewsBindRequestId === bind.id && isOpenQuoteStatus(quoteRequest.status)
      ? quoteRequest.reference
      : null;
  const daysLeft = daysUntil(dayIn(new Date(), timeZone), bind.policy.end);
  return {
    state: "bound" as const,
    phone: agency.phone,
    insurer: seen.insurer,
    number: bind.policy.number,
    term: `${dayText(bind.policy.start)} to ${dayText(bind.policy.end)}`,
    premium: formatCents(seen.premiumCents),
    payment:
      bind.payment === "monthly"
        ? `Monthly${seen.monthlyFeeCents ? `, with a fee of ${formatCents(seen.monthlyFeeCents)}` : ""}`
        : "In full",
    reference: bind.reference,
    renewal: renewing
      ? { state: "requested" as const, reference: renewing }
      : daysLeft <= RENEWAL_OFFERED_DAYS
        ? { state: "offered" as const, ends: dayText(bind.policy.end) }
        : null,
    signed: `${bind.signatureName}, on ${dayText(dayIn(bind.signedAt, timeZone))}`,
    certificates: certificates.map((certificate) => ({
      id: certificate.id,
      reference: certificate.reference,
      holder: certificate.holder.name,
      neededBy: dayText(certificate.neededBy),
      asks: endorsementsText(certificate.endorsements),
      download: certificate.issued
        ? {
            href: visitorDocumentPath(certificate.issued.documentId),
            fileName: certificate.issued.fileName,
          }
        : null,
    })),
    // The certificate request just sent, to confirm it: only one of this visitor's own (a link
    // cannot make the page say something else).
    certificateRequested:
      certificates.find(
        (certificate) => certificate.reference === url.searchParams.get("certificate-requested"),
      )?.reference ?? null,
    documents: documents
      .filter((document) => document.purpose === "policy")
      .map((document) => ({
        id: document.id,
        href: visitorDocumentPath(document.id),
        fileName: document.fileName,
        size: formatBytes(document.byteSize),
      })),
  };
}

export default function Policy({ loaderData }: Route.ComponentProps) {
  if (loaderData.state === "not-proven") {
    return (
      <ProvenOnlyNotice
        step="quotes"
        title="Your policy"
        held={heldBackUntilProven("Your policy and its documents are")}
        phone={loaderData.phone}
      />
    );
  }
  if (loaderData.state === "not-yet") {
    return (
      <ui.StepFrame step={loaderData.requested ? "bind" : "quotes"} title="Your policy">
        <p className="text-ink">
          {loaderData.requested
            ? `We have your request to bind ${loaderData.requested.insurer}'s quote (${loaderData.requested.reference}) and will write to you as soon as ${loaderData.requested.insurer} answers. Until we confirm it in writing, your business is not covered by it.`
            : "You have no policy with us yet."}{" "}
          Questions? Call us on {loaderData.phone}.
        </p>
        <a href={QUOTES_PATH} className="mt-6 inline-block font-semibold text-brand-700 underline">
          Your quotes
        </a>
      </ui.StepFrame>
    );
  }
  const rows = [
    ["Insurer", loaderData.insurer],
    ["Policy number", loaderData.number],
    ["Cover", loaderData.term],
    ["Premium for the term", loaderData.premium],
    ["Paying", loaderData.payment],
    ["Your request to bind", `${loaderData.reference}, signed by ${loaderData.signed}`],
  ] as const;
  return (
    <ui.StepFrame
      step="policy"
      title="Your policy"
      intro={
        <p>
          {loaderData.insurer} has bound your policy. The policy documents say exactly what is
          covered: please read and keep them.
        </p>
      }
    >
      <dl className="divide-y divide-slate-200">
        {rows.map(([label, value]) => (
          <div key={label} className="grid gap-1 py-2 sm:grid-cols-3">
            <dt className="font-semibold text-ink">{label}</dt>
            <dd className="text-ink sm:col-span-2">{value}</dd>
          </div>
        ))}
      </dl>
      <h2 className="mt-8 text-lg font-semibold text-ink">Policy documents</h2>
      {loaderData.documents.length === 0 ? (
        <p className="mt-2 text-ink">None yet: we will add them here.</p>
      ) : (
        <ul className="mt-2 space-y-2">
          {loaderData.documents.map((document) => (
            <li key={document.id} className="text-ink">
              <a href={document.href} download className="font-semibold text-brand-700 underline">
                {document.fileName}
              </a>{" "}
              <span className="text-muted">(PDF, {document.size})</span>
            </li>
          ))}
        </ul>
      )}
      {loaderData.renewal ? (
        <section aria-labelledby="renewal-heading" className="mt-8">
          <h2 id="renewal-heading" className="text-lg font-semibold text-ink">
            Renewal
          </h2>
          {loaderData.renewal.state === "requested" ? (
            <p className="mt-2 text-ink">
              We have your renewal request {loaderData.renewal.reference}: an agent will contact you
              with your renewal quotes.
            </p>
          ) : (
            <>
              <p className="mt-2 text-ink">
                Your policy ends on {loaderData.renewal.ends}. Tell us what has changed and we will
                ask for your renewal quotes.
              </p>
              <a
                href={RENEWAL_REQUEST_PATH}
                className="mt-3 inline-block font-semibold text-brand-700 underline"
              >
                Request your renewal quotes
              </a>
            </>
          )}
        </section>
      ) : null}
      <section aria-labelledby="certificates-heading" className="mt-8">
        <h2 id="certificates-heading" className="text-lg font-semibold text-ink">
          Certificates of insurance
        </h2>
        {loaderData.certificateRequested ? (
          <p role="status" className="mt-2 rounded-lg bg-brand-50 p-3 text-ink">
            We have your certificate request {loaderData.certificateRequested}. We will email you
            when the certificate is ready.
          </p>
        ) : null}
        <p className="mt-2 text-ink">
          A client or a landlord may ask for proof of your insurance before you start work. Ask us
          for a certificate naming them, and say what their contract asks for.
        </p>
        {loaderData.certificates.length > 0 ? (
          <ul className="mt-3 space-y-2">
            {loaderData.certificates.map((certificate) => (
              <li key={certificate.id} className="text-ink">
                <span className="font-semibold">{certificate.reference}</span> for{" "}
                {certificate.holder} ({certificate.asks}):{" "}
                {certificate.download ? (
                  <a
                    href={certificate.download.href}
                    download
                    className="font-semibold text-brand-700 underline"
                  >
                    {certificate.download.fileName}
                  </a>
                ) : (
                  <>being prepared, needed by {certificate.neededBy}</>
                )}
              </li>
            ))}
          </ul>
        ) : null}
        <a
          href={CERTIFICATE_REQUEST_PATH}
          className="mt-4 inline-block font-semibold text-brand-700 underline"
        >
          Request a certificate of insurance
        </a>
      </section>
      <p className="mt-6 text-ink">
        Questions, or a change to make? Call us on {loaderData.phone}.
      </p>
      <a href={QUOTES_PATH} className="mt-4 inline-block font-semibold text-brand-700 underline">
        The quotes you compared
      </a>
    </ui.StepFrame>
  );
}
