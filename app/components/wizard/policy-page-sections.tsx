import { slot, withSlots } from "#app/components/ui/message-slots.tsx";
import { refusedFields, type FormRefusal } from "#app/components/wizard/refused-form.tsx";
import { CERTIFICATE_REQUEST_PATH } from "#app/domain/quote/certificates.ts";
import {
  CHANGE_REQUEST_DETAILS_MAX_LENGTH,
  CHANGE_REQUEST_KINDS,
  changeRequestKindText,
} from "#app/domain/quote/policy-changes.ts";
import { RENEWAL_REQUEST_PATH } from "#app/domain/quote/renewals.ts";
import { linkPath } from "#app/domain/site/site-pages.ts";
import { useLocale } from "#app/hooks/use-locale.ts";
import { m } from "#app/paraglide/messages.js";

/**
 * The parts of "Your policy" (routes/wizard/policy.tsx): the policy's rows, the changes the desk
 * chose to show, its documents, its renewal, its certificates and the customer's change requests.
 */

/** The policy's (or the binder's) facts, one row each. */
export function PolicyRows({ rows }: { rows: readonly (readonly [string, string])[] }) {
  return (
    <dl className="divide-y divide-slate-200">
      {rows.map(([label, value]) => (
        <div key={label} className="grid gap-1 py-2 sm:grid-cols-3">
          <dt className="font-semibold text-ink">{label}</dt>
          <dd className="text-ink sm:col-span-2">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The changes and notices the desk chose to show, in plain words; nothing without one. */
export function PolicyChanges({
  changes,
}: {
  changes: readonly { id: string; heading: string; text: string }[];
}) {
  const words = { locale: useLocale() };
  if (changes.length === 0) return null;
  return (
    <section aria-labelledby="changes-heading" className="mt-8">
      <h2 id="changes-heading" className="text-lg font-semibold text-ink">
        {m.policy_changes_heading({}, words)}
      </h2>
      <ul className="mt-2 space-y-4">
        {changes.map((change) => (
          <li key={change.id} className="text-ink">
            <h3 className="font-semibold">{change.heading}</h3>
            <p className="mt-1">{change.text}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** A document of a policy, to download with its size. */
interface PolicyDocument {
  id: string;
  href: string;
  fileName: string;
  size: string;
}

/**
 * Every policy the customer holds with the agency (issue 56: lines bound by different insurers,
 * at different times), each with its lines, insurer, number or binder, dates and documents;
 * nothing while there is only one (the page is that policy's).
 */
export function CustomerPolicies({
  policies,
}: {
  policies: readonly {
    id: string;
    heading: string;
    standing: string;
    documents: readonly PolicyDocument[];
  }[];
}) {
  const words = { locale: useLocale() };
  if (policies.length === 0) return null;
  return (
    <section aria-labelledby="policies-heading" className="mb-8">
      <h2 id="policies-heading" className="text-lg font-semibold text-ink">
        {m.policy_all_heading({}, words)}
      </h2>
      <p className="mt-1 text-ink">{m.policy_all_intro({}, words)}</p>
      <ul className="mt-2 space-y-4">
        {policies.map((policy) => (
          <li key={policy.id} className="rounded-xl border border-slate-200 p-4 text-ink">
            <h3 className="font-semibold">{policy.heading}</h3>
            <p className="mt-1">{policy.standing}</p>
            {policy.documents.length > 0 ? (
              <ul className="mt-1 space-y-1">
                {policy.documents.map((document) => (
                  <li key={document.id}>
                    <DocumentLink document={document} />
                  </li>
                ))}
              </ul>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** A policy document to download, with its size. */
function DocumentLink({ document }: { document: PolicyDocument }) {
  const words = { locale: useLocale() };
  return (
    <>
      <a href={document.href} download className="font-semibold text-brand-700 underline">
        {document.fileName}
      </a>{" "}
      <span className="text-muted">{m.policy_document_size({ size: document.size }, words)}</span>
    </>
  );
}

/** The policy's documents, each to download with its size. */
export function PolicyDocuments({ documents }: { documents: readonly PolicyDocument[] }) {
  const words = { locale: useLocale() };
  return (
    <>
      <h2 className="mt-8 text-lg font-semibold text-ink">
        {m.policy_documents_heading({}, words)}
      </h2>
      {documents.length === 0 ? (
        <p className="mt-2 text-ink">{m.policy_documents_none({}, words)}</p>
      ) : (
        <ul className="mt-2 space-y-2">
          {documents.map((document) => (
            <li key={document.id} className="text-ink">
              <DocumentLink document={document} />
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

/** The renewal: asked for (its request's reference), or offered with the day the policy ends. */
export function PolicyRenewal({
  renewal,
}: {
  renewal: { state: "requested"; reference: string } | { state: "offered"; ends: string };
}) {
  const locale = useLocale();
  const words = { locale };
  return (
    <section aria-labelledby="renewal-heading" className="mt-8">
      <h2 id="renewal-heading" className="text-lg font-semibold text-ink">
        {m.policy_renewal_heading({}, words)}
      </h2>
      <p className="mt-2 text-ink">
        {renewal.state === "requested"
          ? m.policy_renewal_requested({ reference: renewal.reference }, words)
          : m.policy_renewal_offered({ day: renewal.ends }, words)}
      </p>
      <a
        href={linkPath(RENEWAL_REQUEST_PATH, locale)}
        className="mt-3 inline-block font-semibold text-brand-700 underline"
      >
        {renewal.state === "requested"
          ? m.policy_renewal_update_link({}, words)
          : m.policy_renewal_link({}, words)}
      </a>
    </section>
  );
}

/** The certificates asked for, each to download once drawn, and the link to ask for one. */
export function PolicyCertificates({
  certificates,
}: {
  certificates: readonly {
    id: string;
    reference: string;
    holder: string;
    asks: string;
    neededBy: string;
    download: { href: string; fileName: string } | null;
  }[];
}) {
  const locale = useLocale();
  const words = { locale };
  return (
    <section aria-labelledby="certificates-heading" className="mt-8">
      <h2 id="certificates-heading" className="text-lg font-semibold text-ink">
        {m.policy_certificates_heading({}, words)}
      </h2>
      <p className="mt-2 text-ink">{m.policy_certificates_intro({}, words)}</p>
      {certificates.length > 0 ? (
        <ul className="mt-3 space-y-2">
          {certificates.map((certificate) => (
            <li key={certificate.id} className="text-ink">
              {withSlots(
                m.policy_certificate_for(
                  {
                    reference: slot("reference"),
                    holder: certificate.holder,
                    asks: certificate.asks,
                  },
                  words,
                ),
                {
                  reference: <span className="font-semibold">{certificate.reference}</span>,
                },
              )}{" "}
              {certificate.download ? (
                <a
                  href={certificate.download.href}
                  download
                  className="font-semibold text-brand-700 underline"
                >
                  {certificate.download.fileName}
                </a>
              ) : (
                m.policy_certificate_preparing({ day: certificate.neededBy }, words)
              )}
            </li>
          ))}
        </ul>
      ) : null}
      <a
        href={linkPath(CERTIFICATE_REQUEST_PATH, locale)}
        className="mt-4 inline-block font-semibold text-brand-700 underline"
      >
        {m.policy_certificate_link({}, words)}
      </a>
    </section>
  );
}

/** "Ask for a change": the customer's requests so far, and the form (a plain post). */
export function ChangeRequestForm({
  requests,
  refusal,
  locale,
}: {
  requests: { id: string; text: string }[];
  refusal: FormRefusal | undefined;
  locale: ReturnType<typeof useLocale>;
}) {
  const words = { locale };
  const { typedText, invalid, describedBy, message } = refusedFields(refusal);
  const input = "mt-1 block w-full rounded-lg border border-slate-400 p-3 text-ink";
  return (
    <section aria-labelledby="change-request-heading" className="mt-8">
      <h2 id="change-request-heading" className="text-lg font-semibold text-ink">
        {m.policy_change_request_heading({}, words)}
      </h2>
      <p className="mt-2 text-ink">{m.policy_change_request_intro({}, words)}</p>
      {requests.length > 0 ? (
        <>
          <h3 className="mt-4 font-semibold text-ink">
            {m.policy_change_requests_heading({}, words)}
          </h3>
          <ul className="mt-2 space-y-1">
            {requests.map((asked) => (
              <li key={asked.id} className="text-ink">
                {asked.text}
              </li>
            ))}
          </ul>
        </>
      ) : null}
      <form method="post" className="mt-4 grid gap-6" noValidate>
        <fieldset aria-describedby={describedBy("kind")}>
          <legend className="font-semibold text-ink">
            {m.change_request_field_kind({}, words)}
          </legend>
          {CHANGE_REQUEST_KINDS.map((kind) => (
            <label key={kind} className="mt-2 flex items-center gap-3 text-ink">
              <input
                type="radio"
                name="kind"
                value={kind}
                defaultChecked={typedText("kind") === kind}
                className="size-5 shrink-0"
              />
              <span>{changeRequestKindText(kind, locale)}</span>
            </label>
          ))}
          {message("kind")}
        </fieldset>
        <div>
          <label htmlFor="change-details" className="block font-semibold text-ink">
            {m.change_request_field_details({}, words)}
          </label>
          <p id="change-details-hint" className="mt-1 text-sm text-muted">
            {m.change_request_details_hint({}, words)}
          </p>
          <textarea
            id="change-details"
            name="details"
            required
            rows={4}
            maxLength={CHANGE_REQUEST_DETAILS_MAX_LENGTH}
            defaultValue={typedText("details")}
            aria-invalid={invalid("details") ? true : undefined}
            aria-describedby={describedBy("details", "change-details-hint")}
            className={input}
          />
          {message("details")}
        </div>
        {refusal?.problem ? (
          <p role="alert" className="text-sm font-medium text-red-800">
            {refusal.problem}
          </p>
        ) : null}
        <div>
          <button
            type="submit"
            className="rounded-lg bg-brand-700 px-6 py-3 font-semibold text-white hover:bg-brand-800"
          >
            {m.change_request_submit({}, words)}
          </button>
        </div>
      </form>
    </section>
  );
}
