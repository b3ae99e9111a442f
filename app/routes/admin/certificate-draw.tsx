import { data, redirect } from "react-router";

import { CertificatePreview } from "#app/components/admin/certificate-preview.tsx";

import {
  AdminPageHeading,
  adminControlClasses,
  adminMeta,
  buttonClasses,
  FieldMessage,
  FormProblem,
  SavedNotice,
} from "#app/components/admin/admin-ui.tsx";
import { leadNameOf } from "#app/domain/application/application-fields.ts";
import type { DeskFormReply } from "#app/domain/leads/desk-forms.ts";
import {
  certificateContents,
  certificateDraftSchema,
  DESCRIPTION_MAX_LENGTH,
  ENTERED_LIMITS,
  FORM_NAME_MAX_LENGTH,
  INSURER_LETTERS,
  LIMIT_TEXT_MAX_LENGTH,
} from "#app/domain/quote/certificate-of-insurance.ts";
import {
  certificateDrawPath,
  certificateHoldersPath,
  certificatePreviewPdfPath,
} from "#app/domain/quote/certificate-desk-paths.ts";
import { certificateDeskMessages } from "#app/domain/quote/certificates.ts";
import { lineName } from "#app/domain/quote/quote-request.ts";
import { documentMessages } from "#app/domain/quote/request-documents.ts";
import { BASE_LOCALE, isLocale } from "#app/domain/site/locales.ts";
import { anyForm, parseForm } from "#app/domain/values/form-submission.ts";
import { dayIn } from "#app/domain/values/time-zones.ts";
import { getOperator } from "#app/server/admin/admin-auth.server.ts";
import { getAgency } from "#app/server/http/agency-settings.server.ts";
import { agencyMailLimits } from "#app/server/env.server.ts";
import {
  certificateForDrawing,
  saveCertificateDraft,
  sendDrawnCertificate,
} from "#app/server/leads/certificate-store.server.ts";
import { getSubmission } from "#app/server/leads/leads.server.ts";
import { queueLeadEvent } from "#app/server/leads/webhooks.server.ts";
import { getServices } from "#app/server/services.server.ts";

import type { Route } from "./+types/certificate-draw";

export const meta: Route.MetaFunction = () => adminMeta("Certificate from the policy");

/** The lead and its certificate request, read for the page: 404 when either is not there. */
async function drawingOf(context: Route.LoaderArgs["context"], id: string, certificateId: string) {
  const services = getServices(context);
  const { db } = services.database;
  const submission = await getSubmission(db, id);
  const today = dayIn(new Date(), services.env.AGENCY_TIME_ZONE);
  const drawing = submission
    ? await certificateForDrawing(db, submission.id, certificateId, today)
    : undefined;
  if (!submission || !drawing) throw data(null, { status: 404 });
  return { services, submission, drawing, today };
}

/**
 * A certificate request's certificate drawn from the policy record (decision 069): the form for
 * what the record lacks (NAIC numbers, the endorsement forms, the description of operations, the
 * limits the quote does not give), then the preview of what it will print, with its PDF, and Send.
 */
export async function loader({ context, params }: Route.LoaderArgs) {
  getOperator(context);
  const { submission, drawing } = await drawingOf(context, params.id, params.certificateId);
  const insurers: string[] = [];
  for (const policy of drawing.policies) {
    if (!insurers.includes(policy.insurer) && insurers.length < INSURER_LETTERS.length) {
      insurers.push(policy.insurer);
    }
  }
  return {
    submissionId: submission.id,
    leadName: leadNameOf(submission) ?? submission.email,
    certificate: drawing.certificate,
    insurers: insurers.map((name, index) => ({ letter: INSURER_LETTERS[index] ?? "A", name })),
    contents: drawing.certificate.status === "requested" ? drawing.contents : null,
    pdfPath: certificatePreviewPdfPath(submission.id, drawing.certificate.id),
    holdersPath: certificateHoldersPath(submission.id),
  };
}

