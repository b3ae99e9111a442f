import { data, redirect } from "react-router";

import { NoBoundPolicy, ProvenOnlyNotice } from "#app/components/wizard/proven-only.tsx";
import {
  RefusableField,
  RefusableFormEnd,
  refusedFields,
  type FormRefusal,
} from "#app/components/wizard/refused-form.tsx";
import * as ui from "#app/components/wizard/step-screen.ts";
import { POLICY_PATH } from "#app/domain/quote/bind-requests.ts";
import {
  ADDITIONAL_INSURED_OPERATIONS,
  CERTIFICATE_ENDORSEMENTS,
  CERTIFICATE_JOB_MAX_LENGTH,
  CERTIFICATE_LIMITS_MAX_LENGTH,
  CERTIFICATE_OPERATIONS_MAX_LENGTH,
  CERTIFICATE_NEEDED_MAX_DAYS,
  CERTIFICATE_REQUEST_PATH,
  certificateFormSchema,
  certificateMessages,
  HOLDER_ADDRESS_MAX_LENGTH,
  HOLDER_NAME_MAX_LENGTH,
} from "#app/domain/quote/certificates.ts";
import { addDays } from "#app/domain/values/days.ts";
import { EMAIL_MAX_LENGTH } from "#app/domain/values/fields.ts";
import { anyForm, parseForm } from "#app/domain/values/form-submission.ts";
import { dayIn } from "#app/domain/values/time-zones.ts";
import { neededByAhead } from "#app/domain/quote/contract-requirements.ts";
import { linkPath } from "#app/domain/site/site-pages.ts";
import { confirmedPath } from "#app/domain/wizard/wizard-screens.ts";
import { useLocale } from "#app/hooks/use-locale.ts";
import { m } from "#app/paraglide/messages.js";
import { getAgency } from "#app/server/http/agency-settings.server.ts";
import { requestLocale } from "#app/server/http/site-languages.server.ts";
import { latestBoundPolicy } from "#app/server/leads/bind-store.server.ts";
import { previousHolders } from "#app/server/leads/certificate-store.server.ts";
import { currentContractRequirements } from "#app/server/wizard/contract-store.server.ts";
import { getServices } from "#app/server/services.server.ts";
import { askForCertificate } from "#app/server/wizard/visitor-certificates.server.ts";
import { provenApplication } from "#app/server/wizard/proven-visitor.server.ts";

import type { Route } from "./+types/certificate";

export const meta: Route.MetaFunction = (args) => ui.localizedWizardMeta(args, m.certificate_title);

/** `?from=contract`: the form starts from the contract described on the plan page. */
const FROM_PARAM = "from";
const FROM_CONTRACT = "contract";

/** The bound policy of this browser's proven application, or why there is none to certify. */
async function boundPolicy(context: Route.LoaderArgs["context"], request: Request) {
  const services = getServices(context);
  const proven = await provenApplication(services, request);
  if (!proven) return { state: "not-proven" as const };
  const { submission } = proven;
  const bound = await latestBoundPolicy(services.database.db, submission.id);
  if (!bound) return { state: "not-bound" as const };
  const { bind } = bound;
  const today = dayIn(new Date(), services.env.AGENCY_TIME_ZONE);
  return { state: "bound" as const, services, submission, bind, today };
}

