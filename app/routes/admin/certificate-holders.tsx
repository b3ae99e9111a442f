import { data, redirect } from "react-router";

import {
  AdminPageHeading,
  adminMeta,
  buttonClasses,
  DateTime,
  SavedNotice,
} from "#app/components/admin/admin-ui.tsx";
import { leadNameOf } from "#app/domain/application/application-fields.ts";
import { certificateHoldersPath } from "#app/domain/quote/certificate-desk-paths.ts";
import { deskDocumentPath } from "#app/domain/quote/request-documents.ts";
import { BASE_LOCALE, isLocale } from "#app/domain/site/locales.ts";
import { dayIn } from "#app/domain/values/time-zones.ts";
import { getOperator } from "#app/server/admin/admin-auth.server.ts";
import { getAgency } from "#app/server/http/agency-settings.server.ts";
import { agencyMailLimits } from "#app/server/env.server.ts";
import {
  customerHolders,
  reissueOnRenewal,
  renewalReissue,
} from "#app/server/leads/certificate-store.server.ts";
import { getSubmission } from "#app/server/leads/leads.server.ts";
import { queueLeadEvent } from "#app/server/leads/webhooks.server.ts";
import { getServices } from "#app/server/services.server.ts";

import type { Route } from "./+types/certificate-holders";

export const meta: Route.MetaFunction = () => adminMeta("Certificate holders");

async function submissionOf(context: Route.LoaderArgs["context"], id: string) {
  const services = getServices(context);
  const submission = await getSubmission(services.database.db, id);
  if (!submission) throw data(null, { status: 404 });
  return { services, submission };
}

/**
 * The customer's certificate holders (decision 069): each holder, each certificate they were sent
 * (its policy, what it showed, when), and, once a renewed policy is bound, the reissue of every
 * active holder's certificate on it in one step.
 */
export async function loader({ context, params, url }: Route.LoaderArgs) {
  getOperator(context);
  const { services, submission } = await submissionOf(context, params.id);
  const { db } = services.database;
  const [holders, reissue] = await Promise.all([
    customerHolders(db, submission.id),
    renewalReissue(db, submission.id),
  ]);
  const reissued = Number(url.searchParams.get("reissued") ?? "");
  return {
    submissionId: submission.id,
    leadName: leadNameOf(submission) ?? submission.email,
    holders,
    reissue: reissue && reissue.certificates.length > 0 ? reissue : null,
    reissued: Number.isInteger(reissued) && reissued > 0 ? reissued : null,
  };
}

/** Reissues every active holder's certificate on the renewed policy, then shows the holders. */
export async function action({ context, params, request }: Route.ActionArgs) {
  const operator = getOperator(context);
  const { services, submission } = await submissionOf(context, params.id);
  const form = await request.formData();
  if (form.get("intent") !== "reissue") throw data(null, { status: 400 });
  const done = await reissueOnRenewal(
    services.database.db,
    submission.id,
    {
      email: submission.email,
      firstName: submission.first_name,
      businessName: submission.business_name ?? "our client",
      language: isLocale(submission.language) ? submission.language : BASE_LOCALE,
    },
    {
      operatorId: operator.id,
      siteUrl: services.env.SITE_URL,
      agency: getAgency(context),
      perHour: services.env.MAIL_PER_RECIPIENT_PER_HOUR,
      limits: agencyMailLimits(services.env),
      today: dayIn(new Date(), services.env.AGENCY_TIME_ZONE),
    },
  );
  for (const certificate of done) {
    await queueLeadEvent(services, "certificate.issued", submission.id, {
      certificate: {
        reference: certificate.reference,
        holderName: certificate.holderName,
        emailedToHolder: certificate.holderEmailed === true,
      },
    });
  }
  return redirect(`${certificateHoldersPath(submission.id)}?reissued=${done.length}`);
}

export default function CertificateHolders({ loaderData }: Route.ComponentProps) {
  const { holders, reissue } = loaderData;
  return (
    <>
      <AdminPageHeading title={`Certificate holders of ${loaderData.leadName}`}>
        Everyone this customer&apos;s certificates were sent to, with what each certificate showed
        and when it was sent.{" "}
        <a
          href={`/admin/submissions/${loaderData.submissionId}/quotes#certificates`}
          className="font-semibold text-brand-700 underline"
        >
          Back to the certificates
        </a>
      </AdminPageHeading>
      {loaderData.reissued ? (
        <SavedNotice>
          {loaderData.reissued === 1
            ? "1 certificate reissued on the renewed policy and sent."
            : `${loaderData.reissued} certificates reissued on the renewed policy and sent.`}
        </SavedNotice>
      ) : null}
      {reissue ? (
        <section
          aria-labelledby="reissue"
          className="mt-8 rounded-xl border border-line bg-white p-4"
        >
          <h2 id="reissue" className="text-lg font-semibold text-ink">
            Policy {reissue.renewsNumber} was renewed as {reissue.policyNumber}
          </h2>
          <p className="mt-2 text-ink">
            These holders had a certificate on {reissue.renewsNumber}:{" "}
            {reissue.certificates.map((certificate) => certificate.holderName).join(", ")}. Each
            gets a new certificate drawn from {reissue.policyNumber} with what their last one
            showed, emailed to the customer and to the holder where an address was given.
          </p>
          <form method="post" className="mt-4">
            <button type="submit" name="intent" value="reissue" className={buttonClasses()}>
              {reissue.certificates.length === 1
                ? `Reissue 1 certificate on ${reissue.policyNumber}`
                : `Reissue ${reissue.certificates.length} certificates on ${reissue.policyNumber}`}
            </button>
          </form>
        </section>
      ) : null}
      {holders.length === 0 ? (
        <p className="mt-8 text-ink">No certificate has been sent for this customer yet.</p>
      ) : (
        <ul className="mt-8 space-y-6">
          {holders.map((entry) => (
            <li
              key={entry.certificates[0]?.id ?? entry.holder.name}
              className="rounded-xl border border-line bg-white p-4"
            >
              <h2 className="font-semibold text-ink">{entry.holder.name}</h2>
              <p className="mt-1 whitespace-pre-line text-ink">{entry.holder.address}</p>
              <p className="text-ink">{entry.holder.email ?? "No email: the customer sends it"}</p>
              <table className="mt-3 w-full text-left text-sm">
                <caption className="sr-only">Certificates sent to {entry.holder.name}</caption>
                <thead>
                  <tr>
                    <th scope="col" className="pr-4 font-semibold text-ink">
                      Certificate
                    </th>
                    <th scope="col" className="pr-4 font-semibold text-ink">
                      Policy
                    </th>
                    <th scope="col" className="pr-4 font-semibold text-ink">
                      It showed
                    </th>
                    <th scope="col" className="font-semibold text-ink">
                      Sent
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {entry.certificates.map((certificate) => (
                    <tr key={certificate.id} className="align-top">
                      <th scope="row" className="pr-4 font-normal">
                        <a
                          href={deskDocumentPath(certificate.documentId)}
                          className="font-semibold text-brand-700 underline"
                        >
                          {certificate.reference}
                        </a>
                      </th>
                      <td className="pr-4 text-ink">{certificate.policyNumber}</td>
                      <td className="pr-4 break-words text-ink">{certificate.showed}</td>
                      <td className="text-ink">
                        <DateTime value={certificate.sentAt} />
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