export async function action({ context, params, request }: Route.ActionArgs) {
  const operator = getOperator(context);
  const { services, submission, drawing, today } = await drawingOf(
    context,
    params.id,
    params.certificateId,
  );
  const { db } = services.database;
  const form = await request.formData();
  const here = certificateDrawPath(submission.id, drawing.certificate.id);
  if (form.get("intent") === "send") {
    const language = isLocale(submission.language) ? submission.language : BASE_LOCALE;
    const sent = await sendDrawnCertificate(
      db,
      submission.id,
      drawing.certificate.id,
      {
        email: submission.email,
        firstName: submission.first_name,
        // Never the visitor's email: a certificate's holder is told the business's name only.
        businessName: submission.business_name ?? "our client",
        language,
      },
      {
        operatorId: operator.id,
        siteUrl: services.env.SITE_URL,
        agency: getAgency(context),
        perHour: services.env.MAIL_PER_RECIPIENT_PER_HOUR,
        limits: agencyMailLimits(services.env),
      },
    );
    if (sent.outcome !== "issued") {
      return data<DeskFormReply>(
        {
          formId: "send",
          typed: {},
          fields: {},
          problem:
            sent.outcome === "wrong-type"
              ? documentMessages().notPdf
              : certificateDeskMessages.notFound,
        },
        { status: 409 },
      );
    }
    await queueLeadEvent(services, "certificate.issued", submission.id, {
      certificate: {
        reference: sent.reference,
        holderName: sent.holderName,
        emailedToHolder: sent.holderEmailed === true,
      },
    });
    const emailed = sent.visitorEmailed ? "" : `&notsent=${sent.visitorHeld ?? "limit"}`;
    return redirect(`/admin/submissions/${submission.id}/quotes?saved${emailed}#certificates`);
  }
  const parsed = parseForm(form, certificateDraftSchema());
  if (parsed.status !== "success") {
    return data<DeskFormReply>(
      {
        formId: "draw",
        typed: parseForm(form, anyForm).payload,
        fields: parsed.error ?? {},
        problem: "Please correct the fields marked below.",
      },
      { status: 400 },
    );
  }
  const contents = certificateContents({
    reference: drawing.certificate.reference,
    issuedOn: today,
    agency: getAgency(context),
    insured: drawing.insured,
    holder: drawing.certificate.holder,
    policies: drawing.policies,
    lineName,
    draft: parsed.value,
  });
  const kept = await saveCertificateDraft(
    db,
    submission.id,
    drawing.certificate.id,
    contents,
    operator.id,
  );
  if (!kept) throw data(null, { status: 404 });
  return redirect(`${here}#preview`);
}

/** What the draft typed before, or the value kept in the drawn certificate, or the default. */
function startingValue(
  reply: DeskFormReply | undefined,
  name: string,
  kept: string | null | undefined,
  fallback = "",
): string {
  const typed = reply?.typed[name];
  if (typeof typed === "string") return typed;
  return kept ?? fallback;
}

