import { data } from "react-router";

import {
  AdminPageHeading,
  adminMeta,
  DateTime,
  EmailLink,
  StatusBadge,
} from "#app/components/admin/admin-ui.tsx";
import { industryLabel } from "#app/domain/lead-desk.ts";
import { formatUsPhone } from "#app/domain/phone.ts";
import { getOperator } from "#app/server/admin-auth.server.ts";
import { getSubmission, submissionStatus } from "#app/server/leads.server.ts";
import { getServices } from "#app/server/services.server.ts";

import type { Route } from "./+types/submission";

export const meta: Route.MetaFunction = () => adminMeta("Submission");

/** One submission, every field, and the evidence of consent to texts. */
export async function loader({ context, params }: Route.LoaderArgs) {
  getOperator(context);
  const row = await getSubmission(getServices(context).database.db, params.id);
  if (!row) throw data(null, { status: 404 });
  return { submission: row, complete: submissionStatus(row) === "complete" };
}

function NotGiven() {
  return <span className="text-muted">Not given</span>;
}

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="grid gap-1 px-4 py-3 sm:grid-cols-3 sm:gap-4">
      <dt className="font-medium text-muted">{label}</dt>
      <dd className="break-words text-ink sm:col-span-2">{children}</dd>
    </div>
  );
}

function text(value: string | null) {
  return value === null || value === "" ? <NotGiven /> : value;
}

function Section({
  id,
  title,
  children,
}: {
  id: string;
  title: string;
  children: React.ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="mt-8">
      <h2 id={id} className="text-lg font-semibold text-ink">
        {title}
      </h2>
      <dl className="mt-3 divide-y divide-line rounded-xl border border-line bg-white">
        {children}
      </dl>
    </section>
  );
}

export default function Submission({ loaderData }: Route.ComponentProps) {
  const { submission: row, complete } = loaderData;
  return (
    <>
      <p>
        <a href="/admin" className="text-sm font-semibold text-brand-700 underline">
          Back to submissions
        </a>
      </p>
      <div className="mt-4">
        <AdminPageHeading title={row.business_name ?? row.email}>
          <StatusBadge complete={complete} />
        </AdminPageHeading>
      </div>

      <Section id="record-title" title="Record">
        <Field label="Id">
          <code className="text-sm">{row.id}</code>
        </Field>
        <Field label="Received">
          <DateTime value={row.created_at} />
        </Field>
        <Field label="Last changed">
          <DateTime value={row.updated_at} />
        </Field>
      </Section>

      <Section id="business-title" title="Business">
        <Field label="Industry">{industryLabel(row.industry)}</Field>
        <Field label="State">{row.state}</Field>
        <Field label="Segments">
          {row.segments.length === 0 ? (
            <NotGiven />
          ) : (
            <ul className="list-inside list-disc">
              {row.segments.map((segment) => (
                <li key={segment}>{segment}</li>
              ))}
            </ul>
          )}
        </Field>
        <Field label="Business name">{text(row.business_name)}</Field>
        <Field label="Legal business name">{text(row.legal_business_name)}</Field>
        <Field label="Primary location">{text(row.primary_location)}</Field>
        <Field label="Mailing address same as primary location">{text(row.same_address)}</Field>
        <Field label="Mailing address">{text(row.mailing_address)}</Field>
        <Field label="Ownership structure">{text(row.ownership_structure)}</Field>
        <Field label="Year started">{text(row.start_year)}</Field>
      </Section>

      <Section id="contact-title" title="Contact">
        <Field label="Email">
          <EmailLink address={row.email} />
        </Field>
        <Field label="First name">{text(row.first_name)}</Field>
        <Field label="Last name">{text(row.last_name)}</Field>
        <Field label="Phone number">
          {row.phone_number ? (
            <a href={`tel:${row.phone_number}`} className="text-brand-700 underline">
              {formatUsPhone(row.phone_number)}
            </a>
          ) : (
            <NotGiven />
          )}
        </Field>
      </Section>

      <Section id="consent-title" title="Consent to texts">
        <Field label="Agreed to texts">
          {row.consent_to_texts === null ? <NotGiven /> : row.consent_to_texts ? "Yes" : "No"}
        </Field>
        <Field label="Agreed at">
          {row.consent_given_at ? <DateTime value={row.consent_given_at} /> : <NotGiven />}
        </Field>
        <Field label="Words agreed to">
          {row.consent_text ? (
            <blockquote className="border-l-4 border-line pl-3 whitespace-pre-line">
              {row.consent_text}
            </blockquote>
          ) : (
            <NotGiven />
          )}
        </Field>
      </Section>
    </>
  );
}