export async function loader({ request, context, url }: Route.LoaderArgs) {
  const agency = getAgency(context);
  const found = await boundPolicy(context, request);
  if (found.state === "not-proven") return { state: "not-proven" as const, phone: agency.phone };
  if (found.state === "not-bound") return { state: "not-bound" as const, phone: agency.phone };
  const { db } = found.services.database;
  const [holders, contract] = await Promise.all([
    previousHolders(db, found.submission.id),
    currentContractRequirements(db, found.submission.id),
  ]);
  // A holder named before, chosen by its place in the list (?holder=1): the form starts with it.
  const chosen = Number(url.searchParams.get("holder"));
  const holder = Number.isInteger(chosen) && chosen >= 1 ? holders[chosen - 1] : undefined;
  // Or the contract the visitor described on the plan page (decision 048): its party, its
  // endorsements and, if still ahead, its day.
  const fromContract = contract && url.searchParams.get(FROM_PARAM) === FROM_CONTRACT;
  return {
    state: "bound" as const,
    phone: agency.phone,
    insurer: found.bind.quoteSeen.insurer,
    policyNumber: found.bind.policy.number,
    holders,
    holder: holder ?? null,
    contractParty: contract?.party ?? null,
    start: fromContract
      ? {
          name: contract.party,
          endorsements: contract.endorsements,
          neededBy: neededByAhead(contract, found.today),
        }
      : null,
    today: found.today,
    lastDay: addDays(found.today, CERTIFICATE_NEEDED_MAX_DAYS),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const found = await boundPolicy(context, request);
  if (found.state === "not-proven") throw data(null, { status: 403 });
  const locale = requestLocale(request);
  const messages = certificateMessages(locale);
  const form = await request.formData();
  const typed = parseForm(form, anyForm).payload;
  if (found.state === "not-bound") {
    return data<FormRefusal>({ fields: {}, typed, problem: messages.notBound }, { status: 409 });
  }
  const { services, submission, today } = found;
  const parsed = parseForm(form, certificateFormSchema(today, locale));
  if (parsed.status !== "success") {
    return data<FormRefusal>({ fields: parsed.error ?? {}, typed }, { status: 400 });
  }
  const asked = await askForCertificate(services, submission.id, parsed.value);
  if (asked.outcome !== "requested") {
    const problem = asked.outcome === "too-many" ? messages.tooMany : messages.notBound;
    return data<FormRefusal>({ fields: {}, typed, problem }, { status: 409 });
  }
  return redirect(
    linkPath(
      confirmedPath(`${POLICY_PATH}?certificate-requested=${encodeURIComponent(asked.reference)}`),
      locale,
    ),
  );
}

export default function Certificate({ loaderData, actionData }: Route.ComponentProps) {
  const locale = useLocale();
  const words = { locale };
  const title = m.certificate_title({}, words);
  if (loaderData.state === "not-proven") {
    return (
      <ProvenOnlyNotice
        step="policy"
        title={title}
        held={m.proven_only_certificate({}, words)}
        phone={loaderData.phone}
      />
    );
  }
  if (loaderData.state === "not-bound") {
    return (
      <NoBoundPolicy
        title={title}
        message={certificateMessages(locale).notBound}
        phone={loaderData.phone}
      />
    );
  }
  const refusal = actionData;
  const fromContract = loaderData.start;
  const start = loaderData.holder ?? (fromContract ? { name: fromContract.name } : undefined);
  const refused = refusedFields(refusal);
  return (
    <ui.StepFrame
      step="policy"
      title={title}
      intro={
        <p>
          {m.certificate_intro(
            { insurer: loaderData.insurer, number: loaderData.policyNumber },
            words,
          )}
        </p>
      }
    >
      {loaderData.contractParty ? (
        <p className="mb-6 text-ink">
          <a
            href={linkPath(`${CERTIFICATE_REQUEST_PATH}?${FROM_PARAM}=${FROM_CONTRACT}`, locale)}
            className="font-semibold text-brand-700 underline"
          >
            {m.certificate_use_contract({ party: loaderData.contractParty }, words)}
          </a>{" "}
          <span className="text-muted">{m.certificate_use_contract_note({}, words)}</span>
        </p>
      ) : null}
      {loaderData.holders.length > 0 ? (
        <section aria-labelledby="holders-heading" className="mb-8">
          <h2 id="holders-heading" className="text-lg font-semibold text-ink">
            {m.certificate_holders_heading({}, words)}
          </h2>
          <ul className="mt-2 space-y-2">
            {loaderData.holders.map((holder, index) => (
              <li key={`${holder.name}-${holder.address}-${holder.email ?? ""}`}>
                <a
                  href={linkPath(`${CERTIFICATE_REQUEST_PATH}?holder=${index + 1}`, locale)}
                  className="font-semibold text-brand-700 underline"
                >
                  {m.certificate_use_holder({ holder: holder.name }, words)}
                </a>{" "}
                <span className="text-muted">({holder.address.split("\n").join(", ")})</span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <form method="post" className="grid gap-6" noValidate>
        <RefusableField
          refused={refused}
          name="holderName"
          label={m.certificate_field_holder_name({}, words)}
          type="text"
          required
          autoComplete="off"
          maxLength={HOLDER_NAME_MAX_LENGTH}
          defaultValue={refused.typedText("holderName", start?.name)}
        />
        <RefusableField
          refused={refused}
          name="holderAddress"
          label={m.certificate_field_holder_address({}, words)}
          required
          rows={3}
          autoComplete="off"
          maxLength={HOLDER_ADDRESS_MAX_LENGTH}
          defaultValue={refused.typedText("holderAddress", loaderData.holder?.address)}
        />
        <RefusableField
          refused={refused}
          name="holderEmail"
          label={m.certificate_field_holder_email({}, words)}
          hint={m.certificate_holder_email_hint({}, words)}
          type="email"
          autoComplete="off"
          maxLength={EMAIL_MAX_LENGTH}
          defaultValue={refused.typedText("holderEmail", loaderData.holder?.email ?? "")}
        />
        <fieldset aria-describedby="endorsements-note">
          <legend className="font-semibold text-ink">
            {m.certificate_field_endorsements({}, words)}
          </legend>
          <p id="endorsements-note" className="mt-1 text-sm text-muted">
            {m.endorsements_note({}, words)}
          </p>
          {CERTIFICATE_ENDORSEMENTS.map((endorsement) => (
            <label key={endorsement.id} className="mt-3 flex items-start gap-3 text-ink">
              <input
                type="checkbox"
                name={endorsement.id}
                defaultChecked={
                  refusal
                    ? refusal.typed[endorsement.id] === "on"
                    : (fromContract?.endorsements[endorsement.id] ?? false)
                }
                className="mt-1 size-5 shrink-0"
              />
              <span>{endorsement.term({}, words)}</span>
            </label>
          ))}
        </fieldset>
        <RefusableField
          refused={refused}
          name="job"
          label={m.certificate_field_job({}, words)}
          required
          rows={2}
          maxLength={CERTIFICATE_JOB_MAX_LENGTH}
          defaultValue={refused.typedText("job")}
        />
        <RefusableField
          refused={refused}
          name="operationsWanted"
          label={m.certificate_field_operations({}, words)}
          hint={m.certificate_operations_hint({}, words)}
          rows={3}
          maxLength={CERTIFICATE_OPERATIONS_MAX_LENGTH}
          defaultValue={refused.typedText("operationsWanted")}
        />
        <RefusableField
          refused={refused}
          name="limitsRequired"
          label={m.certificate_field_limits_required({}, words)}
          hint={m.certificate_limits_hint({}, words)}
          rows={2}
          maxLength={CERTIFICATE_LIMITS_MAX_LENGTH}
          defaultValue={refused.typedText("limitsRequired")}
        />
        <fieldset aria-describedby="ai-operations-note">
          <legend className="font-semibold text-ink">
            {m.certificate_field_ai_operations({}, words)}
          </legend>
          <p id="ai-operations-note" className="mt-1 text-sm text-muted">
            {m.certificate_ai_operations_note({}, words)}
          </p>
          {refusal?.fields.additionalInsuredOperations ? (
            <p className="mt-1 text-sm font-medium text-danger-700">
              {refusal.fields.additionalInsuredOperations.join(" ")}
            </p>
          ) : null}
          {ADDITIONAL_INSURED_OPERATIONS.map((operations) => (
            <label key={operations.id} className="mt-3 flex items-start gap-3 text-ink">
              <input
                type="radio"
                name="additionalInsuredOperations"
                value={operations.id}
                defaultChecked={refusal?.typed.additionalInsuredOperations === operations.id}
                className="mt-1 size-5 shrink-0"
              />
              <span>{operations.term({}, words)}</span>
            </label>
          ))}
        </fieldset>
        <RefusableField
          refused={refused}
          name="neededBy"
          label={m.certificate_field_needed_by({}, words)}
          type="date"
          required
          min={loaderData.today}
          max={loaderData.lastDay}
          defaultValue={refused.typedText("neededBy", fromContract?.neededBy)}
        />
        <RefusableFormEnd refusal={refusal} submit={m.certificate_submit({}, words)} />
      </form>
      <a
        href={linkPath(POLICY_PATH, locale)}
        className="mt-6 inline-block font-semibold text-brand-700 underline"
      >
        {m.back_to_policy({}, words)}
      </a>
    </ui.StepFrame>
  );
}