export default function CertificateDraw({ loaderData, actionData }: Route.ComponentProps) {
  const { certificate, contents, insurers } = loaderData;
  const reply = actionData?.formId === "draw" ? actionData : undefined;
  const kept = (name: string): string | undefined => {
    if (!contents) return undefined;
    const insurer = insurers.find((entry) => name === `naic${entry.letter}`);
    if (insurer) {
      return contents.insurers.find((entry) => entry.letter === insurer.letter)?.naic ?? undefined;
    }
    if (name === "description") return contents.description;
    if (name === "additionalInsuredForm")
      return contents.endorsementForms.additionalInsured ?? undefined;
    if (name === "waiverForm") return contents.endorsementForms.waiverOfSubrogation ?? undefined;
    const label = ENTERED_LIMITS.find((entry) => entry.id === name)?.label;
    for (const coverage of contents.coverages) {
      const found = coverage.limits.find((limit) => limit.label === label);
      if (found?.amount) return found.amount;
    }
    return undefined;
  };
  const text = (name: string, label: string, maxLength: number, fallback = "") => {
    const messages = reply?.fields[name];
    const invalid = Boolean(messages && messages.length > 0);
    return (
      <div key={name}>
        <label htmlFor={`draw-${name}`} className="block text-sm font-medium text-ink">
          {label}
        </label>
        <input
          id={`draw-${name}`}
          name={name}
          type="text"
          maxLength={maxLength}
          defaultValue={startingValue(reply, name, kept(name), fallback)}
          aria-invalid={invalid ? true : undefined}
          aria-describedby={invalid ? `draw-${name}-error` : undefined}
          className={adminControlClasses}
        />
        <FieldMessage id={`draw-${name}-error`} messages={messages} />
      </div>
    );
  };
  const tick = (name: "additionalInsured" | "waiverOfSubrogation", label: string) => {
    const typed = reply?.typed[name];
    const checked = reply
      ? typed === "on"
      : contents
        ? name === "additionalInsured"
          ? contents.endorsementForms.additionalInsured !== null
          : contents.endorsementForms.waiverOfSubrogation !== null
        : certificate.endorsements[name];
    return (
      <div className="flex items-center gap-2">
        <input
          id={`draw-${name}`}
          name={name}
          type="checkbox"
          defaultChecked={checked}
          className="size-5"
        />
        <label htmlFor={`draw-${name}`} className="text-ink">
          {label}
        </label>
      </div>
    );
  };
  const descriptionMessages = reply?.fields.description;
  const descriptionInvalid = Boolean(descriptionMessages && descriptionMessages.length > 0);
  return (
    <>
      <AdminPageHeading title={`Certificate ${certificate.reference}`}>
        For {certificate.holder.name}, on the policy of {loaderData.leadName}. The site draws it in
        the certificate-of-liability layout from the policy record; enter what the record lacks,
        review the preview, then send it.{" "}
        <a href={loaderData.holdersPath} className="font-semibold text-brand-700 underline">
          This customer&apos;s certificate holders
        </a>
      </AdminPageHeading>
      {certificate.status === "issued" ? (
        <SavedNotice>
          This certificate has been issued: see the customer&apos;s holders.
        </SavedNotice>
      ) : (
        <form method="post" noValidate className="mt-6 max-w-3xl space-y-4">
          <FormProblem problem={reply?.problem} />
          <fieldset className="space-y-3">
            <legend className="font-semibold text-ink">Insurers&apos; NAIC numbers</legend>
            {insurers.map((insurer) =>
              text(`naic${insurer.letter}`, `Insurer ${insurer.letter}: ${insurer.name}`, 5),
            )}
          </fieldset>
          <div>
            <label htmlFor="draw-description" className="block text-sm font-medium text-ink">
              Description of operations
            </label>
            <textarea
              id="draw-description"
              name="description"
              rows={4}
              maxLength={DESCRIPTION_MAX_LENGTH}
              defaultValue={startingValue(
                reply,
                "description",
                kept("description"),
                certificate.operationsWanted ?? certificate.job,
              )}
              aria-invalid={descriptionInvalid ? true : undefined}
              aria-describedby={descriptionInvalid ? "draw-description-error" : undefined}
              className={adminControlClasses}
            />
            <FieldMessage id="draw-description-error" messages={descriptionMessages} />
          </div>
          <fieldset className="space-y-3">
            <legend className="font-semibold text-ink">Endorsements</legend>
            {tick("additionalInsured", "The holder is an additional insured")}
            {text(
              "additionalInsuredForm",
              "Additional insured endorsement form",
              FORM_NAME_MAX_LENGTH,
            )}
            {tick("waiverOfSubrogation", "Waiver of subrogation in the holder's favour")}
            {text("waiverForm", "Waiver of subrogation endorsement form", FORM_NAME_MAX_LENGTH)}
          </fieldset>
          <fieldset className="space-y-3">
            <legend className="font-semibold text-ink">
              Limits the quote does not give (as the policy states them)
            </legend>
            {ENTERED_LIMITS.map((entry) => text(entry.id, entry.label, LIMIT_TEXT_MAX_LENGTH))}
          </fieldset>
          <button type="submit" name="intent" value="preview" className={buttonClasses()}>
            Draw the preview
          </button>
        </form>
      )}
      {contents ? (
        <>
          <CertificatePreview contents={contents} pdfPath={loaderData.pdfPath} />
          <form method="post" className="mt-6">
            <FormProblem problem={actionData?.formId === "send" ? actionData.problem : undefined} />
            <button type="submit" name="intent" value="send" className={buttonClasses()}>
              {certificate.holder.email
                ? "Send it to the customer and the holder"
                : "Send it to the customer"}
            </button>
          </form>
        </>
      ) : null}
    </>
  );
}
